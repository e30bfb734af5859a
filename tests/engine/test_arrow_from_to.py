"""An arrow between two figures ("**$35 → $40**") runs from the level a change left to the
one it reached: the figure before it is the base, not the current value."""

from __future__ import annotations

import pytest

from hallucination.engine import detect

from .conftest import source_input

NEWS = (
    "Peachtree Air will raise its checked-bag fees on March 1. The first checked bag will "
    "cost $40, up from $35, and the second bag will cost $50, up from $45."
)


@pytest.mark.parametrize("arrow", ["→", "->"])
def test_the_figure_before_an_arrow_is_the_base(arrow):
    assert not detect(source_input(f"- First bag: **$35 {arrow} $40** (+$5)", NEWS)).flagged
    # a base no source gives
    assert detect(source_input(f"- First bag: $30 {arrow} $40", NEWS)).flagged
