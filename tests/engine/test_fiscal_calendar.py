"""The fiscal calendar a text states in one sentence for two years ("Fiscal 2024 ended
January 31, 2025 and fiscal 2023 ended January 31, 2024", "ended on ..."): each fiscal year
closes at its own date, so a balance sheet dated at those ends joins the fiscal years an
income statement's columns name."""

from __future__ import annotations

import pytest

from hallucination.engine import detect
from hallucination.engine.sources import fiscal_calendar

from .conftest import source_input

INCOME = """Consolidated Statements of Operations (in millions)
| | Fiscal 2024 | Fiscal 2023 |
|---|---:|---:|
| Net sales | 12,480.6 | 11,902.3 |
| Net income | 1,035.0 | 899.2 |
"""
BALANCES = """Consolidated Balance Sheets (in millions)
| | January 31, 2025 | January 31, 2024 |
|---|---:|---:|
| Long-term debt | 2,150.0 | 2,400.0 |
| Total shareholders' equity | 5,402.7 | 4,918.5 |
"""


@pytest.mark.parametrize(
    "sentence",
    [
        "Fiscal 2024 ended January 31, 2025 and fiscal 2023 ended January 31, 2024.",
        "Our fiscal 2024 ended on January 31, 2025, and fiscal 2023 ended on January 31, 2024.",
    ],
)
def test_two_fiscal_years_closed_in_one_sentence(sentence):
    assert fiscal_calendar(sentence) == (("FY2024", "2025-01-31"), ("FY2023", "2024-01-31"))


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Long-term debt to equity was 0.40x at fiscal 2024 year end.", False),
        ("Long-term debt to equity was 0.43x at fiscal 2024 year end.", True),
    ],
)
def test_a_balance_at_a_fiscal_year_end_is_that_year_s(answer, flagged):
    note = "Fiscal 2024 ended January 31, 2025 and fiscal 2023 ended January 31, 2024."
    assert detect(source_input(answer, INCOME, BALANCES, note)).flagged is flagged
