"""The numbered rules of docs/detection.md "From claim to outcome", each as a pair of the same
shape: a clean answer that grounds, and a wrong one flagged with the documented outcome.

Figures derived from MAIN (exact, rounded half-up at the precision the answer writes):
    revenue change 2023 -> 2024   (2,486 - 2,310) / 2,310 * 100 = 7.6190...  -> 7.62%
    the same over the later value (2,486 - 2,310) / 2,486 * 100 = 7.0796...  -> 7.08%
    gross profit share of revenue  1,320 / 2,486 * 100         = 53.097...   -> 53.1%
    net income 2024 over 2023      268 / 231                   = 1.16017...  -> 1.16
    net income average 2023, 2024  (268 + 231) / 2             = 249.5
    net income 2023 vs 2024        231 - 268                   = -37
    operating income change        412 - 376                   = 36
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest

from hallucination.engine import detect
from hallucination.engine.types import (
    APPROXIMATION,
    ARITHMETIC_DRIFT,
    CALCULATED,
    DERIVED,
    FABRICATION,
    GROUNDED,
    GROUNDED_OUTCOMES,
    PERIOD_MISMATCH,
    SCALE_DRIFT,
    SUBSTITUTION,
    UNSUPPORTED_AGGREGATION,
    WITHIN_TOLERANCE,
    CalculatorOutput,
    DetectionInput,
    SourceDocument,
)

from .conftest import source_input

MAIN = """Granby Foods, Inc. reported its fiscal 2024 results on February 12, 2025.

Consolidated statements of income (in millions, except per share data)

