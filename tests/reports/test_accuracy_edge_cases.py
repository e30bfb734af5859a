"""Runs with nothing to divide by give defined values (None or 0.0), never NaN or a crash."""

import json

import pytest

from hallucination.reports.accuracy import (
    CLEAN,
    HALLUCINATED,
    CaseOutcome,
    ClaimOutcome,
    measure,
    percentile,
    render_text,
)

GROUNDED = ClaimOutcome(text="12%", start=0, end=3, outcome="grounded", grounded=True)


def test_an_empty_run_has_zero_counts_and_undefined_ratios() -> None:
    report = measure([], target_rate=0.05).to_dict()
    assert (report["total_cases"], report["tp"], report["fp"], report["fn"], report["tn"]) == (
        0,
        0,
        0,
        0,
        0,
    )
    for key in ("accuracy", "precision", "recall", "f1", "false_positive_rate"):
        assert report[key] is None, key
    assert report["hallucination_rate"] is None
    assert report["meets_target"] is None
    assert report["per_kind"] == {}
    assert report["latency_ms"] == {"p50": None, "p95": None, "p99": None}
    json.dumps(report, allow_nan=False)


def test_with_no_hallucinated_case_and_no_flag_precision_recall_and_f1_are_undefined() -> None:
    cases = [
        CaseOutcome(id=f"c{i}", label=CLEAN, flagged=False, claims=(GROUNDED,)) for i in range(3)
    ]
    report = measure(cases, target_rate=0.05).to_dict()
    assert report["precision"] is None
    assert report["recall"] is None
    assert report["f1"] is None
    assert report["false_positive_rate"] == 0.0
    assert report["accuracy"] == 1.0
    assert report["hallucination_rate"] == 0.0
    assert report["meets_target"] is True


def test_with_positives_but_no_prediction_recall_and_f1_are_zero() -> None:
    cases = [
        CaseOutcome(id="h", label=HALLUCINATED, flagged=False, claims=(GROUNDED,)),
        CaseOutcome(id="c", label=CLEAN, flagged=False, claims=(GROUNDED,)),
    ]
    report = measure(cases, target_rate=0.05).to_dict()
    assert report["precision"] is None
    assert report["recall"] == 0.0
    assert report["f1"] == 0.0
    assert report["false_positive_rate"] == 0.0


def test_with_only_hallucinated_cases_the_false_positive_rate_is_undefined() -> None:
    cases = [CaseOutcome(id="h", label=HALLUCINATED, flagged=True)]
    report = measure(cases, target_rate=0.05).to_dict()
    assert report["false_positive_rate"] is None
    assert report["precision"] == 1.0
    # No claims at all: the hallucination rate has nothing to divide by.
    assert report["total_claims"] == 0
    assert report["hallucination_rate"] is None
    assert report["meets_target"] is None
    assert report["claims"]["composite_false_positive_rate"] is None


def test_a_rate_equal_to_the_target_does_not_meet_it() -> None:
    claims = tuple(
        ClaimOutcome(text=str(i), start=i, end=i + 1, outcome="grounded", grounded=i != 0)
        for i in range(20)
    )
    report = measure(
        [CaseOutcome(id="c", label=CLEAN, flagged=True, claims=claims)], target_rate=0.05
    ).to_dict()
    assert report["hallucination_rate"] == 0.05
    assert report["meets_target"] is False


def test_it_refuses_an_unknown_label() -> None:
    with pytest.raises(ValueError, match="label 'wrong'"):
        CaseOutcome(id="x", label="wrong", flagged=False)


def test_it_refuses_a_case_id_given_twice() -> None:
    cases = [CaseOutcome(id="x", label=CLEAN, flagged=False)] * 2
    with pytest.raises(ValueError, match="appears twice"):
        measure(cases, target_rate=0.05)


@pytest.mark.parametrize("target", [-0.1, 1.5, 5])
def test_it_refuses_a_target_rate_that_is_not_a_fraction(target: float) -> None:
    with pytest.raises(ValueError, match="fraction"):
        measure([], target_rate=target)


def test_percentile_of_one_value_is_that_value_and_of_none_is_none() -> None:
    assert percentile([7.5], 99) == 7.5
    assert percentile([], 50) is None
    with pytest.raises(ValueError):
        percentile([1.0], 101)


def test_the_text_report_of_an_empty_run_says_n_a() -> None:
    text = render_text(measure([], target_rate=0.05), show_errors=True)
    assert "Precision: n/a" in text
    assert "Hallucination Rate: n/a" in text
    assert "(no cases)" in text
