"""The answer's own working as analysts write it (docs/detection.md, "Derived figures"): tables
whose row labels state their unit, quotients of amounts copied from a table in thousands,
formulas of names (`CCC = DSO + DIO − DPO`), operands with words after them, day-count
conventions, changes between the answer's own results, a margin over the lines the answer
listed, and working for one year that takes another year's figure. Each class has a clean
answer that passes and a wrong one of the same shape that is caught."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect, extract_claims
from hallucination.engine.answer import read_answer
from hallucination.engine.sources import build_index
from hallucination.engine.tables import header_period
from hallucination.engine.types import ARITHMETIC_DRIFT, PERCENTAGE_POINTS

from .conftest import source_input


def _verdict(result, text: str):
    return next(v for v in result.verdicts if v.claim.text == text)


# ------------------------------------------------------------------ a row label's own unit

MONITORING = """Key performance indicators
                                              2024          2023
Ending subscribers                         902,300       880,100
Recurring monthly revenue (RMR, in thousands) $ 41,250   $ 39,800
"""

RMR_ANSWER = """| | 2024 | 2023 |
|---|---:|---:|
| RMR (in thousands) | $41,250 | $39,800 |
| Ending subscribers | 902,300 | 880,100 |

- 2024: $41,250,000 ÷ 902,300 ≈ ${first}
- 2023: $39,800,000 ÷ 880,100 ≈ $45.22

**Change:** up about ${change} per subscriber per month."""


def test_a_scale_in_an_answer_table_s_row_label_is_that_row_s_only():
    reading = read_answer(RMR_ANSWER.format(first="45.72", change="0.50"))
    values = {r.claim.text: r.claim.value for r in reading.readings}

    assert values["$41,250"] == Decimal("41250000")
    assert values["902,300"] == Decimal("902300")
    assert values["$41,250,000"] == Decimal("41250000")


def test_working_under_a_row_labelled_table_passes_and_a_wrong_quotient_is_flagged():
    clean = detect(source_input(RMR_ANSWER.format(first="45.72", change="0.50"), MONITORING))
    wrong = detect(source_input(RMR_ANSWER.format(first="47.52", change="0.50"), MONITORING))

    assert clean.flagged is False
    assert wrong.flagged is True


def test_an_unnamed_change_is_the_one_between_the_answer_s_last_two_results():
    clean = detect(source_input(RMR_ANSWER.format(first="45.72", change="0.50"), MONITORING))
    wrong = detect(source_input(RMR_ANSWER.format(first="45.72", change="0.94"), MONITORING))

    assert _verdict(clean, "$0.50").grounded
    assert not _verdict(wrong, "$0.94").grounded


# ------------------------------------------------------------------ "except per ton data"

COAL = """(in thousands, except per ton data)        2024        2023
Tons sold - Thermal                      16,200      17,400
Tons sold - Metallurgical                 3,800       3,500
Total tons sold                          20,000      20,900
Revenue per ton sold                     $61.25      $63.10
"""


def test_except_per_ton_data_excepts_the_per_ton_rows_not_the_tons():
    values = {c.text: c.value for c in extract_claims(COAL)}

    assert values["20,000"] == Decimal("20000000")
    assert values["$61.25"] == Decimal("61.25")


def test_tons_in_thousands_ground_at_their_scale_and_a_slip_of_a_thousand_is_flagged():
    clean = detect(source_input("Total tons sold were 20.0 million in 2024.", COAL))
    wrong = detect(source_input("Total tons sold were 20.0 billion in 2024.", COAL))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ words after an operand

STORES = (
    "The company operated 410 stores at the start of 2024. During the year it opened 12 new "
    "stores, acquired 7 and closed 5."
)


def test_a_roll_forward_with_words_after_each_operand_is_read_as_one_sum():
    clean = detect(
        source_input("Stores: 410 + 12 new openings + 7 acquired − 5 closed = 424.", STORES)
    )
    wrong = detect(
        source_input("Stores: 410 + 12 new openings + 7 acquired − 5 closed = 426.", STORES)
    )

    assert clean.flagged is False
    assert _verdict(wrong, "426").outcome == ARITHMETIC_DRIFT


# ------------------------------------------------------------------ quotients of table amounts

BALANCES = """Selected data (in thousands)
                                   2024
Net sales                    $ 610,400
Cost of sales                  450,100
Receivables                   $ 52,300
Inventories                     80,200
Accounts payable                40,300
"""

CYCLE = """| Component | Working | Days |
|---|---|---:|
| DSO | $52,300 ÷ $610,400 × 365 | 31.3 |
| DIO | $80,200 ÷ $450,100 × 365 | 65.0 |
| DPO | $40,300 ÷ $450,100 × 365 | 32.7 |
| **CCC = DSO + DIO − DPO** | | **≈ {ccc} days** |

