"""How figures read on the review page: values as people write them, what kind a number in a
source is, and the source values a recorded formula was computed from.

The detector stores each claim's value in canonical units (1850000000, 14.2, 0.78) and its
nearest source value as text and value. The page reads those back for people: "$1.85 billion",
"14.20%". The nearest value the detector names may be of another kind than the claim (the
first operand of a growth rate is an amount); the page shows a value of the claim's own kind,
or says there is none. Nothing here changes what the detector decided.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from hallucination.engine import types as kinds

# Families of kinds a reviewer compares: a percentage against a percentage, an amount against
# an amount. A bare number in a source ("65.52" in a tool's JSON) has no family of its own and
# is compared with anything.
MONEY = "money"
SHARE = "share"
MULTIPLE = "multiple"
PERIOD = "period"
PLAIN = "plain"
FAMILY_OF_KIND = {
    kinds.CURRENCY: MONEY,
    kinds.PERCENT: SHARE,
    kinds.PERCENTAGE_POINTS: SHARE,
    kinds.BPS: SHARE,
    kinds.RATIO: MULTIPLE,
    kinds.DATE: PERIOD,
    kinds.COUNT: PLAIN,
    kinds.NUMBER: PLAIN,
}
FAMILY_NAMES = {
    MONEY: "amount",
    SHARE: "percentage",
    MULTIPLE: "ratio",
    PERIOD: "period",
    PLAIN: "number",
}
CURRENCY_SIGNS = {"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥"}
SCALES = (
    (Decimal("1e12"), "trillion"),
    (Decimal("1e9"), "billion"),
    (Decimal("1e6"), "million"),
)
SCALE_WORDS = {
    "thousand": Decimal("1e3"),
    "k": Decimal("1e3"),
    "million": Decimal("1e6"),
    "mn": Decimal("1e6"),
    "mm": Decimal("1e6"),
    "m": Decimal("1e6"),
    "billion": Decimal("1e9"),
    "bn": Decimal("1e9"),
    "b": Decimal("1e9"),
    "trillion": Decimal("1e12"),
    "t": Decimal("1e12"),
}

_NUMBER = r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|-?\.\d+"
_SCALE = r"(?:\s?(?P<scale>trillion|billion|million|thousand|bn|mn|mm)\b|(?P<letter>[KMBT])\b)?"
# A number in a source text, with what sits around it: a currency sign before, a scale word,
# a percent sign, "bps", "pp" or an "x" after. Anchored at the number's start so a long run
# of digits costs one pass.
SOURCE_NUMBER = re.compile(
    r"(?P<sign>[$€£¥]|\b(?:USD|EUR|GBP)\s?)?(?<![\w.])(?P<number>" + _NUMBER + r")"
    r"(?:\s?(?P<percent>%|percent\b)"
    r"|\s?(?P<bps>bps\b|basis points?\b)"
    r"|\s?(?P<pp>pp\b|percentage points?\b)"
    r"|(?P<ratio>x)\b"
    r"|" + _SCALE + r")",
    re.IGNORECASE,
)
_PERIOD_TEXT = re.compile(
    r"\b(?:Q[1-4]|H[12]|FY|fiscal|quarter|(?:19|20)\d\d\b|january|february|march|april|may|"
    r"june|july|august|september|october|november|december)",
    re.IGNORECASE,
)
# A formula as the detector records it: "(1.85B - 1.62B) / 1.62B * 100", "20893 + 76378",
# "(1.85e9 - 1.62e9) / 1.62e9 * 100".
FORMULA_TOKEN = re.compile(
    r"(?<![\w.])(?P<number>\d+(?:\.\d+)?(?:e-?\d+)?)(?P<letter>[KMBT])?(?P<percent>%)?(?![\w.])"
)
_FORMULA_CONSTANTS = {Decimal(100)}


def _decimal(text: str) -> Decimal | None:
    try:
        return Decimal(text.replace(",", ""))
    except (InvalidOperation, ValueError):
        return None


def _plain(value: Decimal, places: int | None = None) -> str:
    if places is not None:
        text = f"{value.quantize(Decimal(1).scaleb(-places)):,f}"
    else:
        text = f"{value.normalize():,f}" if value == value.to_integral() else f"{value:,f}"
        if "." in text:
            text = text.rstrip("0").rstrip(".")
    return text


def human_value(value: Decimal | None, kind: str, unit: str = "", places: int | None = None) -> str:
    """A value in canonical units as a person writes it.

    >>> human_value(Decimal("1850000000"), "currency", "USD")
    '$1.85 billion'
    >>> human_value(Decimal("14.2"), "percent", "%", places=2)
    '14.20%'
    """
    if value is None:
        return ""
    family = FAMILY_OF_KIND.get(kind, PLAIN)
    if family == MONEY:
        sign = CURRENCY_SIGNS.get(unit.upper(), "")
        suffix = "" if sign or not unit else f" {unit}"
        magnitude = abs(value)
        minus = "-" if value < 0 else ""
        for scale, word in SCALES:
            if magnitude >= scale:
                scaled = (magnitude / scale).quantize(Decimal("0.01")).normalize()
                return f"{minus}{sign}{_plain(scaled)} {word}{suffix}"
        if magnitude != magnitude.to_integral() or (magnitude < 1000 and places == 2):
            return f"{minus}{sign}{_plain(magnitude, 2)}{suffix}"
        return f"{minus}{sign}{_plain(magnitude)}{suffix}"
    if kind == kinds.PERCENT:
        return f"{_plain(value, places)}%"
    if kind == kinds.PERCENTAGE_POINTS:
        return f"{_plain(value, places)} pp"
    if kind == kinds.BPS:
        return f"{_plain(value, places)} bps"
    if kind == kinds.RATIO:
        return f"{_plain(value, places if places is not None else 2)}x"
    if kind == kinds.DATE:
        return _plain(value, 0).replace(",", "")
    return _plain(value, places)


def raw_value(value: Decimal | None) -> str:
    """The stored value in full, for the hover text: 1850000000.000000000000 -> 1850000000."""
    if value is None:
        return ""
    text = f"{value:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def family_of_text(text: str) -> str:
    """The family a number's own text states: "$1.85 billion" is money, "65.52" is plain."""
    text = text.strip()
    match = SOURCE_NUMBER.search(text)
    if match is None:
        return PERIOD if _PERIOD_TEXT.search(text) else PLAIN
    if match.group("percent") or match.group("bps") or match.group("pp"):
        return SHARE
    if match.group("ratio"):
        return MULTIPLE
    if match.group("sign"):
        return MONEY
    if _PERIOD_TEXT.search(text):
        return PERIOD
    return PLAIN


