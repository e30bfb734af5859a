"""JSON tool outputs: every number with its key path, calculator results, accuracy reports.

A small scanner rather than `json.loads`, because each number must keep its exact span in
the text the reviewer sees.
"""

from __future__ import annotations

import bisect
import json
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation

import regex

from . import labels, tables
from . import lexicon as lx
from .extraction import extract_document
from .types import (
    BPS,
    COUNT,
    CURRENCY,
    DATE,
    INHERITED,
    NUMBER,
    PERCENT,
    RATIO,
    STATED,
    CalculatorOutput,
    Claim,
    ProvidedMetric,
)

# A string value that may hold a date or period ("2025-09-30", "Q3 2025", "2025-09"): the
# answer's dates ground against the tool output's as they do against a document's.
_DATE_STRING = regex.compile(r"[^\n]{0,20}(?:19|20)[0-9]{2}[^\n]{0,20}")

_JSON_TOKEN = regex.compile(
    r'\s*(?:(?P<str>"(?:[^"\\]++|\\.)*+")|(?P<num>-?(?:0|[1-9][0-9]{0,40})(?:\.[0-9]{1,40})?(?:[eE][+-]?[0-9]{1,4})?)'
    r"|(?P<punct>[{}\[\]:,])|(?P<lit>true|false|null))"
)
_NUMERIC_STRING = regex.compile(r"-?[0-9]{1,30}(?:\.[0-9]{1,30})?")
MAX_DEPTH = 64
# A list or a mapping written as a Python literal: "[{'tier': ...", "{'WiFi': ...".
_LITERAL_STRUCTURE = regex.compile(r"\s*[\[{]\s*[\[{']")
_PYTHON_LITERALS = regex.compile(r"\b(?:True|False|None)\b")
_JSON_LITERALS = {"True": "true", "False": "false", "None": "null"}  # each as long

_CURRENCY_KEYS = regex.compile(
    r"(?:^|_)(?:pl|pnl|p&l|profit|loss|revenue|sales|income|amount|cost|price|value|cash|"
    r"balance|equity|assets|liabilities|debt|ebitda|expense|expenses|fee|fees|dividend|eps|"
    r"margin_amount|noi|capex|usd|eur|gbp|win|wins_amount)(?:$|_)",
    regex.IGNORECASE,
)
# Trading accounts report margin as money ("margin": 3184.5, "free_margin"), unlike a
# company's gross or operating margin, which is a percentage.
_MARGIN_AMOUNT_KEYS = regex.compile(
    r"^(?:free_|used_|initial_|maintenance_|required_)?margin(?:_used|_required|_amount)?$",
    regex.IGNORECASE,
)
# A key word starts the key, follows an underscore or starts a camel-case word: "win_rate",
# "winRate", "rate"; never inside another word ("expirations" holds no ratio, "corporate"
# no rate).
_WORD_START = r"(?:^|(?<=_)|(?<=[a-z])(?=[A-Z]))"
_PERCENT_KEYS = regex.compile(
    _WORD_START + r"(?i:rate|pct|percent|percentage|margin|yield|growth|return|occupancy|surprise)"
)
_PERCENT_SUFFIX = regex.compile(r"(?:_|^)(?:pct|percent|percentage)$", regex.IGNORECASE)
_BPS_SUFFIX = regex.compile(r"(?:_|^)(?:bps|bp|basis_points)$", regex.IGNORECASE)
_RATIO_KEYS = regex.compile(_WORD_START + r"(?i:ratio|factor|coverage|dscr|multiple|sharpe)")
_COUNT_KEYS = regex.compile(
    r"(?:^|_)(?:total_)?(?:count|num|number|positions|trades|wins|losses|contracts|volume|"
    r"shares|units|employees|customers|days)(?:$|_)",
    regex.IGNORECASE,
)

# Keys that hold a year ("founded", "fiscal_year", "listed_since") and scales and currencies
# written at a key's end ("revenue_krw_bn", "shares_outstanding_m", "aum_usd_mn").
# A past participle alone as the key ("refurbished": 2019) names the year it happened; after
# a noun ("customers_acquired": 2019) it counts.
_YEAR_KEYS = regex.compile(
    r"(?i:year|founded|since|established|inception|incorporated|listed|ipo"
    r"|^(?:built|refurbished|renovated|completed|opened|commissioned|acquired|launched"
    r"|delivered)$)"
)
_YEAR_KEY = regex.compile(r"(?:19|20)[0-9]{2}")
# "revenue_usd_m", and before a year the key is kept by: "gwp_by_line_huf_bn_2023"
_KEY_SCALE = regex.compile(
    r"_(bn|b|billions?|mn|mm|m|millions?|k|thousands?|000s?)(?:_(?:fy)?(?:19|20)[0-9]{2})?$",
    regex.I,
)
_KEY_SCALES = {
    "bn": Decimal("1e9"),
    "b": Decimal("1e9"),
    "billion": Decimal("1e9"),
    "billions": Decimal("1e9"),
    "mn": Decimal("1e6"),
    "mm": Decimal("1e6"),
    "m": Decimal("1e6"),
    "million": Decimal("1e6"),
    "millions": Decimal("1e6"),
    "k": Decimal("1e3"),
    "thousand": Decimal("1e3"),
    "thousands": Decimal("1e3"),
    "000": Decimal("1e3"),
    "000s": Decimal("1e3"),
}
_KEY_CURRENCY = regex.compile(r"(?:^|_)(" + lx.CURRENCY_CODE_PATTERN + r")(?:_|$)", regex.I)