Using 360 days instead of 365 would lower each figure slightly."""


def test_amounts_copied_into_a_quotient_leave_their_scale_open():
    reading = read_answer("DSO = $52,300 ÷ $610,400 × 365 ≈ 31.3 days")
    dividend = next(r.claim for r in reading.readings if r.claim.text == "$52,300")

    assert dividend.scale_origin == ""


def test_a_quotient_of_table_amounts_passes_and_a_wrong_result_is_flagged():
    clean = detect(source_input("DSO = $52,300 ÷ $610,400 × 365 ≈ 31.3 days.", BALANCES))
    wrong = detect(source_input("DSO = $52,300 ÷ $610,400 × 365 ≈ 33.1 days.", BALANCES))

    assert clean.flagged is False
    assert _verdict(wrong, "33.1").outcome == ARITHMETIC_DRIFT


def test_amounts_in_a_sum_keep_their_scale():
    result = detect(
        source_input("Net sales plus receivables: $610,400 + $52,300 = $662,700.", BALANCES)
    )

    assert result.flagged is True


def test_a_formula_of_names_over_the_answer_s_figures_passes_and_a_wrong_one_is_flagged():
    clean = detect(source_input(CYCLE.format(ccc="63.6"), BALANCES))
    wrong = detect(source_input(CYCLE.format(ccc="66.3"), BALANCES))

    assert clean.flagged is False
    # Derived from the days the answer gave (by the formula it names, or the metric's own
    # definition, DSO plus DIO less DPO: the same sum).
    assert _verdict(clean, "63.6").outcome == "derived"
    assert not _verdict(wrong, "66.3").grounded


def test_a_day_count_convention_is_no_claim_and_another_count_of_days_is():
    other = CYCLE.format(ccc="63.6").replace("360 days", "390 days")
    result = detect(source_input(other, BALANCES))

    assert not _verdict(result, "390").grounded


# ------------------------------------------------------------------ another year's operand

LEVERAGE = """Consolidated balance sheet data (in thousands)
                                   Dec 31, 2024    Dec 31, 2023
Total debt                          $ 1,820,400     $ 1,702,900
Total stockholders' equity            $ 912,300       $ 861,500
"""

LEVERAGE_ANSWER = """- **2024:** $1,820,400 ÷ {equity} ≈ {ratio}
- **2023:** $1,702,900 ÷ $861,500 ≈ 1.98x
- **Debt growth 2024:** ($1,820,400 − $1,702,900) ÷ $1,702,900 ≈ 6.9%"""


def test_working_for_a_year_over_its_own_figures_passes():
    result = detect(
        source_input(LEVERAGE_ANSWER.format(equity="$912,300", ratio="2.00x"), LEVERAGE)
    )

    assert result.flagged is False


def test_working_for_a_year_that_takes_the_other_year_s_figure_is_arithmetic_drift():
    result = detect(
        source_input(LEVERAGE_ANSWER.format(equity="$861,500", ratio="2.11x"), LEVERAGE)
    )

    verdict = _verdict(result, "2.11x")
    assert verdict.outcome == ARITHMETIC_DRIFT
    assert "$861,500" in verdict.details["reason"]


# ------------------------------------------------------------------ prose grouped with spaces

MILL = """Note 21 - Cost of sales (CVE thousand)
                                  2024          2023
Wheat consumed               1 284 615     1 402 380
Energy                         118 442       104 917

Wheat milled in 2024 totalled 41 820 tonnes (2023: 43 150 tonnes).
"""


def test_cells_grouped_with_spaces_show_the_prose_is_grouped_so_too():
    clean = detect(source_input("The mill ground 41,820 tonnes of wheat in 2024.", MILL))
    wrong = detect(source_input("The mill ground 48,120 tonnes of wheat in 2024.", MILL))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ a column of points

MARGINS_NOTE = """Segment operating margin (%)
| Segment | 2024 | 2023 |
|---|---:|---:|
| Clubs | 18.0 | 16.9 |
| Balls | 19.4 | 18.3 |
"""

POINTS_TABLE = """| Segment | 2024 | 2023 | Change (pts) |
|---|---:|---:|---:|
| Clubs | 18.0% | 16.9% | +1.1 |
| Balls | 19.4% | 18.3% | {balls} |"""


def test_a_column_headed_points_holds_percentage_points():
    reading = read_answer(POINTS_TABLE.format(balls="+1.1"))

    assert {r.claim.kind for r in reading.readings if r.claim.text == "+1.1"} == {PERCENTAGE_POINTS}


def test_a_points_column_of_the_answer_s_rates_passes_and_a_wrong_spread_is_flagged():
    clean = detect(source_input(POINTS_TABLE.format(balls="+1.1"), MARGINS_NOTE))
    wrong = detect(source_input(POINTS_TABLE.format(balls="+1.4"), MARGINS_NOTE))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ segment rows and margins

SEGMENTS = """(in thousands)                                   2024          2023
Net sales:
  Clubs                                   $ 1,382,406   $ 1,297,118
  Balls                                       628,915       601,442
    Total net sales                       $ 2,011,321   $ 1,898,560
Segment operating income:
  Clubs                                     $ 248,533     $ 218,900
  Balls                                       121,774       109,935
    Total segment operating income            370,307       328,835
  Corporate general and administrative        (96,402)      (88,760)
    Total operating income                  $ 273,905     $ 240,075
"""


def test_a_heading_that_says_segment_names_no_segment():
    (cost,) = [c for c in extract_claims(SEGMENTS) if c.text == "(96,402)"]

    assert cost.segment == ""


def test_corporate_costs_under_a_segment_heading_ground_and_a_wrong_amount_is_flagged():
    answer = "After ${costs} million of unallocated corporate costs, the consolidated operating margin was about {margin}%."
    clean = detect(source_input(answer.format(costs="96.4", margin="13.6"), SEGMENTS))
    wrong = detect(source_input(answer.format(costs="69.4", margin="13.6"), SEGMENTS))

    assert clean.flagged is False
    assert wrong.flagged is True


def test_a_named_margin_is_its_metric_s_formula_and_a_wrong_one_is_drift():
    answer = "The consolidated operating margin was about {margin}% in 2024."
    clean = detect(source_input(answer.format(margin="13.6"), SEGMENTS))
    wrong = detect(source_input(answer.format(margin="16.3"), SEGMENTS))

    assert clean.flagged is False
    assert not _verdict(wrong, "16.3%").grounded


LISTED = """**Balls segment, 2024**

