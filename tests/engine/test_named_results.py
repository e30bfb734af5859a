"""Working written over named results: an answer that gives a figure on a line of its own
("Average inventories = ... = $580.5M", "**Total current liabilities:** $371,131K") and
then divides by it in words ("1,938.4 ÷ average inventories ≈ 3.34x"), or defines a metric
in words on one line and gives its value on a later one ("Quick ratio = (Cash and cash
equivalents + Accounts receivable) ÷ Total current liabilities" ... "Quick ratio ≈ 1.05").
Each class has a clean case and a wrong one of the same shape."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect
from hallucination.engine import lexicon as lx
from hallucination.engine.types import DERIVED

from .conftest import source_input

BALANCE = """CONSOLIDATED BALANCE SHEETS
(Amounts in thousands)
October 1, 2022 October 2, 2021
Cash and cash equivalents $ 148,302 $ 176,915
Accounts receivable, net 241,688 226,407
Inventories 398,514 361,270
Prepaid expenses and other 22,941 20,383
Total current assets 811,445 784,975
Property, plant and equipment, net 861,430 823,974
Total assets $ 2,132,998 $ 2,066,188
Accounts payable $ 224,611 $ 208,372
Accrued liabilities 131,520 125,904
Total current liabilities 371,131 349,276
Long-term debt 520,000 555,000
"""

RETAILER = """CONSOLIDATED STATEMENTS OF OPERATIONS (in millions)
Fiscal 2022 Fiscal 2021
Net sales $ 3,214.7 $ 3,089.2
Cost of sales, including buying and occupancy costs 1,938.4 1,801.7
CONSOLIDATED BALANCE SHEETS (in millions)
January 28, 2023 January 29, 2022
Merchandise inventories 612.7 548.3
Total current assets 920.4 1,015.0
"""


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_a_divisor_named_in_words_is_the_result_the_answer_gave_it():
    answer = (
        "- Average inventories = ($612.7M + $548.3M) / 2 = **$580.5M**\n"
        "- Cost of sales = **$1,938.4M**\n"
        "- Turnover = 1,938.4 ÷ average inventories ≈ **{}**"
    )
    result = detect(source_input(answer.format("3.34x"), RETAILER))
    assert _verdict(result, "3.34x").outcome == DERIVED
    assert not result.flagged
    assert detect(source_input(answer.format("3.84x"), RETAILER)).flagged


def test_both_operands_named_in_words():
    answer = (
        "**Quick assets (in thousands):**\n"
        "- Cash and cash equivalents: $148,302\n"
        "- Accounts receivable, net: $241,688\n"
        "- **Total quick assets: $389,990**\n\n"
        "**Total current liabilities:** $371,131\n\n"
        "**Quick ratio = quick assets ÷ current liabilities ≈ {}**"
    )
    assert not detect(source_input(answer.format("1.05"), BALANCE)).flagged
    assert detect(source_input(answer.format("1.15"), BALANCE)).flagged


def test_a_metric_defined_in_words_on_an_earlier_line():
    """The sum in brackets is of the sources' lines (the answer gives neither), the divisor
    the answer's own line."""
    answer = (
        "Quick ratio = (Cash and cash equivalents + Accounts receivable) ÷ Total current "
        "liabilities\n\n"
        "- Total current liabilities: **$371,131K**\n\n"
        "**Quick ratio ≈ {}**"
    )
    assert not detect(source_input(answer.format("1.05"), BALANCE)).flagged
    assert detect(source_input(answer.format("1.25"), BALANCE)).flagged


def test_a_named_ratio_after_an_aside_keeps_its_definition():
    """ "the current ratio (which also counts inventories and prepaids) is about 2.19":
    811,445 / 371,131; current assets are not total assets."""
    assert lx.canonical_labels("total current assets") == ["current assets"]
    answer = "The current ratio (which also counts inventories and prepaids) is about {}."
    assert not detect(source_input(answer.format("2.19"), BALANCE)).flagged
    assert detect(source_input(answer.format("2.49"), BALANCE)).flagged


