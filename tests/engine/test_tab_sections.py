"""A tab-separated statement with section lines ("Services revenue:" and its empty cells)
is one table: its period header heads every section, and each row is named with its
section ("Services revenue: Lease type contracts")."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

STATEMENT = (
    "(in millions)\tYear Ended December 31, 2024\tYear Ended December 31, 2023\n"
    "Services revenue:\t\t\n"
    "Lease type contracts\t$ 612.4\t$ 588.1\n"
    "Management type contracts\t418.7\t392.6\n"
    "Total services revenue\t1,031.1\t980.7\n"
    "Cost of services:\t\t\n"
    "Lease type contracts\t538.2\t521.9\n"
    "Management type contracts\t258.3\t247.0\n"
    "Total cost of services\t796.5\t768.9\n"
)


def _flagged(answer: str) -> bool:
    return detect(source_input(answer, STATEMENT)).flagged


def test_a_row_under_a_section_line_takes_the_header_s_period():
    assert not _flagged("Lease type services revenue was $612.4 million in 2024.")
    assert _flagged("Lease type services revenue was $588.1 million in 2024.")


def test_a_row_under_a_section_line_is_named_with_its_section():
    assert not _flagged("Lease type cost of services was $538.2 million in 2024.")
    # the revenue given as the cost
    assert _flagged("Lease type cost of services was $612.4 million in 2024.")