@dataclass(slots=True)
class JsonSource:
    """What a JSON source holds beyond its numbers."""

    claims: list[Claim] = field(default_factory=list)
    calculator_outputs: list[CalculatorOutput] = field(default_factory=list)
    metrics: list[ProvidedMetric] = field(default_factory=list)
    checksum: str = ""
    checksum_input: str | None = None
    paths: dict[str, Decimal] = field(default_factory=dict)
    # Where the documents kept in strings are, in text order: (start, end).
    documents: list[tuple[int, int]] = field(default_factory=list)


def looks_like_json(text: str) -> bool:
    head = text.lstrip()[:1]
    return head in ("{", "[")


def _kind_for_key(key: str, value: Decimal, integral: bool) -> tuple[str, str]:
    if _PERCENT_SUFFIX.search(key):
        return PERCENT, "%"  # "expense_ratio_pct": the unit at the key's end decides
    if _BPS_SUFFIX.search(key):
        return BPS, "bps"  # "spread_vs_mbono_bps": basis points
    if _RATIO_KEYS.search(key):
        return RATIO, "x"
    if _MARGIN_AMOUNT_KEYS.match(key):
        return CURRENCY, ""
    if _PERCENT_KEYS.search(key):
        return PERCENT, "%"
    if integral and _COUNT_KEYS.search(key):
        return COUNT, ""
    if _CURRENCY_KEYS.search(key):
        return CURRENCY, ""
    return NUMBER, ""


def read_json_source(
    text: str, *, source_id: str = "", unit_text: str | None = None
) -> JsonSource | None:
    """The numbers of a JSON text with their key paths; None when the text is not JSON.

    `unit_text` is given for a data document written out as JSON (markup.py): what the
    document says of its units (its comments, its root's unit attributes). Its bare amounts
    are then at the scale the document states, or of unknown scale, as a table's cells are;
    a tool output's amounts are in units."""
    if not looks_like_json(text):
        return None
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if _is_rows(document):
        return None  # a table stored as rows of cells: read as the table it is
    result = JsonSource()
    lines = _documents_in_lines(text, source_id, result)
    _scan_numbers(text, source_id, result, lines=lines)
    _in_the_records_currency(text, result)
    _with_year_keys(result)
    _with_record_year(result)
    _with_record_dates(result)
    _with_document_date(result)
    _with_record_names(document, result)
    _in_iso_units(document, result)
    if unit_text is not None:
        _at_the_document_scale(result, _document_scale(document) or _stated_scale(unit_text))
    _without_flattened_tables(result)
    _read_structure(document, result)
    return result


def _record_of(path: str) -> str:
    """The path of the list item a key path is inside ("3" for "3.metadata.text_as_html")."""
    parts = path.split(".")
    for i in range(len(parts) - 1, -1, -1):
        if parts[i].isdigit():
            return ".".join(parts[: i + 1])
    return ""


def _without_flattened_tables(result: JsonSource) -> None:
    """A record that keeps a table twice, as its text run together and as its markup
    ({"text": "(in millions) 2024 2023 Service revenue 2,412.6 ...", "metadata":
    {"text_as_html": "<table>..."}}): its figures are the table's cells, not the
    run-together words'."""
    if len(result.documents) < 2:
        return
    starts = [start for start, _end in result.documents]

    def in_a_document(claim: Claim) -> bool:
        k = bisect.bisect_right(starts, claim.start) - 1
        return k >= 0 and claim.end <= result.documents[k][1]

    cells: dict[str, set[str]] = {}
    for claim in result.claims:
        if claim.cell is not None and in_a_document(claim):
            cells.setdefault(_record_of(claim.citation), set()).add(claim.text)
    if not cells:
        return
    result.claims = [
        c
        for c in result.claims
        if c.cell is not None
        or c.text not in cells.get(_record_of(c.citation), ())
        or not in_a_document(c)
    ]


# The keys a record of a table's rows names its row by, when it holds other strings too.
_ROW_NAME_KEYS = frozenset(
    {"label", "item", "line_item", "lineitem", "line", "metric", "caption", "row"}
)
_ROW_NAME_CHARS = 80
_MAX_RECORDS = 2000


