"""A figure in brackets after words that say only how much or how ("grew by about a
quarter (25.1%)", "rose sharply (+25.1%)") restates the clause's change: it is the clause
subject's figure, not a figure of those words."""

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
        "Net income grew by about a quarter ({}) in 2024.",
        "Net income rose sharply ({}) in 2024.",
        "Net income grew by roughly one-fourth ({}).",
    ],
)
def test_a_bracketed_rate_after_words_of_how_much_is_the_subject_s(said):
    # (590.1 - 471.6) / 471.6 = 25.1%
    assert not detect(source_input(said.format("25.1%"), STATEMENT)).flagged
    assert detect(source_input(said.format("26.9%"), STATEMENT)).flagged
