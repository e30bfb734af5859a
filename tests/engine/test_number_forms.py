"""Figures written the ways filings outside the US write them, and the clause words that say
which metric and period a figure has. Each class has a clean case and a wrong one of the same
shape."""

from __future__ import annotations

from decimal import Decimal

import pytest

from hallucination.engine import detect, extract_claims
from hallucination.engine.answer import read_answer
from hallucination.engine.extraction import extract_document
from hallucination.engine.sources import extract_source
from hallucination.engine.types import (
    ARITHMETIC_DRIFT,
    FABRICATION,
    GROUNDED,
    PERIOD_MISMATCH,
    SUBSTITUTION,
)

from .conftest import source_input


def _values(text: str) -> list[Decimal]:
    claims, _ = extract_document(text)
    return [c.value for c in claims]


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


# ------------------------------------------------------------------ digit groups


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("Revenue 2 314,6", Decimal("2314.6")),  # French: space groups, decimal comma
        ("Net sales CHF 2'413 million", Decimal("2413E6")),  # Swiss apostrophe
        ("Employees: 11\u202f960", Decimal("11960")),  # narrow no-break space
        ("Margin 12,5%", Decimal("12.5")),  # a decimal comma before one digit
        ("Operating income 287,9", Decimal("287.9")),
        ("9,870 employees", Decimal("9870")),  # a comma before three digits groups them
        ("1,234,567.89", Decimal("1234567.89")),
    ],
)
def test_digit_groups_are_read_as_the_filing_writes_them(written, value):
    assert _values(written) == [value]


def test_a_plain_space_between_numbers_without_a_decimal_comma_keeps_them_apart():
    assert _values("In 2024 123 stores opened.") == [Decimal("2024"), Decimal("123")]


FRENCH_TABLE = """Key figures (in € millions)
                                     2024         2023
Revenue                            2 314,6      2 198,3
Current operating income             287,9        262,4
"""


def test_a_figure_from_a_french_table_is_grounded():
    result = detect(
        source_input("Current operating income was €287.9 million in 2024.", FRENCH_TABLE)
    )

    assert _verdict(result, "€287.9 million").outcome == GROUNDED


def test_a_wrong_figure_against_a_french_table_is_flagged():
    result = detect(
        source_input("Current operating income was €278.9 million in 2024.", FRENCH_TABLE)
    )

    assert result.flagged is True
    assert _verdict(result, "€278.9 million").expected_value == Decimal("287.9E6")


SWISS = "Net sales: CHF 2'413 million (H1 2024: CHF 2'287 million)"


def test_a_rounded_swiss_figure_is_grounded():
    result = detect(source_input("First-half net sales were CHF 2.4 billion.", SWISS))

    assert result.flagged is False


def test_the_prior_period_swiss_figure_given_as_current_is_flagged():
    result = detect(source_input("Net sales were CHF 2'287 million in H1 2025.", SWISS))

    assert _verdict(result, "CHF 2'287 million").outcome == PERIOD_MISMATCH


# ------------------------------------------------------------------ "(P: X)"


def test_a_period_with_a_colon_names_only_the_figure_after_it():
    claims, _ = extract_document("Net sales: $1.49 billion (Q1 2024: $1.41 billion)")
    periods = {c.text: c.period for c in claims}

    assert periods["$1.49 billion"] == ""
    assert periods["$1.41 billion"] == "Q1 2024"


QUARTER = """Q1 2025 results
Net sales: $1,490.2 million (Q1 2024: $1,412.9 million)
"""


def test_the_current_figure_before_a_prior_period_aside_is_grounded():
    result = detect(
        source_input("Q1 2025 net sales were $1.49 billion (Q1 2024: $1.41 billion).", QUARTER)
    )

    assert result.flagged is False


def test_the_prior_figure_given_as_current_beside_such_an_aside_is_flagged():
    result = detect(
        source_input("Q1 2025 net sales were $1.41 billion (Q1 2024: $1.41 billion).", QUARTER)
    )

    assert result.flagged is True


# ------------------------------------------------------------------ per-share figures


def _labels(answer: str) -> dict[str, frozenset[str]]:
    return {r.claim.text: r.claim.label_words for r in read_answer(answer).readings}


def test_a_per_share_figure_does_not_lend_its_metric_to_the_amount_after_it():
    labels = _labels(
        "Net income was $41.8 million, or $0.87 per diluted share, compared to $35.0 million, "
        "or $0.73, a year earlier."
    )

    assert "@net income" in labels["$35.0 million"]
    assert "@eps" in labels["$0.73"]


PER_SHARE_SOURCE = (
    "Net income for 2024 was $41.8 million, or $0.87 per diluted share, compared with "
    "$35.0 million, or $0.73 per diluted share, for 2023."
)


def test_the_prior_year_amount_after_a_per_share_figure_is_grounded():
    answer = (
        "Net income for 2024 was $41.8 million, or $0.87 per diluted share, compared to "
        "$35.0 million, or $0.73, in 2023."
    )

    assert detect(source_input(answer, PER_SHARE_SOURCE)).flagged is False


def test_a_wrong_prior_year_amount_after_a_per_share_figure_is_flagged():
    answer = (
        "Net income for 2024 was $41.8 million, or $0.87 per diluted share, compared to "
        "$38.0 million, or $0.73, in 2023."
    )

    result = detect(source_input(answer, PER_SHARE_SOURCE))
    assert _verdict(result, "$38.0 million").grounded is False


def test_a_period_phrase_after_a_figure_is_not_its_metric():
    labels = _labels("Revenue was $10 million in the prior-year period.")

    assert "@revenue" in labels["$10 million"]


# ------------------------------------------------------------------ prose with no period


def test_a_wrong_figure_against_prose_with_no_period_carries_the_stated_value():
    result = detect(source_input("EPS was $0.81.", "EPS: $0.78."))

    verdict = _verdict(result, "$0.81")
    assert verdict.outcome == FABRICATION
    assert verdict.expected_value == Decimal("0.78")


def test_the_same_figure_against_prose_with_no_period_is_grounded():
    result = detect(source_input("EPS was $0.78.", "EPS: $0.78."))

    assert _verdict(result, "$0.78").outcome == GROUNDED


# ------------------------------------------------------------------ header groups


NINE_MONTHS = """CONDENSED CONSOLIDATED STATEMENTS OF INCOME
(in thousands)

                              Three Months Ended          Nine Months Ended
                                 September 30                September 30
                              2025          2024          2025          2024
Total revenue               150,050       138,985       434,242       403,684
Operating income             21,907        18,623        61,204        52,072
"""


def test_a_header_over_two_columns_gives_both_its_period():
    claims, _ = extract_document(NINE_MONTHS)
    periods = {c.text: c.period for c in claims if c.cell is not None}

    assert periods["150,050"] == "Q3 2025"
    assert periods["138,985"] == "Q3 2024"
    assert periods["434,242"] == "9M 2025-09"
    assert periods["403,684"] == "9M 2024-09"