def test_a_ratio_under_an_answer_caption_has_no_scale():
    """ "(in thousands):" heads the amounts; the ratio worked after them is no thousands."""
    answer = (
        "Figures (in thousands):\n"
        "- Total quick assets: $389,990\n"
        "- Total current liabilities: $371,131\n"
        "- Quick ratio = quick assets ÷ current liabilities ≈ {}"
    )
    result = detect(source_input(answer.format("1.05"), BALANCE))
    assert _verdict(result, "1.05").claim.value == Decimal("1.05")
    assert not result.flagged
    assert detect(source_input(answer.format("1.35"), BALANCE)).flagged


def test_a_subtotal_named_by_its_own_words_is_no_total_cut_short():
    """ "Total quick assets: $389,990" is cash plus receivables, a sum the sources do not
    total; "Total current assets: $389,990" passes the same sum off as their 811,445."""
    answer = (
        "Figures (in thousands):\n"
        "- Cash and cash equivalents: $148,302\n"
        "- Accounts receivable, net: $241,688\n"
        "- Total {} assets: $389,990"
    )
    assert not detect(source_input(answer.format("quick"), BALANCE)).flagged
    wrong = detect(source_input(answer.format("current"), BALANCE))
    assert not _verdict(wrong, "$389,990").grounded


SEED = """Item 7. Results of Operations ($ in millions)
Fiscal year ended August 31,                  2024      2023
Cost of goods sold                         1,247.0   1,262.4
Net sales — Corn seed                      1,184.6   1,102.3
Net sales — Soybean seed                     612.8     655.1
Total net sales                            2,226.3   2,219.1
"""


def test_a_hedged_operand_is_its_own_lines_value_not_anothers_that_rounds_to_it():
    """ "roughly $1.3 billion" of corn seed sales is a poor rounding of 1,184.6 (and flagged
    so), though cost of goods sold (1,262.4 in 2023) rounds to it: the share beside it is
    still over the corn line, 53.2%, not over cost of goods sold."""
    answer = (
        "Corn seed net sales were roughly $1.3 billion in fiscal 2024, about {} of total net sales."
    )
    result = detect(source_input(answer.format("53%"), SEED))
    assert _verdict(result, "$1.3 billion").outcome == "approximation"
    assert _verdict(result, "53%").grounded
    wrong = detect(source_input(answer.format("57%"), SEED))
    assert not _verdict(wrong, "57%").grounded


OPERATIONS = """CONSOLIDATED STATEMENTS OF OPERATIONS (in millions)
                       Fiscal 2023   Fiscal 2022
Net sales                  9,412.7       8,906.3
Cost of sales              6,118.2       5,802.9
CONSOLIDATED BALANCE SHEETS (in millions)
                   September 30, 2023   September 30, 2022
Accounts receivable, net        1,021.4         968.7
Inventories                     1,488.9       1,402.6
Accounts payable                  876.3         842.1
"""


def test_a_cash_conversion_cycle_is_its_days_as_the_answer_gave_them():
    """ "CCC ≈ 73.5 days" after DSO, DIO and DPO on average balances: 38.6 + 86.2 - 51.3."""
    answer = (
        "DSO = ((1,021.4 + 968.7) / 2) / 9,412.7 × 365 ≈ 38.6 days; "
        "DIO = ((1,488.9 + 1,402.6) / 2) / 6,118.2 × 365 ≈ 86.2 days; "
        "DPO = ((876.3 + 842.1) / 2) / 6,118.2 × 365 ≈ 51.3 days. The cash conversion cycle is "
        "about {} days."
    )
    assert not detect(source_input(answer.format("73.5"), OPERATIONS)).flagged
    assert detect(source_input(answer.format("83.5"), OPERATIONS)).flagged


