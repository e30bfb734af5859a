"""Tables drawn with box characters (a polars DataFrame print, tabulate's "fancy_grid") are
read as tables: their bars part the cells, their rules are rules, and a polars print's row
of column types is no row."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.tables import find_tables

from .conftest import source_input

POLARS = """shape: (3, 5)
┌────────────────────┬────────────┬──────────────┬────────────┬──────────────┐
│ line_item          ┆ php_m_2024 ┆ pct_rev_2024 ┆ php_m_2023 ┆ pct_rev_2023 │
│ ---                ┆ ---        ┆ ---          ┆ ---        ┆ ---          │
│ str                ┆ f64        ┆ f64          ┆ f64        ┆ f64          │
╞════════════════════╪════════════╪══════════════╪════════════╪══════════════╡
│ Revenue            ┆ 48215.6    ┆ 100.0        ┆ 43870.2    ┆ 100.0        │
│ Rent and utilities ┆ 5214.8     ┆ 10.8         ┆ 4902.7     ┆ 11.2         │
│ Operating income   ┆ 8552.2     ┆ 17.7         ┆ 7138.1     ┆ 16.3         │
└────────────────────┴────────────┴──────────────┴────────────┴──────────────┘
pct_rev columns are percentages of revenue."""

GRID = """Segment revenue (in millions)
╒═══════════╤════════╤════════╕
│ Segment   │   2024 │   2023 │
╞═══════════╪════════╪════════╡
│ Retail    │  412.6 │  398.0 │
├───────────┼────────┼────────┤
│ Wholesale │  388.1 │  371.5 │
╘═══════════╧════════╧════════╛"""


def test_a_polars_print_is_a_table_of_its_rows_and_columns():
    cells = {POLARS[c.start : c.end]: c for c in find_tables(POLARS).cells}
    assert cells["10.8"].row_label.strip() == "Rent and utilities"
    assert "str" not in {c.row_label.strip() for c in cells.values()}
    said = "Rent and utilities were {} of revenue in 2024."
    assert not detect(source_input(said.format("10.8%"), POLARS)).flagged
    # 2023's share given for 2024
    assert detect(source_input(said.format("11.2%"), POLARS)).flagged


def test_a_fancy_grid_is_a_table_of_its_rows_and_columns():
    assert not detect(source_input("Retail revenue was $412.6 million in 2024.", GRID)).flagged
    # Wholesale's figure given as Retail's
    assert detect(source_input("Retail revenue was $388.1 million in 2024.", GRID)).flagged
