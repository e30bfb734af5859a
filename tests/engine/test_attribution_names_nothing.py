"""An attribution between a figure and its base ("$612 million in baggage fees last year,
according to government data, up from $548 million") names no line: the base is the same
line's earlier value."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

NEWS = (
    "The airline collected $612 million in baggage fees last year, according to government "
    "data, up from $548 million the year before."
)


def test_a_change_over_a_base_after_an_attribution():
    said = "Baggage fees rose by {} million last year."
    # 612 - 548 = 64
    assert not detect(source_input(said.format("$64"), NEWS)).flagged
    assert detect(source_input(said.format("$68"), NEWS)).flagged
    rate = "Bag-fee revenue grew about {} last year."
    # 64 / 548 = 11.7%
    assert not detect(source_input(rate.format("11.7%"), NEWS)).flagged
