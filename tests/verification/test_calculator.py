"""The calculator evaluates arithmetic exactly in Decimal and gives the expression a canonical spelling."""

from decimal import Decimal

import pytest

from verification.calculator import calculate


@pytest.mark.parametrize(
    ("expression", "result"),
    [
        # Seed 000's earnings surprise: the LLM wrote 10.96%.
        ("(0.50 - 0.45) / 0.45 * 100", "11.11111111111111111111111111"),
        ("0.1 + 0.2", "0.3"),
        ("1.10 + 1.20", "2.30"),
        ("20893 + 76378", "97271"),
        ("(4.1e9 - 3.6e9) / 3.6e9 * 100", "13.88888888888888888888888889"),
        ("1 / 3", "0.3333333333333333333333333333"),
        ("2 ** 10", "1024"),
        ("2 ** -2", "0.25"),
        ("-2 ** 2", "-4"),
        ("(-2) ** 2", "4"),
        ("1.05 ** 2", "1.1025"),
        ("7 // 2", "3"),
        ("-7 // 2", "-4"),
        ("-7 % 3", "2"),
        ("7.5 % 2", "1.5"),
        ("abs(-3.25)", "3.25"),
        ("round(2.675, 2)", "2.68"),
        ("round(-2.5)", "-3"),
        ("min(3, 1.5, 2)", "1.5"),
        ("max(3, 1.5, 2)", "3"),
        ("sqrt(16)", "4"),
        ("sqrt(2)", "1.414213562373095048801688724"),
        ("log(100, 10)", "2"),
        ("exp(0)", "1"),
        ("1_000_000 * 3", "3000000"),
        ("+5", "5"),
        ("((((1 + 2))))", "3"),
    ],
)
def test_it_evaluates_exactly(expression, result):
    assert calculate(expression).result == Decimal(result)
    assert calculate(expression).result_text == result


def test_it_reads_literals_from_their_text_not_through_float():
    # As a float 0.1 + 0.2 is 0.30000000000000004; the calculator never goes through float.
    assert calculate("0.1 + 0.2").result == Decimal("0.1") + Decimal("0.2")
    assert calculate("0.10000000000000000001 * 10").result == Decimal("1.0000000000000000001")


def test_it_normalises_the_expression_and_keeps_literals_as_written():
    calculation = calculate("( 0.50-0.45 )/0.45*100")
    assert calculation.expression == "(0.50 - 0.45) / 0.45 * 100"
    assert calculate("1_000+0x10").expression == "1000 + 16"


def test_the_normalised_expression_evaluates_to_the_same_result():
    first = calculate("max(1,2)*(3-1)/4")
    assert calculate(first.expression).result == first.result


def test_logarithm_to_a_base_is_not_left_a_digit_short():
    assert calculate("log(8, 2)").result.normalize() == Decimal(3)


def test_a_result_that_underflows_prints_as_zero():
    assert calculate("1e-200").result_text == "0"
