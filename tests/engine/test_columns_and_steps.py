"""Columns as PDF text keeps them and changes worked in steps: values run together by two
spaces under a header that aligns with nothing head their columns in order ("  Fiscal
2023  Fiscal 2022"); a change worked as a difference and then that difference over the
later value is over the wrong base; a cell of the line a clause names, but of another
period than the one it names, is that period's mismatch. Each class has a clean case and a
wrong one of the same shape."""

from __future__ import annotations

import json
from decimal import Decimal

from hallucination.engine import detect, values
from hallucination.engine.answer import read_answer
from hallucination.engine.sources import build_index
from hallucination.engine.types import (
    ARITHMETIC_DRIFT,
    CURRENCY,
    FABRICATION,
    PERIOD_MISMATCH,
    SUBSTITUTION,
    UNSUPPORTED_AGGREGATION,
)

from .conftest import source_input

EARNINGS = (
    "ASHCOMBE HOME, INC.\n"
    "CONSOLIDATED STATEMENTS OF EARNINGS\n"
    "(Amounts in millions, except per share data)\n"
    "Fiscal 2023 ended February 3, 2024 (53 weeks); Fiscal 2022 ended January 28, 2023 "
    "(52 weeks)\n"
    "  Fiscal 2023  Fiscal 2022\n"
    "Net sales  $ 7,412.6  $ 7,655.1\n"
    "Operating income  512.8  598.3\n"
    "Net earnings  $ 371.4  $ 402.9\n"
    "Diluted earnings per share  $ 3.84  $ 4.02\n"
    "Dividends declared per share  $ 1.44  $ 1.28\n"
)

DEBT = (
    "Note 9. Debt (in millions)\n\n"
    "                                         December 31, 2023   December 31, 2022\n"
    "4.250% Senior Notes due 2028                   600.0       600.0\n"
    "Term Loan A due 2027                           325.0       400.0\n"
    "Total debt                                     925.0     1,000.0\n"
    "Less: current portion of long-term debt        (50.0)      (50.0)\n"
    "Long-term debt                                 875.0       950.0\n"
)


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_columns_run_together_by_two_spaces_head_in_order():
    answer = "Fiscal 2023 dividends declared per share were {}."
    assert not detect(source_input(answer.format("$1.44"), EARNINGS)).flagged
    wrong = detect(source_input(answer.format("$1.28"), EARNINGS))
    assert _verdict(wrong, "$1.28").outcome == PERIOD_MISMATCH and wrong.flagged


def test_a_change_worked_in_two_steps_over_the_later_value():
    answer = (
        "- Fiscal 2023 dividends declared per share: $1.44\n"
        "- Fiscal 2022 dividends declared per share: $1.28\n\n"
        "Increase: $1.44 − $1.28 = $0.16\n"
        "Growth: 0.16 ÷ {} ≈ {}"
    )
    assert not detect(source_input(answer.format("1.28", "12.5%"), EARNINGS)).flagged
    wrong = detect(source_input(answer.format("1.44", "11.1%"), EARNINGS))
    assert not _verdict(wrong, "11.1%").grounded and wrong.flagged


def test_a_cell_of_the_named_line_for_another_period():
    answer = "Long-term debt, net of the current portion, was {} million at December 31, 2023."
    assert not detect(source_input(answer.format("$875.0"), DEBT)).flagged
    wrong = detect(source_input(answer.format("$950.0"), DEBT))
    assert _verdict(wrong, "$950.0 million").outcome == PERIOD_MISMATCH and wrong.flagged


BEAT = (
    "Tarrant Foods reported second-quarter revenue of $1.42 billion, ahead of the $1.39 "
    "billion analysts had expected. Adjusted earnings were 87 cents a share, beating the "
    "84-cent consensus."
)
BEAT_NO_ESTIMATE = (
    "Tarrant Foods reported second-quarter revenue of $1.42 billion, ahead of the $1.39 "
    "billion analysts had expected. Adjusted earnings were 87 cents a share."
)


