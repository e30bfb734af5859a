"""A corpus case is scored from the engine's result: spans located, findings mark spans."""

from decimal import Decimal

import pytest

from hallucination.engine import types as t
from hallucination.reports.accuracy import HALLUCINATED, case_from_result, spans_in_answer

ANSWER = "Win rate was 70% and the checksum is [Verified: A7B3C2D1]; revenue was $1.5M."


def _verdict(text: str, outcome: str) -> t.ClaimVerdict:
    start = ANSWER.index(text)
    claim = t.Claim(
        text=text, start=start, end=start + len(text), kind="percent", value=Decimal("1")
    )
    return t.ClaimVerdict(claim=claim, outcome=outcome)


def _result(*verdicts: t.ClaimVerdict, findings: tuple[t.Finding, ...] = ()) -> t.DetectionResult:
    return t.DetectionResult(
        verdicts=verdicts,
        stakes="standard",
        gate_threshold=Decimal("0.7"),
        original_confidence=None,
        adjusted_confidence=None,
        flagged=True,
        validation=t.ValidationSummary(),
        corrected_answer=ANSWER,
        findings=findings,
        elapsed_ms=3.5,
    )


def test_a_checksum_span_is_caught_by_the_finding_that_points_at_it() -> None:
    start = ANSWER.index("[Verified")
    finding = t.Finding(code="checksum_mismatch", message="wrong", start=start, end=start + 21)
    case = case_from_result(
        case_id="checksum",
        label=HALLUCINATED,
        answer=ANSWER,
        hallucinated_spans=["[Verified: A7B3C2D1]"],
        result=_result(_verdict("70%", "grounded"), findings=(finding,)),
        kind="seed",
    )
    assert case.missed_spans == ()
    assert case.passed
    assert case.elapsed_ms == 3.5


def test_a_finding_that_does_not_flag_an_answer_catches_nothing() -> None:
    start = ANSWER.index("[Verified")
    finding = t.Finding(code="missing_citation", message="", start=start, end=start + 21)
    case = case_from_result(
        case_id="note",
        label=HALLUCINATED,
        answer=ANSWER,
        hallucinated_spans=["[Verified: A7B3C2D1]"],
        result=_result(findings=(finding,)),
    )
    assert case.missed_spans == ("[Verified: A7B3C2D1]",)
    assert not case.passed


def test_a_span_is_caught_by_an_ungrounded_claim_inside_it() -> None:
    case = case_from_result(
        case_id="approx",
        label=HALLUCINATED,
        answer=ANSWER,
        hallucinated_spans=["rate was 70%"],
        result=_result(_verdict("70%", "approximation"), _verdict("$1.5M", "grounded")),
        elapsed_ms=9.0,
    )
    assert case.passed
    assert case.kind == "unspecified"
    assert case.elapsed_ms == 9.0
    assert [c.grounded for c in case.valid_claims] == [True]


def test_it_refuses_a_span_that_is_not_in_the_answer() -> None:
    with pytest.raises(ValueError, match=r"'\$9.9M' is not in the answer"):
        spans_in_answer("bad", ANSWER, ["$9.9M"])


def test_it_refuses_an_empty_span() -> None:
    with pytest.raises(ValueError, match="empty"):
        spans_in_answer("bad", ANSWER, [""])
