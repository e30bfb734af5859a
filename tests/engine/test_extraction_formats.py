"""Extraction of every claim format the issue lists: value, unit, precision, span, label, period."""

from __future__ import annotations

from decimal import Decimal

import pytest

from hallucination.engine import extract_claims
from hallucination.engine.types import (
    BPS,
    COUNT,
    CURRENCY,
    DATE,
    NUMBER,
    PERCENT,
    PERCENTAGE_POINTS,
    RATIO,
)


def _only(text: str):
    claims = [c for c in extract_claims(text) if not c.nested]
    assert len(claims) == 1, [c.text for c in claims]
    claim = claims[0]
    assert text[claim.start : claim.end] == claim.text
    return claim


@pytest.mark.parametrize(
    ("text", "span", "kind", "value", "unit", "precision"),
    [
        (
            "Cash was $1,234,567.89 at year end.",
            "$1,234,567.89",
            CURRENCY,
            "1234567.89",
            "USD",
            "0.01",
        ),
        ("NOI of $1.2M", "$1.2M", CURRENCY, "1200000", "USD", "100000"),
        ("a loan of $1.5 million", "$1.5 million", CURRENCY, "1500000", "USD", "100000"),
        ("fees of $500K", "$500K", CURRENCY, "500000", "USD", "1000"),
        ("capex of USD 3.2bn", "USD 3.2bn", CURRENCY, "3200000000", "USD", "100000000"),
        ("revenue of €4.1 billion", "€4.1 billion", CURRENCY, "4100000000", "EUR", "100000000"),
        ("sales of £2.1m", "£2.1m", CURRENCY, "2100000", "GBP", "100000"),
        (
            "a deal worth 3.2 billion dollars",
            "3.2 billion dollars",
            CURRENCY,
            "3200000000",
            "USD",
            "100000000",
        ),
        ("a charge of $.75 million", "$.75 million", CURRENCY, "750000", "USD", "10000"),
        ("a loss of (1.2)", "(1.2)", NUMBER, "-1.2", "", "0.1"),
        ("net loss of $(12.4) million", "$(12.4) million", CURRENCY, "-12400000", "USD", "100000"),
        ("a change of -$2.15", "-$2.15", CURRENCY, "-2.15", "USD", "0.01"),
        ("margin fell -3.5%", "-3.5%", PERCENT, "-3.5", "%", "0.1"),
        ("rose 12.5 percent", "12.5 percent", PERCENT, "12.5", "%", "0.1"),
        ("rose 12.5 percentage", "12.5 percentage", PERCENT, "12.5", "%", "0.1"),
        ("widened 40 bps", "40 bps", BPS, "40", "bps", "1"),
        ("widened 40 basis points", "40 basis points", BPS, "40", "bps", "1"),
        (
            "expanded 1.3 percentage points",
            "1.3 percentage points",
            PERCENTAGE_POINTS,
            "1.3",
            "pp",
            "0.1",
        ),
        ("DSCR 1.25", "1.25", RATIO, "1.25", "x", "0.01"),
        ("1.25x coverage", "1.25x", RATIO, "1.25", "x", "0.01"),
        ("a ratio of 1.25", "1.25", RATIO, "1.25", "x", "0.01"),
        ("there were 15 trades", "15", COUNT, "15", "", "1"),
        ("the 16th trade", "16th", COUNT, "16", "", "1"),
        ("1,850 million", "1,850 million", NUMBER, "1850000000", "", "1000000"),
    ],
)
def test_it_reads_the_value_unit_and_precision_of_each_format(
    text, span, kind, value, unit, precision
):
    claim = _only(text)

    assert claim.text == span
    assert claim.kind == kind
    assert claim.value == Decimal(value)
    assert claim.unit == unit
    assert claim.precision == Decimal(precision)


@pytest.mark.parametrize(
    ("text", "span", "period"),
    [
        ("in Q3 2024", "Q3 2024", "Q3 2024"),
        ("the third quarter of 2024", "third quarter of 2024", "Q3 2024"),
        ("third-quarter 2025 results", "third-quarter 2025", "Q3 2025"),
        ("the 3rd quarter 2024", "3rd quarter 2024", "Q3 2024"),
        ("Q3 FY24", "Q3 FY24", "Q3 2024"),
        ("3Q24", "3Q24", "Q3 2024"),
        ("H1 2024", "H1 2024", "H1 2024"),
        ("FY2024 sales", "FY2024", "FY2024"),
        ("FY23", "FY23", "FY2023"),
        ("FY 2023", "FY 2023", "FY2023"),
        ("fiscal 2023 revenue", "fiscal 2023", "FY2023"),
        ("December 2024", "December 2024", "2024-12"),
        ("December 31, 2024", "December 31, 2024", "2024-12-31"),
        ("31 December 2024", "31 December 2024", "2024-12-31"),
        ("on 2024-12-01", "2024-12-01", "2024-12-01"),
        ("on 12/01/2024", "12/01/2024", "2024-12-01"),
        ("in 2024", "2024", "2024"),
    ],
)
def test_it_reads_every_date_format_as_a_period_key(text, span, period):
    claim = _only(text)

    assert claim.kind == DATE
    assert claim.text == span
    assert claim.period == period


