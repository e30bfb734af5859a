"""Numbers that are not claims: form and rule identifiers, citations, checksums, markers."""

from __future__ import annotations

import pytest

from hallucination.engine import extract_claims


@pytest.mark.parametrize(
    "text",
    [
        "Form 10-K and the 10-Q, 8-K, 20-F and S-1 filings",
        "Rule 2010, Item 7, Note 5, Section 4.2 and Rule 17a-4",
        "Revenue (1) rose [2]",
        "[Source: get_mt5_position_history.summary.win_rate]",
        "[Verified: A7B3C2D1]",
        "Magic 106 is the Goldfish Scalper",
        "COVID-19 affected demand",
        "ticker 0700.HK rose",
        "ISIN US0378331005",
        "See https://example.com/reports/2024/12/q3.pdf",
        "Write to ir2024@example.com",
        "The call started at 10:30 am.",
        "1. Revenue\n2. Margins",
        "Scope 1 and 2 emissions",
        "Tier 1, 2 and 3 capital",
        "Phase 2 or 3 trials",
    ],
)
def test_it_ignores_identifiers_markers_and_citations(text):
    assert extract_claims(text) == []


def test_it_keeps_the_value_and_ignores_the_citation_next_to_it():
    claims = extract_claims("Win rate: 65.52% [Source: get_mt5_position_history.summary.win_rate]")

    assert [c.text for c in claims] == ["65.52%"]


def test_a_formula_constant_is_not_a_claim_but_its_operands_are():
    claims = extract_claims("Surprise: (0.50 - 0.45) / 0.45 * 100 = 11.11%")

    assert [c.text for c in claims] == ["0.50", "0.45", "0.45", "11.11%"]
    assert all("operand" in c.qualifiers for c in claims[:3])


def test_the_numbers_after_a_list_of_names_are_still_claims():
    # "Scope 1 and 2" names two scopes; the emissions and the counts after them are figures.
    claims = extract_claims("Scope 1 and 2 emissions were 1,264 tCO2e at 12 and 14 sites.")

    assert [c.text for c in claims] == ["1,264", "12", "14"]


def test_the_first_of_two_hyphenated_compounds_sharing_a_word_is_no_claim():
    # "30- to 60-day terms", "10- and 15-year notes": both numbers belong to compounds.
    texts = [c.text for c in extract_claims("Customers pay on 30- to 60-day terms.")]
    assert "30" not in texts and "60" not in texts
    texts = [c.text for c in extract_claims("It issued 10- and 15-year notes for $500 million.")]
    assert texts == ["$500 million"]


def test_a_number_before_a_dash_and_another_figure_is_still_read():
    # "30 - 60" with spaces is a range or arithmetic, not a suspended compound.
    texts = [c.text for c in extract_claims("Terms run 30 - 60 days; revenue was 1,234.")]
    assert "1,234" in texts and "30" in texts
