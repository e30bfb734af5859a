"""The source index: every source value, bucketed by kind family and sorted for range lookups.

Building it is one pass over the sources plus a sort; each question the grounding rules ask
("values within this range", "nearest value of a compatible kind") is a binary search, so
cost grows with the length of the answer plus the sources, not their product.
"""

from __future__ import annotations

import bisect
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from decimal import Decimal

from . import clauses, labels, tables
from . import lexicon as lx
from .extraction import MAX_TEXT_CHARS, extract_document, ranges_share_labels
from .json_source import looks_like_json, read_json_source
from .markup import read_markup_source
from .types import (
    BPS,
    COUNT,
    CURRENCY,
    DATE,
    INHERITED,
    NUMBER,
    PERCENT,
    PERCENTAGE_POINTS,
    RATIO,
    CalculatorOutput,
    Claim,
    DetectionInput,
    ProvidedMetric,
    ReferenceFact,
    SourceDocument,
    replace_claim,
)

FAMILY = {
    CURRENCY: "currency",
    NUMBER: "number",
    COUNT: "count",
    RATIO: "ratio",
    PERCENT: "percent",
    PERCENTAGE_POINTS: "spread",
    BPS: "spread",
    DATE: "date",
}
# Which source families can ground a claim of each kind. A percentage never grounds
# against a plain count; a plain number grounds a percentage only under the same label.
COMPATIBLE_FAMILIES = {
    CURRENCY: ("currency", "number"),
    NUMBER: ("number", "currency", "count", "ratio"),
    COUNT: ("count", "number"),
    RATIO: ("ratio", "number"),
    PERCENT: ("percent", "number"),
    PERCENTAGE_POINTS: ("spread",),
    BPS: ("spread",),
    DATE: ("date",),
}
UNUSABLE = frozenset({"injected"})
_NAME_WORD = re.compile(r"[A-Za-z][A-Za-z&.'-]*")
_POSSESSIVE = re.compile(r"\b([A-Z][A-Za-z&.-]{1,40})(?:'s|’s)\b")
# "Brindle Robotics, Inc.", "Halloran Medical Systems Corp.": a company by its legal form.
_INCORPORATED = re.compile(
    r"\b([A-Z][A-Za-z&-]{1,30})(?:\s+[A-Z][A-Za-z&-]{1,30}){0,3},?\s+"
    r"(?:Inc\.|Incorporated\b|Corp\.|Corporation\b|plc\b|PLC\b|Ltd\b|Limited\b|LLC\b|N\.V\.|S\.A\.|AG\b|SE\b)"
)
QUALIFIED = ("superseded", "hypothetical")
QUALIFIED_OR_INJECTED = frozenset({"superseded", "hypothetical", "injected"})
MAX_POOL = 256  # operands a recomputation may combine, whatever the size of the sources


def norm(claim: Claim) -> Decimal:
    """The magnitude the index sorts on: absolute value, spreads in basis points."""
    value = abs(claim.value)
    if claim.kind == PERCENTAGE_POINTS:
        value *= 100
    return value


@dataclass(slots=True)
class _Bucket:
    keys: list[Decimal] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)

    def sort(self) -> None:
        order = sorted(range(len(self.keys)), key=self.keys.__getitem__)
        self.keys = [self.keys[i] for i in order]
        self.claims = [self.claims[i] for i in order]

    def between(self, low: Decimal, high: Decimal, limit: int = 400) -> list[Claim]:
        """The first `limit` values from `low` to `high`, in key order (two binary searches
        and a slice: a long answer of bare figures asks this hundreds of times)."""
        i = bisect.bisect_left(self.keys, low)
        end = bisect.bisect_right(self.keys, high, i, min(len(self.keys), i + limit))
        return self.claims[i:end]

    def around(self, value: Decimal, width: int = 6) -> Iterator[Claim]:
        i = bisect.bisect_left(self.keys, value)
        for k in range(max(0, i - width), min(len(self.keys), i + width)):
            yield self.claims[k]


def date_keys(claim: Claim) -> tuple[str, ...]:
    """The period keys a source date supports: Q3 2026 supports "Q3 2026", "2026", "Q3"."""
    key = claim.period
    year = lx.period_year(key)
    keys = [key]
    if year and key != year:
        keys.append(year)
    if key == year:
        keys.append(f"FY{year}")
    if key.startswith(("Q", "H")) and " " in key:
        keys.append(key.split(" ", 1)[0])
    if key.startswith("FY"):
        keys.append(year)
    if len(key) == 10 and key[4] == "-":
        keys.append(key[:7])
        month, day = int(key[5:7]), int(key[8:10])
        if month % 3 == 0 and day >= 28:
            # "three months ended March 31, 2024", a balance at that date: the quarter it closes
            keys.append(f"Q{month // 3} {year}")
    return tuple(keys)


MAX_POSTING = 4_000  # facts listed under one label word, whatever the size of the sources


def written_norm(claim: Claim) -> Decimal:
    """The magnitude as written, before any scale: the key for sources of unknown scale."""
    value = abs(claim.written)
    if claim.kind == PERCENTAGE_POINTS:
        value *= 100
    return value