def _with_record_names(document: object, result: JsonSource) -> None:
    """A record that names its row ([{"item": "Revenue", "2024": 4812.6, "2023": 4390.2}],
    as a table's rows are exported): its figures are that row's, each also named by its own
    key when the key is no period ({"metric": "Cloud", "revenue": 412.6} is Cloud revenue).
    The row's name is under a key that says so, or is the record's one string when every
    other key is a period; a record's "name" or "symbol" names a company, not a row."""
    names: dict[str, str] = {}
    _record_names(document, "", names)
    if not names:
        return
    scale = _document_scale(document)
    out = []
    for claim in result.claims:
        parent, _, key = claim.citation.rpartition(".")
        name = names.get(parent) if claim.kind != DATE else None
        if name is not None:
            own = "" if claim.period or _YEAR_IN_KEY.search(key) else key.replace("_", " ")
            label = f"{name} {own}".strip()
            claim = replace(
                claim,
                label=lx.normalise_label(label) or claim.label,
                label_words=claim.label_words | labels.label_words(label),
            )
            if claim.kind in (CURRENCY, NUMBER, COUNT) and claim.scale == 1:
                # A table's rows state no scale of their own: the document's unit field
                # gives it ("unit": "USD millions"), or it is unknown, as a bare cell's is.
                claim = _at_scale(claim, scale)
        out.append(claim)
    result.claims = out


_UNIT_KEYS = frozenset({"unit", "units", "scale", "amounts_in", "currency_unit"})


def _document_scale(document: object, *, depth: int = 0) -> Decimal | None:
    """The scale a table's document states in a field of its own ("unit": "USD millions",
    "scale": "thousands"), at its top or in an object there ({"meta": {"scale":
    "million"}}), or None."""
    if not isinstance(document, dict):
        return None
    for key, value in document.items():
        if key.lower() in _UNIT_KEYS and isinstance(value, str):
            found = {_KEY_SCALES[w] for w in value.lower().split() if w in _KEY_SCALES}
            if len(found) == 1:
                return found.pop()
    if depth == 0:
        for value in document.values():
            if isinstance(value, dict) and (scale := _document_scale(value, depth=1)):
                return scale
    return None


def _stated_scale(unit_text: str) -> Decimal | None:
    """The one scale a document's words about its units state ("Consolidated results, USD
    millions"; a unit attribute's "millions")."""
    found = {
        scale
        for line in unit_text.splitlines()
        if (
            scale := tables.heading_scale(line)
            or _KEY_SCALES.get(line.strip().lower())
            or ((m := _AMOUNTS_IN.search(line)) and _KEY_SCALES[m.group(1).lower()])
        )
    }
    return found.pop() if len(found) == 1 else None


# A key that ends in a unit of quantity: "purchased_t", "output_mwh", "volume_bbl".
_QUANTITY_KEY = regex.compile(
    r"(?:^|_)(?:t|tonnes?|tons?|kt|mt|kg|g|oz|lbs?|mwh|gwh|kwh|mw|gw|bbl|boe|mmbtu|m3|sqft|sqm"
    r"|ha|km|units|pcs|headcount|employees|days|hours)$",
    regex.IGNORECASE,
)
# "amounts in MNT million", "figures in € thousands": a comment that states the scale.
_AMOUNTS_IN = regex.compile(
    r"\b(?:amounts|figures|values|numbers)\s+(?:are\s+)?in\s+(?:[A-Z]{3}\s+|[$€£¥]\s*)?"
    r"(millions?|thousands?|billions?)\b",
    regex.IGNORECASE,
)


def _at_the_document_scale(result: JsonSource, scale: Decimal | None) -> None:
    """A data document's bare amounts at the scale it states, or of unknown scale; shares
    are counted at it too, as a statement's caption counts them. A count of anything else
    (`employees = 2318`) and a figure whose key names its own unit of quantity
    (`raw_cashmere_purchased_t`, `output_mwh`) keep theirs."""
    out = []
    for claim in result.claims:
        # its own key, past the years it is kept by ("purchased_t.fy2024")
        key = next(
            (
                part
                for part in reversed(claim.citation.split("."))
                if not part.isdigit() and not _YEAR_NAME_KEY.fullmatch(part)
            ),
            "",
        )
        if (
            claim.kind in (CURRENCY, NUMBER, COUNT)
            and claim.scale == 1
            and claim.cell is None
            and "name" not in claim.qualifiers
            and claim.label not in lx.PER_SHARE_LABELS
            and (claim.kind != COUNT or "shar" in claim.label_words)
            and not _QUANTITY_KEY.search(key)
        ):
            claim = _at_scale(claim, scale)
        out.append(claim)
    result.claims = out


