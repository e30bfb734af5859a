"""Answers that show their working, as LLM answers to analyst questions do: arithmetic
written out before `=` or `≈`, and a figure restated in other words right after itself.
Each class has a clean answer and a wrong one of the same shape.

Figures from STATEMENTS (in millions):
    capex / net sales 2026      1,482 / 18,230 = 0.081294... -> 8.1%
    free cash flow 2026         2,904 - 1,482 = 1,422
    cost per employee (TABLE)   61,720 / 1,208 = 51.0927 (thousand) -> £51.09 thousand, £51,093
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from hallucination.engine import detect, extract_claims
from hallucination.engine.answer import read_answer
from hallucination.engine.types import ARITHMETIC_DRIFT, DERIVED

from .conftest import source_input

STATEMENTS = """CONSOLIDATED STATEMENTS OF OPERATIONS (In millions)
                                        2026        2025
Net sales                           $ 18,230    $ 17,415
Operating income                       2,611       2,380

CONSOLIDATED STATEMENTS OF CASH FLOWS (In millions)
                                        2026        2025
Net cash provided by operating activities   2,904       2,655
Capital expenditures                       (1,482)     (1,301)
"""

STAFF = """Staff costs                         2026       2025
                                    £'000      £'000
Wages and salaries                 52,310     49,870
Social security costs               6,102      5,744
Other pension costs                 3,308      3,119
                                   61,720     58,733

The average monthly number of employees during the year was 1,208 (2025: 1,163).
"""


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


@pytest.mark.parametrize(
    ("answer", "claim", "outcome"),
    [
        ("**Capex / Revenue = $1,482M / $18,230M ≈ 8.1%**", "8.1%", DERIVED),
        ("**Capex / Revenue = $1,482M / $18,230M ≈ 9.1%**", "9.1%", ARITHMETIC_DRIFT),
        ("- **FCF = $2,904m − $1,482m = $1,422m**", "$1,422m", DERIVED),
        ("- **FCF = $2,904m − $1,482m = $1,242m**", "$1,242m", ARITHMETIC_DRIFT),
        ("Cost per employee = 61,720 / 1,208 = £51.09 thousand.", "£51.09 thousand", DERIVED),
        (
            "Cost per employee = 61,720 / 1,208 = £53.09 thousand.",
            "£53.09 thousand",
            ARITHMETIC_DRIFT,
        ),
    ],
)
def test_arithmetic_written_before_a_figure_is_checked(answer, claim, outcome):
    result = detect(source_input(answer, STATEMENTS, STAFF))
    verdict = _verdict(result, claim)

    assert verdict.outcome == outcome
    assert result.flagged is (outcome == ARITHMETIC_DRIFT)


def test_a_wrong_result_of_written_arithmetic_gives_the_right_one():
    result = detect(source_input("FCF = $2,904m − $1,482m = $1,242m", STATEMENTS))

    assert _verdict(result, "$1,242m").expected_value == Decimal("1422000000")


def test_written_arithmetic_right_at_another_scale_is_no_evidence():
    # 61,720 / 1,208 is 51.09 in thousands of pounds: written as £51 (a unit slip or a
    # shorthand), the arithmetic neither grounds nor contradicts it.
    result = detect(source_input("Cost per employee = 61,720 / 1,208 = £51,093.", STAFF))

    assert _verdict(result, "£51,093").outcome != ARITHMETIC_DRIFT


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Cost per employee = 61,720 / 1,208 = £51.09 thousand, i.e. about £51,093.", False),
        ("Cost per employee = 61,720 / 1,208 = £51.09 thousand, i.e. about £56,093.", True),
    ],
)
def test_a_figure_restated_right_after_itself_stands_on_its_evidence(answer, flagged):
    assert detect(source_input(answer, STAFF)).flagged is flagged


RATIOS = """Credit quality                     Q3 2026
Provision for credit losses (PCL)      455
PCL ratio on loans (bps)                34
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("The PCL ratio was 34 basis points, or 0.34% of loans, in Q3 2026.", False),
        ("The PCL ratio was 34 basis points, or 3.4% of loans, in Q3 2026.", True),
    ],
)
def test_basis_points_restated_as_a_percentage(answer, flagged):
    assert detect(source_input(answer, RATIOS)).flagged is flagged


CANADIAN = """NORTHSHORE RAIL CORP.
(in thousands of Canadian dollars, unless otherwise noted)

NET FINANCE COSTS                       2026        2025
Interest on long-term debt            44,120      40,806
Net finance costs                     45,390      42,117
"""