def test_a_quarter_with_a_year_also_counts_its_year_as_a_nested_claim():
    claims = extract_claims("Revenue rose in Q3 2026.")

    assert [(c.text, c.period, c.nested) for c in claims] == [
        ("Q3 2026", "Q3 2026", False),
        ("2026", "2026", True),
    ]


def test_a_range_gives_one_claim_per_end_with_the_unit_written_once():
    claims = extract_claims("Guidance implies growth of 10-12% next year.")

    assert [(c.text, c.kind, c.value) for c in claims] == [
        ("10", PERCENT, Decimal("10")),
        ("12%", PERCENT, Decimal("12")),
    ]


def test_a_currency_range_carries_its_scale_and_currency_to_both_ends():
    claims = extract_claims("Revenue of $1.2-1.5 billion.")

    assert [(c.kind, c.unit, c.value) for c in claims] == [
        (CURRENCY, "USD", Decimal("1.2E+9")),
        (CURRENCY, "USD", Decimal("1.5E+9")),
    ]


@pytest.mark.parametrize("word", ["approximately", "about", "roughly", "around", "nearly", "~"])
def test_approximation_words_mark_a_claim_approximate_without_entering_its_span(word):
    separator = "" if word == "~" else " "
    claim = _only(f"Total assets were {word}{separator}$4 billion.")

    assert claim.approximate is True
    assert claim.text == "$4 billion"


def test_a_plain_claim_is_not_approximate():
    assert _only("Total assets were $4.2 billion.").approximate is False


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("EPS was $0.81.", "eps"),
        ("Earnings per share came in at $0.81.", "eps"),
        ("Net sales were $4.2 billion.", "revenue"),
        ("Total revenue reached $4.2 billion.", "revenue"),
        ("Net income was $312 million.", "net income"),
        ("Revenue was strong, with $312 million in net income.", "net income"),
        ("The DSCR was 1.25.", "dscr"),
        ("Win rate: 65.52%", "win rate"),
        ("Operating cash flow was $407 million.", "operating cash flow"),
        ("It earned $0.78 per diluted share.", "eps"),
        ("A dividend of $0.24 per share was declared.", "dividend"),
        ("The company had 4,120 employees.", "headcount"),
    ],
)
def test_it_ties_each_number_to_its_metric_with_synonyms_folded(text, label):
    assert _only(text).label == label


def test_the_period_comes_from_the_sentence_and_not_across_a_comparison():
    claims = {
        c.text: c
        for c in extract_claims(
            "In Q3 2026, revenue was $1.85 billion, up 14.8% year over year from $1.62 billion."
        )
    }

    assert claims["$1.85 billion"].period == "Q3 2026"
    assert claims["$1.62 billion"].period == ""


def test_a_period_written_after_the_number_wins():
    claims = {c.text: c for c in extract_claims("Revenue was $9.1 billion in fiscal 2023.")}

    assert claims["$9.1 billion"].period == "FY2023"


def test_three_months_ended_a_quarter_end_stands_for_that_quarter():
    claims = {
        c.text: c
        for c in extract_claims(
            "For the three months ended September 30, 2025, revenues were $412.6 million."
        )
    }

    assert claims["$412.6 million"].period == "Q3 2025"


def test_a_segment_named_before_the_metric_is_kept():
    claims = {
        c.text: c for c in extract_claims("Granby's Consumer Products revenue was $1.3 billion.")
    }

    assert claims["$1.3 billion"].segment == "consumer products"
    assert claims["$1.3 billion"].label == "revenue"


@pytest.mark.parametrize(
    ("text", "qualifier"),
    [
        ("As originally reported, the allowance was $128.5 million.", "superseded"),
        ("Before restatement, FFO was $93.7 million.", "superseded"),
        ("Revenue would have been $2.61 billion had the deal closed.", "hypothetical"),
        ("On a pro forma basis, revenue was $2.61 billion.", "hypothetical"),
    ],
)
def test_superseded_and_hypothetical_wording_qualifies_the_number(text, qualifier):
    money = [c for c in extract_claims(text) if c.kind == CURRENCY]

    assert qualifier in money[0].qualifiers


def test_a_restatement_after_a_superseded_marker_clears_it():
    claims = {
        c.text: c
        for c in extract_claims("Previously reported FFO has since been restated to $86.2 million.")
    }

    assert "superseded" not in claims["$86.2 million"].qualifiers