def _at_scale(claim: Claim, scale: Decimal | None) -> Claim:
    """A bare figure at the scale its document states, or of unknown scale (None)."""
    return replace(
        claim,
        value=claim.value * (scale or 1),
        precision=(claim.precision or Decimal(1)) * (scale or 1),
        scale=scale or Decimal(1),
        scale_origin=INHERITED if scale else "",
    )


def _record_names(node: object, path: str, names: dict[str, str], *, row: bool = False) -> None:
    """The names of the records that are rows of a list, by their key paths."""
    if len(names) >= _MAX_RECORDS:
        return
    if isinstance(node, list):
        for i, item in enumerate(node[:_MAX_RECORDS]):
            _record_names(item, f"{path}.{i}" if path else str(i), names, row=True)
        return
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        if isinstance(value, (dict, list)):
            _record_names(value, f"{path}.{key}" if path else str(key), names)
    if not row:
        return
    texts = {
        key: value.strip()
        for key, value in node.items()
        if isinstance(value, str)
        and any(ch.isalpha() for ch in value)
        and len(value) <= _ROW_NAME_CHARS
        and not _DATE_STRING.fullmatch(value)
    }
    named = [key for key in texts if key.lower() in _ROW_NAME_KEYS]
    by_period = all(
        _YEAR_IN_KEY.search(key) for key, value in node.items() if not isinstance(value, str)
    )
    if len(named) == 1 or (len(texts) == 1 and by_period):
        names[path] = texts[named[0] if named else next(iter(texts))]


def _in_the_records_currency(text: str, result: JsonSource) -> None:
    """{"currency": "GBP", "memberships": [{"price_per_month": 185}]}: the one currency a
    record names is that of its money that names none."""
    codes = {m.group(1).upper() for m in _RECORD_CURRENCY.finditer(text)}
    if len(codes) != 1:
        return
    (named,) = codes
    code = lx.CURRENCY_ALIASES.get(named, named)
    result.claims[:] = [
        replace(c, unit=code) if c.kind == CURRENCY and not c.unit else c for c in result.claims
    ]


_RECORD_CURRENCY = regex.compile(
    r'"(?:currency|currency_code|ccy|currency_iso)"\s*:\s*"([A-Za-z]{3})"', regex.IGNORECASE
)


# An XBRL fact's unit: "iso4217:RON" (whole lei), not "iso4217:RON/xbrli:shares".
_ISO_UNIT = regex.compile(r"iso4217:([A-Z]{3})")
_MAX_FACTS = 20_000


def _in_iso_units(document: object, result: JsonSource) -> None:
    """A fact of an xBRL-JSON report ({"value": "55983000", "dimensions": {"unit":
    "iso4217:RON", ...}}) is in whole units of that currency, as XBRL writes every amount:
    its scale is stated, one, whatever its `decimals` say of its precision."""
    units: dict[str, str] = {}

    def walk(node: object, path: str) -> None:
        if len(units) >= _MAX_FACTS or not isinstance(node, dict):
            return
        unit = node.get("unit")
        dimensions = node.get("dimensions")
        if unit is None and isinstance(dimensions, dict):
            unit = dimensions.get("unit")
        if "value" in node and isinstance(unit, str):
            found = _ISO_UNIT.fullmatch(unit.strip())
            if found is not None:
                units[f"{path}.value" if path else "value"] = found.group(1)
        for key, value in node.items():
            if isinstance(value, dict):
                walk(value, f"{path}.{key}" if path else str(key))

    walk(document, "")
    if not units:
        return
    out = []
    for claim in result.claims:
        code = units.get(claim.citation)
        if code is not None and claim.kind in (CURRENCY, NUMBER):
            claim = replace(
                claim,
                kind=CURRENCY,
                unit=lx.CURRENCY_ALIASES.get(code, code),
                scale=Decimal(1),
                scale_origin=STATED,
            )
        out.append(claim)
    result.claims = out


def _one_currency(key: str) -> bool:
    """A key that names one currency ("nightly_rate_gbp"), not a pair ("eur_usd")."""
    return sum(1 for part in key.split("_") if part.upper() in lx.CURRENCY_CODES) <= 1


def _is_rows(document: object) -> bool:
    """A JSON array of two or more rows of strings and numbers (`[["", "2024", "2023"],
    ["Revenue", "412.6", "538.1"]]`), as datasets of annual-report tables store a table."""
    return (
        isinstance(document, list)
        and len(document) >= 2
        and all(
            isinstance(row, list) and all(isinstance(cell, (str, int, float)) for cell in row)
            for row in document
        )
    )


_PRIOR_KEY = regex.compile(r"(?:^|_)(?:prior|previous|prev|last|ly|py)(?:_|$)", regex.I)
_CURRENT_YEAR_KEYS = frozenset({"fiscal_year", "year", "fy", "financial_year", "period_year"})