AMERICAN = """Harbor Foods Inc. (in thousands of U.S. dollars)
                                        2026        2025
Net finance costs                     45,390      42,117
"""


@pytest.mark.parametrize(
    ("answer", "source", "flagged"),
    [
        ("Net finance costs were C$45,390 thousand in 2026.", CANADIAN, False),
        ("Net finance costs were $45.39 million in 2026.", CANADIAN, False),
        ("Net finance costs were US$45.39 million in 2026.", CANADIAN, True),
        ("Net finance costs were C$42,117 thousand in 2026.", CANADIAN, True),
        ("Net finance costs were $45.39 million in 2026.", AMERICAN, False),
    ],
)
def test_a_bare_dollar_sign_is_any_dollar_and_a_caption_names_which(answer, source, flagged):
    assert detect(source_input(answer, source)).flagged is flagged


def test_a_caption_in_canadian_dollars_gives_its_cells_cad():
    (cell,) = [c for c in extract_claims(CANADIAN) if c.text == "45,390"]
    assert cell.unit == "CAD"


RETAIL = """Fiscal year. Our fiscal year ends on the Saturday nearest January 31. Fiscal 2026
consisted of the 53 weeks ended February 3, 2027. Fiscal 2025 consisted of the 52 weeks
ended January 28, 2026.

(in millions)                     Feb. 3, 2027   Jan. 28, 2026
Net sales                            $ 24,816       $ 23,905
Gross profit                            8,113          7,693
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # 8,113 / 24,816 = 32.692%, 7,693 / 23,905 = 32.182%: 50.97 bps from the unrounded
        # rates (the rounded ones would give 50).
        (
            "**Fiscal 2026:** Gross margin = $8,113M / $24,816M ≈ **32.7%**\n\n"
            "**Fiscal 2025:** Gross margin = $7,693M / $23,905M ≈ **32.2%**\n\n"
            "**Change:** gross margin expanded by approximately 51 basis points.",
            False,
        ),
        (
            "**Fiscal 2026:** Gross margin = $8,113M / $24,816M ≈ **32.7%**\n\n"
            "**Fiscal 2025:** Gross margin = $7,693M / $23,905M ≈ **32.2%**\n\n"
            "**Change:** gross margin expanded by approximately 61 basis points.",
            True,
        ),
    ],
)
def test_a_change_over_rates_the_answer_computed_earlier(answer, flagged):
    assert detect(source_input(answer, RETAIL)).flagged is flagged


def test_a_worked_figure_is_named_by_the_words_before_its_arithmetic():
    reading = read_answer("Gross margin = $8,113M / $24,816M ≈ 32.7%")
    (rate,) = [r for r in reading.readings if r.claim.text == "32.7%"]

    assert "@gross margin" in rate.claim.label_words


WEEKS = """Fiscal year. Fiscal 2026 consisted of the 53 weeks ended February 3, 2027. Fiscal
2025 and fiscal 2024 consisted of the 52 weeks ended January 28, 2026 and January 29, 2025.
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Fiscal 2025 was a year of 52 weeks ended January 28, 2026.", False),
        ("Fiscal 2025 was a year of 51 weeks ended January 28, 2026.", True),
    ],
)
def test_a_length_of_time_is_not_a_value_for_the_period_beside_it(answer, flagged):
    assert detect(source_input(answer, WEEKS)).flagged is flagged


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # The 53 weeks ended February 3, 2027 are fiscal 2026 to a retailer.
        ("In fiscal 2026, net sales were $24,816 million.", False),
        ("In fiscal 2024, net sales were $24,816 million.", True),
    ],
)
def test_a_fiscal_year_may_end_early_in_the_next_calendar_year(answer, flagged):
    assert detect(source_input(answer, RETAIL)).flagged is flagged


