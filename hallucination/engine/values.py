"""Decimal values as the engine compares and writes them: precision, rounding, plain text."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, DivisionByZero, InvalidOperation


def plain(value: Decimal) -> str:
    """A value without exponent or trailing zeros: Decimal("1.50E+3") -> "1500"."""
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text or "0"


def at_precision(claim_value: Decimal, exact: Decimal, precision: Decimal | None) -> bool:
    """Equal once `exact` is rounded half-up to the place value the claim was written with.

    Truncation does not count: $11.6 billion written as "$11 billion" is not a rounding.

    >>> at_precision(Decimal("1.2E+6"), Decimal("1234567"), Decimal("1E+5"))
    True
    """
    claim_value, exact = abs(claim_value), abs(exact)
    if precision is None or precision <= 0:
        return claim_value == exact
    try:
        rounded = (exact / precision).quantize(Decimal(1), rounding=ROUND_HALF_UP) * precision
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
