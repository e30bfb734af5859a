"""A level the sources set at an earlier date of a year ("In June 2024 the facility limit
was increased to $300.0 million") still holds at a later date of that year; before it was
set, and the level it replaced after, it does not."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

NOTE = (
    "Securitization facility. In June 2024 the facility limit was increased to $300.0 million "
    "from $250.0 million and the maturity was extended to March 2027. At December 31, 2024, "
    "borrowings outstanding under the facility were $212.5 million."
)


def _flagged(answer: str) -> bool:
    return detect(source_input(answer, NOTE)).flagged


def test_a_level_set_in_june_holds_at_the_year_end():
    said = "At December 31, 2024, $212.5 million was outstanding under the facility, which has a limit of {}."
    assert not _flagged(said.format("$300.0 million"))
    # the limit it replaced
    assert _flagged(said.format("$250.0 million"))


def test_a_level_set_in_june_did_not_hold_before():
    assert _flagged("At March 31, 2024, the securitization facility had a limit of $300.0 million.")