RETAILER_10K = """Fiscal year. Our fiscal year ends on the Saturday nearest January 31. Fiscal 2026
consisted of the 53 weeks ended February 3, 2027. Fiscal 2025 and fiscal 2024 consisted of the
52 weeks ended January 28, 2026 and January 29, 2025, respectively.

CONSOLIDATED STATEMENTS OF OPERATIONS
(in millions)

                                                              Fiscal Year Ended
                                                    Feb. 3, 2027 Jan. 28, 2026 Jan. 29, 2025
Net sales                                               $ 24,816      $ 23,905      $ 22,310
Cost of sales                                             16,703        16,212        14,981

CONSOLIDATED BALANCE SHEETS
(in millions)
                                                    Feb. 3, 2027 Jan. 28, 2026
Merchandise inventories                                  4,107         4,486
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Cost of sales in fiscal 2026 was $16,703 million.", False),
        ("Cost of sales was $16,703 million in the year ended February 3, 2027.", False),
        # The column ended January 28, 2026 is fiscal 2025 by the source's own calendar.
        ("Cost of sales in fiscal 2026 was $16,212 million.", True),
    ],
)
def test_a_source_s_fiscal_calendar_names_its_columns(answer, flagged):
    assert detect(source_input(answer, RETAILER_10K)).flagged is flagged


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # (4,107 + 4,486) / 2 = 4,296.5
        (
            "- Inventories at February 3, 2027: $4,107 million\n"
            "- Inventories at January 28, 2026: $4,486 million\n"
            "- Average inventories: $4,296.5 million",
            False,
        ),
        (
            "- Inventories at February 3, 2027: $4,107 million\n"
            "- Inventories at January 28, 2026: $4,486 million\n"
            "- Average inventories: $4,396.5 million",
            True,
        ),
    ],
)
def test_an_average_named_in_a_list_is_of_the_items_above_it(answer, flagged):
    assert detect(source_input(answer, RETAILER_10K)).flagged is flagged


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # 16,703 / 4,296.5 = 3.8876: stated first, worked out below over an average the
        # sources do not state.
        (
            "**Inventory turnover was about 3.89x in fiscal 2026.**\n\n"
            "- Inventories at February 3, 2027: $4,107 million\n"
            "- Inventories at January 28, 2026: $4,486 million\n"
            "- Average inventories: $4,296.5 million\n\n"
            "Turnover = $16,703M / $4,296.5M ≈ 3.89x",
            False,
        ),
        (
            "**Inventory turnover was about 3.98x in fiscal 2026.**\n\n"
            "- Inventories at February 3, 2027: $4,107 million\n"
            "- Inventories at January 28, 2026: $4,486 million\n"
            "- Average inventories: $4,296.5 million\n\n"
            "Turnover = $16,703M / $4,296.5M ≈ 3.89x",
            True,
        ),
    ],
)
def test_a_headline_stands_on_the_working_below_it(answer, flagged):
    assert detect(source_input(answer, RETAILER_10K)).flagged is flagged


NOTE_12 = """12. Exploration and evaluation assets
                                                  2026             2025
                                                 $'000            $'000
Opening balance                                 86,412           71,955
Additions                                       23,871           19,608
Closing balance                                110,283           91,563
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        (
            "The 2026 opening balance of $86,412 thousand was increased by additions of "
            "$23,871 thousand.",
            False,
        ),
        (
            "The 2026 opening balance of $86,412 thousand was increased by additions of "
            "$27,381 thousand.",
            True,
        ),
    ],
)
def test_additions_in_a_table_of_dollars_are_amounts_not_counts(answer, flagged):
    assert detect(source_input(answer, NOTE_12)).flagged is flagged


THREE_YEARS = """(in millions)          Fiscal 2026    Fiscal 2025    Fiscal 2024
Net sales                 $8,742.6       $8,915.3       $8,206.9
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # (8,742.6 + 8,915.3 + 8,206.9) / 3 = 8,621.6
        (
            "Net sales for fiscal 2026, fiscal 2025 and fiscal 2024 total 8,742.6 + 8,915.3 + "
            "8,206.9 = $25,864.8 million.\n\nDividing by the three years gives average net "
            "sales of $8,621.6 million.",
            False,
        ),
        (
            "Net sales for fiscal 2026, fiscal 2025 and fiscal 2024 total 8,742.6 + 8,915.3 + "
            "8,206.9 = $25,864.8 million.\n\nDividing by the three years gives average net "
            "sales of $8,421.6 million.",
            True,
        ),
    ],
)
def test_operands_take_no_period_and_an_average_is_over_them(answer, flagged):
    assert detect(source_input(answer, THREE_YEARS)).flagged is flagged


EQUITY = """                                        December 31, 2026    December 31, 2025
Total stockholders' equity                         8,214.0              8,061.4
Shares outstanding (millions)                        312.5                318.9
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # 8,214 / 312.5 = 26.2848: the table states no scale; the answer states millions.
        (
            "Book value per share at year-end 2026 was about $26.28 ($8,214 million of total "
            "stockholders' equity over 312.5 million shares outstanding).",
            False,
        ),
        (
            "Book value per share at year-end 2026 was about $25.28 ($8,214 million of total "
            "stockholders' equity over 312.5 million shares outstanding).",
            True,
        ),
    ],
)
def test_a_cited_figure_keeps_the_scale_the_answer_states(answer, flagged):
    assert detect(source_input(answer, EQUITY)).flagged is flagged


