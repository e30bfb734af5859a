"""Decimal values as the engine compares and writes them: precision, rounding, plain text."""

from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_UP, Decimal, DivisionByZero, InvalidOperation


def plain(value: Decimal) -> str:
    """A value without exponent or trailing zeros: Decimal("1.50E+3") -> "1500"."""
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text or "0"


_ONE = Decimal(1)
# Below 10**25 places the 28-digit division in `at_precision` is off by far less than a
# place, so a value more than a place from the claim can be turned away without it.
_EXACT_DIVISION_PLACES = 25


def at_precision(claim_value: Decimal, exact: Decimal, precision: Decimal | None) -> bool:
    """Equal once `exact` is rounded half-up to the place value the claim was written with.

    Truncation does not count: $11.6 billion written as "$11 billion" is not a rounding.

    >>> at_precision(Decimal("1.2E+6"), Decimal("1234567"), Decimal("1E+5"))
    True
    """
    claim_value, exact = abs(claim_value), abs(exact)
    if precision is None or precision <= 0:
        return claim_value == exact
    if (
        exact.is_finite()
        and claim_value.is_finite()
        and exact.adjusted() - precision.adjusted() < _EXACT_DIVISION_PLACES
        and abs(exact - claim_value) > precision
    ):
        # Rounding moves a value by half a place: one more than a whole place away from the
        # claim cannot round to it. The division below is the costly step, and most values
        # compared are far from the claim.
        return False
    try:
        rounded = (exact / precision).quantize(_ONE, rounding=ROUND_HALF_UP) * precision
    except (InvalidOperation, DivisionByZero):
        return False
    return claim_value == rounded


def quantize_like(value: Decimal, precision: Decimal | None, minimum_places: int = 0) -> Decimal:
    """`value` rounded half-up to the claim's precision, at least `minimum_places` decimals."""
    if precision is None or precision <= 0:
        precision = Decimal(1)
    places = max(-precision.normalize().as_tuple().exponent, minimum_places)  # type: ignore[operator]
    if places >= 0:
        try:
            return value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
        except InvalidOperation:
            return value
    return (value / precision).quantize(Decimal(1), rounding=ROUND_HALF_UP) * precision


# ------------------------------------------------------------------ written arithmetic

_TOKEN = re.compile(
    # the name of an operand before it: "interim 18.0 cents + final 24.5 cents"
    r"\s*(?:(?:[a-z]{3,20}(?:\s+[a-z&]{2,20}){0,3}\s+(?=[0-9.]))?(?P<number>[0-9][0-9,]*(?:\.[0-9]+)?|\.[0-9]+)"
    r"\s*(?P<suffix>thousand|million|billion|trillion|bn|mn|[BMKbmk](?![A-Za-z]))?"
    r"\s*(?P<percent>%)?"
    # hundredths of the currency: "412,000 × 139.8p", "18.0 cents + 24.5 cents", "84¢"
    r"(?P<minor>(?<=[0-9])p(?![A-Za-z0-9])|¢|(?<=\s)(?:pence|cents?)(?![a-z]))?\s*"
    # the unit an operand is counted in, before an operator or the end: "÷ 1,032 locations",
    # "+ 9 de novo +"
    r"(?:(?<=\s)(?:[a-z]{2,20}|t|h|[kMGT]Wh?)(?:\s[a-z]{2,20}){0,2}(?=\s*(?:$|[-+*/×÷)−–])))?"
    # ... or in brackets after it: "311,250 − 56,788 (cash and cash equivalents)"
    r"(?:\s*\([a-z][a-z&'-]*(?:[ ,]+[a-z&'-]+){0,7}\))?"
    r"|(?P<op>[-+*/×÷()−–^]))"
)
_SCALE_AFTER_GROUP = re.compile(r"\s*(thousand|million|billion|trillion)\b", re.IGNORECASE)
_SUFFIX = {
    "k": Decimal("1e3"),
    "K": Decimal("1e3"),
    "m": Decimal("1e6"),
    "M": Decimal("1e6"),
    "mn": Decimal("1e6"),
    "b": Decimal("1e9"),
    "B": Decimal("1e9"),
    "bn": Decimal("1e9"),
    "thousand": Decimal("1e3"),
    "million": Decimal("1e6"),
    "billion": Decimal("1e9"),
    "trillion": Decimal("1e12"),
}
_CURRENCY_MARKS = re.compile(
    r"(?:[A-Z]{1,2})?[$£€¥₹]|US\$|\bM?(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|SEK|NOK|DKK|INR|CNY|RMB|HKD)\b"
    # any other ISO 4217 code right before its amount: "GTQ 567,985.3", "MNT 98,241.7"
    r"|\b[A-Z]{3}(?=\s?[0-9])"
    r"|\bS/(?=\s?[0-9])"  # the Peruvian sol
)
MAX_EXPRESSION_TOKENS = 64
MAX_EXPONENT = 100
# Figures as much of Europe writes them, inside working: "1 581,2 / 1 642,8", "14.226,8";
# a comma before three digits groups them, as elsewhere.
_SPACED_GROUPS = re.compile(
    r"(?<![0-9,.])[0-9]{1,3}(?:[ \u00a0\u202f][0-9]{3})+(?:,[0-9]+)?(?![0-9,.])"
)
_POINT_GROUPS = re.compile(r"(?<![0-9,.])[0-9]{1,3}(?:\.[0-9]{3})+,[0-9]+(?![0-9,.])")
_DECIMAL_COMMA = re.compile(r"(?<![0-9,.])[0-9]+,[0-9]{1,2}(?![0-9,.])")