| | 2024 | 2023 |
|---|---:|---:|
| Revenue | 2,486 | 2,310 |
| Cost of sales | 1,166 | 1,102 |
| Gross profit | 1,320 | 1,208 |
| Operating income | 412 | 376 |
| Net income | 268 | 231 |
| Diluted earnings per share | 1.42 | 1.23 |
"""


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def _ungrounded(result):
    return [(v.claim.text, v.outcome) for v in result.verdicts if not v.grounded]


def _at(value: Decimal, places: str) -> Decimal:
    return value.quantize(Decimal(places), rounding=ROUND_HALF_UP)


def _clean(answer: str, *sources: str, **kwargs):
    result = detect(source_input(answer, *sources, **kwargs))
    assert _ungrounded(result) == []
    assert result.flagged is False
    return result


def _wrong(answer: str, claim: str, outcome: str, *sources: str, **kwargs):
    result = detect(source_input(answer, *sources, **kwargs))
    verdict = _verdict(result, claim)
    assert verdict.outcome == outcome
    assert verdict.grounded is False
    assert result.flagged is True
    return verdict


# ------------------------------------------------------------------ 1. dates


def test_a_date_the_source_holds_is_grounded():
    result = _clean("Granby Foods reported its fiscal 2024 results on February 12, 2025.", MAIN)

    assert _verdict(result, "February 12, 2025").outcome == GROUNDED


def test_a_date_the_source_holds_in_another_spelling_is_grounded():
    result = _clean("Granby Foods reported its results on 2025-02-12.", MAIN)

    assert _verdict(result, "2025-02-12").outcome == GROUNDED


def test_a_date_the_source_does_not_hold_is_a_period_mismatch():
    verdict = _wrong(
        "Granby Foods reported its fiscal 2024 results on February 21, 2025.",
        "February 21, 2025",
        PERIOD_MISMATCH,
        MAIN,
    )

    assert verdict.nearest is not None


def test_a_date_against_sources_without_dates_is_a_fabrication():
    _wrong(
        "As of March 31, 2025, revenue was $4.2 million.",
        "March 31, 2025",
        FABRICATION,
        "Revenue was $4.2 million and net income was $0.6 million.",
    )


# ------------------------------------------------------------------ 2. calculator

CAGR_SOURCE = """Harlow Instruments revenue (in millions)
| | 2024 | 2021 |
|---|---:|---:|
| Revenue | 2,486 | 2,060 |
"""

# ((2486 / 2060) ** (1 / 3) - 1) * 100 = 6.4660... -> 6.47
CAGR = CalculatorOutput(expression="((2486 / 2060) ** (1 / 3) - 1) * 100", result=Decimal("6.47"))


def test_a_figure_equal_to_a_calculator_output_is_calculated():
    result = _clean(
        "The three-year CAGR for revenue through 2024 was 6.47%.",
        CAGR_SOURCE,
        calculator_outputs=(CAGR,),
    )

    assert _verdict(result, "6.47%").outcome == CALCULATED


def test_a_figure_the_calculator_did_not_give_is_recomputed_and_wrong():
    # The sentence names a compound rate over 2021-2024, which the engine computes itself.
    verdict = _wrong(
        "The three-year CAGR for revenue through 2024 was 6.86%.",
        "6.86%",
        ARITHMETIC_DRIFT,
        CAGR_SOURCE,
        calculator_outputs=(CAGR,),
    )
    assert verdict.expected_value == Decimal("6.47")


# ------------------------------------------------------------------ 3. names

NOTES = """Long-term debt (in millions)
| | December 31, 2018 | December 31, 2017 |
|---|---:|---:|
| 5.00% notes due 2019 | 300 | 300 |
| 3.25% notes due 2024 | 750 | 750 |
| Total long-term debt | 1,050 | 1,050 |
"""


def test_a_number_that_is_part_of_a_name_in_the_source_is_grounded():
    result = _clean(
        "At December 31, 2018, $300 million of the 5.00% notes due 2019 were outstanding.", NOTES
    )

    assert _verdict(result, "5.00%").outcome == GROUNDED


def test_a_number_in_a_name_the_source_does_not_have_is_not_grounded():
    result = detect(
        source_input(
            "At December 31, 2018, $300 million of the 5.25% notes due 2019 were outstanding.",
            NOTES,
        )
    )

    assert _verdict(result, "5.25%").grounded is False
    assert result.flagged is True


# ------------------------------------------------------------------ 4. stated value


def test_a_stated_value_equal_at_its_precision_is_grounded():
    result = _clean("Revenue was $2.49 billion in 2024.", MAIN)

    assert _verdict(result, "$2.49 billion").outcome == GROUNDED


def test_a_stated_value_that_matches_nothing_is_a_fabrication_with_the_stated_value():
    verdict = _wrong("Revenue was $2,568 million in 2024.", "$2,568 million", FABRICATION, MAIN)

    assert verdict.expected_value == Decimal("2486000000")


def test_a_stated_value_within_one_percent_is_within_tolerance():
    # 2,480 / 2,486 - 1 = -0.24%
    result = _clean("Revenue was $2,480 million in 2024.", MAIN)

    assert _verdict(result, "$2,480 million").outcome == WITHIN_TOLERANCE
    assert _verdict(result, "$2,480 million").details["relative_difference"] == "0.0024"


def test_the_difference_within_tolerance_is_at_the_scale_the_values_meet():
    # A table with no caption: its 17,161,955 meets "17,116,955 thousand" at that scale.
    source = "Segment | 2024\nTotal revenue | 17,161,955\nOther income | 1,204,552"
    result = detect(source_input("Total revenue was 17,116,955 thousand.", source))
    verdict = _verdict(result, "17,116,955 thousand")

    assert verdict.outcome == WITHIN_TOLERANCE
    assert verdict.details["relative_difference"] == "0.0026"


def test_the_right_line_value_is_grounded_where_another_lines_would_be_substitution():
    result = _clean("Operating income was $412 million in 2024.", MAIN)

    assert _verdict(result, "$412 million").outcome == GROUNDED


def test_another_lines_value_for_the_same_period_is_a_substitution():
    verdict = _wrong(
        "Operating income was $268 million in 2024.", "$268 million", SUBSTITUTION, MAIN
    )

    assert verdict.expected_value == Decimal("412000000")


def test_the_lines_value_for_its_own_period_is_grounded():
    result = _clean("Operating income was $376 million in 2023.", MAIN)

    assert _verdict(result, "$376 million").outcome == GROUNDED


def test_the_lines_value_for_another_period_is_a_period_mismatch():
    verdict = _wrong(
        "Operating income was $376 million in 2024.", "$376 million", PERIOD_MISMATCH, MAIN
    )

    assert verdict.expected_value == Decimal("412000000")


def test_the_same_digits_at_another_stated_scale_are_scale_drift():
    verdict = _wrong(
        "Operating income was $412 billion in 2024.", "$412 billion", SCALE_DRIFT, MAIN
    )

    assert verdict.expected_value == Decimal("412000000")


NO_CAPTION = """| | 2024 | 2023 |
|---|---:|---:|
| Operating income | 412 | 376 |
| Net income | 268 | 231 |
"""


def test_no_scale_drift_when_the_source_scale_is_unknown():
    result = _clean("Operating income was $412 billion in 2024.", NO_CAPTION)

    assert _verdict(result, "$412 billion").outcome == GROUNDED


def test_a_hedged_figure_at_the_right_precision_is_grounded():
    # 2,486 million is $2.5 billion at one decimal.
    result = _clean("Revenue was approximately $2.5 billion in 2024.", MAIN)

    assert _verdict(result, "$2.5 billion").outcome == GROUNDED


def test_a_hedged_round_figure_that_is_off_is_an_approximation():
    # 2.6 / 2.486 - 1 = 4.6%, beyond tolerance.
    verdict = _wrong(
        "Revenue was approximately $2.6 billion in 2024.", "$2.6 billion", APPROXIMATION, MAIN
    )

    assert verdict.expected_value == Decimal("2486000000")


def test_the_total_line_value_is_grounded_without_a_segment():
    result = _clean("Revenue was $2,486 million in 2024.", MAIN)

    assert _verdict(result, "$2,486 million").outcome == GROUNDED


SEGMENTS_NAMED = MAIN + (
    "\nGranby reports two segments, Industrial Solutions and Consumer Brands; segment "
    "figures are published separately.\n"
)


def test_the_total_value_given_for_the_whole_company_is_grounded_beside_named_segments():
    result = _clean("Revenue was $2,486 million in 2024.", SEGMENTS_NAMED)

    assert _verdict(result, "$2,486 million").outcome == GROUNDED


def test_a_total_value_given_for_a_named_segment_is_a_substitution():
    # The sources name the segment and give no figure for it: the whole company's revenue
    # is not the segment's.
    _wrong(
        "Industrial Solutions revenue was $2,486 million in 2024.",
        "$2,486 million",
        SUBSTITUTION,
        SEGMENTS_NAMED,
    )


EURO_SOURCE = (
    "Vellmar AG, fiscal 2024 results. Revenue for fiscal 2024 was €412.6 million, "
    "compared with €389.1 million in fiscal 2023."
)


def test_the_same_number_in_the_same_currency_is_grounded():
    result = _clean("Revenue for fiscal 2024 was €412.6 million.", EURO_SOURCE)

    assert _verdict(result, "€412.6 million").outcome == GROUNDED


def test_the_same_number_in_another_currency_is_a_substitution():
    verdict = _wrong(
        "Revenue for fiscal 2024 was $412.6 million.", "$412.6 million", SUBSTITUTION, EURO_SOURCE
    )

    assert verdict.expected_value == Decimal("412600000")


SEGMENTS = """Revenue by segment (in millions)
| | 2024 | 2023 |
|---|---:|---:|
| Industrial | 412 | 388 |
| Medical | 298 | 271 |
| Analytical | 176 | 160 |
| Total revenue | 886 | 819 |
"""


def test_the_stated_total_is_grounded():
    result = _clean("Total revenue was $886 million in 2024.", SEGMENTS)

    assert _verdict(result, "$886 million").outcome == GROUNDED


def test_a_sum_of_parts_listed_beside_the_total_is_an_unsupported_aggregation():
    # 412 + 298 = 710: Industrial and Medical only.
    verdict = _wrong(
        "Total revenue was $710 million in 2024.", "$710 million", UNSUPPORTED_AGGREGATION, SEGMENTS
    )

    assert verdict.expected_value == Decimal("886000000")


# ------------------------------------------------------------------ 5. derived wording


def test_a_change_from_a_to_b_that_recomputes_is_derived():
    result = _clean(
        "Revenue rose 7.62% from $2,310 million in 2023 to $2,486 million in 2024.", MAIN
    )

    verdict = _verdict(result, "7.62%")
    assert verdict.outcome == DERIVED
    assert verdict.formula


def test_a_change_from_a_to_b_with_a_wrong_result_is_arithmetic_drift():
    verdict = _wrong(
        "Revenue rose 7.26% from $2,310 million in 2023 to $2,486 million in 2024.",
        "7.26%",
        ARITHMETIC_DRIFT,
        MAIN,
    )

    assert _at(verdict.expected_value, "0.01") == Decimal("7.62")
    assert verdict.formula


def test_a_change_from_a_to_b_with_the_wrong_direction_is_arithmetic_drift():
    _wrong(
        "Revenue fell 7.62% from $2,310 million in 2023 to $2,486 million in 2024.",
        "7.62%",
        ARITHMETIC_DRIFT,
        MAIN,
    )


def test_an_increase_of_the_right_size_and_sign_is_derived():
    result = _clean(
        "Operating income went from $376 million in 2023 to $412 million in 2024, "
        "an increase of $36 million.",
        MAIN,
    )

    assert _verdict(result, "$36 million").outcome == DERIVED


def test_a_decrease_of_the_right_size_but_the_wrong_sign_is_arithmetic_drift():
    _wrong(
        "Operating income went from $376 million in 2023 to $412 million in 2024, "
        "a decrease of $36 million.",
        "$36 million",
        ARITHMETIC_DRIFT,
        MAIN,
    )


def test_a_share_of_the_other_side_that_recomputes_is_derived():
    result = _clean("Gross profit represented 53.1% of revenue in 2024.", MAIN)

    assert _verdict(result, "53.1%").outcome == DERIVED


def test_a_ratio_times_its_level_in_a_year_that_recomputes_is_derived():
    result = _clean("Net income in 2024 was 1.16 times its level in 2023.", MAIN)

    (verdict,) = [v for v in result.verdicts if v.claim.text.startswith("1.16")]
    assert verdict.outcome == DERIVED


BALANCE = """Balance sheet data (in millions)
| | December 31, 2024 | December 31, 2023 |
|---|---:|---:|
| Cash | 1,204 | 1,087 |
| Marketable securities | 356 | 412 |
| Total assets | 9,870 | 9,412 |
"""


def test_a_sum_together_totaled_that_recomputes_is_derived():
    # 1,204 + 356 = 1,560
    result = _clean(
        "Cash and marketable securities together totaled $1,560 million at December 31, 2024.",
        BALANCE,
    )

    assert _verdict(result, "$1,560 million").outcome == DERIVED


def test_an_average_over_two_periods_that_recomputes_is_derived():
    result = _clean("Net income averaged $249.5 million over 2023 and 2024.", MAIN)

    assert _verdict(result, "$249.5 million").outcome == DERIVED


def test_a_comparison_lower_than_that_recomputes_is_derived():
    # 231 - 268 = -37: 2023 was $37 million lower.
    result = _clean("Net income in 2023 was $37 million lower than in 2024.", MAIN)

    assert _verdict(result, "$37 million").outcome == DERIVED


def test_a_comparison_in_the_wrong_direction_is_arithmetic_drift():
    _wrong(
        "Net income in 2023 was $37 million higher than in 2024.",
        "$37 million",
        ARITHMETIC_DRIFT,
        MAIN,
    )


def test_a_sum_presented_as_the_whole_with_every_part_is_grounded():
    result = _clean(
        "Total revenue, the sum of Industrial, Medical and Analytical revenue, "
        "was $886 million in 2024.",
        SEGMENTS,
    )

    assert _verdict(result, "$886 million").outcome in GROUNDED_OUTCOMES


def test_a_partial_sum_presented_as_the_whole_is_an_unsupported_aggregation():
    _wrong(
        "Total revenue, the sum of Industrial and Medical revenue, was $710 million in 2024.",
        "$710 million",
        UNSUPPORTED_AGGREGATION,
        SEGMENTS,
    )


# ------------------------------------------------------------------ 6. the line without this period


def test_a_value_on_the_claims_line_with_no_period_named_is_grounded():
    result = _clean("Revenue was $2,310 million.", MAIN)

    assert _verdict(result, "$2,310 million").outcome == GROUNDED


def test_a_value_off_the_claims_line_with_no_period_named_is_a_substitution():
    # 1,166 is cost of sales.
    _wrong("Revenue was $1,166 million.", "$1,166 million", SUBSTITUTION, MAIN)


# ------------------------------------------------------------------ 7. anywhere

CAPEX = "Capital expenditures were $142 million in 2024 and $118 million in 2023."


def test_a_value_found_under_another_label_in_a_fitting_period_is_grounded():
    result = _clean("Spending on plant and equipment was $142 million in 2024.", CAPEX)

    assert _verdict(result, "$142 million").outcome == GROUNDED


def test_a_value_found_only_in_another_period_is_a_period_mismatch():
    _wrong(
        "Spending on plant and equipment was $118 million in 2024.",
        "$118 million",
        PERIOD_MISMATCH,
        CAPEX,
    )


# ------------------------------------------------------------------ 8. superseded

RESTATED = """Fiscal 2024 net income restatement (in millions)
| | As previously reported | As restated |
|---|---:|---:|
| Net income | 214.6 | 198.2 |
| Total assets | 3,412.0 | 3,380.5 |
"""


def test_the_restated_value_is_grounded():
    result = _clean("Net income for fiscal 2024 was $198.2 million.", RESTATED)

    assert _verdict(result, "$198.2 million").outcome == GROUNDED


def test_a_superseded_value_given_as_current_is_a_substitution():
    _wrong(
        "Net income for fiscal 2024 was $214.6 million.", "$214.6 million", SUBSTITUTION, RESTATED
    )


def test_a_superseded_value_under_the_same_qualifier_is_grounded():
    result = _clean(
        "Net income for fiscal 2024 as previously reported was $214.6 million.", RESTATED
    )

    assert _verdict(result, "$214.6 million").outcome == GROUNDED


RESTATED_PROSE = (
    "Fiscal 2024 net income was restated to $198.2 million "
    "from $214.6 million as previously reported."
)


def test_the_restated_value_in_prose_is_grounded():
    result = _clean("Net income for fiscal 2024 was $198.2 million.", RESTATED_PROSE)

    assert _verdict(result, "$198.2 million").outcome == GROUNDED


def test_a_superseded_value_in_prose_given_as_current_is_a_substitution():
    _wrong(
        "Net income for fiscal 2024 was $214.6 million.",
        "$214.6 million",
        SUBSTITUTION,
        RESTATED_PROSE,
    )


RECLASSIFIED = (
    "IT and licences for 2024 were re-presented at 3,662 to include cloud hosting costs of 418 "
    "previously reported within Other."
)


def test_an_amount_previously_reported_within_another_line_is_no_superseded_value():
    # Where the 418 was classified before, not an earlier figure for the 418.
    result = _clean("Cloud hosting costs of 418 moved into IT and licences.", RECLASSIFIED)

    assert _verdict(result, "418").outcome == GROUNDED


def test_a_value_previously_reported_for_the_line_itself_is_still_superseded():
    source = "IT and licences for 2024 of 3,244 previously reported were re-presented at 3,662."
    _wrong("IT and licences for 2024 were 3,244.", "3,244", SUBSTITUTION, source)


# ------------------------------------------------------------------ 9. described formula


def test_a_change_over_the_later_value_is_arithmetic_drift_with_the_right_formula():
    # 176 / 2,486 = 7.08%: the later value as the denominator.
    verdict = _wrong(
        "Revenue rose 7.08% from $2,310 million in 2023 to $2,486 million in 2024.",
        "7.08%",
        ARITHMETIC_DRIFT,
        MAIN,
    )

    assert _at(verdict.expected_value, "0.01") == Decimal("7.62")
    assert verdict.formula


def test_a_share_with_a_wrong_result_is_arithmetic_drift():
    verdict = _wrong(
        "Gross profit represented 55.1% of revenue in 2024.", "55.1%", ARITHMETIC_DRIFT, MAIN
    )

    assert _at(verdict.expected_value, "0.1") == Decimal("53.1")
    assert verdict.formula


def test_a_ratio_times_its_level_with_a_wrong_result_is_arithmetic_drift():
    result = detect(source_input("Net income in 2024 was 1.61 times its level in 2023.", MAIN))

    (verdict,) = [v for v in result.verdicts if v.claim.text.startswith("1.61")]
    assert verdict.outcome == ARITHMETIC_DRIFT
    assert _at(verdict.expected_value, "0.01") == Decimal("1.16")
    assert verdict.formula
    assert result.flagged is True


def test_a_sum_together_totaled_with_a_wrong_result_is_arithmetic_drift():
    verdict = _wrong(
        "Cash and marketable securities together totaled $1,650 million at December 31, 2024.",
        "$1,650 million",
        ARITHMETIC_DRIFT,
        BALANCE,
    )

    assert verdict.expected_value == Decimal("1560000000")
    assert verdict.formula


def test_an_average_over_two_periods_with_a_wrong_result_is_arithmetic_drift():
    verdict = _wrong(
        "Net income averaged $259.5 million over 2023 and 2024.",
        "$259.5 million",
        ARITHMETIC_DRIFT,
        MAIN,
    )

    assert verdict.expected_value == Decimal("249500000")
    assert verdict.formula


# ------------------------------------------------------------------ 10. formulas not described


def test_a_margin_on_a_cited_figure_is_derived_without_a_described_formula():
    result = _clean("In 2024 gross margin was 53.1% on revenue of $2,486 million.", MAIN)

    assert _verdict(result, "53.1%").outcome == DERIVED


def test_a_margin_no_formula_gives_is_a_fabrication():
    _wrong(
        "In 2024 gross margin was 58.1% on revenue of $2,486 million.", "58.1%", FABRICATION, MAIN
    )


# ------------------------------------------------------------------ 11. positive evidence only


def test_a_figure_a_source_states_outside_any_table_is_grounded():
    result = _clean(
        "Restructuring charges were $57 million in 2024.",
        MAIN,
        "Restructuring charges were $57 million in 2024, mostly severance.",
    )

    assert _verdict(result, "$57 million").outcome == GROUNDED


def test_a_figure_nothing_in_the_sources_is_near_is_a_fabrication_with_its_nearest_value():
    verdict = _wrong(
        "Restructuring charges were $57 million in 2024.", "$57 million", FABRICATION, MAIN
    )

    assert verdict.nearest is not None


# ------------------------------------------------------------------ abbreviations are not segments

GUIDANCE = (
    "For the full year we now expect non-GAAP EPS of $4.45 to $4.55, up from our prior range "
    "of $4.35 to $4.50."
)


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Full-year non-GAAP EPS guidance was raised to $4.45–$4.55 from $4.35–$4.50.", False),
        ("Full-year non-GAAP EPS guidance was raised to $4.45–$4.55 from $4.25–$4.50.", True),
    ],
)
def test_a_metric_s_abbreviation_before_its_name_is_not_a_segment(answer, flagged):
    result = detect(DetectionInput(answer=answer, sources=(SourceDocument("call", GUIDANCE),)))

    assert result.flagged is flagged
    assert all(v.claim.segment == "" for v in result.verdicts)


# ------------------------------------------------------------------ a change with no metric of its own

RELEASE = (
    "Second Quarter 2025 Highlights (comparisons to the second quarter of 2024 unless noted)\n"
    "  • Net income of $187.4 million, or $1.21 per diluted share, compared with $162.9 "
    "million, or $1.04 per diluted share"
)


@pytest.mark.parametrize(
    ("change", "outcome"),
    [("15.0%", "derived"), ("12.0%", "arithmetic_drift")],
)
def test_a_change_with_no_metric_of_its_own_is_tried_over_the_lines_of_its_sentence(
    change, outcome
):
    # "earned" names no metric; 15.0% is the change of the first figure's line (net income).
    answer = (
        "Cascade Harbor earned $187.4 million, or $1.21 per diluted share, in the second "
        f"quarter of 2025, {change} more than a year earlier."
    )
    result = detect(DetectionInput(answer=answer, sources=(SourceDocument("release", RELEASE),)))

    (verdict,) = [v for v in result.verdicts if v.claim.text == change]
    assert verdict.outcome == outcome


# ------------------------------------------------------------------ midpoints, "above"

OUTLOOK = "Net revenue guidance: $9.35B – $9.50B. 2024 net revenue was $8.87 billion."


@pytest.mark.parametrize(
    ("midpoint", "change", "flagged"),
    [
        ("about $9.43 billion", "6.3%", False),
        ("about $9.53 billion", "6.3%", True),
        ("about $9.43 billion", "8.3%", True),
    ],
)
def test_a_midpoint_is_the_average_of_its_range_and_above_is_a_rise(midpoint, change, flagged):
    answer = (
        f"The net revenue range of $9.35–$9.50 billion has a midpoint of {midpoint}, roughly "
        f"{change} above 2024 net revenue of $8.87 billion."
    )
    result = detect(DetectionInput(answer=answer, sources=(SourceDocument("outlook", OUTLOOK),)))

    assert result.flagged is flagged


TRADING_STATEMENT = (
    "For the period the company expects headline earnings per share (HEPS) of between 312.4 "
    "cents and 326.8 cents, compared with 278.9 cents for the prior period."
)


@pytest.mark.parametrize(("midpoint", "flagged"), [("319.6", False), ("321.6", True)])
def test_a_range_said_between_and_has_its_midpoint(midpoint, flagged):
    # (312.4 + 326.8) / 2 = 319.6.
    answer = f"The midpoint of the HEPS guidance is {midpoint} cents."
    result = detect(source_input(answer, TRADING_STATEMENT))

    assert result.flagged is flagged


def test_below_is_a_fall():
    answer = "2024 net revenue of $8.87 billion was 5.9% below the $9.43 billion midpoint."
    source = OUTLOOK + " The midpoint is $9.43 billion."
    result = detect(DetectionInput(answer=answer, sources=(SourceDocument("outlook", source),)))

    assert result.flagged is False


# ------------------------------------------------------------------ guidance of a metric

CALL = (
    "Gross margin was 58.6%, above the high end of our guidance range of 56% to 58%. Looking "
    "to the fourth quarter, we expect revenue between $7.9 billion and $8.2 billion."
)


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Fourth-quarter guidance of $7.9–$8.2 billion has a midpoint of $8.05 billion.", False),
        ("Fourth-quarter guidance of $7.6–$8.2 billion has a midpoint of $7.9 billion.", True),
        ("Gross margin of 58.6% beat the top of the 56%–58% guided range.", False),
        ("Gross margin of 58.6% beat the top of the 55%–58% guided range.", True),
    ],
)
def test_guidance_is_a_forecast_of_the_metric_the_sources_name(answer, flagged):
    result = detect(DetectionInput(answer=answer, sources=(SourceDocument("call", CALL),)))

    assert result.flagged is flagged


BANK_QUARTERS = """Selected financial highlights (unaudited)
                                          Q1 2026      Q4 2025      Q1 2025
