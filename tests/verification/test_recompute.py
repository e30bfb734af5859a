"""recompute re-derives a computed claim with the calculator, from the answer or the derivation."""

from dataclasses import replace
from decimal import Decimal

from verification.verifiers import (
    CONFIRMED,
    CONTRADICTED,
    INCONCLUSIVE,
    VERIFIED,
    clean_formula,
    formula_before_claim,
    recompute,
    recompute_applies,
)

from .claims import target


def _percent(value: str, precision: str = "0.01", **overrides: object):  # type: ignore[no-untyped-def]
    return target(
        text=f"{value}%",
        kind="percent",
        value=Decimal(value),
        unit="%",
        precision=Decimal(precision),
        label="eps surprise",
        **overrides,
    )


def test_it_contradicts_seed_000_s_earnings_surprise():
    claim = _percent("10.96", text_before="Earnings surprise: (0.50 - 0.45) / 0.45 * 100 = ")
    result = recompute(claim)
    assert result.status == CONTRADICTED
    assert result.outcome == "contradicted"
    assert result.expected_value == Decimal("11.11")
    assert result.formula == "(0.50 - 0.45) / 0.45 * 100"
    assert result.details["formula_from"] == "answer"


def test_it_verifies_a_correctly_computed_claim_as_derived():
    claim = _percent("11.11", text_before="Earnings surprise: (0.50 - 0.45) / 0.45 * 100 = ")
    result = recompute(claim)
    assert (result.status, result.outcome) == (VERIFIED, "derived")
    assert result.expected_value is None


def test_it_evaluates_the_formula_the_derivation_layer_recorded():
    claim = _percent("13.9", "0.1", formula="(4.1B - 3.6B) / 3.6B * 100")
    assert recompute(claim).status == VERIFIED
    drifted = _percent("14.8", "0.1", formula="(4.1B - 3.6B) / 3.6B * 100")
    result = recompute(drifted)
    assert result.status == CONTRADICTED
    assert result.expected_value == Decimal("13.9")


SURPRISE = "Earnings surprise: (0.50 - 0.45) / 0.45 * 100 = "


def test_a_recomputation_that_agrees_with_the_drift_already_found_only_confirms_it():
    # Detection recomputed seed 000's surprise from the same figures and found 11.11: doing
    # it again is no independent contradiction, and nothing more to escalate.
    drifted = _percent(
        "10.96", text_before=SURPRISE, outcome="arithmetic_drift", earlier_expected=Decimal("11.11")
    )

    result = recompute(drifted)

    assert result.status == CONFIRMED
    assert result.outcome == "arithmetic_drift"
    assert result.expected_value == Decimal("11.11")
    assert result.details["confirms"] == "arithmetic_drift"


def test_the_derivation_layer_s_own_formula_recomputed_confirms_its_drift():
    drifted = _percent(
        "14.8", "0.1", formula="(4.1B - 3.6B) / 3.6B * 100", outcome="arithmetic_drift"
    )

    result = recompute(drifted)

    assert (result.status, result.outcome) == (CONFIRMED, "arithmetic_drift")
    assert result.expected_value == Decimal("13.9")


def test_a_recomputation_that_finds_another_value_than_the_first_pass_contradicts():
    drifted = _percent(
        "10.96", text_before=SURPRISE, outcome="arithmetic_drift", earlier_expected=Decimal("12.5")
    )

    result = recompute(drifted)

    assert (result.status, result.outcome) == (CONTRADICTED, "contradicted")


def test_a_recomputation_against_a_claim_the_first_pass_grounded_contradicts():
    grounded = _percent("10.96", text_before=SURPRISE, outcome="grounded")

    assert recompute(grounded).status == CONTRADICTED


def test_a_ratio_formula_checks_a_claim_written_in_percent():
    result = recompute(_percent("11.11", formula="0.05 / 0.45"))
    assert result.status == VERIFIED
    assert result.details["scaled"] == "x100"


def test_a_formula_the_calculator_refuses_is_inconclusive():
    result = recompute(_percent("13.9", formula="growth(revenue Q3 2026, revenue Q3 2025)"))
    assert result.status == INCONCLUSIVE
    assert "cannot be evaluated" in result.reason


def test_a_claim_without_a_formula_is_inconclusive():
    assert recompute(_percent("13.9")).status == INCONCLUSIVE


def test_only_an_expression_with_an_operation_counts_as_a_written_formula():
    assert formula_before_claim("The surprise, (0.50 - 0.45) / 0.45 * 100 = ") == (
        "(0.50 - 0.45) / 0.45 * 100"
    )
    assert formula_before_claim("EPS of $0.78 = ") == ""
    assert formula_before_claim("Total: 20,893 + 76,378 = ") == "20,893 + 76,378"
    assert formula_before_claim("revenue grew to ") == ""


def test_formulas_are_cleaned_into_calculator_syntax():
    assert clean_formula("$20,893 + $76,378") == "20893 + 76378"
    assert clean_formula("(14.8% - 14.2%)") == "(14.8 - 14.2)"
    assert clean_formula("312M / 1.85B × 100 = 16.9%") == "312e6 / 1.85e9 * 100"
    assert clean_formula("2^3 − 1 ÷ 2") == "2**3 - 1 / 2"


def test_a_partial_sum_presented_as_a_total_is_not_recomputed():
    # 20,893 + 76,378 adds up; what is wrong is calling it the total (seed 000).
    claim = target(
        text="97,271",
        kind="count",
        value=Decimal("97271"),
        precision=Decimal("1"),
        formula="20893 + 76378",
        outcome="unsupported_aggregation",
    )

    assert recompute_applies(claim) is False
    assert recompute_applies(replace(claim, outcome="derived")) is True
