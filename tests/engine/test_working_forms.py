"""Working written the way people write it: operands followed by what they count ("÷ 214
branches"), a currency code the number reader does not know before the result ("= Br
35.03"), a percentage written as a fraction of one ("÷ 0.25"), scale words inside working
in parentheses, and changes between hedged figures, which stand for the values they round.
Each class has a clean case and a wrong one of the same shape."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect
from hallucination.engine.types import ARITHMETIC_DRIFT, DERIVED, GROUNDED
from hallucination.engine.values import evaluate

from .conftest import source_input


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


# ------------------------------------------------------------------ operands with their nouns

FLEET = """Corran Van Hire plc — selected data
(in thousands, except branch and vehicle counts)

                               2025          2024
Rental revenue             $412,380      $388,114
Branches (end of year)          214           201
"""


def test_an_operand_followed_by_what_it_counts_is_part_of_the_working():
    # 412,380 / 214 = 1,927.0 thousand
    answer = "**Revenue per branch, 2025**\n\n$412,380K ÷ 214 branches ≈ **$1,927K** per branch."
    result = detect(source_input(answer, FLEET))

    verdict = _verdict(result, "$1,927K")
    assert verdict.outcome == DERIVED
    assert verdict.details["derivation"] == "written"
    assert _verdict(result, "214").outcome == GROUNDED
    assert result.flagged is False


def test_a_wrong_result_of_such_working_is_flagged():
    answer = "**Revenue per branch, 2025**\n\n$412,380K ÷ 214 branches ≈ **$2,127K** per branch."
    result = detect(source_input(answer, FLEET))

    assert _verdict(result, "$2,127K").outcome == ARITHMETIC_DRIFT
    assert result.flagged is True


# ------------------------------------------------------------------ a currency code after "="

DUES = "Port dues collected in 2025 were Br 2,914,600 on 83,200 containers handled."


def test_a_result_after_an_unread_currency_code_is_checked_against_its_working():
    # 2,914,600 / 83,200 = 35.031
    result = detect(source_input("2,914,600 / 83,200 = Br 35.03 per container.", DUES))

    assert _verdict(result, "35.03").outcome == DERIVED
    assert result.flagged is False


def test_a_wrong_result_after_an_unread_currency_code_is_flagged():
    result = detect(source_input("2,914,600 / 83,200 = Br 36.03 per container.", DUES))

    assert _verdict(result, "36.03").outcome == ARITHMETIC_DRIFT
    assert result.flagged is True


# ------------------------------------------------------------------ fractions and scale words

STAKE = (
    "Tamsin Ridge Capital has agreed to acquire a 25% stake in Lowfield Robotics for "
    "$12.5 million in cash."
)


def test_a_percentage_written_as_a_fraction_of_one_in_working_is_grounded():
    answer = "The deal values Lowfield at $50 million ($12.5 million ÷ 0.25)."
    result = detect(source_input(answer, STAKE))

    assert _verdict(result, "0.25").outcome == GROUNDED
    assert _verdict(result, "$50 million").outcome == DERIVED
    assert result.flagged is False


def test_a_fraction_the_sources_do_not_give_is_flagged():
    answer = "The deal values Lowfield at $62.5 million ($12.5 million ÷ 0.2)."
    result = detect(source_input(answer, STAKE))

    assert _verdict(result, "0.2").outcome != GROUNDED
    assert result.flagged is True


def test_working_in_parentheses_with_scale_words_checks_the_figure_before_it():
    answer = "The deal values Lowfield at $40 million ($12.5 million ÷ 0.25)."
    result = detect(source_input(answer, STAKE))

    assert _verdict(result, "$40 million").outcome == ARITHMETIC_DRIFT
    assert result.flagged is True


# ------------------------------------------------------------------ changes between hedged figures

VISITORS = (
    "Marrow Point Aquarium welcomed 2,413,800 visitors in 2025, a record, up from 2,187,350 "
    "the year before."
)


def test_a_change_between_hedged_figures_is_over_the_values_they_round():
    # (2,413,800 - 2,187,350) / 2,187,350 = 10.35%; over the rounded 2.4 and 2.2 it is 9.1%
    answer = (
        "The aquarium drew about 2.4 million visitors in 2025, roughly 10% more than the "
        "previous year's 2.2 million."
    )
    result = detect(source_input(answer, VISITORS))

    assert _verdict(result, "10%").outcome == DERIVED
    assert result.flagged is False


def test_a_change_that_holds_only_between_the_rounded_figures_is_flagged():
    answer = (
        "The aquarium drew about 2.4 million visitors in 2025, roughly 9% more than the "
        "previous year's 2.2 million."
    )
    result = detect(source_input(answer, VISITORS))

    assert _verdict(result, "9%").outcome != DERIVED
    assert result.flagged is True


# ------------------------------------------------------------------ rates worked out

FERRIES = """Note 2  Operating highlights (NOK million)

                                          2022        2023        2024
