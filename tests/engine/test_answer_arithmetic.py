"""Arithmetic the answer does over figures it gave before: a list summed or averaged in the
sentence after it, and a formula written with scale words or currency codes. Each class has
a clean case and a wrong one of the same shape."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.types import ARITHMETIC_DRIFT, DERIVED

from .conftest import source_input


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


NORDIC = """Loss allowance for trade receivables:

MSEK\t2024\t2023\t2022
Opening balance\t312\t287\t301
Utilised (write-offs)\t(91)\t(79)\t(97)
Closing balance\t300\t312\t287
"""

LIST = """Write-offs (the 'Utilised' row):
- 2024: MSEK 91
- 2023: MSEK 79
- 2022: MSEK 97

Their sum is MSEK {total}, so over the three years the company wrote off an average of MSEK \
{mean} per year."""


def test_a_list_summed_and_averaged_after_it_is_derived():
    result = detect(source_input(LIST.format(total="267", mean="89.0"), NORDIC))
    assert _verdict(result, "MSEK 267").outcome == DERIVED
    assert _verdict(result, "MSEK 89.0").outcome == DERIVED
    assert not result.flagged


def test_a_wrong_sum_of_a_list_is_flagged():
    result = detect(source_input(LIST.format(total="276", mean="89.0"), NORDIC))
    assert not _verdict(result, "MSEK 276").grounded


def test_a_wrong_average_of_a_list_is_flagged():
    result = detect(source_input(LIST.format(total="267", mean="92.0"), NORDIC))
    assert not _verdict(result, "MSEK 92.0").grounded


def test_an_average_as_a_metric_name_is_not_an_average_taken():
    source = "Average holding time was 3.4 hours across 15 trades."
    result = detect(source_input("The average holding time was 3.4 hours.", source))
    assert not result.flagged


TAX = """Income tax reconciliation (dollars in thousands):
                                    2024
