"""Recomputation: which formula over source values gives a claim, or should have.

The search is bounded: at most `MAX_OPERANDS` source values of compatible kinds (those
sharing the claim's label and period first), pairs for growth, ratio, margin, difference
and per-share, pairs and triples for sums. Floats rank the candidates; the reported
expected value is recomputed in Decimal.
"""

from __future__ import annotations

import itertools
import re
from decimal import ROUND_HALF_UP, Decimal, DivisionByZero, InvalidOperation
from typing import NamedTuple

from . import lexicon as lx
from .types import BPS, COUNT, CURRENCY, NUMBER, PERCENT, PERCENTAGE_POINTS, RATIO, Claim

MAX_OPERANDS = 48
MAX_SUM_OPERANDS = 16

GROWTH = "growth"
SURPRISE = "surprise"
MARGIN = "margin"
RATIO_OF = "ratio"
DIFFERENCE = "difference"
SUM = "sum"
AVERAGE = "average"
PER_SHARE = "per_share"
SPREAD = "spread"

# The words that name a derivation: whole words, word stems, and a few phrases.
_NAMING_WORDS: dict[str, frozenset[str]] = {
    GROWTH: frozenset(
        [
            "up",
            "down",
            "grew",
            "grow",
            "growth",
            "growing",
            "rose",
            "risen",
            "fell",
            "fall",
            "fallen",
            "falling",
            "rise",
            "yoy",
            "y/y",
            "q/q",
            "qoq",
            "compared",
            "versus",
            "vs",
            "from",
            "higher",
            "lower",
            "slid",
            "advance",
            "advanced",
        ]
    ),
    SURPRISE: frozenset(["surprise", "beat", "miss", "missed", "topped"]),
    MARGIN: frozenset({"margin", "margins"}),
    RATIO_OF: frozenset({"ratio", "coverage", "multiple", "times"}),
    SUM: frozenset(["total", "combined", "together", "sum", "aggregate", "altogether", "overall"]),
    AVERAGE: frozenset({"average", "mean", "avg"}),
}
_NAMING_STEMS: dict[str, tuple[str, ...]] = {
    GROWTH: (
        "increas",
        "decreas",
        "declin",
        "jump",
        "climb",
        "drop",
        "gain",
        "chang",
        "sequential",
        "expan",
        "contract",
        "improv",
        "surge",
        "plung",
        "slip",
        "retreat",
    ),
    SURPRISE: ("exceed",),
    SPREAD: ("expan", "contract", "widen", "narrow", "compress"),
}
_NAMING_PHRASES: dict[str, tuple[str, ...]] = {
    GROWTH: ("year over year", "year-over-year"),
    SURPRISE: ("short of",),
    SUM: ("in all",),
    AVERAGE: ("per day", "daily average"),
}
_CONTEXT_WORD = re.compile(r"[a-z][a-z/]*")
_SHARE_WORDS = re.compile(
    r"\b(?:share|portion|accounted\s+for|percent\s+of|%\s+of|of\s+total)\b", re.IGNORECASE
)
_AMOUNT_KINDS = (CURRENCY, NUMBER, COUNT)


class Derivation(NamedTuple):
    """One formula over source values. `approx` ranks candidates cheaply in floating point;
    `value`, the exact Decimal, is computed only for the candidates that can decide."""

    kind: str
    approx: float
    operands: tuple[Claim, ...]
    factor: int = 1  # a spread in basis points is the difference of percentages times 100

    @property
    def value(self) -> Decimal:
        values = [c.value for c in self.operands]
        try:
            if self.kind in (GROWTH, SURPRISE):
                return (values[0] - values[1]) / abs(values[1]) * 100
            if self.kind == MARGIN:
                return values[0] / values[1] * 100
            if self.kind in (RATIO_OF, PER_SHARE):
                return values[0] / values[1]
            if self.kind == DIFFERENCE:
                return values[0] - values[1]
            if self.kind == SUM:
                return sum(values, Decimal(0))
            if self.kind == AVERAGE:
                return sum(values, Decimal(0)) / len(values)
            if self.kind == SPREAD:
                return (values[0] - values[1]) * self.factor
        except (InvalidOperation, DivisionByZero):
            pass
        return Decimal("NaN")

    @property
    def formula(self) -> str:
        """The formula as a reviewer reads it: "(1.85B - 1.62B) / 1.62B * 100"."""
        a = short(self.operands[0])
        b = short(self.operands[1]) if len(self.operands) > 1 else ""
        if self.kind in (GROWTH, SURPRISE):
            return f"({a} - {b}) / {b} * 100"
        if self.kind == MARGIN:
            return f"{a} / {b} * 100"
        if self.kind in (RATIO_OF, PER_SHARE):
            return f"{a} / {b}"
        if self.kind == DIFFERENCE:
            return f"{a} - {b}"
        if self.kind == SUM:
            return " + ".join(short(c) for c in self.operands)
        if self.kind == AVERAGE:
            return f"({' + '.join(short(c) for c in self.operands)}) / {len(self.operands)}"
        if self.kind == SPREAD:
            first, second = _plain(self.operands[0].value), _plain(self.operands[1].value)
            return f"({first}% - {second}%)" + (" * 100" if self.factor != 1 else "")
        return ""


