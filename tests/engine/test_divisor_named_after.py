"""The count a quotient is over, written right after its operator ("net income of $590.1
million over 212.4 million shares"), is named by its own noun, not by the figure before it."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

RESULTS = """Consolidated results ($ in millions)
Item,2024,2023
Net income,"590.1","471.6"
Diluted shares outstanding,"212.4","215.8"
"""

SAID = "Diluted EPS works out to about ${eps} (net income of $590.1 million over {shares} million shares)."


def test_the_divisor_is_the_count_its_noun_names():
    assert not detect(source_input(SAID.format(eps="2.78", shares="212.4"), RESULTS)).flagged


def test_a_divisor_no_line_gives():
    assert detect(source_input(SAID.format(eps="2.34", shares="251.8"), RESULTS)).flagged
