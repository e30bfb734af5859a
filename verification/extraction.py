"""Deterministic value extraction from fetched pages: label-anchored text and XBRL facts.

No model is involved: a value is read either from the number that follows a metric label
on the same line of the page's text, or from an XBRL fact (an instance document or inline
XBRL's `ix:nonFraction`) with its scale, sign and context. Parsing uses the standard
library's HTMLParser, which never fetches or expands external entities.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal, InvalidOperation
from html.parser import HTMLParser
from typing import Any

MAX_TEXT_CHARS = 2_000_000

_BLOCK_TAGS = frozenset(
    {
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt",
        "figcaption", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
        "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "tbody",
        "thead", "tfoot", "tr", "ul", "caption",
    }
)  # fmt: skip
_CELL_TAGS = frozenset({"td", "th"})
# Never part of the readable text; ix:header holds inline XBRL's hidden contexts.
_HIDDEN_TAGS = frozenset({"script", "style", "noscript", "template", "head", "ix:header"})

_SCALE_WORDS = {
    "thousand": Decimal("1e3"),
    "k": Decimal("1e3"),
    "million": Decimal("1e6"),
    "mm": Decimal("1e6"),
    "mn": Decimal("1e6"),
    "m": Decimal("1e6"),
    "billion": Decimal("1e9"),
    "bn": Decimal("1e9"),
    "b": Decimal("1e9"),
    "trillion": Decimal("1e12"),
    "tn": Decimal("1e12"),
}
_CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"}

# A number as a statement writes it: sign or parentheses, currency, digits with thousands
# separators, an optional scale word and percent sign. Anchored at its first character and
# free of nested quantifiers, so a long run of digits costs linear time.
_NUMBER = re.compile(
    r"(?P<open>\()?\s?(?P<minus>[-−–])?\s?(?P<currency>[$€£¥]|USD|EUR|GBP|JPY)?\s?"
    r"(?P<digits>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
    r"(?:\s?(?P<scale>thousand|million|billion|trillion|bn|mn|mm|tn|[kmb])\b)?"
    r"\s?(?P<percent>%|percent\b)?(?P<close>\))?"
    r"(?:\s?(?P<trailing_scale>thousand|million|billion|trillion|bn|mn|mm|tn)\b)?",
    re.IGNORECASE,
)
_COMPOUND_AFTER = re.compile(r"-[A-Za-z]")
# Words that make the number after them another figure than the metric's current value.
_QUALIFIED = re.compile(
    r"\b(?:high|low|average|avg|target|estimate|consensus|guidance|forecast|prior|previous)\b",
    re.IGNORECASE,
)
_CLAUSE_BREAK = re.compile(r";|\band\b")
_PERIOD_MARKER = re.compile(r"(?:\bQ[1-4]|\bFY|\bH[12]|\bCY)\s?'?$", re.IGNORECASE)
_DOCUMENT_SCALE = re.compile(
    r"\(?\s*in\s+(?:us\s*)?(?:\$\s*|usd\s*|dollars\s*)?(thousands|millions|billions)\b",
    re.IGNORECASE,
)
_DOCUMENT_SCALES = {
    "thousands": Decimal("1e3"),
    "millions": Decimal("1e6"),
    "billions": Decimal("1e9"),
}


@dataclass(frozen=True, slots=True)
class FoundValue:
    """A value read from a page, with where it was read and how."""

    value: Decimal
    text: str
    start: int
    end: int
    method: str  # "xbrl" | "ixbrl" | "text" (the detector's extractor) | "label"
    label: str = ""
    period: str = ""
    unit: str = ""
    concept: str = ""
    context: str = ""
    period_start: date | None = None
    period_end: date | None = None
    dimensional: bool = False
    decimals: str = ""
    line: str = ""


@dataclass(slots=True)
class XbrlContext:
    id: str
    start: date | None = None
    end: date | None = None
    instant: date | None = None
    dimensional: bool = False

    @property
    def period_end(self) -> date | None:
        return self.instant or self.end


@dataclass(slots=True)
class XbrlDocument:
    """The numeric facts, contexts and document-level dei facts a page carries."""

    facts: list[FoundValue] = field(default_factory=list)
    contexts: dict[str, XbrlContext] = field(default_factory=dict)
    dei: dict[str, str] = field(default_factory=dict)

    @property
    def period_end(self) -> date | None:
        return _parse_date(self.dei.get("documentperiodenddate", ""))

    @property
    def fiscal_focus(self) -> tuple[str, str]:
        """(period focus, year focus), e.g. ("Q3", "2026") or ("FY", "2025")."""
        return (
            self.dei.get("documentfiscalperiodfocus", "").upper(),
            self.dei.get("documentfiscalyearfocus", ""),
        )


def _parse_date(text: str) -> date | None:
    try:
        return date.fromisoformat(text.strip()[:10])
    except ValueError:
        return None


def _local(name: str) -> str:
    return name.rsplit(":", 1)[-1].lower()


class _PageParser(HTMLParser):
    """One pass over HTML, XHTML or XBRL: readable text, inline and instance XBRL facts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden_depth = 0
        self.document = XbrlDocument()
        self.context: XbrlContext | None = None
        self.context_field = ""
        # Open fact elements: (kind, attributes, text parts).
        self.facts_open: list[tuple[str, str, dict[str, str], list[str]]] = []
        self.nonnumeric: tuple[str, list[str]] | None = None

    # -- text
    def _emit(self, text: str) -> None:
        if not self.hidden_depth:
            self.parts.append(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: (value or "") for name, value in attrs}
        if tag in _HIDDEN_TAGS:
            self.hidden_depth += 1
        elif tag in _BLOCK_TAGS:
            self._emit("\n")
        elif tag in _CELL_TAGS:
            self._emit(" | ")
        local = _local(tag)
        if local == "context" and "id" in attributes:
            self.context = XbrlContext(id=attributes["id"])
        elif self.context is not None and local in ("startdate", "enddate", "instant"):
            self.context_field = local
        elif self.context is not None and local in ("segment", "scenario"):
            self.context.dimensional = True
        if tag == "ix:nonfraction":
            self.facts_open.append(("ixbrl", attributes.get("name", ""), attributes, []))
        elif tag == "ix:nonnumeric" and attributes.get("name", "").lower().startswith("dei:"):
            self.nonnumeric = (_local(attributes["name"]), [])
        elif ":" in tag and not tag.startswith("ix:") and "contextref" in attributes:
            if "unitref" in attributes:
                self.facts_open.append(("xbrl", tag, attributes, []))
            elif tag.startswith("dei:"):
                self.nonnumeric = (_local(tag), [])

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN_TAGS and self.hidden_depth:
            self.hidden_depth -= 1
        elif tag in _BLOCK_TAGS:
            self._emit("\n")
        local = _local(tag)
        if local == "context" and self.context is not None:
            self.document.contexts[self.context.id] = self.context
            self.context = None
        elif local in ("startdate", "enddate", "instant"):
            self.context_field = ""
        if self.facts_open and (
            (tag == "ix:nonfraction" and self.facts_open[-1][0] == "ixbrl")
            or (self.facts_open[-1][0] == "xbrl" and tag == self.facts_open[-1][1])
        ):
            kind, name, attributes, texts = self.facts_open.pop()
            fact = _fact(kind, name, attributes, "".join(texts))
            if fact is not None:
                self.document.facts.append(fact)
        if self.nonnumeric is not None and (tag == "ix:nonnumeric" or local == self.nonnumeric[0]):
            name, texts = self.nonnumeric
            self.document.dei.setdefault(name, "".join(texts).strip())
            self.nonnumeric = None

    def handle_data(self, data: str) -> None:
        self._emit(data)
        for _kind, _name, _attributes, texts in self.facts_open:
            texts.append(data)
        if self.nonnumeric is not None:
            self.nonnumeric[1].append(data)
        if self.context is not None and self.context_field:
            value = _parse_date(data)
            if value is not None:
                if self.context_field == "startdate":
                    self.context.start = value
                elif self.context_field == "enddate":
                    self.context.end = value
                else:
                    self.context.instant = value


