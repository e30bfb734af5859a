"""Columns as PDF text keeps them and changes worked in steps: values run together by two
spaces under a header that aligns with nothing head their columns in order ("  Fiscal
2023  Fiscal 2022"); a change worked as a difference and then that difference over the
later value is over the wrong base; a cell of the line a clause names, but of another
period than the one it names, is that period's mismatch. Each class has a clean case and a
wrong one of the same shape."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.types import PERIOD_MISMATCH

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
