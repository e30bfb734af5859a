"""A table dated only by the line above it ("Three Months Ended March 31, 2025" over a roll-
forward whose columns are segments) or by a heading row over a block of its rows (`Year ended
31 December 2024`), a net the answer names in words over a line the table
writes in brackets ("charge-offs less recoveries" over "(5,212)"), taken from the Total
column, and working in brackets after a figure and a few words of its own ("roughly 118 days
of inventory on hand (365 ÷ 3.09)"). Each has a clean case and a wrong case of the same
shape."""

from __future__ import annotations

import json
from decimal import Decimal

from hallucination.engine import detect, tables
from hallucination.engine.types import ARITHMETIC_DRIFT, DERIVED, PERIOD_MISMATCH

from .conftest import source_input

ALLOWANCE = """Note 6. Allowance for Credit Losses

Three Months Ended March 31, 2025
(in thousands)        Commercial     Consumer                 Total
Beginning balance       $ 61,205       18,447            $ 79,652
Charge-offs              (2,871)      (2,341)              (5,212)
Recoveries                   433          906                1,339
Provision                  3,104        1,985                5,089
Ending balance          $ 61,871       18,997            $ 80,868

Three Months Ended March 31, 2024
(in thousands)        Commercial     Consumer                 Total
Beginning balance       $ 57,920       16,802            $ 74,722
Charge-offs              (1,604)      (1,927)              (3,531)
Recoveries                   380          774                1,154
Provision                  2,011        2,118                4,129
Ending balance          $ 58,707       17,767            $ 76,474
"""

RETAILER = """Results                            Fiscal 2025     Fiscal 2024
Cost of sales                        1,548,270       1,497,610
Merchandise inventories                512,640         489,120
"""


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_a_line_above_a_table_dates_its_cells():
    answer = "Total charge-offs were {} in the first quarter of 2025."
    assert not detect(source_input(answer.format("$5.2 million"), ALLOWANCE)).flagged
    # The other quarter's figure, said of this one.
    assert detect(source_input(answer.format("$3.5 million"), ALLOWANCE)).flagged


def test_a_net_named_in_words_over_a_bracketed_line_is_of_the_sizes():
    answer = "Net charge-offs were {} in the first quarter of 2025 (charge-offs less recoveries)."
    clean = detect(source_input(answer.format("$3.9 million"), ALLOWANCE))
    assert not clean.flagged
    assert _verdict(clean, "$3.9 million").outcome == DERIVED
    # Charge-offs plus recoveries, called the net.
    wrong = detect(source_input(answer.format("$6.6 million"), ALLOWANCE))
    assert wrong.flagged
    assert not _verdict(wrong, "$6.6 million").grounded


def test_working_in_brackets_after_a_figure_and_its_words():
    answer = (
        "Turnover is $1,548,270 ÷ (($512,640 + $489,120) / 2) ≈ 3.09x, roughly {} days of "
        "inventory on hand (365 ÷ 3.09)."
    )
    clean = detect(source_input(answer.format("118"), RETAILER))
    assert not clean.flagged
    wrong = detect(source_input(answer.format("128"), RETAILER))
    assert wrong.flagged
    assert _verdict(wrong, "128").outcome == ARITHMETIC_DRIFT


# A note as JSON rows whose periods head blocks of its rows, written day first.
UNDERWRITING = json.dumps(
    [
        ["£'000", "Marine", "Property", "Total"],
        ["Year ended 31 December 2025", "", "", ""],
        ["Net earned premiums", "182,400", "264,900", "447,300"],
        ["Combined ratio (%)", "91.2", "98.4", "95.5"],
        ["Year ended 31 December 2024", "", "", ""],
        ["Net earned premiums", "171,300", "251,600", "422,900"],
        ["Combined ratio (%)", "96.1", "101.3", "99.2"],
    ]
)


def test_a_heading_row_dates_the_rows_under_it():
    question = "What was the Group's combined ratio in 2025?"
    assert not detect(source_input("95.5%", UNDERWRITING, question=question)).flagged
    # The other block's ratio, answered for the year asked.
    wrong = detect(source_input("99.2%", UNDERWRITING, question=question))
    assert wrong.flagged
    verdict = _verdict(wrong, "99.2%")
    assert verdict.outcome == PERIOD_MISMATCH
    assert verdict.expected_value == Decimal("95.5")


def test_a_span_ended_on_a_day_written_first_is_its_period():
    assert tables.header_period("Year ended 31 December 2024") == "FY2024"
    assert tables.header_period("Three months ended 30 June 2024") == "Q2 2024"
    assert tables.header_period("Year ended December 31, 2024") == "FY2024"