- Segment operating income: **$121.8 million**
- Segment net sales: **$628.9 million**
- Operating margin: **{margin}%**

Clubs earned $248.5 million on $1,382.4 million of net sales."""


def test_a_margin_under_the_lines_the_answer_listed_is_their_quotient():
    clean = detect(source_input(LISTED.format(margin="19.4"), SEGMENTS))
    # 18.0% is the Clubs margin: right figures, wrong segment.
    wrong = detect(source_input(LISTED.format(margin="18.0"), SEGMENTS))

    assert clean.flagged is False
    assert _verdict(wrong, "18.0%").outcome == ARITHMETIC_DRIFT


# ------------------------------------------------------------------ FCF margin, per-unit rows

DATING = """Key metrics (in thousands, except revenue per payer)
                                                2024          2023
Total revenue                            $ 1,101,325   $ 1,029,258
Revenue per payer (RPP, monthly)              $22.47        $22.20
Net cash provided by operating activities  $ 318,416     $ 284,930
Capital expenditures                         (41,822)      (38,115)
Stock-based compensation expense              96,311        88,427
Adjusted EBITDA                              402,718       366,204
"""

FCF_ANSWER = """Free cash flow was $276.6 million in 2024 ($318.4 million less $41.8 million of capex).
FCF margin on total revenue was about {margin}% in 2024. Adjusted EBITDA excludes
stock-based compensation (${sbc} million in 2024)."""


def test_except_a_figure_per_unit_excepts_that_row_only():
    values = {c.text: c.value for c in extract_claims(DATING)}

    assert values["$ 1,101,325"] == Decimal("1101325000")
    assert values["$22.47"] == Decimal("22.47")


def test_an_fcf_margin_over_the_answer_s_fcf_and_the_sources_revenue_passes():
    clean = detect(source_input(FCF_ANSWER.format(margin="25.1", sbc="96.3"), DATING))
    wrong = detect(source_input(FCF_ANSWER.format(margin="28.1", sbc="96.3"), DATING))

    assert clean.flagged is False
    assert not _verdict(wrong, "28.1%").grounded


def test_an_amount_in_brackets_is_the_noun_phrase_s_before_it():
    answer = "Adjusted EBITDA excludes stock-based compensation (${sbc} million in 2024)."
    clean = detect(source_input(answer.format(sbc="96.3"), DATING))
    wrong = detect(source_input(FCF_ANSWER.format(margin="25.1", sbc="88.4"), DATING))

    assert clean.flagged is False

    # $88.4 million is the 2023 expense: named by its phrase, the period decides.
    assert not _verdict(wrong, "$88.4 million").grounded


# ------------------------------------------------------------------ dollars of other countries

BAHAMAS = (
    "Revenue was B$498.7 million. Fuel costs were B$257.9 million and total operating "
    "expenses B$452.6 million. The cooperative's sales were EC$19.64 million."
)


def test_country_letters_before_a_dollar_sign_name_that_country_s_dollars():
    units = {c.text: c.unit for c in extract_claims(BAHAMAS)}

    assert units["B$257.9 million"] == "BSD"
    assert units["EC$19.64 million"] == "XCD"


def test_a_share_of_two_bahamian_amounts_passes_and_a_wrong_one_is_flagged():
    answer = "Fuel costs of B$257.9 million made up about {share}% of total operating expenses of B$452.6 million."
    clean = detect(source_input(answer.format(share="57"), BAHAMAS))
    wrong = detect(source_input(answer.format(share="61"), BAHAMAS))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ a share of one period

NUTMEG = (
    "Report for the crop year 2024/25. Mace sales were EC$3.41 million on 96,200 lb. Total sales were EC$19.64 million "
    "(2023/24: EC$20.87 million)."
)


def test_a_share_of_the_one_period_its_sentence_names_takes_no_other_year_s_whole():
    clean = detect(source_input("Mace was about 17.4% of total sales in 2024/25.", NUTMEG))
    # 16.3% is mace over the 2023/24 total: a prior-year denominator.
    wrong = detect(source_input("Mace was about 16.3% of total sales in 2024/25.", NUTMEG))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ spoken numbers

CALL = (
    "We closed September with nine point four two million subscribers, up from nine point oh "
    "five million at the end of June."
)


def test_oh_after_point_is_a_spoken_zero():
    clean = detect(source_input("Subscribers rose to 9.42 million from 9.05 million.", CALL))
    wrong = detect(source_input("Subscribers rose to 9.42 million from 9.80 million.", CALL))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ a statement's note column

IFRS = """Consolidated income statement
                                                  2024          2023
                                      Note          £m            £m
Revenue                                  3     2,391.6       2,214.9
Operating profit                         4       321.1         274.9
Capital expenditure                             (104.3)        (88.2)
"""


def test_a_note_column_holds_references_not_values():
    texts = [c.text for c in extract_claims(IFRS)]

    assert "3" not in texts and "4" not in texts
    assert "2,391.6" in texts


def test_a_share_in_an_answer_table_over_a_statement_with_notes_passes():
    answer = """| | 2024 | 2023 |