def test_the_year_line_under_a_header_group_is_not_a_row_of_values():
    claims, _ = extract_document(NINE_MONTHS)

    assert not [c for c in claims if c.cell is not None and c.value in (2024000, 2025000)]


def test_a_nine_month_figure_under_a_header_group_is_grounded():
    answer = "For the nine months ended September 30, 2025, total revenue rose to $434.2 million."

    assert detect(source_input(answer, NINE_MONTHS)).flagged is False


def test_the_prior_nine_months_given_as_current_under_a_header_group_is_flagged():
    answer = "For the nine months ended September 30, 2025, total revenue rose to $403.7 million."

    result = detect(source_input(answer, NINE_MONTHS))
    assert _verdict(result, "$403.7 million").outcome == PERIOD_MISMATCH


def test_the_figure_a_change_arrives_at_keeps_the_clauses_period():
    claims, _ = extract_document("In 2024, revenue grew from $8.0 million to $10.2 million.")
    periods = {c.text: c.period for c in claims}

    assert periods["$10.2 million"] == "2024"
    assert periods["$8.0 million"] == ""


def test_a_base_after_compared_to_stays_without_the_clauses_period():
    claims, _ = extract_document("In 2024, revenue was $10.2 million, compared to $8.0 million.")

    assert {c.text: c.period for c in claims}["$8.0 million"] == ""


# ------------------------------------------------------------------ hedged round figures


SUBSCRIBERS = (
    "Paid subscribers reached 1,812,400 at September 30, 2025, representing net additions "
    "of 96,300 in the quarter."
)


def test_a_hedged_figure_written_to_the_thousand_is_grounded_by_its_rounding():
    result = detect(source_input("Net additions were about 96,000 in the quarter.", SUBSCRIBERS))

    assert result.flagged is False


def test_a_hedged_figure_off_by_more_than_its_rounding_is_flagged():
    result = detect(source_input("Net additions were about 92,000 in the quarter.", SUBSCRIBERS))

    assert result.flagged is True


def test_a_hedged_figure_with_one_digit_before_its_zeros_claims_no_such_width():
    source = "Net fair value of derivatives was $233.6 million."
    result = detect(source_input("Net fair value of derivatives was roughly $200 million.", source))

    assert result.flagged is True


# ------------------------------------------------------------------ margins, annualized


PRESS = (
    "Second Quarter 2025 Highlights\n"
    "- Revenue was $358.7 million, compared to $331.2 million in the second quarter of 2024.\n"
    "- Gross profit was $233.9 million, compared to $212.6 million in the prior-year period.\n"
)


def test_a_margin_is_a_line_over_revenue_without_naming_revenue():
    # 233.9 / 358.7 = 65.21%
    result = detect(source_input("Gross margin was about 65.2% in the quarter.", PRESS))

    assert _verdict(result, "65.2%").grounded is True


def test_a_margin_no_line_over_revenue_gives_is_flagged():
    result = detect(source_input("Gross margin was about 68.2% in the quarter.", PRESS))

    assert result.flagged is True


DIVIDEND = "The Board declared a quarterly dividend of $0.62 per share."


def test_an_annualized_figure_is_the_quarter_times_four():
    answer = "The board declared a quarterly dividend of $0.62 per share, or $2.48 annualized."

    verdict = _verdict(detect(source_input(answer, DIVIDEND)), "$2.48")
    assert verdict.grounded is True
    assert verdict.formula == "0.62 * 4"


def test_a_wrong_annualized_figure_is_flagged_with_the_product():
    answer = "The board declared a quarterly dividend of $0.62 per share, or $2.68 annualized."

    verdict = _verdict(detect(source_input(answer, DIVIDEND)), "$2.68")
    assert verdict.grounded is False
    assert verdict.expected_value == Decimal("2.48")


QUOTE = DIVIDEND + " The shares closed at $61.35."


def test_a_figure_computed_from_the_sentence_before_is_grounded():
    # 2.48 / 61.35 = 4.04%
    answer = (
        "The quarterly dividend is $0.62 per share, or $2.48 annualized. At $61.35, that "
        "annualized dividend implies a yield of about 4.0%."
    )

    assert detect(source_input(answer, QUOTE)).flagged is False


def test_a_wrong_figure_with_the_sentence_before_at_hand_is_flagged():
    answer = (
        "The quarterly dividend is $0.62 per share, or $2.48 annualized. At $61.35, that "
        "annualized dividend implies a yield of about 4.6%."
    )

    assert detect(source_input(answer, QUOTE)).flagged is True


# ------------------------------------------------------------------ signs


@pytest.mark.parametrize(
    "answer", ["Net income was -$312 million.", "Net income was $-312 million."]
)
def test_an_amount_written_negative_is_not_the_positive_value_of_its_metric(answer):
    result = detect(source_input(answer, "Net income: $312 million."))

    assert result.flagged is True


def test_an_outflow_written_negative_is_the_amount_the_sources_give():
    result = detect(
        source_input(
            "Capital expenditures were -$312 million in 2024.",
            "Capital expenditures were $312 million in 2024.",
        )
    )

    assert result.flagged is False


def test_a_figure_in_parentheses_in_prose_is_an_aside_not_a_sign():
    result = detect(
        source_input(
            "Alpharetta (254,000 square feet) is the largest site.",
            "Alpharetta, Georgia: 254,000 square feet.",
        )
    )

    assert result.flagged is False


def test_digits_of_other_scripts_keep_their_spans():
    claims, _ = extract_document("EPS was $٠٫٨١ in Q3.")
    (eps,) = [c for c in claims if c.value == Decimal("0.81")]

    assert eps.text == "$٠٫٨١"


# ------------------------------------------------------------------ sibling lines, defined rates

EPS_LINES = "Basic EPS: $1.12. Diluted EPS: $1.08."


def test_the_diluted_figure_beside_a_basic_one_is_grounded():
    assert (
        detect(source_input("Diluted EPS was $1.08 for the quarter.", EPS_LINES)).flagged is False
    )


def test_the_basic_figure_given_as_diluted_is_a_substitution():
    result = detect(source_input("Diluted EPS was $1.12 for the quarter.", EPS_LINES))

    verdict = _verdict(result, "$1.12")
    assert verdict.outcome == SUBSTITUTION
    assert verdict.expected_value == Decimal("1.08")


SURPRISE = "Reported EPS: $0.50. Consensus EPS estimate: $0.45."


def test_a_surprise_over_two_unordered_figures_takes_the_subject_first():
    answer = "Reported EPS of $0.50 beat the $0.45 estimate, an earnings surprise of 11.11%."

    assert detect(source_input(answer, SURPRISE)).flagged is False