@dataclass(slots=True)
class SourceIndex:
    claims: list[Claim] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)
    calculator_outputs: list[CalculatorOutput] = field(default_factory=list)
    metrics: list[ProvidedMetric] = field(default_factory=list)
    json_paths: dict[str, Decimal] = field(default_factory=dict)
    checksum: str = ""
    checksum_input: str | None = None
    injected: list[Claim] = field(default_factory=list)
    has_injection_text: bool = False
    injection_sources: list[str] = field(default_factory=list)
    fiscal_ends: dict[str, str] = field(default_factory=dict)  # "FY2023" -> "2024-02-03"
    # The year ends of the fiscal years the sources' table columns are named by, as those
    # years: "2025-01-31" -> "FY2024" beside "| | Fiscal 2024 |" and "fiscal 2024 ended
    # January 31, 2025". Figures dated so are that fiscal year's, in answer and sources.
    fiscal_columns: dict[str, str] = field(default_factory=dict)
    fiscal_year_end: int = 0  # "Our fiscal year ends on September 30": 9
    _buckets: dict[str, _Bucket] = field(default_factory=dict)
    _written: dict[str, _Bucket] = field(default_factory=dict)
    _labelled: dict[tuple[str, str], _Bucket] = field(default_factory=dict)
    _dates: dict[str, list[Claim]] = field(default_factory=dict)
    _unscaled: set[str] = field(default_factory=set)  # families holding a value of unknown scale
    by_label: dict[str, list[Claim]] = field(default_factory=dict)
    by_word: dict[str, list[Claim]] = field(default_factory=dict)
    rows: dict[tuple[str, int, int], list[Claim]] = field(default_factory=dict)
    weights: labels.Weights | None = None
    aliases: list[tuple[str, frozenset[str]]] = field(default_factory=list)
    bindings: dict = field(default_factory=dict)  # candidates.bind's answers, per detection
    segments: set[str] = field(default_factory=set)
    _segment_answers: dict[str, bool] = field(default_factory=dict)
    _lowered: str | None = None
    _operands: list[Claim] | None = None
    _percents: list[Claim] | None = None
    _companies: set[str] | None = None
    _company_words: frozenset[str] | None = None
    _by_period: dict[str, list[Claim]] | None = None

    @property
    def empty(self) -> bool:
        return not self.claims

    def add(self, claim: Claim) -> None:
        self.claims.append(claim)
        if claim.segment:
            self.segments.add(claim.segment)
        if "injected" in claim.qualifiers:
            self.injected.append(claim)
        family = FAMILY[claim.kind]
        if family == "date":
            if not claim.nested:
                for key in date_keys(claim):
                    self._dates.setdefault(key, []).append(claim)
            else:
                self._dates.setdefault(claim.period, []).append(claim)
            bucket = self._buckets.get(family) or self._buckets.setdefault(family, _Bucket())
            bucket.keys.append(claim.value)
            bucket.claims.append(claim)
            return
        key = norm(claim)
        # (get first: setdefault would build a bucket, and its two lists, for every claim)
        bucket = self._buckets.get(family) or self._buckets.setdefault(family, _Bucket())
        bucket.keys.append(key)
        bucket.claims.append(claim)
        written = self._written.get(family) or self._written.setdefault(family, _Bucket())
        # Written as it is stored unless a scale multiplied it.
        written.keys.append(key if claim.scale == 1 else written_norm(claim))
        written.claims.append(claim)
        if not claim.scale_origin:
            self._unscaled.add(family)
        if claim.label:
            labelled = self._labelled.get((family, claim.label)) or self._labelled.setdefault(
                (family, claim.label), _Bucket()
            )
            labelled.keys.append(key)
            labelled.claims.append(claim)
            self.by_label.setdefault(claim.label, []).append(claim)
        # Each word's posting lists the claims in the order they were added, so the words
        # may be taken in any order; most claims have no column header words to add.
        words = claim.label_words
        if claim.header_words:
            words = words | claim.header_words
        for word in words:
            posting = self.by_word.setdefault(word, [])
            if len(posting) < MAX_POSTING:
                posting.append(claim)
        if claim.cell is not None:
            self.rows.setdefault((claim.source_id, claim.cell[0], claim.cell[1]), []).append(claim)

    def finish(self) -> None:
        for bucket in (*self._buckets.values(), *self._written.values(), *self._labelled.values()):
            bucket.sort()
        distinct = {
            c.label_words | c.header_words for c in self.claims if c.label_words and c.kind != DATE
        }
        self.weights = labels.Weights(distinct)
        self.aliases = sorted({alias for label in distinct for alias in labels.acronyms(label)})

    def with_aliases(self, words: frozenset[str]) -> frozenset[str]:
        """A claim's words with the acronym of each source line whose other words it names
        ("passenger cruise days" of a "Passenger cruise days (PCDs)" row)."""
        for acronym, others in self.aliases:
            if acronym not in words and others <= words:
                words = words | {acronym}
        return words

    # ------------------------------------------------------------ segments

    def with_period(self, period: str) -> list[Claim]:
        """The figures (dates aside) the sources give this period, in index order; the
        lookup is built on first use, once per index."""
        return self._periods().get(period, [])

    def periods(self) -> Iterable[str]:
        """Every period the sources give a figure (dates aside)."""
        return self._periods().keys()

    def _periods(self) -> dict[str, list[Claim]]:
        if self._by_period is None:
            self._by_period = {}
            for claim in self.claims:
                if claim.period and claim.kind != DATE:
                    self._by_period.setdefault(claim.period, []).append(claim)
        return self._by_period

    def companies(self) -> set[str]:
        """Names the sources use for the company itself: a title's first words, possessives."""
        if self._companies is None:
            names: set[str] = set()
            for text in self.texts.values():
                first_line = text.strip().split("\n", 1)[0][:200]
                words = []
                for word in _NAME_WORD.findall(first_line)[:4]:
                    if not word[:1].isupper():
                        break
                    words.append(word.lower())
                    names.add(" ".join(words))
                for match in _POSSESSIVE.finditer(text[:200_000]):
                    names.add(match.group(1).lower())
                if "Inc" in text or "Corp" in text or "L" in text or "." in text:
                    for match in _INCORPORATED.finditer(text[:200_000]):
                        names.add(match.group(1).lower())
            self._companies = names
        return self._companies

    def company_words(self) -> frozenset[str]:
        """The company's one-word names, as written and folded as labels fold words
        ("brindle" and `brindl`)."""
        if self._company_words is None:
            names = {n for n in self.companies() if " " not in n}
            self._company_words = frozenset(names | {labels.stem(n) for n in names})
        return self._company_words

    def is_company(self, name: str) -> bool:
        return name in self.companies() or name.split(" ", 1)[0] in self.companies()

    def segment_unreported(self, segment: str) -> bool:
        """The sources name this segment but give no figure for it."""
        if segment not in self._segment_answers:
            if self._lowered is None:
                self._lowered = "\n".join(self.texts.values()).lower()
            self._segment_answers[segment] = (
                segment not in self.segments
                and segment in self._lowered
                and not self.is_company(segment)
            )
        return self._segment_answers[segment]

    # ------------------------------------------------------------ lookups

    def between(self, kind: str, low: Decimal, high: Decimal) -> list[Claim]:
        out: list[Claim] = []
        for family in COMPATIBLE_FAMILIES[kind]:
            bucket = self._buckets.get(family)
            if bucket is not None:
                out += bucket.between(low, high)
        return out

    def written_between(self, kind: str, low: Decimal, high: Decimal) -> list[Claim]:
        """Source values whose digits, as written and before any scale, fall in the range."""
        out: list[Claim] = []
        for family in COMPATIBLE_FAMILIES[kind]:
            bucket = self._written.get(family)
            if bucket is not None:
                out += bucket.between(low, high)
        return out

    def has_unscaled(self, kind: str) -> bool:
        """Some source value of a kind compatible with `kind` states no scale."""
        return any(family in self._unscaled for family in COMPATIBLE_FAMILIES[kind])

    def near(self, kind: str, value: Decimal, label: str = "") -> Iterator[Claim]:
        for family in COMPATIBLE_FAMILIES[kind]:
            bucket = self._labelled.get((family, label)) if label else self._buckets.get(family)
            if bucket is not None:
                yield from bucket.around(value)

    def sharing_words(self, words: frozenset[str], limit: int = 6_000) -> list[Claim]:
        """Source values whose label shares a word with `words`, rarest words first."""
        weight = self.weights
        # Rarest first, equal weights in alphabetical order: a set's own order changes with
        # the process's hash seed, and the first values found are the ones a bounded search
        # keeps.
        ordered = sorted(sorted(words), key=weight, reverse=True) if weight else sorted(words)
        seen: set[int] = set()
        out: list[Claim] = []
        for word in ordered:
            for claim in self.by_word.get(word, ()):
                if id(claim) not in seen:
                    seen.add(id(claim))
                    out.append(claim)
                    if len(out) >= limit:
                        return out
        return out

    def row_of(self, claim: Claim) -> list[Claim]:
        if claim.cell is None:
            return [claim]
        return self.rows.get((claim.source_id, claim.cell[0], claim.cell[1]), [claim])

    def operand_pool(self) -> list[Claim]:
        """Usable amounts for cross-metric formulas (margins, ratios), bounded; labelled first."""
        if self._operands is None:
            usable = [
                c
                for c in self.claims[: MAX_POOL * 16]
                if c.kind in (CURRENCY, NUMBER, COUNT)
                and not (QUALIFIED_OR_INJECTED & c.qualifiers)
            ]
            usable.sort(key=lambda c: 0 if c.label else 1)
            self._operands = usable[:MAX_POOL]
        return self._operands

    def percent_pool(self) -> list[Claim]:
        if self._percents is None:
            self._percents = [
                c
                for c in self.claims
                if c.kind == PERCENT and not (QUALIFIED_OR_INJECTED & c.qualifiers)
            ][:MAX_POOL]
        return self._percents

    def dates_with_key(self, key: str) -> list[Claim]:
        return self._dates.get(key, [])

    def all_dates(self) -> list[Claim]:
        bucket = self._buckets.get("date")
        return bucket.claims if bucket else []

    def labelled(self, label: str, kinds: Iterable[str] | None = None) -> list[Claim]:
        found = self.by_label.get(label, [])
        if kinds is None:
            return found
        wanted = set(kinds)
        return [c for c in found if c.kind in wanted]

    def values(self, kinds: Iterable[str]) -> list[Claim]:
        out: list[Claim] = []
        for family in {FAMILY[k] for k in kinds}:
            bucket = self._buckets.get(family)
            if bucket is not None:
                out.extend(bucket.claims)
        return out