Income tax at federal statutory rate   $ 84,210
Statutory rate                          21.0%
"""

GROSS_UP = (
    "Tax at the 21.0% statutory rate was $84,210 thousand in 2024. Grossing that up, $84,210 "
    "thousand ÷ 21.0% = ${result} thousand."
)


def test_a_formula_with_scale_words_and_a_percentage_is_evaluated():
    result = detect(source_input(GROSS_UP.format(result="401,000"), TAX))
    assert _verdict(result, "$401,000 thousand").outcome == DERIVED


def test_a_wrong_result_of_a_formula_with_scale_words_is_flagged():
    result = detect(source_input(GROSS_UP.format(result="410,000"), TAX))
    assert not _verdict(result, "$410,000 thousand").grounded
    assert result.flagged


def test_a_wrong_result_of_a_formula_with_currency_codes_is_a_drift():
    result = detect(
        source_input("Write-offs: MSEK 91 + MSEK 79 + MSEK 97 = MSEK 276 over three years.", NORDIC)
    )
    assert _verdict(result, "MSEK 276").outcome == ARITHMETIC_DRIFT


THREE_YEARS = """Cost of revenue (in thousands)
| | 2019 | 2018 | 2017 |
|---|---:|---:|---:|
| Cost of revenue | 35,505 | 28,576 | 21,531 |
"""


def test_an_average_s_count_in_a_written_formula_is_no_claim():
    result = detect(source_input("(35,505 + 28,576 + 21,531) / 3 = 28,537.33", THREE_YEARS))
    assert "3" not in [v.claim.text for v in result.verdicts]
    assert not result.flagged


def test_a_wrong_average_in_a_written_formula_is_a_drift():
    result = detect(source_input("(35,505 + 28,576 + 21,531) / 3 = 28,357.33", THREE_YEARS))
    assert _verdict(result, "28,357.33").outcome == ARITHMETIC_DRIFT


CASH_FLOW = """Selected lines (in millions)
| | FY2023 | FY2022 |
|---|---:|---:|
| Operating income | 1,878 | 1,512 |
| Depreciation | 512 | 498 |
| Amortization of intangible assets | 138 | 141 |
"""

EBITDA = (
    "FY2023 EBITDA: $1,878 + $512 + $138 = $2,528 million.\n\n"
    "FY2022 EBITDA on the same basis was $1,512 + $498 + $141 = $2,151 million, so EBITDA "
    "grew about {growth} year over year."
)


def test_a_formula_s_bare_amounts_are_at_its_result_s_scale():
    result = detect(source_input(EBITDA.format(growth="17.5%"), CASH_FLOW))
    assert [v.claim.text for v in result.verdicts if not v.grounded] == []


def test_a_change_between_figures_the_answer_worked_out_is_derived():
    result = detect(source_input(EBITDA.format(growth="17.5%"), CASH_FLOW))
    assert _verdict(result, "17.5%").outcome == DERIVED


def test_a_wrong_change_between_figures_the_answer_worked_out_is_flagged():
    result = detect(source_input(EBITDA.format(growth="15.7%"), CASH_FLOW))
    assert not _verdict(result, "15.7%").grounded


def test_a_formula_s_operand_at_the_wrong_scale_is_still_flagged():
    result = detect(
        source_input("FY2023 EBITDA: $1,878 billion + $512 + $138 = $2,528 million.", CASH_FLOW)
    )
    assert result.flagged


BUYBACK = (
    "During fiscal 2023 we repurchased 3.8 million shares for $412.6 million, compared with 2.9 "
    "million shares for $301.8 million in fiscal 2022."
)
SPENDING = (
    "Tamsin spent **$412.6 million** buying back shares in fiscal 2023.\n\n"
    "- Shares bought: 3.8 million\n\n"
    "Spending was up from $301.8 million in fiscal 2022, an increase of {growth}."
)


def test_a_change_from_a_base_to_a_figure_given_before_is_derived():
    result = detect(source_input(SPENDING.format(growth="36.7%"), BUYBACK))
    assert _verdict(result, "36.7%").outcome == DERIVED


def test_a_wrong_change_from_a_base_to_a_figure_given_before_is_flagged():
    result = detect(source_input(SPENDING.format(growth="38.7%"), BUYBACK))
    assert not _verdict(result, "38.7%").grounded


IFRS = """Consolidated income statement (€ million)
| € million | 2024 | 2023 |
|---|---:|---:|
| Revenue | 2,418.6 | 2,236.1 |
| Operating profit | 461.3 | 382.8 |
| Profit for the year | 317.9 | 256.9 |
"""

MARGINS = """| Margin | 2024 | 2023 |
|---|---:|---:|
| Operating margin | 19.1% | 17.1% |
| Net margin | {net_2024} | 11.5% |
"""


def test_a_net_margin_is_profit_for_the_year_over_revenue():
    result = detect(source_input(MARGINS.format(net_2024="13.1%"), IFRS))
    assert not result.flagged


def test_a_wrong_net_margin_over_profit_for_the_year_is_flagged():
    result = detect(source_input(MARGINS.format(net_2024="14.1%"), IFRS))
    assert result.flagged


PAYOUT_SOURCE = """Earnings per share                                         FY2025       FY2024
Diluted earnings per share (cents)                           71.3         64.2
Dividends per share (cents)                                  42.5         37.0
"""

PAYOUT = """| | FY2025 | FY2024 |
|---|---:|---:|
| Dividends per share (cents) | 42.5 | 37.0 |
| Diluted EPS (cents) | 71.3 | 64.2 |
| **Payout ratio** | **{ratio}** | **57.6%** |
"""


def test_a_rate_in_the_answer_s_table_is_the_quotient_of_its_column_s_cells():
    result = detect(source_input(PAYOUT.format(ratio="59.6%"), PAYOUT_SOURCE))
    assert not result.flagged


def test_a_wrong_rate_in_the_answer_s_table_is_flagged():
    result = detect(source_input(PAYOUT.format(ratio="62.3%"), PAYOUT_SOURCE))
    assert result.flagged


FCF_SOURCE = """Cash flows (in thousands)            Fiscal 2024
Net cash provided by operating activities   1,284,530
Capital expenditures                         (412,806)
Dividends paid                               (318,412)
Share repurchases                            (450,112)
"""

FCF = (
    "Free cash flow: $1,284,530K − $412,806K = $871,724K (≈ $871.7 million).\n\n"
    "Returned to shareholders: 318.4 + 450.1 = 768.5.\n\n"
    "- Share of FCF returned: 768.5 / {fcf} ≈ 88.2%"
)


def test_bare_digits_restating_a_scaled_figure_the_answer_worked_out_stand_on_it():
    result = detect(source_input(FCF.format(fcf="871.7"), FCF_SOURCE))
    assert not result.flagged


def test_bare_digits_that_restate_no_figure_the_answer_worked_out_are_flagged():
    result = detect(source_input(FCF.format(fcf="817.7"), FCF_SOURCE))
    assert result.flagged


SUBSCRIBERS = "The network had 22,940 subscribers at year end, each paying €24.50 a month."
WORKING_AFTER = "Annual subscription revenue is about €{total} million (22,940 × 24.50 × 12)."


def test_working_in_parentheses_after_a_figure_is_its_formula():
    result = detect(source_input(WORKING_AFTER.format(total="6.74"), SUBSCRIBERS))
    verdict = _verdict(result, "€6.74 million")
    assert verdict.outcome == DERIVED
    assert verdict.formula == "22,940 × 24.50 × 12"
    assert not result.flagged


def test_a_figure_its_own_working_does_not_give_is_drift():
    result = detect(source_input(WORKING_AFTER.format(total="7.74"), SUBSCRIBERS))
    verdict = _verdict(result, "€7.74 million")
    assert verdict.outcome == ARITHMETIC_DRIFT
    assert result.flagged


def test_a_parenthesized_figure_without_operators_is_not_working():
    # "(22,940 subscribers)" names a figure; only arithmetic in parentheses is working.
    answer = "Revenue is about €6.74 million (22,940 subscribers)."
    result = detect(source_input(answer, SUBSCRIBERS))
    assert _verdict(result, "€6.74 million").formula is None


STADIUM = (
    "The insurer signed a 12-year, €24 million naming-rights agreement for the 26,200-seat stadium."
)
PER_SEAT = (
    "The insurer's 12-year, €24 million deal for the 26,200-seat stadium comes to €2 million "
    "a year, or about €{per_seat} per seat a year."
)
ROBOTS = "Kelpie has 1,850 robots deployed across 96 customers and 430 employees."
PER_CUSTOMER = (
    "Kelpie has 430 employees and 1,850 robots deployed across 96 customers, about "
    "{per_customer} robots per customer."
)


def test_a_figure_per_unit_the_answer_counts_is_a_quotient_of_its_figures():
    result = detect(source_input(PER_SEAT.format(per_seat="76"), STADIUM))
    verdict = _verdict(result, "€76")
    assert verdict.outcome == DERIVED
    assert verdict.formula == "2M / 26200"


def test_a_wrong_figure_per_unit_is_flagged():
    result = detect(source_input(PER_SEAT.format(per_seat="96"), STADIUM))
    assert not _verdict(result, "€96").grounded
    assert result.flagged


def test_a_count_per_unit_is_over_the_count_of_that_unit_not_its_own_line():
    # "96 customers" is stated; "19 robots per customer" is no count of customers.
    result = detect(source_input(PER_CUSTOMER.format(per_customer="19"), ROBOTS))
    verdict = _verdict(result, "19")
    assert verdict.outcome == DERIVED
    assert verdict.formula == "1850 / 96"
    assert not result.flagged


def test_a_wrong_count_per_unit_is_flagged():
    result = detect(source_input(PER_CUSTOMER.format(per_customer="23"), ROBOTS))
    assert not _verdict(result, "23").grounded


def test_a_figure_per_a_unit_the_answer_never_counts_is_not_a_quotient():
    # Nothing counts visits: 78 / 34 is not tried, whatever it gives.
    answer = "The clinic billed 78 hours over 34 days, 2.29 hours per visit."
    result = detect(source_input(answer, "The clinic billed 78 hours over 34 days."))
    assert _verdict(result, "2.29").outcome != DERIVED


WORKFORCE = "The company employed 4,812 people; Scope 1 and 2 emissions were 1,264 tCO2e."
PER_EMPLOYEE = (
    "The company employed 4,812 people. Scope 1 and 2 emissions were 1,264 tCO2e, or roughly "
    "{per_head} tonnes per employee."
)


def test_a_unit_counted_under_another_name_is_that_unit():
    # "4,812 people" counts employees: 1,264 / 4,812 = 0.263.
    result = detect(source_input(PER_EMPLOYEE.format(per_head="0.26"), WORKFORCE))
    verdict = _verdict(result, "0.26")
    assert verdict.outcome == DERIVED
    assert verdict.formula == "1264 / 4812"
    assert not result.flagged


def test_a_wrong_figure_per_a_unit_counted_under_another_name_is_flagged():
    result = detect(source_input(PER_EMPLOYEE.format(per_head="0.36"), WORKFORCE))
    assert not _verdict(result, "0.36").grounded


def test_a_dollar_figure_per_unit_is_over_dollar_figures_only():
    # 1,850 robots over 96 customers gives 19; "$19 per customer" is no quotient of counts.
    answer = "Kelpie has 1,850 robots across 96 customers, about $19 per customer."
    result = detect(source_input(answer, ROBOTS))
    assert _verdict(result, "$19").outcome != DERIVED


FLEET = "Rental days were 58.4 million and the average fleet 198,600 vehicles in 2024."
LEAP_YEAR = "Utilization in 2024, a leap year: 58.4M ÷ (198,600 × 366) = **{rate}**"


def test_the_days_of_a_leap_year_are_a_formula_constant():
    result = detect(source_input(LEAP_YEAR.format(rate="80.3%"), FLEET))
    assert "366" not in [v.claim.text for v in result.verdicts]
    assert _verdict(result, "80.3%").outcome == DERIVED
    assert not result.flagged


def test_a_wrong_result_over_the_days_of_a_leap_year_is_drift():
    result = detect(source_input(LEAP_YEAR.format(rate="83.0%"), FLEET))
    assert _verdict(result, "83.0%").outcome == ARITHMETIC_DRIFT


CLOSURES = "The chain will close 148 of its 1,912 stores by the end of August."
LEAVING = (
    "The chain will close 148 of its 1,912 stores by the end of August, leaving {left} stores."
)


def test_what_is_left_of_a_whole_once_a_part_is_taken_is_their_difference():
    result = detect(source_input(LEAVING.format(left="1,764"), CLOSURES))
    verdict = _verdict(result, "1,764")
    assert verdict.outcome == DERIVED
    assert verdict.formula == "1912 - 148"
    assert not result.flagged


def test_a_wrong_remainder_is_flagged():
    result = detect(source_input(LEAVING.format(left="1,746"), CLOSURES))
    assert not _verdict(result, "1,746").grounded


def test_a_remainder_is_not_taken_across_money_and_counts():
    # 2,000 stores less $236 gives 1,764 in digits only: the figure stays unexplained.
    answer = "The chain paid $236 a day to keep 2,000 stores, leaving 1,764 stores."
    result = detect(source_input(answer, "The chain paid $236 a day to keep 2,000 stores."))
    assert _verdict(result, "1,764").outcome != DERIVED


FERRY = (
    "The $62 million project received a $27.5 million federal grant; the regional council "
    "contributed $18.0 million and the remainder was financed through a green bond."
)
FUNDING = (
    "The $62 million project was funded from three sources. A federal grant provided $27.5 "
    "million and the regional council $18.0 million. The remaining {left} was raised through "
    "a green bond."
)


def test_what_remains_of_a_whole_after_every_part_listed_is_the_whole_less_their_sum():
    # 62 − 27.5 − 18.0 = 16.5, the whole two sentences back.
    result = detect(source_input(FUNDING.format(left="$16.5 million"), FERRY))
    assert _verdict(result, "$16.5 million").outcome == DERIVED
    assert not result.flagged


def test_a_remainder_that_is_not_the_whole_less_its_parts_is_flagged():
    result = detect(source_input(FUNDING.format(left="$14.5 million"), FERRY))
    assert not _verdict(result, "$14.5 million").grounded
    assert result.flagged


SEGMENT_COLUMNS = (
    "(in thousands)        Coatings    Adhesives    Group\n"
    "Net sales - 2024       184,300      96,250   280,550\n"
    "Net sales - 2023       160,100      91,480   251,580\n"
)
GROWING_AT = (
    "Group net sales reached $280.6 million in 2024, with Coatings growing fastest at {rate}."
)


def test_a_rate_after_a_verb_of_change_and_at_is_a_change():
    # "growing fastest at 15.1%": the rate the segment grew at, not a level it stood at.
    result = detect(source_input(GROWING_AT.format(rate="15.1%"), SEGMENT_COLUMNS))
    verdict = _verdict(result, "15.1%")
    assert verdict.outcome == DERIVED
    assert verdict.formula == "(184.3M - 160.1M) / 160.1M * 100"
    assert not result.flagged


def test_a_wrong_rate_after_a_verb_of_change_and_at_is_flagged():
    result = detect(source_input(GROWING_AT.format(rate="17.4%"), SEGMENT_COLUMNS))
    assert not _verdict(result, "17.4%").grounded


SALES_TABLE = "| | FY2024 | FY2023 |\n|---|---:|---:|\n| Net sales | $8,412M | $8,968M |\n"
DECLINE_IN = (
    "Operating margin compressed by 1.4 points, which came alongside a {rate} decline in net "
    "sales as distributors cut orders."
)


def test_a_change_named_after_its_figure_is_a_change_of_the_metric_after_in():
    # "a 6.2% decline in net sales": the words before it ("margin compressed ... alongside")
    # do not name what declined.
    result = detect(source_input(DECLINE_IN.format(rate="6.2%"), SALES_TABLE))
    verdict = _verdict(result, "6.2%")
    assert verdict.outcome == DERIVED
    assert verdict.formula == "(8.412B - 8.968B) / 8.968B * 100"


def test_a_wrong_change_named_after_its_figure_is_flagged():
    result = detect(source_input(DECLINE_IN.format(rate="8.2%"), SALES_TABLE))
    assert not _verdict(result, "8.2%").grounded


CASH_FLOWS = (
    "Operating cash flow: FY2024 $742.9 million; FY2023 $655.3 million. "
    "Capital expenditures: FY2024 $231.4 million; FY2023 $198.7 million."
)
FCF_TABLE = (
    "| $ millions | FY2024 | FY2023 |\n|---|---:|---:|\n"
    "| Operating cash flow | 742.9 | 655.3 |\n"
    "| Less: capital expenditures | (231.4) | (198.7) |\n"
    "| **Free cash flow** | **511.5** | **456.6** |\n\n"
    "Free cash flow grew about {rate}."
)


def test_a_change_between_two_periods_the_answer_worked_out_before_is_derived():
    # No figure in the change's sentence: its operands are the free cash flow the answer's
    # table worked out for both years (positive as written, though "(231.4)" reads negative).
    result = detect(source_input(FCF_TABLE.format(rate="12.0%"), CASH_FLOWS))
    verdict = _verdict(result, "12.0%")
    assert verdict.outcome == DERIVED
    assert verdict.formula == "(511.5M - 456.6M) / 456.6M * 100"
    assert not result.flagged


def test_a_wrong_change_between_two_periods_the_answer_worked_out_is_flagged():
    result = detect(source_input(FCF_TABLE.format(rate="14.0%"), CASH_FLOWS))
    assert not _verdict(result, "14.0%").grounded


BACKLOG = (
    "(in thousands)            2024         2023\n"
    "Total revenues        1,292,394    1,276,271\n"
    "Contracted backlog    4,312,600    4,655,100\n"
)
COVERS = "- Contracted backlog of $4,312,600K covers about **{multiple}** 2024 revenue."


def test_a_multiple_after_covers_is_over_the_line_named_after_it():
    result = detect(source_input(COVERS.format(multiple="3.34x"), BACKLOG))
    verdict = _verdict(result, "3.34x")
    assert verdict.outcome == DERIVED
    assert verdict.formula == "4.3126B / 1.292394B"


def test_a_wrong_multiple_after_covers_is_flagged():
    result = detect(source_input(COVERS.format(multiple="3.64x"), BACKLOG))
    assert not _verdict(result, "3.64x").grounded


COSTS_IN_PARENTHESES = (
    "Six months ended 30 June (RM)      2024            2023\n"
    "Revenue                        4,860,114       4,402,530\n"
    "Cost of sales                 (3,748,118)     (3,310,917)\n"
)


def test_a_change_of_a_line_presented_negative_is_the_change_of_its_size():
    answer = "Cost of sales rose {rate}, faster than revenue."
    result = detect(source_input(answer.format(rate="13.2%"), COSTS_IN_PARENTHESES))
    assert _verdict(result, "13.2%").outcome == DERIVED
    assert not result.flagged


def test_a_line_presented_negative_said_to_fall_as_it_grows_is_flagged():
    answer = "Cost of sales fell {rate}, slower than revenue."
    result = detect(source_input(answer.format(rate="13.2%"), COSTS_IN_PARENTHESES))
    assert not _verdict(result, "13.2%").grounded


SHIPMENTS = (
    "In 2024 LTL shipments per day were 41,862 over 252 work days. In 2023 they were 43,105 "
    "over 253 work days."
)
SHIPMENT_TABLE = (
    "| | Shipments per day | Work days | Total shipments |\n|---|---:|---:|---:|\n"
    "| 2024 | 41,862 | 252 | {total} |\n"
)


def test_a_cell_of_the_answer_s_table_may_be_the_product_of_two_of_its_period():
    result = detect(source_input(SHIPMENT_TABLE.format(total="10,549,224"), SHIPMENTS))
    assert _verdict(result, "10,549,224").outcome == DERIVED
    assert not result.flagged


def test_a_wrong_product_in_the_answer_s_table_is_flagged():
    result = detect(source_input(SHIPMENT_TABLE.format(total="10,594,224"), SHIPMENTS))
    assert not _verdict(result, "10,594,224").grounded


# ------------------------------------------------------------------ a remainder of the answer's first amount

DISTILLERY = (
    "Glen Ardoch will spend £48 million on the expansion. Four new pot stills will be "
    "installed and 32 jobs created. A £30 million bank loan will fund most of the cost and "
    "the rest will come from the distillery's reserves."
)


def test_the_remainder_of_the_answer_s_first_amount_several_sentences_on_is_recomputed():
    answer = (
        "Glen Ardoch will invest £48 million. Four new pot stills will take the total to eight. "
        "The workforce will grow by 32 jobs. A £30 million bank loan covers most of the cost, "
        "with the remaining {} coming from reserves."
    )
    assert detect(source_input(answer.format("£18 million"), DISTILLERY)).flagged is False
    assert detect(source_input(answer.format("£28 million"), DISTILLERY)).flagged is True