def test_a_wrong_surprise_over_two_unordered_figures_is_drift():
    answer = "Reported EPS of $0.50 beat the $0.45 estimate, an earnings surprise of 10.96%."

    verdict = _verdict(detect(source_input(answer, SURPRISE)), "10.96%")
    assert verdict.outcome == ARITHMETIC_DRIFT
    assert verdict.expected_value == Decimal("11.11")


PAYOUT = "Diluted EPS: $1.20. Quarterly dividend: $0.42."


def test_a_payout_ratio_is_the_dividend_over_earnings():
    assert detect(source_input("The payout ratio is 35%.", PAYOUT)).flagged is False


def test_a_payout_ratio_the_lines_do_not_give_is_flagged():
    assert detect(source_input("The payout ratio is 45%.", PAYOUT)).flagged is True


COSTS = "Revenue: $820 million. Cost of goods sold: $492 million."


def test_a_gross_margin_is_revenue_less_its_costs_over_revenue():
    # (820 - 492) / 820 = 40.0%
    result = detect(source_input("Gross margin was 40.0% on revenue of $820 million.", COSTS))

    assert result.flagged is False


def test_a_gross_margin_revenue_and_costs_do_not_give_is_flagged():
    result = detect(source_input("Gross margin was 42.0% on revenue of $820 million.", COSTS))

    assert result.flagged is True


# ------------------------------------------------------------------ CSV titles, noun then period

CSV_WITH_TITLE = """Pemberton Analytics, Inc. - Other items in operating results (in millions)
Line item,Fiscal 2024,Fiscal 2023,Fiscal 2022
Goodwill impairment,—,18.6,—
Restructuring charges,7.9,12.3,4.1
Total,6.9,10.2,10.0
"""


def test_a_csv_title_with_a_comma_is_the_caption_not_a_row():
    claims, _ = extract_document(CSV_WITH_TITLE)
    restructuring = {c.period: c.value for c in claims if "restructur" in c.label_words}

    assert restructuring == {
        "FY2024": Decimal("7.9E6"),
        "FY2023": Decimal("12.3E6"),
        "FY2022": Decimal("4.1E6"),
    }


def test_a_figure_from_a_csv_under_a_title_is_grounded_and_a_wrong_one_flagged():
    clean = "Restructuring charges fell to $7.9 million in fiscal 2024."
    wrong = "Restructuring charges fell to $8.9 million in fiscal 2024."

    assert detect(source_input(clean, CSV_WITH_TITLE)).flagged is False
    assert detect(source_input(wrong, CSV_WITH_TITLE)).flagged is True


def test_a_period_after_the_figures_own_noun_is_its_period():
    claims, _ = extract_document(
        "No impairment was recorded in fiscal 2024, after an $18.6 million charge in fiscal 2023."
    )

    assert {c.text: c.period for c in claims}["$18.6 million"] == "FY2023"


def test_the_prior_years_charge_given_for_the_later_year_is_flagged():
    answer = "Pemberton recorded an $18.6 million goodwill impairment in fiscal 2024."

    assert detect(source_input(answer, CSV_WITH_TITLE)).flagged is True


@pytest.mark.parametrize(
    "text",
    [
        "In 2025 it repaid its $450 million term loan that matures in fiscal 2026.",
        "In 2024 revenue was $5 million higher than in 2023.",
    ],
)
def test_a_date_after_a_maturity_or_comparison_is_not_the_figures_period(text):
    claims, _ = extract_document(text)
    (figure,) = [c for c in claims if c.kind != "date"]

    assert figure.period in ("2025", "2024")


# ------------------------------------------------------------------ one metric's change

ANNUAL = (
    "In fiscal year 2024, the Group increased revenue to €4,218 million (prior year: €3,967 "
    "million). EBIT rose to €386 million (prior year: €341 million); the EBIT margin improved "
    "to 9.2% (prior year: 8.6%)."
)


def test_a_prior_year_aside_continues_the_metric_before_it():
    labels = {c.text: c.label_words for c in extract_source("s", ANNUAL).claims}

    assert "@revenue" in labels["€3,967 million"]
    assert "@operating income" in labels["€341 million"]


def test_a_change_of_one_metric_is_not_recomputed_from_anothers_figures():
    # 4218 / 3967 - 1 = 6.33%; the margins 9.2% and 8.6% in the same sentence are EBIT's.
    answer = (
        "2024 revenue grew 6.3% to €4.2bn, and EBIT climbed to €386 million, lifting the EBIT "
        "margin to 9.2% from 8.6%."
    )

    assert _verdict(detect(source_input(answer, ANNUAL)), "6.3%").grounded is True


def test_a_wrong_change_beside_anothers_figures_is_still_flagged():
    answer = (
        "2024 revenue grew 7.0% to €4.2bn, and EBIT climbed to €386 million, lifting the EBIT "
        "margin to 9.2% from 8.6%."
    )

    assert _verdict(detect(source_input(answer, ANNUAL)), "7.0%").grounded is False


# ------------------------------------------------------------------ quarters a date closes

QUARTER_PROSE = (
    "Cost of revenue was $262.8 million for the three months ended March 31, 2025, compared "
    "with $246.1 million for the three months ended March 31, 2024."
)


def test_the_quarter_a_date_closes_grounds_the_quarters_name():
    result = detect(
        source_input(
            "In the first quarter of 2024 cost of revenue was $246.1 million.", QUARTER_PROSE
        )
    )

    assert _verdict(result, "first quarter of 2024").outcome == GROUNDED


def test_a_quarter_no_date_closes_is_not_grounded_by_it():
    result = detect(
        source_input(
            "In the second quarter of 2024 cost of revenue was $246.1 million.", QUARTER_PROSE
        )
    )

    assert _verdict(result, "second quarter of 2024").grounded is False


# ------------------------------------------------------------------ counts with nouns, yen

TRADES = '{"summary": {"total_trades": 24, "winning_trades": 15, "losing_trades": 9}}'


def test_each_count_is_named_by_its_own_noun():
    labels = _labels("The account closed 24 trades, 15 winners and 9 losers.")

    assert "@losses" in labels["9"]
    assert "@wins" not in labels["9"]


def test_counts_named_by_their_own_nouns_are_grounded():
    answer = "The account closed 24 trades, 15 winners and 9 losers."

    assert detect(source_input(answer, TRADES)).flagged is False


def test_swapped_counts_are_flagged():
    answer = "The account closed 24 trades, 9 winners and 15 losers."

    assert detect(source_input(answer, TRADES)).flagged is True


YEN = """(Millions of yen; amounts less than one million yen are truncated)
                                    Six months ended     Six months ended
                                    Sep. 30, 2025        Sep. 30, 2024
Net sales                            412,736              388,905
Operating income                      38,412               33,770
"""


def test_a_millions_of_yen_caption_scales_the_table():
    answer = "For the six months ended September 30, 2025, operating income was ¥38.4 billion."

    assert detect(source_input(answer, YEN)).flagged is False


