"""A value the sources give only as the base of a change ("2.14 million ..., up from 1.96
million") is the earlier figure: the answer may give it for the earlier period (a 2023 row
under a 2024 one), not as the current figure."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

REMARKS = (
    "Third-quarter exhibitor revenue was $118.4 million against $104.9 million. We sold "
    "2.14 million net square feet of exhibit space, up from 1.96 million. The 2023 quarter "
    "had one show fewer and the 2024 quarter was strong."
)


def test_the_base_given_for_its_earlier_period():
    answer = (
        "| Q3 | Exhibitor revenue | Net square feet sold |\n|---|---:|---:|\n"
        "| 2024 | $118.4M | 2.14 million |\n| 2023 | $104.9M | 1.96 million |"
    )
    assert not detect(source_input(answer, REMARKS)).flagged


def test_the_base_given_as_the_current_figure():
    said = "Net square feet sold were 1.96 million in the quarter."
    assert detect(source_input(said, REMARKS)).flagged
