"""A roll-forward note as PDF text gives it: column headers stacked over three lines, two of
them run together (`HedgesPostretirement`), a column the last header line leaves blank, row
labels wrapped onto an indented line, and rows that are dates (`Balance at December 31,
2023`) under columns that name what each balance is of. Each class has a clean case and a
wrong one of the same shape."""

from __future__ import annotations

from hallucination.engine import detect, tables

from .conftest import source_input

AOCI = """Note 15. Accumulated Other Comprehensive Loss
The changes in AOCI by component, net of tax, were as follows (in millions):

                                                     Foreign     Cash Flow   Pension and
                                                    Currency        HedgesPostretirement
                                                 Translation                    Benefits         Total
Balance at December 31, 2022                         (271.1)          23.1       (100.3)       (348.3)
Other comprehensive income (loss) before                52.6        (12.5)        (18.6)          21.5
  reclassifications
Amounts reclassified from AOCI                             —         (9.7)           5.1         (4.6)
Net current-period other comprehensive                  52.6        (22.2)        (13.5)          16.9
  income (loss)
Balance at December 31, 2023                         (218.5)           0.9       (113.8)       (331.4)
"""


def _flagged(answer: str) -> bool:
    return detect(source_input(answer, AOCI)).flagged


def test_the_reader_keeps_each_column_and_each_wrapped_label():
    cells = {AOCI[c.start : c.end]: c for c in tables.find_tables(AOCI).cells}
    assert cells["0.9"].column_header == "Cash Flow Hedges"
    assert cells["(113.8)"].column_header == "Pension and Postretirement Benefits"
    assert cells["(331.4)"].column_header == "Total"
    assert cells["(18.6)"].row_label == "Other comprehensive income (loss) before reclassifications"
    assert cells["5.1"].row_label == "Amounts reclassified from AOCI"
    assert cells["(218.5)"].row_label == "Balance at December 31, 2023"


def test_a_label_wrapped_onto_an_indented_line_is_its_rows():
    answer = (
        "Pension and postretirement benefits other comprehensive loss before "
        "reclassifications was ${} million."
    )
    assert not _flagged(answer.format("(18.6)"))
    assert _flagged(answer.format("5.1"))  # the amounts reclassified


def test_header_words_run_together_head_their_own_columns():
    answer = "The pension and postretirement benefits balance was ${} million at December 31, 2023."
    assert not _flagged(answer.format("(113.8)"))
    assert _flagged(answer.format("(100.3)"))  # a year earlier
    total = "The total AOCI balance was ${} million at December 31, 2023."
    assert not _flagged(total.format("(331.4)"))
    assert _flagged(total.format("(113.8)"))  # the pension column


def test_a_balance_row_is_of_what_its_column_names():
    answer = "The cash flow hedges component of AOCI was ${} million at December 31, 2023."
    assert not _flagged(answer.format("0.9"))
    assert _flagged(answer.format("(218.5)"))  # foreign currency translation's


NOI = """Net operating income ("NOI") by segment
(dollars in millions)                         2023        2022   Same-store   Occupancy
                                                                 NOI growth   at Dec 31
Industrial                              $   312.4   $   284.7        7.4%       97.8%
Office                                      148.9       161.3      (5.1)%       84.6%
Retail                                       96.2        93.8        2.0%       93.1%
Total NOI                               $   571.8   $   562.4

Capital recycling. During 2023 we sold six office buildings for gross proceeds of $412 million
at a weighted average cap rate of 7.1%.
"""


def test_a_sentence_that_names_the_figure_beats_a_one_word_row():
    """ "sold six office buildings for $412 million" is the sentence that says so, not a
    figure swapped onto the `Office` row, now that the row's columns have their years."""
    answer = "The trust sold six office buildings for {} at a 7.1% cap rate."
    assert not detect(source_input(answer.format("$412 million"), NOI)).flagged
    assert detect(source_input(answer.format("$421 million"), NOI)).flagged


TWO_YEARS = """Note 15. Accumulated Other Comprehensive Loss
The changes in AOCI by component, net of tax, were as follows (in millions):

                                                     Foreign     Cash Flow   Pension and
                                                    Currency        HedgesPostretirement
                                                 Translation                    Benefits         Total
Balance at December 31, 2021                         (212.4)           8.6       (146.9)       (350.7)
Amounts reclassified from AOCI                             —         (6.8)           7.4           0.6
Balance at December 31, 2022                         (271.1)          23.1       (100.3)       (348.3)
Amounts reclassified from AOCI                             —         (9.7)           5.1         (4.6)
Balance at December 31, 2023                         (218.5)           0.9       (113.8)       (331.4)
"""


def test_a_roll_forwards_movements_are_the_year_their_closing_balance_ends():
    answer = (
        "In 2023, Kestrel reclassified ${} million of pension and postretirement losses out "
        "of AOCI into earnings."
    )
    assert not detect(source_input(answer.format("5.1"), TWO_YEARS)).flagged
    wrong = detect(source_input(answer.format("7.4"), TWO_YEARS))  # the 2022 movement
    assert wrong.flagged


def test_the_one_period_closing_a_clause_dates_its_amount():
    answer = (
        "Kestrel reclassified ${} million of pension and postretirement losses, net of tax, "
        "out of AOCI into earnings in 2023."
    )
    assert not detect(source_input(answer.format("5.1"), TWO_YEARS)).flagged
    assert detect(source_input(answer.format("7.4"), TWO_YEARS)).flagged


def test_a_sum_that_gives_a_loss_does_not_explain_a_figure_called_income():
    """-12.5 + -9.7 = -22.2 is the hedges' net loss of 2023: "net other comprehensive
    income of $22.2 million" names it the wrong way; a net loss of $22.2 million is right."""
    wrong = (
        "In 2023, the cash flow hedges contributed net other comprehensive income of $22.2 million."
    )
    assert detect(source_input(wrong, AOCI)).flagged
    clean = "In 2023, the cash flow hedges had net other comprehensive loss of $22.2 million."
    assert not detect(source_input(clean, AOCI)).flagged
