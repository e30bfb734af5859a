"""Tables inside a text, in every common rendering, read as (row label, column header, value).

Renderings: markdown and pipe rows, tab-separated rows, CSV blocks, space-aligned columns
(headers aligned over their values), `Label: value` lists, `label — header: value` lines and
JSON objects one per line (`{"item": "sales", "2009": 3060}`). Each value cell is tied to its
row label and its column header, and to the unit the table gives it, with where the unit
came from: a caption just before the table (`(in millions, except per share data)`), a
header cell (`amount (in millions)`, `revenue_usd_m`), or the row label (`(In thousands) -
Revenues`). A cell the table gives no scale keeps an unknown scale.

Lines are classified one at a time and each pattern is anchored and bounded, so a text costs
one pass whatever its length.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from decimal import Decimal

import regex

from . import lexicon as lx

MAX_CELLS_PER_ROW = 64
MAX_LINE_CHARS = 2_000  # longer lines are prose, never rows
CAPTION_CHARS = 320  # how far back before a table its caption may start
_TIMEOUT = 0.05

# "|---|---|", and psql's "-----+-----" under its header.
_SEPARATOR_ROW = regex.compile(r"\s*\|?\s*:?-{2,}:?\s*(?:[|+]\s*:?-{2,}:?\s*)*\|?\s*")
_WIDE_GAP = regex.compile(r"\S(?: ?\S)*")  # a cell: runs of text separated by 2+ spaces
_NUMERIC_CELL = regex.compile(
    r"\s*\**\s*(?:≈\s*)?[(\-−+]?\s*(?:[$€£¥]|US\$)?\s*\(?"
    r"(?:[0-9]{1,3}(?:['’\u00a0\u202f\u2009 ][0-9]{3})+(?:[.,][0-9]{1,2})?"
    r"|[0-9]{1,3}(?:\.[0-9]{3})+,[0-9]{1,2}|[0-9]{1,3}(?:\.[0-9]{3}){2,}|[0-9][0-9,]*(?:\.[0-9]+)?)"
    r"\s*\)?\s*[)%xX]?[¹²³⁴⁵⁶⁷⁸⁹⁰†‡]{0,2}\s*"  # a footnote's superscript: "612,480¹"
    r"(?:[A-Za-z]{1,3}|(?:thousand|million|billion|trillion)\b)?\)?\s*\**\s*"  # "($146.2M)"
    r"(?:(?<=[0-9])-\s*)?"  # "134,284.7-": a mainframe or ERP report's trailing minus
)
_DIGIT = re.compile(r"[0-9]")
# A line holding one amount with its thousands grouped ("2,016", "(1,095)", "$ 13,587.5",
# "12,40,00,000" in Indian grouping): a cell of a table extracted from a PDF one cell a line,
# never a CSV row of two fields.
_GROUPED_AMOUNT = re.compile(
    r"[(\-−+]?\s*(?:[A-Z]{0,3}[$€£¥₹]|US\$)?\s*\(?"
    r"(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]{1,2}(?:,[0-9]{2})+,[0-9]{3})(?:\.[0-9]+)?\)?\s*%?"
)
# Amounts a caption never holds two of: grouped thousands or decimals, years aside.
_ROW_AMOUNTS = regex.compile(r"(?<![\w.,])[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]+\.[0-9]+")
# Cells `_NUMERIC_CELL` takes whole that need none of its optional parts: read without it.
_PLAIN_NUMBER = re.compile(r"\$?[0-9][0-9,]*(?:\.[0-9]+)?%?")
_NIL_CELL = regex.compile(r"\s*(?:—|–|-{1,2}|n/?a|nm|\*)?\s*", regex.IGNORECASE)
_YEARISH = regex.compile(
    r"\s*(?:FY|CY|Q[1-4]|H[12])?\s*['’]?(?:19|20)?[0-9]{2}\s*[A-Za-z]?\s*(?:\([a-z0-9]\))?\s*"
)
# "Revenue: 96.3" or "- Net loss: (15.8)" on a line of its own: a two-column row.
_KEY_VALUE = regex.compile(r"\s*(?:[-*•]\s+)?([A-Za-z][^:\n]{0,100}?):\s*(\S.{0,40}?)\s*")
_PAIR_VALUE_CHARS = 41  # the longest value `_KEY_VALUE` takes: "\S.{0,40}"
# "sales — 2009: 3,060", "december 31 2011 — peer group (3): 109.7"
_DASH_ROW = regex.compile(r"\s*(?:[-*•]\s+)?(\S.{0,200}?)\s[—–]\s(\S.{0,200}?):\s*(\S.{0,40}?)\s*")
# "Revenue — 2024: 4,812.6; 2023: 4,390.2": a label, then several header and value pairs.
_DASH_PAIRS = regex.compile(r"\s*(?:[-*•]\s+)?(\S.{0,200}?)\s[—–]\s(.{3,400})")
_DASH_PAIR = regex.compile(r"\s*([^:;]{1,60}?):\s*([^:;]{1,40}?)\s*(?:;|$)")
_SCALE_CAPTION = regex.compile(
    r"\bin\s+(?:US\s+|U\.S\.\s+)?(?:(?:US\$|[$€£¥]|USD|EUR|GBP|dollars|euros)\s*)?"
    r"(thousands|millions|billions)\b"
    r"|\(\s*(?:in\s+)?(?:[A-Z]{0,3}\$|[€£¥₹]|(?-i:[A-Z]{3}))\s*(thousands?|millions?|billions?|000s?|'000s?|mm|m|mn|bn|b|k)\s*[),]"
    r"|(?:US\$|[$€£¥]|(?-i:" + "|".join(sorted(lx.CURRENCY_CODES)) + r"))"
    r"\s*(?:in\s+)?(thousands|millions|billions|MM|M|mn|m|bn|B|K|000s?|'000s?)(?![\w])"
    r"|\b(thousands|millions|billions)\s+of\s+(?:US\s+|U\.S\.\s+|Swiss\s+)?"
    r"(?:dollars|euros|pounds|yen|yuan|renminbi|rupees|francs|won|kronor|pesos|reais|rand|"
    r"shares|units|barrels)"
    r"|\b(?:amounts?|dollars|figures)\s+(?:are\s+)?in\s+(thousands|millions|billions)\b"
    r"|\((thousands|millions|billions)\)"
    # Indian filings: "(₹ in crore)", "(Rs. crore)", "INR lakh".
    r"|(?:₹|Rs\.?|INR)\s*(?:in\s+)?(crores?|lakhs?)\b"
    # Nordic and German filings: "MSEK", "MEUR", "TSEK" (millions, thousands of the currency),
    # "T€", "k€", "Mio. €".
    r"|\b((?-i:M|T))(?:SEK|NOK|DKK|EUR|USD|CHF)\b"
    r"|(?<![A-Za-z])((?-i:T|k|K))[ \u00a0]?€"
    # Any currency's letters before the scale: "Amounts in SRD'000", "(all amounts in KM
    # thousand)", "in KGS million".
    r"|\bin\s+(?-i:[A-Z]{1,4})['’](000)(?![\w])"
    r"|\bin\s+(?-i:[A-Z]{2,4})\s+(thousands?|millions?|billions?)\b",
    regex.IGNORECASE,
)
_EXCEPT = regex.compile(r"\bexcept\b([^)\n]{0,120})", regex.IGNORECASE)
# A unit in a column header ("revenue_usd_m", "Revenue ($M)", "EBITDA (USD mn)",
# "amount (in millions)"): the scale of that column alone. A bare one-letter scale needs a
# currency, an underscore or parentheses in front of it, so "Class B" is not read as billions.
_COLUMN_SCALE = regex.compile(
    r"(?:^|[_\s(\[])(?P<currency>usd|eur|gbp|jpy|us\$|[a-z]{1,3}\$|[$€£¥₹])[_\s]?"
    r"(?P<scale>thousands?|millions?|billions?|mm|mn|m|bn|b|k|000s?|'000s?)[)\]]?\s*$"
    r"|_(?P<scale2>mm|mn|m|bn|k|000s?)\s*$"
    r"|\(\s*(?:in\s+)?(?P<scale3>thousands|millions|billions|mm|mn|m|bn|k|000s?|'000s?)\s*\)\s*$"
    r"|\bin\s+(?P<scale4>thousands|millions|billions)\b"
    # "Scheduled transfer revenue (MVR'000)", "Sales (K'000)": a currency's letters, '000.
    r"|\((?-i:[A-Z]{1,4})['’](?P<scale5>000)\)\s*$",
    regex.IGNORECASE,
)
# A row or header that says its values are percentages ("margin (%)", "pct", "% of sales"),
# not one that names a rate inside a label ("senior notes 5.000% due 2025").
_BPS_WORD = regex.compile(r"\b(?:bps|bp|basis\s+points?)\b", regex.IGNORECASE)
# A row or header of percentage points: "Change (pts)", "Δ margin (pp)", "ppts".
_POINTS_WORD = regex.compile(
    r"\((?:pts|ppts?|pp|p\.p\.|percentage\s+points)\)|\b(?:ppts|percentage\s+points)\b",
    regex.IGNORECASE,
)
_PERCENT_WORD = regex.compile(r"\b(?:pct|percent|percentage)\b|(?<![0-9])%", regex.IGNORECASE)
# A figure per something ("per diluted share", "per occupied square foot", "per available
# room", "per tonne"): a rate, never in a caption's thousands. "per cent" is a percentage.
_PER_UNIT = regex.compile(
    r"\bper\s+(?!cent\b)(?:[a-z.-]+\s+){0,2}[a-z.]{2,}"
    r"|\beps\b|\bearnings\s+per\b|\bdividends?\s+(?:declared\s+)?per\b|\bprice\s+per\b"
    r"|\bdollars\s+per\b",
    regex.IGNORECASE,
)
# "(CAD$ thousands)", "(C$ millions)", "(R$ million)": a dollar sign with its country's
# letters before it is that country's dollar, as is its ISO code.
_CAPTION_CURRENCY = regex.compile(
    r"\b(?:CAD|AUD|NZD|HKD|SGD|CA|C|AU|A|NZ|HK|S|R|US)\$|\$|€|£|¥|"
    r"\b(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|NZD|HKD|SGD|BRL|KRW|SEK|MXN|"
    # the other codes in capitals only ("DKK m"; "try" and "mad" are words)
    r"(?-i:" + "|".join(sorted(lx.CURRENCY_CODES)) + r")|"
    r"(?:canadian|australian|new\s+zealand|hong\s+kong|singapore|u\.s\.|us)\s+dollars|"
    # Another country's dollars ("thousands of Surinamese dollars"): no currency it knows.
    r"(?-i:[A-Z][a-z]+)\s+dollars|"
    r"dollars|euros|pounds|yen|swiss\s+francs)\b",
    regex.IGNORECASE,
)
_SCALES = {
    "thousand": Decimal("1e3"),
    "million": Decimal("1e6"),
    "billion": Decimal("1e9"),
    "thousands": Decimal("1e3"),
    "000": Decimal("1e3"),
    "000s": Decimal("1e3"),
    "'000": Decimal("1e3"),
    "'000s": Decimal("1e3"),
    "k": Decimal("1e3"),
    "millions": Decimal("1e6"),
    "mm": Decimal("1e6"),
    "m": Decimal("1e6"),
    "mn": Decimal("1e6"),
    "billions": Decimal("1e9"),
    "bn": Decimal("1e9"),
    "b": Decimal("1e9"),
    "crore": Decimal("1e7"),
    "crores": Decimal("1e7"),
    "lakh": Decimal("1e5"),
    "lakhs": Decimal("1e5"),
    "t": Decimal("1e3"),  # TSEK
}
_CURRENCY_OF = {
    # The prefixed dollars the number reader knows ("C$", "R$"), each also written with its
    # code before the sign ("CAD$"), the rupee sign, and the codes alone.
    **{symbol.lower(): code for symbol, code in lx.CURRENCY_SYMBOLS.items() if symbol[-1] in "$₹"},
    **{f"{code.lower()}$": code for code in ("CAD", "AUD", "NZD", "HKD", "SGD")},
    **{code.lower(): lx.CURRENCY_ALIASES.get(code, code) for code in lx.CURRENCY_CODES},
    "$": "USD",
    "us$": "USD",
    "usd": "USD",
    "dollars": "USD",
    "canadian dollars": "CAD",
    "australian dollars": "AUD",
    "new zealand dollars": "NZD",
    "hong kong dollars": "HKD",
    "singapore dollars": "SGD",
    "u.s. dollars": "USD",
    "us dollars": "USD",
    "€": "EUR",
    "eur": "EUR",
    "euros": "EUR",
    "£": "GBP",
    "gbp": "GBP",
    "pounds": "GBP",
    "¥": "JPY",
    "jpy": "JPY",
    "yen": "JPY",
    "chf": "CHF",
    "swiss francs": "CHF",
}
# The line kinds that hold cells (the others: separator rows, blank lines and prose).
_ROW_KINDS = frozenset({"pipe", "tab", "pair", "wide", "csv", "semi", "dash", "json"})
_ENDS_WITH_GROUP_HEAD = regex.compile(r"(?<![0-9.])[0-9]{1,3}\Z")
_STARTS_WITH_GROUP = regex.compile(r"[0-9]{3}(?![0-9])")
_ROW_LABEL_KEYS = ("item", "label", "line_item", "metric", "name", "row", "category", "")
_JSON_VALUE = regex.compile(
    r'\s*"(?:[^"\\]|\\.)*"\s*:\s*(?:"(?P<s>(?:[^"\\]|\\.)*)"|(?P<n>-?[0-9][0-9.eE+-]*)|null|true|false)\s*,?'
)


@dataclass(frozen=True, slots=True)
class Cell:
    """One value cell: where it is, what names it, and the unit its table gives it.

    `scale` is 1 when the table states no scale for the cell; `scale_stated` says whether a
    caption, header or row label gave the scale (a stated 1, `in units`, is rare and reads
    as unknown). `per_share` and `percent` cells never take a table's scale.
    """

    start: int
    end: int
    table: int
    row: int
    column: int
    row_label: str
    column_header: str
    row_text: str
    scale: Decimal = Decimal(1)
    scale_stated: bool = False
    currency: str = ""
    percent: bool = False
    per_share: bool = False
    bps: bool = False  # "PCL ratio on loans (bps)", "take_rate_bps": basis points
    points: bool = False  # "Change (pts)", "Margin change (pp)": percentage points
    quantity: bool = False  # its row's unit is no currency: "'000 tonnes", "oz", "MW"
    # The section heading `row_label` begins with ("Cash flows from investing activities -
    # Purchase of property", "Net sales - Aerospace Systems").
    section: str = ""
    # Periods down the side and metrics across the top: the column, not the row, is the
    # line a metric's values run along.
    transposed: bool = False
    # A roll-forward's movement row between two balance rows: the year the later one closes
    # ("Amounts reclassified from AOCI" under "Balance at December 31, 2022": 2023).
    period: str = ""


@dataclass(frozen=True, slots=True)
class HeaderPeriod:
    """A column or row header that names a period ("2009", "dec. 31 2008", "12/10")."""

    start: int
    end: int
    period: str


@dataclass(slots=True)
class Table:
    start: int
    end: int
    scale: Decimal = Decimal(1)
    currency: str = ""
    column_units: dict[int, tuple[Decimal, str]] = field(default_factory=dict)
    # The metric the caption names in so many words ("Revenue by region"): what a bare
    # "Total" row of a source's table totals.
    metric: str = ""
    # What a roll-forward's caption says its balances are of ("the changes in shares of
    # common stock outstanding:"): the subject of its "Balance at ..." rows.
    subject: str = ""
    # What a caption says the rows break down ("Self-insurance reserves are classified in
    # the consolidated balance sheets as follows:"): what a bare "Total" row is the whole of.
    whole: str = ""

    def unit_of(self, column: int) -> tuple[Decimal, str]:
        """The scale and currency of a column's cells: its header's, else the caption's."""
        scale, currency = self.column_units.get(column, (Decimal(1), ""))
        return (scale if scale != 1 else self.scale), (currency or self.currency)


@dataclass(slots=True)
class TableSet:
    tables: list[Table] = field(default_factory=list)
    cells: list[Cell] = field(default_factory=list)
    header_periods: list[HeaderPeriod] = field(default_factory=list)
    # Every cell's span, labels and headers too: a digit run never crosses one's edge.
    spans: list[tuple[int, int]] = field(default_factory=list)
    # Row labels and header cells: a number in one is part of a name ("5.00% notes").
    label_spans: list[tuple[int, int]] = field(default_factory=list)


