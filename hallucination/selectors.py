"""Reads of the detection domain: engine inputs built from rows, the result JSON built from rows."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db import connection
from django.db.models import Prefetch, QuerySet

from .engine import types as t
from .engine.types import _dec
from .models import (
    ApiClient,
    CalculatorOutput,
    Claim,
    ClientAPIKey,
    Query,
    ReferenceFact,
    Source,
    Verdict,
)

# Layers in the order they run: a claim's outcome is its latest verdict's.
_LAYER_ORDER = {layer: i for i, layer in enumerate(t.LAYERS)}


def _decimal_or_none(value: Any) -> Decimal | None:
    try:
        return Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None


@functools.cache
def row_reader(model: Any) -> Any:
    """A function from the values of a model's concrete fields, in their order, to an
    instance, read through each field's converters as the ORM reads them (JSON text into
    Python). The converters are looked up once a process, not once a statement: they depend
    on the model and the database's vendor, and take the connection as an argument."""
    table = model._meta.db_table
    fields = model._meta.concrete_fields
    attnames = [field.attname for field in fields]
    columns = [field.get_col(table) for field in fields]
    converters = [
        [(converter, column) for converter in connection.ops.get_db_converters(column)]
        + [(converter, column) for converter in column.get_db_converters(connection)]
        for column in columns
    ]

    def read(values: Sequence[Any]) -> Any:
        converted = []
        for value, field_converters in zip(values, converters, strict=True):
            for converter, column in field_converters:
                value = converter(value, column, connection)
            converted.append(value)
        return model.from_db(connection.alias, attnames, converted)

    return read


def api_key_with_client(*, prefix: str) -> ClientAPIKey | None:
    """The API key with this prefix and its client (`api_key.client`), or None.

    Every API request asks for one, so this is one hand-written statement, not the ORM's
    `select_related("client").filter(prefix=...).first()`, which spent more of a request's
    CPU building its SQL than PostgreSQL spends running it. The row is read fresh each time:
    a key revoked or a client disabled is refused from the next request on.
    """
    with connection.cursor() as cursor:
        cursor.execute(_api_key_statement(), [prefix])
        row = cursor.fetchone()
    if row is None:
        return None
    split = len(ClientAPIKey._meta.concrete_fields)
    api_key = row_reader(ClientAPIKey)(row[:split])
    api_key.client = row_reader(ApiClient)(row[split:])
    return api_key


@functools.cache
def _api_key_statement() -> str:
    quote = connection.ops.quote_name
    return (
        "SELECT "
        + ", ".join(f"api_key.{quote(f.column)}" for f in ClientAPIKey._meta.concrete_fields)
        + ", "
        + ", ".join(f"client.{quote(f.column)}" for f in ApiClient._meta.concrete_fields)
        + f" FROM {quote(ClientAPIKey._meta.db_table)} AS api_key"
        + f" JOIN {quote(ApiClient._meta.db_table)} AS client ON client.id = api_key.client_id"
        " WHERE api_key.prefix = %s"
    )


def reference_fact_sources(*, entity: str, period: str) -> list[t.SourceDocument]:
    """Reference facts of an entity (and period, when given) as one reference source.

    Facts read as `Metric (period): value unit` lines, which the engine's extractor ties to
    their label and period like any statement.
    """
    if not entity:
        return []
    facts = ReferenceFact.objects.filter(entity__iexact=entity)
    if period:
        facts = facts.filter(period__iexact=period)
    lines = []
    for fact in facts[:500]:
        value = _dec(fact.value)
        if fact.unit in ("%", "pp", "bps", "x"):
            amount = f"{value}{fact.unit}" if fact.unit != "bps" else f"{value} bps"
        elif len(fact.unit) == 3 and fact.unit.isalpha():
            amount = f"{fact.unit.upper()} {value}"
        else:
            amount = f"{value} {fact.unit}".strip()
        lines.append(f"{fact.metric} ({fact.period}): {amount}.")
    if not lines:
        return []
    return [t.SourceDocument(id=f"reference:{entity}", text="\n".join(lines), kind="reference")]


def query_detection_input(query: Query) -> t.DetectionInput:
    """Everything the engine needs for one query, read in a handful of queries."""
    return queries_detection_input([query])[query.pk]


