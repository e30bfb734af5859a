"""A safe arithmetic calculator: an AST walk over Decimal values, never eval or exec.

>>> calculate("(0.50 - 0.45) / 0.45 * 100").result
Decimal('11.11111111111111111111111111')

Accepted: numeric literals, + - * / // % and a bounded **, unary minus and plus,
parentheses, and the functions abs, round, min, max, sqrt, log and exp. Everything else is
refused with a `CalculatorError` whose `code` says why.
"""

from __future__ import annotations

import ast
import decimal
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

PRECISION = 28
MAX_EXPRESSION_CHARS = 500
# The recorded expression is stored in a 1000-character column.
MAX_NORMALISED_CHARS = 1000
MAX_DEPTH = 60
MAX_EXPONENT = Decimal(1000)
# 28 integer digits fit the 40-digit, 12-place value columns results are stored in.
MAX_MAGNITUDE = Decimal(10) ** 28
MAX_ROUND_PLACES = 28
MAX_FUNCTION_ARGUMENTS = 50


class CalculatorError(ValueError):
    """An expression the calculator refuses or cannot evaluate; `code` names the reason."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Calculation:
    """A result and the expression that produced it, rewritten in one canonical spelling."""

    expression: str
    result: Decimal

    @property
    def result_text(self) -> str:
        return format_result(self.result)


def format_result(value: Decimal) -> str:
    """Plain notation, never 1E+3: clients parse results as decimals."""
    if value == 0:
        # 1e-200 underflows to 0E-126: print it as 0, not as 126 zeros.
        return "0"
    return format(value, "f")


def _context() -> decimal.Context:
    # Exponents are capped well inside what plain notation can print; an overflow or an
    # invalid operation (sqrt(-1), log(0) handled below) is an error, not a NaN.
    return decimal.Context(
        prec=PRECISION,
        rounding=decimal.ROUND_HALF_EVEN,
        Emax=99,
        Emin=-99,
        traps=[decimal.DivisionByZero, decimal.InvalidOperation, decimal.Overflow],
    )


def _checked(value: Decimal) -> Decimal:
    if not value.is_finite():
        raise CalculatorError("invalid_operation", "The result is not a finite number.")
    if abs(value) >= MAX_MAGNITUDE:
        raise CalculatorError(
            "too_large", f"A result exceeds the calculator's limit of {MAX_MAGNITUDE:.0E}."
        )
    return value


def _floor_divmod(left: Decimal, right: Decimal) -> tuple[Decimal, Decimal]:
    """Python's floor division and modulo (Decimal's own truncate towards zero)."""
    quotient, remainder = divmod(left, right)
    if remainder and (remainder < 0) != (right < 0):
        quotient -= 1
        remainder += right
    return quotient, remainder


def _nonzero_divisor(right: Decimal) -> None:
    if right == 0:
        raise CalculatorError("division_by_zero", "Division by zero.")


def _power(left: Decimal, right: Decimal) -> Decimal:
    if abs(right) > MAX_EXPONENT:
        raise CalculatorError(
            "exponent_too_large", f"Exponents are limited to {MAX_EXPONENT} in absolute value."
        )
    if left == 0 and right < 0:
        raise CalculatorError("division_by_zero", "Zero raised to a negative power.")
    if left < 0 and right != right.to_integral_value():
        raise CalculatorError(
            "invalid_operation", "A negative number raised to a fractional power."
        )
    # Estimate the size first so 9.9 ** 1000 is refused before any work is done.
    if left != 0 and right > 0:
        magnitude = abs(left).log10() * right
        if magnitude >= MAX_MAGNITUDE.log10():
            raise CalculatorError(
                "too_large", f"A result exceeds the calculator's limit of {MAX_MAGNITUDE:.0E}."
            )
    return left**right


def _divide(left: Decimal, right: Decimal) -> Decimal:
    _nonzero_divisor(right)
    return left / right


def _floor_divide(left: Decimal, right: Decimal) -> Decimal:
    _nonzero_divisor(right)
    return _floor_divmod(left, right)[0]


def _modulo(left: Decimal, right: Decimal) -> Decimal:
    _nonzero_divisor(right)
    return _floor_divmod(left, right)[1]


_BINARY: dict[type[ast.operator], Callable[[Decimal, Decimal], Decimal]] = {
    ast.Add: lambda left, right: left + right,
    ast.Sub: lambda left, right: left - right,
    ast.Mult: lambda left, right: left * right,
    ast.Div: _divide,
    ast.FloorDiv: _floor_divide,
    ast.Mod: _modulo,
    ast.Pow: _power,
}


def _arity(name: str, args: list[Decimal], low: int, high: int | None) -> None:
    if len(args) < low or (high is not None and len(args) > high):
        expected = str(low) if high == low else f"{low} to {high}" if high else f"{low} or more"
        raise CalculatorError(
            "wrong_arguments", f"{name}() takes {expected} argument(s), got {len(args)}."
        )


def _abs(args: list[Decimal]) -> Decimal:
    _arity("abs", args, 1, 1)
    return abs(args[0])


def _round(args: list[Decimal]) -> Decimal:
    """round(x[, places]) rounding half away from zero, as reports and spreadsheets do."""
    _arity("round", args, 1, 2)
    places = args[1] if len(args) == 2 else Decimal(0)
    if places != places.to_integral_value() or not 0 <= places <= MAX_ROUND_PLACES:
        raise CalculatorError(
            "wrong_arguments",
            f"round() takes a whole number of places from 0 to {MAX_ROUND_PLACES}.",
        )
    try:
        return args[0].quantize(Decimal(1).scaleb(-int(places)), rounding=decimal.ROUND_HALF_UP)
    except decimal.InvalidOperation:
        raise CalculatorError(
            "invalid_operation",
            f"round() to {places} places needs more than {PRECISION} significant digits.",
        ) from None


def _min(args: list[Decimal]) -> Decimal:
    _arity("min", args, 1, None)
    return min(args)


def _max(args: list[Decimal]) -> Decimal:
    _arity("max", args, 1, None)
    return max(args)


def _sqrt(args: list[Decimal]) -> Decimal:
    _arity("sqrt", args, 1, 1)
    if args[0] < 0:
        raise CalculatorError("invalid_operation", "sqrt() of a negative number.")
    return args[0].sqrt()


def _log(args: list[Decimal]) -> Decimal:
    """log(x) is the natural logarithm; log(x, base) as in Python's math module."""
    _arity("log", args, 1, 2)
    if any(arg <= 0 for arg in args):
        raise CalculatorError("invalid_operation", "log() of a number that is not positive.")
    if len(args) == 2:
        if args[1] == 1:
            raise CalculatorError("division_by_zero", "log() to base 1.")
        # Divide at extra precision so log(8, 2) comes out as 3, not 2.999...
        with decimal.localcontext() as wide:
            wide.prec = PRECISION + 10
            quotient = args[0].ln() / args[1].ln()
        return +quotient
    return args[0].ln()