Passengers (thousand)                  1,842.6     2,116.3     2,287.9
Operating revenue                      2,418.7     2,806.4     3,012.9
Operating profit                         141.8       236.0       279.4
"""


def test_the_one_of_a_rate_s_formula_is_a_constant():
    # 3,012.9 / 2,806.4 - 1 = 7.36%
    answer = "Revenue grew NOK 3,012.9M ÷ NOK 2,806.4M − 1 ≈ 7.4% in 2024."
    result = detect(source_input(answer, FERRIES))

    assert "1" not in [v.claim.text for v in result.verdicts]
    assert _verdict(result, "7.4%").outcome == DERIVED
    assert result.flagged is False


def test_a_wrong_rate_after_the_same_working_is_flagged():
    answer = "Revenue grew $3,012.9M ÷ $2,806.4M − 1 ≈ 9.4% in 2024."
    result = detect(source_input(answer, FERRIES))

    assert _verdict(result, "9.4%").outcome == ARITHMETIC_DRIFT
    assert result.flagged is True


def test_a_compound_rate_written_with_a_root_is_worked_out():
    # (2,287.9 / 1,842.6)^(1/2) - 1 = 11.43%
    answer = "Passengers grew at (2,287.9 / 1,842.6)^(1/2) - 1 = 11.43% a year from 2022 to 2024."
    result = detect(source_input(answer, FERRIES))

    assert _verdict(result, "11.43%").outcome == DERIVED
    assert result.flagged is False


def test_a_wrong_compound_rate_written_with_a_root_is_flagged():
    answer = "Passengers grew at (2,287.9 / 1,842.6)^(1/2) - 1 = 12.43% a year from 2022 to 2024."
    result = detect(source_input(answer, FERRIES))

    assert _verdict(result, "12.43%").outcome == ARITHMETIC_DRIFT
    assert result.flagged is True


def test_a_difference_of_percentages_written_in_points_is_worked_out():
    # 279.4 / 3,012.9 = 9.27%; 236.0 / 2,806.4 = 8.41%
    answer = "Operating margin widened from 8.41% to 9.27%: 9.27% − 8.41% = 0.86 pp."
    result = detect(source_input(answer, FERRIES))

    assert _verdict(result, "0.86 pp").outcome == DERIVED
    assert result.flagged is False


def test_a_wrong_difference_of_percentages_in_points_is_flagged():
    answer = "Operating margin widened from 8.41% to 9.27%: 9.27% − 8.41% = 1.86 pp."
    result = detect(source_input(answer, FERRIES))

    assert _verdict(result, "1.86 pp").outcome == ARITHMETIC_DRIFT
    assert result.flagged is True


# ------------------------------------------------------------------ working in a table, chained

UTILITY = """Selected financial data (in thousands, except customers)

                                                    2024      2023
