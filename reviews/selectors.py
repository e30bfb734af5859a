"""Reads for the review queue and the review page: querysets and the page's view of a review."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from functools import cached_property
from typing import Any
from urllib.parse import quote

from django.db.models import Case, Count, IntegerField, Prefetch, Q, QuerySet, Value, When
from django.urls import NoReverseMatch, reverse

from audit import events
from audit.models import AuditEvent
from hallucination.engine.scoring import FLAGGING_FINDINGS
from hallucination.engine.types import (
    APPROXIMATION,
    INCONSISTENT,
    LAYER_CONSISTENCY,
    LAYER_EXTERNAL,
)
from hallucination.models import Claim, Query, Source, Verdict

from . import figures
from .models import ClaimDecision, Review

# Characters of source text shown either side of the highlighted value.
SOURCE_CONTEXT_CHARS = 600
# Flagged outcomes that may be benign: an approximation, samples that disagree.
_MAY_BE_BENIGN = frozenset({APPROXIMATION, INCONSISTENT})
STAKES_ORDER = {"standard": 1, "high": 2, "audit": 3}

# ---------------------------------------------------------------- the queue

# Sortable queue columns: what the URL says -> the fields to order by (ascending).
QUEUE_SORTS = {
    "risk": ("risk_score",),
    "age": ("-created_at",),
    "stakes": ("stakes_rank",),
    "claims": ("query__ungrounded_count",),
    "assignee": ("assignee__username",),
}
DEFAULT_SORT = "-risk"


def queue_sort(raw: str | None) -> str:
    """The sort the URL asks for, if it names a column ("risk", "-age"); the default otherwise."""
    key = (raw or "").strip()
    return key if key.lstrip("-") in QUEUE_SORTS else DEFAULT_SORT


def review_queue(*, sort: str = DEFAULT_SORT) -> QuerySet[Review]:
    """Every review with what a queue row shows, in a fixed number of queries per page.

    `sort` is a column of QUEUE_SORTS, "-" first for descending; ties keep the queue's order
    (highest risk, then oldest).
    """
    sort = queue_sort(sort)
    descending = sort.startswith("-")
    fields = []
    for name in QUEUE_SORTS[sort.lstrip("-")]:
        flipped = name[1:] if name.startswith("-") else f"-{name}"
        fields.append(flipped if descending else name)
    claims = Claim.objects.only(
        "id", "query_id", "outcome", "text", "position", "start", "end", "grounded"
    ).order_by("position")
    return (
        Review.objects.select_related("query", "assignee", "decided_by")
        .prefetch_related(Prefetch("query__claims", queryset=claims, to_attr="page_claims"))
        .annotate(
            stakes_rank=Case(
                *(When(query__stakes=key, then=Value(rank)) for key, rank in STAKES_ORDER.items()),
                default=Value(0),
                output_field=IntegerField(),
            )
        )
        .order_by(*fields, "-risk_score", "created_at", "pk")
    )


def review_search(queryset: QuerySet[Review], text: str) -> QuerySet[Review]:
    """Reviews whose question, answer, entity or trace ID contains the text (any case)."""
    text = (text or "").strip()
    if not text:
        return queryset
    return queryset.filter(
        Q(query__question__icontains=text)
        | Q(query__answer__icontains=text)
        | Q(query__entity__icontains=text)
        | Q(query__trace_id__icontains=text)
    )


def review_status_counts(queryset: QuerySet[Review]) -> dict[str, int]:
    """How many reviews of the queryset are in each status (zero included), in one query."""
    counts = {status: 0 for status in Review.Status.values}
    rows = queryset.order_by().values("status").annotate(total=Count("id"))
    for row in rows:
        counts[row["status"]] = row["total"]
    return counts


def queue_flags(review: Review) -> list[ClaimGroup]:
    """The flagged claims of a queue row, overlapping spans counted once."""
    claims = getattr(review.query, "page_claims", None)
    if claims is None:
        claims = list(review.query.claims.all())
    rows = [ClaimRow(number=0, claim=claim, verdicts=[]) for claim in claims]
    return [group for group in claim_groups(review.query.answer, rows) if not group.grounded]


def trace_url(trace_id: str) -> str:
    """The audit trail's timeline of one trace (/audit/traces/<trace_id>/)."""
    try:
        return reverse("audit:trace-detail", kwargs={"trace_id": trace_id})
    except NoReverseMatch:
        return f"/audit/traces/{quote(trace_id, safe='')}/"