def queries_detection_input(queries: list[Query]) -> dict[Any, t.DetectionInput]:
    """What the engine needs for each of these queries, by primary key: their sources and
    their traces' calculator outputs, whatever the number of queries, in one statement on
    PostgreSQL and one query each elsewhere."""
    if connection.vendor == "postgresql":
        sources, outputs = _sources_and_outputs(queries)
    else:
        sources, outputs = _sources_and_outputs_orm(queries)
    return {
        query.pk: detection_input_from(
            answer=query.answer,
            sources=sources[query.pk]
            + reference_fact_sources(entity=query.entity, period=query.period),
            stakes=query.stakes,
            original_confidence=query.original_confidence,
            samples=query.samples or (),
            metrics=query.metrics or (),
            checksum_input=query.checksum_input,
            entity=query.entity,
            period=query.period,
            calculator_outputs=outputs.get(query.trace_id, []),
            tickers=query.client.tickers,
            question=query.question,
        )
        for query in queries
    }


_Inputs = tuple[dict[Any, list[t.SourceDocument]], dict[str, list[t.CalculatorOutput]]]


def _sources_and_outputs(queries: list[Query]) -> _Inputs:
    """The queries' sources, in order, and their traces' calculator outputs, oldest first:
    one statement and one round trip, with none of the ORM's query building, where the ORM
    takes two (a queued detection pays this once per query; docs/scaling.md)."""
    quote = connection.ops.quote_name
    sources: dict[Any, list[t.SourceDocument]] = {query.pk: [] for query in queries}
    outputs: dict[str, list[t.CalculatorOutput]] = {}
    with connection.cursor() as cursor:
        cursor.execute(
            'SELECT 0 AS part, query_id::text AS owner, NULL::timestamptz AS at, "position" AS n,'
            ' source_id AS a, "text" AS b, kind AS c, NULL::numeric AS result'
            f" FROM {quote(Source._meta.db_table)} WHERE query_id = ANY(%s::uuid[])"
            " UNION ALL SELECT 1, trace_id, created_at, id, expression, NULL, NULL, result"
            f" FROM {quote(CalculatorOutput._meta.db_table)} WHERE trace_id = ANY(%s)"
            " ORDER BY part, owner, at, n",
            [
                [str(query.pk) for query in queries],
                sorted({query.trace_id for query in queries}),
            ],
        )
        rows = cursor.fetchall()
    by_text = {str(query.pk): query.pk for query in queries}
    for part, owner, _, _, a, b, c, result in rows:
        if part == 0:
            sources[by_text[owner]].append(t.SourceDocument(id=a, text=b, kind=c))
        else:
            outputs.setdefault(owner, []).append(t.CalculatorOutput(expression=a, result=result))
    return sources, outputs


def _sources_and_outputs_orm(queries: list[Query]) -> _Inputs:
    """`_sources_and_outputs` through the ORM, for the databases other than PostgreSQL."""
    sources: dict[Any, list[t.SourceDocument]] = {query.pk: [] for query in queries}
    for source in Source.objects.filter(query__in=queries).order_by("query_id", "position"):
        sources[source.query_id].append(
            t.SourceDocument(id=source.source_id, text=source.text, kind=source.kind)
        )
    outputs: dict[str, list[t.CalculatorOutput]] = {}
    for output in CalculatorOutput.objects.filter(
        trace_id__in={query.trace_id for query in queries}
    ).order_by("created_at", "pk"):
        outputs.setdefault(output.trace_id, []).append(
            t.CalculatorOutput(expression=output.expression, result=output.result)
        )
    return sources, outputs


def trace_calculator_outputs(*, trace_id: str) -> list[t.CalculatorOutput]:
    """The calculator outputs recorded under a trace, oldest first."""
    return [
        t.CalculatorOutput(expression=output.expression, result=output.result)
        for output in CalculatorOutput.objects.filter(trace_id=trace_id).order_by(
            "created_at", "pk"
        )
    ]