Operating revenues                               342,618   318,905
Depreciation                                      58,214    54,902
Capital expenditures                             214,830   196,412
Customers at year end                            487,312   479,654
"""

WORKING_TABLE = """| Metric (2024) | Calculation | Result |
|---|---|---:|
| Capex ÷ depreciation | $214,830K ÷ $58,214K | **{ratio}** |
| Revenue per customer | $342,618K ÷ 487,312 | **≈ $703** |
"""


def test_a_cell_of_working_is_arithmetic_and_the_next_cell_its_result():
    # 214,830 / 58,214 = 3.69
    result = detect(source_input(WORKING_TABLE.format(ratio="3.69×"), UTILITY))

    assert _verdict(result, "3.69×").outcome == DERIVED
    assert _verdict(result, "3.69×").details["derivation"] == "written"
    assert result.flagged is False


def test_a_wrong_result_beside_a_cell_of_working_is_flagged():
    result = detect(source_input(WORKING_TABLE.format(ratio="3.96×"), UTILITY))

    assert _verdict(result, "3.96×").outcome == ARITHMETIC_DRIFT
    assert result.flagged is True


PREMIUMS = """Revenues (in thousands)           2024
Direct title premiums            612,408
Agency title premiums          1,148,726
"""


def test_a_step_of_chained_working_is_no_result_of_the_step_before():
    # 1,148,726 / 1,761,134 = 65.23%
    answer = (
        "Agency share: $1,148,726K ÷ ($612,408K + $1,148,726K) = $1,148,726K ÷ $1,761,134K ≈ 65.2%."
    )
    result = detect(source_input(answer, PREMIUMS))

    assert _verdict(result, "65.2%").outcome == DERIVED
    assert result.flagged is False


def test_a_wrong_result_of_chained_working_is_flagged():
    answer = (
        "Agency share: $1,148,726K ÷ ($612,408K + $1,148,726K) = $1,148,726K ÷ $1,761,134K ≈ 62.5%."
    )
    result = detect(source_input(answer, PREMIUMS))

    assert _verdict(result, "62.5%").outcome == ARITHMETIC_DRIFT
    assert result.flagged is True


# ------------------------------------------------------------------ a ratio named as one

ORDERS = "Order intake was CHF 1'051.8 million, up 6.1%. Net sales rose 4.1% to CHF 982.7 million."


def test_a_bare_number_called_a_ratio_is_recomputed_from_its_sentence():
    # 1,051.8 / 982.7 = 1.070
    answer = "With orders of CHF 1,051.8 million against sales of CHF 982.7 million, the book-to-bill ratio was about 1.07."
    result = detect(source_input(answer, ORDERS))

    assert _verdict(result, "1.07").outcome == DERIVED
    assert result.flagged is False


def test_a_wrong_number_called_a_ratio_is_flagged():
    answer = "With orders of CHF 1,051.8 million against sales of CHF 982.7 million, the book-to-bill ratio was about 1.17."
    result = detect(source_input(answer, ORDERS))

    assert result.flagged is True


# ------------------------------------------------------------------ percentages without their sign

TAX = """Note 14 — Income taxes
|  | 2025 | 2024 |
|---|---:|---:|
| U.S. federal statutory rate | 21.0% | 21.0% |
| State income taxes, net of federal benefit | 3.4 | 3.1 |
| Effective tax rate | 22.7% | 24.5% |
"""


def test_rates_written_without_their_sign_in_working_are_the_rates():
    result = detect(source_input("(22.7 + 24.5) / 2 = 23.6%", TAX))

    assert _verdict(result, "22.7").outcome == GROUNDED
    assert _verdict(result, "23.6%").outcome == DERIVED
    assert result.flagged is False


def test_a_rate_the_sources_do_not_give_written_without_its_sign_is_flagged():
    result = detect(source_input("(22.9 + 24.5) / 2 = 23.7%", TAX))

    assert _verdict(result, "22.9").grounded is False
    assert result.flagged is True


# ------------------------------------------------------------------ working for another period

LEVERAGE = """Liquidity and capital resources
At December 31, 2025 total debt was $1,480.0 million (2024: $1,532.0 million) and cash and
cash equivalents were $212.6 million (2024: $184.3 million).

