"""A table printed one cell a line by its address, as OCR and layout services print one
(`CELL [2,1]: Exhibitor revenue`, `CELL [2,2]: $ 118,406`), is read as its rows and
columns."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.tables import find_tables

from .conftest import source_input

DUMP = """=== Page 4 ===
LINE: CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (Unaudited)
LINE: (in thousands)
TABLE 1 (rows: 3, columns: 3)
  CELL [1,1]:
  CELL [1,2]: Three Months Ended September 30, 2024
  CELL [1,3]: Three Months Ended September 30, 2023
  CELL [2,1]: Exhibitor revenue
  CELL [2,2]: $ 118,406
  CELL [2,3]: $ 104,912
  CELL [3,1]: Sponsorship and attendee revenue
  CELL [3,2]: 31,872
  CELL [3,3]: 27,415
LINE: See notes to the condensed consolidated financial statements."""


def test_addressed_cells_are_a_table():
    cells = {DUMP[c.start : c.end]: c for c in find_tables(DUMP).cells}
    assert cells["31,872"].row_label.strip() == "Sponsorship and attendee revenue"
    assert "2024" in cells["31,872"].column_header


def test_figures_over_addressed_cells():
    said = "Exhibitor revenue was {} in the third quarter of 2024."
    assert not detect(source_input(said.format("$118.4 million"), DUMP)).flagged
    # the 2023 quarter's figure
    assert detect(source_input(said.format("$104.9 million"), DUMP)).flagged
    growth = "Exhibitor revenue grew {} in the third quarter of 2024."
    # (118,406 - 104,912) / 104,912 = 12.9%
    assert not detect(source_input(growth.format("12.9%"), DUMP)).flagged
    assert detect(source_input(growth.format("13.8%"), DUMP)).flagged
