"""The words that name a roll-forward's ends ("Beginning backlog", "Ending backlog",
"Closing inventory") name no segment: a figure so labelled is the line's, and a segment
named the same way still is one."""

from __future__ import annotations

import pytest

from hallucination.engine.context import label_and_segment


@pytest.mark.parametrize(
    "row", ["Beginning backlog", "Ending backlog", "Closing inventory", "Starting backlog"]
)
def test_the_ends_of_a_roll_forward_are_no_segment(row):
    label, segment = label_and_segment(row)
    assert label
    assert segment == ""


@pytest.mark.parametrize(
    ("row", "segment"),
    [("International backlog", "international"), ("Americas revenue", "americas")],
)
def test_a_segment_named_before_its_line_still_is_one(row, segment):
    assert label_and_segment(row)[1] == segment