def _reference_claims(facts: Iterable[ReferenceFact]) -> list[Claim]:
    claims = []
    for fact in facts:
        unit = fact.unit.strip()
        if unit in ("%", "percent"):
            kind, unit = PERCENT, "%"
        elif unit in ("pp",):
            kind = PERCENTAGE_POINTS
        elif unit == "bps":
            kind = BPS
        elif unit in ("x", "ratio"):
            kind, unit = RATIO, "x"
        elif unit.lower() in ("count", "shares", ""):
            kind, unit = (COUNT if unit else NUMBER), ""
        else:
            kind, unit = CURRENCY, unit.upper()
        exponent = fact.value.as_tuple().exponent
        precision = (
            Decimal(1).scaleb(exponent)
            if isinstance(exponent, int) and exponent < 0
            else Decimal(1)
        )
        text = format(fact.value, "f")
        claims.append(
            Claim(
                text=text,
                start=0,
                end=0,
                kind=kind,
                value=fact.value,
                unit=unit,
                precision=precision,
                label=lx.normalise_label(fact.metric) or fact.metric.strip().lower(),
                period=lx.normalise_period(fact.period) or fact.period,
                source_id=f"reference:{fact.source or fact.entity}",
            )
        )
    return claims


@dataclass(frozen=True, slots=True)
class ExtractedSource:
    """Everything one source yields, immutable so that it can be shared between detections."""

    claims: tuple[Claim, ...]
    calculator_outputs: tuple[CalculatorOutput, ...] = ()
    metrics: tuple[ProvidedMetric, ...] = ()
    paths: tuple[tuple[str, Decimal], ...] = ()
    checksum: str = ""
    checksum_input: str | None = None
    has_instructions: bool = False
    # The fiscal year each year end closes, as the source states it: ("FY2023", "2024-02-03").
    fiscal_ends: tuple[tuple[str, str], ...] = ()
    fiscal_year_end: int = 0  # the month a fiscal year ends in, when the source says so


