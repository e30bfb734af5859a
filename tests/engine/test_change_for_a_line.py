"""A change named after its figure is a change of what follows "for" as of what follows
"in" ("a 14.3% increase for the first bag", "a 10.0% decline in net sales")."""

from __future__ import annotations

import pytest

from hallucination.engine import detect

from .conftest import source_input

NEWS = (
    "The first checked bag will cost $40, up from $35, and the second bag will cost $50, up "
    "from $45. The airline carried 41.2 million passengers, 6% more than a year earlier."
)


@pytest.mark.parametrize(
    ("said", "right", "wrong"),
    [
        # (40 - 35) / 35 = 14.3%; (50 - 45) / 45 = 11.1%
        ("That's a {} increase for the first bag.", "14.3%", "15.3%"),
        ("That's a {} increase for the second bag.", "11.1%", "12.1%"),
    ],
)
def test_a_change_for_the_line_named_after_it(said, right, wrong):
    assert not detect(source_input(said.format(right), NEWS)).flagged
    assert detect(source_input(said.format(wrong), NEWS)).flagged
