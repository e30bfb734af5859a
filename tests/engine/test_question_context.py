"""A short answer leans on its question: "-312" to "What was the change in rental income
between 2018 and 2019?" is that change, checked as one. A figure that names its own metric
reads as it stands. Each class has a clean case and a wrong one of the same shape."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect
from hallucination.engine import lexicon as lx
from hallucination.engine.answer import read_answer
from hallucination.engine.types import DERIVED, PERIOD_MISMATCH

from .conftest import source_input

NOTE = """6. OTHER INCOME AND GAINS, NET
                                                        2019          2018
                                                     HK$'000       HK$'000
Bank interest income                                   4,186         3,052
Rental income from investment properties               9,734        10,046
Sundry income                                          1,508         1,296
"""

CHANGE = "What was the change in rental income from investment properties between 2018 and 2019?"
GROWTH = "What was the percentage change in bank interest income from 2018 to 2019?"


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_a_bare_figure_answering_a_change_is_that_change():
    result = detect(source_input("-312", NOTE, question=CHANGE))
    assert _verdict(result, "-312").outcome == DERIVED
    assert not result.flagged


def test_a_wrong_bare_figure_answering_a_change_is_flagged():
    result = detect(source_input("-321", NOTE, question=CHANGE))
    assert result.flagged


def test_a_change_with_the_wrong_sign_is_flagged():
    result = detect(source_input("312", NOTE, question=CHANGE))
    assert result.flagged


def test_a_short_sentence_answering_a_percentage_change_is_that_change():
    result = detect(source_input("It increased by 37.16%.", NOTE, question=GROWTH))
    assert _verdict(result, "37.16%").outcome == DERIVED
    assert not result.flagged


def test_a_wrong_percentage_change_in_a_short_sentence_is_flagged():
    result = detect(source_input("It increased by 27.16%.", NOTE, question=GROWTH))
    assert result.flagged


def test_without_its_question_a_bare_change_is_not_explained():
    assert detect(source_input("-312", NOTE)).flagged


def test_a_figure_that_names_its_metric_is_read_as_it_stands():
    # The question asks for a change; the answer states a level and names it: it is checked
    # as a level, and it is the 2019 rental income.
    result = detect(
        source_input(
            "Rental income from investment properties was 9,734 in 2019.", NOTE, question=CHANGE
        )
    )
    assert not result.flagged


# ------------------------------------------------------------------ a formula the question spells out

COVER = (
    "Amounts in foreign currencies are translated at the closing rates. Finance costs "
    "recognised in profit or loss were SCR 27,486 thousand (2023: SCR 25,911 thousand). "
    "Operating profit for the year was SCR 118,352 thousand (2023: SCR 96,407 thousand)."
)
COVER_QUESTION = "What was the interest cover (operating profit divided by finance costs) in 2024?"


def test_a_bare_figure_is_the_formula_its_question_spells_out():
    result = detect(source_input("4.31", COVER, question=COVER_QUESTION))

    assert result.flagged is False
    assert result.verdicts[0].formula == "118.352M / 27.486M"


def test_a_wrong_bare_figure_for_the_question_s_formula_is_flagged():
    result = detect(source_input("4.57", COVER, question=COVER_QUESTION))

    assert result.flagged is True


def test_operating_profit_for_the_year_is_operating_profit():
    assert lx.canonical_labels("Operating profit for the year") == ["operating income"]
    assert lx.canonical_labels("Profit for the year") == ["net income"]
    assert lx.canonical_labels("adjusted EBITDA margin") == ["ebitda margin"]
    assert lx.canonical_labels("gross profit margin") == ["gross margin"]


# ------------------------------------------------------------------ a bracketed cost's change

COSTS = """"Line item","2024","2023"
"Total revenue","492,751","464,279"
"Cost of sales","(371,206)","(349,517)"
"Gross profit","121,545","114,762"
"""


def test_a_change_in_a_bracketed_cost_may_be_given_as_the_rise_of_its_size():
    question = "What was the change in cost of sales between 2023 and 2024?"
    clean = detect(source_input("21,689", COSTS, question=question))
    wrong = detect(source_input("12,689", COSTS, question=question))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ what a footnote includes

FOOTNOTED = """Amounts in SRD'000

| Product | 2024 | 2023 |
|---|---:|---:|
| Parboiled rice | 612,480¹ | 548,310 |

¹ Includes SRD 42,300 thousand of sales to the Government of Suriname.
"""


def test_an_amount_a_footnote_says_a_line_includes_is_named_by_the_words_after_it():
    question = "What were parboiled rice sales to customers other than the Government in 2024?"
    clean = detect(source_input("570,180 thousand", FOOTNOTED, question=question))
    wrong = detect(source_input("580,180 thousand", FOOTNOTED, question=question))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ a signed rate, and "per share"

FFO = """FFO reconciliation (in thousands, except per share)
                                      2024        2023
