"""Deterministic extraction: readable text, label-anchored values, inline and instance XBRL facts."""

from datetime import date
from decimal import Decimal
from pathlib import Path

from verification.extraction import document_scale, label_anchored_values, parse_page
from verification.verifiers import xbrl_candidates

PAGES = Path(__file__).parent / "pages"


def _page(name: str):  # type: ignore[no-untyped-def]
    return parse_page((PAGES / name).read_text())


def test_the_text_keeps_table_rows_on_one_line_and_drops_scripts_and_styles():
    text = _page("northwind_q3_2026.html").text
    assert "| Revenue | $4,100 | $3,600" in text.splitlines()
    assert "var revenue" not in text
    assert "padding" not in text
    assert "<" not in text


def test_inline_xbrl_facts_carry_scale_sign_and_context():
    page = _page("northwind_q3_2026_ixbrl.html")
    facts = {(f.concept, f.context): f for f in page.xbrl.facts}
    revenue = facts[("us-gaap:Revenues", "Q3")]
    assert revenue.value == Decimal("4100000000")
    assert (revenue.period_start, revenue.period_end) == (date(2026, 7, 1), date(2026, 9, 30))
    assert revenue.decimals == "-6"
    assert facts[("us-gaap:EarningsPerShareBasic", "Q3")].value == Decimal("0.78")
    assert facts[("us-gaap:NonoperatingIncomeExpense", "Q3")].value == Decimal("-12500000")
    assert facts[("us-gaap:RestructuringCharges", "Q3")].value == 0
    assert facts[("us-gaap:Revenues", "Q3Cloud")].dimensional is True
    assert page.xbrl.period_end == date(2026, 9, 30)
    assert page.xbrl.fiscal_focus == ("Q3", "2026")


def test_instance_xbrl_facts_are_read_without_expanding_entities():
    page = _page("northwind_fy2025_instance.xml")
    concepts = {(f.concept, f.context): f.value for f in page.xbrl.facts}
    assert concepts[("us-gaap:revenues", "FY2025")] == Decimal("15200000000")
    assert concepts[("us-gaap:netincomeloss", "FY2025")] == Decimal("-42000000")
    assert concepts[("us-gaap:assets", "BS2025")] == Decimal("20100000000")
    # The DTD's entity is neither expanded nor read as a number.
    assert not any("sharesoutstanding" in concept for concept, _ in concepts)
    assert page.xbrl.fiscal_focus == ("FY", "2025")


def test_facts_of_the_filing_s_own_quarter_are_chosen_for_a_claim_about_it():
    page = _page("northwind_q3_2026_ixbrl.html")
    facts = xbrl_candidates(page, ["us-gaap:Revenues"], "Q3 2026")
    # Not the prior year, not nine months year-to-date, not the cloud segment.
    assert [f.value for f in facts] == [Decimal("4100000000")]


def test_facts_of_a_fiscal_year_are_chosen_for_a_claim_about_the_year():
    page = _page("northwind_fy2025_instance.xml")
    assert [f.value for f in xbrl_candidates(page, ["us-gaap:Revenues"], "FY2025")] == [
        Decimal("15200000000")
    ]
    assert [f.value for f in xbrl_candidates(page, ["us-gaap:Assets"], "2025")] == [
        Decimal("20100000000")
    ]


def test_a_period_the_filing_is_not_about_keeps_every_consolidated_fact():
    page = _page("northwind_q3_2026_ixbrl.html")
    values = sorted(f.value for f in xbrl_candidates(page, ["us-gaap:Revenues"], "Q3 2025"))
    assert values == [Decimal("3600000000"), Decimal("4100000000"), Decimal("11900000000")]


def test_a_value_is_read_after_its_label_skipping_periods_and_years():
    text = "EPS (Q3 2026): $0.78 per share\nRevenue for 2026 was $4.1 billion, up from 2025."
    assert [v.value for v in label_anchored_values(text, ["eps"])] == [Decimal("0.78")]
    assert [v.value for v in label_anchored_values(text, ["revenue"])] == [Decimal("4100000000")]


def test_a_label_without_a_number_on_its_line_gives_nothing():
    assert label_anchored_values("Revenue\n$4.1 billion", ["revenue"]) == []
    assert label_anchored_values("Revenues grew.", ["revenue"]) == []


def test_parentheses_and_trailing_scale_words_are_read():
    text = "Net loss of ($12.5) million in the quarter."
    (found,) = label_anchored_values(text, ["net loss"])
    assert found.value == Decimal("-12500000")
    assert found.text == "($12.5) million"


def test_the_declared_scale_applies_to_bare_numbers_only():
    text = "(in thousands)\nRevenue | 4,100\nGross margin | 14.2%"
    scale = document_scale(text)
    assert scale == Decimal("1000")
    assert label_anchored_values(text, ["revenue"], scale=scale)[0].value == Decimal("4100000")
    assert label_anchored_values(text, ["gross margin"], scale=scale)[0].value == Decimal("14.2")


def test_a_long_run_of_digits_is_read_only_within_the_window():
    text = "Revenue " + "9" * 200_000
    (found,) = label_anchored_values(text, ["revenue"], window=100)
    assert len(found.text) <= 100


# ------------------------------------------------------------------ one clause, one metric


def _anchored(text: str, *phrases: str) -> list[Decimal]:
    return [v.value for v in label_anchored_values(text, list(phrases))]


def test_a_hyphenated_compound_after_a_label_is_part_of_a_name_not_its_value():
    assert _anchored("Share price: 52-week high $187.20, current $142.50", "share price") == [
        Decimal("142.50")
    ]


def test_the_value_right_after_a_label_is_read():
    assert _anchored("Share price: $142.50 at the close", "share price") == [Decimal("142.50")]


def test_a_qualified_figure_of_the_metric_is_not_its_current_value():
    text = "Revenue: consensus $4.0 billion, actual $4.1 billion"

    assert _anchored(text, "revenue") == [Decimal("4.1E9")]


def test_a_semicolon_or_a_conjunction_starts_another_clauses_binding():
    assert _anchored("Revenue rose; margin was 12%", "revenue") == []
    assert _anchored("Revenue grew and the margin was 12%", "revenue") == []