def test_a_hyphenated_cents_figure_is_money():
    index = build_index(source_input("", BEAT))
    (consensus,) = [c for c in index.claims if c.text == "84-cent"]
    assert consensus.kind == CURRENCY and consensus.value == Decimal("0.84")
    answer = "Adjusted earnings of 87 cents a share beat the {} consensus."
    assert not detect(source_input(answer.format("84-cent"), BEAT)).flagged
    wrong = detect(source_input(answer.format("81-cent"), BEAT))
    assert not _verdict(wrong, "81-cent").grounded and wrong.flagged


def test_cents_better_than_a_figure_are_no_difference_of_billions():
    answer = (
        "Revenue was $1.42 billion, above the $1.39 billion consensus, and adjusted earnings "
        "of 87 cents a share were 3 cents better than {}."
    )
    assert not detect(source_input(answer.format("the 84-cent consensus"), BEAT)).flagged
    # 1.42 - 1.39 billion is 30 million, not 3 cents at another scale
    wrong = detect(source_input(answer.format("expected"), BEAT_NO_ESTIMATE))
    assert not _verdict(wrong, "3 cents").grounded and wrong.flagged


BALANCE = (
    "WEXFORD CONTAINERS, INC. - CONSOLIDATED BALANCE SHEETS (in thousands)\n"
    "| | Fiscal 2023 | Fiscal 2022 |\n|---|---:|---:|\n"
    "| Cash and cash equivalents | 48,915 | 52,306 |\n"
    "| Current maturities of long-term debt | 12,500 | 12,500 |\n"
    "| Long-term debt, net of current maturities | 271,340 | 283,100 |\n"
)


def test_an_operands_name_in_brackets_after_it():
    working = "283,840 − 48,915 (cash and cash equivalents)"
    assert values.evaluate(working) == Decimal("234925")
    reading = read_answer(f"{working} = **$234,925 thousand**")
    (result,) = [r.claim for r in reading.readings if r.claim.text == "$234,925 thousand"]
    assert reading.worked(result) == (f"{working} ", False)
    # 12,500 + 271,340 = 283,840; less 48,915 = 234,925
    answer = (
        "Total debt = 12,500 + 271,340 = $283,840 thousand\n\n"
        "283,840 − 48,915 (cash and cash equivalents) = **{} thousand**"
    )
    assert not detect(source_input(answer.format("$234,925"), BALANCE)).flagged
    wrong = detect(source_input(answer.format("$243,925"), BALANCE))
    assert not _verdict(wrong, "$243,925 thousand").grounded and wrong.flagged


def test_a_scale_word_after_the_emphasis_closes():
    answer = "- Total current assets: **{}** thousand"
    source = (
        "KITTRIDGE SUPPLY CO. - CONSOLIDATED BALANCE SHEETS (in thousands)\n"
        "| | December 31, 2023 |\n|---|---:|\n| Total current assets | 412,318 |\n"
    )
    clean = detect(source_input(answer.format("$412,318"), source))
    assert _verdict(clean, "$412,318").claim.scale == Decimal(1000) and not clean.flagged
    wrong = detect(source_input(answer.format("$421,318"), source))
    assert not _verdict(wrong, "$421,318").grounded and wrong.flagged


def test_a_datelines_year_read_as_a_cell_is_a_year():
    source = (
        "MoneyWise blog | 2021\n"
        "Corran's top income tax rate of 6.4% applies to income over $75,000 for single filers."
    )
    answer = "One passage, a blog post from {}, still gives Corran's old top rate of 6.4%."
    assert not detect(source_input(answer.format("2021"), source)).flagged
    wrong = detect(source_input(answer.format("2019"), source))
    assert not _verdict(wrong, "2019").grounded and wrong.flagged


TEN_Q = (
    "Note 14. Segment Information\n\n"
    "(in millions)                      Three Months Ended      Nine Months Ended\n"
    "                                   Sep 28,    Sep 30,     Sep 28,    Sep 30,\n"
    "                                     2024       2023        2024       2023\n"
    "Net sales\n"
    "  Surgical                         842.6      790.1     2,498.1    2,317.4\n"
    "  Diagnostics                      512.3      538.9     1,560.2    1,612.8\n"
)


