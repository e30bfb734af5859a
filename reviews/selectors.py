"""Reads for the review queue and the review page: querysets and the page's view of a review."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from django.db.models import Count, Prefetch, QuerySet
from django.urls import NoReverseMatch, reverse

from hallucination.engine.types import LAYER_CONSISTENCY, LAYER_DERIVATION, LAYER_EXTERNAL
from hallucination.models import Claim, Source, Verdict

from .models import ClaimDecision, Review

# Characters of source text shown either side of the nearest value.
SOURCE_CONTEXT_CHARS = 600


def review_queue() -> QuerySet[Review]:
    """Every review with what a queue row shows, in two queries whatever the page size."""
    flagged_claims = Claim.objects.filter(grounded=False).only(
        "id", "query_id", "outcome", "text", "position"
    )
    return Review.objects.select_related("query", "assignee", "decided_by").prefetch_related(
        Prefetch("query__claims", queryset=flagged_claims, to_attr="flagged_claims")
    )


def review_status_counts(queryset: QuerySet[Review]) -> dict[str, int]:
    """How many reviews of the queryset are in each status (zero included), in one query."""
    counts = {status: 0 for status in Review.Status.values}
    rows = queryset.order_by().values("status").annotate(total=Count("id"))
    for row in rows:
        counts[row["status"]] = row["total"]
    return counts


def trace_url(trace_id: str) -> str:
    """The audit trail's timeline of one trace (/audit/traces/<trace_id>/)."""
    try:
        return reverse("audit:trace-detail", kwargs={"trace_id": trace_id})
    except NoReverseMatch:
        return f"/audit/traces/{quote(trace_id, safe='')}/"


@dataclass
class ClaimRow:
    """One claim as the review page shows it: its verdict trail and the reviewer's label."""

    number: int
    claim: Claim
    verdicts: list[Verdict]
    label: str = ""

    @property
    def latest(self) -> Verdict | None:
        return self.verdicts[-1] if self.verdicts else None

    @property
    def nearest(self) -> Verdict | None:
        """The latest verdict naming a nearest value in the query's own sources.

        External checks name values found elsewhere; they are shown on their own.
        """
        for verdict in reversed(self.verdicts):
            if verdict.layer == LAYER_EXTERNAL:
                continue
            if verdict.nearest_value is not None or verdict.nearest_text:
                return verdict
        return None

    @property
    def recomputations(self) -> list[Verdict]:
        """Verdicts that recomputed the claim from source values (a formula, an expected value)."""
        return [
            v
            for v in self.verdicts
            if v.formula or (v.layer == LAYER_DERIVATION and v.expected_value is not None)
        ]

    @property
    def external_checks(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.layer == LAYER_EXTERNAL]

    @property
    def consistency(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.layer == LAYER_CONSISTENCY]

    @property
    def suggested_label(self) -> str:
        """A grounded claim is most likely correct; a flagged one must be labelled by hand."""
        if not self.claim.grounded:
            return ""
        if self.claim.outcome in ("derived", "calculated"):
            return ClaimDecision.Label.DERIVED_CORRECT
        return ClaimDecision.Label.CORRECT


@dataclass
class SourceExcerpt:
    """The nearest value in its source, cut to a window around it."""

    source: Source
    before: str
    span: str
    after: str
    cut_before: bool
    cut_after: bool


@dataclass
class Evidence:
    """Everything the evidence panel shows for one claim."""

    row: ClaimRow
    excerpt: SourceExcerpt | None
    samples: list[str] = field(default_factory=list)