def _in_plain_digits(expression: str) -> str:
    """Working with figures written with a decimal comma or spaced groups, in the digits
    the arithmetic reads: "1 581,2 / 1 642,8" -> "1581.2 / 1642.8"."""
    if "," not in expression and not _SPACED_GROUPS.search(expression):
        return expression
    expression = _SPACED_GROUPS.sub(
        lambda m: "".join(m.group().split()).replace(",", "."), expression
    )
    expression = _POINT_GROUPS.sub(
        lambda m: m.group().replace(".", "").replace(",", "."), expression
    )
    return _DECIMAL_COMMA.sub(lambda m: m.group().replace(",", "."), expression)


def evaluate(expression: str) -> Decimal | None:
    """The value of arithmetic an answer writes out ("$1,234M / $15,678M", "(2,486 -
    2,310) / 2,310 × 100"), or None when it is not plain arithmetic. Scale letters after a
    number multiply it (`M`, `bn`); a percentage is a hundredth.

    >>> evaluate("($2,486M - $2,310M) / 2")
    Decimal('8.8E+7')
    >>> evaluate("1 581,2 / 2")
    Decimal('790.6')
    """
    tokens: list[tuple[str, Decimal | str]] = []
    text = _in_plain_digits(_CURRENCY_MARKS.sub(" ", expression).strip())
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            return None
        pos = m.end()
        if m.group("number"):
            try:
                value = Decimal(m.group("number").replace(",", ""))
            except InvalidOperation:
                return None
            if m.group("suffix"):
                value *= _SUFFIX[m.group("suffix")]
            if m.group("percent") or m.group("minor"):
                value /= 100
            tokens.append(("n", value))
        elif m.group("op"):
            op = m.group("op")
            tokens.append(("o", {"×": "*", "÷": "/", "−": "-", "–": "-"}.get(op, op)))
            scaled = _SCALE_AFTER_GROUP.match(text, pos) if op == ")" else None
            if scaled:
                # "(48,216 + 21,874) thousand ÷ 9.84 million": the group at that scale.
                tokens.extend((("o", "*"), ("n", _SUFFIX[scaled.group(1).lower()])))
                pos = scaled.end()
        if len(tokens) > MAX_EXPRESSION_TOKENS:
            return None
    parser = _Parser(tokens)
    try:
        value = parser.sum()
    except (IndexError, InvalidOperation, DivisionByZero, ValueError, OverflowError):
        return None
    return value if parser.at == len(tokens) and value.is_finite() else None


class _Parser:
    """Sums of products of signed factors, parenthesised or not: the arithmetic of a worked
    answer, nothing more."""

    def __init__(self, tokens: list[tuple[str, Decimal | str]]) -> None:
        self.tokens = tokens
        self.at = 0

    def _peek(self) -> Decimal | str | None:
        return self.tokens[self.at][1] if self.at < len(self.tokens) else None

    def sum(self) -> Decimal:
        value = self.product()
        while self._peek() in ("+", "-"):
            op = self.tokens[self.at][1]
            self.at += 1
            right = self.product()
            value = value + right if op == "+" else value - right
        return value

    def product(self) -> Decimal:
        value = self.power()
        while self._peek() in ("*", "/"):
            op = self.tokens[self.at][1]
            self.at += 1
            right = self.power()
            value = value * right if op == "*" else value / right
        return value

    def power(self) -> Decimal:
        """ "(2,287.9 / 1,842.6)^(1/2)": a root or power of a positive base, as a compound
        annual rate is written."""
        value = self.factor()
        if self._peek() == "^":
            self.at += 1
            exponent = self.factor()
            if value <= 0 or abs(exponent) > MAX_EXPONENT:
                raise ValueError("no such power")
            value = Decimal(math.exp(float(exponent) * math.log(float(value))))
        return value

    def factor(self) -> Decimal:
        kind, token = self.tokens[self.at]
        self.at += 1
        if kind == "n":
            return token  # type: ignore[return-value]
        if token == "-":
            return -self.factor()
        if token == "+":
            return self.factor()
        if token == "(":
            value = self.sum()
            if self._peek() != ")":
                raise ValueError("unbalanced parenthesis")
            self.at += 1
            return value
        raise ValueError(f"unexpected {token}")
