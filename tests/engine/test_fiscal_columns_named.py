"""Where the sources' own table columns are named by fiscal year ("| | Fiscal 2024 |") and a
sentence says when each fiscal year ended, the answer's "fiscal 2024" is that column, not
the year-end date the calendar gives it."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

STATEMENT = """CONSOLIDATED STATEMENTS OF INCOME
(In millions)
Fiscal 2024 ended January 31, 2025; fiscal 2023 ended January 31, 2024.

| | Fiscal 2024 | Fiscal 2023 |
|---|---:|---:|
| Net sales | 18,412 | 17,236 |
| Income before income taxes | 2,770 | 2,286 |
| Provision for income taxes | 623 | 537 |
"""


def test_a_rate_over_columns_named_by_fiscal_year():
    said = "The effective tax rate for fiscal 2024 was {}."
    # 623 / 2,770 = 22.5%
    assert not detect(source_input(said.format("22.5%"), STATEMENT)).flagged
    # 537 / 2,286 = 23.5%, fiscal 2023's
    assert detect(source_input(said.format("23.5%"), STATEMENT)).flagged


def test_a_figure_of_a_column_named_by_fiscal_year():
    said = "Net sales were {} million in fiscal 2024."
    assert not detect(source_input(said.format("$18,412"), STATEMENT)).flagged
    assert detect(source_input(said.format("$17,236"), STATEMENT)).flagged
