"""Tables inside a text: markdown, pipe-, tab- or space-aligned rows and CSV blocks.

Each value cell is tied to its row label, its column header and the scale and currency the
caption or header gives (`in thousands`, `$M`, `(in millions, except per-share data)`).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from decimal import Decimal

import regex

_SEPARATOR_ROW = regex.compile(r"\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*")
_WIDE_GAP = regex.compile(r"\S(?: ?\S)*")  # a cell: runs of text separated by 2+ spaces
_NUMERIC_CELL = regex.compile(
    r"\s*[(\-−]?\s*(?:[$€£¥]|US\$)?\s*[0-9][0-9,]*(?:\.[0-9]+)?\s*[)%xX]?\s*(?:[A-Za-z]{1,3})?\s*"
)
_YEARISH = regex.compile(r"\s*(?:FY|CY|Q[1-4]|H[12])?\s*['’]?(?:19|20)?[0-9]{2}\s*[A-Za-z]?\s*")
_SCALE_CAPTION = regex.compile(
    r"\bin\s+(?:US\s+)?(?:(?:[$€£]|USD|EUR|GBP)\s*)?(thousands|millions|billions)\b"
    r"|\(\s*(?:in\s+)?(?:US\$|[$€£]|USD|EUR|GBP)\s*(thousands|millions|billions|000s?|'000s?|mm|m|mn|bn|b|k)\s*\)"
    r"|(?:US\$|[$€£]|USD|EUR|GBP)\s*(?:in\s+)?(thousands|millions|billions|MM|M|mn|m|bn|B|K|000s?|'000s?)(?![\w])"
    r"|\b(thousands|millions|billions)\s+of\s+(?:US\s+)?(?:dollars|euros|pounds)",
    regex.IGNORECASE,
)
# A unit in a column header ("revenue_usd_m", "Revenue ($M)", "EBITDA (USD mn)"): the scale of
# that column alone. A bare one-letter scale needs a currency, an underscore or parentheses in
# front of it, so "Class B" is not read as billions.
_COLUMN_SCALE = regex.compile(
    r"(?:^|[_\s(\[])(?P<currency>usd|eur|gbp|us\$|[$€£])[_\s]?"
    r"(?P<scale>thousands|millions|billions|mm|mn|m|bn|b|k|000s?|'000s?)[)\]]?\s*$"
    r"|_(?P<scale2>mm|mn|m|bn|k|000s?)\s*$"
    r"|\(\s*(?:in\s+)?(?P<scale3>thousands|millions|billions|mm|mn|m|bn|k|000s?|'000s?)\s*\)\s*$",
    regex.IGNORECASE,
)
_PERCENT_WORD = regex.compile(r"\b(?:pct|percent)\b", regex.IGNORECASE)
# "Revenue: 96.3" or "- Net loss: (15.8)" on a line of its own: a two-column row.
_KEY_VALUE = regex.compile(r"\s*(?:[-*•]\s+)?[A-Za-z][^:\n]{0,80}?:\s*(\S.{0,40}?)\s*")
_CAPTION_CURRENCY = regex.compile(r"US\$|\$|€|£|¥|\b(?:USD|EUR|GBP|JPY|dollars|euros|pounds)\b")
_SCALES = {
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
}
_CURRENCY_OF = {
    "$": "USD",
    "us$": "USD",
    "usd": "USD",
    "dollars": "USD",
    "€": "EUR",
    "eur": "EUR",
    "euros": "EUR",
    "£": "GBP",
    "gbp": "GBP",
    "pounds": "GBP",
    "¥": "JPY",
    "jpy": "JPY",
}
MAX_CELLS_PER_ROW = 64
# The line kinds that hold cells (the others: separator rows and plain text).
_ROW_KINDS = frozenset({"pipe", "tab", "pair", "wide", "csv"})
_ENDS_WITH_GROUP_HEAD = regex.compile(r"(?<![0-9.])[0-9]{1,3}\Z")
_STARTS_WITH_GROUP = regex.compile(r"[0-9]{3}(?![0-9])")


@dataclass(frozen=True, slots=True)
class Cell:
    start: int
    end: int
    table: int
    row: int
    column: int
    row_label: str
    column_header: str
    row_text: str


@dataclass(slots=True)
class Table:
    start: int
    end: int
    scale: Decimal = Decimal(1)
    currency: str = ""
    # Units a column header gives its own cells: column index -> (scale, currency).
    column_units: dict[int, tuple[Decimal, str]] = field(default_factory=dict)

    def unit_of(self, column: int) -> tuple[Decimal, str]:
        """The scale and currency of a column's cells: its header's, else the caption's."""
        scale, currency = self.column_units.get(column, (Decimal(1), ""))
        return (scale if scale != 1 else self.scale), (currency or self.currency)


