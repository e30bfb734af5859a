"""Exports: queries, claims, verdicts and reviews as CSV or JSON Lines, streamed row by row.

Rows are read with a server-side cursor (`.values(...).iterator(chunk_size=...)`) and written
one line at a time, so a month of data never sits in memory: the API answers with a
StreamingHttpResponse over `export_lines`, and `manage.py export` writes the same lines to a
file. Filters are the list endpoints' own FilterSets.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

import django_filters
from django.db import transaction
from django.db.models import QuerySet

from audit import events
from audit.actors import Actor
from audit.services import audit_event_record
from reviews.filters import ReviewFilter
from reviews.models import Review

from ..api.filters import QueryFilter, choice_filter
from ..models import KIND_CHOICES, LAYER_CHOICES, OUTCOME_CHOICES, Claim, Query, Verdict

# Rows fetched from the server-side cursor at a time: about 0.9 KB of Python objects each, so a
# chunk of 500 keeps well under a megabyte alive whatever the size of the export.
CHUNK_SIZE = 500
FORMATS = {
    "csv": "text/csv; charset=utf-8",
    "jsonl": "application/x-ndjson; charset=utf-8",
}
# Spreadsheet programs run a cell that starts with these as a formula (CSV injection).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class ExportInvalid(ValueError):
    """Unknown entity or format, or filters the list endpoint would refuse."""

    def __init__(self, message: str, errors: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.errors = dict(errors or {})


@dataclass(frozen=True)
class Entity:
    name: str
    # (column name, the .values() lookup it is read from)
    columns: tuple[tuple[str, str], ...]
    rows: Callable[[QuerySet[Query], Mapping[str, Any]], QuerySet]


def _query_rows(queries: QuerySet[Query], params: Mapping[str, Any]) -> QuerySet:
    return queries.order_by("created_at", "id")


class ClaimExportFilter(django_filters.FilterSet):
    """The claims export's own filters, on top of its queries' ones."""

    outcome = choice_filter(OUTCOME_CHOICES)
    kind = choice_filter(KIND_CHOICES)

    class Meta:
        model = Claim
        fields = ["outcome", "kind"]


class VerdictExportFilter(django_filters.FilterSet):
    """The verdicts export's own filters, on top of its queries' ones."""

    outcome = choice_filter(OUTCOME_CHOICES)
    layer = choice_filter(LAYER_CHOICES)

    class Meta:
        model = Verdict
        fields = ["outcome", "layer"]


def _filtered(filterset: django_filters.FilterSet) -> QuerySet:
    if not filterset.is_valid():
        raise ExportInvalid("Invalid filters.", filterset.errors)
    return filterset.qs


def _claim_rows(queries: QuerySet[Query], params: Mapping[str, Any]) -> QuerySet:
    claims = Claim.objects.filter(query__in=queries.values("pk"))
    claims = _filtered(ClaimExportFilter(dict(params), queryset=claims))
    return claims.order_by("query_id", "position")


def _verdict_rows(queries: QuerySet[Query], params: Mapping[str, Any]) -> QuerySet:
    verdicts = Verdict.objects.filter(claim__query__in=queries.values("pk"))
    verdicts = _filtered(VerdictExportFilter(dict(params), queryset=verdicts))
    return verdicts.order_by("claim_id", "created_at", "id")


def _review_rows(queries: QuerySet[Query], params: Mapping[str, Any]) -> QuerySet:
    reviews = Review.objects.filter(query__in=queries.values("pk"))
    filterset = ReviewFilter(dict(params), queryset=reviews)
    if not filterset.is_valid():
        raise ExportInvalid("Invalid review filters.", filterset.errors)
    return filterset.qs.order_by("created_at", "id")


ENTITIES: dict[str, Entity] = {
    "queries": Entity(
        "queries",
        (
            ("id", "id"),
            ("trace_id", "trace_id"),
            ("client", "client__name"),
            ("status", "status"),
            ("stakes", "stakes"),
            ("entity", "entity"),
            ("period", "period"),
            ("total_claims", "total_claims"),
            ("grounded_count", "grounded_count"),
            ("ungrounded_count", "ungrounded_count"),
            ("grounding_rate", "grounding_rate"),
            ("gate_threshold", "gate_threshold"),
            ("gate_passed", "gate_passed"),
            ("flagged", "flagged"),
            ("original_confidence", "original_confidence"),
            ("adjusted_confidence", "adjusted_confidence"),
            ("detection_ms", "detection_ms"),
            ("created_at", "created_at"),
            ("finished_at", "finished_at"),
        ),
        _query_rows,
    ),
    "claims": Entity(
        "claims",
        (
            ("id", "id"),
            ("query_id", "query_id"),
            ("trace_id", "query__trace_id"),
            ("position", "position"),
            ("kind", "kind"),
            ("text", "text"),
            ("start", "start"),
            ("end", "end"),
            ("value", "value"),
            ("unit", "unit"),
            ("label", "label"),
            ("period", "period"),
            ("approximate", "approximate"),
            ("outcome", "outcome"),
            ("grounded", "grounded"),
        ),
        _claim_rows,
    ),
    "verdicts": Entity(
        "verdicts",
        (
            ("id", "id"),
            ("claim_id", "claim_id"),
            ("query_id", "claim__query_id"),
            ("trace_id", "claim__query__trace_id"),
            ("layer", "layer"),
            ("check", "check_name"),
            ("outcome", "outcome"),
            ("grounded", "grounded"),
            ("nearest_text", "nearest_text"),
            ("nearest_value", "nearest_value"),
            ("nearest_source_id", "nearest_source_id"),
            ("expected_value", "expected_value"),
            ("formula", "formula"),
            ("confidence", "confidence"),
            ("created_at", "created_at"),
        ),
        _verdict_rows,
    ),
    "reviews": Entity(
        "reviews",
        (
            ("id", "id"),
            ("query_id", "query_id"),
            ("trace_id", "query__trace_id"),
            ("stakes", "query__stakes"),
            ("status", "status"),
            ("assignee", "assignee__username"),
            ("decided_by", "decided_by__username"),
            ("decided_at", "decided_at"),
            ("reason", "reason"),
            ("risk_score", "risk_score"),
            ("escalated", "escalated"),
            ("created_at", "created_at"),
            ("updated_at", "updated_at"),
        ),
        _review_rows,
    ),
}


def export_queryset(
    *, entity: str, params: Mapping[str, Any], queries: QuerySet[Query] | None = None
) -> QuerySet:
    """The rows of an export, filtered like the list endpoints. Raises ExportInvalid."""
    spec = ENTITIES.get(entity)
    if spec is None:
        raise ExportInvalid(f"Unknown export {entity!r}: choose one of {sorted(ENTITIES)}.")
    base = Query.objects.all() if queries is None else queries
    if entity == "reviews":
        # The queue's own filters (status, stakes, entity...) speak of reviews, not queries.
        return spec.rows(base, params)
    filterset = QueryFilter(dict(params), queryset=base)
    if not filterset.is_valid():
        raise ExportInvalid("Invalid filters.", filterset.errors)
    return spec.rows(filterset.qs, params)


def _cell(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if value is not None and not isinstance(value, (str, int, float, bool)):
        return str(value)
    return value


def _csv_cell(value: Any) -> Any:
    value = _cell(value)
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


class _Line:
    """A file-like object whose write returns the line, for csv.writer."""

    def write(self, value: str) -> str:
        return value


def export_lines(*, entity: str, rows: QuerySet, export_format: str) -> Iterator[str]:
    """The export as lines of text, read in chunks from the database as they are consumed."""
    if export_format not in FORMATS:
        raise ExportInvalid(f"Unknown format {export_format!r}: choose one of {sorted(FORMATS)}.")
    columns = ENTITIES[entity].columns
    names = [name for name, _ in columns]
    lookups = [lookup for _, lookup in columns]
    records: Iterable[dict[str, Any]] = rows.values(*lookups).iterator(chunk_size=CHUNK_SIZE)
    if export_format == "csv":
        writer = csv.writer(_Line())
        yield writer.writerow(names)
        for record in records:
            yield writer.writerow([_csv_cell(record[lookup]) for lookup in lookups])
    else:
        for record in records:
            line = {name: _cell(record[lookup]) for name, lookup in columns}
            yield json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n"


@transaction.atomic
def data_export_record(
    *, entity: str, export_format: str, params: Mapping[str, Any], actor: Actor
) -> None:
    """Record that records were read out in bulk: who, what and with which filters."""
    audit_event_record(
        event_type=events.DATA_EXPORTED,
        actor=actor,
        subject_type="export",
        subject_id=entity,
        payload={
            "entity": entity,
            "format": export_format,
            "filters": {str(k): str(v) for k, v in sorted(params.items())},
        },
    )
