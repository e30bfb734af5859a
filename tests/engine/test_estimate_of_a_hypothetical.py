"""A value the sources give only as hypothetical ("would be approximately $412 million if
the Company withdrew") grounds a claim that calls it estimated as well as one that keeps it
hypothetical, but not one that tells it as what happened."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

NOTE = (
    "The Company contributes to the Great Lakes multiemployer pension plan. If the Company "
    "had withdrawn from the plan at December 31, 2024, its withdrawal liability would have "
    "been approximately $412 million."
)


def test_an_estimated_figure_of_a_hypothetical_value():
    said = "The estimated withdrawal liability is about $412 million."
    assert not detect(source_input(said, NOTE)).flagged


def test_the_hypothetical_value_told_as_what_happened():
    said = "The Company recorded a withdrawal liability of $412 million in 2024."
    assert detect(source_input(said, NOTE)).flagged