def test_dates_close_over_two_columns_head_one_each():
    index = build_index(source_input("", TEN_Q))
    periods = {c.text: c.period for c in index.claims if c.cell is not None}
    assert periods["2,317.4"] == periods["1,612.8"] == "9M 2023-09"
    answer = "Surgical net sales grew {} in the first nine months of 2024."
    # 2,498.1 / 2,317.4 - 1 = 7.80%
    assert not detect(source_input(answer.format("7.8%"), TEN_Q)).flagged
    wrong = detect(source_input(answer.format("8.7%"), TEN_Q))
    assert not _verdict(wrong, "8.7%").grounded and wrong.flagged


DEFERRED = json.dumps(
    [
        ["€ million", "2023", "2022"],
        ["Gross deferred tax assets", "148.2", "131.9"],
        ["Total deferred tax liabilities", "(179.6)", "(119.9)"],
        ["Net deferred tax asset/(liability)", "(31.4)", "12.0"],
    ]
)


def test_a_figure_named_by_the_side_of_its_line_its_sign_is_not():
    question = "What was the net deferred tax position at 31 December 2023?"
    answer = "31.4 million, i.e. a net deferred tax {}"
    clean = detect(source_input(answer.format("liability"), DEFERRED, question=question))
    assert not clean.flagged
    wrong = detect(source_input(answer.format("asset"), DEFERRED, question=question))
    assert _verdict(wrong, "31.4 million").outcome == FABRICATION and wrong.flagged


OBLIGATION = json.dumps(
    [
        ["S$'000", "2023", "2022"],
        ["At 1 January", "86,412", "92,740"],
        ["Current service cost", "2,956", "3,207"],
        [
            "Actuarial losses/(gains) arising from changes in financial assumptions",
            "4,318",
            "(9,627)",
        ],
        ["Actuarial losses/(gains) arising from experience adjustments", "1,072", "843"],
        ["At 31 December", "91,904", "86,412"],
    ]
)


def test_a_line_that_names_its_negative_side_second_in_brackets_either_way_round():
    """ "Actuarial losses/(gains)": the bracketed figure is a gain, whichever side is first
    (and of the JSON rows on one line, the row right before the value names it)."""
    question = (
        "What was the actuarial (gain)/loss arising from changes in financial assumptions in 2022?"
    )
    clean = detect(source_input("An actuarial gain of 9,627.", OBLIGATION, question=question))
    assert not clean.flagged
    wrong = detect(source_input("An actuarial loss of 9,627.", OBLIGATION, question=question))
    assert wrong.flagged and _verdict(wrong, "9,627").outcome == FABRICATION


GOODWILL = json.dumps(
    [
        ["US$ million", "Imaging", "Therapy", "Consumer", "Total"],
        ["Balance at January 1, 2023", "702.5", "1,118.0", "401.2", "2,221.7"],
        ["Acquisitions", "41.0", "—", "—", "41.0"],
        ["Foreign currency translation", "8.1", "12.7", "(3.3)", "17.5"],
        ["Balance at December 31, 2023", "751.6", "1,130.7", "397.9", "2,280.2"],
    ]
)


def test_a_bare_answer_from_a_column_the_question_does_not_name():
    question = "What was the goodwill of the Therapy segment at December 31, 2023?"
    clean = detect(source_input("US$1,130.7 million", GOODWILL, question=question))
    assert not clean.flagged
    wrong = detect(source_input("US$751.6 million", GOODWILL, question=question))
    verdict = _verdict(wrong, "US$751.6 million")
    assert verdict.outcome == SUBSTITUTION and verdict.expected_value == Decimal("1130.7")


DEFERRED_ASSETS = json.dumps(
    [
        ["€ million", "2023", "2022"],
        ["Tax loss carryforwards", "91.6", "77.2"],
        ["Lease liabilities", "33.1", "30.4"],
        ["Gross deferred tax assets", "162.8", "141.0"],
    ]
)


