"""Cash flow statements name share repurchases "Repurchases of common stock" or "Purchases
of treasury stock": those lines are the answer's buybacks. A figure after "on top of" (or
"in addition to") starts a clause of its own, named by the words linked after it."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

CASH_FLOWS = """CONSOLIDATED STATEMENTS OF CASH FLOWS (EXCERPT)
(In millions)

| | Fiscal 2024 | Fiscal 2023 |
|---|---:|---:|
| Net income | 2,147 | 1,749 |
| Dividends paid | (742) | (688) |
| Repurchases of common stock | (600) | (450) |
"""


def test_buybacks_are_the_repurchase_line():
    said = "Dividends and buybacks totaled {} million in fiscal 2024."
    assert not detect(source_input(said.format("$1,342"), CASH_FLOWS)).flagged
    assert detect(source_input(said.format("$1,436"), CASH_FLOWS)).flagged


def test_the_dividend_line_given_as_buybacks_is_caught():
    said = "The company spent {} million on buybacks in fiscal 2024."
    assert not detect(source_input(said.format("$600"), CASH_FLOWS)).flagged
    assert detect(source_input(said.format("$742"), CASH_FLOWS)).flagged


def test_a_figure_on_top_of_the_clause_before_it():
    said = (
        "The company paid out about 35% of its fiscal 2024 earnings as dividends, on top of "
        "{} million of share repurchases."
    )
    assert not detect(source_input(said.format("$600"), CASH_FLOWS)).flagged
    # the dividends' figure given as the repurchases'
    assert detect(source_input(said.format("$742"), CASH_FLOWS)).flagged