@dataclass(slots=True)
class _Line:
    start: int
    end: int
    text: str
    kind: str  # pipe | tab | pair | wide | csv | dash | json | separator | blank | other
    spans: list[tuple[int, int]]  # cell spans, absolute
    section: str = ""  # the section heading above the row in its table ("Net sales:")
    label_tail: str = ""  # the rest of its label, wrapped onto the next line ("reclassifications")


# ------------------------------------------------------------------ lines


_SIGNS = frozenset("$€£¥₹")


def _split(line: str, offset: int, kind: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    if kind == "pipe":
        pos = 0
        parts = line.split("|")
        for k, part in enumerate(parts):
            if (k == 0 or k == len(parts) - 1) and not part.strip():
                pos += len(part) + 1
                continue
            spans.append(_trimmed(line, offset, pos, pos + len(part)))
            pos += len(part) + 1
    elif kind == "tab":
        pos = 0
        for part in line.split("\t"):
            spans.append(_trimmed(line, offset, pos, pos + len(part)))
            pos += len(part) + 1
    elif kind == "pair":
        found = _KEY_VALUE.fullmatch(line, timeout=_TIMEOUT)
        if found:
            spans.append((offset + found.start(1), offset + found.end(1)))
            spans.append((offset + found.start(2), offset + found.end(2)))
    elif kind == "dash":
        found = _DASH_ROW.fullmatch(line, timeout=_TIMEOUT)
        if found and _is_value(found.group(3)):
            spans.extend((offset + found.start(g), offset + found.end(g)) for g in (1, 2, 3))
        else:
            spans.extend((offset + s, offset + e) for s, e in _dash_pairs(line))
    elif kind == "wide":
        for m in _WIDE_GAP.finditer(line):
            if m.end() - m.start() == 1 and line[m.start()] in _SIGNS:
                continue  # "$  2,431.7": the sign is no cell of its own
            end = m.end()
            if end - m.start() > 2 and line[end - 1] in _SIGNS and line[end - 2] == " ":
                end -= 2  # "$       1,053.2 $         971.5": the next column's sign
            spans.append((offset + m.start(), offset + end))
    elif kind == "semi":
        # A semicolon-separated export, as spreadsheets write CSV where the comma is the
        # decimal mark: every semicolon ends a cell.
        pos = 0
        for part in line.split(";"):
            spans.append(_trimmed(line, offset, pos, pos + len(part)))
            pos += len(part) + 1
    elif kind == "csv" and '"' not in line:
        # No quoted field: every comma ends a cell (most prose lines with a comma in them).
        pos = 0
        for part in line.split(","):
            spans.append(_trimmed(line, offset, pos, pos + len(part)))
            pos += len(part) + 1
    elif kind == "csv":
        quoted = False
        cell_start = 0
        for k, ch in enumerate(line):
            if ch == '"':
                quoted = not quoted
            elif ch == "," and not quoted:
                spans.append(_trimmed(line, offset, cell_start, k))
                cell_start = k + 1
        spans.append(_trimmed(line, offset, cell_start, len(line)))
    return spans[:MAX_CELLS_PER_ROW]


def _trimmed(line: str, offset: int, start: int, end: int) -> tuple[int, int]:
    """A cell's span without the spaces and quotes around its text."""
    while start < end and line[start] in ' "*':
        start += 1
    while end > start and line[end - 1] in ' "*\r':
        end -= 1
    return offset + start, offset + end


_TOTAL_ROW = regex.compile(r"total\b", regex.IGNORECASE)
BARE_TOTAL = regex.compile(r"(?:grand\s+)?total:?", regex.IGNORECASE)
# (With a footnote's marker: "Same-restaurant sales growth (2):", "Retail electric sales
# (GWh)(1)".)
_SECTION_ROW = regex.compile(
    r"[ \t]*[A-Za-z][A-Za-z ,&'()/-]{1,58}(?:\([0-9]{1,2}\))?:?[ \t]*"
    # a longer one that ends on its colon: "Films monetized as a film group (content for the
    # Larkspur+ streaming service):"
    r"|[ \t]*[A-Za-z][A-Za-z ,&'()/+.-]{1,118}:[ \t]*"
)


# A cell that only names a unit: "$'000", "$m", "(€000)", "%".
_UNIT_CELL = re.compile(r"\(?(?:[A-Z]{0,3}[$€£¥]|[A-Z]{2,3} ?)['’]?(?:000s?|m|mn|bn|k)\)?|%|\(%\)")
_GRID_RULE = re.compile(r"\+(?:[-=:]{2,}\+)+")
_COLUMN_RULES = re.compile(r"(?:-{3,}|={3,})(?:[ \t]+(?:-{3,}|={3,}))+")


def _classify(line: str) -> str:
    stripped = line.strip()
    if not stripped:
        return "blank"
    if len(stripped) > MAX_LINE_CHARS:
        return "other"
    if stripped[0] == "+" and _GRID_RULE.fullmatch(stripped):
        return "separator"  # "+------+------+", "+======+": a grid table's rules
    if stripped[0] == "-" and len(stripped) >= 2 and not stripped.strip("-"):
        return "separator"  # a MediaWiki "|-" between rows, rewritten
    if stripped[0] == "-" and "+" in stripped and _SEPARATOR_ROW.fullmatch(stripped):
        return "separator"  # psql's "-----+-----" under its header
    if stripped[0] in "-=" and _COLUMN_RULES.fullmatch(stripped):
        # "=====  ======  ======" of a reStructuredText simple table, "-------  -------"
        # under the headers of a plain-text filing's table
        return "separator"
    if "|" in stripped:  # "Revenue | 1.24" is a row too; the block check wants numbers in cells
        if "--" in stripped and _SEPARATOR_ROW.fullmatch(stripped, timeout=_TIMEOUT):
            return "separator"
        return "pipe"
    if "\t" in stripped:
        return "tab"
    if stripped[0] == "{" and stripped[-1] == "}" and ":" in stripped:
        return "json"
    if ("—" in stripped or "–" in stripped) and ":" in stripped:
        dash = _DASH_ROW.fullmatch(stripped, timeout=_TIMEOUT)
        if dash and _is_value(dash.group(3)):
            return "dash"
        if ";" in stripped and _dash_pairs(stripped):
            return "dash"
    if ":" in stripped and _pair_value_fits(stripped):
        pair = _KEY_VALUE.fullmatch(stripped, timeout=_TIMEOUT)
        if pair and _is_numeric(pair.group(2)):
            return "pair"
    if "  " in stripped and len(_WIDE_GAP.findall(stripped)) >= 2:
        return "wide"
    if ";" in stripped and len(stripped) <= 600:
        return "semi"
    if "," in stripped and len(stripped) <= 600:
        if _GROUPED_AMOUNT.fullmatch(stripped):
            return "other"
        return "csv"
    return "other"


def _pair_value_fits(line: str) -> bool:
    """What follows the first colon (the one `_KEY_VALUE` splits at: its label holds none)
    is short enough to be the value of a `Label: value` line. A sentence with a colon in it
    is not, and the pattern would try every way of splitting it to find that out."""
    return len(line[line.index(":") + 1 :].strip()) <= _PAIR_VALUE_CHARS


def _is_numeric(cell: str) -> bool:
    # A numeric cell has a digit: most label and header cells are turned away without
    # running the pattern.
    if _PLAIN_NUMBER.fullmatch(cell):
        return True  # "1,234.5", "$12", "8.1%": what most value cells hold
    return (
        bool(cell.strip())
        and _DIGIT.search(cell) is not None
        and bool(_NUMERIC_CELL.fullmatch(cell, timeout=_TIMEOUT))
    )


def _is_pair(cell: str) -> bool:
    """A cell holding a label and its value: "Industrial: 412"."""
    if ":" not in cell:
        return False
    pair = _KEY_VALUE.fullmatch(cell, timeout=_TIMEOUT)
    return pair is not None and _is_numeric(pair.group(2))


def _dash_pairs(line: str) -> list[tuple[int, int]]:
    """The spans of a `label — header: value; header: value` line: the label, then each
    header and value; [] unless every pair holds a value."""
    found = _DASH_PAIRS.fullmatch(line, timeout=_TIMEOUT)
    if found is None:
        return []
    spans = [found.span(1)]
    pos, end = found.start(2), found.end(2)
    while pos < end:
        pair = _DASH_PAIR.match(line, pos, end)
        if pair is None or not _is_value(pair.group(2)):
            return []
        spans += [pair.span(1), pair.span(2)]
        pos = pair.end()
    return spans if len(spans) >= 5 else []


def _is_value(cell: str) -> bool:
    """A number, or a dash or n/a standing for none."""
    return _is_numeric(cell) or bool(_NIL_CELL.fullmatch(cell, timeout=_TIMEOUT))


def _is_header_cell(cell: str) -> bool:
    """A header cell: words, or a period written with digits ("2009", "FY24", "12/31/06")."""
    stripped = cell.strip()
    if not stripped:
        return True
    if not _is_numeric(stripped) or _YEARISH.fullmatch(stripped, timeout=_TIMEOUT):
        return True
    return bool(header_period(stripped))


# ------------------------------------------------------------------ blocks


def _valid_block(kind: str, lines: list[_Line], text: str) -> bool:
    if kind in ("pipe", "json", "dash"):
        return any(len(line.spans) >= 2 for line in lines)
    if len(lines) < 2:
        return False
    if kind == "pair":
        return True
    counts = {len(line.spans) for line in lines}
    if kind in ("csv", "semi"):
        # Prose lines have commas and semicolons too: such a block has a steady width, short
        # fields and numbers standing alone in them.
        if len(counts) != 1 or min(counts) < 2:
            return False
        for number, line in enumerate(lines):
            fields = [text[s:e] for s, e in line.spans]
            if len(fields[0]) > 160 or any(
                len(f) > (100 if number == 0 else 40) for f in fields[1:]
            ):
                return False
            if kind == "semi":
                continue  # a semicolon is no thousands separator
            for left, right in itertools.pairwise(fields):
                # "2,500 shares, $118,750": a thousands separator inside prose, not a cell
                # boundary (a cell never starts with three digits and goes on in words).
                if (
                    _ENDS_WITH_GROUP_HEAD.search(left)
                    and _STARTS_WITH_GROUP.match(right)
                    and not _is_numeric(right)
                ):
                    return False
            if len(lines) > 2:
                continue  # three or more lines of the same width are rows, not prose
            for left, right in itertools.pairwise(fields):
                # "2,500 shares, $118,750" is prose with thousands separators, not cells.
                if _ENDS_WITH_GROUP_HEAD.search(left) and _STARTS_WITH_GROUP.match(right):
                    return False
        return any(_is_numeric(text[s:e]) for line in lines[1:] for s, e in line.spans[1:])
    numeric_rows = 0
    for line in lines:
        if any(_is_numeric(text[s:e]) for s, e in line.spans[1:]):
            numeric_rows += 1
    return numeric_rows >= 1 and max(counts) >= 2


def _caption_before(text: str, lines: list[_Line], first: int) -> str:
    """The text just before a table: the tail of the nearest non-blank lines above it."""
    parts: list[str] = []
    budget = CAPTION_CHARS
    k = first - 1
    while k >= 0 and budget > 0 and len(parts) < 3:
        line = lines[k]
        if line.kind == "blank":
            k -= 1
            continue
        if line.kind in _ROW_KINDS and line.kind not in ("wide", "csv", "semi"):
            break  # another table's row
        if line.kind in _ROW_KINDS and len(_ROW_AMOUNTS.findall(line.text, timeout=_TIMEOUT)) >= 2:
            break  # "Instructional costs   351,402   338,915": a row of the table above
        tail = line.text[-budget:]
        parts.append(tail)
        budget -= len(tail)
        k -= 1
    return " ".join(reversed(parts))


def _single_line_under_caption(
    kind: str, block: list[_Line], lines: list[_Line], first: int
) -> bool:
    """One `Label: value` line right under a scale caption ("(in thousands)") is a table
    too; a blank line between them breaks the link."""
    return (
        kind == "pair"
        and len(block) == 1
        and first > 0
        and lines[first - 1].kind != "blank"
        and _SCALE_CAPTION.search(lines[first - 1].text[-120:], timeout=_TIMEOUT) is not None
    )


_HEADER_DATE = regex.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+[0-9]{1,2},?\s+"
    r"(?:19|20)[0-9]{2}\b",
    regex.IGNORECASE,
)


def _dates_apart(line: _Line, text: str) -> _Line:
    """A header whose dates are one space apart ("Feb. 3, 2024 Jan. 28, 2023"), as HTML
    converted to text leaves them: one header cell per date."""
    spans: list[tuple[int, int]] = []
    split = False
    for s, e in line.spans:
        dates = list(_HEADER_DATE.finditer(text, s, e, timeout=_TIMEOUT))
        if len(dates) >= 2 and not text[s : dates[0].start()].strip():
            spans.extend(d.span() for d in dates)
            split = True
        else:
            spans.append((s, e))
    if not split:
        return line
    return _Line(line.start, line.end, line.text, line.kind, spans, line.section)


def _periods_header_above(lines: list[_Line], first: int, text: str) -> tuple[_Line, int] | None:
    """A line of period headers ("2024   2023") a few section headings above a block, read
    as a row of the block's kind, and where it is."""
    stacked = _stacked_periods_above(lines, first, text)
    if stacked is not None:
        return stacked
    k = first - 1
    while k >= 0 and first - k <= 4:
        line = lines[k]
        if line.kind == "blank" or _continues(line):
            k -= 1
            continue
        dates = [
            d.span() for d in _HEADER_DATE.finditer(text, line.start, line.end, timeout=_TIMEOUT)
        ]
        if len(dates) >= 2 and _dates_only(text, line, dates):
            spans = dates  # "Feb. 3, 2024 Jan. 28, 2023 Jan. 29, 2022", read as CSV
        elif line.kind in _ROW_KINDS and line.kind != "wide":
            return None
        else:
            spans = _split(line.text, line.start, "wide")
        if len(spans) >= 2 and all(header_period(text[s:e]) for s, e in spans):
            return _Line(line.start, line.end, line.text, "wide", spans), k
        return None
    return None


def _numbered_rows(text: str, body: list[_Line]) -> bool:
    """Whether a block's first column numbers its rows (1, 2, 3 ... or 0, 1, 2 ...) before
    a column of labels: a data frame's printed index."""
    if len(body) < 3:
        return False
    firsts, seconds = [], []
    for line in body:
        if len(line.spans) < 3:
            return False
        firsts.append(text[line.spans[0][0] : line.spans[0][1]].strip())
        seconds.append(text[line.spans[1][0] : line.spans[1][1]].strip())
    if not all(f.isdigit() and len(f) <= 5 for f in firsts):
        return False
    numbers = [int(f) for f in firsts]
    return (
        numbers[0] in (0, 1)
        and numbers == list(range(numbers[0], numbers[0] + len(numbers)))
        and all(any(ch.isalpha() for ch in label) for label in seconds)
    )


def _dates_only(text: str, line: _Line, dates: list[tuple[int, int]]) -> bool:
    """Whether a line holds its dates and at most a few words around them ("Three Months
    Ended Feb. 3, 2024 Jan. 28, 2023"): a header of dates, not a sentence that gives two
    ("On March 9, 2024, a fire damaged ... until June 17, 2024.")."""
    cursor, rest = line.start, []
    for start, end in dates:
        rest.append(text[cursor:start])
        cursor = end
    rest.append(text[cursor : line.end])
    return len(_A_WORD.findall(" ".join(rest))) <= MAX_DATE_HEADER_WORDS


_A_WORD = re.compile(r"[A-Za-z]{3,}")
MAX_DATE_HEADER_WORDS = 6