FFO per diluted share                 1.56        1.41
Dividends declared per share          1.12        1.06
Payout ratio (%)                      71.8        75.2
"""


def test_a_rate_written_with_its_plus_sign_after_per_share_is_a_change():
    clean = detect(source_input("FFO per diluted share reached $1.56, +10.6% on 2023.", FFO))
    wrong = detect(source_input("FFO per diluted share reached $1.56, +12.6% on 2023.", FFO))

    assert clean.flagged is False
    assert wrong.flagged is True


LINES = """Net revenue by line of business (in millions)   2023    2022
Commercial lines                                 386     421
Personal lines                                   512     470
"""


def test_a_plus_sign_on_a_fall_is_the_wrong_way():
    clean = detect(
        source_input("Commercial lines revenue was $386 million in 2023 (-8.3%).", LINES)
    )
    wrong = detect(
        source_input("Commercial lines revenue was $386 million in 2023 (+8.3%).", LINES)
    )

    assert clean.flagged is False
    assert wrong.flagged is True


def test_a_rate_in_brackets_is_the_noun_phrase_s_right_before_it():
    clean = "The payout ratio fell as FFO per diluted share (+10.6%) grew faster than dividends."
    wrong = "The payout ratio fell as FFO per diluted share (+12.6%) grew faster than dividends."

    (rate,) = [r.claim for r in read_answer(clean).readings if r.claim.text == "+10.6%"]

    assert "payout" not in rate.label_words and "ffo" in rate.label_words
    assert detect(source_input(clean, FFO)).flagged is False
    assert detect(source_input(wrong, FFO)).flagged is True


FINANCE_COSTS = """Standalone Statement of Profit and Loss (₹ in crore)

Particulars                                FY 2023-24    FY 2022-23
Revenue from operations                      4,812.36      4,295.18
Finance costs                                   72.64         80.13
Profit for the year                            482.15        352.41
"""


def test_a_bare_figure_of_another_period_than_the_one_asked_is_a_period_mismatch():
    """ "What were the finance costs in FY 2023-24?" answered with the FY 2022-23 cell of
    the row: the question's one period is the figure's."""
    question = "What were the finance costs in FY 2023-24?"
    clean = detect(source_input("₹72.64 crore", FINANCE_COSTS, question=question))
    assert not clean.flagged
    wrong = detect(source_input("₹80.13 crore", FINANCE_COSTS, question=question))
    verdict = wrong.verdicts[0]
    assert verdict.outcome == PERIOD_MISMATCH and verdict.expected_value == Decimal("72.64e7")
    # Asked about the change, the same figure is an operand's value, not a period's.
    change = "What was the change in finance costs from FY 2022-23 to FY 2023-24?"
    assert detect(source_input("-7.49", FINANCE_COSTS, question=change)).verdicts[0].grounded


NINE_MONTHS = """(In millions)

                                  Three Months Ended                   Nine Months Ended
                                  September 28,   September 30,   September 28,   September 30,
                                           2024            2023            2024            2023
Revenue                          $      1,842.6  $      1,516.3  $      5,087.9  $      4,611.2
Gross profit                              838.4           641.4         2,275.4         1,962.9
"""


def test_a_figure_a_year_earlier_is_the_same_span_a_year_before():
    """ "44.7% for the nine months ended September 28, 2024 versus 42.6% a year earlier":
    the second margin is the nine months of 2023 (1,962.9 / 4,611.2), not a figure with no
    period."""
    sentence = "Gross margin was 44.7% for the nine months ended September 28, 2024 versus {} a year earlier."
    assert not detect(source_input(sentence.format("42.6%"), NINE_MONTHS)).flagged
    wrong = detect(source_input(sentence.format("41.6%"), NINE_MONTHS))
    assert not _verdict(wrong, "41.6%").grounded


REVENUE_ROWS = """The following table sets forth the components of revenue (in thousands):
[["", "2019", "2018"], ["Product", "1,234", "1,111"], ["Services", "456", "389"], ["Total revenue", "1,690", "1,500"]]"""


def test_a_bare_number_answering_a_percentage_question_is_a_percentage():
    """ "17.22" answering "What was the percentage change in services revenue from 2018 to
    2019?", as table question sets write their answers: (456 - 389) / 389."""
    question = "What was the percentage change in services revenue from 2018 to 2019?"
    assert not detect(source_input("17.22", REVENUE_ROWS, question=question)).flagged
    assert detect(source_input("18.22", REVENUE_ROWS, question=question)).flagged
    # Asked for the change itself, the same digits are no percentage.
    change = "What was the change in services revenue from 2018 to 2019?"
    assert not detect(source_input("67", REVENUE_ROWS, question=change)).flagged
