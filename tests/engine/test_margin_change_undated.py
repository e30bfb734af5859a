"""A margin's change worked from a statement's lines: with no year named, over the latest
year the statement gives and the year before it."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

STATEMENT = """Consolidated results (in millions)

| | 2024 | 2023 |
|---|---:|---:|
| Revenue | 4,812.6 | 4,390.2 |
| Operating income | 786.9 | 637.5 |
"""


def test_an_undated_margin_change_is_over_the_latest_two_years():
    # 786.9 / 4,812.6 = 16.35%, 637.5 / 4,390.2 = 14.52%: 1.83 points
    said = "Operating margin improved {} percentage points."
    assert not detect(source_input(said.format("1.8"), STATEMENT)).flagged
    assert detect(source_input(said.format("2.4"), STATEMENT)).flagged


def test_a_margin_change_over_three_years_is_into_the_latest():
    three = STATEMENT.replace("| 2024 | 2023 |", "| 2024 | 2023 | 2022 |").replace(
        "|---|---:|---:|", "|---|---:|---:|---:|"
    )
    three = three.replace("4,390.2 |", "4,390.2 | 4,000.0 |").replace("637.5 |", "637.5 | 500.0 |")
    said = "Operating margin improved {} percentage points."
    assert not detect(source_input(said.format("1.8"), three)).flagged
    # 2023 against 2022 (14.52% - 12.50%)
    assert detect(source_input(said.format("2.0"), three)).flagged


def test_hedged_basis_points_over_a_year_are_rounded_to_their_tens():
    said = "Operating margin improved roughly {} basis points year over year."
    # 16.35% - 14.52% is 183 basis points
    assert not detect(source_input(said.format("180"), STATEMENT)).flagged
    assert detect(source_input(said.format("240"), STATEMENT)).flagged


def test_one_significant_digit_of_basis_points_is_no_rounding():
    close = STATEMENT.replace("786.9", "703.1")  # 14.61% - 14.52%: 9 basis points
    said = "Operating margin improved roughly {} basis points year over year."
    assert not detect(source_input(said.format("9"), close)).flagged
    assert detect(source_input(said.format("10"), close)).flagged


COSTS = """Consolidated results (in millions)

| | 2024 | 2023 |
|---|---:|---:|
| Net sales | 12,480.6 | 11,902.3 |
| Cost of sales | 8,112.4 | 7,804.1 |
| Selling, general and administrative | 2,905.7 | 2,811.0 |
"""


def test_a_cost_ratio_s_change_its_words_spell_out():
    # SG&A: 2,905.7 / 12,480.6 = 23.28%, 2,811.0 / 11,902.3 = 23.62%: 0.34 points lower
    said = "SG&A as a percentage of net sales fell {} percentage points in 2024."
    assert not detect(source_input(said.format("0.3"), COSTS)).flagged
    assert detect(source_input(said.format("0.6"), COSTS)).flagged
    # cost of sales: 65.00% against 65.57%, 57 basis points lower, no year named
    said = "Cost of sales as a share of net sales decreased by {} basis points."
    assert not detect(source_input(said.format("57"), COSTS)).flagged
    assert detect(source_input(said.format("71"), COSTS)).flagged
