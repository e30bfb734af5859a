"""`deceleration`, `decelerated` and `slowdown` are words of a fall, `accelerated` and
`acceleration` of a rise: "a deceleration of 1.3 percentage points" is a change between the
two rates given before, not a level of its own."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

DATA = """Operating data              Fiscal 2024    Fiscal 2023
Comparable store sales growth        3.8%           5.1%
Locations                             447            418
"""

ANSWER = """**No, it slowed.**

| | Comparable store sales growth |
|---|---:|
| Fiscal 2024 | 3.8% |
| Fiscal 2023 | 5.1% |

That is a deceleration of {} percentage points."""


def test_a_deceleration_between_two_rates_given():
    assert not detect(source_input(ANSWER.format("1.3"), DATA)).flagged
    assert detect(source_input(ANSWER.format("1.8"), DATA)).flagged
