"""Properties of the calculator: it raises nothing but its own error, and +, -, * are exact."""

import contextlib
from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from verification.calculator import CalculatorError, calculate

EXPRESSION_ALPHABET = "0123456789.+-*/%()e_ ,xjabcdefgilmnoprstquvw'[]{}:=<>!&|^~@\\\"\n\t"

small_literal = st.builds(
    lambda integer, places: Decimal(integer).scaleb(-places),
    st.integers(min_value=0, max_value=999),
    st.integers(min_value=0, max_value=2),
)
any_literal = st.one_of(
    small_literal,
    st.decimals(allow_nan=False, allow_infinity=False, places=None).map(lambda d: abs(d)),
    st.integers(min_value=0, max_value=10**40).map(Decimal),
)


def _leaf(value: Decimal) -> tuple[str, Fraction]:
    text = format(value, "f")
    return text, Fraction(text)


def _binary(operators: str):  # type: ignore[no-untyped-def]
    def extend(children):  # type: ignore[no-untyped-def]
        return st.tuples(children, st.sampled_from(list(operators)), children)

    return extend


def _render(tree) -> str:  # type: ignore[no-untyped-def]
    if isinstance(tree, tuple) and len(tree) == 3:
        left, operator, right = tree
        return f"({_render(left)} {operator} {_render(right)})"
    return tree[0]


def _exact(tree) -> Fraction:  # type: ignore[no-untyped-def]
    if isinstance(tree, tuple) and len(tree) == 3:
        left, operator, right = tree
        a, b = _exact(left), _exact(right)
        return {"+": a + b, "-": a - b, "*": a * b}[operator]
    return tree[1]


exact_trees = st.recursive(small_literal.map(_leaf), _binary("+-*"), max_leaves=5)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_it_raises_nothing_but_its_own_error_on_any_text(text):
    with contextlib.suppress(CalculatorError):
        calculate(text)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=EXPRESSION_ALPHABET, max_size=120))
def test_it_raises_nothing_but_its_own_error_on_expression_like_text(text):
    with contextlib.suppress(CalculatorError):
        calculate(text)


@st.composite
def any_expression(draw) -> str:  # type: ignore[no-untyped-def]
    def node(depth: int) -> str:
        choice = draw(st.integers(min_value=0, max_value=4 if depth < 4 else 0))
        if choice == 0:
            literal = draw(any_literal)
            return draw(st.sampled_from([format(literal, "f"), str(literal)]))
        if choice == 1:
            return f"{draw(st.sampled_from(['-', '+']))}{node(depth + 1)}"
        if choice == 2:
            function = draw(st.sampled_from(["abs", "round", "min", "max", "sqrt", "log", "exp"]))
            arguments = [node(depth + 1) for _ in range(draw(st.integers(0, 3)))]
            return f"{function}({', '.join(arguments)})"
        operator = draw(st.sampled_from(["+", "-", "*", "/", "//", "%", "**"]))
        return f"({node(depth + 1)} {operator} {node(depth + 1)})"

    return node(0)


@settings(max_examples=500, deadline=None)
@given(any_expression())
def test_generated_arithmetic_gives_a_finite_result_or_its_own_error(expression):
    try:
        calculation = calculate(expression)
    except CalculatorError as error:
        assert error.code
        return
    assert calculation.result.is_finite()
    assert calculate(calculation.expression).result == calculation.result


@settings(max_examples=300, deadline=None)
@given(exact_trees)
def test_addition_subtraction_and_multiplication_are_exact(tree):
    expression = _render(tree)
    assert Fraction(calculate(expression).result) == _exact(tree)