def _with_year_keys(result: JsonSource) -> None:
    """Figures kept under a year's key ({"2022": {"revenue": 7561.0}}) are that year's, and
    so are those whose own key names it ("dpu_fy2023_cents", "revenue_2024")."""
    out = []
    for claim in result.claims:
        if claim.kind != DATE and not claim.period:
            parts = claim.citation.split(".")
            years = [part for part in parts[:-1] if _YEAR_KEY.fullmatch(part)]
            if years:
                claim = replace(claim, period=years[-1])
            else:
                # its own key first, then the keys around it ("gwp_by_line_huf_bn_2023")
                inside = next(
                    (m for part in reversed(parts) if (m := _YEAR_IN_KEY.search(part))), None
                )
                if inside:
                    fiscal = "FY" if inside.group(1) else ""
                    claim = replace(claim, period=fiscal + inside.group(2))
        out.append(claim)
    result.claims = out


# A key that is a year, or a fiscal year's name: "2023", "fy2024", "FY_2023", "fiscal2024".
_YEAR_NAME_KEY = regex.compile(r"(?:(fy|fiscal)[ _-]?)?((?:19|20)[0-9]{2})", regex.IGNORECASE)
# A year written inside a key, between underscores: "dpu_fy2023_cents", "revenue_2024".
_YEAR_IN_KEY = regex.compile(
    r"(?:^|_)(?:(fy|fiscal)_?)?((?:19|20)[0-9]{2})(?:_|$)", regex.IGNORECASE
)


def _with_record_year(result: JsonSource) -> None:
    """A record that names its year ({"fiscal_year": 2023, "prior_fiscal_year": 2022,
    "revenue_krw_bn": 684.2, "revenue_prior_krw_bn": 571.9}): its figures are that year's,
    and those whose key says prior are the year before's."""
    years = {
        c.citation: c.period
        for c in result.claims
        if c.kind == DATE and "." not in c.citation and c.period.isdigit()
    }
    current = [years[k] for k in years if k.lower() in _CURRENT_YEAR_KEYS]
    if len(current) != 1:
        return
    prior = [years[k] for k in years if _PRIOR_KEY.search(k)]
    this_year = current[0]
    last_year = prior[0] if len(prior) == 1 else str(int(this_year) - 1)
    result.claims = [
        replace(c, period=last_year if _PRIOR_KEY.search(c.citation) else this_year)
        if c.kind != DATE and not c.period and "." not in c.citation
        else c
        for c in result.claims
    ]


def _with_record_dates(result: JsonSource) -> None:
    """A record in a list with a date of its own ({"date": "2026-03-27", "volume": 76378}):
    the date is the period of the record's numbers."""
    dates: dict[str, str] = {}
    for claim in result.claims:
        parent = claim.citation.rpartition(".")[0]
        if (
            claim.kind == DATE
            and not claim.nested
            and "name" not in claim.qualifiers
            and parent.rpartition(".")[2].isdigit()
        ):
            dates.setdefault(parent, claim.period)
    if not dates:
        return
    out = []
    for claim in result.claims:
        if claim.kind != DATE and not claim.period:
            # the nearest record around it that has a date: its own, or one it is kept in
            # ({"period": [{"fiscalYear": 2024, "line": [{"name": "Revenue", ...}]}]})
            record = claim.citation.rpartition(".")[0]
            while record and record not in dates:
                record = record.rpartition(".")[0]
            if record:
                claim = replace(claim, period=dates[record])
        out.append(claim)
    result.claims = out


_DOCUMENT_DATE_KEYS = frozenset({"as_of", "asof", "as_of_date", "date", "timestamp", "period_end"})


def _with_document_date(result: JsonSource) -> None:
    """A tool output's own date ({"as_of": "2025-11-03", "legs": [...]}) is the period of
    its numbers that have none of their own."""
    dated = [
        c
        for c in result.claims
        if c.kind == DATE
        and not c.nested
        and "." not in c.citation
        and c.citation in _DOCUMENT_DATE_KEYS
    ]
    if len(dated) != 1:
        return
    period = dated[0].period
    result.claims = [
        replace(c, period=period)
        if c.kind != DATE and not c.period and "name" not in c.qualifiers
        else c
        for c in result.claims
    ]