def _header_over_a_period_line(lines: list[_Line], first: int, text: str) -> _Line | None:
    """A line of column names right above a line that names a period, itself right above a
    block ("Ammonia   Urea   UAN   Total" / "Year ended December 31, 2024" / the rows), read
    as the block's header; none otherwise."""
    if first < 2 or not _PERIOD_LINE.fullmatch(lines[first - 1].text):
        return None
    line = lines[first - 2]
    if line.kind not in ("wide", "other"):
        return None
    spans = _split(line.text, line.start, "wide")
    cells = [text[s:e].strip() for s, e in spans]
    named = [cell for cell in cells[1:] if cell]
    if len(named) < 2 or not all(
        _is_header_cell(cell) and not _is_numeric(cell) and not header_period(cell)
        for cell in named
    ):
        return None
    return _Line(line.start, line.end, line.text, "wide", spans)


def _spans_above(lines: list[_Line], k: int, text: str) -> list[_Line]:
    """The line right above a header of periods that names spans of time over its columns
    ("Three Months Ended      Nine Months Ended" over "Sep. 27, 2025 Sep. 28, 2024 ..."),
    as a group line; none otherwise."""
    if k < 1 or lines[k - 1].kind == "blank":
        return []
    line = lines[k - 1]
    spans = _split(line.text, line.start, "wide")
    if len(spans) < 2 or not all(_SPAN_ENDED.search(text, s, e) for s, e in spans):
        return []
    return [_Line(line.start, line.end, line.text, "wide", spans)]


STACKED = "stacked"  # a header of periods one a line, over a block's value columns in order


def _stacked_periods_above(lines: list[_Line], first: int, text: str) -> tuple[_Line, int] | None:
    """Periods one a line right above a block of aligned rows ("Year Ended December 31," /
    "2024" / "2023", as PDF text extraction leaves a header): a header whose cells head the
    value columns in order, and where the run starts."""
    run = _period_lines_above(text, lines[first].start, years_only=True)
    if len(run) < 2:
        return None
    spans = [(cell_start, cell_end) for cell_start, cell_end, _line, _year in run]
    k = bisect.bisect_left([line.start for line in lines], run[0][2])
    if k > 0 and _SPAN_ENDED_LINE.fullmatch(lines[k - 1].text.strip(), timeout=_TIMEOUT):
        k -= 1  # the "Year Ended December 31," line over them
    return _Line(spans[0][0], spans[-1][1], text[spans[0][0] : spans[-1][1]], STACKED, spans), k


def _period_lines_above(
    text: str, start: int, *, years_only: bool = False
) -> list[tuple[int, int, int, int]]:
    """The periods written one a line right above the line at `start` ("2024" / "2023", or
    "February 1," / "2025" split over two lines), top first: where each period's text starts
    and ends, where its first line starts and where its year's line starts."""
    run: list[tuple[int, int, int, int]] = []
    end = start - 1
    while end > 0 and len(run) < MAX_STACKED_PERIODS:
        begin = text.rfind("\n", 0, end) + 1
        cell = text[begin:end].strip()
        if (
            not 0 < len(cell) <= _CELL_LINE_CHARS
            or (years_only and not _YEARISH.fullmatch(cell, timeout=_TIMEOUT))
            or not header_period(cell)
            or _GROUPED_AMOUNT.fullmatch(cell)
        ):
            break
        cell_end = text.index(cell, begin) + len(cell)
        year_begin = begin
        if begin > 1:
            day_begin = text.rfind("\n", 0, begin - 1) + 1
            day = text[day_begin : begin - 1].strip()
            if day and _MONTH_DAY_LINE.fullmatch(day):
                begin = day_begin  # "February 1," over "2025": one date
        cell_start = text.index(text[begin:cell_end].strip(), begin)
        run.insert(0, (cell_start, cell_end, begin, year_begin))
        end = begin - 1
    return run


MAX_STACKED_PERIODS = 6
_SPAN_ENDED_LINE = regex.compile(
    r"(?:(?:fiscal\s+)?years?|(?:three|six|nine|twelve|[0-9]{1,2})\s+months|quarters?)\s+"
    r"(?:ended|ending)\b.{0,30}|fiscal\s+years?",
    regex.IGNORECASE,
)


def _continues(line: _Line) -> bool:
    """A line between two blocks of one statement: blank, or a section heading of its own
    ("Segment operating profit:")."""
    return line.kind == "blank" or bool(_SECTION_ROW.fullmatch(line.text))


_WIKI_BOLD, _WIKI_ITALIC = "'" * 3, "'" * 2
# Textile's header and alignment marks after a cell's bar: "|_. Concept", "|>. 3,948,210".
_TEXTILE_MARK = regex.compile(r"\|(?:_|[<>=]|_[<>=])\. ")


# Box-drawing tables (polars and DuckDB prints, tabulate's "fancy_grid"): their rules and
# the bars between cells.
_BOX_CHARS = re.compile("[│┆┃║┊╎]")
_BOX_RULE = re.compile(r"[ \t]*[┌┐└┘├┤┬┴┼╞╡╪╤╧╔╗╚╝╠╣╦╩╬╒╕╘╛╟╢╫─━═┄┈╌ ]+[ \t]*")
_BOX_JUNCTIONS = str.maketrans(
    {
        **dict.fromkeys("┌┐└┘├┤┬┴┼╞╡╪╤╧╔╗╚╝╠╣╦╩╬╒╕╘╛╟╢╫", "+"),
        **dict.fromkeys("─━┄┈╌", "-"),
        "═": "=",
    }
)
_BOX_BARS = str.maketrans("│┆┃║┊╎", "||||||")
# A polars print's row of column types under its header: "│ str ┆ f64 ┆ i64 │".
_DTYPE_ROW = re.compile(
    r"\|(?:\s*(?:str|f32|f64|i8|i16|i32|i64|u8|u16|u32|u64|bool|date|datetime\[\w+\]|cat)\s*\|)+"
)


def _box_as_pipes(text: str) -> str:
    """A table drawn with box characters rewritten as pipe rows and grid rules of the same
    length, so every cell keeps its offsets; a polars print's row of column types is
    blanked."""
    lines = text.split("\n")
    for k, line in enumerate(lines):
        if _BOX_RULE.fullmatch(line) and line.strip():
            lines[k] = line.translate(_BOX_JUNCTIONS)
        elif _BOX_CHARS.search(line):
            piped = line.translate(_BOX_BARS)
            if _DTYPE_ROW.fullmatch(piped.strip()):
                piped = "".join(c if c == "|" else " " for c in piped)
            lines[k] = piped
    return "\n".join(lines)


def _markup_as_pipes(text: str) -> str:
    """MediaWiki, Confluence/Jira, Textile and DokuWiki tables rewritten as pipe rows of the same
    length, so every cell keeps its offsets in the text the claims are read from."""
    if "{|" in text and "|}" in text:
        text = _wiki_as_pipes(text)
    if "\n||" in text or text.startswith("||"):
        text = _confluence_as_pipes(text)
    if "|_." in text or "|>." in text:
        text = _TEXTILE_MARK.sub(lambda m: "|" + " " * (len(m.group()) - 1), text)
    if "\n^" in text or text.startswith("^"):
        text = _dokuwiki_as_pipes(text)
    return text


def _dokuwiki_as_pipes(text: str) -> str:
    """DokuWiki's header cells (`^ Indicator ^ 2024 ^`, and `^ Total ^ 1,234 ^` rows that
    mix them with `|` cells) as pipe cells of the same length."""
    return "\n".join(
        line.replace("^", "|") if line.lstrip().startswith(("^", "|")) and "^" in line else line
        for line in text.split("\n")
    )


def _wiki_as_pipes(text: str) -> str:
    """MediaWiki table markup (`{|`, `! a !! b`, `| a || b`, `|-`, `|}`, bold in triple
    quotes) rewritten as pipe rows of the same length, so every cell keeps its offsets."""
    out = []
    for line in text.split("\n"):
        stripped = line.lstrip()
        lead = len(line) - len(stripped)
        if stripped.startswith(("{|", "|}")):
            line = " " * len(line)
        elif stripped.startswith("|-"):
            line = " " * lead + "-" * len(stripped)  # a separator row
        elif stripped.startswith("|+"):
            line = " " * (lead + 2) + stripped[2:]  # the table's caption
        elif stripped.startswith("!"):
            line = " " * lead + "|" + stripped[1:].replace("!!", " |")
        elif stripped.startswith("|"):
            line = line.replace("||", " |")
        else:
            out.append(line)
            continue
        out.append(line.replace(_WIKI_BOLD, "   ").replace(_WIKI_ITALIC, "  "))
    return "\n".join(out)


def _confluence_as_pipes(text: str) -> str:
    """Confluence and Jira header rows (`||Indicator||Unit||2024||`) as pipe rows of the same
    length, cell for cell with the `|a|b|` rows under them."""
    return "\n".join(
        line.replace("||", " |") if line.lstrip().startswith("||") else line
        for line in text.split("\n")
    )


# An HTML or BBCode table row, its cells and its other tags (bold, paragraphs, the table's
# own), and the entities a page's text keeps.
_ROW_ELEMENT = regex.compile(
    r"<tr\b[^>]{0,200}>.{0,4000}?</tr\s*>|\[tr\].{0,4000}?\[/tr\]", regex.IGNORECASE | regex.DOTALL
)
MARKUP_TAG = regex.compile(
    r"<(/?)([a-zA-Z][a-zA-Z0-9]*)\b[^<>]{0,300}>|\[(/?)(tr|td|th|b|i|u|table|center)\]",
    regex.IGNORECASE,
)
_COLSPAN = regex.compile(r"colspan\s*=\s*[\"']?([0-9]+)", regex.IGNORECASE)
_ENTITY = regex.compile(r"&(?:nbsp|amp|#160|#8201|thinsp);")


def _tags_as_pipes(text: str) -> str:
    """HTML (`<tr><th>Region</th><td>285,720</td></tr>`) and BBCode (`[tr][td]...[/td][/tr]`)
    tables as pipe rows of the same length: each row on one line (its line breaks become
    spaces), a cell's opening tag a bar (as many as its `colspan`), the row's closing tag a
    last bar, every other tag and entity spaces. Text outside rows keeps its words."""
    if not MARKUP_TAG.search(text, timeout=_TIMEOUT):
        return text
    chars = list(text)
    previous_end = -1
    for row in _ROW_ELEMENT.finditer(text, timeout=_TIMEOUT):
        between = text[previous_end : row.start()] if previous_end >= 0 else ""
        if "\n" in between and not MARKUP_TAG.sub("", between, timeout=_TIMEOUT).strip():
            # "</thead>" and "<tbody>" between two rows: a rule, not a break in the table.
            for i in range(previous_end, row.start()):
                if not chars[i].isspace():
                    chars[i] = "-"
        previous_end = row.end()
        for i in range(row.start(), row.end()):
            if chars[i] == "\n":
                chars[i] = " "
        first_cell, after_group = True, False
        spanned = 0  # the columns a cell spans past its first, written at its closing tag
        for tag in MARKUP_TAG.finditer(text, row.start(), row.end(), timeout=_TIMEOUT):
            name = (tag.group(2) or tag.group(4)).lower()
            closing = bool(tag.group(1) or tag.group(3))
            width = tag.end() - tag.start()
            if name in ("td", "th") and closing and spanned:
                # "<th colspan="3">December 31, 2019</th>": the text in the first column of
                # its span, empty cells after it, as a pipe table writes a spanning header.
                bars = min(spanned, width)
                chars[tag.start() : tag.end()] = "|" * bars + " " * (width - bars)
                spanned = 0
            elif name in ("td", "th") and not closing:
                if "rowspan" in tag.group().lower():
                    # A group's name beside its first row ("Domestic" over three products):
                    # part of that row's label, as the rows under it have no such cell.
                    chars[tag.start() : tag.end()] = "|" + " " * (width - 1)
                    first_cell, after_group = False, True
                    continue
                pending, spanned = spanned, 0  # a spanning cell whose closing tag was left out
                if after_group:
                    bars = 0  # the row's own label goes on after its group's name
                else:
                    # A header spanning the label columns is one label cell.
                    span = _COLSPAN.search(tag.group()) if not first_cell else None
                    bars = 1
                    spanned = int(span.group(1)) - 1 if span and int(span.group(1)) > 1 else 0
                bars = min(bars + pending, width)
                chars[tag.start() : tag.end()] = "|" * bars + " " * (width - bars)
                first_cell, after_group = False, False
            elif name == "tr" and closing:
                chars[tag.start() : tag.end()] = "|" + " " * (width - 1)
            else:
                chars[tag.start() : tag.end()] = " " * width
    for row in _ROW_ELEMENT.finditer(text, timeout=_TIMEOUT):
        # A page that writes its rows on one line (`</p><table><tr>...</tr><tr>`): each row
        # on a line of its own. Its opening tag's first character breaks the line when text
        # comes before it, its closing tag's last when text follows it.
        line_start = _line_start(chars, row.start())
        if MARKUP_TAG.sub("", text[line_start : row.start()], timeout=_TIMEOUT).strip():
            chars[row.start()] = "\n"
        line_end = text.find("\n", row.end())
        rest = text[row.end() : line_end if line_end >= 0 else len(text)]
        if MARKUP_TAG.sub("", rest, timeout=_TIMEOUT).strip():
            chars[row.end() - 1] = "\n"
    out = "".join(chars)
    # Tags outside rows (a caption, a paragraph, bold) and entities: spaces.
    out = MARKUP_TAG.sub(lambda m: " " * (m.end() - m.start()), out, timeout=_TIMEOUT)
    if "&" in out:
        out = _ENTITY.sub(lambda m: " " * (m.end() - m.start()), out, timeout=_TIMEOUT)
    return out


def _line_start(chars: list[str], at: int) -> int:
    while at > 0 and chars[at - 1] != "\n":
        at -= 1
    return at


MAX_JSON_ROWS_CHARS = 200_000


# A cell given by its address on a line of its own, as OCR and layout services print a
# table ("CELL [2,1]: Exhibitor revenue", "cell [2, 2]: $ 118,406").
_ADDRESSED_CELL = re.compile(
    r"[ \t]*cell\s*\[\s*([0-9]{1,4})\s*,\s*[0-9]{1,4}\s*\]\s*:[ \t]?", re.I
)
MIN_ADDRESSED_CELLS = 4


def _addressed_cells_as_pipes(text: str) -> str:
    """Cells printed one a line by their row and column (`CELL [2,1]: Exhibitor revenue` /
    `CELL [2,2]: $ 118,406`) as pipe rows of the same length: each cell's address a bar and
    spaces, and the line break between two cells of one row a space, so that a row is one
    line. Fewer than four such lines in a run stay as they are."""
    lines = text.split("\n")
    found = [_ADDRESSED_CELL.match(line) for line in lines]
    if sum(1 for m in found if m) < MIN_ADDRESSED_CELLS:
        return text
    out = []
    for k, line in enumerate(lines):
        m = found[k]
        if m is None:
            out.append(line + "\n")
            continue
        width = m.end()
        line = "|" + " " * (width - 1) + line[width:]
        following = found[k + 1] if k + 1 < len(lines) else None
        same_row = following is not None and following.group(1) == m.group(1)
        out.append(line + (" " if same_row else "\n"))
    return "".join(out)[: len(text)]


# A LaTeX tabular environment, its rules, and the commands and braces around its cells'
# text ("\\textbf{Revenue}", "\\caption{Results (in millions)}").
_TABULAR = re.compile(
    r"\\begin\{(?:tabular[x*]?|longtable|array)\}(?:\{[^{}\n]*\})*(.*?)\\end\{(?:tabular[x*]?|longtable|array)\}",
    re.DOTALL,
)
_TEX_RULE = re.compile(r"[ \t]*\\(?:hline|toprule|midrule|bottomrule|cline\{[0-9-]+\})[ \t]*")
_TEX_COMMAND = re.compile(r"\\[a-zA-Z]+\*?|[{}]")
_TEX_CELL_BREAK = re.compile(r"(?<!\\)&")
_TEX_ROW_END = re.compile(r"\\\\(?:\[[^\]\n]*\])?")


def _tabular_as_pipes(text: str) -> str:
    """A LaTeX `tabular` as pipe rows of the same length: `&` a bar, `\\\\` at a row's end
    spaces, `\\hline` and booktabs rules a rule of dashes, other commands and braces
    spaces; a `\\caption{...}` near it keeps its words as the caption."""
    chars = list(text)

    def blank(start: int, end: int, fill: str = " ") -> None:
        chars[start:end] = fill * (end - start)

    found = False
    for table in _TABULAR.finditer(text):
        found = True
        body_start, body_end = table.start(1), table.end(1)
        blank(table.start(), body_start)
        blank(body_end, table.end())
        for m in _TEX_RULE.finditer(text, body_start, body_end):
            blank(m.start(), m.end(), "-")
        for m in _TEX_ROW_END.finditer(text, body_start, body_end):
            blank(m.start(), m.end())
        for m in _TEX_CELL_BREAK.finditer(text, body_start, body_end):
            chars[m.start()] = "|"
    if not found:
        return text
    out = "".join(chars)
    # Commands and braces anywhere else in the page ("\\caption{", "\\textbf{"): spaces.
    return _TEX_COMMAND.sub(lambda m: " " * (m.end() - m.start()), out)