|---|---|---|
| Capex / revenue | 4.36% | {prior}% |"""
    clean = detect(source_input(answer.format(prior="3.98"), IFRS))
    wrong = detect(source_input(answer.format(prior="4.98"), IFRS))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ operands and their names

BANK = """Selected income statement data (in thousands)        2024
Net interest income                              $ 612,845
Noninterest income                                 148,937
Noninterest expense                                452,118
"""

EFFICIENCY = """1. Revenue base: $612,845K + $148,937K = $761,782K
2. Ratio: 452,118 / 761,782 × 100 ≈ 59.35%

In other words, the bank spent roughly {cents} cents to generate each dollar of revenue."""


def test_the_operands_after_a_ratio_s_name_are_amounts_not_ratios():
    reading = read_answer(EFFICIENCY.format(cents="59"))
    operand = next(r.claim for r in reading.readings if r.claim.text == "452,118")

    assert operand.kind != "ratio"


def test_a_rate_restated_as_cents_on_the_dollar_passes_and_a_wrong_one_is_flagged():
    clean = detect(source_input(EFFICIENCY.format(cents="59"), BANK))
    wrong = detect(source_input(EFFICIENCY.format(cents="64"), BANK))

    assert clean.flagged is False
    assert not _verdict(wrong, "64 cents").grounded


EBITDA_NOTE = """Cash conversion (£m)                   2024     2023
Operating profit                       321.1    274.9
Depreciation and amortisation           96.4     91.3
EBITDA                                 417.5    366.2
"""


def test_words_naming_an_operand_after_an_operator_are_part_of_the_working():
    answer = "EBITDA = operating profit £321.1m + depreciation and amortisation £96.4m = £{total}m."
    clean = detect(source_input(answer.format(total="417.5"), EBITDA_NOTE))
    wrong = detect(source_input(answer.format(total="471.5"), EBITDA_NOTE))

    assert clean.flagged is False
    assert _verdict(wrong, "£471.5m").outcome == ARITHMETIC_DRIFT


# ------------------------------------------------------------------ another span of time

INTERIM = """(in thousands)            Three Months Ended June 30,     Six Months Ended June 30,
                              2025          2024             2025          2024
Subscription revenue     $ 287,412     $ 241,906        $ 558,371     $ 462,118
"""


def test_six_month_working_over_its_own_columns_passes():
    answer = (
        "Subscription revenue grew about {rate}% in the six months ended June 30, 2025: "
        "(558,371 − 462,118) ÷ 462,118 ≈ {rate}%."
    )
    result = detect(source_input(answer.format(rate="20.83"), INTERIM))

    assert result.flagged is False


def test_six_month_working_over_the_three_month_columns_is_drift():
    answer = (
        "Subscription revenue growth for the six months ended June 30, 2025: ≈ 18.81%.\n\n"
        "Working: (287,412 − 241,906) = 45,506; 45,506 ÷ 241,906 × 100 ≈ 18.81%."
    )
    result = detect(source_input(answer, INTERIM))

    drifts = [v for v in result.verdicts if v.outcome == ARITHMETIC_DRIFT]
    assert drifts and "Q2" in drifts[0].details["reason"]


# ------------------------------------------------------------------ group headers of a page

CAPEX_PLAN = """Capital Expenditures
                                      Actual              Planned
(millions of dollars)                  2024       2025       2026       2027
Electric transmission                   812        905        960      1,015
Gas distribution                        437        462        478        491
Total                                 2,810      3,065      3,245      3,305
"""

SEGMENT_TONS = """Segment Results
                                                       Thermal             Metallurgical
(in thousands, except per ton data)          2024         2023         2024         2023
Tons sold                                  18,420       19,910        4,215        3,870
"""


def _headers(text: str) -> dict[str, frozenset[str]]:
    return {c.text: c.header_words for c in extract_claims(text)}


def test_a_group_header_covers_its_run_of_columns_centred_or_flush():
    plan = _headers(CAPEX_PLAN)
    tons = _headers(SEGMENT_TONS)

    assert "actual" in plan["2,810"]
    assert all("plann" in plan[v] for v in ("3,065", "3,245", "3,305"))
    assert all("thermal" in tons[v] for v in ("18,420", "19,910"))
    assert all("metallurgical" in tons[v] for v in ("4,215", "3,870"))


def test_a_total_under_its_group_header_grounds_and_a_sum_of_the_wrong_years_is_flagged():
    answer = "Planned capex for 2025-2027 totals ${total} million (3,065 + 3,245 + 3,305)."
    clean = detect(source_input(answer.format(total="9,615"), CAPEX_PLAN))
    wrong = detect(source_input(answer.format(total="9,915"), CAPEX_PLAN))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ formulas over sums of lines

BANK_RELEASE = (
    "Net interest income on a fully taxable-equivalent basis was $287.4 million for the third "
    "quarter of 2025, an increase of $18.9 million, or 7.0%, from $268.5 million in the third "
    "quarter of 2024. For the nine months ended September 30, 2025, net interest income was "
    "$846.9 million compared with $797.3 million for the same period of 2024. Noninterest "
    "income was $71.6 million for the third quarter of 2025 compared with $66.3 million for "
    "the third quarter of 2024. Noninterest expense was $201.8 million compared with $194.7 "
    "million."
)


def test_a_ratio_over_a_sum_of_lines_spelled_out_in_words_passes_and_a_wrong_one_is_drift():
    answer = (
        "The efficiency ratio for the third quarter of 2025, noninterest expense divided by "
        "net interest income plus noninterest income, was approximately {rate}%."
    )
    clean = detect(source_input(answer.format(rate="56.2"), BANK_RELEASE))
    wrong = detect(source_input(answer.format(rate="59.2"), BANK_RELEASE))

    assert clean.flagged is False
    assert not _verdict(wrong, "59.2%").grounded


def test_a_sum_less_a_line_spelled_out_in_words_passes_and_a_wrong_one_is_flagged():
    answer = (
        "Pre-tax, pre-provision income for the third quarter of 2025 was ${total} million (net "
        "interest income plus noninterest income less noninterest expense)."
    )
    clean = detect(source_input(answer.format(total="157.2"), BANK_RELEASE))
    wrong = detect(source_input(answer.format(total="175.2"), BANK_RELEASE))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ rates over lines of amounts

GROCER = """Consolidated Results (millions of Canadian dollars)
                              Revenue                   Adjusted EBITDA
                          2024        2023            2024        2023