def test_a_figure_a_thousand_times_too_small_against_a_yen_table_is_flagged():
    answer = "For the six months ended September 30, 2025, operating income was ¥38.4 million."

    assert detect(source_input(answer, YEN)).flagged is True


# ------------------------------------------------------------------ lines under a heading

SEGMENT_LINES = """Segment Results (in millions)
Aerospace Systems: net sales $412.3 (Q3 2024: $371.8)
Industrial Automation: net sales $298.7 (Q3 2024: $311.5)
Total net sales: $711.0 (Q3 2024: $683.3)
"""


def test_amounts_under_a_heading_with_a_scale_are_at_that_scale():
    values = {c.text: c.value for c in extract_source("s", SEGMENT_LINES).claims}

    assert values["$412.3"] == Decimal("412.3E6")
    assert values["$711.0"] == Decimal("711.0E6")


def test_a_total_named_after_a_segment_is_the_whole_companys():
    answer = (
        "The Aerospace Systems segment had net sales of $412.3 million in the third quarter, "
        "and total net sales were $711.0 million."
    )

    assert detect(source_input(answer, SEGMENT_LINES)).flagged is False


def test_one_segments_figure_given_for_another_under_a_heading_is_flagged():
    answer = "The Industrial Automation segment had net sales of $412.3 million in the quarter."

    assert detect(source_input(answer, SEGMENT_LINES)).flagged is True


STATS = "Departures: 41,206\nFull-time equivalent employees at period end: 7,340"


def test_a_grouped_quantitys_noun_is_its_own_not_the_next_figures():
    answer = "The airline operated 41,206 departures and ended the period with 7,340 employees."

    assert detect(source_input(answer, STATS)).flagged is False


def test_swapped_quantities_with_their_nouns_are_flagged():
    answer = "The airline operated 7,340 departures and ended the period with 41,206 employees."

    assert detect(source_input(answer, STATS)).flagged is True


# ------------------------------------------------------------------ hedged derived figures

EBITDA = "Revenue for 2024 was $5.84 billion. Adjusted EBITDA was $742 million in 2024."


def test_a_hedged_figure_a_formula_explains_is_derived_not_an_approximation():
    # 742 / 5840 = 12.71%
    answer = "Adjusted EBITDA was $742 million, a margin of about 12.7%."

    assert detect(source_input(answer, EBITDA)).flagged is False


def test_a_hedged_figure_no_formula_explains_is_still_flagged():
    answer = "Adjusted EBITDA was $742 million, a margin of about 14.7%."

    assert detect(source_input(answer, EBITDA)).flagged is True


def test_a_one_digit_hedge_is_not_explained_by_a_formula_that_only_rounds_to_it():
    source = "| | 2024 |\n|---|---|\n| Acquisition costs | 2.8 |\n| Integration costs | 1.5 |"

    result = detect(
        source_input("Acquisition-related costs were approximately $4 million.", source)
    )
    assert result.flagged is True


# ------------------------------------------------------------------ elided list items

REGIONS = """Revenue by region (in millions)
| | Fiscal 2024 |
|---|---:|
| United States | 2,216 |
| Europe | 984 |
| Asia Pacific | 612 |
| Rest of world | 188 |
| Total revenue | 4,000 |
"""


def test_list_items_that_leave_out_the_verb_are_shares_of_the_same_whole():
    # 2216 / 4000 = 55.4%, 984 / 4000 = 24.6%, 612 / 4000 = 15.3%
    answer = (
        "In fiscal 2024 the United States accounted for 55.4% of total revenue, Europe for "
        "24.6% and Asia Pacific for 15.3%."
    )

    assert detect(source_input(answer, REGIONS)).flagged is False


def test_a_wrong_share_in_an_elided_list_is_flagged():
    answer = (
        "In fiscal 2024 the United States accounted for 55.4% of total revenue, Europe for "
        "26.4% and Asia Pacific for 15.3%."
    )

    result = detect(source_input(answer, REGIONS))
    assert _verdict(result, "26.4%").grounded is False


# ------------------------------------------------------------------ change words without a sign

RATIOS = (
    "Gross Stage 3 assets were 2.41% at 31 March 2025 and 2.86% at 31 March 2024. "
    "Operating margin was 14.2% in 2025 and 13.1% in 2024."
)


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # "improved" is down for a bad-loan ratio and up for a margin: the size decides.
        ("Gross Stage 3 assets improved by 45 basis points to 2.41%.", False),
        ("Gross Stage 3 assets improved by 54 basis points to 2.41%.", True),
        ("Operating margin improved by 1.1 percentage points to 14.2% in 2025.", False),
        ("Operating margin improved by 1.4 percentage points to 14.2% in 2025.", True),
    ],
)
def test_improved_says_a_change_happened_not_which_way(answer, flagged):
    assert detect(source_input(answer, RATIOS)).flagged is flagged


# ------------------------------------------------------------------ stacked column headers

STACKED = """\
                              Three Months Ended          Nine Months Ended
                                 September 30                September 30
                              2025          2024          2025          2024
Total revenue               150,050       138,985       434,242       403,684
"""


def test_a_day_does_not_take_the_year_of_another_column_below_it():
    claims = extract_source("q", STACKED).claims

    assert [c.period for c in claims if c.kind == "date"][:2] == ["--09-30", "--09-30"]


@pytest.mark.parametrize(
    ("date", "flagged"),
    [("September 30, 2025", False), ("September 30, 2024", False), ("October 31, 2025", True)],
)
def test_a_date_is_grounded_by_a_stacked_header_that_writes_its_day_over_its_year(date, flagged):
    answer = f"For the three months ended {date}, total revenue was $150.1 million."
    result = detect(source_input(answer, "(in thousands)\n" + STACKED))

    (verdict,) = [v for v in result.verdicts if v.claim.kind == "date" and not v.claim.nested]
    assert verdict.grounded is not flagged


def test_a_wrapped_date_in_prose_keeps_its_year():
    assert [
        c.period
        for c in extract_source("p", "as of September 30,\n2025, cash was $4 million").claims
        if c.kind == "date"
    ][:1] == ["2025-09-30"]


# ------------------------------------------------------------------ section rows in a statement

HIGHLIGHTS = """\
(CAD$ thousands, except per share amounts)
                                              2025            2024       % change
Production
   Crude oil and condensate (bbl/d)          41,820          38,455             9
   Total (boe/d)                             78,836          73,592             7
Funds flow from operations                  268,904         231,477            16
   Per share - basic                           1.47            1.24            19
"""


