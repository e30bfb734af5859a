"""Spans of a year as answers name them: "the first nine months of 2024" is the nine months
ended on whatever date the sources' calendar closes it (September 29 on a 52/53-week
calendar, March 29, 2025 for "fiscal 2025" of a year ending in June), and a quarter ended
October 1 on such a calendar is the quarter of September. Each class has a clean case and
a wrong one of the same shape."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine import lexicon as lx

from .conftest import source_input

TEN_Q = """Item 2. Management's Discussion and Analysis

                                            Three Months Ended        Nine Months Ended
                                              Sep 29,       Oct 1,      Sep 29,       Oct 1,
(dollars in thousands)                           2024         2023         2024         2023
Revenues:
  Company restaurant sales                  $ 186,412    $ 179,058    $ 561,907    $ 532,615
  Franchise royalties and fees                 21,738       19,912       63,215       58,402
  Total revenues                            $ 208,150    $ 198,970    $ 625,122    $ 591,017
"""

FISCAL_TEN_Q = """Our fiscal year ends on the last Saturday in June.

                                            Three Months Ended        Nine Months Ended
                                            March 29,    March 30,    March 29,    March 30,
(in millions)                                    2025         2024         2025         2024
Net sales
  Dental                                    $ 1,284.6    $ 1,236.9    $ 3,862.1    $ 3,790.4
  Technology                                    146.2        131.5        431.2        392.6
  Total net sales                           $ 1,430.8    $ 1,368.4    $ 4,293.3    $ 4,183.0
"""


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_a_quarter_ended_early_in_a_month_is_the_quarter_of_the_month_before():
    assert lx.normalise_period("Three Months Ended Oct 1, 2023") == "Q3 2023"
    assert lx.normalise_period("Three Months Ended Oct 31, 2023") == "3M 2023-10"
    # A year keeps the date it ends on: its calendar names it.
    assert lx.normalise_period("Year Ended January 1, 2023") == "FY2023"
    sentence = (
        "Franchise royalties and fees came to about $21.7 million in the third quarter of "
        "fiscal 2024, up from {} a year earlier."
    )
    assert not detect(source_input(sentence.format("$19.9 million"), TEN_Q)).flagged
    wrong = detect(source_input(sentence.format("$18.9 million"), TEN_Q))
    assert not _verdict(wrong, "$18.9 million").grounded


def test_the_first_nine_months_of_a_year_are_the_sources_nine_months():
    sentence = "Franchise royalties and fees were {} in the first nine months of 2024."
    assert not detect(source_input(sentence.format("$63.2 million"), TEN_Q)).flagged
    # The quarter's figure for the nine months is wrong.
    wrong = detect(source_input(sentence.format("$21.7 million"), TEN_Q))
    assert not _verdict(wrong, "$21.7 million").grounded


def test_nine_months_of_a_fiscal_year_end_in_its_calendar():
    """The nine months of fiscal 2025 of a year ending in June end in March 2025: the
    change of total net sales over them is 4,293.3 - 4,183.0."""
    sentence = (
        "Technology net sales rose $38.6 million in the first nine months of fiscal 2025, "
        "about 35% of the company's {} total net sales increase."
    )
    result = detect(source_input(sentence.format("$110.3 million"), FISCAL_TEN_Q))
    assert not result.flagged
    level = "Technology net sales were {} in the first nine months of fiscal 2025."
    assert not detect(source_input(level.format("$431.2 million"), FISCAL_TEN_Q)).flagged
    assert detect(source_input(level.format("$146.2 million"), FISCAL_TEN_Q)).flagged
    wrong = detect(source_input(sentence.format("$101.3 million"), FISCAL_TEN_Q))
    assert not _verdict(wrong, "$101.3 million").grounded


def test_a_later_for_the_first_nine_months_gives_the_span_not_the_quarter_before():
    """ "about 62% of third-quarter 2024 net sales and 61.8% of net sales for the first
    nine months": the second share is of the nine months of 2024."""
    sentence = (
        "Company restaurant sales were about 89.6% of third-quarter 2024 total revenues and "
        "{} of total revenues for the first nine months."
    )
    assert not detect(source_input(sentence.format("89.9%"), TEN_Q)).flagged
    wrong = detect(source_input(sentence.format("91.9%"), TEN_Q))
    assert not _verdict(wrong, "91.9%").grounded