Net interest income                         168.4        163.9        151.2
Net interest margin                         3.42%        3.35%        3.18%
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        (
            "Net interest margin widened 24 basis points year over year to 3.42% in Q1 2026, "
            "and rose 7 basis points from Q4 2025.",
            False,
        ),
        # The change from the quarter before given as the change over the year.
        ("Net interest margin widened 7 basis points year over year to 3.42% in Q1 2026.", True),
        # (168.4 - 151.2) / 151.2 = 11.38%
        ("Net interest income rose 11.4% year over year to $168.4 million in Q1 2026.", False),
        ("Net interest income rose 2.7% year over year to $168.4 million in Q1 2026.", True),
    ],
)
def test_a_change_year_over_year_is_from_the_same_period_a_year_before(answer, flagged):
    assert detect(source_input(answer, BANK_QUARTERS)).flagged is flagged


QUARTERLY_REPORT = """Cash and bullion of A$412.7 million at 30 September 2026, up from
A$361.9 million at 30 June 2026, after growth capital of A$48.3 million and income tax
payments of A$21.6 million.
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        (
            "Cash and bullion reached A$412.7 million at 30 September 2026, even after "
            "A$48.3 million of growth capital and A$21.6 million of income tax payments.",
            False,
        ),
        (
            "Cash and bullion reached A$412.7 million at 30 September 2026, even after "
            "A$48.3 million of growth capital and A$26.1 million of income tax payments.",
            True,
        ),
    ],
)
def test_a_balance_s_date_is_not_the_period_of_the_flows_after_it(answer, flagged):
    assert detect(source_input(answer, QUARTERLY_REPORT)).flagged is flagged


RESULTS_STORY = """Excluding items, Northwind earned $1.74 per share in the quarter, beating
estimates of $1.66.
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Adjusted EPS of $1.74 beat the $1.66 consensus.", False),
        ("Adjusted EPS of $1.47 beat the $1.66 consensus.", True),
    ],
)
def test_a_figure_excluding_items_is_reported_not_hypothetical(answer, flagged):
    assert detect(source_input(answer, RESULTS_STORY)).flagged is flagged


