"""measure() on a small hand-checked run gives the figures worked out by hand."""

import json

import pytest

from hallucination.reports.accuracy import (
    CLEAN,
    HALLUCINATED,
    CaseOutcome,
    ClaimOutcome,
    Span,
    measure,
)


def claim(text: str, start: int, *, grounded: bool, outcome: str | None = None) -> ClaimOutcome:
    return ClaimOutcome(
        text=text,
        start=start,
        end=start + len(text),
        outcome=outcome or ("grounded" if grounded else "fabrication"),
        grounded=grounded,
    )


def span(text: str, start: int) -> Span:
    return Span(text=text, start=start, end=start + len(text))


# Six cases, worked out by hand below (see each comment).
CASES = [
    # TP, span caught: passes. 2 claims, 1 verified; "Q3 2024" is a valid grounded claim.
    CaseOutcome(
        id="h1",
        label=HALLUCINATED,
        flagged=True,
        claims=(claim("$1.5M", 8, grounded=False), claim("Q3 2024", 20, grounded=True)),
        spans=(span("$1.5M", 8),),
        kind="confabulation",
        elapsed_ms=10.0,
    ),
    # TP at case level, but the flag is on the wrong claim: the span is missed, the case fails.
    # 2 claims, 1 verified; "Q4 2024" is a valid claim flagged.
    CaseOutcome(
        id="h2",
        label=HALLUCINATED,
        flagged=True,
        claims=(
            claim("$0.81", 4, grounded=True),
            claim("Q4 2024", 30, grounded=False, outcome="period_mismatch"),
        ),
        spans=(span("$0.81", 4),),
        kind="unit_drift",
        elapsed_ms=20.0,
    ),
    # FN: 1 claim, verified, and it is the hallucinated span.
    CaseOutcome(
        id="h3",
        label=HALLUCINATED,
        flagged=False,
        claims=(claim("$2.1B", 0, grounded=True),),
        spans=(span("$2.1B", 0),),
        kind="confabulation",
        elapsed_ms=30.0,
    ),
    # TN: 2 valid claims, both verified.
    CaseOutcome(
        id="c1",
        label=CLEAN,
        flagged=False,
        claims=(claim("12%", 0, grounded=True), claim("$4.2B", 10, grounded=True)),
        kind="confabulation",
        elapsed_ms=40.0,
    ),
    # FP: 2 valid claims, 1 flagged as an approximation.
    CaseOutcome(
        id="c2",
        label=CLEAN,
        flagged=True,
        claims=(
            claim("about 12%", 0, grounded=False, outcome="approximation"),
            claim("$4.2B", 20, grounded=True),
        ),
        kind="unit_drift",
        elapsed_ms=50.0,
    ),
    # TN with no claims, no kind and no timing.
    CaseOutcome(id="c3", label=CLEAN, flagged=False, kind=""),
]


@pytest.fixture
def report() -> dict:
    return measure(CASES, target_rate=0.05).to_dict()


def test_it_counts_the_confusion_matrix(report: dict) -> None:
    assert (report["tp"], report["fp"], report["fn"], report["tn"]) == (2, 1, 1, 2)
    assert report["total_cases"] == 6


def test_it_computes_accuracy_precision_recall_f1_and_fpr(report: dict) -> None:
    assert report["accuracy"] == pytest.approx(4 / 6, abs=1e-6)
    assert report["precision"] == pytest.approx(2 / 3, abs=1e-6)
    assert report["recall"] == pytest.approx(2 / 3, abs=1e-6)
    assert report["f1"] == pytest.approx(2 / 3, abs=1e-6)
    assert report["false_positive_rate"] == pytest.approx(1 / 3, abs=1e-6)


def test_it_computes_the_hallucination_rate_against_the_target(report: dict) -> None:
    assert (report["total_claims"], report["verified_claims"], report["unverified_claims"]) == (
        9,
        6,
        3,
    )
    assert report["hallucination_rate"] == pytest.approx(1 / 3, abs=1e-6)
    assert report["target_rate"] == 0.05
    assert report["meets_target"] is False


