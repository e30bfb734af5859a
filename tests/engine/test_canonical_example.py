"""Seed 004's canonical example, end to end: eight claims, five grounded, three flagged."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect
from hallucination.engine.types import (
    APPROXIMATION,
    ARITHMETIC_DRIFT,
    FABRICATION,
    GROUNDED,
)


def _by_text(result):
    return {v.claim.text: v for v in result.verdicts}


def test_it_counts_eight_claims_with_the_nested_year(canonical_input):
    result = detect(canonical_input)

    assert [v.claim.text for v in result.verdicts] == [
        "Q3 2026",
        "2026",
        "$1.85 billion",
        "14.8%",
        "$1.62 billion",
        "$312 million",
        "$0.81",
        "$4 billion",
    ]


def test_it_grounds_five_of_eight_and_fails_the_standard_gate(canonical_input):
    result = detect(canonical_input)

    assert result.total_claims == 8
    assert result.grounded_count == 5
    assert result.grounding_rate == Decimal("0.625")
    assert result.gate_threshold == Decimal("0.7")
    assert result.gate_passed is False
    assert result.flagged is True


def test_it_drops_confidence_by_the_penalty(canonical_input):
    result = detect(canonical_input)

    assert result.original_confidence == Decimal("0.9")
    assert result.adjusted_confidence == Decimal("0.7")


def test_it_recomputes_the_growth_rate_as_arithmetic_drift(canonical_input):
    verdict = _by_text(detect(canonical_input))["14.8%"]

    assert verdict.outcome == ARITHMETIC_DRIFT
    assert verdict.expected_value == Decimal("14.20")
    assert verdict.formula == "(1.85B - 1.62B) / 1.62B * 100"


def test_it_reports_the_wrong_eps_with_its_nearest_source_value(canonical_input):
    verdict = _by_text(detect(canonical_input))["$0.81"]

    assert verdict.outcome == FABRICATION
    assert not verdict.grounded
    assert verdict.nearest.value == Decimal("0.78")
    assert verdict.nearest.source_id == "filing"


def test_it_reads_approximately_four_billion_as_an_approximation_of_total_assets(
    canonical_input,
):
    verdict = _by_text(detect(canonical_input))["$4 billion"]

    assert verdict.claim.approximate is True
    assert verdict.outcome == APPROXIMATION
    assert verdict.nearest.value == Decimal("4200000000")
    assert verdict.nearest.text == "$4.2 billion"


def test_it_grounds_every_other_claim(canonical_input):
    verdicts = _by_text(detect(canonical_input))

    for text in ("Q3 2026", "2026", "$1.85 billion", "$1.62 billion", "$312 million"):
        assert verdicts[text].outcome == GROUNDED, text


def test_it_corrects_the_three_claims_in_their_own_style(canonical_input):
    result = detect(canonical_input)

    replacements = {c.text: c.replacement for c in result.corrections}
    assert replacements == {
        "14.8%": "14.20%",
        "$0.81": "$0.78",
        "approximately $4 billion": "$4.2 billion",
    }
    assert result.corrected_answer == (
        "In Q3 2026, revenue was $1.85 billion, up 14.20% year over year from $1.62 billion. "
        "Net income was $312 million and EPS was $0.78. Total assets were $4.2 billion."
    )


def test_its_result_json_matches_the_design(canonical_input):
    data = detect(canonical_input).to_dict()

    assert data["total_claims"] == 8
    assert data["grounded_count"] == 5
    assert data["ungrounded_count"] == 3
    assert data["grounding_rate"] == "0.625"
    assert data["gate"] == {"threshold": "0.7", "passed": False}
    assert data["flagged"] is True
    assert data["adjusted_confidence"] == "0.7"
    eps = next(c for c in data["claims"] if c["text"] == "$0.81")
    assert eps["nearest"]["value"] == "0.78"
    assert eps["grounded"] is False
    growth = next(c for c in data["claims"] if c["text"] == "14.8%")
    assert growth["expected_value"] == "14.2"
    assert data["validation"]["orphan_numbers"] == ["$0.81"]
    assert set(data["validation"]["suspicious"]) == {"14.8%", "$4 billion"}


def test_it_records_the_time_it_took(canonical_input):
    result = detect(canonical_input)

    assert result.elapsed_ms > 0