@dataclass
class ReviewPage:
    review: Review
    rows: list[ClaimRow]
    sources: list[Source]

    @property
    def flagged_rows(self) -> list[ClaimRow]:
        return [row for row in self.rows if not row.claim.grounded]

    def row(self, claim_id: Any) -> ClaimRow | None:
        for row in self.rows:
            if str(row.claim.pk) == str(claim_id):
                return row
        return None

    def default_row(self) -> ClaimRow | None:
        """The first flagged claim: the reason the answer is in the queue."""
        flagged = self.flagged_rows
        if flagged:
            return flagged[0]
        return self.rows[0] if self.rows else None

    def evidence(self, row: ClaimRow) -> Evidence:
        return Evidence(
            row=row,
            excerpt=self._excerpt(row.nearest),
            samples=[str(sample) for sample in (self.review.query.samples or [])],
        )

    def _excerpt(self, verdict: Verdict | None) -> SourceExcerpt | None:
        if verdict is None or not verdict.nearest_source_id:
            return None
        source = next((s for s in self.sources if s.source_id == verdict.nearest_source_id), None)
        if source is None:
            return None
        text = source.text
        start, end = verdict.nearest_start, verdict.nearest_end
        if start is None or end is None or not (0 <= start < end <= len(text)):
            # Without a usable span, fall back to the first occurrence of the nearest text.
            found = text.find(verdict.nearest_text) if verdict.nearest_text else -1
            if found < 0:
                return SourceExcerpt(source, text[: 2 * SOURCE_CONTEXT_CHARS], "", "", False, False)
            start, end = found, found + len(verdict.nearest_text)
        window_start = max(0, start - SOURCE_CONTEXT_CHARS)
        window_end = min(len(text), end + SOURCE_CONTEXT_CHARS)
        return SourceExcerpt(
            source=source,
            before=text[window_start:start],
            span=text[start:end],
            after=text[end:window_end],
            cut_before=window_start > 0,
            cut_after=window_end < len(text),
        )


def review_page(*, review_id: int) -> ReviewPage:
    """A review with its query, sources, claims, verdicts and labels, in a fixed few queries.

    Raises Review.DoesNotExist.
    """
    review = (
        Review.objects.select_related("query", "query__client", "assignee", "decided_by")
        .prefetch_related(
            Prefetch("query__sources", queryset=Source.objects.order_by("position")),
            Prefetch(
                "query__claims",
                queryset=Claim.objects.order_by("position").prefetch_related(
                    Prefetch("verdicts", queryset=Verdict.objects.order_by("created_at", "id"))
                ),
            ),
            "claim_decisions",
        )
        .get(pk=review_id)
    )
    labels = {decision.claim_id: decision.label for decision in review.claim_decisions.all()}
    rows = [
        ClaimRow(
            number=number,
            claim=claim,
            verdicts=list(claim.verdicts.all()),
            label=labels.get(claim.pk, ""),
        )
        for number, claim in enumerate(review.query.claims.all(), start=1)
    ]
    return ReviewPage(review=review, rows=rows, sources=list(review.query.sources.all()))


@dataclass
class Span:
    """A highlighted claim in the answer, with the claims nested inside it."""

    row: ClaimRow
    parts: list[str | Span]


def answer_parts(answer: str, rows: list[ClaimRow]) -> list[str | Span]:
    """Split the answer into plain text and claim spans, nesting claims inside claims.

    A quarter and its year (`Q3 2026` and `2026`) nest; a span that runs past the end of
    the one it starts in, or outside the answer, is left unhighlighted (it is still listed).
    """
    ordered = sorted(
        (row for row in rows if 0 <= row.claim.start < row.claim.end <= len(answer)),
        key=lambda row: (row.claim.start, -row.claim.end),
    )

    def build(start: int, end: int, candidates: list[ClaimRow]) -> list[str | Span]:
        parts: list[str | Span] = []
        cursor = start
        index = 0
        while index < len(candidates):
            row = candidates[index]
            claim = row.claim
            if claim.start < cursor or claim.end > end:
                index += 1
                continue
            inner = []
            index += 1
            while index < len(candidates) and candidates[index].claim.start < claim.end:
                inner.append(candidates[index])
                index += 1
            if claim.start > cursor:
                parts.append(answer[cursor : claim.start])
            parts.append(Span(row=row, parts=build(claim.start, claim.end, inner)))
            cursor = claim.end
        if cursor < end:
            parts.append(answer[cursor:end])
        return parts

    return build(0, len(answer), ordered)