def test_a_share_of_the_year_asked_over_another_years_cell():
    question = (
        "What percentage of the 2023 gross deferred tax assets relates to tax loss carryforwards?"
    )
    # 91.6 / 162.8 = 56.27%; 77.2 / 162.8 = 47.42%
    clean = detect(source_input("91.6 / 162.8 = 56.27%", DEFERRED_ASSETS, question=question))
    assert not clean.flagged
    wrong = detect(source_input("77.2 / 162.8 = 47.42%", DEFERRED_ASSETS, question=question))
    assert _verdict(wrong, "77.2").outcome == PERIOD_MISMATCH and wrong.flagged


GERMAN = json.dumps(
    [
        ["in € Mio.", "2023", "2022"],
        ["Umsatzerlöse", "4.227,8", "3.981,4"],
        ["Materialaufwand", "(1.312,6)", "(1.204,9)"],
    ]
)


def test_a_figure_with_a_decimal_comma_gets_no_replacement_in_another_style():
    clean = detect(source_input("Revenue (Umsatzerlöse) in 2023 was € 4.227,8 million.", GERMAN))
    assert not clean.flagged
    answer = "Revenue (Umsatzerlöse) in 2023 was € 3.981,4 million."
    wrong = detect(source_input(answer, GERMAN))
    assert _verdict(wrong, "€ 3.981,4 million").outcome == PERIOD_MISMATCH and wrong.flagged
    # the verdict explains; "€ 0.0000,4 million" would be no correction
    assert wrong.corrections == () and wrong.corrected_answer == answer


TEN_Q_SPANS = """CORVANE, INC.
CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (in thousands)
                               Three Months Ended          Nine Months Ended
                             Sep 28,      Sep 30,        Sep 28,      Sep 30,
                               2024         2023           2024         2023
Net revenue                 284,615      250,819        812,904      760,118
Operating income             42,163       24,639        100,240       73,404
"""


def test_an_answer_table_whose_corner_names_a_span_dates_its_rows_with_it():
    answer = """### Working (in thousands)

| Nine months ended | Operating income | Net revenue |
|---|---:|---:|
| September 28, 2024 | ${} | $812,904 |
| September 30, 2023 | $73,404 | $760,118 |
"""
    assert not detect(source_input(answer.format("100,240"), TEN_Q_SPANS)).flagged
    wrong = detect(source_input(answer.format("42,163"), TEN_Q_SPANS))  # the quarter's
    assert wrong.flagged


FAIR_VALUE = json.dumps(
    [
        ["HK$'000", "Level 1", "Level 2", "Level 3", "Total"],
        ["As at 31 December 2023", "", "", "", ""],
        ["Listed equity securities", "412,306", "—", "—", "412,306"],
        ["Investment properties", "—", "—", "1,286,500", "1,286,500"],
        ["Total", "412,306", "—", "1,286,500", "1,698,806"],
        ["As at 31 December 2022", "", "", "", ""],
        ["Listed equity securities", "447,120", "—", "—", "447,120"],
        ["Investment properties", "—", "—", "1,342,800", "1,342,800"],
        ["Total", "447,120", "—", "1,342,800", "1,789,920"],
    ]
)


def test_the_operands_of_a_share_at_one_date_are_that_dates():
    question = (
        "What proportion of the total assets measured at fair value was classified as Level 3 "
        "as at 31 December 2023?"
    )
    clean = detect(source_input("1,286,500 / 1,698,806 = 75.73%", FAIR_VALUE, question=question))
    assert not clean.flagged
    wrong = detect(source_input("1,342,800 / 1,698,806 = 79.04%", FAIR_VALUE, question=question))
    assert wrong.flagged
    assert _verdict(wrong, "1,342,800").outcome == PERIOD_MISMATCH


AGEING = json.dumps(
    [
        [
            "NT$ thousand",
            "Expected credit loss rate (%)",
            "Gross carrying amount",
            "Loss allowance",
        ],
        ["December 31, 2023", "", "", ""],
        ["Not past due", "0.3", "1,846,215", "5,539"],
        ["91 to 180 days past due", "15.0", "46,952", "7,043"],
        ["Total", "1.65", "2,362,096", "39,014"],
        ["December 31, 2022", "", "", ""],
        ["Not past due", "0.3", "1,702,884", "5,109"],
        ["91 to 180 days past due", "14.5", "38,180", "5,536"],
        ["Total", "1.49", "2,148,836", "32,013"],
    ]
)