Food Retail             41,206      40,118           3,912       3,804
Consolidated            61,047      58,391           5,890       5,596

Revenue increased to $61,047 million in 2024. Adjusted EBITDA was $5,890 million compared with
$5,596 million in 2023.
"""


def test_a_margin_is_no_value_of_the_amounts_line_its_words_name():
    clean = detect(source_input("Consolidated adjusted EBITDA margin was 9.65% in 2024.", GROCER))
    wrong = detect(source_input("Consolidated adjusted EBITDA margin was 9.95% in 2024.", GROCER))

    assert clean.flagged is False
    assert not _verdict(wrong, "9.95%").grounded


DEVICES = """Net sales by segment ($ in millions)    Fiscal 2024   Fiscal 2023
Orthopedics                                 3,412.6       3,287.1
Cardiovascular                              2,186.3       1,998.4
Total net sales                             7,173.8       6,846.7
"""


def test_a_share_of_a_change_is_the_part_s_change_over_the_whole_s():
    answer = "Cardiovascular accounted for about {share}% of the total net sales increase in 2024."
    clean = detect(source_input(answer.format(share="57.4"), DEVICES))
    # 30.5% is Cardiovascular's share of 2024 net sales, not of their increase.
    wrong = detect(source_input(answer.format(share="30.5"), DEVICES))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ a period after its noun

DEAL = (
    "The deal is Borealis's largest since it bought Tundra Systems for C$145 million in 2019. "
    "It is expected to close in the first quarter of 2026."
)


def test_a_period_a_few_words_after_the_figure_s_noun_is_its_own():
    answer = (
        "The deal is expected to close in the first quarter of 2026 and is the largest since "
        "its C${price} million purchase of Tundra Systems in 2019."
    )
    clean = detect(source_input(answer.format(price="145"), DEAL))
    wrong = detect(source_input(answer.format(price="154"), DEAL))

    assert clean.flagged is False
    assert wrong.flagged is True


def test_a_change_over_the_same_period_of_a_year_is_not_that_year_s():
    (rate, *_rest) = [
        c
        for c in extract_claims("Passengers rose 8.6% over the same period of 2024 in Q1 2025.")
        if c.text == "8.6%"
    ]

    assert rate.period != "2024"


# ------------------------------------------------------------------ news arithmetic

SHARES = "Coral Coast Health shares slumped 14.6% to A$3.86 on Tuesday after the profit warning."


def test_the_level_before_a_change_is_the_level_over_one_less_the_rate():
    answer = "Shares slumped 14.6% to A$3.86, implying a previous close of about A${close}."
    clean = detect(source_input(answer.format(close="4.52"), SHARES))
    wrong = detect(source_input(answer.format(close="4.42"), SHARES))

    assert clean.flagged is False
    assert wrong.flagged is True


RATE_CASE = (
    "The plant employs 1,120. The commission approved a $118.6 million annual rate increase, about 58% of the $204.3 "
    "million the utility requested. The utility plans to invest $2.1 billion in grid "
    "modernization from 2025 through 2027. The expansion will add 450 jobs; the incentive "
    "package totals $46.2 million: $28.5 million from the state, $10.0 million in Morgan "
    "County property tax abatements, $4.2 million from the City of Decatur and $3.5 million in "
    "workforce training grants."
)


def test_an_amount_a_year_of_a_span_of_years_is_the_amount_over_its_years():
    answer = "It plans to spend $2.1 billion from 2025 through 2027, about ${year} million a year."
    clean = detect(source_input(answer.format(year="700"), RATE_CASE))
    wrong = detect(source_input(answer.format(year="900"), RATE_CASE))

    assert clean.flagged is False
    assert wrong.flagged is True


def test_a_figure_less_than_another_after_a_copula_is_their_difference():
    answer = (
        "The approved $118.6 million increase is ${gap} million less than the $204.3 million "
        "the utility requested."
    )
    clean = detect(source_input(answer.format(gap="85.7"), RATE_CASE))
    wrong = detect(source_input(answer.format(gap="58.7"), RATE_CASE))

    assert clean.flagged is False
    assert _verdict(clean, "$118.6 million").grounded
    assert wrong.flagged is True


AXLE_PLANT = (
    "Tri-County Axle announced a $340 million expansion of its Decatur plant that will add 450 "
    "jobs to the facility's current workforce of 1,120. The expansion will raise annual "
    "capacity from 600,000 to 850,000 axle assemblies."
)
INCENTIVES = "Officials said the incentive package for the project totals $46.2 million."


def test_an_amount_per_new_job_is_per_job():
    answer = (
        "Tri-County Axle will invest $340 million to expand its Decatur plant, adding 450 jobs "
        "to the current 1,120 for a workforce of 1,570. Annual capacity will rise from 600,000 "
        "to 850,000 axle assemblies. The project is backed by a $46.2 "
        "million incentive package, roughly ${each} per new job."
    )
    clean = detect(source_input(answer.format(each="102,700"), AXLE_PLANT, INCENTIVES))
    wrong = detect(source_input(answer.format(each="120,700"), AXLE_PLANT, INCENTIVES))

    assert clean.flagged is False
    assert wrong.flagged is True


def test_list_items_are_named_by_the_words_after_their_figures():
    index = build_index(source_input("", RATE_CASE))
    labels_of = {c.text: c.label_words for c in index.claims}

    assert {"morgan", "county"} <= labels_of["$10.0 million"]
    assert {"city", "decatur"} <= labels_of["$4.2 million"]
    assert "morgan" not in labels_of["$4.2 million"]


def test_two_names_together_are_the_sum_of_their_lines():
    answer = "Morgan County and the City of Decatur together contribute ${total} million."
    clean = detect(source_input(answer.format(total="14.2"), RATE_CASE))
    wrong = detect(source_input(answer.format(total="13.5"), RATE_CASE))

    assert clean.flagged is False
    assert wrong.flagged is True


def test_a_figure_of_an_earlier_event_takes_no_period_of_its_sentence():
    answer = (
        "At C$412 million, the price equals about 84.7% of Borealis's 2024 revenue of C$486.2 "
        "million, and it is "
        "the company's largest deal since it bought Tundra Systems for C${price} million."
    )
    source = (
        "Borealis agreed to buy Kestrel for C$412 million. It is Borealis's largest deal since it "
        "bought Tundra Systems for C$145 million in 2019. Borealis reported revenue of C$486.2 "
        "million in 2024."
    )
    clean = detect(source_input(answer.format(price="145"), source))
    wrong = detect(source_input(answer.format(price="154"), source))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ tables as JSON rows

NET_DEBT_ROWS = """Net debt and gearing

