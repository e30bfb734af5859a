"""Metric labels as words: what names a number, in a row label, a header or a sentence.

A label is the set of content words that name a metric ("foreign pension plans" ->
{foreign, pension, plan}), with the canonical metric of the lexicon added when a known
synonym is present ("net sales" also carries `@revenue`), so that "revenue" in an answer
meets "net sales" in a filing. Two labels are compared by how much of each the other
names, rare words counting more than common ones (`similarity`).

>>> sorted(label_words("Net cash provided by operating activities"))
['@operating cash flow', 'activity', 'cash', 'net', 'operating', 'provided']
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable

from . import lexicon as lx

_WORD = re.compile(r"[a-z][a-z&]*")
MAX_LABEL_CHARS = 400

# Words that never name a metric: function words, the verbs and glue of a sentence that
# states a figure, period words (the period is read separately), and the words that say a
# figure is derived (read separately as a derivation cue).
STOPWORDS = frozenset(
    """
    a an the of in on at to for from by with and or as is was were are be been being its it
    their our his her this that these those which who whom whose than then there here into
    over under per via vs versus also both each all any such other same so not no nor but if
    about approximately around roughly nearly almost some circa approx estimated close
    has have had do does did will would should could may might can shall must
    s t d ll ve re
    stood came come comes reached reach reaches amounted amount amounts totaled
    totalled totaling represented represent represents representing accounted account
    made make makes gave give gives giving equal equals equaled equalled came
    figure figures number numbers level levels one ones
    thousand thousands million millions billion billions trillion trillions mn bn mm usd eur
    gbp jpy dollar dollars euro euros pound pounds cent cents
    table tables shows show showed shown according filing data
    compared compare comparison against after before while whereas respectively
    year years yearly quarter quarters quarterly month months fiscal fy period periods
    ended as-of date dates day days week weeks
    january february march april may june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec
    increase increased increases increasing decrease decreased decreases decreasing rise rose
    risen rises rising fall fell fallen falls falling grow grew grown grows growing growth
    decline declined declines declining drop dropped drops dropping climb climbed climbs
    climbing gained jump jumped jumps slip slipped slid dip dipped up down higher
    lower more less fewer greater smaller larger bigger change changed changes changing
    faster slower quicker
    difference differences times ratio percent percentage percentages pct pp bps basis points
    point points combined together sum sums summed altogether aggregate overall average
    averaged averages mean plus minus less gives gave went go goes going moved move moves
    expanded expand contracted contract improved improve improvement worsened
    cagr compound compounded compounding
    between across through during since until within
    we us you they he she i me my your them
    """.replace("?", "").split()
)
_STOP = STOPWORDS
MAX_WINDOW_WORDS = 8
# A metric named after its figure is linked to it: "$312 million in net income", "$5 billion
# of revenue"; words after a figure without such a link belong to the next one.
_LINKED_AFTER = re.compile(r"\s+(?:in|of)\s+[A-Za-z]")


# Nouns of an action made with "-al" from a verb: "reversal", "approval", "renewal", "deferral".
_NOUNS_OF_ACTION = ("sal", "val", "wal", "rral")


@functools.lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A word folded for comparison, so that forms of one word meet: "liabilities" and
    "liability", "estimated" and "estimate", "operating" and "operate"."""
    if len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("sses", "xes", "ches", "shes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is", "ous")):
        word = word[:-1]
    if word.endswith("ally") and len(word) > 7:
        word = word[:-2]  # "actually" and "actual", "annually" and "annual"
    if word.endswith("tlement"):
        word = word[:-4]  # "settlement" and "settled", "entitlement" and "entitled"
    if word.endswith(_NOUNS_OF_ACTION) and len(word) > 6:
        word = word[:-2]  # "reversal" and "reversed", "deferral" and "deferred"
    elif word.endswith("ing") and len(word) > 6:
        word = word[:-3]
    elif word.endswith("ed") and len(word) > 5 and not word.endswith("eed"):
        word = word[:-2]
    if word.endswith("e") and len(word) > 4 and not word.endswith(("ee", "ie")):
        word = word[:-1]
    return word


