"""A hedged round amount worked from two values the sentence names ("increased by roughly
$420 million" of 422.4) is rounded where its digits stop, while two significant digits are
left; one digit left, a rate, or a sum of rows found without words is held to the last digit
written."""

from __future__ import annotations

import pytest

from hallucination.engine import detect

from .conftest import source_input

STATEMENT = """Consolidated results (in millions)

| | 2024 | 2023 |
|---|---:|---:|
| Revenue | 4,812.6 | 4,390.2 |
| Net income | 590.1 | 471.6 |
"""


@pytest.mark.parametrize(
    ("said", "right", "wrong"),
    [
        # 4,812.6 - 4,390.2 = 422.4
        ("Revenue increased by roughly ${} million in 2024.", "420", "450"),
        ("Net income rose by about ${} million in 2024.", "120", "130"),
    ],
)
def test_a_hedged_change_is_rounded_where_it_stops(said, right, wrong):
    assert not detect(source_input(said.format(right), STATEMENT)).flagged
    assert detect(source_input(said.format(wrong), STATEMENT)).flagged


def test_one_significant_digit_is_no_rounding():
    # 590.1 - 471.6 = 118.5: "about $100 million" keeps one digit
    said = "Net income rose by about $100 million in 2024."
    assert detect(source_input(said, STATEMENT)).flagged


def test_a_hedged_rate_is_held_to_its_digits():
    # (590.1 - 471.6) / 471.6 = 25.1%: "roughly 30%" is no rounding of it
    said = "Net income rose roughly 30% in 2024."
    assert detect(source_input(said, STATEMENT)).flagged