def _ixbrl_number(text: str, fmt: str) -> Decimal | None:
    """The number an ix:nonFraction displays, read with its transformation format."""
    cleaned = text.strip().replace("\u00a0", " ")
    if cleaned in ("", "-", "—", "–") and "zero" in fmt:
        return Decimal(0)
    if "comma-decimal" in fmt or "numcommadecimal" in fmt:
        cleaned = cleaned.replace(".", "").replace(" ", "").replace(",", ".")
    else:
        cleaned = cleaned.replace(",", "").replace(" ", "")
    cleaned = cleaned.strip("()")
    try:
        return Decimal(cleaned)
    except InvalidOperation:
        return None


def _fact(kind: str, name: str, attributes: dict[str, str], text: str) -> FoundValue | None:
    if kind == "ixbrl":
        number = _ixbrl_number(text, attributes.get("format", "").lower())
        if number is None:
            return None
        try:
            scale = int(attributes.get("scale", "0") or 0)
        except ValueError:
            return None
        if not -20 <= scale <= 20:
            return None
        value = number.scaleb(scale)
        if attributes.get("sign") == "-":
            value = -value
    else:
        try:
            value = Decimal(text.strip())
        except InvalidOperation:
            return None
    if not value.is_finite():
        return None
    return FoundValue(
        value=value,
        text=text.strip()[:200],
        start=0,
        end=0,
        method=kind,
        concept=name,
        context=attributes.get("contextref", ""),
        unit=attributes.get("unitref", ""),
        decimals=attributes.get("decimals", ""),
    )