def test_a_section_heading_inside_an_aligned_statement_does_not_end_the_table():
    claims = {c.text: c for c in extract_source("h", HIGHLIGHTS).claims}

    assert claims["41,820"].period == "2025"
    assert claims["73,592"].period == "2024"
    assert claims["7"].kind == "percent"


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Production was 78,836 boe/d in 2025, up 7% year over year.", False),
        ("Production was 78,836 boe/d in 2025, up 12% year over year.", True),
        ("Total boe/d was 73,592 in 2025.", True),
    ],
)
def test_figures_under_a_section_heading_keep_their_columns(answer, flagged):
    assert detect(source_input(answer, HIGHLIGHTS)).flagged is flagged


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Funds flow per basic share was C$1.47 in 2025.", False),
        ("Funds flow from operations was C$268.9 million in 2025.", False),
        ("Funds flow from operations was €268.9 million in 2025.", True),
    ],
)
def test_a_caption_s_prefixed_dollar_is_that_country_s_currency(answer, flagged):
    assert detect(source_input(answer, HIGHLIGHTS)).flagged is flagged


# ------------------------------------------------------------------ Brazilian and Swedish statements

BRL = """\
Financial results (R$ million)           2Q25         2Q24          Var.
Net operating revenue                14.226,8     13.305,1          6,9%
EBITDA                                5.889,4      5.408,0          8,9%
"""
SEK = """\
                                   Jul-Sep     Jul-Sep     Jan-Sep
SEK m                                 2025        2024        2025
Net sales                            8 412       7 956      25 630
Earnings per share, SEK               2.81        2.59        8.32
Operating cash flow                  1 344       1 211       3 056
"""


def test_points_between_groups_and_a_decimal_comma_are_one_number():
    claims = {c.text: c for c in extract_source("r", BRL).claims}

    assert claims["14.226,8"].value == Decimal("14226.8E6")
    assert claims["14.226,8"].unit == "BRL"


def test_a_space_grouped_number_alone_in_a_cell_is_one_number_and_keeps_its_text():
    claims = {c.text: c for c in extract_source("s", SEK).claims}

    assert claims["8 412"].value == Decimal("8412E6")  # "SEK m" in the corner
    assert claims["25 630"].period.startswith("9M") or claims["25 630"].period


@pytest.mark.parametrize(
    ("answer", "source", "flagged"),
    [
        ("Net operating revenue was R$14.23 billion in 2Q25.", BRL, False),
        ("Net operating revenue was R$13.31 billion in 2Q25.", BRL, True),
        ("Net sales for the quarter were SEK 8,412 million.", SEK, False),
        ("Net sales for the quarter were SEK 8,142 million.", SEK, True),
    ],
)
def test_statements_written_with_other_digit_groupings_ground_and_flag(answer, source, flagged):
    assert detect(source_input(answer, source)).flagged is flagged


TRY = """\
(Amounts in thousands of Turkish lira (TL thousand))
Service line;2024;2023
Inpatient services;9.842.316;8.904.117
Total revenue;17.161.955;15.457.965
Bed occupancy rate (%);71,4;68,9
"""


def test_points_between_three_groups_without_a_decimal_are_thousands():
    claims = {c.text: c for c in extract_source("t", TRY).claims}

    assert claims["17.161.955"].value == Decimal("17161955E3")
    assert claims["71,4"].value == Decimal("71.4")


def test_a_semicolon_separated_export_is_a_table_with_its_periods_and_caption():
    claims = {c.text: c for c in extract_source("t", TRY).claims}

    assert claims["17.161.955"].period == "2024"
    assert claims["15.457.965"].period == "2023"
    assert "@revenue" in claims["17.161.955"].label_words
    assert claims["71,4"].unit == "%"


def test_prose_with_semicolons_is_not_a_table():
    text = "Revenue rose 5% to $12 million; margins fell.\nCosts were flat; staff grew 3%."
    claims = {c.text: c for c in extract_source("p", text).claims}

    assert claims["$12 million"].value == Decimal("12E6")
    assert claims["$12 million"].cell is None


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Total revenue was TL 17,161,955 thousand in 2024.", False),
        ("Total revenue was TL 17,611,955 thousand in 2024.", True),
        ("Total revenue was TL 15,457,965 thousand in 2024.", True),
        ("Total revenue rose 11.0% in 2024.", False),
        ("Total revenue rose 14.0% in 2024.", True),
    ],
)
def test_a_statement_with_point_grouped_thousands_grounds_and_flags(answer, flagged):
    assert detect(source_input(answer, TRY)).flagged is flagged


def test_in_prose_a_space_still_separates_two_numbers():
    assert _values("In 2024 123 stores opened.") == [Decimal("2024"), Decimal("123")]


@pytest.mark.parametrize(
    ("header", "period"),
    [
        ("Jul–Sep 2025", "Q3 2025"),
        ("Jan-Jun 2025", "H1 2025"),
        ("Jan–Sep 2025", "9M 2025-09"),
        ("Jan-Feb 2025", "2025-02"),
    ],
)
def test_a_span_of_months_over_a_column_is_the_period_it_covers(header, period):
    from hallucination.engine.tables import header_period

    assert header_period(header) == period


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("For January–September 2025, earnings per share were SEK 8.32.", False),
        ("For January–September 2025, earnings per share were SEK 2.81.", True),
    ],
)
def test_a_span_of_months_in_prose_is_the_period_it_covers(answer, flagged):
    assert detect(source_input(answer, SEK)).flagged is flagged


# ------------------------------------------------------------------ segment notes

SEGMENTS = """\
(in millions)                               2024           2023           2022
Net sales:
   Aerospace Systems                   $   3,812      $   3,406      $   3,118
   Industrial Automation                   2,947          3,105          2,880
   Medical Components                      1,306          1,188          1,041
      Total net sales                  $   7,981      $   7,628      $   6,973
"""


def test_rows_without_the_dollar_cells_of_the_first_keep_their_year_columns():
    claims = {c.text: c for c in extract_source("n", SEGMENTS).claims}

    assert (claims["2,947"].period, claims["3,105"].period, claims["2,880"].period) == (
        "2024",
        "2023",
        "2022",
    )


def test_a_section_heading_names_the_metric_of_the_rows_under_it():
    claims = {c.text: c for c in extract_source("n", SEGMENTS).claims}

    assert claims["3,812"].label == "revenue"
    assert {"aerospac", "system"} <= claims["3,812"].label_words
    assert "total" in claims["7,981"].label_words


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Industrial Automation net sales were $2,947 million in 2024.", False),
        ("Industrial Automation net sales were $3,105 million in 2024.", True),
        ("Aerospace Systems net sales were $3.81 billion in 2024.", False),
    ],
)
def test_segment_rows_under_a_section_heading_ground_and_flag(answer, flagged):
    assert detect(source_input(answer, SEGMENTS)).flagged is flagged


# ------------------------------------------------------------------ "respectively"

LIQUIDITY = (
    "Net cash used in operating activities was $108.3 million and $86.9 million for the six "
    "months ended June 30, 2025 and 2024, respectively. Revenue was $5.1 million and $4.2 "
    "million in 2024 and 2023, respectively."
)


