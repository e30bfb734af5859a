"""A question that asks for the ratio of one line to another ("What was the ratio of net
income to revenue in 2024?") gives a bare answer its formula: the first line over the
second, for the period asked."""

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
    ("year", "right", "wrong"),
    # 590.1 / 4,812.6 = 0.123; 471.6 / 4,390.2 = 0.107
    [("2024", "0.12", "0.13"), ("2023", "0.11", "0.12")],
)
def test_a_bare_answer_to_an_asked_ratio(year, right, wrong):
    question = f"What was the ratio of net income to revenue in {year}?"
    assert not detect(source_input(right, STATEMENT, question=question)).flagged
    assert detect(source_input(wrong, STATEMENT, question=question)).flagged
