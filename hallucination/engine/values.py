"""Decimal values as the engine compares and writes them: precision, rounding, plain text."""

from __future__ import annotations

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