PER_SHARE = """SELECTED PER SHARE DATA
                                                 2026        2025        2024
Diluted earnings per share                       6.20        5.71        5.06
Dividends declared per common share              2.48        2.36        2.24
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # 2.48 / 6.20 = 40.0%; the same lines for 2025: 2.36 / 5.71 = 41.33%
        (
            "The dividend payout ratio was 40.0% of diluted EPS in 2026 ($2.48 of dividends "
            "against $6.20 of EPS), down from 41.3% in 2025.",
            False,
        ),
        (
            "The dividend payout ratio was 40.0% of diluted EPS in 2026 ($2.48 of dividends "
            "against $6.20 of EPS), down from 43.1% in 2025.",
            True,
        ),
    ],
)
def test_the_same_formula_for_the_other_period_its_sentence_names(answer, flagged):
    assert detect(source_input(answer, PER_SHARE)).flagged is flagged


POSITION_YEN = """(Millions of yen)                        March 31, 2026    March 31, 2025
Total current assets                           741,844           710,852
Total current liabilities                      334,219           335,713
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # 741,844 - 334,219 = 407,625; 710,852 - 335,713 = 375,139
        (
            "| (¥ million) | March 31, 2026 | March 31, 2025 |\n|---|---|---|\n"
            "| Total current assets | 741,844 | 710,852 |\n"
            "| Total current liabilities | 334,219 | 335,713 |\n"
            "| Working capital | 407,625 | 375,139 |\n",
            False,
        ),
        (
            "| (¥ million) | March 31, 2026 | March 31, 2025 |\n|---|---|---|\n"
            "| Total current assets | 741,844 | 710,852 |\n"
            "| Total current liabilities | 334,219 | 335,713 |\n"
            "| Working capital | 407,625 | 357,139 |\n",
            True,
        ),
    ],
)
def test_a_cell_of_the_answer_s_own_table_from_the_cells_above_it(answer, flagged):
    assert detect(source_input(answer, POSITION_YEN)).flagged is flagged


TEN_Q = """FORM 10-Q - For the quarterly period ended March 31, 2026
Our fiscal year ends on September 30.

CONDENSED CONSOLIDATED STATEMENTS OF INCOME
(In millions)
                                               Three Months Ended        Six Months Ended
                                                    March 31,                March 31,
                                                2026       2025          2026       2025
Net sales                                     $ 1,246.8  $ 1,188.3    $ 2,402.5  $ 2,391.7
Operating income                                  180.7      146.7        326.6      293.7
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Operating income rose to $180.7 million in the second quarter of fiscal 2026.", False),
        # The second quarter of fiscal 2025 (the quarter ended March 31, 2025) given as 2026's.
        ("Operating income was $146.7 million in the second quarter of fiscal 2026.", True),
    ],
)
def test_a_fiscal_quarter_is_the_calendar_quarter_the_fiscal_year_end_makes_it(answer, flagged):
    assert detect(source_input(answer, TEN_Q)).flagged is flagged


QUARTERS = """CONDENSED CONSOLIDATED STATEMENTS OF INCOME (In millions)
                                   Q1 2026       Q1 2025
Net sales                         1,246.8       1,188.3
Operating income                    180.7         146.7
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # 180.7 / 1,246.8 = 14.493%, 146.7 / 1,188.3 = 12.345%: 214.8 basis points
        ("Operating margin expanded 215 basis points year over year to 14.5% in Q1 2026.", False),
        ("Operating margin expanded 251 basis points year over year to 14.5% in Q1 2026.", True),
    ],
)
def test_a_margin_s_change_from_its_lines_when_no_line_states_the_margin(answer, flagged):
    assert detect(source_input(answer, QUARTERS)).flagged is flagged


