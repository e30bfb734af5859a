"""Score and flag: grounding rate, the gate by stakes, the confidence penalty, seed 000's summary."""

from __future__ import annotations

from decimal import Decimal

from . import consistency, zero_math
from .types import (
    CALCULATED,
    DERIVED,
    FABRICATION,
    GROUNDED,
    WITHIN_TOLERANCE,
    ClaimVerdict,
    EngineConfig,
    Finding,
    ValidationSummary,
)

# Findings that flag an answer on their own (docs/detection.md "Score and flag").
# A figure attributed to a company the sources never mention (seed 003 layer 1: proper nouns).
ENTITY_MISMATCH = "entity_mismatch"
UNKNOWN_TICKER = "unknown_ticker"
FLAGGING_FINDINGS = (
    zero_math.FLAGGING_FINDINGS
    | consistency.FLAGGING_FINDINGS
    | frozenset({ENTITY_MISMATCH, UNKNOWN_TICKER})
)


def grounding_rate(verdicts: list[ClaimVerdict]) -> Decimal | None:
    if not verdicts:
        return None
    grounded = sum(1 for v in verdicts if v.grounded)
    return (Decimal(grounded) / Decimal(len(verdicts))).quantize(Decimal("0.0001"))


def is_flagged(
    verdicts: list[ClaimVerdict], findings: list[Finding], stakes: str, config: EngineConfig
) -> bool:
    """Any ungrounded claim, a failed gate or a flagging finding; never an answer without claims."""
    if any(f.code in FLAGGING_FINDINGS for f in findings):
        return True
    if not verdicts:
        return False
    if any(not v.grounded for v in verdicts):
        return True
    rate = grounding_rate(verdicts)
    return rate is not None and rate < config.gate_threshold(stakes)


def adjusted_confidence(
    original: Decimal | None, flagged: bool, config: EngineConfig
) -> Decimal | None:
    if original is None:
        return None
    if not flagged:
        return original
    return max(Decimal(0), original - config.confidence_penalty / 100)


def validation_summary(verdicts: list[ClaimVerdict]) -> ValidationSummary:
    exact = sum(1 for v in verdicts if v.outcome in (GROUNDED, CALCULATED, DERIVED))
    close = tuple(v.claim.text for v in verdicts if v.outcome == WITHIN_TOLERANCE)
    orphans = tuple(v.claim.text for v in verdicts if v.outcome == FABRICATION)
    suspicious = tuple(
        v.claim.text for v in verdicts if not v.grounded and v.outcome != FABRICATION
    )
    return ValidationSummary(
        exact_matches=exact, close_matches=close, orphan_numbers=orphans, suspicious=suspicious
    )