def same_family(kind: str, text: str) -> bool:
    """Whether a value written as `text` can be compared with a claim of `kind`."""
    family = family_of_text(text)
    return family == PLAIN or family == FAMILY_OF_KIND.get(kind, PLAIN)


@dataclass(frozen=True)
class SourceNumber:
    """A number found in a source text, with its value in canonical units where it says one."""

    source_id: str
    start: int
    end: int
    text: str
    value: Decimal
    kind: str  # the claim kind its own text says (percent, currency...), "" for a bare number
    scaled: bool  # its own words gave a scale ("$4.2 billion"), so no caption may rescale it


def source_numbers(source_id: str, text: str) -> list[SourceNumber]:
    found = []
    for match in SOURCE_NUMBER.finditer(text):
        number = _decimal(match.group("number"))
        if number is None:
            continue
        scale_word = (match.group("scale") or match.group("letter") or "").lower()
        scale = SCALE_WORDS.get(scale_word, Decimal(1))
        if match.group("percent"):
            kind = kinds.PERCENT
        elif match.group("bps"):
            kind = kinds.BPS
        elif match.group("pp"):
            kind = kinds.PERCENTAGE_POINTS
        elif match.group("ratio"):
            kind = kinds.RATIO
        elif match.group("sign"):
            kind = kinds.CURRENCY
        else:
            kind = ""
        found.append(
            SourceNumber(
                source_id=source_id,
                start=match.start(),
                end=match.end(),
                text=match.group(0).strip(),
                value=number * scale,
                kind=kind,
                scaled=bool(scale_word),
            )
        )
    return found


def nearest_of_kind(
    kind: str, value: Decimal, numbers: Iterable[SourceNumber]
) -> SourceNumber | None:
    """The number written as the same kind (a percentage for a percentage) closest to `value`,
    by relative difference; None when the sources write no number of that kind."""
    best, best_distance = None, None
    for number in numbers:
        if number.kind != kind:
            continue
        distance = abs(number.value - value) / max(abs(value), Decimal("1e-12"))
        if best_distance is None or distance < best_distance:
            best, best_distance = number, distance
    return best


@dataclass(frozen=True)
class FormulaOperand:
    """One number of a recorded formula, and its value in canonical units."""

    text: str
    value: Decimal
    percent: bool


def formula_operands(formula: str) -> list[FormulaOperand]:
    """The source values a formula names, in order, once each; the "* 100" of a rate is not one.

    >>> [o.text for o in formula_operands("(1.85B - 1.62B) / 1.62B * 100")]
    ['1.85B', '1.62B']
    """
    operands: list[FormulaOperand] = []
    seen: set[Decimal] = set()
    for match in FORMULA_TOKEN.finditer(formula or ""):
        number = _decimal(match.group("number"))
        if number is None:
            continue
        letter = (match.group("letter") or "").lower()
        value = number * SCALE_WORDS.get(letter, Decimal(1))
        is_rate_factor = (
            value in _FORMULA_CONSTANTS
            and match.start() > 0
            and "*" in formula[max(0, match.start() - 3) : match.start()]
        )
        if is_rate_factor or value in seen:
            continue
        seen.add(value)
        operands.append(
            FormulaOperand(text=match.group(0), value=value, percent=bool(match.group("percent")))
        )
    return operands


def operand_in_sources(
    operand: FormulaOperand, numbers: Iterable[SourceNumber]
) -> SourceNumber | None:
    """Where a formula's operand is written in the sources.

    A number with its own scale must equal the operand; a bare one ("2,417" under "(in
    millions)") may stand for it at any scale of a thousand, as the detector reads tables.
    """
    fallback = None
    for number in numbers:
        if number.value == operand.value:
            return number
        if fallback is None and not number.scaled and number.value:
            ratio = operand.value / number.value
            if ratio in (Decimal("1e3"), Decimal("1e6"), Decimal("1e9"), Decimal("1e12")):
                fallback = number
    return fallback