GLENMORE = """(in millions of Canadian dollars, except per share amounts)
                                   2026        2025
Operating income                  498.6       452.1
Depreciation and amortization     277.7       262.9
Diluted earnings per share         2.14        1.96
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        (
            "**EBITDA (C$ millions)**\n- 2026: C$498.6 + C$277.7 = **C$776.3**\n"
            "- Diluted EPS was C$2.14.",
            False,
        ),
        # The caption read, the sum is checked at the scale it states: 498.6 + 277.7 is 776.3.
        (
            "**EBITDA (C$ millions)**\n- 2026: C$498.6 + C$277.7 = **C$767.3**\n"
            "- Diluted EPS was C$2.14.",
            True,
        ),
    ],
)
def test_an_answer_s_caption_with_a_currency_states_its_scale(answer, flagged):
    assert detect(source_input(answer, GLENMORE)).flagged is flagged


MARGINS = """(€ millions)                 2026        2025        2024
Revenue                   2,418.6     2,210.4     2,050.1
Gross profit              1,406.2     1,258.6     1,143.8
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # 1,406.2 / 2,418.6 = 58.14%, 1,258.6 / 2,210.4 = 56.94%: about 120 bps in 2026
        (
            "| Margin | 2026 | 2025 | 2024 |\n|---|---:|---:|---:|\n"
            "| Gross margin | 58.1% | 56.9% | 55.8% |\n\n"
            "Gross margin widened by roughly 120 bps in 2026.",
            False,
        ),
        (
            "| Margin | 2026 | 2025 | 2024 |\n|---|---:|---:|---:|\n"
            "| Gross margin | 58.1% | 56.9% | 55.8% |\n\n"
            "Gross margin widened by roughly 230 bps in 2026.",
            True,
        ),
    ],
)
def test_a_change_in_a_year_is_over_that_year_s_rate_and_the_one_before(answer, flagged):
    assert detect(source_input(answer, MARGINS)).flagged is flagged


SEGMENT_EBIT = """Segment results (A$ millions)      FY2026      FY2025
Cement & Lime revenue                1,482.6     1,401.3
Cement & Lime EBIT                     264.0       238.4
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # 264.0 / 1,482.6 = 17.81%, 238.4 / 1,401.3 = 17.01%: 0.79 points
        (
            "FY2026: A$264.0m / A$1,482.6m = 17.8% EBIT margin for Cement & Lime. "
            "FY2025: A$238.4m / A$1,401.3m = 17.0%. The segment's margin widened by 0.8 "
            "percentage points.",
            False,
        ),
        (
            "FY2026: A$264.0m / A$1,482.6m = 17.8% EBIT margin for Cement & Lime. "
            "FY2025: A$238.4m / A$1,401.3m = 17.0%. The segment's margin widened by 1.8 "
            "percentage points.",
            True,
        ),
    ],
)
def test_a_change_over_the_rates_the_answer_computed_last(answer, flagged):
    assert detect(source_input(answer, SEGMENT_EBIT)).flagged is flagged


FFO = (
    "FFO was $780,443 thousand in 2024 and $716,369 thousand in 2023. Diluted shares and "
    "units: 303,412 thousand and 296,870 thousand."
)
FFO_PER_SHARE = """**FFO per diluted share rose to about $2.57 in 2024 from $2.41 in 2023, roughly \
{growth} growth.**

