"""A figure of speech that names a metric ("top line", "bottom line") names the metric,
not a line of the sources called so: its own words are no label words."""

from __future__ import annotations

import pytest

from hallucination.engine import detect
from hallucination.engine.labels import label_words

from .conftest import source_input

STATEMENT = """Consolidated results (in millions)

| | 2024 | 2023 |
|---|---:|---:|
| Revenue | 4,812.6 | 4,390.2 |
| Net income | 590.1 | 471.6 |
"""


def test_top_line_is_revenue_without_words_of_its_own():
    assert label_words("the top line") == label_words("revenue") - {"revenu"}


@pytest.mark.parametrize(
    ("said", "right", "wrong"),
    [
        # (4,812.6 - 4,390.2) / 4,390.2 = 9.6%
        ("The top line grew {} year over year.", "9.6%", "10.3%"),
        # (590.1 - 471.6) / 471.6 = 25.1%; 9.6% is revenue's
        ("Bottom line up {} YoY.", "25.1%", "9.6%"),
    ],
)
def test_a_change_year_over_year_of_a_figure_of_speech(said, right, wrong):
    assert not detect(source_input(said.format(right), STATEMENT)).flagged
    assert detect(source_input(said.format(wrong), STATEMENT)).flagged