[["", "31 March 2025", "31 March 2024"], ["£m", "", ""], ["Cash and cash equivalents", "412.6", "538.1"], ["Net debt", "(4,610.1)", "(4,322.1)"]]
"""

IMPAIRMENT_ROWS = (
    """[["", "2024", "2023"], ["", "A$m", "A$m"], ["Credit impairment charge", "(305)", "(218)"]]"""
)


def test_a_json_array_of_rows_is_a_table_with_its_unit_row():
    cells = {c.text: c for c in extract_claims(NET_DEBT_ROWS)}

    assert cells["(4,610.1)"].period == "2025-03-31"
    assert cells["(4,322.1)"].period == "2024-03-31"
    assert cells["(4,610.1)"].value == Decimal("-4610100000")
    assert cells["(4,610.1)"].unit == "GBP"


def test_a_difference_worked_after_its_figure_keeps_its_operands_scale():
    clean = detect(
        source_input("Net debt increased by £288.0 million (4,610.1 - 4,322.1).", NET_DEBT_ROWS)
    )
    wrong = detect(
        source_input("Net debt increased by £288.0 billion (4,610.1 - 4,322.1).", NET_DEBT_ROWS)
    )

    assert clean.flagged is False
    assert _verdict(wrong, "£288.0 billion").outcome == "scale_drift"


def test_a_difference_worked_after_its_figure_keeps_its_operands_currency():
    answer = "The credit impairment charge increased by {amount} million (305 - 218)."
    clean = detect(source_input(answer.format(amount="A$87"), IMPAIRMENT_ROWS))
    wrong = detect(source_input(answer.format(amount="US$87"), IMPAIRMENT_ROWS))

    assert clean.flagged is False
    assert _verdict(wrong, "US$87 million").outcome == "substitution"


# ------------------------------------------------------------------ signs and totals

CASH_TABLE = """Cash conversion (£m)                 2024      2023
Operating profit                    321.1     274.9
Working capital movement            (28.9)     14.6
Capital expenditure                (104.3)    (88.2)
"""


def test_an_amount_written_with_a_plus_sign_is_not_the_outflow_the_sources_give():
    answer = "The working capital movement was {amount} million in 2024."
    unsigned = detect(source_input(answer.format(amount="£28.9"), CASH_TABLE))
    signed = detect(source_input(answer.format(amount="+£28.9"), CASH_TABLE))
    minus = detect(source_input(answer.format(amount="-£28.9"), CASH_TABLE))

    assert unsigned.flagged is False
    assert minus.flagged is False
    assert signed.flagged is True


SEGMENT_INCOME = """Segment information ($ in millions)
| 2024 | Flow Control | Power | Building | Corporate | Total |
|---|---:|---:|---:|---:|---:|
| Operating income (loss) | 318.7 | 201.5 | 88.4 | (96.2) | 512.4 |
"""


def test_a_sum_of_some_parts_called_the_total_is_unsupported_aggregation():
    answer = "Total operating income in 2024 was ${total} million ({parts})."
    whole = detect(
        source_input(
            answer.format(total="512.4", parts="318.7 + 201.5 + 88.4 - 96.2"), SEGMENT_INCOME
        )
    )
    partial = detect(
        source_input(answer.format(total="608.6", parts="318.7 + 201.5 + 88.4"), SEGMENT_INCOME)
    )

    assert whole.flagged is False
    assert _verdict(partial, "$608.6 million").outcome == "unsupported_aggregation"


# ------------------------------------------------------------------ interim reports

INTERIM_KEY_FIGURES = """Key figures
EUR million, unless otherwise stated
                              Q3/2024   Q3/2023  Change %  Q1–Q3/2024  Q1–Q3/2023  Change %