def _exp(args: list[Decimal]) -> Decimal:
    _arity("exp", args, 1, 1)
    # e ** 65 is already past the result limit; refuse before computing.
    if args[0] > 65:
        raise CalculatorError(
            "too_large", f"A result exceeds the calculator's limit of {MAX_MAGNITUDE:.0E}."
        )
    return args[0].exp()


FUNCTIONS: dict[str, Callable[[list[Decimal]], Decimal]] = {
    "abs": _abs,
    "round": _round,
    "min": _min,
    "max": _max,
    "sqrt": _sqrt,
    "log": _log,
    "exp": _exp,
}


class _Evaluator:
    def __init__(self, source: str) -> None:
        self.source = source

    def literal(self, node: ast.Constant) -> Decimal:
        value = node.value
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise CalculatorError(
                "unsupported", f"Only numbers are allowed, not {type(value).__name__} literals."
            )
        if isinstance(value, int):
            return Decimal(value)
        # A float literal is read from its text, so 0.1 stays exactly 0.1.
        text = ast.get_source_segment(self.source, node) or repr(value)
        try:
            return Decimal(text.replace("_", ""))
        except decimal.InvalidOperation:
            raise CalculatorError("syntax", f"Cannot read the number {text!r}.") from None

    def evaluate(self, node: ast.AST, depth: int = 0) -> Decimal:
        if depth > MAX_DEPTH:
            raise CalculatorError(
                "too_deep", f"The expression nests deeper than {MAX_DEPTH} levels."
            )
        if isinstance(node, ast.Expression):
            return self.evaluate(node.body, depth + 1)
        if isinstance(node, ast.Constant):
            return _checked(self.literal(node))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            operand = self.evaluate(node.operand, depth + 1)
            return _checked(-operand if isinstance(node.op, ast.USub) else +operand)
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            left = self.evaluate(node.left, depth + 1)
            right = self.evaluate(node.right, depth + 1)
            return _checked(_BINARY[type(node.op)](left, right))
        if isinstance(node, ast.Call):
            return _checked(self.call(node, depth))
        raise _refusal(node)

    def call(self, node: ast.Call, depth: int) -> Decimal:
        if isinstance(node.func, ast.Attribute):
            raise CalculatorError(
                "attribute_access",
                "Attribute access is not allowed; write sqrt(x), not math.sqrt(x).",
            )
        if not isinstance(node.func, ast.Name):
            raise CalculatorError("function_not_allowed", "Only named functions can be called.")
        name = node.func.id
        if name not in FUNCTIONS:
            raise CalculatorError(
                "function_not_allowed",
                f"{name}() is not allowed; allowed functions: {', '.join(sorted(FUNCTIONS))}.",
            )
        if node.keywords or any(isinstance(arg, ast.Starred) for arg in node.args):
            raise CalculatorError(
                "wrong_arguments", f"{name}() takes plain positional arguments only."
            )
        if len(node.args) > MAX_FUNCTION_ARGUMENTS:
            raise CalculatorError(
                "wrong_arguments", f"{name}() takes at most {MAX_FUNCTION_ARGUMENTS} arguments."
            )
        args = [self.evaluate(arg, depth + 1) for arg in node.args]
        return FUNCTIONS[name](args)