def _json_rows_as_pipes(text: str) -> str:
    """A table written as a JSON array of rows (`[["", "2024", "2023"], ["Revenue",
    "412.6", "538.1"]]`, as datasets of annual-report tables store them) as pipe rows of the
    same length: each row on a line of its own, its brackets and the commas between its
    cells bars, the quotes spaces. An array that is not rows of strings and numbers stays
    as it is."""
    chars = list(text)
    start = text.find("[[")
    while start >= 0:
        end = _json_rows_end(text, start)
        if end is None:
            start = text.find("[[", start + 2)
            continue
        depth = 0
        for i, ch in _json_structure(text, start, end):
            if ch == '"':
                chars[i] = " "
            elif ch == "[":
                depth += 1
                chars[i] = "|" if depth == 2 else " "
            elif ch == "]":
                chars[i] = "|" if depth == 2 else " "
                depth -= 1
            elif ch == ",":
                chars[i] = "|" if depth == 2 else "\n"
            elif ch == "\n":
                chars[i] = " "
        for m in _UNICODE_ESCAPE.finditer(text, start, end):
            # "\u20ac'000", as JSON written in ASCII gives "€'000": spaces, then the
            # character, so that it stays next to what follows and every cell keeps its place
            chars[m.start() : m.end() - 1] = [" "] * (m.end() - m.start() - 1)
            chars[m.end() - 1] = chr(int(m.group(1), 16))
        start = text.find("[[", end)
    return "".join(chars)


_UNICODE_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")


# A line holding only a currency sign, as PDF text extraction leaves the `$` of a cell.
_SIGN_LINE = re.compile(r"[A-Z]{0,3}[$€£¥₹]")
_MONTH_DAY_LINE = re.compile(
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+[0-9]{1,2},?",
    re.IGNORECASE,
)
_NOTE_LINE = re.compile(r"\([0-9]{1,2}\)|\([a-z]\)|\*{1,3}")  # a column's footnote mark
_LIST_MARKS = ("- ", "* ", "• ", "+ ")  # list markup's cells (`* - Revenue`, `- 2,416`)
_CELL_LINE_CHARS = 40  # a period or value cell on a line of its own is no longer
_LABEL_LINE_CHARS = 120


def _cells_a_line_as_pipes(text: str) -> tuple[str, set[int]]:
    """A table as PDF text extraction leaves it, one cell a line (a run of period headers,
    then each row's label followed by one value per period, a `$` sometimes on a line of its
    own), rewritten as pipe rows of the same length: the line breaks inside a row become
    bars (a sign's own break a space). A run needs two periods or more and two full rows or
    more under them; a row with fewer values than periods ends the table. Also returns where
    the heading lines inside each table start ("ASSETS", "Current assets:")."""
    raws = text.split("\n")
    if len(raws) < 7:
        return text, set()
    # A header cell on a line of its own: short, a digit, no bar, tab or colon (most lines
    # of prose and of other tables fail here, before any pattern runs).
    short = [
        len(raw) <= _CELL_LINE_CHARS + 8
        and "|" not in raw
        and "\t" not in raw
        and ":" not in raw
        and _DIGIT.search(raw) is not None
        for raw in raws
    ]

    def period(k: int) -> bool:
        if not short[k]:
            return False
        stripped = raws[k].strip()
        return (
            0 < len(stripped) <= _CELL_LINE_CHARS
            and not _GROUPED_AMOUNT.fullmatch(stripped)
            and bool(header_period(stripped))
        )

    def sign(k: int) -> bool:
        """A line holding only a cell's currency sign ("$")."""
        return _SIGN_LINE.fullmatch(raws[k].strip()) is not None

    def day(k: int) -> bool:
        """ "February 3," over its year, as a stacked header splits a date."""
        return short[k] and _MONTH_DAY_LINE.fullmatch(raws[k].strip()) is not None

    def header(i: int) -> tuple[int, int, dict[int, str]]:
        """The header run from line i: where it ends, its columns and its line breaks (a
        day's break before its year and a footnote mark's a space, one column's the next's
        a bar)."""
        columns, k, joins = 0, i, {}
        pending, previous = False, ""
        while k < len(raws):
            if day(k):
                if k > i:
                    joins[k - 1] = "|"
                pending, previous = True, "day"
            elif period(k):
                if k > i:
                    joins[k - 1] = " " if pending else "|"
                columns += 1
                pending, previous = False, "period"
            elif previous == "period" and _NOTE_LINE.fullmatch(raws[k].strip()):
                joins[k - 1] = " "  # "2024" over "(1)": the column's footnote
                previous = "note"
            else:
                break
            k += 1
        if pending:  # a day with no year under it is not part of the run
            k -= 1
            joins.pop(k - 1, None)
        return k, columns, joins

    def value(k: int) -> bool:
        stripped = raws[k].strip()
        return (
            0 < len(stripped) <= _CELL_LINE_CHARS
            and not stripped.startswith(_LIST_MARKS)
            and _is_value(stripped)
        )

    def label(k: int) -> bool:
        stripped = raws[k].strip()
        return (
            0 < len(stripped) <= _LABEL_LINE_CHARS
            and not stripped.startswith(_LIST_MARKS)
            and any(ch.isalpha() for ch in stripped)
            and not sign(k)
            and not _is_value(stripped)
        )

    def values_after(k: int) -> list[int]:
        """The value lines after line k, each with the sign line before it, if any."""
        found: list[int] = []
        while k < len(raws):
            if sign(k) and k + 1 < len(raws) and value(k + 1):
                found.append(k)
                k += 2
            elif value(k):
                found.append(k)
                k += 1
            else:
                break
        return found

    breaks: dict[int, str] = {}  # line index -> what replaces the break at its end
    sections: set[int] = set()  # heading lines inside a table, by index
    i = 0
    while i < len(raws):
        if not (short[i] and i + 1 < len(raws) and short[i + 1] and (period(i) or day(i))):
            i += 1
            continue
        k, width, joins = header(i)
        if width < 2:
            i = max(k, i + 1)
            continue
        rows: list[tuple[int, list[int]]] = []
        headings: list[int] = []
        p = k
        while p < len(raws) and label(p) and not period(p) and not day(p):
            cells = values_after(p + 1)
            if cells and len(cells) != width:
                break
            if cells:
                rows.append((p, cells))
            else:
                headings.append(p)
            end = cells[-1] if cells else p
            p = end + (2 if sign(end) else 1)
        if len(rows) >= 2 and not _units_by_column(raws[k : rows[0][0]]):
            breaks.update(joins)
            sections.update(h for h in headings if h < rows[-1][0])
            for first, cells in rows:
                breaks[first] = "|"
                for cell in cells[:-1]:
                    if sign(cell):
                        breaks[cell] = " "  # "$" then its value: one cell
                    breaks[cell + 1 if sign(cell) else cell] = "|"
                if sign(cells[-1]):
                    breaks[cells[-1]] = " "
        i = max(p, k)
    if not breaks:
        return text, set()
    starts = list(itertools.accumulate((len(raw) + 1 for raw in raws[:-1]), initial=0))
    chars = list(text)
    for line, mark in breaks.items():
        chars[starts[line] + len(raws[line])] = mark
    return "".join(chars), {starts[h] for h in sections}


# A line that ends in two values one space apart ("Net sales $ 54,022 $ 50,411"), as PDF text
# extraction runs a statement's columns together: the lines worth reading as rows.
_TWO_VALUES_AT_END = re.compile(
    r"[0-9)%—–] (?:[$€£¥] ?)?\(?-?[0-9][0-9,.]*\)?%?[ \t]*$|[0-9)%] [—–-][ \t]*$", re.MULTILINE
)
_SPACED_VALUE = re.compile(r"(?:[$€£¥]|[A-Z]{1,3}\$)?\(?-?[0-9][0-9,]*(?:\.[0-9]+)?\)?%?|[—–-]")
_SPACED_YEAR = re.compile(r"(?:FY|CY)?'?(?:19|20)[0-9]{2}")
_SPACED_MONTH = re.compile(
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?", re.IGNORECASE
)
MIN_SPACED_ROWS = 2


def _spaced_values(tokens: list[re.Match]) -> int:
    """How many tokens at the end of a line are values (a lone `$` or `%` joining its
    value); the tokens before them must name the row."""
    k = len(tokens)
    count = 0
    while k > 0:
        word = tokens[k - 1].group()
        if word == "%" and k > 1:
            k -= 1
            continue
        if not _SPACED_VALUE.fullmatch(word):
            break
        k -= 1
        count += 1
        if k > 0 and tokens[k - 1].group() in ("$", "€", "£", "¥"):
            k -= 1
    return count


def _spaced_periods(tokens: list[re.Match]) -> list[int]:
    """The tokens where each period of a header line starts, read from its end ("Fiscal
    Year Ended January 31, 2024 January 31, 2023": the two dates), or [] when the line is
    no such header."""
    starts: list[int] = []
    k = len(tokens)
    while k > 0 and _SPACED_YEAR.fullmatch(tokens[k - 1].group().rstrip(",")):
        k -= 1
        if (
            k >= 2
            and tokens[k - 1].group().rstrip(",").isdigit()
            and _SPACED_MONTH.fullmatch(tokens[k - 2].group())
        ):
            k -= 2  # "January 31, 2024"
        elif k >= 1 and _SPACED_MONTH.fullmatch(tokens[k - 1].group()):
            k -= 1  # "December 2024"
        starts.append(k)
    if len(starts) < 2 or any(_DIGIT.search(t.group()) for t in tokens[:k]):
        return []
    return starts[::-1]


def _single_spaced_as_pipes(
    text: str,
) -> tuple[str, set[int], dict[int, tuple[_Line, list[_Line]]]]:
    """A statement whose columns PDF text extraction ran together one space apart ("Net sales
    $ 54,022 $ 50,411 $ 47,202" under "Fiscal Year Ended January 31, 2024 January 31,
    2023 ..."), rewritten as pipe rows of the same length: the space before each value, and
    before each period of the header line above, becomes a bar. A block needs two such rows
    or more with as many values each (the header's count when there is one); the tokens
    before a row's values are its label. Also returns where the heading lines between the
    header and the rows start ("Revenue:", "Operating expenses:"), and, for a header line of
    periods alone ("2024 2023 2024 2023" under "Three Months Ended September 30, Nine Months
    Ended September 30,"), the header and group lines to read the rows under, by where the
    first row starts."""
    ends = [m.end() for m in _TWO_VALUES_AT_END.finditer(text)]
    headings: set[int] = set()
    overrides: dict[int, tuple[_Line, list[_Line]]] = {}
    if len(ends) < MIN_SPACED_ROWS:
        return text, headings, overrides
    chars: list[str] | None = None
    line_starts = {text.rfind("\n", 0, end) + 1 for end in ends}
    rows: list[tuple[int, str, list[re.Match]]] = []
    for start in sorted(line_starts):
        end = text.find("\n", start)
        line = text[start : len(text) if end < 0 else end]
        if (
            "|" in line
            or "\t" in line
            or ":" in line  # "Staff costs: 96,472 (91,830)": a label and its values, read so
            or "  " in line.strip()
            or len(line) > MAX_LINE_CHARS
        ):
            continue
        tokens = list(_TOKEN.finditer(line))
        if _spaced_values(tokens) >= len(tokens):
            continue  # values alone ("2024 2023 2024 2023"): a header, no row
        rows.append((start, line, tokens))
    blocks: list[list[tuple[int, str, list[re.Match]]]] = []
    for row in rows:
        if blocks and _next_line(text, blocks[-1][-1][0], row[0]):
            blocks[-1].append(row)
        else:
            blocks.append([row])
    for block in blocks:
        if len(block) < MIN_SPACED_ROWS:
            continue
        top = _past_headings(text, block[0][0])
        header = _spaced_header_above(text, top)
        stacked = _stacked_breaks_above(text, top) if header is None else []
        counts = [_spaced_values(tokens) for _s, _l, tokens in block]
        width = (
            len(header[2])
            if header
            else sum(1 for _at, bar in stacked if bar == "|")
            if stacked
            else max(set(counts), key=counts.count)
        )
        if width < 2 or sum(1 for c in counts if c >= width) < MIN_SPACED_ROWS:
            continue
        if chars is None:
            chars = list(text)
        if header is not None and header[2][0] == 0:
            overrides[block[0][0]] = _periods_alone(text, *header)
        elif header is not None:
            start, tokens, periods = header
            for k in periods:
                chars[start + tokens[k].start() - 1] = "|"
        for at, bar in stacked:
            chars[at] = bar  # "Fiscal Year Ended June 30," / "2024" / "2023": one header row
        # Heading lines of words between the header and the last row are sections of it.
        for at in _line_starts(text, top, block[-1][0]):
            end = text.find("\n", at)
            if not _DIGIT.search(text, at, len(text) if end < 0 else end):
                headings.add(at)
        for (start, _line, tokens), count in zip(block, counts, strict=True):
            if count < width:
                continue
            values = []
            k = len(tokens)
            while len(values) < width:
                word = tokens[k - 1].group()
                k -= 1
                if word == "%":
                    continue
                if k > 0 and tokens[k - 1].group() in ("$", "€", "£", "¥"):
                    k -= 1
                values.append(k)
            if k == 0 or not any(ch.isalpha() for ch in text[start : start + tokens[k].start()]):
                continue  # no label before the values
            for k in values:
                chars[start + tokens[k].start() - 1] = "|"
    return (text if chars is None else "".join(chars)), headings, overrides


_SPAN_GROUP = re.compile(
    r"\b(?:(?:three|six|nine|twelve|thirteen|twenty-six|thirty-nine|fifty-two|fifty-three|"
    r"[0-9]{1,2})\s+(?:months|weeks)|(?:fiscal\s+)?years?|quarters?)\s+ended\b",
    re.IGNORECASE,
)


def _periods_alone(
    text: str, start: int, tokens: list[re.Match], periods: list[int]
) -> tuple[_Line, list[_Line]]:
    """A header line of periods alone as a header row, and the line above it as groups of
    its columns when it names as many spans of time as divide them evenly ("Three Months
    Ended September 30, Nine Months Ended September 30," over four years)."""
    ends = [*periods[1:], len(tokens)]  # each period runs to the token before the next
    cells = [
        (start + tokens[k].start(), start + tokens[ends[n] - 1].end())
        for n, k in enumerate(periods)
    ]
    header = _Line(cells[0][0], cells[-1][1], text[cells[0][0] : cells[-1][1]], STACKED, cells)
    groups: list[_Line] = []
    above = text.rfind("\n", 0, max(0, start - 1)) + 1
    if start > 0:
        line = text[above : start - 1]
        found = list(_SPAN_GROUP.finditer(line))
        if len(found) >= 2 and len(periods) % len(found) == 0:
            span = len(periods) // len(found)
            bounds = [m.start() for m in found] + [len(line)]
            spans: list[tuple[int, int]] = [(above, above)]  # no cell over the labels
            for n in range(len(found)):
                spans.append((above + bounds[n], above + bounds[n + 1]))
                spans.extend([(above + bounds[n + 1], above + bounds[n + 1])] * (span - 1))
            groups.append(_Line(above, start - 1, line, "pipe", spans))
    return header, groups


def _line_starts(text: str, first: int, last: int) -> list[int]:
    """Where each line from the one at `first` to the one at `last` starts."""
    starts = [first]
    while starts[-1] < last:
        starts.append(text.find("\n", starts[-1]) + 1)
    return starts


_TOKEN = re.compile(r"\S+")


def _next_line(text: str, previous: int, start: int) -> bool:
    """The line at `start` comes right after the one at `previous`, or after heading lines
    of words only ("Operating expenses:")."""
    between = text[text.find("\n", previous) + 1 : start]
    return (
        all(
            line.strip() and not _DIGIT.search(line) and len(line) <= _LABEL_LINE_CHARS
            for line in between.split("\n")[:-1]
        )
        and between.count("\n") <= 2
    )


