"""Ratios over a line's average balance: a quotient the sentence spells out over an average
("(net sales / average total assets)") takes the mean of the line's two year ends; the
metrics finance defines that way (return on average equity, inventory and asset turnover)
are tried over the average and over the year-end balance, as analysts compute both. A
quotient the sentence spells out that gives another value is wrong arithmetic."""

from __future__ import annotations

import pytest

from hallucination.engine import detect
from hallucination.engine.types import ARITHMETIC_DRIFT, DERIVED

from .conftest import source_input

INCOME = """Statements of Operations (in millions)
| | 2024 | 2023 |
|---|---:|---:|
| Net sales | 12,480.6 | 11,902.3 |
| Cost of sales | 8,112.4 | 7,804.1 |
| Net income | 1,035.0 | 899.2 |
"""
BALANCES = """Balance Sheets (in millions)
| | December 31, 2024 | December 31, 2023 |
|---|---:|---:|
| Inventories | 2,310.5 | 2,198.7 |
| Total assets | 11,845.2 | 11,210.8 |
| Total shareholders' equity | 5,402.7 | 4,918.5 |
"""


def _detect(answer):
    return detect(source_input(answer, INCOME, BALANCES))


def _outcome(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict.outcome


def test_a_quotient_over_an_average_the_sentence_spells_out():
    # 12,480.6 / ((11,845.2 + 11,210.8) / 2) = 1.083
    clean = _detect("Asset turnover (net sales / average total assets) was 1.08x in 2024.")
    assert _outcome(clean, "1.08x") == DERIVED
    wrong = _detect("Asset turnover (net sales / average total assets) was 1.16x in 2024.")
    assert wrong.flagged
    assert _outcome(wrong, "1.16x") == ARITHMETIC_DRIFT


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Return on average equity was 20.1% in 2024.", False),  # over (5,402.7 + 4,918.5) / 2
        ("Return on average equity was 21.5% in 2024.", True),
        ("Inventory turnover was 3.60x in 2024.", False),  # over average inventories
        ("Inventory turnover was 3.51x in 2024.", False),  # over year-end inventories
        ("Inventory turnover was 3.85x in 2024.", True),
    ],
)
def test_metrics_defined_over_an_average(answer, flagged):
    assert _detect(answer).flagged is flagged


def test_a_bracketed_quotient_over_a_sum_of_lines():
    sheet = """Balance Sheet (in millions)
| | December 31, 2024 |
|---|---:|
| Cash and cash equivalents | 842.1 |
| Accounts receivable, net | 1,204.8 |
| Total current liabilities | 2,988.4 |
"""
    # (842.1 + 1,204.8) / 2,988.4 = 0.685
    said = "The quick ratio (cash plus receivables over current liabilities) was {} in 2024."
    clean = detect(source_input(said.format("0.68"), sheet))
    assert not clean.flagged
    assert _outcome(clean, "0.68") == DERIVED
    assert detect(source_input(said.format("0.73"), sheet)).flagged