def _scan_numbers(
    text: str,
    source_id: str,
    result: JsonSource,
    outer: list[list] | None = None,
    lines: list[tuple[int, int]] | None = None,
) -> None:
    # A stack of containers; for an object, the key waiting for its value. `outer`: the
    # containers around a structure written inside a string.
    stack: list[list] = [list(level) for level in outer] if outer else []  # [type, key, index]
    pos = 0
    expecting_key = False
    n = len(text)
    while pos < n:
        m = _JSON_TOKEN.match(text, pos)
        if not m:
            return
        pos = m.end()
        if m.group("punct"):
            ch = m.group("punct")
            if ch in "{[":
                if len(stack) >= MAX_DEPTH:
                    return
                stack.append(["obj" if ch == "{" else "arr", None, 0])
                expecting_key = ch == "{"
            elif ch in "}]":
                if stack:
                    stack.pop()
                expecting_key = False
            elif ch == ",":
                if stack and stack[-1][0] == "obj":
                    expecting_key = True
                elif stack:
                    stack[-1][2] += 1
            continue
        if m.group("str") is not None and expecting_key and stack and stack[-1][0] == "obj":
            try:
                stack[-1][1] = json.loads(m.group("str"))
            except ValueError:
                stack[-1][1] = m.group("str").strip('"')
            expecting_key = False
            key_text = str(stack[-1][1])
            named = _YEAR_NAME_KEY.fullmatch(key_text)
            if named and m.group("str") == f'"{key_text}"':
                # {"2023": {"revenue": 8412.6}}, {"fy2024": 4812.6}: a year the record is
                # kept by, a date.
                start, end = m.start("str") + 1, m.end("str") - 1
                year = _year(text, start, end, Decimal(named.group(2)), source_id, _path(stack))
                if named.group(1):
                    year = replace(year, period="FY" + named.group(2))
                result.claims.append(year)
            continue
        number_text = None
        start = end = 0
        if lines and m.group("str") is not None and _inside(lines, m.start("str")):
            continue  # a line of a document given as a list of its lines: read with them
        if m.group("num") is not None:
            number_text = m.group("num")
            start, end = m.start("num"), m.end("num")
        elif m.group("str") is not None:
            inner = m.group("str")[1:-1]
            if _NUMERIC_STRING.fullmatch(inner):
                number_text = inner
                start, end = m.start("str") + 1, m.end("str") - 1
            elif _LITERAL_STRUCTURE.match(inner) and '"' not in inner and len(stack) < MAX_DEPTH:
                # "memberships": "[{'tier': 'Hot Desk', 'price_per_month': 185}]": a structure
                # written as a Python literal inside a string, read where it stands (the
                # rewriting to JSON keeps every character's place).
                as_json = _PYTHON_LITERALS.sub(
                    lambda w: _JSON_LITERALS[w.group()], inner.replace("'", '"')
                )
                _scan_numbers(" " * (m.start("str") + 1) + as_json, source_id, result, stack)
                continue
            elif len(inner) >= MIN_DOCUMENT_CHARS and " " in inner:
                # {"type": "Table", "text_as_html": "<table><tr>..."}, a retriever's
                # {"page_content": "Results of Operations\n(in thousands)..."}: a document
                # kept in a string, read as one where it stands.
                _add_document(inner, m.start("str") + 1, source_id, _path(stack), result)
            elif (
                "\\" not in inner
                and len(inner) <= 200
                and any(ch.isdigit() for ch in inner)
                and _last_key(stack) not in _NOT_NAMES
            ):
                # "2025-10-17T16:00:00-04:00", "QQQ 2025-12-19 C 520": the dates, and the
                # numbers of a name (a contract's strike), which ground a repeat only.
                _add_string_values(inner, m.start("str") + 1, source_id, _path(stack), result)
        if number_text is None:
            continue
        path = _path(stack)
        key = _last_key(stack)
        if key.lower() in _HOLDER_KEYS:
            # {"DilutedShares": {"value": 212.4}}: the key that says what the value is
            key = next(
                (
                    str(k)
                    for kind, k, _i in reversed(stack)
                    if kind == "obj" and k is not None and str(k).lower() not in _HOLDER_KEYS
                ),
                key,
            )
        try:
            value = Decimal(number_text)
        except InvalidOperation:
            continue
        if not value.is_finite():
            continue
        decimals = (
            len(number_text.split(".", 1)[1])
            if "." in number_text and "e" not in number_text.lower()
            else 0
        )
        if (
            "." not in number_text
            and _YEAR_KEYS.search(key)
            and 1900 <= value <= 2100
            and not _CURRENCY_KEYS.search(key)
        ):
            # {"founded": 2004, "fiscal_year": 2023}: a year, which the answer's dates
            # ground against.
            result.paths[path] = value
            result.claims.append(
                _year(
                    text,
                    start,
                    end,
                    value,
                    source_id,
                    path,
                    labels.label_words(_path_words(path)),
                )
            )
            continue
        kind, unit = _kind_for_key(key, value, "." not in number_text)
        scale = Decimal(1)
        # {"revenue_krw_bn": 684.2, "shares_outstanding_m": 31.42}: the key states the scale,
        # as a column header's unit does; {"financials_thb_m": {"2023": {"revenue": ...}}}: so
        # does an enclosing key.
        keys = [part for part in reversed(path.split(".")) if not part.isdigit()]
        suffix = next((m for k in keys if (m := _KEY_SCALE.search(k))), None)
        if suffix and kind in (NUMBER, CURRENCY, COUNT):
            scale = _KEY_SCALES[suffix.group(1).lower()]
            if kind == NUMBER and not any(_COUNT_KEYS.search(k) for k in keys[:1]):
                kind = CURRENCY
        code = next((m for k in keys if (m := _KEY_CURRENCY.search(k))), None)
        if code and kind == NUMBER and _one_currency(code.string):
            # {"nightly_rate_gbp": {"sun_to_thu": 145}}: money in the currency an enclosing
            # key names, whatever else its name says (not a pair's rate, "eur_usd").
            kind = CURRENCY
        if code and kind == CURRENCY:
            unit = lx.CURRENCY_ALIASES.get(code.group(1).upper(), code.group(1).upper())
        if kind == NUMBER:
            # {"comparable_sales_pct": {"total": 3.4}}: the unit is the enclosing key's.
            parent = _parent_key(stack)
            if parent and _PERCENT_KEYS.search(parent):
                kind, unit = PERCENT, "%"
        label = lx.normalise_label(_key_words(key))
        # The whole key path names the value: "by_symbol.EURUSD.profit", "account.net_profit".
        label_words = labels.label_words(_path_words(path))
        result.paths[path] = value
        if key in ("checksum", "checksum_input"):
            continue
        result.claims.append(
            Claim(
                text=text[start:end],
                start=start,
                end=end,
                kind=kind,
                value=value * scale,
                unit=unit,
                precision=Decimal(1).scaleb(-decimals) * scale,
                label=label,
                source_id=source_id,
                citation=path,
                qualifiers=frozenset({"total"}) if "total" in key.lower() else frozenset(),
                scale=scale,
                scale_origin=(INHERITED if scale != 1 else STATED) if kind != NUMBER else "",
                label_words=label_words,
            )
        )


