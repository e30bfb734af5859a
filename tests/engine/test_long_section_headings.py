"""A section heading inside a space-aligned note may be long when it ends on its colon
("Films monetized as a film group (content for the Larkspur+ streaming service):"): the
rows under it stay rows of the table, with its caption's scale and its columns' periods."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

NOTE = """Note 7. Film and Television Costs

(in thousands)                              December 31, 2024  December 31, 2023
Films monetized individually:
  Released, net of amortization               412,806    388,214
  In production                               286,430    241,118
Films monetized as a film group (content for the Larkspur+ streaming service):
  Released, net of amortization               204,118    176,542
  In production and development                58,904     49,236
Total film costs                            962,258    855,110
"""


def test_rows_under_a_long_section_heading_keep_the_tables_scale():
    said = "Total film costs were {} at December 31, 2024."
    assert not detect(source_input(said.format("$962,258 thousand"), NOTE)).flagged
    assert not detect(source_input(said.format("$962.3 million"), NOTE)).flagged
    assert detect(source_input(said.format("$962,258 million"), NOTE)).flagged


def test_rows_under_a_long_section_heading_keep_the_columns_periods():
    said = "Total film costs were $855,110 thousand at December 31, {}."
    assert not detect(source_input(said.format("2023"), NOTE)).flagged
    assert detect(source_input(said.format("2024"), NOTE)).flagged
