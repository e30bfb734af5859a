"""Reading and validating reference-fact rows (CSV, JSON, JSON Lines), one row at a time.

A file-level problem (unreadable, no header, unknown columns) is a `FactFileError`; a bad
row is reported with its line number and reason and never stops the other rows.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

REQUIRED_FIELDS = ("entity", "metric", "period", "value", "unit")
OPTIONAL_FIELDS = ("source", "as_of")
FIELDS = REQUIRED_FIELDS + OPTIONAL_FIELDS
MAX_LENGTHS = {"entity": 200, "metric": 100, "period": 50, "unit": 20, "source": 500}
MAX_ROWS = 100_000
# The value column holds 40 digits with 12 decimal places.
MAX_VALUE = Decimal(10) ** 28
MAX_PLACES = 12
FORMATS = ("csv", "json", "jsonl")

_THOUSANDS_GROUPED = re.compile(r"^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$")
_UNIT_ALIASES = {"percent": "%", "pct": "%", "bp": "bps", "times": "x"}


class FactFileError(ValueError):
    """The file as a whole cannot be read: nothing in it is loaded."""


class FactRowError(ValueError):
    """One row is invalid; the message says why."""


@dataclass(frozen=True, slots=True)
class FactRow:
    """A row as read, with its line number in the file (or its position in a JSON list)."""

    line: int
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class CleanFact:
    entity: str
    metric: str
    period: str
    value: Decimal
    unit: str
    source: str = ""
    as_of: date | None = None

    @property
    def key(self) -> tuple[str, str, str]:
        """Facts are unique per entity, metric and period, compared without case."""
        return (self.entity.casefold(), self.metric.casefold(), self.period.casefold())


def _text(data: Mapping[str, Any], name: str, *, required: bool) -> str:
    raw = data.get(name)
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        if required:
            raise FactRowError(f"{name} is missing")
        return ""
    if not isinstance(raw, str | int | float | Decimal) or isinstance(raw, bool):
        raise FactRowError(f"{name} must be text, not {type(raw).__name__}")
    text = " ".join(str(raw).split())
    limit = MAX_LENGTHS.get(name)
    if limit and len(text) > limit:
        raise FactRowError(f"{name} is longer than {limit} characters")
    return text


def _value(raw: Any) -> Decimal:
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        raise FactRowError("value is missing")
    if isinstance(raw, bool) or not isinstance(raw, str | int | float | Decimal):
        raise FactRowError(f"value must be a number, not {type(raw).__name__}")
    text = str(raw).strip()
    if _THOUSANDS_GROUPED.match(text):
        text = text.replace(",", "")
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise FactRowError(f"value {str(raw)[:40]!r} is not a number") from None
    if not value.is_finite():
        raise FactRowError(f"value {text[:40]!r} is not a finite number")
    if abs(value) >= MAX_VALUE:
        raise FactRowError("value is too large (28 integer digits at most)")
    exponent = value.as_tuple().exponent
    if (
        isinstance(exponent, int)
        and exponent < -MAX_PLACES
        and value != value.quantize(Decimal(1).scaleb(-MAX_PLACES))
    ):
        raise FactRowError(f"value has more than {MAX_PLACES} decimal places")
    return value


def _unit(raw: str) -> str:
    unit = _UNIT_ALIASES.get(raw.lower(), raw)
    # ISO currency codes are upper case: usd and USD are one unit.
    return unit.upper() if len(unit) == 3 and unit.isalpha() and unit.lower() != "bps" else unit


def _as_of(raw: Any) -> date | None:
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    try:
        return date.fromisoformat(str(raw).strip())
    except ValueError:
        raise FactRowError(f"as_of {str(raw)[:40]!r} is not a date (YYYY-MM-DD)") from None


def validate_fact(data: Mapping[str, Any]) -> CleanFact:
    """A clean fact from one row, or FactRowError naming the first problem."""
    if not isinstance(data, Mapping):
        raise FactRowError("a fact must be an object with entity, metric, period, value, unit")
    unknown = sorted(str(key) for key in data if key not in FIELDS)
    if unknown:
        raise FactRowError(f"unknown field(s): {', '.join(unknown)}")
    return CleanFact(
        entity=_text(data, "entity", required=True),
        metric=_text(data, "metric", required=True).lower(),
        period=_text(data, "period", required=True),
        value=_value(data.get("value")),
        unit=_unit(_text(data, "unit", required=True)),
        source=_text(data, "source", required=False),
        as_of=_as_of(data.get("as_of")),
    )


def guess_format(path: Path) -> str:
    suffix = path.suffix.lower().lstrip(".")
    if suffix in ("jsonl", "ndjson"):
        return "jsonl"
    if suffix in FORMATS:
        return suffix
    raise FactFileError(f"Cannot tell the format of {path.name}; use --format csv|json|jsonl.")


def _csv_rows(text: str) -> list[FactRow]:
    reader = csv.DictReader(io.StringIO(text))
    header = [(name or "").strip().lower() for name in (reader.fieldnames or [])]
    if not header:
        raise FactFileError("The CSV file has no header row.")
    missing = [name for name in REQUIRED_FIELDS if name not in header]
    unknown = [name for name in header if name not in FIELDS]
    if missing or unknown:
        problems = []
        if missing:
            problems.append(f"missing column(s): {', '.join(missing)}")
        if unknown:
            problems.append(f"unknown column(s): {', '.join(unknown)}")
        raise FactFileError("The CSV header is wrong: " + "; ".join(problems) + ".")
    reader.fieldnames = header
    rows = []
    for record in reader:
        if not any((value or "").strip() for key, value in record.items() if key is not None):
            continue  # a blank line
        extra = record.pop(None, None)  # type: ignore[call-overload]
        if extra:
            rows.append(FactRow(reader.line_num, {"__extra__": extra}))
        else:
            rows.append(FactRow(reader.line_num, record))
        if len(rows) > MAX_ROWS:
            raise FactFileError(f"More than {MAX_ROWS} rows; split the file.")
    return rows


def _json_rows(text: str) -> list[FactRow]:
    try:
        document = json.loads(text, parse_float=Decimal)
    except json.JSONDecodeError as exc:
        raise FactFileError(f"Not valid JSON (line {exc.lineno}): {exc.msg}.") from None
    items = document.get("facts") if isinstance(document, dict) else document
    if not isinstance(items, list):
        raise FactFileError('A JSON file holds a list of facts, or {"facts": [...]}.')
    if len(items) > MAX_ROWS:
        raise FactFileError(f"More than {MAX_ROWS} rows; split the file.")
    return [FactRow(index + 1, item) for index, item in enumerate(items)]


def _jsonl_rows(text: str) -> list[FactRow]:
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append(FactRow(number, json.loads(line, parse_float=Decimal)))
        except json.JSONDecodeError as exc:
            rows.append(FactRow(number, {"__invalid_json__": exc.msg}))
        if len(rows) > MAX_ROWS:
            raise FactFileError(f"More than {MAX_ROWS} rows; split the file.")
    return rows


def read_fact_file(path: Path, fmt: str | None = None) -> tuple[list[FactRow], str]:
    """The rows of a fact file and what its row numbers count: "line" or "item"."""
    fmt = fmt or guess_format(path)
    if fmt not in FORMATS:
        raise FactFileError(f"Unknown format {fmt!r}; use one of {', '.join(FORMATS)}.")
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise FactFileError(f"Cannot read {path}: {exc}.") from None
    if fmt == "csv":
        return _csv_rows(text), "line"
    if fmt == "json":
        return _json_rows(text), "item"
    return _jsonl_rows(text), "line"


def row_problem(row: FactRow) -> str | None:
    """Problems a reader noted on a row before validation (extra CSV fields, bad JSON)."""
    data = row.data
    if isinstance(data, Mapping):
        if "__extra__" in data:
            return "the row has more fields than the header"
        if "__invalid_json__" in data:
            return f"not valid JSON: {data['__invalid_json__']}"
    return None