UNIT_COSTS = """Operating statistics           Q2 2026     Q2 2025     Change
Cost per ASM (cents)             15.37       15.02       2.3 %
CASM excluding fuel (cents)      11.46       10.98       4.4 %
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Total CASM rose 2.3% to 15.37 cents in Q2 2026.", False),
        ("CASM excluding fuel rose 4.4% to 11.46 cents in Q2 2026.", False),
        # The measure excluding fuel given as the total.
        ("Total CASM rose 4.4% to 15.37 cents in Q2 2026.", True),
    ],
)
def test_a_metric_and_its_variant_excluding_items_are_two_lines(answer, flagged):
    assert detect(source_input(answer, UNIT_COSTS)).flagged is flagged


SEGMENT_NOI = """Total NOI was $571.8 million in 2026. Industrial segment NOI was $312.4 million.
2027 Core FFO guidance is $2.55 to $2.63 per share; 2026 Core FFO was $2.53 per share.
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # 312.4 / 571.8 = 54.63%: the sentence's figure over the whole it names.
        (
            "Total NOI was $571.8 million. Industrial NOI was $312.4 million (about 54.6% of total NOI).",
            False,
        ),
        (
            "Total NOI was $571.8 million. Industrial NOI was $312.4 million (about 45.6% of total NOI).",
            True,
        ),
        # The range's upper end is not its midpoint; (2.55 + 2.63) / 2 = 2.59, 2.59 / 2.53 - 1 = 2.37%.
        (
            "The 2027 Core FFO range of $2.55 to $2.63 has a midpoint of $2.59, roughly 2.4% "
            "above 2026 Core FFO.",
            False,
        ),
        (
            "The 2027 Core FFO range of $2.55 to $2.63 has a midpoint of $2.61, roughly 2.4% "
            "above 2026 Core FFO.",
            True,
        ),
    ],
)
def test_a_share_or_a_gap_of_the_sentence_s_figure_against_the_whole_it_names(answer, flagged):
    assert detect(source_input(answer, SEGMENT_NOI)).flagged is flagged