@dataclass(slots=True)
class ParsedPage:
    text: str
    xbrl: XbrlDocument
    # What the detector's extractor reads in `text`, computed once for all claims checked.
    text_claims: list[Any] | None = None


def parse_page(content: str) -> ParsedPage:
    """Readable text (one line per block, table cells separated by `|`) and XBRL facts."""
    parser = _PageParser()
    parser.feed(content[:MAX_TEXT_CHARS])
    parser.close()
    text = "".join(parser.parts)
    text = re.sub(r"[ \t\u00a0]+", " ", text)
    text = re.sub(r" ?\n[ \n]*", "\n", text).strip()
    document = parser.document
    resolved = []
    for fact in document.facts:
        context = document.contexts.get(fact.context)
        if context is not None:
            fact = replace(
                fact,
                period_start=context.start or context.instant,
                period_end=context.period_end,
                dimensional=context.dimensional,
            )
        resolved.append(fact)
    document.facts = resolved
    return ParsedPage(text=text, xbrl=document)


def document_scale(text: str) -> Decimal | None:
    """The scale a statement declares for its figures: `(in millions, except per share data)`."""
    match = _DOCUMENT_SCALE.search(text[:20_000])
    return _DOCUMENT_SCALES[match.group(1).lower()] if match else None


def _phrase_pattern(phrases: Iterable[str]) -> re.Pattern[str] | None:
    cleaned = sorted({p.strip().lower() for p in phrases if p and p.strip()}, key=len, reverse=True)
    if not cleaned:
        return None
    body = "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in cleaned)
    return re.compile(rf"(?<![\w-])(?:{body})(?![\w-])", re.IGNORECASE)


def _looks_like_year(match: re.Match[str], text: str) -> bool:
    digits = match.group("digits")
    if match.group("currency") or match.group("percent") or match.group("scale"):
        return False
    if match.group("trailing_scale"):
        return False
    return len(digits) == 4 and digits.isdigit() and 1900 <= int(digits) <= 2100


def label_anchored_values(
    text: str,
    phrases: Sequence[str],
    *,
    window: int = 120,
    scale: Decimal | None = None,
) -> list[FoundValue]:
    """The first number after each occurrence of a label phrase, on the same line.

    Years and period markers (2026, Q3, FY24) are skipped; `scale` (the document's declared
    scale) multiplies numbers written without a scale word or percent sign.

    >>> [v.value for v in label_anchored_values("Revenue: $4.1 billion", ["revenue"])]
    [Decimal('4.1E+9')]
    """
    pattern = _phrase_pattern(phrases)
    if pattern is None:
        return []
    found: list[FoundValue] = []
    for label_match in pattern.finditer(text):
        line_end = text.find("\n", label_match.end())
        line_end = len(text) if line_end == -1 else line_end
        line_start = text.rfind("\n", 0, label_match.start()) + 1
        segment_end = min(line_end, label_match.end() + window)
        position = gap_start = label_match.end()
        while position < segment_end:
            match = _NUMBER.search(text, position, segment_end)
            if match is None:
                break
            position = match.end()
            digits_start = match.start("digits")
            if text[max(0, digits_start - 1) : digits_start].isalpha():
                continue  # inside a word or code: "10-K", "A1"
            if _COMPOUND_AFTER.match(text, match.end("digits")):
                continue  # part of a name: "52-week high", "10-year", "3-month"
            if _CLAUSE_BREAK.search(text, label_match.end(), digits_start):
                break  # "Revenue rose; margin was 12%": another clause's number
            if _QUALIFIED.search(text, gap_start, digits_start):
                gap_start = match.end()
                continue  # "Share price: 52-week high $187.20": another figure of the metric
            if _looks_like_year(match, text) or _PERIOD_MARKER.search(
                text[max(0, digits_start - 5) : digits_start]
            ):
                continue
            found.append(
                _label_value(match, label_match.group(0), scale, text[line_start:line_end])
            )
            break
    return found


def _label_value(match: re.Match[str], label: str, scale: Decimal | None, line: str) -> FoundValue:
    value = Decimal(match.group("digits").replace(",", ""))
    scale_word = (match.group("scale") or match.group("trailing_scale") or "").lower()
    if scale_word:
        value *= _SCALE_WORDS[scale_word]
    elif scale is not None and not match.group("percent"):
        value *= scale
    if match.group("minus") or (match.group("open") and match.group("close")):
        value = -value
    currency = match.group("currency") or ""
    unit = "%" if match.group("percent") else _CURRENCY_SYMBOLS.get(currency, currency.upper())
    start = match.start("currency") if match.group("currency") else match.start("digits")
    return FoundValue(
        value=value,
        text=match.group(0).strip(),
        start=start,
        end=match.end(),
        method="label",
        label=label,
        unit=unit,
        line=line.strip()[:300],
    )