## Calculation
- 2024: FFO of $780,443K ÷ 303,412K diluted shares and units = **$2.57**
- 2023: FFO of $716,369K ÷ 296,870K = **$2.41**"""


def test_a_change_over_worked_figures_may_be_over_them_as_written():
    # 2.57 / 2.41 - 1 = 6.64% (over the unrounded 2.5722 and 2.4131 it is 6.60% too, but
    # over 2.5722 and the written 2.41 it would be 6.73%).
    result = detect(source_input(FFO_PER_SHARE.format(growth="6.6%"), FFO))
    assert _verdict(result, "6.6%").outcome == DERIVED
    assert not result.flagged


def test_a_wrong_change_over_worked_figures_is_flagged():
    result = detect(source_input(FFO_PER_SHARE.format(growth="7.6%"), FFO))
    assert not _verdict(result, "7.6%").grounded
    assert result.flagged


# ------------------------------------------------------------------ formulas' own figures

RECOVERY = "Metallurgical recovery: Alder Ridge 95.6%, Copperhead South 88.4%."


def test_bare_operands_of_a_difference_in_points_are_percentages():
    result = detect(source_input("95.6 - 88.4 = 7.2 percentage points", RECOVERY))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_bare_operand_of_a_difference_in_points_the_sources_lack_is_flagged():
    result = detect(source_input("95.6 - 86.4 = 9.2 percentage points", RECOVERY))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "86.4"]
    assert not verdict.grounded


INVENTORY = (
    "Cost of sales for fiscal 2024 was $1,788,112 thousand. Inventories: $612,540 thousand at "
    "the end of fiscal 2024 and $583,217 thousand at the end of fiscal 2023."
)
TURNOVER = (
    "- Average inventory = ($612,540K + $583,217K) / 2 = $597,878.5K\n"
    "- Inventory turnover = $1,788,112K ÷ $597,878.5K ≈ **2.99x**\n"
    "- Days inventory outstanding ≈ 365 ÷ {turns} ≈ **{days} days**"
)


def test_a_formula_opening_with_a_constant_over_a_figure_worked_before_is_derived():
    # 365 is the formula's constant; 2.99 is the turnover the line above worked out.
    result = detect(source_input(TURNOVER.format(turns="2.99", days="122"), INVENTORY))
    assert "365" not in [v.claim.text for v in result.verdicts]
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_wrong_result_of_a_formula_opening_with_a_constant_is_flagged():
    result = detect(source_input(TURNOVER.format(turns="2.99", days="112"), INVENTORY))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "112"]
    assert not verdict.grounded


def test_a_bare_operand_no_figure_of_the_answer_or_sources_gives_is_flagged():
    result = detect(source_input(TURNOVER.format(turns="3.29", days="111"), INVENTORY))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "3.29"]
    assert not verdict.grounded


CONVERSION = "FCF conversion (free cash flow / net earnings): FY2024 102.6%; FY2023 105.9%."


def test_a_hundred_percent_after_above_is_a_threshold_not_a_figure():
    answer = "FCF conversion stayed above 100% in both years (102.6% and 105.9%)."
    result = detect(source_input(answer, CONVERSION))
    assert "100%" not in [v.claim.text for v in result.verdicts]
    assert not result.flagged


def test_a_hundred_percent_stated_as_a_figure_is_still_checked():
    answer = "FCF conversion reached 100% in FY2024."
    result = detect(source_input(answer, CONVERSION))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "100%"]
    assert not verdict.grounded


TOY_INVENTORY = (
    "Inventories were $498.3 million at December 31, 2024, $541.6 million at December 31, 2023 "
    "and $612.0 million at December 31, 2022. Cost of sales was $1,603.8 million in fiscal "
    "2024 and $1,727.9 million in fiscal 2023. We exited 1,150 SKUs during 2024."
)
DIO_BY_YEAR = (
    "**Fiscal 2024**\n"
    "- Average inventory = ($498.3M + $541.6M) / 2 = $519.95M\n"
    "- DIO = $519.95M ÷ $1,603.8M × 365 ≈ **118.3 days**\n\n"
    "**Fiscal 2023**\n"
    "- Average inventory = ($541.6M + $612.0M) / 2 = $576.8M\n"
    "- DIO = $576.8M ÷ $1,727.9M × 365 ≈ **121.8 days**\n\n"
    "DIO fell by about {change} days, helped by exiting 1,150 SKUs."
)


def test_results_under_a_period_heading_are_that_period_s_and_their_change_is_derived():
    # The change's sentence has a figure of its own (1,150): the two DIO results, one per
    # heading, are still its operands, later over earlier.
    result = detect(source_input(DIO_BY_YEAR.format(change="3.5"), TOY_INVENTORY))
    verdict = next(v for v in result.verdicts if v.claim.text == "3.5")
    assert verdict.outcome == DERIVED
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_wrong_change_between_results_under_period_headings_is_flagged():
    result = detect(source_input(DIO_BY_YEAR.format(change="5.5"), TOY_INVENTORY))
    verdict = next(v for v in result.verdicts if v.claim.text == "5.5")
    assert not verdict.grounded


RECEIVABLES = (
    "Accounts receivable, net: $811,492 thousand (2024). Net revenues: $6,842,317 thousand (2024)."
)


@pytest.mark.parametrize(
    "lead",
    ["1. **2024:** ", "**2024:** ", "In 2024, ", "- 2024: "],
)
def test_a_formula_after_a_bold_or_year_lead_is_evaluated(lead):
    answer = f"{lead}$811,492K ÷ $6,842,317K × 365 = **43.3 days**"
    result = detect(source_input(answer, RECEIVABLES))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "43.3"]
    assert verdict.outcome == DERIVED
    assert not result.flagged


@pytest.mark.parametrize("lead", ["**2024:** ", "In 2024, "])
def test_a_wrong_result_of_a_formula_after_a_lead_is_drift(lead):
    answer = f"{lead}$811,492K ÷ $6,842,317K × 365 = **45.3 days**"
    result = detect(source_input(answer, RECEIVABLES))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "45.3"]
    assert verdict.outcome == ARITHMETIC_DRIFT


MEMBERSHIP = (
    "Membership fees were €371,512 thousand in 2024 and €334,980 thousand in 2023. Average "
    "members were 1,214.7 thousand in 2024 and 1,102.3 thousand in 2023."
)
ARPM = (
    "ARPM = membership fees ÷ average members ÷ 12\n\n"
    "- **2024:** €371,512K ÷ 1,214.7K ÷ 12 = **€25.49**\n"
    "- **2023:** €334,980K ÷ 1,102.3K ÷ 12 = **€25.32**\n\n"
    "ARPM rose only about {rate}, so nearly all fee growth came from members."
)


def test_a_change_between_the_answer_s_own_results_for_two_periods_is_derived():
    # The results name nothing (their lines are arithmetic): the last two, one per period.
    result = detect(source_input(ARPM.format(rate="0.6%"), MEMBERSHIP))
    assert next(v for v in result.verdicts if v.claim.text == "0.6%").outcome == DERIVED
    assert not result.flagged


def test_a_wrong_change_between_the_answer_s_own_results_is_flagged():
    result = detect(source_input(ARPM.format(rate="2.6%"), MEMBERSHIP))
    assert not next(v for v in result.verdicts if v.claim.text == "2.6%").grounded


def test_lengthened_and_shortened_are_changes():
    for verb, direction in (("lengthened", 1), ("shortened", -1)):
        (reading,) = [
            r for r in read_answer(f"DSO {verb} by about 3 days.").readings if r.claim.text == "3"
        ]
        assert reading.direction == direction


TITLE_VOLUME = (
    "Direct orders closed were 438,700 in 2024 and 421,900 in 2023; the average fee per file "
    "was $3,214 in 2024 and $3,087 in 2023."
)
DECOMPOSED = (
    "| | 2024 | 2023 | Change |\n|---|---:|---:|---:|\n"
    "| Direct orders closed | 438,700 | 421,900 | +4.0% |\n"
    "| Fee per file | $3,214 | $3,087 | +4.1% |\n\n"
    "The increase splits between volume ({volume}) and price (+4.1%)."
)


def test_a_figure_restating_a_cell_the_answer_s_table_worked_out_stands_on_it():
    result = detect(source_input(DECOMPOSED.format(volume="+4.0%"), TITLE_VOLUME))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_figure_no_cell_of_the_answer_s_table_gives_is_flagged():
    result = detect(source_input(DECOMPOSED.format(volume="+4.6%"), TITLE_VOLUME))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "+4.6%"]
    assert not verdict.grounded


MILLAGE = (
    "The council raised the property tax rate to 11.85 mills from 11.20. One mill is $1 of "
    "tax per $1,000 of assessed value; the median home is assessed at $318,000."
)
MILLAGE_ANSWER = (
    "It raised the property tax rate by {mills} mills to 11.85, which for the median $318,000 "
    "home means roughly {more} more a year ($318,000 × {mills} / 1,000)."
)


def test_a_change_by_after_a_verb_of_change_and_its_working_past_words_are_read():
    # "raised the property tax rate by 0.65": a change of the rate; "$207 more a year
    # ($318,000 × 0.65 / 1,000)": the working after the figure's own words.
    answer = MILLAGE_ANSWER.format(mills="0.65", more="$207")
    result = detect(source_input(answer, MILLAGE))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_wrong_change_by_or_a_wrong_result_of_its_working_is_flagged():
    result = detect(source_input(MILLAGE_ANSWER.format(mills="0.85", more="$270"), MILLAGE))
    assert not next(v for v in result.verdicts if v.claim.text == "0.85").grounded
    result = detect(source_input(MILLAGE_ANSWER.format(mills="0.65", more="$237"), MILLAGE))
    assert next(v for v in result.verdicts if v.claim.text == "$237").outcome == ARITHMETIC_DRIFT


NURSES = (
    "Bayfront estimates the contract will add $186 million in labor costs over its four-year "
    "term. The system reported annual revenue of $2.67 billion and an operating loss of $41.2 "
    "million."
)
A_YEAR = (
    "Bayfront puts the added labor cost at about $186 million over four years, or about "
    "{yearly} a year. That is roughly {share} of the system's annual revenue of $2.67 billion, "
    "more than its operating loss of $41.2 million."
)


def test_an_amount_a_year_of_a_total_over_years_and_its_share_are_derived():
    result = detect(source_input(A_YEAR.format(yearly="$46.5 million", share="1.7%"), NURSES))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_wrong_amount_a_year_or_a_wrong_share_of_it_is_flagged():
    result = detect(source_input(A_YEAR.format(yearly="$62.0 million", share="1.7%"), NURSES))
    assert not next(v for v in result.verdicts if v.claim.text == "$62.0 million").grounded
    result = detect(source_input(A_YEAR.format(yearly="$46.5 million", share="2.7%"), NURSES))
    assert not next(v for v in result.verdicts if v.claim.text == "2.7%").grounded


GDR = "The generic dispensing rate was 89.7% in 2024 and 88.9% in 2023."
GDR_SECTION = (
    "**Generic dispensing rate (GDR)**\n"
    "- 2024: 89.7% vs. 2023: 88.9%\n"
    "- Change: {change} percentage points\n"
)


def test_figures_a_line_names_nothing_for_take_the_heading_s_metric():
    readings = read_answer(GDR_SECTION.format(change="+0.8")).readings
    assert all("gdr" in r.claim.label_words for r in readings if r.claim.kind != "date")
    result = detect(source_input(GDR_SECTION.format(change="+0.8"), GDR))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_wrong_change_under_a_heading_s_metric_is_flagged():
    result = detect(source_input(GDR_SECTION.format(change="+1.8"), GDR))
    assert not next(v for v in result.verdicts if v.claim.text.startswith("+1.8")).grounded


def test_bold_marks_around_a_result_are_no_multiplication():
    answer = (
        "- **2024:** $400,105K ÷ $1,486,215K ≈ **26.92%** (≈ $400.1 million on $1.49 billion "
        "of revenue)"
    )
    (margin,) = [r for r in read_answer(answer).readings if r.claim.text == "26.92%"]
    assert "operand" not in margin.claim.qualifiers


def test_a_heading_that_spells_its_period_dates_the_results_under_it():
    answer = "**First-half 2025 (twenty-six weeks ended June 29, 2025)**\n\n- Growth ≈ 7.6%\n"
    (growth,) = [r for r in read_answer(answer).readings if r.claim.text == "7.6%"]
    assert growth.claim.period == "H1 2025"


ROE_SOURCE = (
    "Profit attributable to owners was SEK 1,012 million in 2024 and SEK 894 million in 2023. "
    "Average equity was SEK 7,600 million in 2024 and SEK 7,044 million in 2023."
)
ROE_HEADLINE = (
    "**ROE rose about {pp} percentage points to 13.3% in 2024.**\n\n"
    "- 2024: 1,012 / 7,600 = 13.3%\n- 2023: 894 / 7,044 = 12.7%\n"
)


def test_a_change_stated_before_the_working_it_stands_on_is_derived():
    result = detect(source_input(ROE_HEADLINE.format(pp="0.6"), ROE_SOURCE))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_wrong_change_stated_before_its_working_is_flagged():
    result = detect(source_input(ROE_HEADLINE.format(pp="1.6"), ROE_SOURCE))
    assert not next(v for v in result.verdicts if v.claim.text.startswith("1.6")).grounded


# ------------------------------------------------------------------ fiscal quarters off the calendar

JULY_YEAR = """Quarterly Report on Form 10-Q for the quarterly period ended January 31, 2025
Our fiscal year ends July 31. The second quarter of fiscal 2025 ended January 31, 2025.

(in thousands, except units)
                                  Three months ended January 31,  Six months ended January 31,
                                           2025         2024         2025         2024
Towable net sales                       412,506      388,217      968,340      902,655
Towable units shipped                    10,846       10,312       25,415       24,086
"""


def test_a_fiscal_quarter_of_a_july_year_is_the_three_months_it_ends_with():
    clean = "Towable net sales were $412,506K in Q2 FY2025."
    # The six months' sales, given for Q2 FY2025.
    wrong = "Towable net sales were $968,340K in Q2 FY2025."

    assert detect(source_input(clean, JULY_YEAR)).flagged is False
    assert detect(source_input(wrong, JULY_YEAR)).flagged is True
