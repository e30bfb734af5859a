"""Corrections for the auto-retry loop: each wrong number replaced in the claim's own style."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

import regex

from .extraction import approximation_start
from .types import (
    APPROXIMATION,
    ARITHMETIC_DRIFT,
    CONTRADICTED,
    DATE,
    FABRICATION,
    PERIOD_MISMATCH,
    SCALE_DRIFT,
    SIGN_REASON,
    SUBSTITUTION,
    UNSUPPORTED_AGGREGATION,
    ClaimVerdict,
    Correction,
)
from .values import plain

CORRECTABLE = frozenset(
    {
        SUBSTITUTION,
        ARITHMETIC_DRIFT,
        SCALE_DRIFT,
        APPROXIMATION,
        FABRICATION,
        PERIOD_MISMATCH,
        UNSUPPORTED_AGGREGATION,
        # An external check's value (a re-fetched filing, a quote): the engine never says it.
        CONTRADICTED,
    }
)
_STYLE = regex.compile(
    r"(?P<pre>[^0-9]*?)(?P<num>[0-9]{1,3}(?:[ \u00a0'’][0-9]{3})+(?![0-9])|[0-9][0-9,]*(?:\.[0-9]+)?"
    r"|\.[0-9]+)(?P<post>.*)",
    regex.DOTALL,
)
_GROUP_MARKS = (" ", "\u00a0", "'", "’")  # "12 672", "23'064'000": groups of three
MAX_DECIMALS = 4
_SCALE_IN_STYLE = regex.compile(
    r"(\s?)(thousand|million|billion|trillion|mln|mn|bn|tn|MM|mm|K|k|M|m|B|b|T)(?![A-Za-z])(.*)",
    regex.DOTALL,
)
_SCALE_STYLES = {
    "words": {
        Decimal("1e3"): "thousand",
        Decimal("1e6"): "million",
        Decimal("1e9"): "billion",
        Decimal("1e12"): "trillion",
    },
    "letters": {
        Decimal("1e3"): "K",
        Decimal("1e6"): "M",
        Decimal("1e9"): "B",
        Decimal("1e12"): "T",
    },
    "short": {
        Decimal("1e3"): "k",
        Decimal("1e6"): "mn",
        Decimal("1e9"): "bn",
        Decimal("1e12"): "tn",
    },
}


# A figure written with a decimal comma: "915,2", "2.915,2", "12 345,6".
_DECIMAL_COMMA = regex.compile(r"(?<![\d,])\d{1,3}(?:[. ]\d{3})*,\d{1,2}(?![\d,])")


def _places(value: Decimal) -> int:
    exponent = value.normalize().as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def _rescaled(post: str, new_abs: Decimal) -> tuple[str, Decimal] | None:
    """The scale word the claim used, swapped for one that suits the new value."""
    found = _SCALE_IN_STYLE.match(post)
    if not found:
        return None
    space, word, rest = found.group(1), found.group(2), found.group(3)
    family = "words" if len(word) > 2 and word.lower() not in ("mln",) else "letters"
    if word in ("bn", "mn", "tn"):
        family = "short"
    for factor in (Decimal("1e12"), Decimal("1e9"), Decimal("1e6"), Decimal("1e3")):
        if new_abs >= factor:
            if factor == Decimal("1e3") and family != "words" and word.upper() != "K":
                continue  # "$950K" is fine, "$0.95M" reads better than "950 thousand" in letters
            new_word = _SCALE_STYLES[family][factor]
            if family == "letters" and word.islower():
                new_word = new_word.lower()
            return f"{space}{new_word}{rest}", factor
    return rest, Decimal(1)


def format_like(text: str, written_value: Decimal, new_value: Decimal) -> str:
    """`new_value` written the way `text` wrote `written_value`: "$0.81" -> "$0.78".

    The scale the text used ("billion", "M", a table's "in millions") is kept when the new
    value reads naturally in it, and swapped otherwise ("$1.85 million" -> "$1.85 billion");
    decimals grow when the new value needs them ("$4 billion" -> "$4.2 billion") and do
    not shrink below what the claim wrote.
    """
    style = _STYLE.fullmatch(text)
    if not style:
        return plain(new_value)
    pre, num, post = style.group("pre"), style.group("num"), style.group("post")
    mark = next((m for m in _GROUP_MARKS if m in num), "")
    if mark:
        num = num.replace(mark, ",")  # read and written back with its own group mark
    try:
        written = Decimal(num.replace(",", "") if not num.startswith(".") else "0" + num)
    except InvalidOperation:
        return plain(new_value)
    scale = Decimal(1)
    if written != 0 and abs(written_value) != 0:
        scale = (abs(written_value) / written).normalize()
    new_abs = abs(new_value)
    written_places = len(num.split(".", 1)[1]) if "." in num else 0
    scaled = new_abs / scale
    if scale != 1 and not Decimal("0.01") <= scaled < 1000:
        swapped = _rescaled(post, new_abs)
        if swapped is not None:
            post, scale = swapped
            scaled = new_abs / scale
            written_places = 0
    # A recomputed value carries its own decimals (14.20): keep them when no scale intervenes.
    exponent = new_value.as_tuple().exponent
    own_places = -exponent if scale == 1 and isinstance(exponent, int) and exponent < 0 else 0
    places = min(max(written_places, _places(scaled), own_places), MAX_DECIMALS)
    quantized = (
        scaled.quantize(Decimal(1).scaleb(-places)) if places else scaled.quantize(Decimal(1))
    )
    body = (
        f"{quantized:,}"
        if "," in num or (scale == 1 and quantized >= 10_000 and "," in text)
        else format(quantized, "f")
    )
    if mark:
        body = body.replace(",", mark)
    negative_written = pre.strip().startswith(("-", "−")) or (
        pre.strip().endswith("(") and post.strip().startswith(")")
    )
    if new_value < 0 and not negative_written and written_value >= 0:
        body = "-" + body
    if new_value > 0 and negative_written and pre.strip().startswith(("-", "−")):
        pre = pre.replace("-", "", 1).replace("−", "", 1)  # the sources give it positive
    return f"{pre}{body}{post}"


def corrections_for(answer: str, verdicts: list[ClaimVerdict]) -> list[Correction]:
    out: list[Correction] = []
    for verdict in verdicts:
        claim = verdict.claim
        if verdict.grounded or verdict.outcome not in CORRECTABLE or claim.kind == DATE:
            continue
        if verdict.expected_value is None:
            continue
        if verdict.details.get("citation") and verdict.details.get("matched"):
            continue  # the citation names another metric's path: the figure alone won't do
        if verdict.details.get("currency", claim.unit) != claim.unit:
            continue  # "$2,318 million" for €2,318 million: the currency, not the digits
        if _DECIMAL_COMMA.search(claim.text):
            # "€ 2.915,2 million": a decimal comma, which `format_like` does not write; the
            # verdict explains, and no replacement in another style is offered
            continue
        new_value = verdict.expected_value
        if verdict.outcome == ARITHMETIC_DRIFT and (
            (new_value < 0) != (claim.value < 0) or verdict.details.get("reason") == SIGN_REASON
        ):
            # "rose 1.4%" where the figure fell 1.41%: the words are wrong, not only the
            # digits, and a figure alone cannot say so. The verdict explains; no replacement.
            continue
        if (
            claim.value < 0 < new_value
            and verdict.outcome != ARITHMETIC_DRIFT
            and verdict.nearest is not None
            and verdict.nearest.value < 0
        ):
            new_value = -new_value  # "$(4.2) million" for a source's (4.2): keep the sign
        replacement = format_like(claim.text, claim.value, new_value)
        start, end = claim.start, claim.end
        if verdict.outcome == APPROXIMATION:
            # "approximately $4 billion" -> "$4.2 billion": the exact value needs no hedge.
            start = approximation_start(answer, start)
        if answer[start:end] == replacement:
            continue
        nearest = verdict.nearest
        if verdict.formula and verdict.outcome == ARITHMETIC_DRIFT:
            reason = f"{verdict.outcome}: {verdict.formula} = {format(verdict.expected_value, 'f')}"
        elif nearest is not None:
            where = f" [{nearest.source_id}]" if nearest.source_id else ""
            reason = f"{verdict.outcome}: the source gives {nearest.text}{where}"
        else:
            reason = verdict.outcome
        out.append(
            Correction(
                text=answer[start:end], start=start, end=end, replacement=replacement, reason=reason
            )
        )
    return out


def apply_corrections(answer: str, corrections: list[Correction]) -> str:
    pieces = []
    cursor = 0
    for correction in sorted(corrections, key=lambda c: c.start):
        if correction.start < cursor:
            continue  # overlapping corrections: the first one wins
        pieces.append(answer[cursor : correction.start])
        pieces.append(correction.replacement)
        cursor = correction.end
    pieces.append(answer[cursor:])
    return "".join(pieces)
