"""Roll-forwards whose balance rows name only a date ("Balance at December 31, 2024"): the
caption says what the balances are of ("the changes in shares of common stock
outstanding:"), a company named by its legal form names no line, words up to a comma after
a figure finish that figure's phrase, and a sum of some columns of a balance row presented
as the whole is a partial sum against the row's Total column. Each class has a clean case
and a wrong one of the same shape."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect
from hallucination.engine.types import DERIVED, UNSUPPORTED_AGGREGATION

from .conftest import source_input

SHARES = """Note 12. Stockholders' Equity
On June 3, 2024, Tamsin Photonics, Inc. completed a secondary offering.
The following table presents the changes in shares of common stock outstanding:
                                                                                    Shares
Balance at December 31, 2023                                                    48,214,606
  Issued upon exercise of stock options                                            512,300
  Issued upon vesting of restricted stock units, net                               904,118
  Repurchased and retired                                                         (800,000)
Balance at December 31, 2024                                                    48,831,024
"""


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_a_balance_row_is_of_what_the_roll_forward_caption_names():
    # 48,831,024 - 48,214,606 = 616,418; over 48,214,606: 1.28%
    answer = "Tamsin's shares outstanding increased by {} during 2024."
    clean = detect(source_input(answer.format("616,418"), SHARES))
    assert not clean.flagged
    assert _verdict(clean, "616,418").outcome == DERIVED
    wrong = detect(source_input(answer.format("661,418"), SHARES))
    assert wrong.flagged


def test_words_to_a_comma_after_a_figure_finish_that_figures_phrase():
    answer = (
        "Net of the 800,000 shares repurchased, Tamsin's shares outstanding increased by "
        "616,418, or about {}, during 2024."
    )
    clean = detect(source_input(answer.format("1.28%"), SHARES))
    assert not clean.flagged
    assert _verdict(clean, "1.28%").expected_value == Decimal("1.28")
    wrong = detect(source_input(answer.format("1.66%"), SHARES))  # 800,000 over 48.2 million
    assert wrong.flagged


RESERVE = """Note 7. Restructuring
The following table summarizes the activity in the restructuring reserve (in thousands):

                                   Severance     Facility Exit       Other        Total
Balance at December 31, 2023           3,910             1,204         286        5,400
Charges                                7,115             2,870         641       10,626
Cash payments                         (8,402)           (2,311)       (590)     (11,303)
Balance at December 31, 2024           2,623             1,763         337        4,723
"""


def test_some_columns_of_a_balance_row_are_no_total_of_it():
    answer = (
        "The restructuring reserve totaled ${} thousand at December 31, 2024, covering "
        "severance and facility exit costs."
    )
    clean = detect(source_input(answer.format("4,723"), RESERVE))
    assert not clean.flagged
    wrong = detect(source_input(answer.format("4,386"), RESERVE))  # 2,623 + 1,763
    assert wrong.flagged
    verdict = _verdict(wrong, "$4,386 thousand")
    assert verdict.outcome == UNSUPPORTED_AGGREGATION
    assert verdict.expected_value == Decimal("4723000")


PREFERRED = """The Series B accrues dividends at 7.0% a year, paid in kind; its issuance costs are
accreted over seven years.
The carrying amount of the Series B changed as follows (in thousands):
                                            2024        2023
Balance at January 1                    $ 88,412    $ 81,950
Dividends paid in kind                     6,190       5,862
Accretion of issuance costs                  600         600
Balance at December 31                  $ 95,202    $ 88,412
"""


def test_balances_at_a_day_of_the_year_under_a_caption_that_says_what_changed():
    # Not "the changes in the X" but "X changed as follows", with balance rows that name a
    # day of the year and leave its year to the columns; the year's balance is its closing
    # one, so that a change in the year is closing less opening, not opening less opening.
    clean = detect(
        source_input(
            "The carrying amount of the Series B rose by $6.79 million in 2024.", PREFERRED
        )
    )
    assert not clean.flagged
    assert _verdict(clean, "$6.79 million").outcome == DERIVED
    wrong = detect(
        source_input(
            "The carrying amount of the Series B rose by $7.39 million in 2024.", PREFERRED
        )
    )
    assert wrong.flagged