| ($ in millions) | 2025 | 2024 |
|---|---:|---:|
| Adjusted EBITDA | 463.5 | 455.2 |
"""
WORKED_2025 = (
    "**Step 1 — Net debt:** $1,480.0 million − $212.6 million = $1,267.4 million\n\n"
    "**Step 2 — Leverage:** $1,267.4 million ÷ $463.5 million ≈ **2.73x**\n\n"
)


def test_the_answers_working_repeated_for_the_other_period_gives_its_figures():
    # 1,532.0 − 184.3 = 1,347.7; 1,347.7 / 455.2 = 2.96.
    answer = WORKED_2025 + "For comparison, 2024 net debt was $1,347.7 million and leverage 2.96x."
    result = detect(source_input(answer, LEVERAGE))

    assert _verdict(result, "$1,347.7 million").outcome == DERIVED
    assert _verdict(result, "2.96x").outcome == DERIVED
    assert result.flagged is False


def test_a_figure_the_working_does_not_give_for_the_other_period_is_flagged():
    answer = WORKED_2025 + "For comparison, 2024 net debt was $1,374.7 million and leverage 3.02x."
    result = detect(source_input(answer, LEVERAGE))

    assert _verdict(result, "$1,374.7 million").grounded is False
    assert result.flagged is True


def test_no_difference_of_a_multiple_and_an_amount_explains_a_figure():
    # The slip in the working (1,276.4 for 1,267.4) stays a slip where the figure comes back.
    answer = (
        "Net debt: $1,480.0 million − $212.6 million = $1,276.4 million. "
        "Leverage: $1,276.4 million ÷ $463.5 million ≈ 2.75x."
    )
    result = detect(source_input(answer, LEVERAGE))

    assert all(not v.grounded for v in result.verdicts if v.claim.text == "$1,276.4 million")
    assert result.flagged is True


# ------------------------------------------------------------------ a figure built up in a list

BALANCE = """Calder Pharmaceuticals plc — balance sheet at 31 December 2023 (£ million)
| | Note | 2023 |
|---|---:|---:|
| Short-term borrowings | 21 | 612 |
| Long-term borrowings | 21 | 5,904 |
| Cash and cash equivalents | 18 | 2,146 |
"""
BUILT_UP = (
    "**Net debt** (£ million):\n- Short-term borrowings: £612\n- Long-term borrowings: £5,904\n"
    "- Less cash and cash equivalents: £(2,146)\n"
)


def test_the_last_line_of_a_list_that_builds_a_figure_up_is_the_signed_sum_of_the_lines():
    # 612 + 5,904 − 2,146 = 4,370.
    result = detect(source_input(BUILT_UP + "- **Net debt = £4,370 million**", BALANCE))

    assert _verdict(result, "£4,370 million").outcome == DERIVED
    assert result.flagged is False


def test_a_list_whose_last_line_is_not_its_sum_is_flagged():
    result = detect(source_input(BUILT_UP + "- **Net debt = £4,730 million**", BALANCE))

    assert _verdict(result, "£4,730 million").grounded is False
    assert result.flagged is True


# ------------------------------------------------------------------ operands that move nothing

DAIRY = "Polska Mleko reported EBITDA (IFRS 16) of PLN 712.4 million for 2024, from its 16 dairies."


def test_an_amount_in_its_own_currency_is_grounded():
    result = detect(source_input("EBITDA for 2024 was PLN 712.4 million.", DAIRY))

    assert result.flagged is False


def test_no_operand_smaller_than_a_figures_last_digit_explains_it():
    # "16 − 712.4 million" is 712.4 million: no formula, and the dollars stay a currency slip.
    result = detect(source_input("EBITDA for 2024 was $712.4 million.", DAIRY))

    assert _verdict(result, "$712.4 million").grounded is False
    assert result.flagged is True


# ------------------------------------------------------------------ metrics defined by a formula

STATEMENTS = """Selected data (in millions)
|  | 2025 | 2024 |
|---|---:|---:|
| Net cash provided by operating activities | 1,184 | 1,062 |
| Capital expenditures | (402) | (371) |
| Total borrowings | 6,516 | 6,210 |
| Cash and cash equivalents | 2,146 | 1,980 |
"""


def test_a_metric_named_without_its_formula_is_tried_as_finance_defines_it():
    # 6,516 − 2,146 = 4,370; 1,184 − 402 = 782.
    answer = "Net debt was $4,370 million at the end of 2025, and free cash flow $782 million."
    result = detect(source_input(answer, STATEMENTS))

    assert _verdict(result, "$4,370 million").outcome == DERIVED
    assert _verdict(result, "$782 million").outcome == DERIVED
    assert result.flagged is False


def test_a_defined_metric_the_lines_do_not_give_is_flagged():
    answer = "Net debt was $4,730 million at the end of 2025, and free cash flow $728 million."
    result = detect(source_input(answer, STATEMENTS))

    assert _verdict(result, "$4,730 million").grounded is False
    assert _verdict(result, "$728 million").grounded is False
    assert result.flagged is True


# ------------------------------------------------------------------ operands named in working

DIVIDEND_NOTE = """Dividends                                      Cents per share
Interim dividend for the year ended 30 June 2025      18.0
Final dividend for the year ended 30 June 2025        24.5
"""


def test_working_that_names_its_operands_before_them_is_read():
    answer = "- **FY2025:** interim 18.0 cents + final 24.5 cents = **42.5 cents per share**."
    result = detect(source_input(answer, DIVIDEND_NOTE))

    assert _verdict(result, "42.5 cents").outcome == DERIVED
    assert result.flagged is False


def test_named_working_with_a_wrong_result_is_flagged():
    answer = "- **FY2025:** interim 18.0 cents + final 24.5 cents = **45.2 cents per share**."
    result = detect(source_input(answer, DIVIDEND_NOTE))

    assert _verdict(result, "45.2 cents").outcome == ARITHMETIC_DRIFT


# ------------------------------------------------------------------ a group at a scale in working

AGGREGATES = """(in thousands of euro, except tonnes)         2025
Aggregates revenue                             48,216
Delivery revenue                               21,874
Aggregates sold (million tonnes)                 9.84
"""


def test_working_with_a_group_at_a_scale_in_brackets_after_the_figure_is_read():
    clean = "€7.12 per tonne ((48,216 + 21,874) thousand ÷ 9.84 million tonnes)"
    wrong = "€7.42 per tonne ((48,216 + 21,874) thousand ÷ 9.84 million tonnes)"

    assert evaluate("(48,216 + 21,874) thousand ÷ 9.84 million") == Decimal("70090000") / Decimal(
        "9840000"
    )
    assert detect(source_input(clean, AGGREGATES)).flagged is False
    assert detect(source_input(wrong, AGGREGATES)).flagged is True
