"""detect(): extract -> ground -> derive -> zero-mental-math -> consistency -> correct -> score."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from . import zero_math
from .answer import read_answer
from .consistency import apply_consistency, check_samples
from .correction import apply_corrections, corrections_for
from .decide import Decider
from .extraction import MAX_TEXT_CHARS
from .scoring import adjusted_confidence, is_flagged, validation_summary
from .sources import build_index
from .types import (
    BPS,
    CURRENCY,
    DATE,
    PERCENT,
    PERCENTAGE_POINTS,
    RATIO,
    Claim,
    ClaimVerdict,
    DetectionInput,
    DetectionResult,
    EngineConfig,
    Finding,
)

_DEFAULT_CONFIG = EngineConfig()


def _verified(claim: Claim, config: EngineConfig) -> bool:
    """Seed 001's HALLUCINATION_VERIFY_* switches: a kind switched off is not checked at all."""
    if claim.kind == CURRENCY:
        return config.verify_currency
    if claim.kind in (PERCENT, PERCENTAGE_POINTS, BPS):
        return config.verify_percentages
    if claim.kind == DATE:
        return config.verify_dates
    if claim.kind == RATIO:
        return config.verify_ratios
    return True


def detect(inp: DetectionInput, config: EngineConfig = _DEFAULT_CONFIG) -> DetectionResult:
    """Check every numeric claim of `inp.answer` against its sources and score the answer.

    >>> from hallucination.engine.types import SourceDocument
    >>> result = detect(DetectionInput(answer="EPS was $0.81.",
    ...                                sources=(SourceDocument("s", "EPS: $0.78."),)))
    >>> result.flagged, result.verdicts[0].nearest.value
    (True, Decimal('0.78'))
    """
    started = time.perf_counter()
    answer = inp.answer[:MAX_TEXT_CHARS]
    findings: list[Finding] = []
    if len(inp.answer) > MAX_TEXT_CHARS:
        findings.append(
            Finding(
                code="input_truncated", message=f"the answer was cut at {MAX_TEXT_CHARS} characters"
            )
        )
    reading = read_answer(answer)
    kept = tuple(r for r in reading.readings if _verified(r.claim, config))
    if len(kept) != len(reading.readings):
        reading = replace(reading, readings=kept)
    index = build_index(inp)
    verdicts = Decider(index, config, reading).decide_all()

    verdicts, zero_math_findings = zero_math.check(answer, verdicts, index)
    findings.extend(zero_math_findings)
    findings.extend(_injection_findings(inp, index, verdicts))
    verdicts = apply_consistency(verdicts, inp.samples, config)
    consistency, consistency_findings = check_samples(answer, inp.samples, config)
    findings.extend(consistency_findings)

    result = summarize(
        answer,
        verdicts,
        stakes=inp.stakes,
        original_confidence=inp.original_confidence,
        findings=findings,
        config=config,
    )
    result = replace(result, consistency=consistency)
    elapsed = (time.perf_counter() - started) * 1000
    return _with_elapsed(result, elapsed)


def summarize(
    answer: str,
    verdicts: Sequence[ClaimVerdict],
    *,
    stakes: str,
    original_confidence: Decimal | None,
    findings: Sequence[Finding] = (),
    config: EngineConfig = _DEFAULT_CONFIG,
) -> DetectionResult:
    """Everything in a result that follows from its verdicts: the corrections and the corrected
    answer, seed 000's summary, the flag, the gate and the adjusted confidence.

    detect() ends here, and a later layer that changes a verdict (an external check) calls it
    again with the verdicts as they now stand, so no part of a result shows an earlier state.

    >>> from hallucination.engine.types import Claim, FABRICATION
    >>> claim = Claim(text="$0.81", start=4, end=9, kind="currency", value=Decimal("0.81"))
    >>> wrong = ClaimVerdict(claim=claim, outcome=FABRICATION, expected_value=Decimal("0.78"))
    >>> result = summarize("EPS $0.81.", [wrong], stakes="standard", original_confidence=None)
    >>> result.corrected_answer, result.validation.orphan_numbers
    ('EPS $0.78.', ('$0.81',))
    """
    verdicts = list(verdicts)
    findings = list(findings)
    corrections = corrections_for(answer, verdicts)
    flagged = is_flagged(verdicts, findings, stakes, config)
    return DetectionResult(
        verdicts=tuple(verdicts),
        stakes=stakes,
        gate_threshold=config.gate_threshold(stakes),
        original_confidence=original_confidence,
        adjusted_confidence=adjusted_confidence(original_confidence, flagged, config),
        flagged=flagged,
        validation=validation_summary(verdicts),
        corrected_answer=apply_corrections(answer, corrections),
        corrections=tuple(corrections),
        findings=tuple(findings),
        elapsed_ms=0.0,
    )


def _with_elapsed(result: DetectionResult, elapsed_ms: float) -> DetectionResult:
    return replace(result, elapsed_ms=round(elapsed_ms, 3))


def _injection_findings(inp: DetectionInput, index, verdicts) -> list[Finding]:
    """Instructions planted in a source: reported, and flagging when the answer used them."""
    injected_sources = index.injection_sources
    if not injected_sources:
        return []
    used = []
    injected_values = {abs(c.value) for c in index.injected}
    for verdict in verdicts:
        if not verdict.grounded and abs(verdict.claim.value) in injected_values:
            used.append(verdict.claim)
    if used:
        return [
            Finding(
                code="prompt_injection",
                message=f"{claim.text} repeats a value that instruction text in the sources asked for",
                start=claim.start,
                end=claim.end,
            )
            for claim in used
        ]
    return [
        Finding(
            code="prompt_injection_ignored",
            message="sources "
            + ", ".join(injected_sources)
            + " carry instruction text; the answer did not use it",
        )
    ]