def test_nine_months_named_where_the_sources_give_another_years_nine_months():
    """ "In the first nine months of 2025" against a "Nine-month report 2025" that dates
    only its comparatives "(9M 2024: ...)": a span the sources give, in a year they give."""
    source = "Valmont AG — Nine-month report 2025\nSales: €7,842 million (9M 2024: €7,519 million)"
    answer = "In the first nine months of {}, Valmont's sales were €7.84 billion."
    assert not detect(source_input(answer.format("2025"), source)).flagged
    assert detect(source_input(answer.format("2023"), source)).flagged


def test_a_noun_of_change_after_the_line_makes_the_amount_a_change():
    """ "the company's $110.3 million total net sales increase": the change of the line,
    not its level."""
    sentence = "In the first nine months of fiscal 2025, the company's {} total net sales increase came mostly from Dental."
    assert not detect(source_input(sentence.format("$110.3 million"), FISCAL_TEN_Q)).flagged
    assert detect(source_input(sentence.format("$120.3 million"), FISCAL_TEN_Q)).flagged


def test_a_period_after_an_emphasised_figure_is_its_period():
    """ "rose to **$121.6 million** in the third quarter of 2024": the bold marks between the
    figure and its period are no break (121.6 is the nine months' figure)."""
    source = TEN_Q.replace("Franchise royalties and fees", "Segment operating income")
    answer = "Segment operating income rose to **{}** in the third quarter of 2024."
    assert not detect(source_input(answer.format("$21.7 million"), source)).flagged
    assert detect(source_input(answer.format("$63.2 million"), source)).flagged


def test_a_section_row_with_a_footnote_marker_keeps_the_table_going():
    """ "Same-restaurant sales growth (2):" heads the rows under it: their cells keep the
    columns' periods (2.8% is the nine months', not the quarter's)."""
    source = TEN_Q + (
        "Same-restaurant sales growth (2):\n"
        "  Company-operated                               2.1%         3.4%         2.8%         4.6%\n"
    )
    answer = "Company-operated same-restaurant sales rose {} in the third quarter of fiscal 2024."
    assert not detect(source_input(answer.format("2.1%"), source)).flagged
    assert detect(source_input(answer.format("2.8%"), source)).flagged


RETAILER = """CONSOLIDATED STATEMENTS OF EARNINGS
(in millions)                       Fiscal Year Ended
                           January 28, 2024   January 29, 2023   January 30, 2022
Net sales                        57,225            60,794            58,410
Operating income                  3,981             4,811             4,707
"""


def test_an_answer_that_names_its_fiscal_year_by_its_end_names_the_others_so():
    """ "In FY2023 (ended January 28, 2024) ... from $60.8 billion in FY2022": the answer's
    FY2022 is the year ended January 29, 2023, whatever key the table gives that column."""
    answer = (
        "In FY2023 (ended January 28, 2024), net sales were $57.2 billion, down 5.9% from "
        "{} in FY2022."
    )
    assert not detect(source_input(answer.format("$60.8 billion"), RETAILER)).flagged
    assert detect(source_input(answer.format("$58.4 billion"), RETAILER)).flagged


def test_the_period_of_a_base_is_not_carried_to_the_next_clause():
    """ "down 5.9% from $60.8 billion in FY2022, and operating margin fell to 7.0%": FY2022 is
    the base's; the margin is the year the sentence is about (3,981 / 57,225)."""
    answer = (
        "In FY2023 (ended January 28, 2024), net sales were $57.2 billion, down 5.9% from "
        "$60.8 billion in FY2022, and operating margin fell to {} from 7.9%."
    )
    assert not detect(source_input(answer.format("7.0%"), RETAILER)).flagged
    assert detect(source_input(answer.format("8.0%"), RETAILER)).flagged


QUARTER_OVER_YEARS = """Results of Operations
                                     Three Months Ended June 30,
(in millions)                             2024          2023
Net sales                             $ 1,412.6     $ 1,356.0
Gross profit                              510.5         466.7
"""


def test_a_quarter_whose_last_day_heads_the_years():
    """ "Three Months Ended June 30," over "2024   2023": the answer's "second quarter of
    2024" is a period the sources give; the third quarter is not."""
    answer = "Gross profit was $510.5 million in the {} quarter of 2024."
    assert not detect(source_input(answer.format("second"), QUARTER_OVER_YEARS)).flagged
    assert detect(source_input(answer.format("third"), QUARTER_OVER_YEARS)).flagged
