"""The last amount of a column of the answer's own table that is the sum of the amounts
above it, as the answer writes them (parentheses negative): a balancing row such as
`Remaining` is worked out, not read off a source. A clean case and a wrong one of the same
shape."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.types import ARITHMETIC_DRIFT, DERIVED, UNSUPPORTED_AGGREGATION

from .conftest import source_input

CASH_FLOWS = """HALDEN INSTRUMENTS, INC.
CONSOLIDATED STATEMENT OF CASH FLOWS
(in thousands)
Year ended December 31,                                     2024          2023
Net cash provided by operating activities                 212,418       187,305
Purchases of property and equipment                       (61,207)      (55,980)
Repurchases of common stock                               (84,650)      (40,000)
Dividends paid                                            (22,118)      (20,416)
"""

ANSWER = """**Yes.**

| FY2024 ($ thousands) | |
|---|---:|
| Net cash provided by operating activities | 212,418 |
| Purchases of property and equipment | (61,207) |
| Repurchases of common stock | (84,650) |
| **Remaining** | **{}** |
"""


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_a_balancing_row_that_sums_its_column_is_derived():
    clean = detect(source_input(ANSWER.format("66,561"), CASH_FLOWS))
    assert not clean.flagged
    assert _verdict(clean, "66,561").outcome == DERIVED
    wrong = detect(source_input(ANSWER.format("68,561"), CASH_FLOWS))
    assert wrong.flagged
    assert not _verdict(wrong, "68,561").grounded


NET_DEBT = (
    '[["(€ m)", "31 Dec 2024", "31 Dec 2023"], '
    '["Gross financial debt", "3 981,4", "3 702,6"], '
    '["Cash and cash equivalents", "-1 204,7", "-1 011,9"], '
    '["Short-term investments", "-188,2", "-160,4"], '
    '["Net financial debt", "2 588,5", "2 530,3"]]'
)


def test_working_on_a_line_the_sources_state_otherwise_leaves_a_part_out():
    question = "What was net financial debt at 31 December 2024?"
    clean = detect(
        source_input(
            "Net financial debt = 3 981,4 - 1 204,7 - 188,2 = € 2 588,5 m",
            NET_DEBT,
            question=question,
        )
    )
    assert not clean.flagged
    wrong = detect(
        source_input(
            "Net financial debt = 3 981,4 - 1 204,7 = € 2 776,7 m", NET_DEBT, question=question
        )
    )
    assert wrong.flagged
    verdict = _verdict(wrong, "€ 2 776,7 m")
    assert verdict.outcome == UNSUPPORTED_AGGREGATION
    assert verdict.nearest.text == "2 588,5"


DEBT = (
    '[["(€ m)", "31 Dec 2024", "31 Dec 2023"], '
    '["Bonds", "2 100,0", "1 850,0"], '
    '["Lease liabilities", "1 004,2", "962,8"], '
    '["Gross financial debt", "3 981,4", "3 702,6"], '
    '["Cash and cash equivalents", "-1 204,7", "-1 011,9"], '
    '["Net financial debt", "2 776,7", "2 690,7"]]'
)


def test_a_share_of_the_whole_the_question_names_is_over_that_whole():
    question = "What share of gross financial debt did lease liabilities represent at 31 Dec 2024?"
    clean = detect(source_input("1 004,2 / 3 981,4 = 25.22%", DEBT, question=question))
    assert not clean.flagged
    wrong = detect(source_input("1 004,2 / 2 776,7 = 36.17%", DEBT, question=question))
    assert wrong.flagged
    verdict = _verdict(wrong, "36.17%")
    assert verdict.outcome == ARITHMETIC_DRIFT
    assert verdict.details["expected"] == "25.22"
    assert verdict.expected_value is None  # the working beside it would still give 36.17


BALANCE_AND_NOTE = """CONSOLIDATED BALANCE SHEETS
(In millions)
December 31,                                                  2024          2023
  Short-term borrowings                                     $ 92.0       $ 140.0
  Current portion of long-term debt                          125.0          75.0
Long-term debt                                             1,710.0       1,815.0
Total shareholders' equity                                 2,804.6       2,527.9

Supplemental information: total debt, consisting of commercial paper classified as short-term
borrowings, the current portion of long-term debt and long-term debt, was $1,927.0 million at
December 31, 2024 and $2,030.0 million at December 31, 2023.
"""


def test_working_on_a_line_a_source_sentence_states_otherwise_leaves_a_part_out():
    question = "What was total debt at the end of FY2024?"
    clean = detect(
        source_input(
            "- **Total debt:** short-term borrowings $92.0M + current portion of long-term debt "
            "$125.0M + long-term debt $1,710.0M = **$1,927.0 million**",
            BALANCE_AND_NOTE,
            question=question,
        )
    )
    assert not clean.flagged
    wrong = detect(
        source_input(
            "- **Total debt:** current portion of long-term debt $125.0M + long-term debt "
            "$1,710.0M = **$1,835.0 million**",
            BALANCE_AND_NOTE,
            question=question,
        )
    )
    assert wrong.flagged
    assert _verdict(wrong, "$1,835.0 million").outcome == UNSUPPORTED_AGGREGATION