class _SourceCache:
    """Recently extracted sources, bounded by their total length.

    Seed 002's auto-retry loop resubmits the same sources with a corrected answer, and a
    filing is often asked about more than once: extracting it again would be wasted work.
    Extraction is a pure function of (id, text), so the cache cannot go stale.
    """

    def __init__(self, max_chars: int) -> None:
        self.max_chars = max_chars
        self._entries: OrderedDict[tuple[str, str], ExtractedSource] = OrderedDict()
        self._chars = 0
        self._lock = threading.Lock()

    def get(self, key: tuple[str, str]) -> ExtractedSource | None:
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
            return found

    def put(self, key: tuple[str, str], value: ExtractedSource) -> None:
        size = len(key[1])
        if size > self.max_chars // 4:
            return  # one huge source would push out everything else
        with self._lock:
            if key in self._entries:
                return
            self._entries[key] = value
            self._chars += size
            while self._chars > self.max_chars and self._entries:
                old_key, _old = self._entries.popitem(last=False)
                self._chars -= len(old_key[1])

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._chars = 0


SOURCE_CACHE = _SourceCache(max_chars=16_000_000)


MAX_CALENDAR_CHARS = 20_000  # a statement of the fiscal calendar comes before the tables


def clear_caches() -> None:
    """Forget every extracted source (benchmarks measure the cold path with this)."""
    SOURCE_CACHE.clear()


def extract_source(source_id: str, text: str) -> ExtractedSource:
    """The claims and tool-output facts of one source, from the cache when it was seen."""
    key = (source_id, text)
    cached = SOURCE_CACHE.get(key)
    if cached is not None:
        return cached
    structured = read_json_source(text, source_id=source_id) or read_markup_source(
        text, source_id=source_id
    )
    if structured is not None:
        extracted = ExtractedSource(
            claims=tuple(structured.claims),
            calculator_outputs=tuple(structured.calculator_outputs),
            metrics=tuple(structured.metrics),
            paths=tuple(structured.paths.items()),
            checksum=structured.checksum,
            checksum_input=structured.checksum_input,
        )
    else:
        claims, marks = extract_document(text, source_id=source_id, number_words=True)
        claims = _with_quarters_in_words(text, source_id, claims)
        claims = _with_months_of_its_dateline(text, source_id, claims)
        if ") " in text or ")," in text or ")." in text:
            claims = _comparatives_in_brackets(text, claims)
        if ":" in text and "(" in text:
            claims = _current_of_a_dated_comparative(text, claims)
        extracted = ExtractedSource(
            claims=tuple(
                _under_headings(text, ranges_share_labels(text, _with_prose_labels(text, claims)))
            ),
            has_instructions=bool(marks.starts.get("injection")),
            fiscal_ends=fiscal_calendar(text),
            fiscal_year_end=fiscal_year_end(text),
        )
    SOURCE_CACHE.put(key, extracted)
    return extracted