_ORDINAL_SPAN = re.compile(
    r"\b(?:first|second|third|fourth|1st|2nd|3rd|4th)[\s-]+(?:quarter|half)\b"
)
_NON_GAAP = re.compile(r"\bnon[\s-]?gaap\b")
_THOUSANDS_UNIT = re.compile(r"\b[a-z]{0,4}\$?'000s?\b")


def words(text: str) -> list[str]:
    """The content words of a text, folded, in order (stopwords left out)."""
    return list(_words(text[:MAX_LABEL_CHARS]))


@functools.lru_cache(maxsize=16384)
def _words(text: str) -> tuple[str, ...]:
    lowered = text.lower().replace("’", "'").replace("'s", "")
    if "gaap" in lowered:
        lowered = _NON_GAAP.sub("nongaap", lowered)  # one word: "non-GAAP" is no "GAAP"
    if "'000" in lowered:
        lowered = _THOUSANDS_UNIT.sub(" ", lowered)  # "(MVR'000)" is a unit, not a name
    if "quarter" in lowered or "half" in lowered:
        lowered = _ORDINAL_SPAN.sub(" ", lowered)  # "the third quarter" names a period
    if "sq" in lowered or "feet" in lowered or "meter" in lowered:
        for pattern, spelled in _AREA_WORDS:
            lowered = pattern.sub(spelled, lowered)
    return tuple(stem(w) for w in _WORD.findall(lowered) if w not in _STOP and len(w) > 1)


# Units of area as filings abbreviate them: "rent per occupied sq. ft." names the line
# "rent per occupied square foot".
_AREA_WORDS = (
    (
        re.compile(r"(?<![a-z])sq\.?\s*(?:ft|feet)(?![a-z])\.?|(?<![a-z])sqft(?![a-z])"),
        "square foot",
    ),
    (re.compile(r"(?<![a-z])sq\.?\s*m(?![a-z])\.?|(?<![a-z])sqm(?![a-z])"), "square metre"),
    (re.compile(r"\bfeet\b"), "foot"),
    (re.compile(r"\bmeters?\b"), "metre"),
)


_DATE_PARTS = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+[0-9]{1,2}(?:\s*[-–]\s*[0-9]{1,2})?"
    r"(?:st|nd|rd|th)?\b,?|\b[0-9]{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"
    r"|\b[0-9]{1,2}/[0-9]{1,2}(?:/[0-9]{2,4})?\b",
    re.IGNORECASE,
)
# Not the "'000" of a unit ("Revenue (Q'000)") nor the second year of "2023/24".
_LABEL_NUMBER = re.compile(
    r"(?<![\w.'’])(?<!(?:19|20)[0-9]{2}/)([0-9][0-9,]*(?:\.[0-9]+)?)\s?(%)?(?![\w])"
)


def number_words(text: str) -> list[str]:
    """Numbers that are part of a name: the rate of "5.00% notes", the 500 of "S&P 500".

    Years are left out: a year in a label is a period, read separately. "5.00%" and "5%"
    are the same word (#5%).
    """
    out = []
    text = _DATE_PARTS.sub(" ", text[:MAX_LABEL_CHARS])
    for m in _LABEL_NUMBER.finditer(text):
        digits = m.group(1).replace(",", "")
        if len(digits) <= 2 and not m.group(2) and _footnote(text, m.start(), m.end()):
            continue  # a footnote marker: "guaranty fund contributions (2)"
        if len(digits) == 4 and digits.isdigit() and 1900 <= int(digits) <= 2099 and not m.group(2):
            continue
        if "." in digits:
            digits = digits.rstrip("0").rstrip(".")
        out.append("#" + digits + (m.group(2) or ""))
    return out


@functools.lru_cache(maxsize=16384)
def without_metrics(words: frozenset[str]) -> frozenset[str]:
    """Label words without the known metrics they name (`@revenue`): the words a line's own
    name may hold while naming its metric more narrowly (`@segment revenue`)."""
    return frozenset(w for w in words if not w.startswith("@"))


# "**Step 3 – Change:**": the number of a step of working names no metric.
_STEP_NUMBER = re.compile(r"\bstep\s+[0-9]{1,2}\b", re.IGNORECASE)


