"""The level a change in the sources left, which their rate and the level it reached imply
("carried 41.2 million passengers in 2024, 6% more than in 2023": about 38.9 million in
2023), grounds an answer's figure for the earlier time; another figure does not."""

from __future__ import annotations

import pytest

from hallucination.engine import detect

from .conftest import source_input

NEWS = (
    "Peachtree carried 41.2 million passengers in 2024, 6% more than in 2023. Its fleet "
    "shrank to 212 aircraft, 4% fewer than a year earlier."
)


@pytest.mark.parametrize(
    ("said", "right", "wrong"),
    [
        # 41.2 / 1.06 = 38.87
        ("Peachtree carried about {} million passengers in 2023.", "38.9", "36.9"),
        # 212 / 0.96 = 220.8
        ("The fleet had about {} aircraft a year earlier.", "221", "204"),
    ],
)
def test_the_level_a_stated_change_left(said, right, wrong):
    assert not detect(source_input(said.format(right), NEWS)).flagged
    assert detect(source_input(said.format(wrong), NEWS)).flagged