# ---------------------------------------------------------------- claims on the page


@dataclass
class ClaimRow:
    """One claim the detector stored, with its verdict trail and the reviewer's label."""

    number: int
    claim: Claim
    verdicts: list[Verdict]
    label: str = ""
    labelled_by: str = ""

    @property
    def latest(self) -> Verdict | None:
        return self.verdicts[-1] if self.verdicts else None

    @property
    def recomputations(self) -> list[Verdict]:
        """Verdicts that recomputed the claim (a formula or an expected value from one)."""
        return [v for v in self.verdicts if v.formula]

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


def _severity(row: ClaimRow) -> int:
    if row.claim.grounded:
        return 0
    return 1 if row.claim.outcome in _MAY_BE_BENIGN else 2


@dataclass
class ClaimGroup:
    """One claim as the page shows and counts it: a span of the answer and every claim the
    detector found inside or across it. "Q3 2026" and the "2026" inside it are one claim; a
    label given to it is given to each."""

    number: int
    rows: list[ClaimRow]
    start: int
    end: int
    text: str
    in_answer: bool = True
    evidence: ClaimEvidence | None = None

    @property
    def head(self) -> ClaimRow:
        return self.rows[0]

    @property
    def primary(self) -> ClaimRow:
        """The row the page explains: the most serious flag, else the outermost claim."""
        return max(self.rows, key=lambda row: (_severity(row), -self.rows.index(row)))

    @property
    def claim(self) -> Claim:
        return self.primary.claim

    @property
    def outcome(self) -> str:
        return self.primary.claim.outcome

    @property
    def grounded(self) -> bool:
        return all(row.claim.grounded for row in self.rows)

    @property
    def claim_ids(self) -> list[int]:
        return [row.claim.pk for row in self.rows]

    @property
    def key(self) -> int:
        """The id the page and its form use for the group: its outermost claim's."""
        return self.head.claim.pk

    @property
    def label(self) -> str:
        labels = {row.label for row in self.rows}
        return labels.pop() if len(labels) == 1 else ""

    @property
    def labelled_by(self) -> str:
        return self.head.labelled_by if self.label else ""

    @property
    def suggested_label(self) -> str:
        if not self.grounded:
            return ""
        return self.primary.suggested_label

    @property
    def value_text(self) -> str:
        claim = self.claim
        if claim.kind == "date":
            return claim.text
        return figures.human_value(claim.value, claim.kind, claim.unit)

    @property
    def value_raw(self) -> str:
        claim = self.claim
        return f"{figures.raw_value(claim.value)} {claim.unit}".strip()


def claim_groups(answer: str, rows: list[ClaimRow]) -> list[ClaimGroup]:
    """The answer's claims with overlapping spans merged, in reading order, numbered from 1.

    A span outside the answer (a stale offset) keeps a group of its own: it is still listed
    and labelled, just not highlighted.
    """
    inside = sorted(
        (row for row in rows if 0 <= row.claim.start < row.claim.end <= len(answer)),
        key=lambda row: (row.claim.start, -row.claim.end, row.claim.position),
    )
    outside = [row for row in rows if row not in inside]
    groups: list[ClaimGroup] = []
    for row in inside:
        last = groups[-1] if groups else None
        if last is not None and row.claim.start < last.end:
            last.rows.append(row)
            if row.claim.end > last.end:
                last.end = row.claim.end
                last.text = answer[last.start : last.end]
            continue
        groups.append(
            ClaimGroup(
                number=0,
                rows=[row],
                start=row.claim.start,
                end=row.claim.end,
                text=answer[row.claim.start : row.claim.end],
            )
        )
    for row in sorted(outside, key=lambda row: row.claim.position):
        groups.append(
            ClaimGroup(
                number=0,
                rows=[row],
                start=row.claim.start,
                end=row.claim.end,
                text=row.claim.text,
                in_answer=False,
            )
        )
    for number, group in enumerate(groups, start=1):
        group.number = number
        for row in group.rows:
            row.number = number
    return groups