# Names of a metric whose words are not the line's own: "top line" is revenue.
_FIGURES_OF_SPEECH = ("top line", "top-line", "bottom line", "bottom-line")


def label_words(text: str) -> frozenset[str]:
    """The label of a phrase: its content words plus the canonical metric it names, if any."""
    if "tep " in text:
        text = _STEP_NUMBER.sub(" ", text)
    found = set(words(text))
    canonical = (
        lx.canonical_labels(text[:MAX_LABEL_CHARS]) if found or "ratio" in text.lower() else ()
    )
    if not found and not canonical:
        return frozenset()  # "combined ratio" has no content word, but names a metric
    if canonical and "line" in found:
        lowered = text.lower()
        for figure in _FIGURES_OF_SPEECH:
            if figure in lowered:
                # "the top line grew 9.6%": revenue, whatever line the sources call it
                found.difference_update(words(figure))
    found.update(number_words(text))
    found.update("@" + label for label in canonical)
    return frozenset(found)


def window_label(before: str, after: str = "") -> frozenset[str]:
    """The label of a number in prose: the last content words before it in its clause, or,
    when there are none, the first ones after it ("$312 million in net income").

    >>> sorted(window_label("Net income was ", " in 2024"))
    ['@net income', 'income', 'net']
    """
    found = words(before)[-MAX_WINDOW_WORDS:]
    source = before
    if not found and after and _LINKED_AFTER.match(after):
        found = words(after)[:MAX_WINDOW_WORDS]
        source = after
    if not found:
        return frozenset()
    labels = set(found)
    labels.update("@" + label for label in lx.canonical_labels(source[-MAX_LABEL_CHARS:]))
    return frozenset(labels)


def acronyms(label: frozenset[str]) -> list[tuple[str, frozenset[str]]]:
    """The words of a label that abbreviate the rest of it, with the rest: `pcd` of
    {passenger, cruis, pcd} ("Passenger cruise days (PCDs)"), whose initials it holds."""
    out = []
    for word in label:
        if not 2 <= len(word) <= 6 or not word.isalpha():
            continue
        others = frozenset(w for w in label if w != word and w[0] != "@")
        letters = set(word)
        if (
            len(others) >= 2
            and len(letters) <= len(others) + 1
            and {w[0] for w in others} <= letters
        ):
            out.append((word, others))
    return out


def _footnote(text: str, start: int, end: int) -> bool:
    return text[start - 1 : start] in ("(", "[") and text[end : end + 1] in (")", "]")


class Weights:
    """How much each word says about which metric is meant, from how rare it is in a source.

    A word on every row ("total", "net") tells rows apart less than one on a single row
    ("pension"); weights are inverse document frequencies over the labels of a source.
    """

    def __init__(self, labels: Iterable[frozenset[str]]) -> None:
        counts: dict[str, int] = {}
        n = 0
        for label in labels:
            n += 1
            for word in label:
                counts[word] = counts.get(word, 0) + 1
        self._counts = counts
        self._n = max(n, 1)
        self._memo: dict[str, float] = {}
        self._totals: dict[frozenset[str], float] = {}

    def total(self, label: frozenset[str]) -> float:
        """The weight of a whole label (remembered: the same labels are asked about often)."""
        found = self._totals.get(label)
        if found is None:
            found = sum(self(w) for w in label)
            self._totals[label] = found
        return found

    def __call__(self, word: str) -> float:
        found = self._memo.get(word)
        if found is None:
            count = self._counts.get(word, 0)
            found = math.log(1 + (self._n + 1) / (count + 1)) if count else math.log(2 + self._n)
            self._memo[word] = found
        return found


def similarity(claim: frozenset[str], fact: frozenset[str], weight: Weights) -> tuple[float, float]:
    """(recall, precision): how much of the fact's label the claim names, and how much of the
    claim's label the fact explains, each weighted by rarity. (0, 0) when nothing is shared."""
    if not claim or not fact:
        return 0.0, 0.0
    common = claim & fact
    if not common:
        return 0.0, 0.0
    shared = weight.total(common)
    return shared / weight.total(fact), shared / weight.total(claim)


def f1(recall: float, precision: float) -> float:
    return 0.0 if recall + precision == 0 else 2 * recall * precision / (recall + precision)
