"""An HTML table written on one line, as a scraped page or a converter's output gives it
(`<p>In millions</p><table><tr>...</tr><tr>...</tr></table>`), is read row by row: each
row on a line of its own, the text before it its caption."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.tables import find_tables

from .conftest import source_input

PAGE = (
    "<p>Amounts in millions of U.S. dollars</p><table><tr><th></th><th>2024</th>"
    "<th>2023</th></tr><tr><td>Revenue</td><td>4,812.6</td><td>4,390.2</td></tr>"
    "<tr><td>Gross profit</td><td>1,907.3</td><td>1,688.4</td></tr></table><p>Unaudited.</p>"
)


def test_each_row_of_a_one_line_table_is_a_row():
    cells = {PAGE[c.start : c.end]: c for c in find_tables(PAGE).cells}
    assert cells["1,907.3"].row_label.strip() == "Gross profit"
    assert "2024" in cells["1,907.3"].column_header


def test_a_growth_rate_over_a_one_line_table():
    said = "Revenue grew {} in 2024 to $4,812.6 million."
    assert not detect(source_input(said.format("9.6%"), PAGE)).flagged
    # (4,812.6 - 4,390.2) / 4,390.2 is 9.6%, not 10.3%
    assert detect(source_input(said.format("10.3%"), PAGE)).flagged


def test_a_margin_over_a_one_line_table_takes_the_caption_scale():
    assert not detect(source_input("Gross margin was 39.6% in 2024.", PAGE)).flagged
    assert not detect(source_input("Gross profit was $1.91 billion in 2024.", PAGE)).flagged
    # the caption's millions read as thousands
    assert detect(source_input("Gross profit was $1.91 million in 2024.", PAGE)).flagged