def _refusal(node: ast.AST) -> CalculatorError:
    if isinstance(node, ast.Name):
        return CalculatorError(
            "unknown_name", f"Unknown name {node.id!r}: only numbers are allowed."
        )
    if isinstance(node, ast.Attribute):
        return CalculatorError("attribute_access", "Attribute access is not allowed.")
    if isinstance(node, ast.BinOp):
        return CalculatorError(
            "unsupported", f"The operator {type(node.op).__name__} is not allowed."
        )
    if isinstance(node, ast.UnaryOp):
        return CalculatorError(
            "unsupported", f"The operator {type(node.op).__name__} is not allowed."
        )
    return CalculatorError("unsupported", f"{type(node).__name__} is not allowed in an expression.")


class _LiteralsAsWritten(ast.NodeTransformer):
    """Render literals from their own text so the normalised form keeps 0.50 as 0.50."""

    def __init__(self, source: str) -> None:
        self.source = source

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if isinstance(node.value, int):
            text = str(node.value)
        else:
            text = (ast.get_source_segment(self.source, node) or repr(node.value)).replace("_", "")
        return ast.copy_location(ast.Name(id=text, ctx=ast.Load()), node)


def _parse(expression: str) -> ast.Expression:
    try:
        with warnings.catch_warnings():
            # "\/" in a string literal warns at parse time; strings are refused anyway.
            warnings.simplefilter("ignore")
            return ast.parse(expression.strip(), mode="eval")
    except SyntaxError as exc:
        raise CalculatorError("syntax", f"Not a valid expression: {exc.msg}.") from None
    except (ValueError, RecursionError, MemoryError):
        # Null bytes, or nesting the parser itself cannot hold.
        raise CalculatorError("syntax", "Not a valid expression.") from None


def calculate(expression: str) -> Calculation:
    """Evaluate an arithmetic expression exactly in Decimal; raise CalculatorError otherwise."""
    if not isinstance(expression, str):
        raise CalculatorError("syntax", "The expression must be text.")
    if not expression.strip():
        raise CalculatorError("empty", "The expression is empty.")
    if len(expression) > MAX_EXPRESSION_CHARS:
        raise CalculatorError(
            "too_long", f"The expression is longer than {MAX_EXPRESSION_CHARS} characters."
        )
    tree = _parse(expression)
    source = expression.strip()
    try:
        with decimal.localcontext(_context()):
            result = _Evaluator(source).evaluate(tree)
            # Apply the context once more so a literal longer than the precision is rounded.
            result = _checked(+result)
    except CalculatorError:
        raise
    except decimal.Overflow:
        raise CalculatorError(
            "too_large", f"A result exceeds the calculator's limit of {MAX_MAGNITUDE:.0E}."
        ) from None
    except decimal.DivisionByZero:
        raise CalculatorError("division_by_zero", "Division by zero.") from None
    except (decimal.InvalidOperation, ArithmeticError):
        raise CalculatorError("invalid_operation", "The operation is not defined.") from None
    except RecursionError:
        raise CalculatorError("too_deep", "The expression nests too deeply.") from None
    normalised = ast.unparse(_LiteralsAsWritten(source).visit(tree))
    if len(normalised) > MAX_NORMALISED_CHARS:
        raise CalculatorError(
            "too_long", f"The expression is longer than {MAX_NORMALISED_CHARS} characters."
        )
    return Calculation(expression=normalised, result=result)