# "Fiscal 2023 consisted of the 53 weeks ended February 3, 2024. Fiscal 2022 and fiscal
# 2021 consisted of the 52 weeks ended January 28, 2023 and January 29, 2022": which
# fiscal year each year end closes.
_FISCAL_CALENDAR = re.compile(
    r"\bfiscal(?:\s+years?)?\s+((?:(?:19|20)[0-9]{2}(?:,\s*|\s*,?\s*and\s+(?:fiscal\s+)?))*"
    r"(?:19|20)[0-9]{2})\b[^.]{0,60}?\bended\s+(?:on\s+)?([^.]{6,90}?)"
    r"(?=[.;]|,?\s+and\s+(?:fiscal|its|our|the)\b|\s*$)",
    re.IGNORECASE,
)
_YEAR = re.compile(r"(?:19|20)[0-9]{2}")


_QUARTER_IN_WORDS = re.compile(
    r"\b(first|second|third|fourth)[- ](quarter|half)\b(?![- ]+(?:of[ ]+)?(?:fiscal[ ]+)?"
    r"(?:FY[ ]?)?['’]?[0-9]{2})",
    re.IGNORECASE,
)


def _comparatives_in_brackets(text: str, claims: list[Claim]) -> list[Claim]:
    """ "Net sales increased by 9.9% to SEK 13,415 million (12,208)", as Nordic reports give
    the year before: a bare number in brackets right after a figure is that figure's
    comparative, in its unit and scale, not a negative."""
    out = list(claims)
    for k in range(1, len(out)):
        claim, before = out[k], out[k - 1]
        if (
            claim.cell is not None
            or before.cell is not None
            or claim.kind != NUMBER
            or claim.value >= 0
            or not claim.text.startswith("(")
            or before.kind not in (CURRENCY, PERCENT, NUMBER, COUNT)
            or before.value < 0
            or text[before.end : claim.start].strip(" \t")
        ):
            continue
        value = -claim.value
        if before.kind == CURRENCY or (before.kind in (NUMBER, COUNT) and before.scale != 1):
            value *= before.scale
        out[k] = replace_claim(
            claim,
            kind=before.kind,
            unit=before.unit,
            value=value,
            precision=(claim.precision or Decimal(1))
            * (before.scale if before.kind == CURRENCY else 1),
            scale=before.scale if before.kind != PERCENT else Decimal(1),
            scale_origin=before.scale_origin,
            period=lx.year_before(before.period) if before.period else "",
            qualifiers=claim.qualifiers | {"base"},
        )
    return out


# "Revenue: 4,812.6 (2023: 4,390.2)": a line's label, its figure, and the figure's
# comparative in brackets, dated.
_LINE_WITH_A_DATED_COMPARATIVE = re.compile(
    r"(?m)^[ \t]*[-*•]?[ \t]*[A-Za-z][^:\n]{0,80}:[ \t]*([^\n(]{1,40}?)[ \t]*"
    r"\((?:FY[ ]?)?((?:19|20)[0-9]{2})[ \t]*:[ \t]*[^\n)]{1,40}\)[ \t.;]*$"
)


def _current_of_a_dated_comparative(text: str, claims: list[Claim]) -> list[Claim]:
    """A line of a label, its figure and the figure's comparative dated in brackets
    ("Revenue: 4,812.6 (2023: 4,390.2)", as a key figures list gives the year before): the
    undated figure is the year after the comparative's. Only on lines of their own, not in
    prose, where the sentence's other figures would be left undated beside it."""
    dated: dict[int, str] = {}
    for line in _LINE_WITH_A_DATED_COMPARATIVE.finditer(text):
        dated[line.start(1)] = str(int(line.group(2)) + 1)
    if not dated:
        return claims
    return [
        replace_claim(c, period=dated[c.start])
        if c.start in dated and c.kind != DATE and not c.period
        else c
        for c in claims
    ]


def _with_quarters_in_words(text: str, source_id: str, claims: list[Claim]) -> list[Claim]:
    """A quarter or half named in words without its year ("third-quarter profit") is a
    period the source states, as "Q3" is: with the year the source gives elsewhere (its
    dateline), the answer's "third quarter of 2024" is grounded."""
    if "quarter" not in text and "half" not in text and "Quarter" not in text:
        return claims
    taken = [(c.start, c.end) for c in claims if c.kind == DATE]
    added = []
    for found in _QUARTER_IN_WORDS.finditer(text[:MAX_CALENDAR_CHARS]):
        start, end = found.span()
        if any(s < end and start < e for s, e in taken):
            continue
        number = lx.ORDINAL_QUARTERS[found.group(1).lower()]
        letter = "Q" if found.group(2).lower() == "quarter" else "H"
        if letter == "H" and number > 2:
            continue
        added.append(
            Claim(
                text=found.group(),
                start=start,
                end=end,
                kind=DATE,
                value=Decimal(number),
                unit="",
                precision=Decimal(1),
                label="",
                period=f"{letter}{number}",
                source_id=source_id,
            )
        )
    if not added:
        return claims
    return sorted([*claims, *added], key=lambda c: c.start)


def _with_months_of_its_dateline(text: str, source_id: str, claims: list[Claim]) -> list[Claim]:
    """A month named without its year in a dated text ("September 2022 — Denver rents hit a
    record in August") is the last such month on or before the date the text opens with
    (August 2022): a period the source states, as the answer's "August 2022" says."""
    return with_months_of_a_date(text, source_id, claims, anywhere=False)