def test_figures_listed_with_respectively_take_the_periods_in_order():
    periods = {c.text: c.period for c in extract_source("l", LIQUIDITY).claims}

    assert (periods["$108.3 million"], periods["$86.9 million"]) == ("H1 2025", "H1 2024")
    assert (periods["$5.1 million"], periods["$4.2 million"]) == ("2024", "2023")


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Operating cash burn was $86.9 million in the first half of 2024.", False),
        ("Operating cash burn was $86.9 million in the first half of 2025.", True),
        ("Revenue was $4.2 million in 2023.", False),
        ("Revenue was $4.2 million in 2024.", True),
    ],
)
def test_a_figure_from_a_respectively_list_is_grounded_for_its_own_period(answer, flagged):
    assert detect(source_input(answer, LIQUIDITY)).flagged is flagged


# ------------------------------------------------------------------ counted rows, continued statements

KPIS = """\
                                              Q3 2025        Q2 2025        Q3 2024
Postpaid phone net additions (thousands)          412            389            355
Service revenue ($ millions)                    16,248         16,011         15,602
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Summit added 412,000 postpaid phone customers in Q3 2025.", False),
        ("Summit added 389,000 postpaid phone customers in Q3 2025.", True),
        ("Service revenue was $16.2 billion in Q3 2025.", False),
    ],
)
def test_a_row_counting_things_in_thousands_holds_counts_not_amounts(answer, flagged):
    assert detect(source_input(answer, KPIS)).flagged is flagged


RECONCILIATION = """\
(in thousands, except percentages and per share data)
                                              Fiscal Year Ended January 31,
                                              2025           2024
Non-GAAP operating income                 $  261,463     $  151,953

Revenue                                   $1,298,114     $1,120,466
Non-GAAP operating margin                      20.1%          13.6%
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Revenue for the fiscal year ended January 31, 2025 was $1.30 billion.", False),
        ("Revenue for the fiscal year ended January 31, 2025 was $1.30 million.", True),
    ],
)
def test_a_block_after_a_blank_line_keeps_the_statement_s_scale(answer, flagged):
    assert detect(source_input(answer, RECONCILIATION)).flagged is flagged


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("The PCL ratio was 38 basis points of loans.", False),
        ("The PCL ratio was 48 basis points of loans.", True),
        ("The take rate was 26.4 bps.", False),
        ("The take rate was 24.6 bps.", True),
    ],
)
def test_a_row_in_basis_points_holds_basis_points(answer, flagged):
    source = (
        "Q4 2025 supplementary information\n\nTotal revenue: 6,842\n"
        "PCL ratio on loans (bps): 38\nLeverage ratio: 4.4%\ntransaction_take_rate_bps: 26.4\n"
    )
    assert detect(source_input(answer, source)).flagged is flagged


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("The 2026–2030 capital plan was raised to $29.4 billion from $24.8 billion.", False),
        ("The 2026–2030 capital plan was raised to $29.9 billion from $24.8 billion.", True),
    ],
)
def test_a_figure_over_a_span_of_years_has_neither_year_as_its_period(answer, flagged):
    source = (
        "The new five-year plan, 2026 through 2030, totals $29.4 billion, up from $24.8 billion "
        "in the prior plan."
    )
    assert detect(source_input(answer, source)).flagged is flagged


def test_a_span_of_years_leaves_its_figures_without_a_period():
    claims = {
        c.text: c for c in extract_source("p", "The 2026–2030 plan totals $29.4 billion.").claims
    }

    assert claims["$29.4 billion"].period == ""


SEGMENT_NOTE = (
    SEGMENTS
    + """
Segment operating profit:
   Aerospace Systems                   $     598      $     517      $     461
   Industrial Automation                     362            441            398
   Medical Components                        214            187            152

Earnings per share:
   Diluted                             $    4.12      $    3.87      $    3.55
"""
)


def test_a_block_after_a_blank_line_and_a_heading_keeps_the_statement_s_columns():
    claims = {c.text: c for c in extract_source("n", SEGMENT_NOTE).claims}

    assert (claims["598"].period, claims["517"].period, claims["461"].period) == (
        "2024",
        "2023",
        "2022",
    )
    assert {"operat", "profit"} <= claims["362"].label_words
    assert claims["4.12"].value == Decimal("4.12")  # per share: not in millions


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Industrial Automation's segment operating profit was $362 million in 2024.", False),
        ("Medical Components' segment operating profit was $362 million in 2024.", True),
        ("Industrial Automation's segment operating profit was $441 million in 2024.", True),
        ("Diluted EPS was $4.12 in 2024.", False),
    ],
)
def test_segment_rows_after_a_blank_line_ground_and_flag(answer, flagged):
    assert detect(source_input(answer, SEGMENT_NOTE)).flagged is flagged