Net sales                       1,142     1,117      +2.2       3,412       3,296      +3.5
Comparable EBITA                142.8     131.6      +8.5       401.9       361.5     +11.2
% of net sales                   12.5      11.8                  11.8        11.0
"""


def test_quarters_and_spans_of_quarters_over_a_slash_are_periods():
    assert header_period("Q3/2024") == "Q3 2024"
    assert header_period("Q1–Q3/2024") == "9M 2024-09"
    assert header_period("H1/2024") == "H1 2024"
    assert header_period("1-9/2024") == "9M 2024-09"


def test_a_percent_of_sales_row_is_the_margin_of_the_row_above():
    cells = {(c.text, c.period): c for c in extract_claims(INTERIM_KEY_FIGURES)}

    margin = cells[("11.0", "9M 2023-09")]
    assert {"comparabl", "ebita", "margin"} <= margin.label_words


def test_a_spread_of_margins_a_year_apart_passes_and_a_wrong_one_is_flagged():
    answer = (
        "For January–September 2024, comparable EBITA margin was 11.8%, {gap} percentage "
        "points higher than a year earlier."
    )
    clean = detect(source_input(answer.format(gap="0.8"), INTERIM_KEY_FIGURES))
    wrong = detect(source_input(answer.format(gap="1.3"), INTERIM_KEY_FIGURES))

    assert clean.flagged is False
    assert wrong.flagged is True


def test_a_base_counted_in_the_unit_of_the_figure_before_continues_its_metric():
    text = "Aggregates shipments were 84.2 million tons in 2024 compared with 82.9 million tons in 2023."
    index = build_index(source_input("", text))
    base = next(c for c in index.claims if c.text.startswith("82.9"))

    assert {"aggregat", "shipment"} <= base.label_words


GUIDANCE = (
    "Fenwick & Hale now expects full-year adjusted earnings of $4.60 to $4.80 per share, up "
    "from its previous forecast of $4.40 to $4.70."
)


def test_a_midpoint_from_the_previous_range_is_that_range_s_middle():
    answer = (
        "The chain raised its full-year adjusted EPS forecast to $4.60–$4.80, which lifts the "
        "midpoint to $4.70 from ${before}."
    )
    clean = detect(source_input(answer.format(before="4.55"), GUIDANCE))
    wrong = detect(source_input(answer.format(before="4.50"), GUIDANCE))

    assert clean.flagged is False
    assert wrong.flagged is True


TENDER = (
    "The offer of CHF 86.50 per share values Lauterbach's equity at approximately CHF 1.42 "
    "billion. The Lauterbach family, which holds 52% of the shares, has agreed to tender."
)


def test_a_division_spelled_out_gives_its_quotient_and_a_share_of_it():
    answer = (
        "Dividing the equity value of about CHF 1.42 billion by the CHF 86.50 offer price "
        "implies roughly {shares} million shares. The family's 52% stake would therefore be "
        "about {stake} million shares."
    )
    clean = detect(source_input(answer.format(shares="16.4", stake="8.5"), TENDER))
    wrong = detect(source_input(answer.format(shares="14.6", stake="7.6"), TENDER))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ working, then another period

PULP = """(R$ million)
| | 4Q23 | 4Q22 |
|---|---:|---:|
| Adjusted EBITDA | 2,813 | 3,642 |
| Pulp sales volume (000 t) | 2,721 | 2,903 |
"""


def test_working_then_the_same_formula_for_another_period_in_the_same_sentence():
    """ "R$2,813 million ÷ 2,721 thousand tonnes ≈ R$1,034 per tonne, down from about
    R$1,255 per tonne in 4Q22": the working, then its formula over the other column, in one
    sentence (a currency's sign before the working's first figure)."""
    answer = (
        "R$2,813 million ÷ 2,721 thousand tonnes ≈ R$1,034 per tonne, down from about "
        "{} per tonne in 4Q22."
    )
    assert not detect(source_input(answer.format("R$1,255"), PULP)).flagged
    assert detect(source_input(answer.format("R$1,355"), PULP)).flagged


# ------------------------------------------------------------------ combined over companies

TWO_COMPANIES = "• Kessler 2024 revenue: €1,412 million; Aubrac 2024 revenue: €6,985 million"


def test_a_combined_figure_sums_the_metric_over_the_companies_for_its_period():
    """ "Combined 2024 revenue would be about €8.4 billion": each company's 2024 revenue,
    summed; the sum is rounded as the answer writes it."""
    clean = detect(
        source_input("Combined 2024 revenue would be about €8.4 billion.", TWO_COMPANIES)
    )
    assert not clean.flagged
    wrong = detect(
        source_input("Combined 2024 revenue would be about €8.9 billion.", TWO_COMPANIES)
    )
    verdict = _verdict(wrong, "€8.9 billion")
    assert verdict.outcome == ARITHMETIC_DRIFT


# ------------------------------------------------------------------ a formula of names with ÷

TAXES = """CONSOLIDATED STATEMENTS OF OPERATIONS
(in thousands)
Fiscal Year Ended
February 3,
2024
January 28,
2023
Net sales
$
2,846,312
$
2,611,480
Operating income
204,751
177,621
Interest expense, net
38,420
41,077
Income before income taxes
166,331
136,544
Income tax expense
41,249
33,317
Net income
$
125,082
$
103,227
"""


def test_a_formula_of_names_with_a_division_sign_defines_the_figure():
    """ "The effective tax rate (income tax expense ÷ income before income taxes) was about
    24.8%": the formula its words write, over the lines they name, for the period."""
    answer = (
        "The effective tax rate (income tax expense ÷ income before income taxes) was about "
        "{} in fiscal 2023."
    )
    assert not detect(source_input(answer.format("24.8%"), TAXES)).flagged
    assert detect(source_input(answer.format("26.8%"), TAXES)).flagged