def with_months_of_a_date(
    text: str, source_id: str, claims: list[Claim], *, anywhere: bool
) -> list[Claim]:
    """`claims` with each month named without its year after a month and year of the text
    as that month: the last such month on or before it. The date is the one the text opens
    with, or, `anywhere`, its first month and year, and then only months of that year up
    to it ("inflation was 2.3% in February 2025 ... In January, the rate was 2.5%")."""
    dateline = next(
        (
            c
            for c in claims
            if c.kind == DATE
            and (anywhere or c.start < _DATELINE_CHARS)
            and c.period[:4].isdigit()
            and len(c.period) >= 7
            and c.period[4] == "-"
        ),
        None,
    )
    if dateline is None:
        return claims
    year, month = int(dateline.period[:4]), int(dateline.period[5:7])
    taken = [(c.start, c.end) for c in claims if c.kind == DATE]
    added = []
    for found in _MONTH_IN_WORDS.finditer(text[:MAX_CALENDAR_CHARS]):
        start, end = found.span(1)
        if start <= dateline.start or any(s < end and start < e for s, e in taken):
            continue
        named = lx.MONTHS[found.group(1).lower()]
        if anywhere and named > month:
            continue
        period = f"{year if named <= month else year - 1}-{named:02d}"
        added.append(
            Claim(
                text=found.group(1),
                start=start,
                end=end,
                kind=DATE,
                value=Decimal(period[:4]),
                unit="",
                precision=Decimal(1),
                label="",
                period=period,
                source_id=source_id,
            )
        )
    if not added:
        return claims
    return _in_their_months(text, sorted([*claims, *added], key=lambda c: c.start), added)


def _in_their_months(text: str, claims: list[Claim], months: list[Claim]) -> list[Claim]:
    """`claims` with each figure of no period that one of `months` dates: the month follows
    the figure ("2.5% in January") or opens its sentence before it ("In January, the rate
    was 2.5%"), with no other figure between them."""
    out = list(claims)
    for k, figure in enumerate(out):
        if figure.kind == DATE or figure.period or figure.nested:
            continue
        for month in months:
            if month.start >= figure.end:
                dates_it = _MONTH_RIGHT_AFTER.fullmatch(text, figure.end, month.start) is not None
            else:
                opening = max(text.rfind(".", 0, month.start), text.rfind("\n", 0, month.start))
                dates_it = (
                    _MONTH_OPENS.fullmatch(text, opening + 1, month.start) is not None
                    and "." not in text[month.end : figure.start]
                    and not any(
                        c.kind != DATE and month.end <= c.start < figure.start for c in claims
                    )
                )
            if dates_it:
                out[k] = replace_claim(figure, period=month.period)
                break
    return out


# "2.5% in January", "$4.1 million in March": the month right after the figure (its unit
# or scale between); "In January, ...": the month opening the sentence.
_MONTH_RIGHT_AFTER = re.compile(r"[ \t]*(?:[a-z]{1,12}[ \t]+)?(?:in|during)[ \t]+")
_MONTH_OPENS = re.compile(r"[ \t*_-]*(?i:in|during)[ \t]+")
_DATELINE_CHARS = 80
# "in August", "since last March", "through February": a month in words after a word that
# dates by it, with no day or year of its own after it.
_MONTH_IN_WORDS = re.compile(
    r"\b(?i:in|since|during|through|until|by|last|early|late|mid|of)[ -]"
    r"(January|February|March|April|May|June|July|August|September|October|November|December)"
    r"\b(?![ ,]*[0-9])"
)


_FISCAL_YEAR_END = re.compile(
    r"\bfiscal\s+year\s+(?:ends|ended|ending|closes)\s+(?:on\s+)?(?:the\s+last\s+\w+\s+(?:of|in)\s+)?"
    r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*",
    re.IGNORECASE,
)


def fiscal_year_end(text: str) -> int:
    """The month a fiscal year ends in, as the source says it ("Our fiscal year ends on
    September 30"), or 0."""
    if "iscal" not in text:
        return 0
    found = _FISCAL_YEAR_END.search(text[:MAX_CALENDAR_CHARS])
    return lx.MONTHS[found.group(1).lower()] if found else 0


def fiscal_calendar(text: str) -> tuple[tuple[str, str], ...]:
    """The fiscal years a text says its year ends close ("Fiscal 2023 consisted of the 53
    weeks ended February 3, 2024"): (("FY2023", "2024-02-03"), ...)."""
    if "iscal" not in text or "ended" not in text:
        return ()
    ends: list[tuple[str, str]] = []
    for found in _FISCAL_CALENDAR.finditer(text[:MAX_CALENDAR_CHARS]):
        years = _YEAR.findall(found.group(1))
        dates = [
            c.period
            for c in extract_document(found.group(2))[0]
            if c.kind == DATE and len(c.period) == 10
        ]
        if len(years) == len(dates):
            ends.extend(zip((f"FY{year}" for year in years), dates, strict=True))
    return tuple(ends)


def _with_prose_labels(text: str, claims: list[Claim]) -> list[Claim]:
    """Prose figures labelled the way the answer's are (`clauses`); table cells keep theirs."""
    prose = [c for c in claims if c.cell is None]
    if not prose:
        return claims
    readings = {id(c): r for c, r in zip(prose, clauses.read_clauses(text, prose), strict=True)}
    out = []
    for claim in claims:
        reading = readings.get(id(claim))
        if reading is None or claim.kind == DATE:
            out.append(claim)
            continue
        changes: dict = {}
        if reading.label:
            changes["label_words"] = reading.label
            if claim.kind == NUMBER and reading.after and not claim.unit:
                # "Beer volumes rose to 6.18 million hectolitres": a quantity is also named
                # by what it counts.
                changes["label_words"] = reading.label | reading.after
        if clauses.introduces_base(reading.window):
            # "Revenue was $358.7 million, compared to $331.2 million": the figure a
            # change is measured from.
            changes["qualifiers"] = claim.qualifiers | {"base"}
        out.append(replace_claim(claim, **changes) if changes else claim)
    return out