WRAPPED = """Cash and bullion of A$412.7 million at 30 September 2026, after income tax payments of A$21.6
million. Merchandise 3
M&A costs were 4.
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Income tax payments were A$21.6 million.", False),
        ("Income tax payments were A$21.6 thousand.", True),
    ],
)
def test_a_scale_word_wrapped_to_the_next_line_is_the_figure_s(answer, flagged):
    assert detect(source_input(answer, WRAPPED)).flagged is flagged


def test_a_letter_starting_the_next_line_is_no_scale():
    (three,) = [c for c in extract_source("w", WRAPPED).claims if c.text == "3"]

    assert three.value == Decimal("3")


# ------------------------------------------------------------------ points of a rate

TRAFFIC = (
    "March load factor was 84.1%, up 1.9 percentage points year over year, as traffic grew "
    "faster than capacity."
)


def test_a_bare_figure_of_points_is_grounded_by_percentage_points_of_its_digits():
    answer = "The load factor improved by 1.9 points to 84.1%."
    result = detect(source_input(answer, TRAFFIC))
    assert _verdict(result, "1.9").outcome == GROUNDED
    assert not result.flagged


def test_points_no_percentage_point_value_gives_are_flagged():
    answer = "The load factor improved by 2.9 points to 84.1%."
    result = detect(source_input(answer, TRAFFIC))
    assert not _verdict(result, "2.9").grounded


# ------------------------------------------------------------------ comparatives in parentheses

NET_DEBT = (
    "At 31 December 2024 the lease term was 9.6 years (31 December 2023: 10.1 years). Net "
    "debt stood at MAD 612.3 million (31 December 2023: MAD 688.9 million), or 1.5 times "
    "EBITDA of MAD 402.7 million, and the discount rate was 5.8% (2023: 5.4%)."
)


def test_a_period_with_a_colon_inside_a_clause_leaves_the_later_figures_alone():
    answer = (
        "Net debt was MAD 612.3 million at 31 December 2024, 1.5 times EBITDA of MAD 402.7 "
        "million, with a discount rate of 5.8%."
    )
    result = detect(source_input(answer, NET_DEBT))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_the_prior_year_s_figure_in_parentheses_given_for_the_year_is_flagged():
    answer = "Net debt was MAD 688.9 million at 31 December 2024, 1.5 times EBITDA."
    result = detect(source_input(answer, NET_DEBT))
    assert _verdict(result, "MAD 688.9 million").outcome == PERIOD_MISMATCH
    assert _verdict(result, "1.5 times").grounded


KUWAIT = "Rental income was KD 38.426 million in 2024 (2023: KD 35.917 million)."


def test_kd_is_the_kuwaiti_dinar():
    result = detect(
        source_input("Rental income grew about 7.0% in 2024, to KD 38.4 million.", KUWAIT)
    )
    assert _verdict(result, "KD 38.4 million").claim.unit == "KWD"
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_wrong_change_of_dinar_figures_is_flagged():
    result = detect(
        source_input("Rental income grew about 9.0% in 2024, to KD 38.4 million.", KUWAIT)
    )
    assert not _verdict(result, "9.0%").grounded


# ------------------------------------------------------------------ space-grouped prose

POLISH = (
    "In 2024 the Group's sales revenue amounted to PLN 1 284 612 thousand (2023: PLN 1 197 305 "
    "thousand). The average headcount decreased to 4 812 persons (2023: 4 905)."
)


def test_a_text_that_groups_digits_with_spaces_is_read_that_way_in_its_prose():
    assert _values(POLISH) == [
        Decimal("2024"),
        Decimal("1284612000"),
        Decimal("2023"),
        Decimal("1197305000"),
        Decimal("4812"),
        Decimal("2023"),
        Decimal("4905"),
    ]


def test_without_such_an_amount_spaced_digits_stay_apart():
    assert Decimal("4812") not in _values("The headcount decreased to 4 812 persons.")


def test_figures_of_a_space_grouped_text_ground_and_their_changes_recompute():
    answer = (
        "Sales revenue was about PLN 1,284.6 million in 2024; the headcount fell by 93 to 4,812."
    )
    assert detect(source_input(answer, POLISH)).flagged is False


def test_a_wrong_change_in_a_space_grouped_text_is_flagged():
    answer = (
        "Sales revenue was about PLN 1,284.6 million in 2024; the headcount fell by 39 to 4,812."
    )
    assert detect(source_input(answer, POLISH)).flagged is True


CZECH = (
    "In 2025 the Company sold 2 184 thousand hectolitres of beer (2024: 2 097 thousand hl). "
    "Net sales reached CZK 4 218,6 million. The Board proposes a dividend of CZK 96 per share "
    "on the 3 150 000 shares in issue."
)


def test_a_decimal_comma_or_a_count_of_three_groups_shows_a_text_groups_with_spaces():
    values = _values(CZECH)

    assert Decimal("2184000") in values
    assert Decimal("3150000") in values
    assert Decimal("4218600000") in values


def test_figures_over_a_czech_texts_grouped_numbers_recompute():
    # 4,218.6 million / 2,184 thousand = 1,931.6; 96 × 3,150,000 = 302.4 million.
    answer = (
        "On net sales of CZK 4,218.6 million and 2,184 thousand hectolitres sold, the company "
        "earned roughly CZK 1,932 per hectolitre; the dividend of CZK 96 on 3,150,000 shares "
        "totals about CZK 302.4 million."
    )
    assert detect(source_input(answer, CZECH)).flagged is False


def test_a_wrong_figure_over_a_czech_texts_grouped_numbers_is_flagged():
    answer = (
        "On net sales of CZK 4,218.6 million and 2,184 thousand hectolitres sold, the company "
        "earned roughly CZK 1,932 per hectolitre; the dividend of CZK 96 on 3,510,000 shares "
        "totals about CZK 337.0 million."
    )
    assert detect(source_input(answer, CZECH)).flagged is True


# ------------------------------------------------------------------ cents

TOLLS = "The cash toll for cars will go to $5.10 from $4.25, and for trucks to $15.30 from $12.75."
DIVIDENDS = """A$m                                        1H25          1H24
Net profit after tax                        358           302
Interim dividend (cents per share)           19            16
"""


def test_cents_are_hundredths_of_the_currency():
    (claim,) = extract_document("up 85 cents")[0]

    assert (claim.kind, claim.value) == ("currency", Decimal("0.85"))


def test_a_change_in_cents_over_dollar_figures_is_derived():
    result = detect(source_input("Cars will pay $5.10, up 85 cents from $4.25.", TOLLS))

    assert result.flagged is False


def test_a_wrong_change_in_cents_is_flagged():
    result = detect(source_input("Cars will pay $5.10, up 58 cents from $4.25.", TOLLS))

    assert result.flagged is True


def test_cents_match_a_row_that_states_cents():
    answer = "The interim dividend was lifted to 19 cents a share from 16 cents."
    assert detect(source_input(answer, DIVIDENDS)).flagged is False


def test_cents_a_row_does_not_state_are_flagged():
    answer = "The interim dividend was lifted to 21 cents a share from 16 cents."
    assert detect(source_input(answer, DIVIDENDS)).flagged is True


def test_a_range_between_two_figures_shares_the_scale_written_at_its_end():
    claims = extract_claims("For 2024 we expect capex of between R$1.2 and R$1.4 billion.")
    assert [c.value for c in claims if c.kind == "currency"] == [
        Decimal("1.2e9"),
        Decimal("1.4e9"),
    ]
    unrelated = extract_claims("Revenue of $1.2 and EPS of $1.4 billion.")
    assert unrelated[0].value == Decimal("1.2")
    source = "For 2024, we expect capex of between R$1.2 and R$1.4 billion."
    clean = "The midpoint of 2024 capex guidance is R$1.3 billion."
    assert not detect(source_input(clean, source)).flagged
    wrong = "The midpoint of 2024 capex guidance is R$1.5 billion."
    assert detect(source_input(wrong, source)).flagged


def test_a_midpoint_is_the_middle_of_two_figures_never_the_mean_of_three():
    source = (
        "Brenner said 2024 revenue was €18.62 billion. For 2025 it expects revenue of "
        "between €18.0 billion and €19.0 billion."
    )
    answer = (
        "Revenue was €18.62 billion in 2024; the 2025 outlook is €18.0 billion to "
        "€19.0 billion, a midpoint of {}."
    )
    assert not detect(source_input(answer.format("€18.5 billion"), source)).flagged
    wrong = detect(source_input(answer.format("€18.54 billion"), source))
    verdict = next(v for v in wrong.verdicts if v.claim.text == "€18.54 billion")
    assert verdict.outcome == "arithmetic_drift" and verdict.expected_value == Decimal("18.5e9")


SBC_NOTE = (
    "Share-based compensation expense was $61.4 million, $57.8 million and $49.3 million in "
    "2024, 2023 and 2022, respectively, and the related income tax benefit recognized was "
    "$12.9 million, $12.1 million and $10.2 million."
)


def test_a_second_list_after_respectively_takes_the_same_periods():
    periods = {c.text: c.period for c in extract_source("s", SBC_NOTE).claims}
    assert periods["$12.9 million"] == "2024" and periods["$10.2 million"] == "2022"
    clean = "In 2024 the related income tax benefit was $12.9 million."
    assert not detect(source_input(clean, SBC_NOTE)).flagged
    wrong = "In 2024 the related income tax benefit was $10.2 million."
    assert detect(source_input(wrong, SBC_NOTE)).flagged


ROYALTIES = (
    "Royalty revenue was $412.6 million in 2024 and $355.9 million in 2023. Royalty-bearing "
    "units shipped by licensees were 9.84 billion in 2024, compared with 8.61 billion in "
    "2023 and 7.93 billion in 2022."
)


def test_a_numbered_items_period_heads_its_whole_line():
    """ "2. 2023: $355.9M ÷ 8.61B units ≈ $0.0413": the period after the item's number is the
    line's result's (before, only the figure right after it took it, and the 2023 units read
    as the base given for the current year); the working's operands copy values from
    wherever the writer took them, with no period of their own."""
    answer = (
        "1. 2024: $412.6M ÷ 9.84B units ≈ $0.0419 per unit\n"
        "2. 2023: $355.9M ÷ {} units ≈ $0.0413 per unit\n"
    )
    readings = read_answer(answer.format("8.61B")).readings
    results = [r.claim.period for r in readings if "operand" not in r.claim.qualifiers]
    assert results == ["2024", "2024", "2023", "2023"]
    assert [r.claim.text for r in readings if "operand" in r.claim.qualifiers] == [
        "$412.6M",
        "9.84B",
        "$355.9M",
        "8.61B",
    ]
    assert not detect(source_input(answer.format("8.61B"), ROYALTIES)).flagged
    assert detect(source_input(answer.format("7.93B"), ROYALTIES)).flagged


MATURITIES = """Debt consisted of the following at December 31 (in millions):
                                                          2024         2023
