"""Corrections for the auto-retry loop: the right value in the claim's own style, applied."""

from __future__ import annotations

from decimal import Decimal

import pytest

from hallucination.engine import detect
from hallucination.engine.correction import format_like

from .conftest import source_input


@pytest.mark.parametrize(
    ("text", "written", "new", "expected"),
    [
        ("$0.81", "0.81", "0.78", "$0.78"),
        ("$4 billion", "4E+9", "4.2E+9", "$4.2 billion"),
        ("14.8%", "14.8", "14.20", "14.20%"),
        ("$1.5M", "1.5E+6", "1.2E+6", "$1.2M"),
        ("$1,500,000", "1500000", "1200000", "$1,200,000"),
        ("USD 3.2bn", "3.2E+9", "3.25E+9", "USD 3.25bn"),
        ("$(12.4) million", "-1.24E+7", "-1.31E+7", "$(13.1) million"),
        ("16th", "16", "15", "15th"),
        # digits grouped with spaces or apostrophes keep their group mark
        ("12 672", "12672000", "13672000", "13 672"),
        ("CHF 23'064'000", "23064000", "23164000", "CHF 23'164'000"),
    ],
)
def test_it_writes_the_right_value_the_way_the_claim_was_written(text, written, new, expected):
    assert format_like(text, Decimal(written), Decimal(new)) == expected


def test_a_substituted_value_is_replaced_by_the_value_of_its_own_label():
    result = detect(source_input("EPS was $312 million.", "Net income: $312 million. EPS: $0.78."))

    (correction,) = result.corrections
    assert correction.replacement == "$0.78"
    assert correction.reason.startswith("substitution")
    assert result.corrected_answer == "EPS was $0.78."


def test_a_scale_slip_is_corrected_to_the_source_scale():
    result = detect(source_input("Revenue was $1.85 million.", "Revenue: $1.85 billion."))

    assert result.verdicts[0].outcome == "scale_drift"
    assert result.corrected_answer == "Revenue was $1.85 billion."


def test_a_claim_with_no_known_right_value_is_left_alone():
    result = detect(source_input("Capex was $91 million.", "Revenue: $1.85 billion."))

    assert result.corrections == ()
    assert result.corrected_answer == "Capex was $91 million."


def test_the_summary_uses_seed_000s_terms(canonical_input):
    validation = detect(canonical_input).validation

    assert validation.exact_matches == 5
    assert validation.close_matches == ()
    assert validation.orphan_numbers == ("$0.81",)
    assert validation.suspicious == ("14.8%", "$4 billion")


def test_a_hedged_figure_far_from_its_metric_s_value_is_flagged_but_not_rewritten():
    # "about ¥535.9 billion" of a second half is no rounding of the year's ¥1,050.0 billion:
    # wrong or not, rewriting it to the year's figure would be wrong.
    source = "The company cut its full-year operating profit forecast to ¥1,050.0 billion."
    result = detect(
        source_input("Second-half operating profit would be about ¥535.9 billion.", source)
    )

    assert result.flagged is True
    assert result.corrections == ()


def test_a_hedged_figure_near_its_metric_s_value_is_corrected_to_it():
    result = detect(
        source_input("Total assets were approximately $4 billion.", "Total assets: $4.2 billion.")
    )

    assert [c.replacement for c in result.corrections] == ["$4.2 billion"]
