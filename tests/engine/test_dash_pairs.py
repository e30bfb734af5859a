"""A `label — header: value` line that gives several pairs (`Revenue — 2024: 4,812.6;
2023: 4,390.2`) is a row with a cell for each."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.tables import find_tables

from .conftest import source_input

LINES = """Key figures ($ millions)
Revenue — 2024: 4,812.6; 2023: 4,390.2
Net income — 2024: 590.1; 2023: 471.6
"""


def test_each_pair_is_a_cell_of_its_row():
    cells = {LINES[c.start : c.end]: c for c in find_tables(LINES).cells}
    assert cells["471.6"].row_label.strip() == "Net income"
    assert cells["471.6"].column_header.strip() == "2023"


def test_figures_over_pairs():
    said = "Net income was {} in 2023."
    assert not detect(source_input(said.format("$471.6 million"), LINES)).flagged
    assert detect(source_input(said.format("$590.1 million"), LINES)).flagged
    change = "Revenue increased by {} million."
    assert not detect(source_input(change.format("$422.4"), LINES)).flagged
    assert detect(source_input(change.format("$452.0"), LINES)).flagged
