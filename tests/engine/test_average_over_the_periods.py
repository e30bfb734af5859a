"""An average named with the span of periods it is taken over ("Average annual revenue
over the two years") is an average of the line's values for those periods, not a metric
named average."""

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
    "said",
    [
        "Average annual revenue over the two years was ${} million.",
        "Average revenue for both years was ${} million.",
    ],
)
def test_an_average_over_the_periods_named(said):
    # (4,812.6 + 4,390.2) / 2 = 4,601.4
    assert not detect(source_input(said.format("4,601.4"), STATEMENT)).flagged
    assert detect(source_input(said.format("4,923.5"), STATEMENT)).flagged


def test_a_metric_named_average_is_still_a_line():
    # no span of periods: "average revenue" is a line the sources do not give
    assert detect(source_input("Average revenue was $4,601.4 million in 2024.", STATEMENT)).flagged
