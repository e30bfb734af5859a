"""The text report follows seed 001's layout and adds patterns, error rates and latency."""

from hallucination.reports.accuracy import (
    CLEAN,
    HALLUCINATED,
    CaseOutcome,
    ClaimOutcome,
    Span,
    measure,
    render_text,
)

FLAG = ClaimOutcome(text="$1.5M", start=8, end=13, outcome="fabrication", grounded=False)
GOOD = ClaimOutcome(text="$1.2M", start=8, end=13, outcome="grounded", grounded=True)


def _text(show_errors: bool = False) -> str:
    cases = [
        CaseOutcome(
            id="noi-wrong",
            label=HALLUCINATED,
            flagged=True,
            claims=(FLAG,),
            spans=(Span(text="$1.5M", start=8, end=13),),
            kind="confabulation",
            elapsed_ms=2.0,
        ),
        CaseOutcome(
            id="noi-missed",
            label=HALLUCINATED,
            flagged=False,
            claims=(GOOD,),
            spans=(Span(text="$1.2M", start=8, end=13),),
            kind="restatement",
            elapsed_ms=4.0,
        ),
        CaseOutcome(id="noi-right", label=CLEAN, flagged=False, claims=(GOOD,), elapsed_ms=6.0),
    ]
    return render_text(measure(cases, target_rate=0.05), show_errors=show_errors)


def test_it_prints_seed_001s_sections_in_order() -> None:
    text = _text()
    headings = [
        "Hallucination Detection Accuracy Report",
        "Total Test Cases: 3",
        "True Positives (TP):  1",
        "False Positives (FP): 0",
        "False Negatives (FN): 1",
        "True Negatives (TN):  1",
        "Accuracy:  66.67%",
        "Precision: 100.00%",
        "Recall:    50.00%",
        "F1 Score:  66.67%",
        "Total Claims:     3",
        "Verified Claims:  2",
        "Unverified Claims: 1",
        "Hallucination Rate: 33.33%",
        "Target Rate:      5.00%",
        "Meets Target:     ❌ NO",
    ]
    positions = [text.index(heading) for heading in headings]
    assert positions == sorted(positions)


def test_it_adds_pattern_bars_fpr_and_latency() -> None:
    text = _text()
    assert "False Positive Rate: 0.00%" in text
    confabulation = next(line for line in text.splitlines() if "confabulation" in line)
    assert "1/1" in confabulation and "bar 95%" in confabulation and "YES" in confabulation
    restatement = next(line for line in text.splitlines() if "restatement" in line)
    assert "0/1" in restatement and "bar 85%" in restatement and "NO" in restatement
    assert "p50: 4.0 ms" in text


def test_it_lists_misclassified_cases_with_their_claims_only_when_asked() -> None:
    assert "noi-missed" not in _text()
    text = _text(show_errors=True)
    assert "Misclassified cases (1):" in text
    assert "noi-missed [restatement] false negative" in text
    assert "missed: '$1.2M'" in text
    assert "✓ '$1.2M' @8-13: grounded" in text