def _past_headings(text: str, start: int) -> int:
    """Where the line at `start` starts, or the first of up to two heading lines of words
    right above it ("Revenue:" between a header and its first row)."""
    for _ in range(2):
        if start == 0:
            break
        above = text.rfind("\n", 0, start - 1) + 1
        line = text[above : start - 1]
        if not line.strip() or _DIGIT.search(line) or len(line) > _LABEL_LINE_CHARS:
            break
        start = above
    return start


def _stacked_breaks_above(text: str, start: int) -> list[tuple[int, str]]:
    """Periods one a line right above a block's first row ("2024" / "2023" under "Fiscal
    Year Ended June 30,", or "February 1," / "2025" / "February 3," / "2024"): the line
    breaks that, made bars, join them and the line above them into one header row whose
    first cell stands over the labels (a date's own break a space); [] when there are none."""
    run = _period_lines_above(text, start)
    end = run[0][2] - 1 if run else 0
    if len(run) < 2 or end <= 0:
        return []
    above = text[text.rfind("\n", 0, end) + 1 : end]
    if not above.strip() or "|" in above or len(above) > _LABEL_LINE_CHARS:
        return []
    # the break after the line above and between the periods; a date's own break a space
    breaks = [(line - 1, "|") for _s, _e, line, _year in run]
    breaks += [(year - 1, " ") for _s, _e, line, year in run if year != line]
    return breaks


def _spaced_header_above(text: str, start: int) -> tuple[int, list[re.Match], list[int]] | None:
    """The header line right above a block's first row ("(in millions) January 31, 2024
    January 31, 2023"), its tokens and where its periods start."""
    if start == 0:
        return None
    above = text.rfind("\n", 0, start - 1) + 1
    line = text[above : start - 1]
    if "|" in line or "\t" in line or "  " in line.strip():
        return None
    tokens = list(_TOKEN.finditer(line))
    periods = _spaced_periods(tokens)
    return (above, tokens, periods) if periods else None


_SCALE_WORD = re.compile(r"\b(?:thousands?|millions?|billions?|crores?|lakhs?)\b", re.IGNORECASE)


def _units_by_column(lines: list[str]) -> bool:
    """Two scale statements between a run of period headers and its first row ("(Millions of
    yen)", "(Thousands of U.S. dollars)"): each heads some of the columns, which one cannot
    tell from lines of their own; such a page is left as it is."""
    return sum(1 for line in lines if _SCALE_WORD.search(line)) >= 2


def _json_structure(text: str, start: int, end: int) -> Iterator[tuple[int, str]]:
    """The characters of a JSON text outside its strings, with each string's quotes."""
    quoted, escaped = False, False
    for i in range(start, end):
        ch = text[i]
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
                yield i, ch
            continue
        if ch == '"':
            quoted = True
        yield i, ch


def _json_rows_end(text: str, start: int) -> int | None:
    """Where a JSON array of two or more rows of strings and numbers opened at `start`
    ends, or None when it is no such array."""
    depth, rows = 0, 0
    for i, ch in _json_structure(text, start, min(len(text), start + MAX_JSON_ROWS_CHARS)):
        if ch == "[":
            depth += 1
            if depth > 2:
                return None
            rows += depth == 2
        elif ch == "]":
            depth -= 1
            if depth == 0:
                return i + 1 if rows >= 2 else None
        elif ch in "{}:":
            return None
    return None


def find_tables(text: str) -> TableSet:
    """The tables in `text`, their value cells and their header periods, in text order."""
    result = TableSet()
    if "<t" in text or "<T" in text or "[t" in text:
        text = _tags_as_pipes(text)
    if "[[" in text:
        text = _json_rows_as_pipes(text)
    if "CELL [" in text or "Cell [" in text or "cell [" in text:
        text = _addressed_cells_as_pipes(text)
    if "\\begin{" in text:
        text = _tabular_as_pipes(text)
    sections: set[int] = set()
    spaced_headers: dict[int, tuple[_Line, list[_Line]]] = {}
    if "\n" in text:
        text, sections = _cells_a_line_as_pipes(text)
        text, headings, spaced_headers = _single_spaced_as_pipes(text)
        sections |= headings
    if _BOX_CHARS.search(text):
        text = _box_as_pipes(text)
    text = _markup_as_pipes(text) if "|" in text else text
    if (
        "|" not in text
        and "\t" not in text
        and "  " not in text
        and "," not in text
        and ":" not in text
        and ";" not in text
    ):
        return result
    lines: list[_Line] = []
    raws = text.split("\n")
    kinds = [_classify(raw) for raw in raws]
    if sections:
        # A heading line inside a table read one cell a line ("ASSETS", "Current assets:"):
        # a section of the rows under it, not the table's end.
        offset = 0
        for k, raw in enumerate(raws):
            if offset in sections and kinds[k] == "other":
                kinds[k] = "section"
            offset += len(raw) + 1
    for k in range(1, len(kinds) - 1):
        # A section heading inside a space-aligned statement ("Production", "Average realized
        # prices") is a row of labels only: it does not end the table around it.
        if (
            kinds[k] == "other"
            and kinds[k - 1] in ("wide", "tab")
            and kinds[k + 1] == kinds[k - 1]
            and _SECTION_ROW.fullmatch(raws[k])
        ):
            # ... and so is one between tab-separated rows ("Services revenue:" and its
            # empty cells)
            kinds[k] = "section"
            if (
                kinds[k - 1] == "wide"
                and raws[k].lstrip()[:1].islower()
                and _indent(raws[k]) > _indent(raws[k - 1])
            ):
                # "Other comprehensive income (loss) before   (58.7)" over an indented
                # "  reclassifications": the row's label, wrapped, not a heading.
                kinds[k] = "wrap"
    for k, kind in enumerate(kinds):
        # A CSV, tab or space-aligned row needs a neighbour of its kind: one such line alone
        # is prose with a comma or a double space in it.
        like = (
            (kind, "section", "wrap", "separator")
            if kind == "wide"
            else (kind, "section")
            if kind == "tab"
            else (kind,)
        )
        if kind in ("csv", "semi", "wide", "tab") and not (
            (k > 0 and kinds[k - 1] in like) or (k + 1 < len(kinds) and kinds[k + 1] in like)
        ):
            kinds[k] = "other"
    offset = 0
    for raw, kind in zip(raws, kinds, strict=True):
        spans = _split(raw, offset, kind) if kind in _ROW_KINDS and kind != "json" else []
        lines.append(_Line(offset, offset + len(raw), raw, kind, spans))
        offset += len(raw) + 1

    i = 0
    n = len(lines)
    last_end, last_caption = -1, ""
    last_header: tuple[_Line, list[_Line]] | None = None
    header_used: tuple[_Line, list[_Line]] | None = None
    while i < n:
        kind = lines[i].kind
        if kind not in _ROW_KINDS:
            i += 1
            continue
        j = i
        block: list[_Line] = []
        section = ""
        section_indent = rows_indent = -1
        header_used = None
        if kind == "wide" and last_end >= 0:
            # "Earnings per share:" on a line of its own between two blocks of a statement
            # names the rows of the second.
            between = [line for line in lines[last_end:i] if line.kind != "blank"]
            if between and all(_continues(line) for line in between):
                section = between[-1].text.strip().rstrip(":").strip()
        while j < n and (
            lines[j].kind == kind
            or (kind == "pipe" and lines[j].kind == "separator")
            or (kind == "wide" and lines[j].kind == "separator" and block)
            or (kind in ("wide", "pipe", "tab") and lines[j].kind == "section")
            or (kind == "wide" and lines[j].kind == "wrap" and block)
        ):
            if lines[j].kind == "wrap":
                block[-1].label_tail = f"{block[-1].label_tail} {lines[j].text.strip()}".strip()
                result.label_spans.append((lines[j].start, lines[j].end))
            elif lines[j].kind == "section":
                section = lines[j].text.strip().rstrip(":").strip()
                section_indent, rows_indent = _indent(lines[j].text), -1
                result.label_spans.append((lines[j].start, lines[j].end))
            elif lines[j].kind != "separator":
                if section and lines[j].section != section:
                    indent = _indent(lines[j].text)
                    rows_indent = indent if rows_indent < 0 else rows_indent
                    if section_indent < rows_indent and indent <= section_indent:
                        # "Flight hours" back at the margin after the indented rows of
                        # "Operating revenues (in thousands)": the section has ended.
                        section = ""
                if section:
                    lines[j].section = section
                block.append(lines[j])
            j += 1
        caption = _caption_before(text, lines, i)
        inherited = None
        if (
            last_end >= 0
            and kind == "wide"
            and all(
                line.kind in ("blank", "other")
                and (_continues(line) or bool(_PERIOD_LINE.fullmatch(line.text)))
                for line in lines[last_end:i]
            )
            and not _caption_units(caption).stated
        ):
            # The next block of one statement, after a blank line ("Revenue  $1,298,114"
            # under a reconciliation in thousands): the statement's caption and its columns
            # still hold.
            caption = f"{last_caption} {caption}".strip()
            inherited = last_header
        if inherited is None and kind == "pipe" and lines[i].start in spaced_headers:
            # A header of periods alone over rows run together one space apart, which no bar
            # could give a cell over the labels: its periods and the groups above them.
            inherited = spaced_headers[lines[i].start]
        if inherited is None and kind == "wide":
            over = _header_over_a_period_line(lines, i, text)
            if over is not None:
                # "(in millions)  Ammonia  Urea  UAN  Total" over "Year ended December 31,
                # 2024" over the rows: the columns of this block and of the blocks of other
                # years under it.
                inherited = (over, [])
        if inherited is None and kind == "wide":
            above = _periods_header_above(lines, i, text)
            if above is not None:
                # "(Millions of yen) / March 31, / 2024  2023" over "ASSETS", "Current
                # assets:" and the rows: the statement's header and caption, above headings.
                header_line, k = above
                inherited = (header_line, _spans_above(lines, k, text))
                caption = f"{_caption_before(text, lines, k)} {caption}".strip()
        if (
            kind == "csv"
            and len(block) >= 3
            and not _valid_block(kind, block, text)
            and _valid_block(kind, block[1:], text)
        ):
            # "Pemberton Analytics, Inc. - Other items (in millions)" over the rows: a title
            # with a comma in it is the caption, not a row of another width.
            caption = f"{caption} {block[0].text}".strip()
            block = block[1:]
        before = len(result.tables)
        if kind == "json":
            _add_json_rows(result, text, block, caption)
        elif kind == "dash":
            _add_dash_rows(result, text, block, caption)
        elif block and (
            _valid_block(kind, block, text) or _single_line_under_caption(kind, block, lines, i)
        ):
            header_used = _add_grid(result, text, kind, block, caption, inherited)
        if len(result.tables) > before and kind != "json":
            for line in block:
                result.spans.extend(line.spans)
        if len(result.tables) > before:
            _mark_transposed(result, before)
            last_end, last_caption = j, caption
            last_header = header_used if kind == "wide" else None
        i = max(j, i + 1)
    if ".. list-table::" in text:
        _add_list_tables(result, text)
    result.cells.sort(key=lambda c: c.start)
    result.header_periods.sort(key=lambda h: h.start)
    result.spans.sort()
    result.label_spans.sort()
    return result


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _mark_transposed(result: TableSet, first_table: int) -> None:
    """Tables whose row labels are mostly periods run their metrics down the columns."""
    from dataclasses import replace

    by_table: dict[int, list[int]] = {}
    for i in range(len(result.cells) - 1, -1, -1):
        if result.cells[i].table < first_table:
            break  # cells are appended table by table: the new ones are at the end
        by_table.setdefault(result.cells[i].table, []).append(i)
    for cells in by_table.values():
        labels = {result.cells[i].row_label for i in cells}
        if not labels:
            continue
        periods = sum(1 for label in labels if header_period(label))
        if periods * 2 > len(labels):
            for i in cells:
                result.cells[i] = replace(result.cells[i], transposed=True)


# ------------------------------------------------------------------ units


@dataclass(frozen=True, slots=True)
class _Units:
    """What a caption (or a header) says about the unit of a table's cells."""

    scale: Decimal = Decimal(1)
    currency: str = ""
    exceptions: tuple[str, ...] = ()  # "per share", "percentages": rows the scale skips

    @property
    def stated(self) -> bool:
        return self.scale != 1


# Where a caption may stand: a plural scale word ("in thousands"), a singular one inside
# parentheses after no digit ("(€ million)"), thousands written as digits ("$'000"), Indian
# and Nordic scales. A scale word after a figure ("$1.85 billion") is no hint.
_SCALE_WORD_HINT = regex.compile(
    r"thousands|millions|billions|\([^()0-9]{0,12}(?:thousand|million|billion)"
    r"|'?000s?\b|crore|lakh|\b[MT](?:SEK|EUR)\b|(?<![A-Za-z])[TkK] ?€",
    regex.I,
)
MAX_SCALE_HINTS = 200


def first_scale_statement(text: str) -> int | None:
    """Where a text first states the scale of its figures ("(in thousands, except per share
    data)"), or None: a statement flattened to one line keeps its caption inside the prose.
    Each cheap hint (a scale word) is checked in a short window around it, so a long text
    without a caption costs one plain scan."""
    for count, hint in enumerate(_SCALE_WORD_HINT.finditer(text)):
        if count >= MAX_SCALE_HINTS:
            return None
        found = _SCALE_CAPTION.search(
            text, max(0, hint.start() - 60), hint.end() + 20, timeout=_TIMEOUT
        )
        if found is not None:
            return found.start()
    return None


def heading_scale(line: str) -> Decimal | None:
    """The scale a heading line states for the lines under it ("Segment Results (in
    millions)"), when it is a heading: short and without figures of its own."""
    stripped = line.strip()
    if not stripped or len(stripped) > 100 or any(ch.isdigit() for ch in stripped):
        return None
    units = _caption_units(stripped)
    return units.scale if units.stated else None


def _caption_units(caption: str) -> _Units:
    # The nearest statement of scale to the table wins: search the caption's tail first.
    statements = list(_SCALE_CAPTION.finditer(caption, timeout=_TIMEOUT))
    found = statements[-1] if statements else None
    scale = Decimal(1)
    if found is not None:
        word = next(g for g in found.groups() if g).lower()
        scale = _SCALES.get(word, Decimal(1))
    tail = caption[found.start() :] if found is not None else caption[-120:]
    currency = ""
    currency_match = _CAPTION_CURRENCY.search(
        caption[max(0, (found.start() if found else len(caption)) - 40) :]
    )
    if currency_match and (found is not None or len(caption) < 200):
        currency = _CURRENCY_OF.get(" ".join(currency_match.group().lower().split()), "")
    exceptions: tuple[str, ...] = ()
    excepted = _EXCEPT.search(tail) if found is not None else None
    if excepted:
        listed = excepted.group(1).lower()
        # "except per share data", "except per ton data", "except revenue per payer":
        # figures per a unit, not counts of shares or tons, nor revenue.
        exceptions = ("per share",) if _LISTED_PER_UNIT.search(listed) else ()
        listed = _LISTED_PER_UNIT.sub("", listed)
        exceptions += tuple(
            word
            for word in ("share", "percent", "ratio", "per unit", "employee", "store")
            if word in listed
        )
        if regex.search(r"\bunits\b", listed):
            # "(in thousands, except units)": counts of units shipped or sold, whole
            exceptions += ("unit",)
        # ... and any other kind of row the list names: "except location counts", "except
        # buses and routes". An item of several words names its rows by all of them:
        # "except bitcoin mined, hash rate and power cost" excepts no "Bitcoin mining"
        # revenue row.
        for item in _LIST_ITEM_SPLIT.split(listed):
            stems = [
                stem
                for stem in map(_stem, _LISTED_WORD.findall(item))
                if stem not in _EXCEPT_FILLER
            ]
            entry = ALL_OF.join(stems)
            if stems and entry not in exceptions:
                exceptions += (entry,)
    return _Units(scale=scale, currency=currency, exceptions=exceptions)


