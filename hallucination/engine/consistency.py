"""Self-consistency across sampled answers: align claims, measure dispersion, take the majority."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from decimal import Decimal

from . import lexicon as lx
from .sources import FAMILY, extract_claims
from .types import DATE, INCONSISTENT, LAYER_CONSISTENCY, Claim, ClaimVerdict, EngineConfig

MAX_SAMPLES = 20
MIN_VALUES = 3  # the answer and at least two samples: fewer cannot show a dispersion


def _aligned(
    claim: Claim, position: int, sample_claims: list[Claim], same_kind_answer: list[Claim]
) -> Claim | None:
    family = FAMILY[claim.kind]
    same_kind = [c for c in sample_claims if FAMILY[c.kind] == family]
    if claim.label:
        for candidate in same_kind:
            if candidate.label == claim.label and lx.periods_compatible(
                claim.period, candidate.period
            ):
                return candidate
        return None
    # No label: the n-th unlabelled claim of the same kind in the sample.
    unlabelled = [c for c in same_kind if not c.label]
    if len(unlabelled) == len(same_kind_answer) and position < len(unlabelled):
        return unlabelled[position]
    return None


def relative_dispersion(values: list[Decimal]) -> Decimal:
    """Population standard deviation over the absolute mean; infinite around a zero mean."""
    n = len(values)
    mean = sum(values, Decimal(0)) / n
    variance = sum(((v - mean) ** 2 for v in values), Decimal(0)) / n
    deviation = variance.sqrt()
    if mean == 0:
        return Decimal(0) if deviation == 0 else Decimal("Infinity")
    return deviation / abs(mean)


def majority(values: list[Decimal]) -> Decimal:
    counts = Counter(values)
    top, count = counts.most_common(1)[0]
    if count > 1:
        return top
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def apply_consistency(
    verdicts: list[ClaimVerdict], samples: tuple[str, ...], config: EngineConfig
) -> list[ClaimVerdict]:
    """Ungrounded claims whose sampled values disperse beyond the threshold become inconsistent.

    A grounded claim stays grounded: source evidence outweighs agreement between samples.
    """
    if not samples:
        return verdicts
    sample_claims = [extract_claims(s) for s in samples[:MAX_SAMPLES]]
    answer_claims = [v.claim for v in verdicts]
    out = []
    for verdict in verdicts:
        claim = verdict.claim
        if verdict.grounded or claim.kind == DATE:
            out.append(verdict)
            continue
        family = FAMILY[claim.kind]
        same_kind_answer = [c for c in answer_claims if FAMILY[c.kind] == family and not c.label]
        position = same_kind_answer.index(claim) if claim in same_kind_answer else 0
        values = [claim.value]
        for claims in sample_claims:
            aligned = _aligned(claim, position, claims, same_kind_answer)
            if aligned is not None:
                values.append(aligned.value)
        if len(values) < MIN_VALUES:
            out.append(verdict)
            continue
        dispersion = relative_dispersion(values)
        details = dict(verdict.details)
        details["consistency"] = {
            "values": [str(v) for v in values],
            "relative_dispersion": str(dispersion.quantize(Decimal("0.0001")))
            if dispersion.is_finite()
            else "inf",
            "majority": str(majority(values)),
        }
        if dispersion > config.consistency_threshold:
            details["grounding_outcome"] = verdict.outcome
            out.append(
                replace(
                    verdict,
                    outcome=INCONSISTENT,
                    layer=LAYER_CONSISTENCY,
                    expected_value=majority(values),
                    details=details,
                )
            )
        else:
            out.append(replace(verdict, details=details))
    return out