def answer_parts(answer: str, groups: list[ClaimGroup]) -> list[str | ClaimGroup]:
    """The answer as plain text and claim groups, in order; together they spell the answer."""
    parts: list[str | ClaimGroup] = []
    cursor = 0
    for group in groups:
        if not group.in_answer:
            continue
        if group.start > cursor:
            parts.append(answer[cursor : group.start])
        parts.append(group)
        cursor = group.end
    if cursor < len(answer):
        parts.append(answer[cursor:])
    return parts


# ---------------------------------------------------------------- evidence


@dataclass
class SourceValue:
    """A value written in a source: where, as written, and as the page reads it."""

    source_id: str
    text: str
    start: int | None
    end: int | None
    value_raw: str = ""


@dataclass
class Operand:
    """One source value a recomputation used, and where the page found it."""

    text: str
    value: Decimal
    found: SourceValue | None
    claim_number: int | None = None


@dataclass
class Recomputation:
    formula: str
    expected_text: str
    expected_raw: str
    layer: str
    outcome: str
    operands: list[Operand]
    rechecks: list[Verdict] = field(default_factory=list)


@dataclass
class ExcerptPart:
    text: str
    role: str = ""  # "nearest", "operand" or "" for plain text


@dataclass
class Excerpt:
    source: Source
    parts: list[ExcerptPart]
    cut_before: bool
    cut_after: bool


@dataclass
class ClaimEvidence:
    """What the page shows to decide one claim, evidence first."""

    group: ClaimGroup
    nearest: SourceValue | None = None
    nearest_heading: str = ""
    nearest_note: str = ""
    recomputation: Recomputation | None = None
    excerpts: list[Excerpt] = field(default_factory=list)
    external_checks: list[Verdict] = field(default_factory=list)
    consistency: list[Verdict] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)


def _nearest_verdicts(row: ClaimRow) -> list[Verdict]:
    """The row's own-source verdicts naming a nearest value, newest first. External checks
    name values found elsewhere and are shown on their own."""
    return [
        v
        for v in reversed(row.verdicts)
        if v.layer != LAYER_EXTERNAL and (v.nearest_value is not None or v.nearest_text)
    ]


def _is_operand(verdict: Verdict, operands: list[figures.FormulaOperand]) -> bool:
    """A recomputing verdict names its first operand as nearest: that is not a nearest value."""
    return bool(
        verdict.formula
        and verdict.nearest_value is not None
        and any(operand.value == verdict.nearest_value for operand in operands)
    )


@dataclass
class SourceView:
    """A whole source with every claim's match and every operand highlighted."""

    source: Source
    parts: list[ExcerptPart | SourceMark]


@dataclass
class SourceMark:
    text: str
    start: int
    end: int
    numbers: list[int]
    tone: str
    role: str