def named_derivations(context: str) -> set[str]:
    """The derivations the words around a claim name ("up 14.8%" names growth)."""
    lowered = context.lower()
    words = set(_CONTEXT_WORD.findall(lowered))
    names = {name for name, vocabulary in _NAMING_WORDS.items() if words & vocabulary}
    for name, stems in _NAMING_STEMS.items():
        if name not in names and any(word.startswith(stems) for word in words):
            names.add(name)
    for name, phrases in _NAMING_PHRASES.items():
        if name not in names and any(phrase in lowered for phrase in phrases):
            names.add(name)
    return names


_WRITTEN_NUMBER = re.compile(r"[0-9][0-9,]*(?:\.[0-9]+)?")


def short(claim: Claim) -> str:
    """A source value as a formula writes it: 1.85B, 312M, 0.50."""
    value = claim.value
    written = _WRITTEN_NUMBER.search(claim.text)
    if written and abs(value) < 1_000_000:
        digits = written.group().replace(",", "")
        try:
            if Decimal(digits) == abs(value):
                return ("-" if value < 0 else "") + digits
        except InvalidOperation:
            pass
    if claim.kind == CURRENCY or (claim.kind == NUMBER and abs(value) >= 1_000_000):
        for scale, (letter, _word) in sorted(lx.SCALE_SUFFIX.items(), reverse=True):
            if abs(value) >= scale:
                scaled = (value / scale).normalize()
                return f"{_plain(scaled)}{letter}"
    return _plain(value)


def _plain(value: Decimal) -> str:
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def quantize_like(value: Decimal, precision: Decimal | None, minimum_places: int = 0) -> Decimal:
    """`value` rounded half-up to the claim's precision, at least `minimum_places` decimals."""
    if precision is None or precision <= 0:
        precision = Decimal(1)
    places = max(-precision.normalize().as_tuple().exponent, minimum_places)
    if places >= 0:
        try:
            return value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
        except InvalidOperation:
            return value
    return (value / precision).quantize(Decimal(1), rounding=ROUND_HALF_UP) * precision


def matches_at_precision(claim_value: Decimal, exact: Decimal, precision: Decimal | None) -> bool:
    """Equal once `exact` is rounded half-up to the place value the claim was written with.

    Truncation does not count: $11.6 billion written as "$11 billion" is not a rounding.
    """
    claim_value = abs(claim_value)
    exact = abs(exact)
    if precision is None or precision <= 0:
        return claim_value == exact
    try:
        rounded = (exact / precision).quantize(Decimal(1), rounding=ROUND_HALF_UP) * precision
    except (InvalidOperation, DivisionByZero):
        return False
    return claim_value == rounded


def _pool(claim: Claim, candidates: list[Claim], limit: int) -> list[Claim]:
    """The operands worth trying, the claim's own label and period first."""
    usable = [
        c
        for c in candidates
        if "injected" not in c.qualifiers
        and "superseded" not in c.qualifiers
        and "hypothetical" not in c.qualifiers
        and c.value != 0
    ]

    def rank(c: Claim) -> tuple[int, int]:
        return (
            0 if claim.label and c.label == claim.label else 1,
            0 if claim.period and c.period == claim.period else 1,
        )

    usable.sort(key=rank)
    seen: set[tuple[Decimal, str, str]] = set()
    pool = []
    for c in usable:
        key = (c.value, c.label, c.period)
        if key in seen:
            continue
        seen.add(key)
        pool.append(c)
        if len(pool) >= limit:
            break
    return pool


def _floats(claims: list[Claim]) -> list[float]:
    return [float(c.value) for c in claims]


def _same_currency(a: Claim, b: Claim) -> bool:
    return not (
        a.kind == CURRENCY and b.kind == CURRENCY and a.unit and b.unit and a.unit != b.unit
    )


