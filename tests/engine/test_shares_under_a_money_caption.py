"""A row of shares outstanding counts shares under any caption, "($ in millions)" included:
its figures are millions of shares, not of dollars. A row of money about shares ("Cost of
shares repurchased") stays money."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.sources import extract_source

from .conftest import source_input

RESULTS = """Consolidated results ($ in millions)
Item,2024,2023
Net income,"590.1","471.6"
Diluted shares outstanding,"212.4","215.8"
Cost of shares repurchased,"310.0","250.0"
"""


def test_shares_outstanding_are_a_count_and_their_cost_money():
    cells = {c.text: c for c in extract_source("s", RESULTS).claims if c.cell is not None}
    assert cells["212.4"].kind == "count"
    assert cells["310.0"].kind == "currency"


def test_eps_over_shares_under_a_money_caption():
    question = "What was EPS in 2024 (net income / diluted shares)?"
    said = "{}"
    # 590.1 / 212.4 = 2.78
    assert not detect(source_input(said.format("2.78"), RESULTS, question=question)).flagged
    assert detect(source_input(said.format("2.97"), RESULTS, question=question)).flagged