ACQUISITION = """Hoshizora generated revenue of ¥21.3 billion and operating profit of ¥3.9 billion.
The tender offer values Hoshizora at ¥48.6 billion.
"""


def test_figures_of_the_sentence_before_explain_but_never_make_a_drift():
    # 48.6 / 3.9 = 12.46: the price is not in the sentence before, whose revenue over
    # operating profit (5.46) is no formula this sentence describes.
    result = detect(
        source_input(
            "Hoshizora had revenue of ¥21.3 billion and operating profit of ¥3.9 billion. "
            "The purchase price is therefore roughly 12.5 times operating profit.",
            ACQUISITION,
        )
    )
    (multiple,) = [v for v in result.verdicts if v.claim.text == "12.5 times"]

    assert multiple.outcome != ARITHMETIC_DRIFT


UNDERWRITING = """($ in millions)
                                          Three Months Ended          Nine Months Ended
                                             September 30,               September 30,
                                          2026          2025          2026          2025
Catastrophe losses                     $   187       $   346       $   612       $   781
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        (
            "In the third quarter of 2026 catastrophe losses fell to $187 million from $346 "
            "million in the same quarter of 2025.",
            False,
        ),
        # Nine months of 2025 given as its third quarter.
        (
            "In the third quarter of 2026 catastrophe losses fell to $187 million from $781 "
            "million in the same quarter of 2025.",
            True,
        ),
    ],
)
def test_the_same_quarter_of_another_year_is_the_quarter_named_before(answer, flagged):
    assert detect(source_input(answer, UNDERWRITING)).flagged is flagged


OUTLOOK_STORY = (
    "Northwind expects revenue of $2.95 billion to $3.15 billion next quarter. "
    "Revenue was $2.87 billion."
)
# The same story as a filing's text extraction leaves it: lines wrapped inside sentences.
WRAPPED_STORY = """Northwind expects revenue of $2.95 billion to $3.15 billion next quarter. Revenue was
$2.87 billion, and operating income was
$412 million.
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Revenue was $2.87 billion and operating income was $412 million.", False),
        # Operating income given as revenue.
        ("Revenue was $412 million.", True),
    ],
)
def test_a_line_wrapped_inside_a_sentence_does_not_end_it(answer, flagged):
    assert detect(source_input(answer, WRAPPED_STORY)).flagged is flagged


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Guidance for the October quarter is $2.95 billion to $3.15 billion in revenue.", False),
        ("Guidance for the October quarter is $2.95 billion to $3.25 billion in revenue.", True),
    ],
)
def test_prose_naming_one_metric_twice_is_one_line_not_two(answer, flagged):
    assert detect(source_input(answer, OUTLOOK_STORY)).flagged is flagged


CRUISE_RESULTS = (
    "Full-year 2026 results. "
    "Adjusted EBITDA rose to €512.3 million (2025: €208.6 million). The net result improved "
    "to a loss of €(38.2) million from a loss of €(246.9) million in 2025, reflecting higher "
    "interest expense of €286.7 million. Net debt was €4.07 billion and liquidity €1.1 billion."
)


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # 4,070 / 512.3 = 7.94: the figure over the line the sentence names, whose current
        # value is the one the source gives without a period beside "(2025: ...)".
        ("Net debt stood at €4.07 billion, about 7.9 times 2026 adjusted EBITDA.", False),
        ("Net debt stood at €4.07 billion, about 9.7 times 2026 adjusted EBITDA.", True),
        # A cause is not the period of the figure before it.
        (
            "The loss narrowed from €(246.9) million in 2025 because interest expense reached "
            "€286.7 million.",
            False,
        ),
        (
            "The loss narrowed from €(246.9) million in 2025 because interest expense reached "
            "€268.7 million.",
            True,
        ),
    ],
)
def test_a_multiple_of_a_named_line_and_the_period_of_a_cause(answer, flagged):
    assert detect(source_input(answer, CRUISE_RESULTS)).flagged is flagged