GAMES = """CONSOLIDATED BALANCE SHEETS (Amounts in millions)
                                        At December 31,
                                        2019        2018
Property and equipment, net              253         282
CONSOLIDATED STATEMENTS OF OPERATIONS (Amounts in millions)
                                    2019        2018
Total net revenues                 6,489       7,500
"""


def test_a_figure_the_next_sentence_says_was_calculated_by_dividing():
    """ "... is 24.26. This is calculated by dividing total net revenues ($6,489 million) by
    average property and equipment, net ((253 + 282) / 2 = $267.5 million).": the result
    of the average, not its operands, is the divisor."""
    answer = (
        "The FY2019 fixed asset turnover ratio is {}. This is calculated by dividing total net "
        "revenues ($6,489 million) by average property and equipment, net ((253 + 282) / 2 = "
        "$267.5 million)."
    )
    assert not detect(source_input(answer.format("24.26"), GAMES)).flagged
    assert detect(source_input(answer.format("25.65"), GAMES)).flagged


PACKAGING = (
    "HALDEN PACKAGING CORP. - CONSOLIDATED STATEMENTS OF INCOME (in millions)\n"
    "                          FY2024    FY2023\n"
    "Net sales                  7,412     7,138\n"
    "Operating income             912       845\n"
    "CONSOLIDATED STATEMENTS OF CASH FLOWS (in millions)\n"
    "                          FY2024    FY2023\n"
    "Depreciation and amortization  188       176\n"
)


def test_a_change_over_the_figure_an_earlier_sentence_gave_for_another_period():
    # 1,100 / 1,021 - 1 = 7.74%
    answer = (
        "Halden's FY2024 EBITDA was about **$1.1 billion** ($1,100 million).\n\n"
        "EBITDA = operating income + depreciation and amortization\n"
        "- Operating income (FY2024): $912 million\n"
        "- Depreciation and amortization: $188 million\n\n"
        "$912 + $188 = $1,100 million\n\n"
        "FY2023 EBITDA on the same basis was $845 + $176 = $1,021 million, so EBITDA grew "
        "about {} year over year."
    )
    assert not detect(source_input(answer.format("7.7%"), PACKAGING)).flagged
    wrong = detect(source_input(answer.format("9.7%"), PACKAGING))
    assert not _verdict(wrong, "9.7%").grounded and wrong.flagged


PHARMACY = (
    "CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (Unaudited)\n"
    "(in millions, except prescription data)\n"
    "                                      Three Months Ended September 30,\n"
    "                                         2024        2023\n"
    "Dispensing revenues                    1,284.6     1,107.9\n"
    "Front-store revenues                     402.3       398.1\n"
    "Cost of revenues                       1,352.7     1,171.3\n"
    "Prescriptions dispensed (in thousands)     318         291\n"
)


def test_the_number_of_a_step_names_no_metric():
    # 1,284.6M / 318K = $4,039.6; 1,107.9M / 291K = $3,807.2; +6.10%
    answer = (
        "**Step 1 – third quarter of 2024:** $1,284.6M ÷ 318K prescriptions ≈ **$4,040**\n\n"
        "**Step 2 – third quarter of 2023:** $1,107.9M ÷ 291K prescriptions ≈ **$3,807**\n\n"
        "**Step 3 – Change:** ≈ {}"
    )
    assert not detect(source_input(answer.format("+6.1%"), PHARMACY)).flagged
    wrong = detect(source_input(answer.format("+8.1%"), PHARMACY))
    assert not _verdict(wrong, "+8.1%").grounded and wrong.flagged


def test_a_bracket_naming_its_figure_and_what_it_did_is_a_clause_of_its_own():
    # 318 / 291 - 1 = 9.28%
    answer = (
        "Higher revenue per script points to a richer mix of high-cost specialty drugs rather "
        "than volume alone (prescriptions rose about {})."
    )
    assert not detect(source_input(answer.format("9.3%"), PHARMACY)).flagged
    wrong = detect(source_input(answer.format("12.3%"), PHARMACY))
    assert not _verdict(wrong, "12.3%").grounded and wrong.flagged
