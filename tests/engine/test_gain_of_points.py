"""A change in points after "a gain of" or "a loss of" ("35.22%, a gain of 2.27 percentage
points on the same period a year earlier") is the rate's change, named by the sentence's
metric, not a figure of a gain."""

from __future__ import annotations

import pytest

from hallucination.engine import detect

from .conftest import source_input

STATEMENT = """Consolidated results (in thousands)

| | Nine months ended September 30, 2024 | Nine months ended September 30, 2023 |
|---|---:|---:|
| Revenue | 412,580 | 377,940 |
| Operating income | 145,310 | 124,520 |
"""

SAID = (
    "The operating margin for the nine months ended September 30, 2024 was 35.22%, {} of {} "
    "percentage points on the same period a year earlier."
)


@pytest.mark.parametrize("noun", ["a gain", "an improvement"])
def test_a_gain_of_points_is_the_margin_s_change(noun):
    # 145,310 / 412,580 = 35.22%; 124,520 / 377,940 = 32.95%: 2.27 points
    assert not detect(source_input(SAID.format(noun, "2.27"), STATEMENT)).flagged
    assert detect(source_input(SAID.format(noun, "2.72"), STATEMENT)).flagged