# Keys that only hold a value, saying nothing of what it is.
_HOLDER_KEYS = frozenset({"value", "val", "values", "#text", "text", "content"})

# String values that restate the numbers of the document rather than name something.
_NOT_NAMES = frozenset({"checksum", "checksum_input", "citation", "path", "note", "notes"})
_ISO_DATETIME = regex.compile(r"([0-9]{4}-[0-9]{2}-[0-9]{2})T[0-9:.]+(?:Z|[+-][0-9:]+)?")


def _add_string_values(
    inner: str, offset: int, source_id: str, path: str, result: JsonSource
) -> None:
    timestamp = _ISO_DATETIME.fullmatch(inner)
    if timestamp:
        inner = timestamp.group(1)  # the day of a timestamp; its time is no claim
    claims, _marks = extract_document(inner, source_id=source_id)
    for claim in claims:
        moved = replace(claim, start=claim.start + offset, end=claim.end + offset, citation=path)
        if claim.kind == DATE:
            if _DATE_STRING.fullmatch(inner):
                whole = claim.start == 0 and claim.end >= len(inner.rstrip())
                # A date inside a name ("QQQ 2025-12-19 C 520") is the name's, not its record's.
                result.claims.append(
                    moved if whole else replace(moved, qualifiers=moved.qualifiers | {"name"})
                )
        else:
            result.claims.append(replace(moved, qualifiers=moved.qualifiers | {"name"}))


MIN_DOCUMENT_CHARS = 80
_ESCAPE = regex.compile(r"\\(?:u[0-9a-fA-F]{4}|.)", regex.DOTALL)
_ESCAPED = {"n": "\n", "t": "\t", "r": " ", "b": " ", "f": " "}


def _unescaped_in_place(inner: str) -> str:
    """A JSON string's text with each escape read, every character where it was: the
    escape's backslash (and a \\u escape's digits) a space, then the character."""
    if "\\" not in inner:
        return inner

    def read(escape: regex.Match) -> str:
        body = escape.group()[1:]
        if len(body) == 5:
            return "     " + chr(int(body[1:], 16))
        return " " + _ESCAPED.get(body, body)

    return _ESCAPE.sub(read, inner)


# A document given as a list of its lines, each but the last ending in "\n", as a
# notebook keeps a cell's source and an output's text: ["   Q2 2024 ...\n", "revenue ..."].
_LINES_LIST = regex.compile(r'\[\s*(?:"(?:[^"\\\n]|\\.)*\\n"\s*,\s*){2,}"(?:[^"\\\n]|\\.)*"\s*\]')
_BETWEEN_LINES = regex.compile(r'"\s*,\s*"|^\[\s*"|"\s*\]$')