# ------------------------------------------------------------------ arrows and emphasis

UNDERWRITING = """Consolidated Underwriting Results
(in millions)                                    2024          2023
Net premiums earned                          $ 4,862.4     $ 4,517.9
Losses and loss adjustment expenses             3,209.1       3,087.2
Underwriting, acquisition and insurance
expenses                                        1,419.8       1,352.6
Underwriting income                          $   233.5     $    78.1
"""


def test_an_arrow_gives_the_result_of_the_working_before_it():
    """ "(3,209.1 + 1,419.8) / 4,862.4 = 4,628.9 / 4,862.4 → 95.2%": the arrow ends the
    second step of the working, so 4,628.9 is its first operand, not the first step's
    result; a quotient the arrow gives wrongly is caught."""
    working = "Combined ratio = (3,209.1 + 1,419.8) / 4,862.4 = 4,628.9 / 4,862.4 → **{}**"
    clean = detect(source_input(working.format("95.2%"), UNDERWRITING))
    assert not clean.flagged
    wrong = detect(source_input(working.format("96.2%"), UNDERWRITING))
    assert _verdict(wrong, "96.2%").outcome == ARITHMETIC_DRIFT
    # An arrow between two levels is no working: "$78.1 million → $233.5 million".
    moved = detect(
        source_input("Underwriting income: $78.1 million → $233.5 million.", UNDERWRITING)
    )
    assert not moved.flagged


def test_emphasis_closing_a_figure_leaves_its_linked_words_its_own():
    """ "earned **$233.5 million** of underwriting income in 2024 (premiums of $4,862.4
    million ...)": the words after the bold figure name it, not the next figure."""
    answer = (
        "Harborline earned **$233.5 million** of underwriting income in 2024 (premiums of "
        "{} less $4,628.9 million of losses and expenses)."
    )
    reading = read_answer(answer.format("$4,862.4 million"))
    premiums = next(r for r in reading.readings if r.claim.text == "$4,862.4 million")
    assert "underwrit" not in premiums.claim.label_words
    assert not detect(source_input(answer.format("$4,862.4 million"), UNDERWRITING)).flagged
    assert detect(source_input(answer.format("$4,962.4 million"), UNDERWRITING)).flagged


INVENTORY_NOTE = """(in thousands)
                                     Fiscal 2024        Fiscal 2023
Cost of sales                         1,152,370          1,207,911

                                   February 1,     February 3,
                                      2025            2024
Merchandise inventories            $  402,118     $  431,906
"""


def test_an_operand_the_step_before_worked_out_is_derived():
    """ "1,152,370 / ((402,118 + 431,906) / 2) = 1,152,370 / 417,012 = 2.76": 417,012 is the
    first step's bracketed average, carried into the next step; a wrong one is caught."""
    working = "1,152,370 / ((402,118 + 431,906) / 2) = 1,152,370 / {} = 2.76"
    assert not detect(source_input(working.format("417,012"), INVENTORY_NOTE)).flagged
    wrong = detect(source_input(working.format("427,012"), INVENTORY_NOTE))
    assert not _verdict(wrong, "427,012").grounded


ENROLMENT = """Revenue by programme (in thousands of soles)
                       2024        2023
Total revenue       541,454     498,112
Students enrolled    48,315      45,020
"""


def test_working_in_soles_reads_the_sign_as_no_division():
    """ "S/ 541,454 thousand / 48,315 = S/ 11,206.75": the Peruvian sol's `S/` opens the
    working and the result; its slash divides nothing."""
    working = "S/ 541,454 thousand / 48,315 = S/ {}"
    assert not detect(source_input(working.format("11,206.75"), ENROLMENT)).flagged
    wrong = detect(source_input(working.format("12,206.75"), ENROLMENT))
    assert _verdict(wrong, "12,206.75").outcome == ARITHMETIC_DRIFT


PENALTY = (
    "The Competition Commission fined Meghdoot Cement ₹1,148.35 crore, set at 6% of its "
    "average relevant turnover."
)


def test_working_in_brackets_after_a_figure_in_rupees_and_crore():
    """ "that turnover works out to about ₹19,139 crore (₹1,148.35 crore ÷ 0.06)": working in
    brackets after the figure, written in rupees and crore, gives it; 0.06 is the 6%."""
    answer = "That turnover works out to about {} (₹1,148.35 crore ÷ 0.06)."
    assert not detect(source_input(answer.format("₹19,139 crore"), PENALTY)).flagged
    assert detect(source_input(answer.format("₹18,139 crore"), PENALTY)).flagged


def test_a_plus_between_two_outflows_is_a_sums_operator_not_a_sign():
    """ "Capex + working capital = 104.3 + 28.9 = 133.2": the operands of a sum of outflows,
    written as amounts; a plus sign written before an amount alone still says which way."""
    answer = "Capex plus the working capital outflow = 104.3 + {} = {} (£m, 2024)."
    assert not detect(source_input(answer.format("28.9", "133.2"), CASH_TABLE)).flagged
    assert detect(source_input(answer.format("28.9", "135.2"), CASH_TABLE)).flagged
    signed = "Capex was £104.3 million; the working capital movement was +£28.9 million in 2024."
    assert detect(source_input(signed, CASH_TABLE)).flagged
