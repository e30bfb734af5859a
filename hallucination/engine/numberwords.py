"""Numbers written in words, as transcripts of earnings calls give them: "two hundred eighteen
point four billion dollars", "fourteen hundred and eighty dollars", "three and a half
billion", "ninety basis points".

`with_digits` rewrites each such number as digits in place, right-aligned in the span of its
words and padded with spaces, so the text keeps its length and every position still points
at what the text wrote. Scale words (thousand at the end, million, billion, trillion) and
units are left as written: the number reader reads them after the digits as it does after
`218.4`.

A lone number word counts only before a scale word or a unit ("eleven billion dollars",
"nine percent"): "one of our segments" and "the first one" are not numbers. Words inside
parentheses are left alone: "(amounts less than one million yen are truncated)" is a
caption.

>>> with_digits("volume was about two hundred eighteen point four billion dollars").split()
['volume', 'was', 'about', '218.4', 'billion', 'dollars']
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}  # fmt: skip
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
# Every number word starts with one of these letters: positions that do not fail at once.
_FIRST = r"(?=[zotfsenhZOTFSENH])"
_WORD = re.compile(r"[A-Za-z]+")
_VALUE_WORDS = "|".join(sorted([*_UNITS, *_TENS], key=len, reverse=True))
# Where number words stand: a unit or a tens word, then more number words and joiners.
# Searching for these first keeps a long text without them cheap.
_RUN = re.compile(
    rf"\b{_FIRST}(?:{_VALUE_WORDS})\b"
    rf"(?:[ \t-]+(?:{_VALUE_WORDS}|hundred|thousand|and|a|half|point|(?<=point )oh|(?<=oh )oh)\b)*",
    re.IGNORECASE,
)
_CENTS = re.compile(r"\s+(dollars?|euros?)\s+and\s+", re.IGNORECASE)
_CENTS_TAIL = re.compile(r"\s+cents?\b", re.IGNORECASE)
_RANGE_JOIN = re.compile(r"\s+(?:and|to|or)\s+|\s*[-–]\s*")
_JOINERS = frozenset({"and", "a", "half", "point", "hundred", "thousand"})
_NUMBER_WORDS = frozenset({*_UNITS, *_TENS}) | _JOINERS
# What may follow a lone number word for it to be a number.
_SCALE_OR_UNIT = re.compile(
    r"\s*(?:thousand|million|billion|trillion|percent|per\s+cent|percentage\s+points?|"
    r"basis\s+points?|dollars?|cents?|euros?|pounds?|yen|%)\b",
    re.IGNORECASE,
)


_NAMES = {value: word for word, value in (*_UNITS.items(), *_TENS.items())}


def small_number(word: str) -> int | None:
    """A number from zero to ninety written as one word ("four", "twelve"), or None."""
    lowered = word.lower()
    return _UNITS.get(lowered, _TENS.get(lowered))


@functools.lru_cache(maxsize=128)
def spelled(value: int) -> re.Pattern[str] | None:
    """A whole number from 0 to 99 as a pattern of its words standing alone ("seven",
    "twenty-one", "twenty one"; not the "one" of "twenty-one"); None for any other number."""
    if not 0 <= value <= 99:
        return None
    if value in _NAMES:
        words = _NAMES[value]
    else:
        tens, units = divmod(value, 10)
        words = f"{_NAMES[tens * 10]}[- ]{_NAMES[units]}"
    return re.compile(rf"(?<![\w-])(?:{words})(?![\w-])", re.IGNORECASE)


def _value(words: list[str]) -> Decimal | None:
    """The value of a sequence of number words, or None when they do not make one number."""
    total = 0
    current = 0
    fraction = ""
    seen = False
    after_point = False
    half = False
    k = 0
    while k < len(words):
        word = words[k]
        if after_point:
            if word == "oh":
                fraction += "0"  # "nine point oh five million", as a speaker says it
            elif word not in _UNITS or _UNITS[word] > 9:
                return None
            else:
                fraction += str(_UNITS[word])
        elif word in _UNITS:
            if current % 10 or (current % 100 and _UNITS[word] >= 10):
                return None  # "twenty five" is fine, "five five" and "twenty eleven" are not
            current += _UNITS[word]
            seen = True
        elif word in _TENS:
            if current % 100:
                return None
            current += _TENS[word]
            seen = True
        elif word == "hundred":
            if not current or (current >= 100 and current % 100 == 0):
                return None
            current *= 100  # "fourteen hundred", "two hundred"
        elif word == "thousand":
            if not current:
                return None
            total += current * 1000
            current = 0
        elif word == "point":
            if not seen or fraction:
                return None
            after_point = True
        elif word == "half":
            half = True
        elif word in ("and", "a"):
            pass
        else:
            return None
        k += 1
    if not seen or (after_point and not fraction):
        return None
    value = Decimal(total + current)
    if fraction:
        value += Decimal("0." + fraction)
    if half:
        value += Decimal("0.5")
    return value


def _digits(value: Decimal) -> str:
    text = format(value, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def _phrases(text: str) -> list[list[tuple[str, int, int]]]:
    """Runs of number words (with their spans), joined by spaces or hyphens only. A word
    hyphenated to a word that is not a number ("twelve-inch", "five-year") ends the run
    before it: it is part of a name."""
    runs: list[list[tuple[str, int, int]]] = []
    for region in _RUN.finditer(text):
        runs.extend(_phrases_in(text, region.start(), region.end()))
    return runs


def _phrases_in(text: str, start_at: int, end_at: int) -> list[list[tuple[str, int, int]]]:
    runs: list[list[tuple[str, int, int]]] = []
    run: list[tuple[str, int, int]] = []
    last_end = -1
    for match in _WORD.finditer(text, start_at, end_at):
        word = match.group().lower()
        start, end = match.span()
        compound = end < len(text) and text[end] == "-" and end + 1 < len(text)
        if compound:
            following = _WORD.match(text, end + 1)
            compound = bool(following) and following.group().lower() not in _NUMBER_WORDS
        joined = run and text[last_end:start].strip(" -\t") == ""
        spoken_zero = word == "oh" and bool(run) and run[-1][0] in ("point", "oh")
        if (word in _NUMBER_WORDS or spoken_zero) and not compound:
            if run and not joined:
                runs.append(run)
                run = []
            run.append((word, start, end))
        elif run:
            runs.append(run)
            run = []
        last_end = end
    if run:
        runs.append(run)
    return runs


def _numbers(run: list[tuple[str, int, int]]) -> list[tuple[Decimal, int, int]]:
    """The numbers of one run: the longest prefix that is a number, then the rest after an
    "and" or "to" ("three and three and a half" is 3 and 3.5)."""
    found = []
    i = 0
    while i < len(run):
        while i < len(run) and run[i][0] in ("and", "a", "point", "half", "hundred", "thousand"):
            i += 1
        best = None
        for j in range(len(run), i, -1):
            words = [w for w, _, _ in run[i:j]]
            while words and words[-1] in ("and", "a", "point", "thousand"):
                words.pop()
            if not words:
                continue
            value = _value(words)
            if value is not None:
                best = (value, i, i + len(words))
                break
        if best is None:
            i += 1
            continue
        value, a, b = best
        found.append((value, run[a][1], run[b - 1][2]))
        i = b
    return found


def numbers_in(text: str, start: int, end: int) -> list[tuple[Decimal, int, int]]:
    """Every number in words from `start` to `end`, lone words included ("twelve gorilla
    families, each limited to eight visitors"), for arithmetic that may take them as
    operands; not "one", nor words inside parentheses.

    >>> [int(v) for v, _s, _e in numbers_in("twelve families of eight", 0, 24)]
    [12, 8]
    """
    return [
        (value, s, e)
        for run in _phrases_in(text, start, end)
        for value, s, e in _numbers(run)
        if value >= 2 and not _in_parentheses(text, s)
    ]


def with_digits(text: str) -> str:
    """`text` with its numbers in words written as digits; the same object when it has none."""
    found = [number for run in _phrases(text) for number in _numbers(run)]
    if not found:
        return text
    keep = [
        len(text[start:end].split()) > 1 or bool(_SCALE_OR_UNIT.match(text, end))
        for _, start, end in found
    ]
    # A lone word that opens a range takes the range's unit: "between three and 3.5 billion".
    for k in range(len(found) - 2, -1, -1):
        if (
            not keep[k]
            and keep[k + 1]
            and _RANGE_JOIN.fullmatch(text, found[k][2], found[k + 1][1])
        ):
            keep[k] = True
    out: list[str] = []
    last = 0
    skip = -1
    for k, ((value, start, end), kept) in enumerate(zip(found, keep, strict=True)):
        if k <= skip:
            continue
        digits = _digits(value)
        if k + 1 < len(found) and value == int(value) and found[k + 1][0] < 100:
            cents = _CENTS.fullmatch(text, end, found[k + 1][1])
            tail = _CENTS_TAIL.match(text, found[k + 1][2])
            if cents and tail and found[k + 1][0] == int(found[k + 1][0]):
                # "two dollars and forty-four cents": 2.44 dollars, over all its words.
                digits = f"{int(value)}.{int(found[k + 1][0]):02d} {cents.group(1)}"
                end = tail.end()
                skip = k + 1
                kept = True
        if not kept or len(digits) > end - start or _in_parentheses(text, start):
            continue  # "one of our segments"; "(amounts less than one million yen ...)"
        out.append(text[last:start])
        out.append(" " * (end - start - len(digits)) + digits)
        last = end
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


def _in_parentheses(text: str, start: int) -> bool:
    """Inside an open parenthesis of its line: a caption or an aside, not a spoken figure."""
    line = text[text.rfind("\n", 0, start) + 1 : start]
    return line.count("(") > line.count(")")