def _documents_in_lines(text: str, source_id: str, result: JsonSource) -> list[tuple[int, int]]:
    """Each list of lines read as the one document it is, its lines where they stand and
    the JSON between them blanked: the rows of a table printed across them stay aligned.
    Where the lists are, so that their lines are not read again one by one."""
    if '\\n",' not in text:
        return []
    found = []
    for listed in _LINES_LIST.finditer(text, timeout=MAX_LINES_SECONDS):
        body = _BETWEEN_LINES.sub(lambda m: " " * len(m.group()), listed.group())
        _add_document(body, listed.start(), source_id, "", result)
        found.append(listed.span())
    return found


MAX_LINES_SECONDS = 1.0


def _inside(spans: list[tuple[int, int]], position: int) -> bool:
    k = bisect.bisect_right(spans, (position, float("inf"))) - 1
    return k >= 0 and spans[k][0] <= position < spans[k][1]


def _add_document(inner: str, offset: int, source_id: str, path: str, result: JsonSource) -> None:
    result.documents.append((offset, offset + len(inner)))
    claims, _marks = extract_document(_unescaped_in_place(inner), source_id=source_id)
    for claim in claims:
        result.claims.append(
            replace(claim, start=claim.start + offset, end=claim.end + offset, citation=path)
        )


def _path_words(path: str) -> str:
    """A key path as words: "summary.win_rate" -> "summary win rate", "CostOfRevenue" ->
    "Cost Of Revenue" (indexes and the keys of a document's structure left out)."""
    return " ".join(
        _key_words(part)
        for part in path.split(".")
        if not part.isdigit() and part.lower() not in _STRUCTURE_KEYS
    )


# Keys that hold a document's parts, whatever they are: {"results": {"lines": [...]}},
# <statement><line name="Revenue">.
_STRUCTURE_KEYS = frozenset(
    {
        "data", "result", "results", "statement", "statements", "line", "lines", "item",
        "items", "row", "rows", "record", "records", "entry", "entries", "value", "values",
        "period", "periods", "fields", "facts", "figures", "table", "tables", "body", "root",
        "document",
    }
)  # fmt: skip


_CAMEL_JOINT = regex.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def _key_words(key: str) -> str:
    """A key's words: "net_income" -> "net income", "netIncome" -> "net Income"."""
    return _CAMEL_JOINT.sub(" ", key.replace("_", " "))


def _year(
    text: str,
    start: int,
    end: int,
    year: Decimal,
    source_id: str,
    path: str,
    label_words: frozenset[str] = frozenset(),
) -> Claim:
    """A year a record is kept by or gives (a `"2023"` key, `"fiscal_year": 2023`): a date
    the answer's years ground against."""
    return Claim(
        text=text[start:end],
        start=start,
        end=end,
        kind=DATE,
        value=year,
        period=str(year),
        source_id=source_id,
        citation=path,
        label_words=label_words,
    )


def _path(stack: list[list]) -> str:
    parts = []
    for kind, key, index in stack:
        if kind == "obj":
            if key is not None:
                parts.append(str(key))
        else:
            parts.append(str(index))
    return ".".join(parts)


def _last_key(stack: list[list]) -> str:
    for kind, key, _index in reversed(stack):
        if kind == "obj" and key is not None:
            return str(key)
    return ""


def _parent_key(stack: list[list]) -> str:
    """The key of the object that holds the value's own object ("comparable_sales_pct" for
    {"comparable_sales_pct": {"total": 3.4}}), or "" when there is none."""
    keys = [str(key) for kind, key, _index in stack if kind == "obj" and key is not None]
    return keys[-2] if len(keys) >= 2 else ""


def _decimal_or_none(value: object) -> Decimal | None:
    if isinstance(value, bool) or value is None:
        return None
    try:
        result = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None
    return result if result.is_finite() else None


def _read_structure(document: object, result: JsonSource) -> None:
    items = document if isinstance(document, list) else [document]
    for item in items[:1000]:
        if not isinstance(item, dict):
            continue
        if str(item.get("tool", item.get("name", ""))).lower() in ("calculate", "calculator"):
            value = _decimal_or_none(item.get("result"))
            if value is not None:
                result.calculator_outputs.append(
                    CalculatorOutput(expression=str(item.get("expression", "")), result=value)
                )
        report = item.get("_accuracy_report")
        if isinstance(report, dict):
            if report.get("checksum") is not None:
                result.checksum = str(report.get("checksum"))
            if report.get("checksum_input") is not None:
                result.checksum_input = str(report.get("checksum_input"))
            for metric in report.get("metrics") or []:
                if not isinstance(metric, dict):
                    continue
                value = _decimal_or_none(metric.get("value"))
                if value is not None:
                    result.metrics.append(
                        ProvidedMetric(
                            path=str(metric.get("path", "")),
                            value=value,
                            citation=str(metric.get("citation", "")),
                        )
                    )


def json_claims(text: str, *, source_id: str = "") -> list[Claim] | None:
    """The claims of a JSON text, or None when the text is not JSON."""
    source = read_json_source(text, source_id=source_id)
    return None if source is None else source.claims