def detection_input_from(
    *,
    answer: str,
    sources: list[t.SourceDocument],
    stakes: str,
    original_confidence: Decimal | None,
    samples: Any,
    metrics: Any,
    checksum_input: str,
    entity: str,
    period: str,
    calculator_outputs: list[t.CalculatorOutput],
    tickers: dict[str, str] | None = None,
    question: str = "",
) -> t.DetectionInput:
    """The engine's input from a query's fields, stored or about to be."""
    provided = []
    for metric in metrics:
        value = _decimal_or_none(metric.get("value"))
        if value is not None:
            provided.append(
                t.ProvidedMetric(
                    path=str(metric.get("path", "")),
                    value=value,
                    citation=str(metric.get("citation", "")),
                )
            )
    return t.DetectionInput(
        answer=answer,
        sources=tuple(sources),
        stakes=stakes,
        original_confidence=original_confidence,
        samples=tuple(samples),
        calculator_outputs=tuple(calculator_outputs),
        metrics=tuple(provided),
        checksum_input=checksum_input or None,
        entity=entity,
        period=period,
        tickers=tuple(sorted((tickers or {}).items())),
        question=question,
    )


def claims_with_verdicts(query: Query) -> QuerySet[Claim]:
    return query.claims.prefetch_related(
        Prefetch("verdicts", queryset=Verdict.objects.order_by("created_at", "id"))
    )


def deciding_verdict(claim: Claim) -> Verdict | None:
    """The verdict that gave the claim its current outcome: the latest with that outcome.

    An external check that only confirms an earlier finding (`status: confirmed`) decides
    nothing: the earlier verdict keeps its expected value, formula and correction.
    """
    verdicts = list(claim.verdicts.all())
    if not verdicts:
        return None
    matching = [v for v in verdicts if v.outcome == claim.outcome]
    matching = (
        [v for v in matching if (v.details or {}).get("status") != "confirmed"]
        or matching
        or verdicts
    )
    return max(matching, key=lambda v: (v.created_at, _LAYER_ORDER.get(v.layer, 0), v.pk))


def claim_result(claim: Claim) -> dict[str, Any]:
    verdict = deciding_verdict(claim)
    nearest = None
    if verdict is not None and verdict.nearest_value is not None:
        nearest = {
            "text": verdict.nearest_text,
            "value": _dec(verdict.nearest_value),
            "source_id": verdict.nearest_source_id,
            "start": verdict.nearest_start,
            "end": verdict.nearest_end,
        }
    return {
        "id": claim.pk,
        "text": claim.text,
        "start": claim.start,
        "end": claim.end,
        "kind": claim.kind,
        "value": _dec(claim.value),
        "unit": claim.unit,
        "label": claim.label,
        "period": claim.period,
        "approximate": claim.approximate,
        "outcome": claim.outcome,
        "grounded": claim.grounded,
        "layer": verdict.layer if verdict else None,
        "nearest": nearest,
        "expected_value": _dec(verdict.expected_value) if verdict else None,
        "formula": (verdict.formula or None) if verdict else None,
        "verdicts": [
            {
                "layer": v.layer,
                "check": v.check_name,
                "outcome": v.outcome,
                "grounded": v.grounded,
                "confidence": _dec(v.confidence),
                "details": v.details,
                "created_at": v.created_at.isoformat(),
            }
            for v in claim.verdicts.all()
        ],
    }


def _exact_expected(verdict: Verdict) -> Decimal | None:
    """The expected value as the layer wrote it: 14.20, not the column's 14.200000000000.

    Detection keeps its own spelling in the details (a correction writes `14.20%` from it);
    a value without one is read without its padding zeros.
    """
    written = (verdict.details or {}).get("expected_value")
    if isinstance(written, str):
        exact = _decimal_or_none(written)
        if exact is not None:
            return exact
    return verdict.expected_value.normalize() if verdict.expected_value is not None else None


