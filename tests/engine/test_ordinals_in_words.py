"""An ordinal written in digits ("1st", "3rd") is grounded by a source that writes it as a
word ("the first checked bag", "its third straight quarter"); one no source writes is not."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

SOURCE = "Revenue grew for the third straight quarter. The first checked bag will cost $40."


def test_an_ordinal_the_source_writes_in_words():
    assert not detect(source_input("It was the 3rd straight quarter of growth.", SOURCE)).flagged
    table = "| Bag | Fee |\n|---|---|\n| 1st | $40 |"
    assert not detect(source_input(table, SOURCE)).flagged


def test_an_ordinal_no_source_gives():
    assert detect(source_input("It was the 4th straight quarter of growth.", SOURCE)).flagged
