"""Reads for external verification: which claims go external, and what a verifier needs of them."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from hallucination.engine import types as t
from hallucination.models import Claim, Query, ReferenceFact, Verdict

from .verifiers import ClaimTarget, SourceLink

# How much of the answer before a claim is searched for a written-out formula.
TEXT_BEFORE_CHARS = 300


def claims_for_external_check(*, query: Query, conf: dict[str, Any]) -> list[Claim]:
    """Every claim of a high-stakes query; otherwise the claims still ungrounded.

    `conf` is verification_settings(): STAKES, UNGROUNDED_CLAIMS, SKIP_KINDS, MAX_CLAIMS.
    """
    claims = query.claims.exclude(kind__in=conf["SKIP_KINDS"]).order_by("position")
    if query.stakes not in conf["STAKES"]:
        if not conf["UNGROUNDED_CLAIMS"]:
            return []
        claims = claims.filter(grounded=False)
    return list(claims[: conf["MAX_CLAIMS"]])


def external_checks_done(*, claims: list[Claim]) -> set[tuple[int, str]]:
    """(claim id, verifier) pairs that already have an external verdict: a retry skips them."""
    return set(
        Verdict.objects.filter(claim__in=claims, layer=t.LAYER_EXTERNAL).values_list(
            "claim_id", "check_name"
        )
    )


def claim_targets(*, query: Query, claims: list[Claim]) -> list[ClaimTarget]:
    """The verifiers' view of each claim: its formula, nearest source and the query's URLs."""
    links = tuple(
        SourceLink(source_id=source.source_id, url=source.url)
        for source in query.sources.all()
        if source.url
    )
    latest: dict[int, Verdict] = {}
    formulas: dict[int, str] = {}
    verdicts = (
        Verdict.objects.filter(claim__in=claims)
        .exclude(layer=t.LAYER_EXTERNAL)
        .order_by("created_at", "id")
    )
    for verdict in verdicts:
        latest[verdict.claim_id] = verdict
        if verdict.formula:
            formulas[verdict.claim_id] = verdict.formula
    targets = []
    for claim in claims:
        verdict = latest.get(claim.pk)
        targets.append(
            ClaimTarget(
                claim_id=claim.pk,
                text=claim.text,
                kind=claim.kind,
                value=claim.value,
                unit=claim.unit,
                # Stored with 12 places: 0.100000000000 must act as 0.1.
                precision=claim.precision.normalize() if claim.precision else None,
                label=claim.label,
                period=claim.period or query.period,
                formula=formulas.get(claim.pk, ""),
                text_before=query.answer[max(0, claim.start - TEXT_BEFORE_CHARS) : claim.start],
                entity=query.entity,
                sources=links,
                nearest_source_id=verdict.nearest_source_id if verdict else "",
                outcome=claim.outcome,
                earlier_expected=(
                    verdict.expected_value.normalize()
                    if verdict is not None and verdict.expected_value is not None
                    else None
                ),
            )
        )
    return targets


def reference_facts(
    *, entity: str = "", metric: str = "", period: str = ""
) -> QuerySet[ReferenceFact]:
    facts = ReferenceFact.objects.all()
    if entity:
        facts = facts.filter(entity__iexact=entity)
    if metric:
        facts = facts.filter(metric__iexact=metric)
    if period:
        facts = facts.filter(period__iexact=period)
    return facts.order_by("entity", "metric", "period")
