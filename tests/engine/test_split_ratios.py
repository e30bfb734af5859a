"""The factor of a stock split written "1-for-25" or "3-for-2" is a quantity the sources
state: an answer that multiplies by it is grounded, one that multiplies by another is not."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

RELEASE = (
    "Orbivo Health, Inc. today announced a 1-for-25 reverse stock split of its common stock, "
    "effective June 9, 2025. Orbivo's common stock closed at $0.42 on June 3, 2025."
)


def test_the_factor_of_a_split_is_a_stated_quantity():
    said = "The split multiplies the share price by {0}: $0.42 × {0} = {1} per share."
    assert not detect(source_input(said.format("25", "$10.50"), RELEASE)).flagged
    assert detect(source_input(said.format("20", "$8.40"), RELEASE)).flagged
