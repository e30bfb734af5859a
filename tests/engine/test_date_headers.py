"""A line of dates above a block of figures is its header only when it holds little besides
the dates ("Feb. 3, 2024   Jan. 28, 2023"); a sentence that happens to give two dates ("On
March 9, 2024, a fire ... until June 17, 2024.") dates nothing in the block below it."""

from __future__ import annotations

import pytest

from hallucination.engine import detect

from .conftest import source_input

FIRE_NOTE = """\
On March 9, 2024, a fire damaged the finished-goods warehouse at the Greenfield mill, and production was suspended until June 17, 2024.
Amounts related to the fire (in millions):
Losses and costs recognized:
  Property, plant and equipment written off      $22.3
  Inventory written off                            4.5
  Total                                          $26.8
"""

DATED_COLUMNS = """\
Balance sheet data (in millions)
                                   Feb. 1, 2025     Feb. 3, 2024
  Merchandise inventories             $1,412.6         $1,388.0
  Total assets                        $6,240.9         $6,015.3
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        (
            "The March 9, 2024 fire led to write-offs of $22.3 million of property, plant and "
            "equipment and $4.5 million of inventory.",
            False,
        ),
        (
            "The March 9, 2024 fire led to write-offs of $24.3 million of property, plant and "
            "equipment and $4.5 million of inventory.",
            True,
        ),
    ],
)
def test_a_sentence_with_two_dates_is_no_header(answer, flagged):
    assert detect(source_input(answer, FIRE_NOTE)).flagged is flagged


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Merchandise inventories were $1,412.6 million at February 1, 2025.", False),
        ("Merchandise inventories were $1,412.6 million at February 3, 2024.", True),
    ],
)
def test_a_line_of_dates_is_still_the_header(answer, flagged):
    assert detect(source_input(answer, DATED_COLUMNS)).flagged is flagged
