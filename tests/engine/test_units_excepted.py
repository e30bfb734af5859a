"""A caption that excepts units from its scale ("dollars in thousands, except units") says
the units row is in whole units: a count of it read in thousands is a scale error, not a
figure of unknown scale."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

RESULTS = """The following table sets forth selected results (dollars in thousands, except units and average selling price):
                                                    Fiscal 2024      Fiscal 2023
Total net revenue                                     1,560,420        1,769,345
Factory-built homes sold (units)                         18,412           21,530
Average selling price per home (factory-built)      $    80,725      $    79,097
"""


def test_units_excepted_from_a_thousands_caption_are_whole_units():
    assert not detect(
        source_input("Prairieland sold 18,412 homes in fiscal 2024.", RESULTS)
    ).flagged
    assert detect(
        source_input("Prairieland sold about 18.4 million homes in fiscal 2024.", RESULTS)
    ).flagged


SCREEN = """Income Statement - GAAP          FY 2023      Q2 2024      Q3 2024
In Millions of USD except Per Share
Revenue                          1,702.4        487.3        521.9
Net Income                          79.8         28.2         34.7
Buses Delivered (Units)            9,311        2,571        2,708
Backlog (Units), End Pd           11,205       10,118        9,734
"""


def test_a_row_that_names_its_unit_of_count_is_not_in_the_captions_millions():
    # A caption of money says nothing of the rows that count something else: the row
    # labels' "(Units)" do. The orders backed out of them are counts too.
    said = (
        "Implied Q3 2024 orders = 2,708 + 9,734 − 10,118 = {} units, "
        "from a backlog of 10,118 units at the end of Q2 2024."
    )
    assert not detect(source_input(said.format("2,324"), SCREEN)).flagged
    assert detect(source_input(said.format("2,524"), SCREEN)).flagged