@dataclass
class HistoryEntry:
    """One step of a review's life, from the audit log: who did what, when."""

    at: datetime
    actor: str
    event_type: str
    summary: str
    reason: str = ""
    labels: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class ReviewPage:
    review: Review
    rows: list[ClaimRow]
    sources: list[Source]
    history: list[HistoryEntry] = field(default_factory=list)

    @cached_property
    def groups(self) -> list[ClaimGroup]:
        groups = claim_groups(self.review.query.answer, self.rows)
        for group in groups:
            group.evidence = self._evidence(group)
        return groups

    @property
    def flagged_groups(self) -> list[ClaimGroup]:
        return [group for group in self.groups if not group.grounded]

    @cached_property
    def findings(self) -> list[dict[str, Any]]:
        """What detection found about the answer as a whole (a company the sources never
        mention, an unknown ticker, a missing citation), those that flag it first."""
        answer = self.review.query.answer
        found = []
        for finding in (self.review.query.result_extras or {}).get("findings", []):
            start, end = finding.get("start"), finding.get("end")
            excerpt = answer[start:end] if isinstance(start, int) and isinstance(end, int) else ""
            code = str(finding.get("code", ""))
            found.append(
                {
                    "code": code,
                    "message": str(finding.get("message", "")),
                    "flagging": code in FLAGGING_FINDINGS,
                    "excerpt": excerpt[:200],
                }
            )
        return sorted(found, key=lambda f: not f["flagging"])

    def group(self, key: Any) -> ClaimGroup | None:
        """The group holding the claim with this id (any of its claims)."""
        for group in self.groups:
            if any(str(claim_id) == str(key) for claim_id in group.claim_ids):
                return group
        return None

    def default_group(self) -> ClaimGroup | None:
        """The first flagged claim: the reason the answer is in the queue."""
        flagged = self.flagged_groups
        if flagged:
            return flagged[0]
        return self.groups[0] if self.groups else None

    @cached_property
    def source_numbers(self) -> dict[str, list[figures.SourceNumber]]:
        return {
            source.source_id: figures.source_numbers(source.source_id, source.text)
            for source in self.sources
        }

    @cached_property
    def all_source_numbers(self) -> list[figures.SourceNumber]:
        return [number for numbers in self.source_numbers.values() for number in numbers]

    def _source(self, source_id: str) -> Source | None:
        return next((s for s in self.sources if s.source_id == source_id), None)

    def _span_ok(self, source_id: str, start: int | None, end: int | None) -> bool:
        source = self._source(source_id)
        return (
            source is not None
            and start is not None
            and end is not None
            and 0 <= start < end <= len(source.text)
        )

    # ------------------------------------------------------------ one claim's evidence

    def _evidence(self, group: ClaimGroup) -> ClaimEvidence:
        row = group.primary
        claim = row.claim
        evidence = ClaimEvidence(
            group=group,
            external_checks=list(row.external_checks),
            consistency=row.consistency,
            verdicts=row.verdicts,
        )
        evidence.recomputation = self._recomputation(row)
        operands = figures.formula_operands(
            evidence.recomputation.formula if evidence.recomputation else ""
        )
        if evidence.recomputation is not None:
            rechecked = {v.pk for v in evidence.recomputation.rechecks}
            evidence.external_checks = [
                v for v in evidence.external_checks if v.pk not in rechecked
            ]
        family = figures.FAMILY_NAMES[figures.FAMILY_OF_KIND.get(claim.kind, figures.PLAIN)]
        other_kind = None
        for verdict in _nearest_verdicts(row):
            if _is_operand(verdict, operands):
                continue
            if not figures.same_family(claim.kind, verdict.nearest_text):
                other_kind = other_kind or verdict
                continue
            evidence.nearest = self._locate(
                SourceValue(
                    source_id=verdict.nearest_source_id,
                    text=verdict.nearest_text or figures.raw_value(verdict.nearest_value),
                    start=verdict.nearest_start,
                    end=verdict.nearest_end,
                    value_raw=figures.raw_value(verdict.nearest_value),
                )
            )
            evidence.nearest_heading = "Source value" if claim.grounded else "Nearest source value"
            break
        if evidence.nearest is None and not claim.grounded:
            self._nearest_of_kind(evidence, claim, family, other_kind)
        evidence.excerpts = self._excerpts(evidence)
        return evidence

    def _nearest_of_kind(
        self, evidence: ClaimEvidence, claim: Claim, family: str, other_kind: Verdict | None
    ) -> None:
        """No nearest value of the claim's kind from the detector: look for one in the sources,
        and say so either way."""
        found = None
        if claim.kind in ("percent", "percentage_points", "bps", "ratio", "currency"):
            found = figures.nearest_of_kind(claim.kind, claim.value, self.all_source_numbers)
        skipped = ""
        if other_kind is not None:
            other = figures.FAMILY_NAMES[figures.family_of_text(other_kind.nearest_text)]
            skipped = f"The detector's nearest value, {other_kind.nearest_text}, is {_a(other)}"
        if found is not None:
            evidence.nearest = SourceValue(
                source_id=found.source_id,
                text=found.text,
                start=found.start,
                end=found.end,
                value_raw=figures.raw_value(found.value),
            )
            evidence.nearest_heading = f"Nearest {family} in the sources"
            evidence.nearest_note = (
                f"{skipped}, not {_a(family)}."
                if skipped
                else "Found by this page, not the detector."
            )
            return
        if not self.sources:
            evidence.nearest_note = "No sources were submitted with this answer."
        elif evidence.recomputation is not None:
            evidence.nearest_note = (
                f"No {family} in the sources: the value below is recomputed from them."
            )
        else:
            evidence.nearest_note = f"No {family} in the sources is near this claim."
        if skipped:
            evidence.nearest_note = f"{skipped}, not {_a(family)}. " + evidence.nearest_note

    def _recomputation(self, row: ClaimRow) -> Recomputation | None:
        """One block for the claim's recomputation, whichever layers computed it; a calculator
        re-check of the same formula is a line of it, not a second block."""
        computing = [v for v in row.recomputations if v.layer != LAYER_EXTERNAL]
        rechecks = [v for v in row.recomputations if v.layer == LAYER_EXTERNAL]
        main = computing[-1] if computing else (rechecks[-1] if rechecks else None)
        if main is None:
            return None
        claim = row.claim
        places = 2 if claim.kind in ("percent", "percentage_points") else None
        expected = main.expected_value
        operands = []
        for operand in figures.formula_operands(main.formula):
            found, number = self._operand_source(operand)
            operands.append(
                Operand(text=operand.text, value=operand.value, found=found, claim_number=number)
            )
        return Recomputation(
            formula=main.formula,
            expected_text=(
                figures.human_value(expected, claim.kind, claim.unit, places=places)
                if expected is not None
                else ""
            ),
            expected_raw=figures.raw_value(expected),
            layer=main.layer,
            outcome=main.outcome,
            operands=operands,
            rechecks=[v for v in rechecks if v is not main],
        )

    def _operand_source(
        self, operand: figures.FormulaOperand
    ) -> tuple[SourceValue | None, int | None]:
        """Where an operand comes from: a grounded claim of the answer with that value (and
        the source value it was grounded on), or else a number written in the sources."""
        for other in self.rows:
            if not other.claim.grounded or other.claim.value != operand.value:
                continue
            for verdict in _nearest_verdicts(other):
                if self._span_ok(
                    verdict.nearest_source_id, verdict.nearest_start, verdict.nearest_end
                ):
                    return (
                        SourceValue(
                            source_id=verdict.nearest_source_id,
                            text=verdict.nearest_text,
                            start=verdict.nearest_start,
                            end=verdict.nearest_end,
                            value_raw=figures.raw_value(verdict.nearest_value),
                        ),
                        other.number,
                    )
        number = figures.operand_in_sources(operand, self.all_source_numbers)
        if number is None:
            return None, None
        return (
            SourceValue(
                source_id=number.source_id,
                text=number.text,
                start=number.start,
                end=number.end,
                value_raw=figures.raw_value(number.value),
            ),
            None,
        )

    def _excerpts(self, evidence: ClaimEvidence) -> list[Excerpt]:
        """The source passages around the values that matter, one per source: the nearest
        value's first, then any other source holding an operand; each value highlighted."""
        marks: list[tuple[str, int, int, str]] = []
        if evidence.nearest is not None:
            value = evidence.nearest
            marks.append((value.source_id, value.start, value.end, "nearest"))  # type: ignore[arg-type]
        if evidence.recomputation is not None:
            for operand in evidence.recomputation.operands:
                if operand.found is not None:
                    found = operand.found
                    marks.append((found.source_id, found.start, found.end, "operand"))  # type: ignore[arg-type]
        marks = [m for m in marks if self._span_ok(m[0], m[1], m[2])]
        if not marks:
            source = self._source(evidence.nearest.source_id) if evidence.nearest else None
            if source is None:
                return []
            # A nearest value the page could not place: show the start of its source.
            limit = 2 * SOURCE_CONTEXT_CHARS
            return [
                Excerpt(
                    source=source,
                    parts=[ExcerptPart(source.text[:limit])],
                    cut_before=False,
                    cut_after=len(source.text) > limit,
                )
            ]
        excerpts = []
        for source_id in dict.fromkeys(mark[0] for mark in marks):
            source = self._source(source_id)
            assert source is not None
            excerpts.append(
                self._window(source, [(m[1], m[2], m[3]) for m in marks if m[0] == source_id])
            )
        return excerpts

    @staticmethod
    def _window(source: Source, spans: list[tuple[int, int, str]]) -> Excerpt:
        """The text around the first span, with every span inside the window highlighted."""
        text = source.text
        first_start, first_end, _ = spans[0]
        window_start = max(0, first_start - SOURCE_CONTEXT_CHARS)
        window_end = min(len(text), first_end + SOURCE_CONTEXT_CHARS)
        parts: list[ExcerptPart] = []
        cursor = window_start
        for start, end, role in sorted(set(spans)):
            if start < cursor or end > window_end:
                continue  # overlaps a mark already shown, or lies outside the window
            if start > cursor:
                parts.append(ExcerptPart(text[cursor:start]))
            parts.append(ExcerptPart(text[start:end], role))
            cursor = end
        if cursor < window_end:
            parts.append(ExcerptPart(text[cursor:window_end]))
        return Excerpt(
            source=source,
            parts=parts,
            cut_before=window_start > 0,
            cut_after=window_end < len(text),
        )

    def _locate(self, value: SourceValue) -> SourceValue:
        """A value without a usable span is placed at the first occurrence of its text."""
        if self._span_ok(value.source_id, value.start, value.end) or not value.text:
            return value
        source = self._source(value.source_id)
        found = source.text.find(value.text) if source is not None else -1
        if found >= 0:
            value.start, value.end = found, found + len(value.text)
        return value

    # ------------------------------------------------------------ every source, highlighted

    @cached_property
    def source_views(self) -> list[SourceView]:
        marks: dict[str, dict[tuple[int, int], SourceMark]] = {
            s.source_id: {} for s in self.sources
        }

        def add(value: SourceValue | None, group: ClaimGroup, role: str) -> None:
            if value is None or not self._span_ok(value.source_id, value.start, value.end):
                return
            assert value.start is not None and value.end is not None
            key = (value.start, value.end)
            mark = marks[value.source_id].get(key)
            tone = (
                "ok" if group.grounded else ("warn" if group.outcome in _MAY_BE_BENIGN else "bad")
            )
            if mark is None:
                source = self._source(value.source_id)
                assert source is not None
                marks[value.source_id][key] = SourceMark(
                    text=source.text[value.start : value.end],
                    start=value.start,
                    end=value.end,
                    numbers=[group.number],
                    tone=tone,
                    role=role,
                )
            elif group.number not in mark.numbers:
                mark.numbers.append(group.number)

        for group in self.groups:
            evidence = group.evidence
            if evidence is None:
                continue
            add(evidence.nearest, group, "nearest")
            if evidence.recomputation is not None:
                for operand in evidence.recomputation.operands:
                    add(operand.found, group, "operand")
        views = []
        for source in self.sources:
            parts: list[ExcerptPart | SourceMark] = []
            cursor = 0
            for key in sorted(marks[source.source_id]):
                mark = marks[source.source_id][key]
                if mark.start < cursor:
                    continue
                if mark.start > cursor:
                    parts.append(ExcerptPart(source.text[cursor : mark.start]))
                parts.append(mark)
                cursor = mark.end
            if cursor < len(source.text):
                parts.append(ExcerptPart(source.text[cursor:]))
            views.append(SourceView(source=source, parts=parts))
        return views

    @property
    def earlier_decisions(self) -> list[HistoryEntry]:
        return [entry for entry in self.history if entry.event_type == events.REVIEW_DECIDED]


