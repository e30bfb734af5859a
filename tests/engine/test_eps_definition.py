"""EPS named with no formula of its own is net income over shares (diluted or basic, as its
name says), unless the sources state EPS itself for the period: then the stated figure is
the one to match. An amount named only by the share it is per ("roughly $2.78 per diluted
share") is such EPS."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

STATEMENT = """Consolidated results (in millions)

| | 2024 | 2023 |
|---|---:|---:|
| Revenue | 4,812.6 | 4,390.2 |
| Net income | 590.1 | 471.6 |
| Diluted shares | 212.4 | 215.8 |
"""

STATED = STATEMENT + "| Diluted EPS | 2.71 | 2.15 |\n"


def test_diluted_eps_is_net_income_over_diluted_shares():
    said = "Diluted EPS was about {} in 2024."
    # 590.1 / 212.4 = 2.778
    assert not detect(source_input(said.format("$2.78"), STATEMENT)).flagged
    assert detect(source_input(said.format("$2.97"), STATEMENT)).flagged


def test_basic_eps_needs_basic_shares():
    assert detect(source_input("Basic EPS was $2.78 in 2024.", STATEMENT)).flagged


def test_stated_eps_is_matched_not_worked_again():
    said = "Diluted EPS was {} in 2024."
    assert not detect(source_input(said.format("$2.71"), STATED)).flagged
    # the statement's EPS is 2.71: net income over shares does not explain another figure
    assert detect(source_input(said.format("$2.78"), STATED)).flagged


def test_a_net_debt_named_beside_total_debt_is_still_worked():
    source = (
        "As of September 30, 2025, total debt was $4,820 million and cash and cash "
        "equivalents were $1,130 million."
    )
    said = "Net debt was {} million."
    assert not detect(source_input(said.format("$3,690"), source)).flagged
    assert detect(source_input(said.format("$3,960"), source)).flagged


def test_an_amount_per_diluted_share_no_metric_names():
    said = "That is roughly {} per diluted share in 2024."
    assert not detect(source_input(said.format("$2.78"), STATEMENT)).flagged
    assert detect(source_input(said.format("$2.97"), STATEMENT)).flagged