_PER_SHARE_WORDS = frozenset({"@eps", "@dividend", "shar"})
# An exchange rate ("₹83.37 = US$1.00", "US$1.00 = ¥151.41", "RMB7.10 to US$1.00"): an
# amount per one unit of another currency, never at a heading's scale.
_RATE_AFTER = re.compile(r"\s*(?:=|to|per)\s*(?:[A-Z]{0,3}\$|[€£¥₹])\s*1(?:\.0+)?\b")
_RATE_BEFORE = re.compile(r"(?:[A-Z]{0,3}\$|[€£¥₹])\s*1(?:\.0+)?\s*=\s*$")
_ONE_UNIT_AFTER = re.compile(r"[0-9]\s*(?:=|to|per)\s*$")  # "... = US$1.00": the unit


def _under_headings(text: str, claims: list[Claim]) -> list[Claim]:
    """Amounts in the lines under a heading that states a scale ("Segment Results (in
    millions)" over "Aerospace Systems: net sales $412.3 (Q3 2024: $371.8)"), written with
    a currency and no scale word, are at that scale. The heading's paragraph ends at a
    blank line; table cells keep their own scale; per-share amounts are never scaled."""
    if "illion" not in text and "housand" not in text:
        return claims
    regions: list[tuple[int, int, Decimal]] = []
    offset = 0
    lines = text.split("\n")
    for k, line in enumerate(lines):
        scale = tables.heading_scale(line) if "illion" in line or "housand" in line else None
        if scale is not None:
            start = offset + len(line) + 1
            end = start
            for following in lines[k + 1 :]:
                if not following.strip():
                    break
                end += len(following) + 1
            regions.append((start, end, scale))
        offset += len(line) + 1
    if not regions:
        return claims
    starts = [r[0] for r in regions]
    out = []
    for claim in claims:
        k = bisect.bisect_right(starts, claim.start) - 1
        region = regions[k] if k >= 0 and claim.start < regions[k][1] else None
        if (
            region is None
            or claim.cell is not None
            or claim.kind != CURRENCY
            or claim.scale != 1
            or claim.label_words & _PER_SHARE_WORDS
            or _RATE_AFTER.match(text, claim.end)
            or _RATE_BEFORE.search(text, max(0, claim.start - 16), claim.start)
            or (
                claim.value == 1
                and _ONE_UNIT_AFTER.search(text, max(0, claim.start - 16), claim.start)
            )
        ):
            out.append(claim)
            continue
        scale = region[2]
        out.append(
            replace_claim(
                claim,
                value=claim.value * scale,
                precision=(claim.precision or Decimal(1)) * scale,
                scale=scale,
                scale_origin=INHERITED,
            )
        )
    return out


def extract_claims(text: str, *, source_id: str = "") -> list[Claim]:
    """Every numeric claim of a text, in order, with exact spans: a JSON tool output by its
    key paths, anything else as prose and tables.

    >>> [c.text for c in extract_claims("EPS was $0.81 in Q3 2026.")]
    ['$0.81', 'Q3 2026', '2026']
    """
    if not text:
        return []
    text = text[:MAX_TEXT_CHARS]
    structured = read_json_source(text, source_id=source_id) or read_markup_source(
        text, source_id=source_id
    )
    if structured is not None:
        return structured.claims
    return extract_document(text, source_id=source_id)[0]


# "The following table presents net revenue by geographic region ... (in thousands):",
# "consisted of the following (in thousands):" in a note's paragraphs, its table given as a
# source of its own.
_TABLE_CAPTION = re.compile(
    r"\b(?:(?:following|below|above|accompanying)\s+table|the\s+following)\b[^.\n]{0,300}?"
    r"\((?:[^()]{0,40}?\b)?in\s+(thousands|millions|billions)\b[^()]{0,60}\)",
    re.IGNORECASE,
)
_SCALE_WORD = re.compile(r"thousand|million|billion|'000|\$m\b|\bmn\b|\bbn\b", re.IGNORECASE)


def _table_captions_elsewhere(sources: Iterable[SourceDocument]) -> dict[str, Decimal]:
    """The scale another source states for "the following table", by the id of the one
    source that is a table of cells stated in no scale of its own (a dataset's note: the
    table as JSON rows, its paragraphs beside it)."""
    sources = list(sources)
    tables_ = [
        s
        for s in sources
        if s.text.lstrip().startswith("[[") and not _SCALE_WORD.search(s.text[:20_000])
    ]
    if len(tables_) != 1:
        return {}
    scales = {
        unit[0]
        for s in sources
        if s is not tables_[0]
        for m in _TABLE_CAPTION.finditer(s.text[:MAX_CALENDAR_CHARS])
        if (unit := tables.label_unit(m.group(0)[m.group(0).rfind("(") :])) is not None
    }
    if len(scales) != 1:
        return {}
    return {tables_[0].id: Decimal(int(scales.pop()))}  # 1000, not 1E+3: values print plain