def _a(noun: str) -> str:
    return f"an {noun}" if noun[:1] in "aeiou" else f"a {noun}"


# ---------------------------------------------------------------- the page's reads


_HISTORY_EVENTS = (
    events.REVIEW_OPENED,
    events.REVIEW_ASSIGNED,
    events.REVIEW_RELEASED,
    events.REVIEW_REASSIGNED,
    events.REVIEW_ESCALATED,
    events.REVIEW_DECIDED,
    events.REVIEW_REOPENED,
)


def _history_entry(event: AuditEvent, claim_texts: dict[str, str]) -> HistoryEntry:
    payload = event.payload if isinstance(event.payload, dict) else {}
    kind = event.event_type
    entry = HistoryEntry(at=event.created_at, actor=event.actor_name, event_type=kind, summary="")
    if kind == events.REVIEW_DECIDED:
        decision = payload.get("decision", "")
        entry.summary = {
            "approved": "approved (false positive)",
            "rejected": "rejected (confirmed hallucination)",
        }.get(decision, str(decision))
        entry.reason = str(payload.get("reason") or "")
        labels = payload.get("labels") or {}
        if isinstance(labels, dict):
            entry.labels = [
                (claim_texts.get(str(claim_id), f"claim {claim_id}"), str(label).replace("_", " "))
                for claim_id, label in labels.items()
            ]
    elif kind == events.REVIEW_REOPENED:
        entry.summary = "reopened it"
        entry.reason = str(payload.get("reason") or "")
    elif kind == events.REVIEW_ASSIGNED:
        entry.summary = f"took it ({payload.get('assignee', '')})"
    elif kind == events.REVIEW_RELEASED:
        entry.summary = f"released it (was {payload.get('previous_assignee', '')})"
        entry.reason = str(payload.get("reason") or "")
    elif kind == events.REVIEW_REASSIGNED:
        previous = payload.get("previous_assignee") or "nobody"
        entry.summary = f"reassigned it from {previous} to {payload.get('assignee', '')}"
        entry.reason = str(payload.get("reason") or "")
    elif kind == events.REVIEW_ESCALATED:
        entry.summary = "escalated it"
        entry.reason = str(payload.get("reason") or "")
    else:
        entry.summary = "opened it in the queue"
    return entry