def claim_engine_verdict(claim: Claim) -> t.ClaimVerdict:
    """A stored claim as the engine's verdict on it: its current outcome, with the evidence of
    the verdict that gave it that outcome (for corrections and seed 000's summary)."""
    verdict = deciding_verdict(claim)
    nearest = None
    if verdict is not None and verdict.nearest_value is not None:
        nearest = t.NearestValue(
            text=verdict.nearest_text,
            value=verdict.nearest_value.normalize(),
            source_id=verdict.nearest_source_id,
            start=verdict.nearest_start or 0,
            end=verdict.nearest_end or 0,
        )
    return t.ClaimVerdict(
        claim=t.Claim(
            text=claim.text,
            start=claim.start,
            end=claim.end,
            kind=claim.kind,
            value=claim.value.normalize(),
            unit=claim.unit,
            precision=claim.precision.normalize() if claim.precision is not None else None,
            label=claim.label,
            period=claim.period,
            approximate=claim.approximate,
        ),
        outcome=claim.outcome,
        layer=verdict.layer if verdict is not None else t.LAYER_GROUNDING,
        nearest=nearest,
        expected_value=_exact_expected(verdict) if verdict is not None else None,
        formula=(verdict.formula or None) if verdict is not None else None,
        confidence=verdict.confidence if verdict is not None else Decimal(1),
    )


def query_engine_verdicts(query: Query) -> list[t.ClaimVerdict]:
    """Every claim of a query, in answer order, as the engine's verdicts (see above)."""
    return [claim_engine_verdict(claim) for claim in claims_with_verdicts(query)]


def query_result(query: Query) -> dict[str, Any]:
    """The DESIGN.md result JSON for a query, plus its status and identifiers."""
    extras = query.result_extras or {}
    finished_detection = query.status in (Query.Status.VERIFYING, Query.Status.DONE)
    claims = [claim_result(c) for c in claims_with_verdicts(query)] if finished_detection else []
    return {
        "id": str(query.pk),
        "trace_id": query.trace_id,
        "status": query.status,
        "stakes": query.stakes,
        "entity": query.entity,
        "period": query.period,
        "created_at": query.created_at.isoformat(),
        "finished_at": query.finished_at.isoformat() if query.finished_at else None,
        "error": query.error or None,
        "total_claims": query.total_claims,
        "grounded_count": query.grounded_count,
        "ungrounded_count": query.ungrounded_count,
        "grounding_rate": _dec(query.grounding_rate),
        "gate": {
            "threshold": _dec(query.gate_threshold),
            "passed": query.gate_passed,
        },
        "flagged": query.flagged,
        "original_confidence": _dec(query.original_confidence),
        "adjusted_confidence": _dec(query.adjusted_confidence),
        "claims": claims,
        "validation": extras.get(
            "validation",
            {"exact_matches": 0, "close_matches": [], "orphan_numbers": [], "suspicious": []},
        ),
        "findings": extras.get("findings", []),
        # Which checks of the samples ran (labels, prose) and what they found.
        "consistency": extras.get("consistency"),
        "corrected_answer": extras.get("corrected_answer"),
        "corrections": extras.get("corrections", []),
        # A review opens only once detection has finished: no need to look for one before.
        "review": _review_summary(query) if finished_detection else None,
    }


def _review_summary(query: Query) -> dict[str, Any] | None:
    try:
        review = query.review
    except ObjectDoesNotExist:
        return None
    return {"id": review.pk, "status": review.status}


def client_owns_trace(*, client: ApiClient, trace_id: str) -> bool:
    """Whether an API client opened this trace (a query or a calculator output under it)."""
    return (
        Query.objects.filter(client=client, trace_id=trace_id).exists()
        or CalculatorOutput.objects.filter(client=client, trace_id=trace_id).exists()
    )


def trace_held_by_another(*, client: ApiClient, trace_id: str) -> bool:
    """Whether another client holds this trace ID (says nothing about which)."""
    return (
        Query.objects.filter(trace_id=trace_id).exclude(client=client).exists()
        or CalculatorOutput.objects.filter(trace_id=trace_id, client__isnull=False)
        .exclude(client=client)
        .exists()
    )


def traces_held_by_another(*, client: ApiClient, trace_ids: list[str]) -> set[str]:
    """Which of these trace IDs another client holds: `trace_held_by_another` for many."""
    if not trace_ids:
        return set()
    held = set(
        Query.objects.filter(trace_id__in=trace_ids)
        .exclude(client=client)
        .values_list("trace_id", flat=True)
    )
    held.update(
        CalculatorOutput.objects.filter(trace_id__in=trace_ids, client__isnull=False)
        .exclude(client=client)
        .values_list("trace_id", flat=True)
    )
    return held