# Words of an "except ..." list that name no kind of row ("except per share data and where
# otherwise noted"), as `_stem` leaves them.
_EXCEPT_FILLER = frozenset(
    {
        "all", "amount", "and", "count", "data", "figure", "for", "indicated", "information",
        "item", "noted", "number", "other", "otherwise", "per", "specified", "stated", "the",
        "unit", "unles", "where",
    }
)  # fmt: skip
_LISTED_WORD = regex.compile(r"[a-z]{3,}")
# The items of an "except ..." list, and the join of an item's several words.
_LIST_ITEM_SPLIT = regex.compile(r"\s*(?:,|;|\band\b|\bor\b)\s*")
ALL_OF = "&"
_LISTED_PER_UNIT = regex.compile(r"(?:\b[a-z]+\s+)?\bper[- ](?!cent\b)[a-z]+")


def _stem(word: str) -> str:
    """A plural's singular, roughly: "buses" -> "bus", "locations" -> "location"."""
    if word.endswith(("ses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def label_unit(header: str) -> tuple[Decimal, str] | None:
    """The scale and currency a header or row label states for its values ("Revenue ($M)":
    millions of dollars; "U.S. units sold (K)": thousands, no currency)."""
    if header.isascii() and not _may_name_column_unit(header):
        return None  # most row labels and headers: no search
    match = _COLUMN_SCALE.search(header, timeout=_TIMEOUT)
    if not match:
        return None
    word = (
        match.group("scale")
        or match.group("scale2")
        or match.group("scale3")
        or match.group("scale4")
        or match.group("scale5")
    ).lower()
    currency = _CURRENCY_OF.get((match.group("currency") or "").lower(), "")
    if not currency:
        symbol = _CAPTION_CURRENCY.search(header)
        if symbol:
            currency = _CURRENCY_OF.get(" ".join(symbol.group().lower().split()), "")
    return _SCALES.get(word, Decimal(1)), currency


# A column of a unit of measure ("tonnes_2024", "Volume (bbl)") under a caption of money:
# the caption's scale is the money's ("Amounts in ALL million; volumes in tonnes").
_MEASURE_HEADER = regex.compile(
    r"\b(?:tonnes?|tons|barrels|bbl|ounces|oz|litres|liters|gallons|hectares|kwh|mwh|gwh|"
    r"volumes?|passengers|headcount|employees)\b",
    regex.IGNORECASE,
)


# A row whose label gives its unit of measure in brackets ("Gold sold (oz)", "Ore processed
# (tonnes)", "Head grade (g/t)", "Backlog (units)"): a quantity, never in a money caption's
# millions.
_MEASURED_ROW = regex.compile(
    # "(thousands of product tons)", "(000s metric tonnes)": a scale, perhaps "of" and one
    # word of the measure's kind, and the measure
    r"\((?:(?P<scale>thousands?|'?000s?|millions?)\s+(?:of\s+)?(?:[a-z-]+\s+)?)?"
    r"(?:oz|koz|moz|ounces|tonnes|tons|t|kt|mt|g/t|kg|"
    r"bbl|boe|mboe|hectares|ha|litres|liters|hl|hectolitres|mwh|gwh|kwh|mw|gw|"
    # ... or of a count: "Buses delivered (units)", "Stores (number)", "Headcount (employees)"
    r"units?|number|no\.|count|employees|persons|people)\)",
    regex.IGNORECASE,
)


# "The following table presents the changes in shares of common stock outstanding:",
# "Activity in the allowance for credit losses was as follows:", "A reconciliation of the
# beginning and ending amount of unrecognized tax benefits is as follows:".
_CAPTION_SUBJECT = regex.compile(
    r"\b(?:changes?|activity|movements?|roll-?forward|reconciliation)\s+(?:in|of)\s+"
    r"(?:the\s+|our\s+|its\s+|their\s+)?(?:beginning\s+and\s+ending\s+(?:balances?|amounts?)\s+(?:of|for)\s+(?:the\s+)?)?"
    r"(?:carrying\s+amounts?\s+of\s+(?:the\s+)?)?"
    r"([A-Za-z][A-Za-z '’-]{2,80}?)\s*(?:\(|:|\bwere\b|\bwas\b|\bis\b|\bare\b|\bby\b|\bfor\s+(?:the|each|fiscal|years?|[0-9])|\bduring\b|,|\.|$)",
    regex.IGNORECASE,
)


# "The carrying amount of the Series A changed as follows (in thousands):": the subject
# named before its verb.
_CAPTION_SUBJECT_CHANGED = regex.compile(
    r"(?:^|[.:;]\s+)(?:the\s+)?([A-Za-z][A-Za-z '’-]{2,80}?)\s+changed\b[^.:;]{0,40}?"
    r"\bas\s+follows\b",
    regex.IGNORECASE,
)


@functools.lru_cache(maxsize=1024)
def caption_subject(caption: str) -> str:
    """What a caption says a roll-forward's balances are of ("the changes in shares of
    common stock outstanding:" -> "shares of common stock outstanding"; "The carrying
    amount of the Series A changed as follows:" -> "carrying amount of the Series A"), or
    ""."""
    # The last such phrase: the one that introduces the table, not an earlier sentence's
    tail = caption[-CAPTION_CHARS:]
    every = [
        *_CAPTION_SUBJECT.finditer(tail, timeout=_TIMEOUT),
        *_CAPTION_SUBJECT_CHANGED.finditer(tail, timeout=_TIMEOUT),
    ]
    return max(every, key=lambda m: m.start()).group(1).strip() if every else ""


# "Self-insurance reserves are classified in the consolidated balance sheets as follows:",
# "Accrued liabilities consisted of the following (in thousands):": what the rows break down.
_CAPTION_WHOLE = regex.compile(
    r"(?:^|[.:;]\s+)([A-Z][A-Za-z '’-]{2,80}?)\s+(?:"
    r"(?:are|is|were|was)\s+(?:classified|presented|included|recorded|reported)\b[^.:;]{0,80}?"
    r"\bas\s+follows"
    r"|(?:consist(?:ed|s)?|(?:are|is|were|was)\s+(?:comprised|composed))\s+of\s+the\s+following)"
    r"\s*(?:\([^)]{0,40}\))?\s*:?\s*$",
)


@functools.lru_cache(maxsize=1024)
def caption_whole(caption: str) -> str:
    """What a caption says its rows break down ("Self-insurance reserves are classified
    ... as follows:" -> "Self-insurance reserves"), or ""."""
    found = _CAPTION_WHOLE.search(caption[-CAPTION_CHARS:], timeout=_TIMEOUT)
    return found.group(1).strip() if found is not None else ""


@functools.lru_cache(maxsize=1024)
def _caption_metric(caption: str) -> str:
    """The one metric a caption names in so many words ("Revenue by region"; not "total
    assets" for "Intangible assets"), or ""."""
    named = lx.canonical_labels(caption)
    return named[0] if len(named) == 1 and named[0] in caption.lower().replace("_", " ") else ""


@functools.lru_cache(maxsize=1024)
def _measured_row(label: str) -> Decimal | None:
    """The scale of a row of a unit of measure (1 for "(oz)", 1,000 for "(thousand
    tonnes)"), or None for any other row."""
    found = _MEASURED_ROW.search(label, timeout=_TIMEOUT)
    if found is None:
        return None
    word = (found.group("scale") or "").lower()
    return Decimal(1) if not word else _SCALES.get(word, Decimal(1))


@functools.lru_cache(maxsize=1024)
def _measure_header(header: str) -> bool:
    return _MEASURE_HEADER.search(header, timeout=_TIMEOUT) is not None


_UNIT_HEADER = regex.compile(r"(?:units?|unit\s+of\s+measure|uom|measure)", regex.IGNORECASE)
_UNIT_SCALE = regex.compile(
    # "CHF 1'000", "EUR 1,000", "USD 1 000": thousands, as a unit column writes them
    r"(?:^|[\s(])(?P<scale>thousands?|millions?|billions?|mn|bn|m|k|'000|000|1['’,. ]000)(?![\w'])",
    regex.IGNORECASE,
)
_UNIT_SCALES = {"thousand": 3, "million": 6, "billion": 9, "mn": 6, "bn": 9, "m": 6, "k": 3}


def _unit_cell(unit: str) -> tuple[Decimal, str] | None:
    """A unit column's cell as a scale and a currency: "TZS million" (1e6, TZS), "'000
    tonnes" (1e3, none); None when it states neither."""
    if not unit:
        return None
    found = _UNIT_SCALE.search(unit, timeout=_TIMEOUT)
    word = found.group("scale").lower().rstrip("s") if found else ""
    exponent = (
        3
        if word in ("'000", "000") or word[1:] in ("'000", "’000", ",000", ".000", " 000")
        else _UNIT_SCALES.get(word, 0)
    )
    code = next((w for w in regex.findall(r"[A-Z]{3}", unit) if w in lx.CURRENCY_CODES), "")
    if not exponent and not code:
        return None
    return Decimal(10) ** exponent, code


def _may_name_column_unit(header: str) -> bool:
    """An ASCII header holds what every branch of `_COLUMN_SCALE` needs: a currency, an
    underscore, a parenthesis or a scale word spelled out."""
    if "$" in header or "_" in header or "(" in header:
        return True
    lowered = header.lower()
    return any(word in lowered for word in ("usd", "eur", "gbp", "illion", "housand"))


_UNITS_ROW = regex.compile(r"\bunits?\b", regex.IGNORECASE)


def _excepted(label: str, exceptions: tuple[str, ...]) -> bool:
    lowered = label.lower()
    for word in exceptions:
        if ALL_OF in word:
            stems = {_stem(w) for w in _LISTED_WORD.findall(lowered)}
            if all(part in stems for part in word.split(ALL_OF)):
                return True
            continue
        if word == "per share" and _PER_UNIT.search(lowered):
            return True
        if word == "share" and "share" in lowered:
            return True
        if word in ("percent", "ratio") and (_PERCENT_WORD.search(lowered) or "ratio" in lowered):
            return True
        if word in lowered and (
            " " in word or any(_stem(w) == word for w in _LISTED_WORD.findall(lowered))
        ):
            return True
    return False


SECTION_JOIN = " - "  # "Net sales - Aerospace Systems": a section heading and its row


def own_row_label(cell: Cell) -> str:
    """A cell's row label without the section heading it was named under."""
    return (
        cell.row_label[len(cell.section) + len(SECTION_JOIN) :] if cell.section else cell.row_label
    )


def _cell(
    *,
    span: tuple[int, int],
    table: int,
    row: int,
    column: int,
    row_label: str,
    column_header: str,
    row_text: str,
    units: _Units,
    column_unit: tuple[Decimal, str] | None,
    value_text: str,
    section: str = "",
    grouped_by: str = "",
    unit_text: str = "",
) -> Cell:
    """A value cell with the unit its row, its section heading ("Operating revenues (in
    thousands)" over a total row it does not name), its column and caption give it."""
    header = column_header.replace("_", " ")  # "adj_ebitda_margin_pct"
    row_words = row_label.replace("_", " ")  # "tpv_growth_yoy_pct: 18.2"
    per_share = bool(_PER_UNIT.search(row_label) or _PER_UNIT.search(header))
    percent = bool(
        "%" in value_text or _PERCENT_WORD.search(row_words) or _PERCENT_WORD.search(header)
    )
    if unit_text:
        # The row's own cell in a unit column: "TZS million", "'000 tonnes", "%", "TZS '000
        # per tonne".
        percent = percent or bool(_PERCENT_WORD.search(unit_text))
        per_share = per_share or bool(_PER_UNIT.search(unit_text))
    scale, stated, currency = Decimal(1), False, units.currency
    row_unit = (
        _unit_cell(unit_text) or label_unit(row_label) or (label_unit(section) if section else None)
    )
    measured = _measured_row(row_label) if row_label and "(" in row_label else None
    if measured is not None:
        # "Gold sold (oz)", "Ore processed (thousand tonnes)": a quantity at its own scale,
        # in no currency, whatever the caption says of money.
        row_unit, currency = ((measured, ""), "") if measured != 1 else (None, "")
    # A figure per something keeps the scale its own row or column states ("Annualized rent
    # per leased MW (in thousands)"), never the caption's.
    per_share = per_share and row_unit is None and column_unit is None
    if row_unit is not None:
        scale, currency = row_unit[0], row_unit[1] or currency
        stated = True
    elif column_unit is not None:
        scale, currency = column_unit[0], column_unit[1] or currency
        stated = True
    elif (
        units.stated
        and not _excepted(row_label, units.exceptions)
        and not (header and _measure_header(header))
        and measured is None
    ):
        scale, stated = units.scale, True
    elif (
        units.stated
        and "unit" in units.exceptions
        and _UNITS_ROW.search(row_label)
        and _excepted(row_label, ("unit",))
    ):
        # "(dollars in thousands, except units)" over "Factory-built homes sold (units)":
        # whole units, as the caption says, not a scale left unknown.
        stated = True
    if units.exceptions and header and _excepted(header, units.exceptions):
        # "(in millions of Canadian dollars, except carloads)" over a "Carloads" column:
        # counts, not money.
        currency = column_unit[1] if column_unit is not None else ""
    bps = not percent and bool(_BPS_WORD.search(row_words) or _BPS_WORD.search(header))
    points = (
        "%" not in value_text
        and not bps
        and bool(_POINTS_WORD.search(header) or _POINTS_WORD.search(row_words))
    )
    percent = percent and not points
    quantity = measured is not None or (
        bool(unit_text)
        and not percent
        and not (row_unit is not None and row_unit[1])
        and not _CAPTION_CURRENCY.search(unit_text)
    )
    if per_share or percent or bps or points:
        scale, stated = Decimal(1), False
    return Cell(
        start=span[0],
        end=span[1],
        table=table,
        row=row,
        column=column,
        row_label=row_label,
        column_header=column_header,
        row_text=row_text[:400],
        scale=scale,
        scale_stated=stated,
        currency=currency,
        percent=percent,
        per_share=per_share,
        bps=bps,
        points=points,
        quantity=quantity,
        section=grouped_by,
    )


# ------------------------------------------------------------------ grids


MAX_GROUP_HEADER_LINES = 3


def _right_aligned(header: _Line, body: list[_Line]) -> list[int] | None:
    """For space-aligned text: the body column each header cell stands over.

    Numbers are right-aligned under their headers, so each header cell belongs to the body
    column whose right edges end nearest its own.
    """
    widths = max(len(line.spans) for line in body)
    edges: list[list[int]] = [[] for _ in range(widths)]
    for line in body:
        if len(line.spans) != widths:
            continue
        for column, (_s, e) in enumerate(line.spans):
            edges[column].append(e - line.start)
    if not all(edges):
        return None
    if header.kind == STACKED:
        # Periods one a line: they head the columns of values in order, the `$` columns
        # between them aside.
        widest = [line for line in body if len(line.spans) == widths]
        values = [
            column
            for column in range(1, widths)
            if not all(
                line.text[s - line.start : e - line.start].strip() in _SIGNS
                for line in widest
                for s, e in [line.spans[column]]
            )
        ]
        return values if len(values) == len(header.spans) else None
    mean_edges = [sum(col) / len(col) for col in edges]
    mapping = []
    for _s, e in header.spans:
        right = e - header.start
        column = min(range(1, widths), key=lambda c: abs(mean_edges[c] - right), default=None)
        if column is None:
            return None
        mapping.append(column)
    if len(set(mapping)) < len(mapping) and len(header.spans) < widths:
        # "  Fiscal 2023  Fiscal 2022" over "Net sales  $ 8,946.2  $ 9,118.7": columns run
        # together by two spaces, as PDF text keeps them, align with nothing; the header's
        # cells head the last columns in order.
        mapping = list(range(widths - len(header.spans), widths))
    return mapping


def _body_edges(body: list[_Line], widest: int) -> dict[int, int]:
    """The right edge of each column of space-aligned values, where every row with a cell in
    each column ends it at the same place (within a character); none where they stray."""
    edges: dict[int, list[int]] = {}
    for line in body:
        if len(line.spans) == widest:
            for column, (_s, e) in enumerate(line.spans[1:], start=1):
                edges.setdefault(column, []).append(e - line.start)
    if not edges or any(max(ends) - min(ends) > 1 for ends in edges.values()):
        return {}
    return {column: round(sum(ends) / len(ends)) for column, ends in edges.items()}


def _under_body_columns(line: _Line, body_edges: dict[int, int], first: int) -> dict[int, int]:
    """Each value cell of a short row (from span `first`, past its label) and the column it
    ends under, in order; none unless every value ends under a column of its own."""
    out: dict[int, int] = {}
    for ordinal, (_s, e) in enumerate(line.spans[first:], start=first):
        right = e - line.start
        column = next((c for c, edge in body_edges.items() if abs(edge - right) <= 1), None)
        if column is None or (out and column <= max(out.values())):
            return {}
        out[ordinal] = column
    return out


def _group_headers(text: str, block: list[_Line]) -> tuple[list[_Line], list[_Line]]:
    """An aligned table's header lines over its last one ("Three Months Ended", then
    "September 30", over "2025  2024  2025  2024"), and the rest of the block."""
    k = 0
    while (
        k < MAX_GROUP_HEADER_LINES
        and k + 2 < len(block)
        and all(_is_header_cell(text[s:e]) for s, e in block[k + 1].spans)
        and all(_is_header_cell(text[s:e]) for s, e in block[k].spans)
    ):
        k += 1
    return block[:k], block[k:]


def _pipe_group_headers(text: str, block: list[_Line]) -> tuple[list[_Line], list[_Line]]:
    """A pipe table's header rows over its row of periods ("| | Year ended December 31, |"
    over "| | 2024 | 2023 |", as HTML tables with a `colspan` heading are rewritten): rows of
    words with fewer filled cells than the periods' row, and the rest of the block."""
    k = 0
    while k < MAX_GROUP_HEADER_LINES and k + 2 < len(block):
        group = [text[s:e].strip() for s, e in block[k].spans][1:]
        below = [text[s:e].strip() for s, e in block[k + 1].spans][1:]
        if not (
            all(_is_header_cell(c) for c in group)
            and all(_is_header_cell(c) for c in below)
            and sum(1 for c in group if c) < sum(1 for c in below if c)
            and (
                # words over a row of periods ("Year ended December 31," over 2024, 2023)
                (
                    not any(header_period(c) for c in group if _DIGIT.search(c))
                    and sum(1 for c in below if header_period(c)) >= 2
                )
                # periods over runs of words ("December 31, 2019" over "Acquisition cost",
                # "Valuation allowance", "Book value")
                or (
                    _spanning_periods(group)
                    and not any(header_period(c) for c in below if _DIGIT.search(c))
                )
            )
        ):
            break
        k += 1
    return block[:k], block[k:]


def _spanning_periods(cells: list[str]) -> bool:
    """Two periods or more, each followed by the empty cells of the columns it spans."""
    filled = [c for c in cells if c]
    return (
        len(filled) >= 2
        and all(header_period(c) for c in filled)
        and bool(cells[0])
        and len(cells) > len(filled)
    )


def _pipe_covering(groups: list[_Line], widths: int, text: str) -> dict[int, list[str]]:
    """The words of a pipe group header row that has one filled cell: they head every value
    column. A row of periods each followed by empty cells heads the columns it spans (HTML
    `colspan` cells are rewritten so); other rows of several groups stay unassigned."""
    out: dict[int, list[str]] = {}
    for line in groups:
        cells = [text[s:e].strip() for s, e in line.spans[1:]]
        filled = [c for c in cells if c]
        if len(filled) == 1:
            for column in range(1, widths):
                out.setdefault(column, []).append(filled[0])
        elif _spanning_periods(cells) or _spanning_groups(cells):
            # each period, or each group's words, over its own column and the empty ones
            # after it
            current = ""
            for column, cell in enumerate(cells, 1):
                current = cell or current
                if column < widths:
                    out.setdefault(column, []).append(current)
    return out


def _spanning_groups(cells: list[str]) -> bool:
    """Groups of words as HTML `colspan` cells are rewritten: two or more, the first value
    column's filled, each followed by the same number of empty cells ("| | Freight revenues |
    | Carloads (thousands) | |" over two years each)."""
    filled = [k for k, c in enumerate(cells) if c]
    if len(filled) < 2 or filled[0] != 0 or len(cells) % len(filled):
        return False
    span = len(cells) // len(filled)
    return span > 1 and filled == list(range(0, len(cells), span))


def _covering(groups: list[_Line], body: list[_Line], text: str) -> dict[int, list[str]]:
    """For each body column, the words of the group header cells standing over it: a cell
    covers the columns whose values it overlaps, widened by the gap between columns."""
    widths = max(len(line.spans) for line in body)
    extents: list[list[tuple[int, int]]] = [[] for _ in range(widths)]
    for line in body:
        if len(line.spans) == widths:
            for column, (s, e) in enumerate(line.spans):
                extents[column].append((s - line.start, e - line.start))
    bounds = {
        column: (min(s for s, _ in extents[column]), max(e for _, e in extents[column]))
        for column in range(1, widths)
        if extents[column]
    }
    out: dict[int, list[str]] = {}
    for line in groups:
        over: dict[int, list[str]] = {}
        # Each column takes, of one line, the cell that overlaps it most: "Sep 28,    Sep 30,"
        # close over two columns are one date each, never both over the second.
        best: dict[int, tuple[int, str]] = {}
        cells = _unjammed(line.spans, text)
        for s, e in cells:
            start, end = s - line.start, e - line.start
            for column, (left, right) in bounds.items():
                if start <= right + 2 and end >= left - 2:
                    overlap = min(end, right + 2) - max(start, left - 2)
                    if column not in best or overlap > best[column][0]:
                        best[column] = (overlap, text[s:e].strip())
        for column, (_overlap, words) in best.items():
            over[column] = [words]
        spans = [(s - line.start, e - line.start) for s, e in cells]
        ended = bool(over) and all(_SPAN_ENDED.search(text, s, e) for s, e in cells)
        words = [text[s:e].strip() for s, e in cells]
        if (
            not ended
            # (fewer than one header for two columns: "Currency   Hedges   Postretirement"
            # over four columns head one column each)
            and 2 <= len(spans) <= len(bounds) // 2
            and len(over) < len(bounds)
            and not any(ch.isdigit() for word in words for ch in word)  # no periods
        ):
            # "Thermal   Metallurgical" flush right over two columns each, "Actual   Planned"
            # over one and three: each header over a run of columns, the runs in order.
            over = _partitioned(spans, bounds, words)
        elif ended:
            # "Three Months Ended      Nine Months Ended" over four columns, each span
            # written over the first of its two: a span reaches to the next one (one span
            # alone, to the last column).
            current: list[str] = []
            for column in sorted(bounds):
                current = over.get(column, current)
                if current:
                    over[column] = current
        for column in sorted(over):
            out.setdefault(column, []).extend(over[column])
    return out


def _unjammed(spans: list[tuple[int, int]], text: str) -> list[tuple[int, int]]:
    """Header words PDF text ran together ("HedgesPostretirement" over two columns): split
    where a lower-case letter meets a capital."""
    out: list[tuple[int, int]] = []
    for s, e in spans:
        jam = _JAMMED.search(text, s, e)
        if jam is None:
            out.append((s, e))
        else:
            out.extend(((s, jam.start() + 1), (jam.start() + 1, e)))
    return out


_JAMMED = re.compile(r"[a-z](?=[A-Z][a-z])")

MAX_PARTITIONS = 200


def _partitioned(
    spans: list[tuple[int, int]], bounds: dict[int, tuple[int, int]], words: list[str]
) -> dict[int, list[str]]:
    """The body columns under each of a group line's headers: contiguous runs, one a header
    in order, each header as near to centred over its run, or flush with one of its edges,
    as the runs allow."""
    columns = sorted(bounds)
    best: tuple[float, tuple[int, ...]] | None = None
    for count, cuts in enumerate(itertools.combinations(range(1, len(columns)), len(spans) - 1)):
        if count >= MAX_PARTITIONS:
            break
        edges = (0, *cuts, len(columns))
        cost = 0.0
        for k, (start, end) in enumerate(spans):
            left, right = bounds[columns[edges[k]]][0], bounds[columns[edges[k + 1] - 1]][1]
            # A header is centred over its run, or set flush with its left or right edge.
            cost += min(
                abs((start + end) / 2 - (left + right) / 2), abs(start - left), abs(end - right)
            )
        if best is None or cost < best[0]:
            best = (cost, edges)
    if best is None:
        return {}
    edges = best[1]
    return {
        columns[i]: [words[k]] for k in range(len(spans)) for i in range(edges[k], edges[k + 1])
    }


def _add_grid(
    result: TableSet,
    text: str,
    kind: str,
    block: list[_Line],
    caption: str,
    inherited: tuple[_Line, list[_Line]] | None = None,
) -> tuple[_Line, list[_Line]] | None:
    """Add one grid's cells; return its header line and the group lines over it, if any."""
    groups: list[_Line] = []
    caption_period = _period_line_above(text, block[0].start) if block else ""
    if kind == "wide":
        groups, block = _group_headers(text, block)
    elif kind == "pipe":
        groups, block = _pipe_group_headers(text, block)
    for line in groups:
        result.label_spans.extend(line.spans)
    header = block[0]
    if kind == "wide":
        header = _dates_apart(header, text)
        block = [header, *block[1:]]
    header_cells = [text[s:e].strip() for s, e in header.spans]
    has_header = len(block) > 1 and all(_is_header_cell(c) for c in header_cells[1:])
    if has_header and kind == "wide" and len(header_cells) < max(len(b.spans) for b in block[1:]):
        has_header = True  # aligned headers have no cell over the row labels
    elif has_header and not header_cells[1:] and kind != "wide":
        has_header = False
    body = block[1:] if has_header else block
    own_header = has_header
    if not has_header and inherited is not None and not groups:
        # The statement's next block after a blank line ("Segment operating profit:" rows
        # under the "2024  2023  2022" of the block above): the columns are the same.
        header, groups = inherited
        header_cells = [text[s:e].strip() for s, e in header.spans]
        has_header = True
    headers: dict[int, str] = {}
    grouped: dict[int, list[str]] = {}  # the group header cells over each column
    if has_header:
        mapping = None
        widths = max(len(line.spans) for line in body)
        if kind == "wide" and len(header_cells) < widths:
            mapping = _right_aligned(header, body)
        if mapping is None:
            offset = widths - len(header_cells) if len(header_cells) < widths else 0
            mapping = [k + offset for k in range(len(header_cells))]
        if not groups:
            over = {}
        elif kind == "pipe":
            over = _pipe_covering(groups, widths, text)
        else:
            over = _covering(groups, body, text)
        # "Twenty-Six Weeks Ended   Jun 29, 2025   Jun 30, 2024": a span of time over the row
        # labels is each date column's.
        span_over_labels = (
            header_cells[0]
            if mapping and mapping[0] == 0 and _SPAN_ENDED.search(header_cells[0])
            else ""
        )
        for (s, e), column in zip(header.spans, mapping, strict=False):
            headers[column] = " ".join([*over.get(column, []), text[s:e].strip()])
            grouped[column] = over.get(column, [])
            if column > 0 and span_over_labels and not over.get(column):
                headers[column] = f"{span_over_labels} {headers[column]}"
            if not own_header:
                continue  # the header's spans belong to the block above
            result.label_spans.append((s, e))
            period = header_period(headers[column])
            if period and column > 0:
                result.header_periods.append(HeaderPeriod(s, e, period))
        for column, words in over.items():
            if column > 0 and column not in headers:
                # "Cash Flow" over "Hedges" over a column the last header line leaves blank:
                # the group lines alone head it.
                headers[column] = " ".join(words)
                grouped[column] = words
    table_unit: tuple[Decimal, str] | None = None
    if has_header and own_header and kind == "pipe" and len(body) > 1:
        # "| | 2025 | 2024 |" over "| | $'000 | $'000 |": a row of units under the header
        # is the header's second line.
        units_row = [text[s:e].strip() for s, e in body[0].spans]
        if units_row and _UNIT_CELL.fullmatch(units_row[0]) and not any(units_row[1:]):
            # "| £m | | |" under the header: the unit of the whole table.
            table_unit = label_unit(units_row[0])
            result.label_spans.extend(body[0].spans)
            body = body[1:]
        elif any(units_row[1:]) and all(
            not cell or _UNIT_CELL.fullmatch(cell) for cell in units_row[1:]
        ):
            for column, cell in enumerate(units_row):
                if column > 0 and cell and column in headers:
                    headers[column] = f"{headers[column]} {cell}"
            result.label_spans.extend(body[0].spans)
            body = body[1:]
    # Where each header stands, for rows with fewer cells than the widest ("2,947" under
    # "2024" in a row without the "$" cells the first row has): right edges decide.
    header_edges: dict[int, int] = {}
    if has_header and kind == "wide":
        for (_s, e), column in zip(header.spans, mapping, strict=False):
            header_edges[column] = e - header.start
    widest = max((len(line.spans) for line in body), default=0)
    body_edges = _body_edges(body, widest) if header_edges else {}
    label_header = headers.get(0, "")
    first = min(headers) if headers else 0
    if (
        first > 0
        and not header_period(headers[first])
        and _SCALE_CAPTION.search(headers[first], timeout=_TIMEOUT)
    ):
        # "(in millions, except per share data)   2024   2023": the header's first cell,
        # over the labels, is the table's caption, not a column's unit.
        label_header = headers.pop(first)
    # "(in millions)   Year Ended December 31," over "2024   2023": a group line over the
    # header may open with the caption too.
    group_caption = " ".join(
        text[line.spans[0][0] : line.spans[0][1]] for line in groups if line.spans
    )
    units = _caption_units(" ".join([caption, group_caption, label_header]))
    if table_unit is not None and not units.stated:
        units = replace(units, scale=table_unit[0], currency=table_unit[1] or units.currency)
    caption_metric = _caption_metric(caption) if caption else ""
    table_index = len(result.tables)
    table = Table(
        start=block[0].start,
        end=block[-1].end,
        scale=units.scale,
        currency=units.currency,
        metric=caption_metric,
        subject=caption_subject(caption) if caption else "",
        whole=caption_whole(caption) if caption else "",
    )
    # "||Indicator||Unit||2024||2023||": a column that says each row's unit and scale.
    unit_column = next(
        (c for c, h in headers.items() if c > 0 and _UNIT_HEADER.fullmatch(h.strip())), None
    )
    column_units: dict[int, tuple[Decimal, str] | None] = {}
    for column, header_text in headers.items():
        if column > 0:
            # "Carloads (thousands)" over "2024": a group header's unit is its columns'.
            column_units[column] = label_unit(header_text) or next(
                filter(None, map(label_unit, grouped.get(column, []))), None
            )
            if column_units[column] is not None:
                table.column_units[column] = column_units[column]  # type: ignore[assignment]
    result.tables.append(table)
    first_cell = len(result.cells)
    parent_label = ""
    span_over_rows = (
        label_header.strip()
        if label_header and _SPAN_ENDED.search(label_header) and not header_period(label_header)
        else ""
    )
    headed: dict[int, str] = {}  # rows under a heading row that names a period, and it
    heading_period = ""
    # "1   Revenue   4812.6" as R, pandas, SAS and Stata print a data frame: a column of row
    # numbers before the labels, which names nothing and holds no figure.
    numbered = _numbered_rows(text, body)
    for row_number, line in enumerate(body, start=1):
        cells = [text[s:e] for s, e in line.spans]
        filled = [c for c in cells if c.strip()]
        if len(filled) == 1 and not _is_numeric(filled[0]):
            # "| Year ended 31 December 2024 | | | |" between blocks of rows: the rows under
            # it, up to the next such heading, are of that period.
            heading_period = header_period(filled[0]) if _PERIOD_LINE.fullmatch(filled[0]) else ""
        elif heading_period:
            headed[row_number] = heading_period
        if numbered:
            cells[0] = ""
        label_at = 1 if numbered else 0
        # A row label: words, or a period heading the row ("2012", "Q3 2026").
        first_is_label = (
            len(cells) > label_at + 1
            and (
                not _is_numeric(cells[label_at])
                or bool(_YEARISH.fullmatch(cells[label_at], timeout=_TIMEOUT))
            )
            and not _is_pair(cells[label_at])
        )
        row_label = _clean_label(cells[label_at]) if first_is_label else ""
        if row_label and line.label_tail:
            row_label = f"{row_label} {line.label_tail}"
        section = ""
        if row_label and line.section and not _TOTAL_ROW.match(row_label):
            # "Net sales:" over "Aerospace Systems  $ 3,812": the row is the segment's net sales.
            section = line.section
            row_label = f"{line.section}{SECTION_JOIN}{row_label}"
        if row_label and _BREAKDOWN_ROW.match(row_label) and parent_label:
            # "Profit for the year" over "of which attributable to owners of the parent": a
            # part of the row above, named with it.
            row_label = f"{parent_label} - {row_label}"
        elif row_label and _SHARE_OF_SALES_ROW.match(row_label) and parent_label:
            # "Comparable EBITA" over "% of net sales": the row above's margin.
            row_label = f"{parent_label} margin ({row_label})"
        elif row_label:
            parent_label = row_label
        row_period = header_period(cells[0]) if first_is_label else ""
        if row_period and span_over_rows and header_period(f"{span_over_rows} {row_label}"):
            # "| Nine months ended |" over "| September 28, 2024 |": the nine months to it
            row_label = f"{span_over_rows} {row_label}"
            row_period = header_period(row_label)
        if first_is_label or numbered:
            result.label_spans.extend(line.spans[: label_at + 1])
        if row_period:
            s, e = line.spans[0]
            result.header_periods.append(HeaderPeriod(s, e, row_period))
        in_order: dict[int, int] = {}
        if body_edges and len(line.spans) < widest:
            # "Total  1,652,560  $ 175.02  1,647,010" under rows of four values: each value
            # under the column whose values end where it ends, a blank cell left blank.
            in_order = _under_body_columns(line, body_edges, 1 if first_is_label else 0)
        if header_edges and len(line.spans) < widest and not in_order:
            # A row of as many values as the header has columns ("905   688" under "2024
            # 2023", beside rows that also carry "$" cells) takes them in order, however
            # far its digits stray from the header's edges.
            values = [o for o in range(len(line.spans)) if not (o == 0 and first_is_label)]
            if len(values) == len(header_edges) > 1:
                in_order = dict(zip(values, sorted(header_edges), strict=True))
        unit_text = (
            cells[unit_column].strip()
            if unit_column is not None and not in_order and unit_column < len(cells)
            else ""
        )
        for ordinal, (s, e) in enumerate(line.spans):
            if (ordinal <= label_at and (first_is_label or numbered)) or (
                unit_text and ordinal == unit_column
            ):
                continue
            column = ordinal
            if in_order:
                column = in_order[ordinal]
            elif header_edges and len(line.spans) < widest:
                right = e - line.start
                nearest = min(header_edges, key=lambda c: abs(header_edges[c] - right))
                if abs(header_edges[nearest] - right) <= 3:
                    column = nearest
            row, label, span = row_number, row_label, (s, e)
            if not _is_numeric(text[s:e]):
                # "Industrial: 412 | Medical: 298": a label and its value in one cell.
                pair = (
                    _KEY_VALUE.fullmatch(text, s, e, timeout=_TIMEOUT) if ":" in text[s:e] else None
                )
                if pair is None or not _is_numeric(pair.group(2)):
                    continue
                row, label, span = (
                    row_number * MAX_CELLS_PER_ROW + column,
                    pair.group(1),
                    pair.span(2),
                )
            result.cells.append(
                _cell(
                    span=span,
                    table=table_index,
                    row=row,
                    column=column,
                    row_label=label,
                    column_header=headers.get(column, ""),
                    row_text=line.text,
                    units=units,
                    column_unit=column_units.get(column),
                    value_text=text[span[0] : span[1]],
                    section=line.section,
                    grouped_by=section,
                    unit_text=unit_text,
                )
            )
    if caption_period or headed:
        # "Three Months Ended March 31, 2024" over a table whose columns are segments and
        # whose rows are movements, or heading a block of its rows: that line dates every
        # cell under it that names no period.
        for k in range(first_cell, len(result.cells)):
            cell = result.cells[k]
            period = headed.get(cell.row, caption_period)
            if period and not (
                cell.period or header_period(cell.column_header) or header_period(cell.row_label)
            ):
                result.cells[k] = replace(cell, period=period)
    _date_movements(result, first_cell)
    return (header, groups) if has_header and kind == "wide" else None


# A line that names one span of time and nothing else: "Three Months Ended March 31, 2024".
_PERIOD_LINE = re.compile(
    r"\s*(?:(?:three|six|nine|twelve|[0-9]{1,2})\s+months?|(?:fiscal\s+)?years?|quarter"
    r"|(?:[0-9]{2}|fifty-two|fifty-three)\s+weeks)\s+ended\s+"
    r"(?:[A-Z][a-z]+\.?\s+[0-9]{1,2},?|[0-9]{1,2}\s+[A-Z][a-z]+\.?)\s+[0-9]{4}\s*:?\s*",
    re.IGNORECASE,
)


def _period_line_above(text: str, start: int) -> str:
    """The period of the line right above a table (blank lines aside), when that line names
    one span of time and nothing else."""
    end = start - 1
    while end > 0 and text[end - 1] in " \t\r\n":
        end -= 1
    line_start = text.rfind("\n", 0, end) + 1
    if end <= line_start:
        return ""
    if _PERIOD_LINE.fullmatch(text, line_start, end):
        return header_period(text[line_start:end])
    if text[end - 1] != ":":
        return ""
    # "... significant segment expenses regularly provided to the CODM for 2024 were (in
    # millions):": the one year the clause that introduces the table names
    clause = _LAST_CLAUSE.search(text, line_start, end)
    if clause is None:
        return ""
    years = _A_YEAR.findall(clause.group())
    named = _FOR_A_YEAR.search(clause.group())
    return named.group(1) if len(years) == 1 and named is not None else ""


_LAST_CLAUSE = re.compile(r"[^.;]{0,300}\Z")
_A_YEAR = re.compile(r"(?<![0-9-])(?:19|20)[0-9]{2}(?![0-9-])")
_FOR_A_YEAR = re.compile(
    r"\b(?:for|in|during)\s+(?:the\s+)?(?:(?:fiscal|calendar)\s+)?(?:year\s+)?"
    r"((?:19|20)[0-9]{2})\b(?![0-9-])",
    re.IGNORECASE,
)


def _date_movements(result: TableSet, first_cell: int) -> None:
    """A roll-forward's rows between two balance rows ("Balance at December 31, 2022", the
    year's movements, "Balance at December 31, 2023") are the year the later one closes."""
    cells = result.cells
    balances: dict[int, str] = {}
    for cell in cells[first_cell:]:
        if cell.row not in balances and _BALANCE_ROW.match(cell.row_label):
            closing = header_period(cell.row_label)
            if len(closing) == 10 and closing[:4].isdigit():
                # the twelve months to that day: a flow, not the balance of the day
                balances[cell.row] = f"12M {closing[:7]}"
            elif lx.period_year(closing):
                balances[cell.row] = lx.period_year(closing)
    if len(balances) < 2:
        return
    rows = sorted(balances)
    for k in range(first_cell, len(cells)):
        cell = cells[k]
        if cell.row in balances or cell.row < rows[0] or cell.row > rows[-1]:
            continue
        closing = next(r for r in rows if r > cell.row)
        cells[k] = replace(cell, period=balances[closing])


_BALANCE_ROW = regex.compile(r"\s*(?:balances?|as\s+at|as\s+of)\b", regex.IGNORECASE)


_LIST_TABLE = regex.compile(r"^[ \t]*\.\. list-table::(?P<title>[^\n]*)$", regex.MULTILINE)
# "   * - Indicator" opens a row, "     - 2,416" adds a cell to it.
_LIST_TABLE_CELL = regex.compile(r"^(?P<indent>[ \t]*)(?P<mark>\* -|-)[ \t]+(?P<cell>\S[^\n]*)$")


def _add_list_tables(result: TableSet, text: str) -> None:
    """reStructuredText `list-table` directives: each `* -` line opens a row and each `-`
    line under it adds a cell, a row's cells on lines of their own. Read as a pipe table of
    the same cells, its title the caption."""
    for directive in _LIST_TABLE.finditer(text):
        rows: list[list[tuple[int, int]]] = []
        pos = directive.end() + 1
        while pos < len(text):
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            line = text[pos:end]
            stripped = line.strip()
            if stripped and not stripped.startswith(":"):
                cell = _LIST_TABLE_CELL.match(line)
                if cell is None or (cell.group("mark") == "-" and not rows):
                    break  # the prose after the table
                if cell.group("mark") == "* -":
                    rows.append([])
                rows[-1].append((pos + cell.start("cell"), pos + len(line.rstrip())))
            pos = end + 1
        if len(rows) < 2:
            continue
        block = [
            _Line(row[0][0], row[-1][1], " | ".join(text[a:b] for a, b in row), "pipe", row)
            for row in rows
        ]
        if _valid_block("pipe", block, text):
            _add_grid(result, text, "pipe", block, directive.group("title"))
            for line in block:
                result.spans.extend(line.spans)


_SPAN_ENDED = regex.compile(
    r"\b(?:weeks?|months?|quarter|year|half)\s+(?:ended|ending)\s*:?\Z", regex.IGNORECASE
)
_BREAKDOWN_ROW = regex.compile(r"(?:of\s+which|thereof|hereof|whereof)\b", regex.IGNORECASE)
_SHARE_OF_SALES_ROW = regex.compile(
    r"(?:as\s+(?:a\s+)?)?(?:%|percent(?:age)?)\s+of\s+(?:net\s+|total\s+)?"
    r"(?:sales|revenues?|turnover)\s*$",
    regex.IGNORECASE,
)


def _clean_label(cell: str) -> str:
    return cell.strip().strip("*_").strip()


# ------------------------------------------------------------------ dash rows and JSON rows


def _add_dash_rows(result: TableSet, text: str, block: list[_Line], caption: str) -> None:
    """`label — header: value` lines (`; header: value` again for more columns): a cell
    each pair, grouped into one table."""
    units = _caption_units(caption)
    table_index = len(result.tables)
    result.tables.append(
        Table(start=block[0].start, end=block[-1].end, scale=units.scale, currency=units.currency)
    )
    rows: dict[str, int] = {}
    columns: dict[str, int] = {}
    for line in block:
        if len(line.spans) < 3 or len(line.spans) % 2 == 0:
            continue
        (ls, le), pairs = line.spans[0], line.spans[1:]
        row_label = _clean_label(text[ls:le])
        row = rows.setdefault(row_label.lower(), len(rows) + 1)
        result.label_spans.append((ls, le))
        period = header_period(row_label)
        if period:
            result.header_periods.append(HeaderPeriod(ls, le, period))
        for (hs, he), (vs, ve) in zip(pairs[0::2], pairs[1::2], strict=True):
            result.label_spans.append((hs, he))
            header = _clean_label(text[hs:he])
            column = columns.setdefault(header.lower(), len(columns) + 1)
            period = header_period(header)
            if period:
                result.header_periods.append(HeaderPeriod(hs, he, period))
            if not _is_numeric(text[vs:ve]):
                continue
            result.cells.append(
                _cell(
                    span=(vs, ve),
                    table=table_index,
                    row=row,
                    column=column,
                    row_label=row_label,
                    column_header=header,
                    row_text=line.text,
                    units=units,
                    column_unit=label_unit(header),
                    value_text=text[vs:ve],
                )
            )


def _add_json_rows(result: TableSet, text: str, block: list[_Line], caption: str) -> None:
    """One JSON object per line: the row label under "item" (or the first text value),
    every other key a column header."""
    units = _caption_units(caption)
    table_index = len(result.tables)
    table = Table(
        start=block[0].start,
        end=block[-1].end,
        scale=units.scale,
        currency=units.currency,
    )
    columns: dict[str, int] = {}
    added = False
    for row_number, line in enumerate(block, start=1):
        try:
            data = json.loads(line.text)
        except ValueError:
            continue
        if not isinstance(data, dict) or len(data) < 2:
            continue
        label_key = next(
            (k for k in data if k.lower() in _ROW_LABEL_KEYS and isinstance(data[k], str)),
            next((k for k, v in data.items() if isinstance(v, str) and not _is_value(v)), None),
        )
        row_label = str(data[label_key]).strip() if label_key is not None else ""
        # Walk the line's "key": value pairs to find each value's span in the text.
        pos = line.text.find("{") + 1
        for key in data:
            found = _JSON_VALUE.match(line.text, pos)
            if not found:
                break
            pos = found.end()
            if key == label_key:
                continue
            group = "n" if found.group("n") is not None else "s"
            if found.group(group) is None or not _is_numeric(found.group(group)):
                continue
            s, e = line.start + found.start(group), line.start + found.end(group)
            key_start = line.text.find('"', found.start()) + 1
            period = header_period(key)
            if period:
                ks = line.start + key_start
                result.header_periods.append(HeaderPeriod(ks, ks + len(key), period))
            column = columns.setdefault(key, len(columns) + 1)
            result.cells.append(
                _cell(
                    span=(s, e),
                    table=table_index,
                    row=row_number,
                    column=column,
                    row_label=row_label,
                    column_header=key,
                    row_text=line.text,
                    units=units,
                    column_unit=label_unit(key),
                    value_text=text[s:e],
                )
            )
            added = True
    if added:
        result.tables.append(table)


# ------------------------------------------------------------------ header periods

_MONTH_YEAR_SLASH = regex.compile(r"\s*(0?[1-9]|1[0-2])/([0-9]{2}|[0-9]{4})\s*")


_MONTH_RANGE = regex.compile(
    lx.MONTH_NAME + r"\.?\s*[-–—]\s*" + lx.MONTH_NAME + r"\.?\s+([0-9]{4})", regex.IGNORECASE
)


_SPLIT_YEAR = regex.compile(r"(?<![0-9])((?:19|20)[0-9]{2}) ?[-–/] ?((?:19|20)?[0-9]{2})(?![0-9])")


_QUARTER_SLASH = regex.compile(
    r"(?:Q(?P<q1>[1-4])(?:\s*[-–]\s*Q(?P<q2>[1-4]))?|H(?P<half>[12])"
    r"|(?P<m1>1[0-2]|[1-9])\s*[-–]\s*(?P<m2>1[0-2]|[1-9]))\s*/\s*(?P<year>(?:19|20)[0-9]{2})",
    regex.IGNORECASE,
)


def header_period(text: str) -> str:
    """The period a header cell names: "dec. 31 2008" -> "2008-12-31", "12/10" -> "2010-12".

    A header cell of a month and a two-digit year with a slash ("12/10") is a month; in
    prose the same digits are a fraction or a day, so this reading is for headers only.
    """
    text = text.strip()
    if not text or len(text) > 120:
        return ""
    if text.isascii() and not _DIGIT.search(text):
        return ""  # every reading below needs a digit: most row labels have none
    if "_" in text:
        text = text.replace("_", " ")  # an exported column's name: "revenue_2024", "fy2024"
    slash = _MONTH_YEAR_SLASH.fullmatch(text)
    if slash:
        return f"{lx.full_year(slash.group(2))}-{int(slash.group(1)):02d}"
    split = _SPLIT_YEAR.search(text) if ("/" in text or "-" in text or "–" in text) else None
    if split:
        # "Zafra 2023/24", "FY2023-24": the fiscal year ending in the second, as prose reads it.
        first, second = int(split.group(1)), split.group(2)
        if int(second) == (first + 1 if len(second) == 4 else (first + 1) % 100):
            return f"FY{first + 1}"
    quarters = _QUARTER_SLASH.fullmatch(text) if "/" in text else None
    if quarters:
        # "Q3/2024", "Q1–Q3/2024", "H1/2024", "1–9/2024", as Nordic reports head columns.
        year = int(quarters.group("year"))
        if quarters.group("half"):
            return f"H{quarters.group('half')} {year}"
        if quarters.group("q2"):
            first, last = int(quarters.group("q1")) * 3 - 2, int(quarters.group("q2")) * 3
        elif quarters.group("q1"):
            return f"Q{quarters.group('q1')} {year}"
        else:
            first, last = int(quarters.group("m1")), int(quarters.group("m2"))
        period = lx.span_period(first, last, year) if 1 <= first <= last <= 12 else None
        if period:
            return period
    months = _MONTH_RANGE.fullmatch(text)
    if months:
        # "Jul–Sep 2025" is Q3 2025, "Jan–Sep 2025" nine months, "Jan–Dec 2024" the year.
        first = lx.MONTHS[months.group(1).lower()[:3]]
        last = lx.MONTHS[months.group(2).lower()[:3]]
        period = lx.span_period(first, last, int(months.group(3)))
        if period:
            return period
    return lx.normalise_period(text, exact_dates=True)