def candidates(
    claim: Claim, index_values: dict[str, list[Claim]], names: set[str]
) -> list[Derivation]:
    """Every derivation the bounded search tries for `claim`.

    `index_values` maps "same_label" and "amounts" and "percents" to source values.
    """
    out: list[Derivation] = []
    same_label = index_values.get("same_label", [])
    amounts = index_values.get("amounts", [])
    percents = index_values.get("percents", [])
    if claim.kind == PERCENT:
        growth_pool = _pool(
            claim, [c for c in same_label if c.kind in _AMOUNT_KINDS], MAX_OPERANDS // 2
        )
        if len(growth_pool) < 2:
            # The claim's own label has no pair: any label's pairs, one label at a time.
            by_label: dict[str, list[Claim]] = {}
            for c in amounts:
                if c.label:
                    by_label.setdefault(c.label, []).append(c)
            growth_pool = []
            for group in by_label.values():
                if len(group) >= 2:
                    growth_pool.extend(group)
            growth_pool = _pool(claim, growth_pool, MAX_OPERANDS)
        floats = _floats(growth_pool)
        for i, j in itertools.permutations(range(len(growth_pool)), 2):
            a, b = growth_pool[i], growth_pool[j]
            if a.label != b.label or not _same_currency(a, b):
                continue
            kind = (
                SURPRISE
                if "estimate" in b.qualifiers and "estimate" not in a.qualifiers
                else GROWTH
            )
            out.append(Derivation(kind, (floats[i] - floats[j]) / abs(floats[j]) * 100, (a, b)))
        pool = _pool(claim, amounts, MAX_OPERANDS)
        floats = _floats(pool)
        for i, j in itertools.permutations(range(len(pool)), 2):
            a, b = pool[i], pool[j]
            if abs(floats[i]) > abs(floats[j]):
                continue  # a margin or share is a part over its whole
            if (a.label == b.label and a.label) or not _same_currency(a, b):
                continue
            if not lx.periods_compatible(a.period, b.period):
                continue
            out.append(Derivation(MARGIN, floats[i] / floats[j] * 100, (a, b)))
    elif claim.kind in (PERCENTAGE_POINTS, BPS):
        pool = _pool(
            claim, [c for c in percents if c.label == claim.label or not claim.label], MAX_OPERANDS
        )
        floats = _floats(pool)
        factor = 100 if claim.kind == BPS else 1
        for i, j in itertools.permutations(range(len(pool)), 2):
            a, b = pool[i], pool[j]
            if claim.label and a.label != b.label:
                continue
            out.append(Derivation(SPREAD, (floats[i] - floats[j]) * factor, (a, b), factor))
    elif claim.kind == RATIO:
        pool = _pool(claim, amounts, MAX_OPERANDS)
        floats = _floats(pool)
        for i, j in itertools.permutations(range(len(pool)), 2):
            a, b = pool[i], pool[j]
            if lx.periods_compatible(a.period, b.period):
                out.append(Derivation(RATIO_OF, floats[i] / floats[j], (a, b)))
    elif claim.kind in _AMOUNT_KINDS:
        pool = _pool(claim, [c for c in same_label if c.kind in _AMOUNT_KINDS], MAX_OPERANDS // 2)
        floats = _floats(pool)
        for i, j in itertools.permutations(range(len(pool)), 2):
            if _same_currency(pool[i], pool[j]):
                out.append(Derivation(DIFFERENCE, floats[i] - floats[j], (pool[i], pool[j])))
        sum_pool = _pool(
            claim,
            [c for c in same_label if c.kind in _AMOUNT_KINDS and "total" not in c.qualifiers],
            MAX_SUM_OPERANDS,
        )
        floats = _floats(sum_pool)
        for size in (2, 3):
            for combo in itertools.combinations(range(len(sum_pool)), size):
                operands = tuple(sum_pool[k] for k in combo)
                out.append(Derivation(SUM, sum(floats[k] for k in combo), operands))
        if len(sum_pool) >= 2 and AVERAGE in names:
            out.append(Derivation(AVERAGE, sum(floats) / len(floats), tuple(sum_pool)))
        if claim.kind == CURRENCY and claim.label in lx.PER_SHARE_LABELS:
            shares = [c for c in amounts if c.label == "shares outstanding"]
            earners = [c for c in amounts if c.label == "net income"]
            for a in earners[:8]:
                for b in shares[:8]:
                    out.append(Derivation(PER_SHARE, float(a.value) / float(b.value), (a, b)))
    return out


MAX_CITED_OPERANDS = 8


def cited_derivations(claim: Claim, operands: list[Claim]) -> list[Derivation]:
    """Formulas over the source values the claim's own sentence cites.

    "$531 million ($842 million of operating cash flow less $311 million of capex)": the
    answer names its operands, so any label may combine with any other.
    """
    unique: list[Claim] = []
    seen: set[Decimal] = set()
    for operand in operands:
        if operand.value not in seen and operand.kind not in (PERCENTAGE_POINTS, BPS):
            seen.add(operand.value)
            unique.append(operand)
    unique = unique[:MAX_CITED_OPERANDS]
    floats = _floats(unique)
    out: list[Derivation] = []
    percent = claim.kind == PERCENT
    for i, j in itertools.permutations(range(len(unique)), 2):
        a, b, fa, fb = unique[i], unique[j], floats[i], floats[j]
        if claim.kind in (PERCENTAGE_POINTS, BPS):
            if a.kind == PERCENT and b.kind == PERCENT:
                factor = 100 if claim.kind == BPS else 1
                out.append(Derivation(SPREAD, (fa - fb) * factor, (a, b), factor))
            continue
        if fb == 0:
            continue
        if percent:
            out.append(Derivation(MARGIN, fa / fb * 100, (a, b)))
            out.append(Derivation(GROWTH, (fa - fb) / abs(fb) * 100, (a, b)))
        elif claim.kind == RATIO or claim.kind in _AMOUNT_KINDS:
            out.append(Derivation(RATIO_OF, fa / fb, (a, b)))
        if claim.kind in _AMOUNT_KINDS:
            out.append(Derivation(DIFFERENCE, fa - fb, (a, b)))
    if claim.kind in _AMOUNT_KINDS:
        for size in (2, 3):
            for combo in itertools.combinations(range(len(unique)), size):
                operands_ = tuple(unique[k] for k in combo)
                out.append(Derivation(SUM, sum(floats[k] for k in combo), operands_))
    return out


def best_match(claim: Claim, derivations: list[Derivation]) -> Derivation | None:
    """The derivation that gives the claim at its written precision, if any.

    Floats pick the candidates within half a unit of the claim's last digit (with room for
    binary rounding); the exact Decimal decides.
    """
    target = float(abs(claim.value))
    half = float(claim.precision or 1) / 2
    window = half * 1.000001 + 1e-9 * max(target, 1.0)
    for derivation in derivations:
        if abs(abs(derivation.approx) - target) <= window and matches_at_precision(
            claim.value, derivation.value, claim.precision
        ):
            return derivation
    return None


def closest(claim: Claim, derivations: list[Derivation], kinds: set[str]) -> Derivation | None:
    """The derivation of a named kind closest to the claim: what it should have said."""
    target = float(abs(claim.value))
    best = None
    best_distance = float("inf")
    for derivation in derivations:
        if derivation.kind not in kinds:
            continue
        distance = abs(abs(derivation.approx) - target)
        if distance < best_distance:
            best, best_distance = derivation, distance
    return best


def percent_places(claim: Claim) -> int:
    """Decimals to report an expected percentage with: two, or more if the claim wrote more."""
    return 2 if claim.kind in (PERCENT, PERCENTAGE_POINTS) else 0


def derivation_kinds_for(claim: Claim, names: set[str], context: str) -> set[str]:
    """Which derivation kinds a claim's wording asks to be checked against."""
    kinds: set[str] = set()
    if claim.kind == PERCENT:
        if names & {GROWTH, SURPRISE}:
            kinds |= {GROWTH, SURPRISE}
        if MARGIN in names or claim.label in (
            "gross margin",
            "operating margin",
            "net margin",
            "ebitda margin",
        ):
            kinds.add(MARGIN)
        if _SHARE_WORDS.search(context):
            kinds.add(MARGIN)
    elif claim.kind in (PERCENTAGE_POINTS, BPS):
        kinds.add(SPREAD)
    elif claim.kind == RATIO:
        if RATIO_OF in names or claim.label in lx.RATIO_LABELS:
            kinds.add(RATIO_OF)
    elif claim.kind in _AMOUNT_KINDS:
        if SUM in names:
            kinds.add(SUM)
        if AVERAGE in names:
            kinds.add(AVERAGE)
        if GROWTH in names and claim.kind == CURRENCY:
            kinds.add(DIFFERENCE)
    return kinds