def review_page(*, review_id: int) -> ReviewPage:
    """A review with its query, sources, claims, verdicts, labels and history, in a fixed few
    queries.

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
            Prefetch(
                "claim_decisions",
                queryset=ClaimDecision.objects.select_related("decided_by"),
            ),
        )
        .get(pk=review_id)
    )
    decisions = {decision.claim_id: decision for decision in review.claim_decisions.all()}
    rows = [
        ClaimRow(
            number=number,
            claim=claim,
            verdicts=list(claim.verdicts.all()),
            label=decisions[claim.pk].label if claim.pk in decisions else "",
            labelled_by=(
                decisions[claim.pk].decided_by.get_username() if claim.pk in decisions else ""
            ),
        )
        for number, claim in enumerate(review.query.claims.all(), start=1)
    ]
    claim_texts = {str(row.claim.pk): row.claim.text for row in rows}
    history = [
        _history_entry(event, claim_texts)
        for event in AuditEvent.objects.filter(
            trace_id=review.query.trace_id,
            subject_type="review",
            subject_id=str(review.pk),
            event_type__in=_HISTORY_EVENTS,
        ).order_by("id")
    ]
    return ReviewPage(
        review=review, rows=rows, sources=list(review.query.sources.all()), history=history
    )


def trace_names(trace_ids: list[str]) -> dict[str, dict[str, Any]]:
    """What each trace is about, for the audit log's index: its answer and its review.

    {trace_id: {"title": "Review #3 · Northwind · Q3 2026", "detail": the question,
    "links": [("Review #3", url)]}}; traces of no query are left out.
    """
    names: dict[str, dict[str, Any]] = {}
    queries = Query.objects.filter(trace_id__in=list(trace_ids)).select_related("review")
    for query in queries:
        review = getattr(query, "review", None)
        about = " · ".join(part for part in (query.entity, query.period) if part) or "No entity"
        links = []
        if review is not None:
            title = f"Review #{review.pk} · {about}"
            links.append(
                (
                    f"Review #{review.pk} ({review.status.replace('_', ' ')})",
                    reverse("reviews:detail", args=[review.pk]),
                )
            )
        else:
            title = f"Answer · {about}" + (" · flagged" if query.flagged else "")
        names[query.trace_id] = {
            "title": title,
            "detail": query.question or query.answer,
            "query_id": str(query.pk),
            "review_id": review.pk if review is not None else None,
            "links": links,
        }
    return names
