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
