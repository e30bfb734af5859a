"""A statement of fiscal years ("| | Fiscal 2024 |") beside a balance sheet dated at their
year ends ("| | January 31, 2025 |"), where the sources say when each fiscal year ended: a
balance at a year end is that fiscal year's, so a ratio of a balance and the year's flow
meets in one period; and a quotient written out in brackets ("(net income over year-end
total assets)") is the formula the figure follows."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.types import DetectionInput, SourceDocument

INCOME = """CONSOLIDATED STATEMENTS OF INCOME
(In millions)
Fiscal 2024 ended January 31, 2025; fiscal 2023 ended January 31, 2024.

| | Fiscal 2024 | Fiscal 2023 |
|---|---:|---:|
| Net sales | 18,412 | 17,236 |
| Net income | 2,147 | 1,749 |
"""

BALANCES = """CONSOLIDATED BALANCE SHEETS
(In millions)

| | January 31, 2025 | January 31, 2024 |
|---|---:|---:|
| Total assets | 16,884 | 15,730 |
| Long-term debt | 5,250 | 5,480 |
| Total shareholders' equity | 5,822 | 4,856 |
"""


def _flagged(answer: str) -> bool:
    sources = (SourceDocument(id="is", text=INCOME), SourceDocument(id="bs", text=BALANCES))
    return detect(DetectionInput(answer=answer, sources=sources)).flagged


def test_a_balance_at_the_end_of_a_fiscal_year():
    said = "Long-term debt to equity was {} at the end of fiscal 2024."
    # 5,250 / 5,822 = 0.90
    assert not _flagged(said.format("0.90x"))
    # 5,480 / 4,856 = 1.13, fiscal 2023's
    assert _flagged(said.format("1.13x"))


def test_a_flow_over_a_balance_of_the_same_fiscal_year():
    said = "Asset turnover was {} (net sales / total assets) in fiscal 2024."
    # 18,412 / 16,884 = 1.09
    assert not _flagged(said.format("1.09x"))
    assert _flagged(said.format("1.17x"))


def test_a_quotient_written_out_in_brackets():
    said = "Return on assets for fiscal 2024 was {} (net income over year-end total assets)."
    # 2,147 / 16,884 = 12.7%
    assert not _flagged(said.format("12.7%"))
    assert _flagged(said.format("13.6%"))
