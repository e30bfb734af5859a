"""A gross margin where no line states gross profit is revenue less cost of revenue, over
revenue; the cost's own share of revenue is no gross margin."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

RESULTS = """Lakeview Outfitters. Results of discontinued operations were as follows (in thousands):
                                                      Fiscal 2024      Fiscal 2023
Net sales                                             $ 286,412        $ 311,905
Cost of sales                                          (178,215)         (190,446)
Selling, general and administrative expenses            (96,870)          (98,312)
Income before income taxes                               11,327            23,147
"""


def _flagged(answer: str) -> bool:
    return detect(source_input(answer, RESULTS)).flagged


def test_a_gross_margin_over_net_sales_and_cost_of_sales():
    assert not _flagged("Lakeview's gross margin in fiscal 2024 was about 37.8%.")
    assert not _flagged("Lakeview's gross margin in fiscal 2023 was about 38.9%.")
    # fiscal 2023's margin given for fiscal 2024
    assert _flagged("Lakeview's gross margin in fiscal 2024 was about 38.9%.")


def test_the_cost_s_share_of_revenue_is_no_gross_margin():
    assert _flagged("Lakeview's gross margin in fiscal 2024 was about 62.2%.")