def test_it_gives_per_kind_pass_rates_with_seed_003_bars(report: dict) -> None:
    kinds = report["per_kind"]
    assert set(kinds) == {"confabulation", "unit_drift", "unspecified"}
    assert kinds["confabulation"]["cases"] == 3
    assert kinds["confabulation"]["passed"] == 2
    assert kinds["confabulation"]["pass_rate"] == pytest.approx(2 / 3, abs=1e-6)
    assert kinds["confabulation"]["bar"] == 0.95
    assert kinds["confabulation"]["meets_bar"] is False
    # h2 is right at the case level but misses its span; c2 is a false positive.
    assert kinds["unit_drift"]["passed"] == 0
    assert kinds["unit_drift"]["case_level_passed"] == 1
    assert kinds["unspecified"] == {
        "cases": 1,
        "passed": 1,
        "pass_rate": 1.0,
        "case_level_passed": 1,
        "bar": None,
        "meets_bar": None,
    }
    assert report["patterns_meet_bars"] is False
    assert report["passed_cases"] == 3


def test_it_reports_the_span_and_claim_level_views(report: dict) -> None:
    assert report["spans"] == {"total": 3, "caught": 1, "recall": pytest.approx(1 / 3, abs=1e-6)}
    # Valid claims: Q3 2024, Q4 2024 (flagged), 12%, $4.2B, about 12% (flagged), $4.2B.
    assert report["claims"]["valid"] == 6
    assert report["claims"]["flagged_valid"] == 2
    assert report["claims"]["composite_false_positive_rate"] == pytest.approx(1 / 3, abs=1e-6)
    assert report["escalations"] == 3
    assert report["claims_per_escalation"] == 3.0


def test_it_interpolates_latency_percentiles(report: dict) -> None:
    # Sorted 10, 20, 30, 40, 50: p95 sits 0.8 of the way from 40 to 50, p99 0.96 of it.
    assert report["latency_ms"] == {"p50": 30.0, "p95": 48.0, "p99": 49.6}


def test_it_lists_the_failed_cases_with_their_claims(report: dict) -> None:
    errors = {error["id"]: error for error in report["errors"]}
    assert set(errors) == {"h2", "h3", "c2"}
    assert errors["h2"]["error"] == "span_missed"
    assert errors["h2"]["missed_spans"] == ["$0.81"]
    assert errors["h3"]["error"] == "false_negative"
    assert errors["c2"]["error"] == "false_positive"
    assert [c["outcome"] for c in errors["c2"]["claims"]] == ["approximation", "grounded"]
    assert report["errors_total"] == 3


def test_its_json_has_every_design_key_and_no_nan(report: dict) -> None:
    design_keys = {
        "total_cases", "tp", "fp", "fn", "tn", "accuracy", "precision", "recall", "f1",
        "false_positive_rate", "total_claims", "verified_claims", "unverified_claims",
        "hallucination_rate", "target_rate", "meets_target", "per_kind", "latency_ms",
    }  # fmt: skip
    assert design_keys <= set(report)
    assert set(report["latency_ms"]) == {"p50", "p95", "p99"}
    for kind in report["per_kind"].values():
        assert {"cases", "passed", "pass_rate"} <= set(kind)
    json.dumps(report, allow_nan=False)


def test_a_span_repeated_in_the_answer_is_caught_by_any_occurrence() -> None:
    case = CaseOutcome(
        id="twice",
        label=HALLUCINATED,
        flagged=True,
        claims=(claim("$5", 0, grounded=True), claim("$5", 10, grounded=False)),
        spans=(span("$5", 0), span("$5", 10)),
    )
    report = measure([case], target_rate=0.05).to_dict()
    assert report["spans"] == {"total": 1, "caught": 1, "recall": 1.0}
    assert report["passed_cases"] == 1
