"""A sum or an average over a span of years the question names by its ends ("from 2021 to
2023") runs over every year of the span, and over no fewer. A clean case and a wrong one of
the same shape."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect

from .conftest import source_input

REVENUE = """Results by year (in thousands)

| | 2024 | 2023 | 2022 | 2021 |
|---|---|---|---|---|
| Net sales | 509,310 | 488,333 | 456,379 | 422,323 |
| Cost of sales | 318,406 | 301,927 | 284,118 | 262,540 |
| Gross profit | 190,904 | 186,406 | 172,261 | 159,783 |
"""


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_an_average_from_one_year_to_another_is_over_every_year_between():
    question = "What were average net sales from 2021 to 2023?"
    # (422,323 + 456,379 + 488,333) / 3 = 455,678.3
    clean = detect(source_input("About $455.7 million.", REVENUE, question=question))
    assert not clean.flagged
    assert _verdict(clean, "$455.7 million").expected_value == Decimal("455678333")
    # (456,379 + 488,333) / 2 = 472,356: two of the span's three years
    wrong = detect(source_input("About $472.4 million.", REVENUE, question=question))
    assert wrong.flagged
    assert _verdict(wrong, "$472.4 million").expected_value == Decimal("455678333")


def test_a_sum_over_a_span_of_years_takes_every_year():
    question = "What were net sales for 2022-2024 combined?"
    # 456,379 + 488,333 + 509,310 = 1,454,022
    clean = detect(source_input("$1,454,022 thousand", REVENUE, question=question))
    assert not clean.flagged
    wrong = detect(source_input("$965,689 thousand", REVENUE, question=question))  # 2022 + 2024
    assert wrong.flagged