@dataclass(slots=True)
class TableSet:
    tables: list[Table] = field(default_factory=list)
    cells: list[Cell] = field(default_factory=list)


@dataclass(slots=True)
class _Line:
    start: int
    end: int
    text: str
    kind: str  # pipe | tab | pair | wide | csv | separator | other
    spans: list[tuple[int, int]]  # cell spans, absolute


def _split(line: str, offset: int, kind: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    if kind == "pipe":
        pos = 0
        parts = line.split("|")
        for k, part in enumerate(parts):
            if (k == 0 or k == len(parts) - 1) and not part.strip():
                pos += len(part) + 1
                continue
            spans.append((offset + pos, offset + pos + len(part)))
            pos += len(part) + 1
    elif kind == "tab":
        pos = 0
        for part in line.split("\t"):
            spans.append((offset + pos, offset + pos + len(part)))
            pos += len(part) + 1
    elif kind == "pair":
        colon = line.index(":")
        label_start = len(line) - len(line.lstrip())
        rest = line[colon + 1 :]
        value_start = colon + 1 + len(rest) - len(rest.lstrip())
        spans.append((offset + label_start, offset + colon))
        spans.append((offset + value_start, offset + len(line.rstrip())))
    elif kind == "wide":
        for m in _WIDE_GAP.finditer(line):
            spans.append((offset + m.start(), offset + m.end()))
    elif kind == "csv" and '"' not in line:
        pos = 0
        for part in line.split(","):
            spans.append((offset + pos, offset + pos + len(part)))
            pos += len(part) + 1
    elif kind == "csv":
        pos = 0
        quoted = False
        cell_start = 0
        for k, ch in enumerate(line):
            if ch == '"':
                quoted = not quoted
            elif ch == "," and not quoted:
                spans.append((offset + cell_start, offset + k))
                cell_start = k + 1
        spans.append((offset + cell_start, offset + len(line)))
        del pos
    return spans[:MAX_CELLS_PER_ROW]


def _classify(line: str) -> str:
    stripped = line.strip()
    if not stripped:
        return "other"
    if "|" in stripped:  # "Revenue | 1.24" is a row too; the block check wants numbers in cells
        if _SEPARATOR_ROW.fullmatch(stripped):
            return "separator"
        return "pipe"
    if "\t" in stripped:
        return "tab"
    pair = _KEY_VALUE.fullmatch(stripped, timeout=0.05)
    if pair and _is_numeric(pair.group(1)):
        return "pair"
    if "  " in stripped and len(_WIDE_GAP.findall(stripped)) >= 2:
        return "wide"
    if "," in stripped and len(stripped) <= 400:
        return "csv"
    return "other"


def _is_numeric(cell: str) -> bool:
    return bool(cell.strip()) and bool(_NUMERIC_CELL.fullmatch(cell))


def _valid_block(kind: str, lines: list[_Line], text: str) -> bool:
    if kind == "pipe":
        return len(lines) >= 1 and any(len(line.spans) >= 2 for line in lines)
    if len(lines) < 2:
        return False
    if kind == "pair":
        return True
    counts = {len(line.spans) for line in lines}
    if kind == "csv":
        # Prose lines have commas too: a CSV block has a steady width, short fields and
        # numbers standing alone in them.
        if len(counts) != 1 or min(counts) < 2:
            return False
        for line in lines:
            fields = [text[s:e] for s, e in line.spans]
            if any(len(f) > 40 for f in fields):
                return False
            for left, right in itertools.pairwise(fields):
                # "2,500 shares, $118,750" is prose with thousands separators, not cells.
                if _ENDS_WITH_GROUP_HEAD.search(left) and _STARTS_WITH_GROUP.match(right):
                    return False
        return (
            sum(
                1 for line in lines[1:] for s, e in line.spans if _is_numeric(text[s:e].strip('" '))
            )
            >= 1
        )
    numeric_rows = 0
    for line in lines:
        if any(_is_numeric(text[s:e]) for s, e in line.spans[1:]):
            numeric_rows += 1
    return numeric_rows >= 1 and max(counts) >= 2


def _captioned_pair(kind: str, block: list[_Line], lines: list[_Line], first: int) -> bool:
    """One `Label: value` line right under a scale caption ("(in thousands)") is a table too."""
    return (
        kind == "pair"
        and len(block) == 1
        and first > 0
        and _SCALE_CAPTION.search(lines[first - 1].text, timeout=0.05) is not None
    )


def find_tables(text: str) -> TableSet:
    """The tables in `text` and their value cells, in text order."""
    result = TableSet()
    if (
        "|" not in text
        and "\t" not in text
        and "  " not in text
        and "," not in text
        and ":" not in text
    ):
        return result
    lines: list[_Line] = []
    offset = 0
    for raw in text.split("\n"):
        kind = _classify(raw)
        spans = _split(raw, offset, kind) if kind in _ROW_KINDS else []
        lines.append(_Line(offset, offset + len(raw), raw, kind, spans))
        offset += len(raw) + 1

    i = 0
    n = len(lines)
    while i < n:
        kind = lines[i].kind
        if kind not in _ROW_KINDS:
            i += 1
            continue
        j = i
        block: list[_Line] = []
        while j < n and (
            lines[j].kind == kind or (kind == "pipe" and lines[j].kind == "separator")
        ):
            if lines[j].kind != "separator":
                block.append(lines[j])
            j += 1
        if block and (_valid_block(kind, block, text) or _captioned_pair(kind, block, lines, i)):
            _add_table(result, text, lines, i, block)
        i = max(j, i + 1)
    return result


def _add_table(
    result: TableSet, text: str, lines: list[_Line], first: int, block: list[_Line]
) -> None:
    caption_parts = [lines[k].text for k in range(max(0, first - 2), first)]
    header = block[0]
    header_cells = [text[s:e].strip() for s, e in header.spans]
    header_is_labels = not any(
        _is_numeric(c) and not _YEARISH.fullmatch(c) for c in header_cells[1:]
    )
    caption = " ".join([*caption_parts, header.text if header_is_labels else ""])
    table = Table(start=block[0].start, end=block[-1].end)
    scale_match = _SCALE_CAPTION.search(caption, timeout=0.05)
    if scale_match:
        word = next(g for g in scale_match.groups() if g).lower()
        table.scale = _SCALES.get(word, Decimal(1))
    currency_match = _CAPTION_CURRENCY.search(caption)
    if currency_match:
        table.currency = _CURRENCY_OF.get(currency_match.group().lower(), "")
    headers = [_readable(c) for c in header_cells] if header_is_labels else []
    if header_is_labels:
        for column, cell in enumerate(header_cells):
            unit = _column_unit(cell)
            if unit is not None:
                table.column_units[column] = unit
    index = len(result.tables)
    result.tables.append(table)
    rows = block[1:] if header_is_labels else block
    for row_number, line in enumerate(rows, start=1):
        cells = [text[s:e] for s, e in line.spans]
        row_label = cells[0].strip() if cells and not _is_numeric(cells[0]) else ""
        for column, (s, e) in enumerate(line.spans):
            result.cells.append(
                Cell(
                    start=s,
                    end=e,
                    table=index,
                    row=row_number,
                    column=column,
                    row_label=row_label,
                    column_header=headers[column] if column < len(headers) else "",
                    row_text=line.text[:400],
                )
            )


def _column_unit(header: str) -> tuple[Decimal, str] | None:
    match = _COLUMN_SCALE.search(header, timeout=0.05)
    if not match:
        return None
    word = (match.group("scale") or match.group("scale2") or match.group("scale3")).lower()
    currency = _CURRENCY_OF.get((match.group("currency") or "").lower(), "")
    return _SCALES.get(word, Decimal(1)), currency


def _readable(header: str) -> str:
    """A header as words: "adj_ebitda_margin_pct" reads "adj ebitda margin %"."""
    if "_" not in header and not _PERCENT_WORD.search(header):
        return header
    return _PERCENT_WORD.sub("%", header.replace("_", " "))