def test_an_unnamed_first_figure_answers_the_one_period_its_question_asks():
    question = (
        "What was the gross carrying amount of receivables 91 to 180 days past due at "
        "December 31, 2023, and what loss rate applied?"
    )
    answer = "NT${} thousand, with an expected credit loss rate of 15.0% (loss allowance NT$7,043 thousand)."
    assert not detect(source_input(answer.format("46,952"), AGEING, question=question)).flagged
    wrong = detect(source_input(answer.format("38,180"), AGEING, question=question))
    assert _verdict(wrong, "NT$38,180 thousand").outcome == PERIOD_MISMATCH


QUARTERLY_SALES = json.dumps(
    [
        ["CHF m", "Q1 2023", "Q2 2023", "Q3 2023", "Q4 2023"],
        ["Net sales", "402.7", "415.0", "391.5", "436.8"],
    ]
)


def test_a_quarter_on_quarter_change_worked_over_the_later_quarter():
    question = "What was the percentage growth in net sales from Q3 2023 to Q4 2023?"
    clean = "(436.8 - 391.5) / 391.5 = 11.57%"
    assert not detect(source_input(clean, QUARTERLY_SALES, question=question)).flagged
    wrong = detect(
        source_input("(436.8 - 391.5) / 436.8 = 10.37%", QUARTERLY_SALES, question=question)
    )
    assert _verdict(wrong, "10.37%").outcome == ARITHMETIC_DRIFT


def test_a_plain_mean_of_band_rates_is_not_the_overall_rate_the_total_row_states():
    """The total row's rate is the allowance over the gross amount (39,014 / 2,362,096):
    the balances weight it, the bands' rates alone do not."""
    question = (
        "What was the overall expected credit loss rate on trade receivables at December 31, 2023?"
    )
    clean = detect(source_input("39,014 / 2,362,096 = 1.65%", AGEING, question=question))
    assert not clean.flagged
    wrong = detect(source_input("(0.3 + 15.0) / 2 = 7.65%", AGEING, question=question))
    verdict = _verdict(wrong, "7.65%")
    assert verdict.outcome == UNSUPPORTED_AGGREGATION and verdict.nearest.value == Decimal("1.65")


EBITDA_BRIDGE = """RECONCILIATION OF NET EARNINGS TO EBITDA AND ADJUSTED EBITDA (Unaudited)
(In millions)
                                                        Three Months Ended       Twelve Months Ended
                                                         Dec. 31,     Dec. 31,     Dec. 31,     Dec. 31,
                                                             2023         2022         2023         2022
Net earnings                                          $      47.4  $      36.3  $     167.5  $     123.1
Depreciation and amortization                                21.7         20.9         85.4         83.1
EBITDA                                                       94.8         81.0        351.9        296.0
Restructuring and other charges                               6.4          2.1         18.9          7.5
Acquisition and integration costs                             1.8          3.6          7.2         12.4
Stock-based compensation                                      5.3          4.8         21.6         19.7
Total adjustments                                            13.5         10.5         47.7         61.0
Adjusted EBITDA                                       $     108.3  $      91.5  $     399.6  $     357.0
"""


def test_a_total_row_is_no_part_of_another_sum_down_its_column():
    """21.7 + 5.3 + 13.5 = 40.5 down the quarter's column, a total row among its parts, is
    no reading of a partial sum called the total."""
    answer = (
        "For the full year 2023 the bridge from EBITDA to adjusted EBITDA added back:\n\n"
        "- Restructuring and other charges: $18.9 million\n"
        "- Stock-based compensation: $21.6 million\n"
        "{}"
        "\n**Total adjustments: {}**"
    )
    clean = answer.format("- Acquisition and integration costs: $7.2 million\n", "$47.7 million")
    assert not detect(source_input(clean, EBITDA_BRIDGE)).flagged
    wrong = detect(source_input(answer.format("", "$40.5 million"), EBITDA_BRIDGE))
    assert _verdict(wrong, "$40.5 million").outcome == UNSUPPORTED_AGGREGATION
