"""Math markup in LLM answers (docs/detection.md, "Reading the answer"): LaTeX working read as
the arithmetic it writes, every figure at its place in the answer as written. Each class has
a clean answer that passes and a wrong one of the same shape that is caught."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.answer import read_answer
from hallucination.engine.latex import plain_math
from hallucination.engine.types import ARITHMETIC_DRIFT, BPS

from .conftest import source_input

RETAILER = """Consolidated statements of operations (in millions)
                                   Fiscal 2024    Fiscal 2023
Net sales                              $18,426        $18,911
Gross profit                             5,909          5,976

Fiscal 2023 contained 53 weeks.
"""

MARGIN = r"""**Step 1 – Restate the inputs (in millions):**
- Fiscal 2024: net sales $18,426; gross profit $5,909
- Fiscal 2023: net sales $18,911; gross profit $5,976

**Step 2 – Gross margin for each year:**
- \( \frac{5,909}{18,426} \times 100 \approx {first}\% \)
- \( \frac{5,976}{18,911} \times 100 \approx 31.60\% \)

**Step 3 – Change:** \( {first}\% - 31.60\% \approx {points} \) percentage points, about
**{bps} bps**. The prior year had 53 weeks."""


def _answer(first: str = "32.07", points: str = "0.47", bps: str = "47") -> str:
    return MARGIN.replace("{first}", first).replace("{points}", points).replace("{bps}", bps)


def _verdict(result, text: str):
    return next(v for v in result.verdicts if v.claim.text == text)


def test_markup_is_rewritten_as_arithmetic_of_the_same_length():
    text = r"\( \frac{5,909}{18,426} \times 100 \approx 32.07\% \)"
    plain = plain_math(text)

    assert len(plain) == len(text)
    assert plain.split() == ["5,909", "/18,426", "×", "100", "≈", "32.07%"]
    assert plain_math("Revenue was $5.2 billion.") == "Revenue was $5.2 billion."


def test_a_fraction_keeps_the_parentheses_its_arithmetic_needs():
    growth = plain_math(r"\frac{5,120 - 4,870}{4,870}")
    share = plain_math(r"\frac{412}{1,030 + 215}")

    assert growth.split() == ["(5,120", "-", "4,870)/4,870"]
    assert share.split() == ["412/(1,030", "+", "215)"]


def test_figures_in_markup_keep_their_place_in_the_answer():
    answer = _answer()
    reading = read_answer(answer)
    figure = next(r.claim for r in reading.readings if r.claim.text == "32.07%")

    assert answer[figure.start : figure.end] == "32.07\\%"[: figure.end - figure.start]


def test_latex_working_passes_and_a_wrong_result_in_it_is_drift():
    clean = detect(source_input(_answer(), RETAILER))
    wrong = detect(source_input(_answer(first="32.70", points="1.10", bps="110"), RETAILER))

    assert clean.flagged is False
    assert _verdict(wrong, "32.70%").outcome == ARITHMETIC_DRIFT


def test_points_after_a_closing_delimiter_are_percentage_points():
    reading = read_answer(_answer())
    kinds = {r.claim.text: r.claim.kind for r in reading.readings}

    assert kinds["47 bps"] == BPS
    assert any(text.startswith("0.47") and "percentage" in text for text in kinds)


def test_an_answer_s_scale_caption_leaves_a_span_of_weeks_alone():
    reading = read_answer(_answer())
    weeks = next(r.claim for r in reading.readings if r.claim.text == "53")

    assert weeks.value == 53


def test_the_operands_of_a_difference_in_points_are_rates_without_a_division_sign():
    reading = read_answer("The margin widened: 95.6 - 88.4 = 7.2 percentage points.")
    kinds = {r.claim.text: r.claim.kind for r in reading.readings}

    assert kinds["95.6"] == "percent"
    assert kinds["88.4"] == "percent"