def _at_a_caption_s_scale(claims: tuple[Claim, ...], scale: Decimal) -> tuple[Claim, ...]:
    """A table's amounts at the scale another source states for it: cells only, never
    rates, counts, years or per-share figures."""
    out = []
    for claim in claims:
        if (
            claim.cell is not None
            and claim.kind in (NUMBER, CURRENCY)
            and claim.scale == 1
            and not claim.scale_origin
            and claim.label not in lx.COUNT_LABELS
            and claim.label not in lx.PER_SHARE_LABELS
        ):
            claim = replace_claim(
                claim,
                value=claim.value * scale,
                precision=(claim.precision or Decimal(1)) * scale,
                scale=scale,
                scale_origin=INHERITED,
            )
        out.append(claim)
    return tuple(out)


MIN_ESCAPED_LINES = 3


def _with_escaped_lines(text: str) -> str:
    """A source printed as a Python or JSON string literal, its lines joined by `\\n`
    escapes (`[Document(page_content='Results of Operations\\n(in thousands)\\n ...')]`):
    each escape read as the line break it stands for, a space then the break, so that every
    figure keeps its offset. A JSON document keeps its escapes: its parser reads them."""
    escaped = text.count("\\n")
    if escaped < MIN_ESCAPED_LINES or text.count("\n") >= escaped:
        return text
    if looks_like_json(text):
        try:
            json.loads(text)
        except (ValueError, RecursionError):
            pass  # "[Document(page_content='...')]": brackets, but no JSON
        else:
            return text
    return text.replace("\\n", " \n").replace("\\t", " \t")


# A footnote's marker in superscript tags ("Cemetery revenue<sup>1</sup>"), and a markdown
# escape before a sign ("\\$612,450"): marks of the rendering, no figure or label.
_SUPERSCRIPT_MARK = re.compile(r"<sup>\s*[0-9a-z*†‡]{1,3}\s*</sup>", re.IGNORECASE)
_MARKDOWN_ESCAPE = re.compile(r"\\(?=[$%*_#\[\]()])")


def _without_markup_marks(text: str) -> str:
    """The text with superscript footnote markers and markdown escapes blanked, every
    other character where it was."""
    if "<sup" in text or "<SUP" in text:
        text = _SUPERSCRIPT_MARK.sub(lambda m: " " * len(m.group()), text)
    if "\\" in text:
        text = _MARKDOWN_ESCAPE.sub(" ", text)
    return text


def _in_fiscal_columns(claims: list[Claim], index: SourceIndex) -> list[Claim]:
    """Where table columns are named by fiscal year and the sources say when each ended,
    a figure dated at such a year end (a balance sheet's "January 31, 2025" column) is that
    fiscal year's, so that a ratio of a balance and a flow of the year meets in one period."""
    named = {
        c.period
        for c in claims
        if c.cell is not None and c.kind != DATE and c.period in index.fiscal_ends
    }
    index.fiscal_columns = {end: fy for fy, end in index.fiscal_ends.items() if fy in named}
    if not index.fiscal_columns:
        return claims
    ends = index.fiscal_columns
    return [
        replace_claim(c, period=ends[c.period]) if c.kind != DATE and c.period in ends else c
        for c in claims
    ]


def build_index(inp: DetectionInput) -> SourceIndex:
    """Extract every source (documents, tool outputs, reference facts) into one index."""
    index = SourceIndex()
    index.calculator_outputs.extend(inp.calculator_outputs)
    index.metrics.extend(inp.metrics)
    if inp.checksum_input is not None:
        index.checksum_input = inp.checksum_input
    captions = _table_captions_elsewhere(inp.sources) if len(inp.sources) > 1 else {}
    pending: list[Claim] = []
    for source in inp.sources:
        text = _without_markup_marks(_with_escaped_lines(source.text))
        index.texts[source.id] = text
        extracted = extract_source(source.id, text)
        if source.id in captions:
            extracted = replace(
                extracted, claims=_at_a_caption_s_scale(extracted.claims, captions[source.id])
            )
        index.calculator_outputs.extend(extracted.calculator_outputs)
        if extracted.calculator_outputs:
            # A calculator's record says what it computed, not what the filing states: its
            # numbers are evidence only through rule 2, never values to ground against.
            continue
        index.metrics.extend(extracted.metrics)
        for path, value in extracted.paths:
            index.json_paths[path] = value
            index.json_paths[f"{source.id}.{path}"] = value
        if extracted.checksum:
            index.checksum = extracted.checksum
        if extracted.checksum_input is not None and index.checksum_input is None:
            index.checksum_input = extracted.checksum_input
        if extracted.has_instructions:
            index.injection_sources.append(source.id)
        index.fiscal_ends.update(extracted.fiscal_ends)
        index.fiscal_year_end = index.fiscal_year_end or extracted.fiscal_year_end
        pending.extend(extracted.claims)
    if index.fiscal_ends:
        pending = _in_fiscal_columns(pending, index)
    for claim in pending:
        index.add(claim)
    for claim in _reference_claims(inp.reference_facts):
        index.add(claim)
    index.has_injection_text = bool(index.injected)
    index.finish()
    return index