3.25% Senior notes due 2026                              500.0        500.0
Term loan due 2027 (SOFR + 1.25%)                        412.5        435.0
Revolving credit facility due 2029                       185.0        310.0
Total principal                                        1,097.5      1,245.0

Aggregate principal maturities of debt at December 31, 2024 were as follows (in millions):
2025                22.5
2026               522.5
2027               367.5
2028                 0.0
2029               185.0
Total            1,097.5
"""


def test_a_total_over_a_span_of_years_sums_the_line_for_those_years():
    """ "principal maturing in 2025 through 2027 totals $912.5 million": the schedule's
    2025, 2026 and 2027 rows (22.5 + 522.5 + 367.5), not a partial list of instruments
    passed off as the total principal."""
    sentence = "Principal maturing in 2025 through 2027 totals {} of total principal."
    clean = detect(source_input(sentence.format("$912.5 million"), MATURITIES))
    assert not clean.flagged
    assert clean.verdicts[-1].formula == "22.5M + 522.5M + 367.5M"
    assert detect(source_input(sentence.format("$890.0 million"), MATURITIES)).flagged


LEASES = """Maturities of lease liabilities as of December 31, 2024 were as follows (in thousands):
                              Operating leases  Finance leases
2025                                48,215           3,406
2026                                45,930           3,211
2027                                41,078           2,987
2028                                36,442           1,604
2029                                31,657             812
Thereafter                         118,306               —
Total lease payments               321,628          12,020
Less: imputed interest            (71,845)         (1,093)
Present value of lease liabilities     249,783          10,927
Less: current portion             (37,114)         (2,958)
Long-term lease liabilities        212,669           7,969
"""


def test_a_sum_down_a_schedule_s_years_is_no_partial_total():
    """The years down a schedule's side are periods of one line: their sum over 2025
    through 2029 is no part of the lines passed off as the total lease payments."""
    sentence = (
        "Operating lease payments due in 2025 through 2029 total {}, about 63% of total "
        "undiscounted operating lease payments."
    )
    assert not detect(source_input(sentence.format("$203.3 million"), LEASES)).flagged
    assert detect(source_input(sentence.format("$213.3 million"), LEASES)).flagged


GOODWILL = """The changes in the carrying amount of goodwill by reportable segment were as follows (in millions):
                                       North America     Foodservice   International           Total
                                              Retail
Balance at December 31, 2023                 2,146.8           874.3           612.5         3,633.6
Acquisition of Harvest Lane                    318.4               —               —           318.4
Measurement-period adjustments                 (4.7)               —               —           (4.7)
Foreign currency translation                   (1.9)           (0.8)          (27.3)          (30.0)
Balance at December 31, 2024                 2,461.1           873.5           585.2         3,919.8
"""


def test_a_figure_net_of_a_line_takes_that_line_from_its_own():
    """ "added $313.7 million of goodwill net of measurement-period adjustments": the
    acquisition's 318.4 with the adjustments' (4.7) of the same column."""
    sentence = (
        "The Harvest Lane acquisition added {} of goodwill to North America Retail net of "
        "measurement-period adjustments."
    )
    clean = detect(source_input(sentence.format("$313.7 million"), GOODWILL))
    assert not clean.flagged
    assert clean.verdicts[0].expected_value == Decimal("313.7e6")
    assert detect(source_input(sentence.format("$323.1 million"), GOODWILL)).flagged


REVOLVER = (
    "As of January 31, 2025, we had $212,000 thousand of borrowings outstanding under our "
    "$600,000 thousand revolving credit facility and $31,380 thousand of letters of credit "
    "outstanding, which reduce availability under the facility."
)


def test_what_remains_of_a_whole_named_after_it_is_the_whole_less_the_parts_before():
    """ "After $212.0 million of borrowings and $31.4 million of letters of credit, $356.6
    million remained available under the $600.0 million revolving credit facility"."""
    sentence = (
        "After $212.0 million of borrowings and $31.4 million of letters of credit, {} "
        "remained available under the $600.0 million revolving credit facility."
    )
    assert not detect(source_input(sentence.format("$356.6 million"), REVOLVER)).flagged
    assert detect(source_input(sentence.format("$366.6 million"), REVOLVER)).flagged


OUTLETS = (
    "Nordwald Retail AG, notes to the consolidated financial statements. The weighted average incremental borrowing rate applied to new leases was 3.6% (prior "
    "year: 3.2%). At year end the Group operated 1,146 outlets, of which 1,021 were in leased "
    "premises; most leases run for ten years with extension options."
)


def test_a_share_of_a_whole_may_take_its_part_from_beside_the_whole_in_the_source():
    """ "About 89.1% of Nordwald's 1,146 outlets are in leased premises": the part is the
    1,021 the source gives with the whole ("1,146 outlets, of which 1,021 were in leased
    premises")."""
    sentence = "About {} of Nordwald's 1,146 outlets are in leased premises."
    assert not detect(source_input(sentence.format("89.1%"), OUTLETS)).flagged
    assert detect(source_input(sentence.format("91.8%"), OUTLETS)).flagged
