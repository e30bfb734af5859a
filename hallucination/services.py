"""Writes of the detection domain. Each use case is one function that records its audit event."""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import re
import socket
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import (
    DatabaseError,
    IntegrityError,
    InterfaceError,
    OperationalError,
    connection,
    transaction,
)
from django.db.models import F, Q
from django.utils import timezone

from audit import events
from audit.actors import Actor
from audit.chain import canonical_json
from audit.services import AuditRecord, audit_event_record, audit_events_record

from . import engine
from .backends.inserts import rows_insert
from .celery import app
from .conf import detector_settings, engine_config
from .engine import types as t
from .models import (
    STAKES_CHOICES,
    ApiClient,
    CalculatorOutput,
    Claim,
    ClientAPIKey,
    Query,
    Source,
    Verdict,
)
from .selectors import (
    detection_input_from,
    queries_detection_input,
    query_detection_input,
    query_engine_verdicts,
    reference_fact_sources,
    row_reader,
    trace_calculator_outputs,
    trace_held_by_another,
    traces_held_by_another,
)
from .signals import escalation_requested, query_finished, review_requested

logger = logging.getLogger(__name__)

DETECT_TASK = "hallucination.detect"
DETECT_BATCH_TASK = "hallucination.detect_batch"
VERIFY_TASK = "verification.verify_query"


class TraceConflict(Exception):
    """The trace ID belongs to another client; the message does not say whose, or whether."""

    def __init__(self) -> None:
        super().__init__("This trace ID cannot be used: choose another one.")


class StakesNotAllowed(Exception):
    """The client's key may not submit at these stakes."""

    def __init__(self, stakes: str, allowed: list[str]) -> None:
        super().__init__(
            f"This API key may not submit at {stakes!r} stakes (allowed: {', '.join(allowed)})."
        )
        self.stakes, self.allowed = stakes, allowed


def _lock_trace(trace_id: str) -> None:
    """Serialise the writers of one trace ID until the transaction ends, so two clients cannot
    both find it free and both take it."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", ["trace:" + trace_id])


def _lock_traces(trace_ids: Sequence[str]) -> None:
    """`_lock_trace` for many in one statement. unnest() yields the array in order, and the
    array is sorted, so two writers locking overlapping sets take them in the same order."""
    if connection.vendor == "postgresql" and trace_ids:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(pg_advisory_xact_lock(hashtext(t))) FROM unnest(%s::text[]) AS t",
                [["trace:" + trace_id for trace_id in sorted(trace_ids)]],
            )


def trace_claim(*, client: ApiClient, trace_id: str) -> None:
    """Take trace_id for this client, or raise TraceConflict if another client holds it.

    A trace belongs to the client that opened it (its first query or calculator output);
    another client joining it could read its audit trail and plant events in it. Call inside
    the transaction that writes under the trace.
    """
    _lock_trace(trace_id)
    if trace_held_by_another(client=client, trace_id=trace_id):
        raise TraceConflict()


class IdempotencyConflict(Exception):
    """The Idempotency-Key was used before with a different request body."""

    def __init__(self, query: Query) -> None:
        super().__init__("This Idempotency-Key was already used with a different request body.")
        self.query = query


@dataclass(frozen=True)
class SourceInput:
    id: str
    text: str
    kind: str = Source.Kind.DOCUMENT
    url: str = ""


@dataclass(frozen=True)
class SubmissionInput:
    """A validated submission, as the API serializer hands it over."""

    answer: str
    question: str = ""
    sources: tuple[SourceInput, ...] = ()
    stakes: str = "standard"
    confidence: Decimal | None = None
    entity: str = ""
    period: str = ""
    samples: tuple[str, ...] = ()
    metrics: tuple[dict[str, Any], ...] = ()
    checksum_input: str = ""
    callback_url: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def fingerprint(self) -> str:
        """SHA-256 of the submission's content: equal bodies, equal fingerprints."""
        body = {
            "answer": self.answer,
            "question": self.question,
            "sources": [[s.id, s.text, s.kind, s.url] for s in self.sources],
            "stakes": self.stakes,
            "confidence": str(self.confidence) if self.confidence is not None else None,
            "entity": self.entity,
            "period": self.period,
            "samples": list(self.samples),
            "metrics": list(self.metrics),
            "checksum_input": self.checksum_input,
            "callback_url": self.callback_url,
        }
        return hashlib.sha256(canonical_json(body).encode()).hexdigest()


# After a failed enqueue this process stops trying for a while: during an outage every
# attempt costs a connection timeout and publish retries (measured: 650 ms a submission with
# Redis down), and the sweeper re-enqueues whatever was skipped once the broker is back.
ENQUEUE_BACKOFF_SECONDS = 5.0
_broker_unavailable_until = 0.0


def _enqueue(task_name: str, query_id: str | list[str]) -> None:
    """Send a task by name; the query row, not the message, is the source of truth."""
    global _broker_unavailable_until
    if time.monotonic() < _broker_unavailable_until:
        logger.warning(
            "Broker unavailable; %s for query %s is left to the sweeper", task_name, query_id
        )
        return
    try:
        app.signature(task_name, args=[query_id]).apply_async()
    except Exception:
        # The broker is down or refused: the 202 stands, the sweeper re-enqueues later.
        _broker_unavailable_until = time.monotonic() + ENQUEUE_BACKOFF_SECONDS
        logger.exception(
            "Could not enqueue %s for query %s; the sweeper will retry", task_name, query_id
        )


def query_submit(
    *,
    client: ApiClient,
    submission: SubmissionInput,
    trace_id: str,
    actor: Actor,
    idempotency_key: str | None = None,
    trace_is_new: bool = False,
    detect_now: bool = False,
) -> tuple[Query, bool]:
    """Save a submission and enqueue its detection. Returns (query, created), the query as it
    stands once the call returns.

    The same Idempotency-Key with the same body returns the first query; with another body it
    raises IdempotencyConflict. `trace_is_new` says the trace ID was generated for this
    request, so no other client can hold it and it has no calculator outputs yet.

    With `detect_now` (a client waiting for the result) a small submission is detected here,
    in the transaction that saves it: no broker round trip, no second transaction, the
    answer ready when the response goes out. Large ones, and ones with samples (whose
    consistency checks may load a language model), still go to the workers; so does one the
    engine fails on, where the worker's retries and failure report apply.
    """
    fingerprint = submission.fingerprint()
    if idempotency_key:
        existing = Query.objects.filter(client=client, idempotency_key=idempotency_key).first()
        if existing is not None:
            return _idempotent_replay(existing, fingerprint)
    result = (
        _detect_in_request(
            submission=submission,
            trace_id=trace_id,
            trace_is_new=trace_is_new,
            tickers=client.tickers,
        )
        if detect_now
        else None
    )
    new = _NewQuery(submission, trace_id, idempotency_key or None, fingerprint)
    try:
        with transaction.atomic():
            if not trace_is_new:
                trace_claim(client=client, trace_id=trace_id)
            if result is None:
                (query,) = _queries_create(client=client, actor=actor, new=[new])
            else:
                (query,) = _queries_create(client=client, actor=actor, new=[new], detected=True)
                (query,) = query_store_detections(
                    results=[(query, result)],
                    actor=Actor.system(f"web:{socket.gethostname()}"),
                    leading_records=_submitted_records(queries=[query], new=[new], actor=actor),
                )
    except IntegrityError:
        # Two requests with one key raced past the lookup; the loser answers with the winner.
        if not idempotency_key:
            raise
        existing = Query.objects.get(client=client, idempotency_key=idempotency_key)
        return _idempotent_replay(existing, fingerprint)
    if result is None and app.conf.task_always_eager:
        query.refresh_from_db()  # in-process mode detected it on commit
    return query, True


def _detect_in_request(
    *,
    submission: SubmissionInput,
    trace_id: str,
    trace_is_new: bool,
    tickers: dict[str, str] | None = None,
) -> t.DetectionResult | None:
    """The engine's result for a submission small enough to detect in the web process, or
    None to leave it to the workers."""
    size = len(submission.answer) + sum(len(source.text) for source in submission.sources)
    if submission.samples or size > detector_settings()["INLINE_MAX_CHARS"]:
        return None
    calculator_outputs = [] if trace_is_new else trace_calculator_outputs(trace_id=trace_id)
    sources = [
        t.SourceDocument(id=source.id, text=source.text, kind=source.kind)
        for source in submission.sources
    ]
    sources += reference_fact_sources(entity=submission.entity, period=submission.period)
    detection_input = detection_input_from(
        answer=submission.answer,
        sources=sources,
        stakes=submission.stakes,
        original_confidence=submission.confidence,
        samples=submission.samples,
        metrics=submission.metrics,
        checksum_input=submission.checksum_input,
        entity=submission.entity,
        period=submission.period,
        calculator_outputs=calculator_outputs,
        tickers=tickers,
        question=submission.question,
    )
    try:
        return engine.detect(detection_input, engine_config())
    except Exception:
        logger.exception("Detection in the request failed; the workers will run it")
        return None


def _idempotent_replay(existing: Query, fingerprint: str) -> tuple[Query, bool]:
    if existing.request_fingerprint != fingerprint:
        raise IdempotencyConflict(existing)
    return existing, False


@dataclass(frozen=True)
class BatchItem:
    """One answer of a batch: its submission, its own Idempotency key and its trace ID."""

    submission: SubmissionInput
    idempotency_key: str
    trace_id: str
    # A trace ID the client chose may belong to another client and is checked; one generated
    # for this item (a random UUID) cannot, and is not.
    trace_chosen: bool = False


@dataclass(frozen=True)
class BatchItemOutcome:
    """What became of one batch item: its query and whether it was created now, or the error
    (IdempotencyConflict, TraceConflict, or a database error of this item alone)."""

    query: Query | None = None
    created: bool = False
    error: Exception | None = None


def query_submit_batch(
    *, client: ApiClient, items: Sequence[BatchItem], actor: Actor
) -> list[BatchItemOutcome]:
    """Save a batch of submissions and enqueue their detection; one outcome per item, in order.

    Each item is idempotent by its own key, as in `query_submit`: a key seen before with the
    same body gives the earlier query (created=False), with another body an
    IdempotencyConflict; a trace ID another client holds gives a TraceConflict. A key repeated
    inside the batch answers like a replay of its first item.

    The new items are written together: one transaction, one INSERT per table, one audit
    append of a `query.submitted` event each. If that transaction fails (a concurrent request
    took one of the keys, or one item's data fails in the database), every item is submitted
    on its own with `query_submit`, so one bad item never costs the others their place.
    """
    if not items:
        return []
    try:
        return _submit_batch_together(client=client, items=items, actor=actor)
    except (OperationalError, InterfaceError):
        raise  # the database is unreachable: item by item would fail the same way
    except DatabaseError:
        logger.warning(
            "A batch of %s submissions failed as one transaction; saving them one by one",
            len(items),
            exc_info=True,
        )
        return [_submit_batch_item(client=client, item=item, actor=actor) for item in items]


def _submit_batch_together(
    *, client: ApiClient, items: Sequence[BatchItem], actor: Actor
) -> list[BatchItemOutcome]:
    fingerprints = [item.submission.fingerprint() for item in items]
    earlier = {
        query.idempotency_key: query
        for query in Query.objects.filter(
            client=client, idempotency_key__in={item.idempotency_key for item in items}
        )
    }
    outcomes: list[BatchItemOutcome | None] = [None] * len(items)
    first_with_key: dict[str, int] = {}
    to_create: list[int] = []
    for index, (item, fingerprint) in enumerate(zip(items, fingerprints, strict=True)):
        key = item.idempotency_key
        if key in earlier:
            outcomes[index] = _batch_replay(earlier[key], fingerprint)
        elif key not in first_with_key:
            first_with_key[key] = index
            to_create.append(index)

    with transaction.atomic():
        chosen = sorted({items[i].trace_id for i in to_create if items[i].trace_chosen})
        _lock_traces(chosen)
        held = traces_held_by_another(client=client, trace_ids=chosen)
        creating = []
        for index in to_create:
            if items[index].trace_id in held:
                outcomes[index] = BatchItemOutcome(error=TraceConflict())
            else:
                creating.append(index)
        created = _queries_create(
            client=client,
            actor=actor,
            new=[
                _NewQuery(
                    items[i].submission,
                    items[i].trace_id,
                    items[i].idempotency_key,
                    fingerprints[i],
                )
                for i in creating
            ],
        )
    for index, query in zip(creating, created, strict=True):
        outcomes[index] = BatchItemOutcome(query=query, created=True)

    for index, item in enumerate(items):
        if outcomes[index] is None:  # a key repeated inside the batch
            first = outcomes[first_with_key[item.idempotency_key]]
            assert first is not None
            outcomes[index] = (
                _batch_replay(first.query, fingerprints[index]) if first.query else first
            )
    return [outcome for outcome in outcomes if outcome is not None]


def _batch_replay(existing: Query, fingerprint: str) -> BatchItemOutcome:
    if existing.request_fingerprint != fingerprint:
        return BatchItemOutcome(error=IdempotencyConflict(existing))
    return BatchItemOutcome(query=existing, created=False)


def _submit_batch_item(*, client: ApiClient, item: BatchItem, actor: Actor) -> BatchItemOutcome:
    try:
        query, created = query_submit(
            client=client,
            submission=item.submission,
            trace_id=item.trace_id,
            actor=actor,
            idempotency_key=item.idempotency_key,
        )
    except (IdempotencyConflict, TraceConflict) as refused:
        return BatchItemOutcome(error=refused)
    except (OperationalError, InterfaceError):
        raise
    except DatabaseError as exc:
        logger.exception(
            "Batch item with Idempotency-Key %r could not be saved", item.idempotency_key
        )
        return BatchItemOutcome(error=exc)
    return BatchItemOutcome(query=query, created=created)


@dataclass(frozen=True)
class _NewQuery:
    submission: SubmissionInput
    trace_id: str
    idempotency_key: str | None
    fingerprint: str


def _queries_create(
    *, client: ApiClient, actor: Actor, new: Sequence[_NewQuery], detected: bool = False
) -> list[Query]:
    """Insert queries and their sources, record `query.submitted` for each and enqueue their
    detection on commit: one INSERT per table and one audit append, however many.

    `detected`: the caller detects them in this transaction; they are inserted under a lease,
    as a worker would hold them, and their `query.submitted` events are left to the caller
    to append with the detection's.
    """
    if not new:
        return []
    lease: dict[str, Any] = {}
    if detected:
        now = timezone.now()
        lease = {
            "status": Query.Status.DETECTING,
            "lease_expires_at": now + timedelta(seconds=detector_settings()["LEASE_SECONDS"]),
            "attempts": 1,
        }
    queries = [
        Query(
            trace_id=entry.trace_id,
            client=client,
            question=entry.submission.question,
            answer=entry.submission.answer,
            entity=entry.submission.entity,
            period=entry.submission.period,
            stakes=entry.submission.stakes,
            samples=list(entry.submission.samples),
            metrics=list(entry.submission.metrics),
            checksum_input=entry.submission.checksum_input,
            original_confidence=entry.submission.confidence,
            idempotency_key=entry.idempotency_key,
            request_fingerprint=entry.fingerprint,
            callback_url=entry.submission.callback_url,
            **lease,
        )
        for entry in new
    ]
    sources = [
        Source(query=query, position=i, source_id=s.id, kind=s.kind, text=s.text, url=s.url)
        for query, entry in zip(queries, new, strict=True)
        for i, s in enumerate(entry.submission.sources)
    ]
    # A single submission's rows go in statements built once a process; a batch's, the
    # ORM's way (one UNNEST per table on PostgreSQL), which does not grow with its size.
    if not rows_insert(queries):
        Query.objects.bulk_create(queries)
    if not rows_insert(sources):
        Source.objects.bulk_create(sources)
    if detected:
        return queries
    audit_events_record(records=_submitted_records(queries=queries, new=new, actor=actor))
    query_ids = [str(query.pk) for query in queries]
    transaction.on_commit(lambda: _enqueue_detection(query_ids), robust=True)
    return queries


def _submitted_records(
    *, queries: Sequence[Query], new: Sequence[_NewQuery], actor: Actor
) -> list[AuditRecord]:
    return [
        AuditRecord(
            event_type=events.QUERY_SUBMITTED,
            actor=actor,
            trace_id=query.trace_id,
            subject_type="query",
            subject_id=str(query.pk),
            payload={
                "stakes": query.stakes,
                "answer_sha256": hashlib.sha256(query.answer.encode()).hexdigest(),
                "sources": [
                    {
                        "id": s.id,
                        "kind": s.kind,
                        "sha256": hashlib.sha256(s.text.encode()).hexdigest(),
                    }
                    for s in entry.submission.sources
                ],
                "samples": len(entry.submission.samples),
                "idempotency_key": entry.idempotency_key,
            },
        )
        for query, entry in zip(queries, new, strict=True)
    ]


def enqueue_detection(query_id: str) -> None:
    """Send one query to the single detection task, which retries it and reports failure."""
    _enqueue(DETECT_TASK, query_id)


def _enqueue_detection(query_ids: list[str]) -> None:
    """One task for one query; a batch's queries go in chunks, so a worker detects a chunk
    with a few statements, and the chunks spread over the workers."""
    if len(query_ids) == 1:
        _enqueue(DETECT_TASK, query_ids[0])
        return
    size = detector_settings()["DETECT_CHUNK"]
    for start in range(0, len(query_ids), size):
        _enqueue(DETECT_BATCH_TASK, query_ids[start : start + size])


# ---------------------------------------------------------------- detection


def query_claim_for_detection(*, query_id: str) -> Query | None:
    """Take the worker lease on a query, or return None if it is not ours to run.

    A conditional UPDATE, so two deliveries of one task (a redelivery after a crash, the
    sweeper and the original) never both run it. It returns the row it took, with its
    client: one statement, where a SELECT after the UPDATE made two.
    """
    taken = _lease_queries(query_ids=[query_id], skip_locked=False)
    return taken[0] if taken else None


def _lease_queries(*, query_ids: Sequence[str], skip_locked: bool) -> list[Query]:
    """Lease whichever of these queries are free to take (waiting, or held under a lease
    that ran out) and return them as they now stand, each with its client, in primary-key
    order.

    Without `skip_locked` a row another transaction holds is waited for and checked again
    once it is free, as an UPDATE does; with it, such a row is left to its holder. Rows are
    locked in primary-key order, so two writers taking overlapping sets cannot deadlock.
    On PostgreSQL this is one statement; the ORM's way takes four (a transaction, a locking
    SELECT, the UPDATE) and builds each row twice.
    """
    now = timezone.now()
    lease_until = now + timedelta(seconds=detector_settings()["LEASE_SECONDS"])
    if connection.vendor != "postgresql":
        return _lease_queries_orm(
            query_ids=query_ids, skip_locked=skip_locked, now=now, lease_until=lease_until
        )
    quote = connection.ops.quote_name
    query_fields, client_fields = Query._meta.concrete_fields, ApiClient._meta.concrete_fields
    table, client_table = quote(Query._meta.db_table), quote(ApiClient._meta.db_table)
    sql = (
        f"WITH free AS (SELECT id FROM {table} WHERE id = ANY(%s::uuid[])"
        " AND (status = %s OR (status = %s AND lease_expires_at < %s))"
        " ORDER BY id FOR UPDATE" + (" SKIP LOCKED" if skip_locked else "") + "),"
        f" taken AS (UPDATE {table} SET status = %s, lease_expires_at = %s,"
        f" attempts = attempts + 1, updated_at = %s FROM free WHERE {table}.id = free.id"
        " RETURNING "
        + ", ".join(f"{table}.{quote(field.column)}" for field in query_fields)
        + ") SELECT taken.*, "
        + ", ".join(f"client.{quote(field.column)}" for field in client_fields)
        + f" FROM taken JOIN {client_table} AS client ON client.id = taken.client_id"
        " ORDER BY taken.id"
    )
    detecting = Query.Status.DETECTING.value
    params = [[str(pk) for pk in query_ids], Query.Status.RECEIVED.value, detecting, now]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, detecting, lease_until, now])
        rows = cursor.fetchall()
    read_query, read_client = row_reader(Query), row_reader(ApiClient)
    queries = []
    for row in rows:
        query = read_query(row[: len(query_fields)])
        query.client = read_client(row[len(query_fields) :])
        queries.append(query)
    return queries


def _lease_queries_orm(
    *, query_ids: Sequence[str], skip_locked: bool, now: Any, lease_until: Any
) -> list[Query]:
    """`_lease_queries` through the ORM, for the databases other than PostgreSQL."""
    claimable = Q(status=Query.Status.RECEIVED) | Q(
        status=Query.Status.DETECTING, lease_expires_at__lt=now
    )
    with transaction.atomic():
        queries = list(
            Query.objects.select_for_update(skip_locked=skip_locked, of=("self",))
            .select_related("client")
            .filter(claimable, pk__in=query_ids)
            .order_by("pk")
        )
        if not queries:
            return []
        Query.objects.filter(claimable, pk__in=[query.pk for query in queries]).update(
            status=Query.Status.DETECTING,
            lease_expires_at=lease_until,
            attempts=F("attempts") + 1,
            updated_at=now,
        )
    for query in queries:
        query.status = Query.Status.DETECTING
        query.lease_expires_at = lease_until
        query.attempts += 1
        query.updated_at = now
    return queries


def query_detect(*, query_id: str, actor: Actor) -> Query | None:
    """Run the engine on a query and store its claims, verdicts and score.

    Idempotent: a query already detected (or held by another worker) is left alone.
    """
    query = query_claim_for_detection(query_id=query_id)
    if query is None:
        return None
    max_attempts = detector_settings()["MAX_ATTEMPTS"]
    if query.attempts > max_attempts:
        # Each earlier run died without a word (a killed worker, a hard time limit).
        logger.error("Gave up on query %s after %s attempts at detection", query.pk, max_attempts)
        query_fail(
            query=query,
            actor=actor,
            error=f"Gave up after {max_attempts} attempts at detection: each one was lost "
            "(the worker died or hit its hard time limit).",
        )
        return query
    detection_input = query_detection_input(query)
    result = engine.detect(detection_input, engine_config())
    try:
        return query_store_detection(query=query, result=result, actor=actor)
    except Exception as exc:
        # Recording is deterministic: what failed once (a value a column cannot hold, a
        # review that cannot open) fails again, so retrying only loops. Say what broke.
        logger.exception("Recording the detection result of query %s failed", query.pk)
        return query_fail(
            query=query, actor=actor, error=readable_error("Recording the result failed", exc)
        )


def queries_claim_for_detection(*, query_ids: Sequence[str]) -> list[Query]:
    """Take the worker lease on each of these queries that is free; returns those taken.

    The rows are locked (skipping any another worker holds) and leased in one statement, so
    two deliveries of a batch, or a batch and the sweeper's single task, never both run a
    query.
    """
    return _lease_queries(query_ids=query_ids, skip_locked=True)


def query_detect_many(*, query_ids: Sequence[str], actor: Actor) -> list[Query]:
    """`query_detect` for several queries at once: one lease, one read of their inputs and
    one transaction for all their results, a handful of statements instead of a dozen per
    query. Returns the queries it ran.

    A query the engine fails on is released and sent to the single task, which retries it
    and reports its failure as it would have alone; if storing the lot fails, each is stored
    on its own, so one query's bad result fails only that query.
    """
    queries = queries_claim_for_detection(query_ids=query_ids)
    max_attempts = detector_settings()["MAX_ATTEMPTS"]
    runnable = []
    for query in queries:
        if query.attempts > max_attempts:
            logger.error(
                "Gave up on query %s after %s attempts at detection", query.pk, max_attempts
            )
            query_fail(
                query=query,
                actor=actor,
                error=f"Gave up after {max_attempts} attempts at detection: each one was lost "
                "(the worker died or hit its hard time limit).",
            )
        else:
            runnable.append(query)
    if not runnable:
        return queries
    inputs = queries_detection_input(runnable)
    config = engine_config()
    results: list[tuple[Query, t.DetectionResult]] = []
    for query in runnable:
        try:
            results.append((query, engine.detect(inputs[query.pk], config)))
        except Exception as exc:
            logger.exception("Detection of query %s failed; retrying it alone", query.pk)
            query_release_after_error(
                query_id=str(query.pk), error=readable_error("Detection failed", exc)
            )
            _enqueue(DETECT_TASK, str(query.pk))
    try:
        query_store_detections(results=results, actor=actor)
    except Exception:
        logger.exception("Recording %s detection results together failed", len(results))
        for query, result in results:
            try:
                query_store_detection(query=query, result=result, actor=actor)
            except Exception as exc:
                logger.exception("Recording the detection result of query %s failed", query.pk)
                query_fail(
                    query=query,
                    actor=actor,
                    error=readable_error("Recording the result failed", exc),
                )
    return queries


def query_detect_waiting(*, actor: Actor, limit: int) -> list[Query]:
    """Detect up to `limit` queries still waiting in `received`, oldest first, together.

    A detection task calls this after its own query: under load the queue holds a message
    per submission, and a worker that takes the waiting queries in one go pays for the
    statements and the audit append once for all of them (about 2 ms an answer instead of
    10). Their own messages then find them taken and return at once. When nothing waits
    this costs one indexed SELECT.
    """
    waiting = list(
        Query.objects.filter(status=Query.Status.RECEIVED)
        .order_by("created_at")
        .values_list("pk", flat=True)[:limit]
    )
    if not waiting:
        return []
    return query_detect_many(query_ids=[str(pk) for pk in waiting], actor=actor)


def readable_error(what: str, exc: BaseException) -> str:
    """One line a person can read in the query's `error`: what failed, and the exception."""
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{what}: {type(exc).__name__}" + (f": {message}" if message else "") + "."


# The Query columns query_store_detection writes.
DETECTION_FIELDS = (
    "total_claims",
    "grounded_count",
    "ungrounded_count",
    "grounding_rate",
    "gate_threshold",
    "gate_passed",
    "flagged",
    "adjusted_confidence",
    "detection_ms",
    "result_extras",
    "lease_expires_at",
    "error",
    "status",
    "finished_at",
    "updated_at",  # auto_now: set by save()
)


def query_store_detection(*, query: Query, result: t.DetectionResult, actor: Actor) -> Query:
    """Store an engine result for a query that this worker holds the lease on."""
    return query_store_detections(results=[(query, result)], actor=actor)[0]


@transaction.atomic
def query_store_detections(
    *,
    results: Sequence[tuple[Query, t.DetectionResult]],
    actor: Actor,
    leading_records: Sequence[AuditRecord] = (),
) -> list[Query]:
    """Store engine results for queries this worker holds the lease on, in one transaction:
    one INSERT of claims and one of verdicts for all of them, one append of their audit
    events. Returns each query as it now stands, in order.

    A query another delivery took over (its lease is no longer ours) or finished is returned
    as it is and left alone. `leading_records` go into the same audit append, first (a
    submission detected in its own request: its `query.submitted`).
    """
    ids = [query.pk for query, _ in results]
    held = _lock_leases(ids)
    ours: list[tuple[Query, t.DetectionResult]] = []
    for query, result in results:
        # Status and lease as this worker left them: a redelivery that took the query over
        # after our lease ran out set a lease of its own, one that finished moved it on.
        if held[query.pk] == (Query.Status.DETECTING, query.lease_expires_at):
            ours.append((query, result))
    # The caller's rows are current for what it holds (nothing else writes a leased query);
    # the others are read as they now stand.
    mine = {query.pk for query, _ in ours}
    current = {query.pk: query for query, _ in ours} | Query.objects.in_bulk(
        [pk for pk in ids if pk not in mine]
    )
    if not ours:
        return [current[pk] for pk in ids]

    claims = Claim.objects.bulk_create(
        Claim(
            query=query,
            position=i,
            kind=v.claim.kind,
            text=v.claim.text[:200],
            start=v.claim.start,
            end=v.claim.end,
            value=v.claim.value,
            unit=v.claim.unit,
            precision=v.claim.precision,
            label=v.claim.label[:100],
            period=v.claim.period[:50],
            approximate=v.claim.approximate,
            outcome=v.outcome,
            grounded=v.grounded,
        )
        for query, result in ours
        for i, v in enumerate(result.verdicts)
    )
    verdicts = [v for _, result in ours for v in result.verdicts]
    verdict_rows = Verdict.objects.bulk_create(
        _verdict_row(claim=claim, verdict=v) for claim, v in zip(claims, verdicts, strict=True)
    )

    now = timezone.now()
    records: list[AuditRecord] = list(leading_records)
    finishing: list[tuple[Query, bool]] = []
    position = 0
    for query, result in ours:
        count = len(result.verdicts)
        query_claims = claims[position : position + count]
        query_verdicts = verdict_rows[position : position + count]
        position += count
        data = result.to_dict()
        needs_external = _apply_detection(query=query, result=result, data=data, now=now)
        records += _detection_records(
            query=query,
            result=result,
            data=data,
            claims=query_claims,
            verdict_rows=query_verdicts,
            needs_external=needs_external,
            actor=actor,
        )
        finishing.append((query, needs_external))
    # Only what detection changed: the answer and sources are large and already stored.
    _rows_update([query for query, _ in ours], DETECTION_FIELDS)

    # Every step of detection in one append: the chain head is held for one statement.
    audit_events_record(records=records)
    for query, needs_external in finishing:
        if needs_external:
            query_id = str(query.pk)
            transaction.on_commit(functools.partial(_enqueue, VERIFY_TASK, query_id), robust=True)
        else:
            _open_review_if_flagged(query=query, actor=actor)
            _announce_finished(query)
    return [current[pk] for pk in ids]


def _lock_leases(ids: Sequence[Any]) -> dict[Any, tuple[str, Any]]:
    """Lock these query rows until the transaction ends; returns each one's status and lease.

    Only the two columns the lease check needs, not the whole row with its answer. In
    primary-key order, so two writers locking overlapping sets cannot deadlock.
    """
    rows = (
        Query.objects.select_for_update()
        .filter(pk__in=ids)
        .order_by("pk")
        .values_list("pk", "status", "lease_expires_at")
    )
    return {pk: (status, lease) for pk, status, lease in rows}


def _rows_update(rows: Sequence[Query], field_names: Sequence[str]) -> None:
    """Write these columns of each row: one UPDATE statement, sent for every row at once.

    What `save(update_fields=...)` does for one row. `bulk_update` would build a CASE
    expression per column and row, and measured, building it cost more than detection
    itself (2 ms an answer); psycopg sends an executemany as one pipeline.
    """
    if not rows:
        return
    model = type(rows[0])
    fields = [model._meta.get_field(name) for name in field_names]
    pk = model._meta.pk
    quote = connection.ops.quote_name
    sql = (
        f"UPDATE {quote(model._meta.db_table)} SET "
        + ", ".join(f"{quote(field.column)} = %s" for field in fields)
        + f" WHERE {quote(pk.column)} = %s"
    )
    params = [
        [field.get_db_prep_save(getattr(row, field.attname), connection) for field in fields]
        + [pk.get_db_prep_save(row.pk, connection)]
        for row in rows
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)


def _apply_detection(
    *, query: Query, result: t.DetectionResult, data: dict[str, Any], now: Any
) -> bool:
    """Set the query's score columns from a result (and its `to_dict()`); returns whether it
    goes on to the external layer."""
    query.total_claims = result.total_claims
    query.grounded_count = result.grounded_count
    query.ungrounded_count = result.ungrounded_count
    query.grounding_rate = result.grounding_rate
    query.gate_threshold = result.gate_threshold
    query.gate_passed = result.gate_passed
    query.flagged = result.flagged
    query.adjusted_confidence = result.adjusted_confidence
    query.detection_ms = result.elapsed_ms
    query.result_extras = {
        "validation": data["validation"],
        "findings": data["findings"],
        "consistency": data["consistency"],
        "corrected_answer": data["corrected_answer"],
        "corrections": data["corrections"],
    }
    query.lease_expires_at = None
    query.error = ""
    needs_external = _needs_external_verification(query, result)
    query.status = Query.Status.VERIFYING if needs_external else Query.Status.DONE
    if not needs_external:
        query.finished_at = now
    query.updated_at = now  # bulk_update does not apply auto_now
    return needs_external


def _detection_records(
    *,
    query: Query,
    result: t.DetectionResult,
    data: dict[str, Any],
    claims: Sequence[Claim],
    verdict_rows: Sequence[Verdict],
    needs_external: bool,
    actor: Actor,
) -> list[AuditRecord]:
    """The audit events of one query's detection: its claims, each verdict, its score."""
    step = functools.partial(AuditRecord, actor=actor, trace_id=query.trace_id)
    claims_payload = [
        {
            "id": c.pk,
            "text": c.text,
            "kind": c.kind,
            "value": str(c.value),
            "span": [c.start, c.end],
        }
        for c in claims
    ]
    score_payload = {
        "total_claims": query.total_claims,
        "grounded_count": query.grounded_count,
        "grounding_rate": data["grounding_rate"],
        "gate": data["gate"],
        "flagged": query.flagged,
        "original_confidence": data["original_confidence"],
        "adjusted_confidence": data["adjusted_confidence"],
        "elapsed_ms": round(result.elapsed_ms, 3),
        "next": "verifying" if needs_external else "done",
    }
    return [
        step(
            event_type=events.CLAIMS_EXTRACTED,
            subject_type="query",
            subject_id=str(query.pk),
            payload={"count": len(claims), "claims": claims_payload},
        ),
        *(
            step(
                event_type=events.VERDICT_RECORDED,
                subject_type="claim",
                subject_id=str(row.claim_id),
                payload=_verdict_payload(row),
            )
            for row in verdict_rows
        ),
        step(
            event_type=events.QUERY_SCORED,
            subject_type="query",
            subject_id=str(query.pk),
            payload=score_payload,
        ),
    ]


def _needs_external_verification(query: Query, result: t.DetectionResult) -> bool:
    """High-stakes answers and answers with negative claims go to the external layer."""
    if not result.verdicts:
        return False
    if VERIFY_TASK not in app.tasks:
        return False  # the verification app is not installed in this deployment
    # The verification app's own setting decides which claims it checks; reading the same
    # setting here (not importing the app) keeps the two in agreement.
    verification = getattr(settings, "VERIFICATION", {})
    if query.stakes in verification.get("STAKES", ("high", "audit")):
        return True
    return verification.get("UNGROUNDED_CLAIMS", True) and result.ungrounded_count > 0


def _verdict_row(*, claim: Claim, verdict: t.ClaimVerdict) -> Verdict:
    nearest = verdict.nearest
    return Verdict(
        claim=claim,
        layer=verdict.layer,
        check_name="",
        outcome=verdict.outcome,
        grounded=verdict.grounded,
        nearest_text=(nearest.text[:200] if nearest else ""),
        nearest_value=(nearest.value if nearest else None),
        nearest_source_id=(nearest.source_id[:200] if nearest else ""),
        nearest_start=(nearest.start if nearest else None),
        nearest_end=(nearest.end if nearest else None),
        expected_value=verdict.expected_value,
        formula=(verdict.formula or "")[:500],
        confidence=verdict.confidence,
        details=_json_safe(_with_exact_expected(verdict)),
    )


def _with_exact_expected(verdict: t.ClaimVerdict) -> dict[str, Any]:
    """The details, with the expected value as the engine wrote it (`14.20`): the column pads
    it to twelve places, and a correction redrawn later must read as detection wrote it."""
    if verdict.expected_value is None:
        return dict(verdict.details)
    return {**verdict.details, "expected_value": format(verdict.expected_value, "f")}


def _json_safe(value: Any) -> Any:
    return json.loads(canonical_json(value))


def _verdict_payload(row: Verdict) -> dict[str, Any]:
    return {
        "verdict_id": row.pk,
        "layer": row.layer,
        "check": row.check_name,
        "outcome": row.outcome,
        "grounded": row.grounded,
        "nearest": (
            {
                "text": row.nearest_text,
                "value": str(row.nearest_value),
                "source_id": row.nearest_source_id,
            }
            if row.nearest_value is not None
            else None
        ),
        "expected_value": str(row.expected_value) if row.expected_value is not None else None,
        "formula": row.formula or None,
    }


def _announce_finished(query: Query) -> None:
    """Tell listeners (webhooks, notifications, metrics) once the finishing commit lands."""
    query_id, status, flagged = str(query.pk), query.status, query.flagged
    has_callback = bool(query.callback_url)
    transaction.on_commit(
        lambda: query_finished.send(
            sender=Query,
            query_id=query_id,
            status=status,
            flagged=flagged,
            has_callback=has_callback,
        ),
        robust=True,
    )


def _open_review_if_flagged(*, query: Query, actor: Actor) -> None:
    conf = detector_settings()
    if query.flagged and conf["AUTO_FLAG"] and conf["REVIEW_QUEUE"]:
        review_requested.send(sender=Query, query=query, actor=actor)


@transaction.atomic
def query_fail(*, query: Query, actor: Actor, error: str) -> Query:
    Query.objects.filter(pk=query.pk).update(
        status=Query.Status.FAILED,
        error=error[:2000],
        lease_expires_at=None,
        finished_at=timezone.now(),
    )
    query.refresh_from_db()
    audit_event_record(
        event_type=events.QUERY_FAILED,
        actor=actor,
        trace_id=query.trace_id,
        subject_type="query",
        subject_id=str(query.pk),
        payload={"error": error[:500], "attempts": query.attempts},
    )
    _announce_finished(query)
    return query


def query_release_after_error(*, query_id: str, error: str) -> Query:
    """Give a failed attempt's lease back so a retry (or the sweeper) can take it."""
    Query.objects.filter(pk=query_id, status=Query.Status.DETECTING).update(
        status=Query.Status.RECEIVED, lease_expires_at=None, error=error[:2000]
    )
    return Query.objects.get(pk=query_id)


def query_requeue_stalled(
    *, older_than_seconds: int = 30, verifying_after_seconds: int = 600
) -> int:
    """Re-enqueue queries left `received` (a lost enqueue), with an expired worker lease, or
    stuck `verifying` (the external task was lost or killed at its hard time limit)."""
    now = timezone.now()
    stalled = Query.objects.filter(
        Q(status=Query.Status.RECEIVED, updated_at__lt=now - timedelta(seconds=older_than_seconds))
        | Q(status=Query.Status.DETECTING, lease_expires_at__lt=now)
    ).values_list("pk", flat=True)[:1000]
    stuck_verifying = Query.objects.filter(
        status=Query.Status.VERIFYING,
        updated_at__lt=now - timedelta(seconds=verifying_after_seconds),
    ).values_list("pk", flat=True)[:1000]
    count = 0
    # Detection is bounded by its attempts (each run takes the lease and counts one; past
    # HALLUCINATION_MAX_ATTEMPTS query_detect gives up), and a query waiting in a long queue
    # is no reason to give up; so only the external layer, which counts nothing, is bounded
    # by re-enqueues here.
    for query_id in stalled:
        _enqueue(DETECT_TASK, str(query_id))
        count += 1
    for query_id in stuck_verifying:
        if _count_requeue(query_id=str(query_id)):
            _enqueue(VERIFY_TASK, str(query_id))
            count += 1
    return count


def _count_requeue(*, query_id: str) -> bool:
    """Count one more re-enqueue; past HALLUCINATION_MAX_REQUEUES give the query up instead.

    A query that keeps stalling (its task fails the same way every time, or kills its worker)
    would otherwise be re-enqueued for ever. Returns whether to enqueue it.
    """
    limit = detector_settings()["MAX_REQUEUES"]
    Query.objects.filter(pk=query_id).update(requeues=F("requeues") + 1)
    query = Query.objects.filter(pk=query_id).first()
    if query is None or query.is_finished:
        return False
    if query.requeues <= limit:
        return True
    query_abandon(
        query=query,
        actor=Actor.system("sweeper"),
        reason=f"Gave up after {query.requeues - 1} re-enqueues while {query.status}",
    )
    return False


@transaction.atomic
def query_abandon(*, query: Query, actor: Actor, reason: str) -> Query:
    """Give a query up after bounded retries: failed, saying why, with an audit event
    (`query.abandoned`, counted on /metrics) and an error log line."""
    query = Query.objects.select_for_update().get(pk=query.pk)
    if query.is_finished:
        return query
    stage = query.status
    last_error = query.error.strip()
    error = reason + (f" (last error: {last_error[:300]})" if last_error else "") + "."
    query.status = Query.Status.FAILED
    query.error = error[:2000]
    query.lease_expires_at = None
    query.finished_at = timezone.now()
    query.save(update_fields=["status", "error", "lease_expires_at", "finished_at", "updated_at"])
    logger.error("Gave up on query %s: %s", query.pk, error)
    audit_event_record(
        event_type=events.QUERY_ABANDONED,
        actor=actor,
        trace_id=query.trace_id,
        subject_type="query",
        subject_id=str(query.pk),
        payload={
            "stage": stage,
            "requeues": max(0, query.requeues - 1),
            "attempts": query.attempts,
            "error": error[:500],
        },
    )
    _announce_finished(query)
    return query


# ---------------------------------------------------------------- later layers


def _refresh_query_result(query: Query) -> None:
    """Redraw every part of a query's result that follows from its claims' outcomes.

    A later layer changed a claim's outcome: the counts, the gate, the flag, the adjusted
    confidence, seed 000's summary, the corrections and the corrected answer are all derived
    again by the engine's own `summarize`, from the verdicts as they now stand, so the stored
    result (and what the API and the webhook send) is never half old, half new.
    """
    verdicts = query_engine_verdicts(query)
    extras = dict(query.result_extras or {})
    findings = [
        t.Finding(
            code=str(f.get("code", "")),
            message=str(f.get("message", "")),
            start=f.get("start"),
            end=f.get("end"),
        )
        for f in extras.get("findings", [])
    ]
    config = engine_config()
    if query.gate_threshold is not None:
        # The gate the query was scored against, whatever the settings say today.
        config = replace(
            config, gate_standard=query.gate_threshold, gate_audit=query.gate_threshold
        )
    result = engine.summarize(
        query.answer,
        verdicts,
        stakes=query.stakes,
        original_confidence=query.original_confidence,
        findings=findings,
        config=config,
    )
    data = result.to_dict()
    query.total_claims = result.total_claims
    query.grounded_count = result.grounded_count
    query.ungrounded_count = result.ungrounded_count
    query.grounding_rate = result.grounding_rate
    query.gate_passed = result.gate_passed
    query.flagged = result.flagged
    query.adjusted_confidence = result.adjusted_confidence
    extras.update(
        validation=data["validation"],
        corrected_answer=data["corrected_answer"],
        corrections=data["corrections"],
    )
    query.result_extras = extras


def claim_outcome_after(*, current: str, verdict_outcome: str) -> str:
    """A claim's outcome once a later layer has spoken.

    A later layer that grounds the claim wins (seed 003: layer 3 can save a layer-1 miss); one
    that agrees the claim is wrong keeps the earlier, more specific diagnosis (arithmetic
    drift says more than "contradicted"); one that contradicts a grounded claim makes it
    ungrounded: internally consistent, externally wrong, the most dangerous shape.
    """
    if verdict_outcome in t.GROUNDED_OUTCOMES:
        return verdict_outcome
    if current in t.UNGROUNDED_OUTCOMES:
        return current
    return verdict_outcome


@transaction.atomic
def claim_verdict_add(
    *,
    claim: Claim,
    layer: str,
    outcome: str,
    actor: Actor,
    check_name: str = "",
    nearest_text: str = "",
    nearest_value: Decimal | None = None,
    nearest_source_id: str = "",
    nearest_start: int | None = None,
    nearest_end: int | None = None,
    expected_value: Decimal | None = None,
    formula: str = "",
    confidence: Decimal = Decimal("1"),
    details: dict[str, Any] | None = None,
) -> Verdict:
    """Append a later layer's verdict; the claim takes its outcome and the query is recounted."""
    if outcome not in t.OUTCOMES:
        raise ValueError(f"Unknown outcome {outcome!r}.")
    query = Query.objects.select_for_update().get(pk=claim.query_id)
    verdict = Verdict.objects.create(
        claim=claim,
        layer=layer,
        check_name=check_name,
        outcome=outcome,
        grounded=outcome in t.GROUNDED_OUTCOMES,
        nearest_text=nearest_text[:200],
        nearest_value=nearest_value,
        nearest_source_id=nearest_source_id[:200],
        nearest_start=nearest_start,
        nearest_end=nearest_end,
        expected_value=expected_value,
        formula=formula[:500],
        confidence=confidence,
        details=_json_safe(details or {}),
    )
    new_outcome = claim_outcome_after(current=claim.outcome, verdict_outcome=outcome)
    Claim.objects.filter(pk=claim.pk).update(
        outcome=new_outcome, grounded=new_outcome in t.GROUNDED_OUTCOMES
    )
    claim.outcome, claim.grounded = new_outcome, new_outcome in t.GROUNDED_OUTCOMES
    _refresh_query_result(query)
    query.save()
    audit_event_record(
        event_type=events.EXTERNAL_CHECKED
        if layer == t.LAYER_EXTERNAL
        else events.VERDICT_RECORDED,
        actor=actor,
        trace_id=query.trace_id,
        subject_type="claim",
        subject_id=str(claim.pk),
        payload=_verdict_payload(verdict) | {"details": verdict.details},
    )
    return verdict


@transaction.atomic
def query_verification_finish(*, query: Query, actor: Actor) -> Query:
    """Close the external layer: the query is done; a flagged one waits in the review queue."""
    query = Query.objects.select_for_update().get(pk=query.pk)
    if query.status == Query.Status.DONE:
        return query
    query.status = Query.Status.DONE
    query.finished_at = timezone.now()
    query.lease_expires_at = None
    query.save()
    # Any claim an external check contradicted, whether or not an earlier layer had already
    # found it wrong (its outcome then keeps the earlier, more specific diagnosis).
    contradicted = sorted(
        set(
            Verdict.objects.filter(
                claim__query=query, layer=t.LAYER_EXTERNAL, outcome=t.CONTRADICTED
            ).values_list("claim_id", flat=True)
        )
    )
    audit_event_record(
        event_type=events.QUERY_SCORED,
        actor=actor,
        trace_id=query.trace_id,
        subject_type="query",
        subject_id=str(query.pk),
        payload={
            "after": "external",
            "grounded_count": query.grounded_count,
            "total_claims": query.total_claims,
            "flagged": query.flagged,
            "contradicted_claims": contradicted,
        },
    )
    _open_review_if_flagged(query=query, actor=actor)
    if contradicted:
        escalation_requested.send(
            sender=Query,
            query=query,
            reason=f"External check contradicted {len(contradicted)} claim(s).",
            actor=actor,
        )
    _announce_finished(query)
    return query


# ---------------------------------------------------------------- clients and tools


@transaction.atomic
def api_client_key_create(
    *, client_name: str, actor: Actor, stakes: list[str] | None = None
) -> tuple[ApiClient, str]:
    """Create (or reuse) a client and issue it a new key. The plaintext key is returned once.

    `stakes` are the stakes the key may submit at (API_KEY_DEFAULT_STAKES when not given).
    """
    client, _ = ApiClient.objects.get_or_create(name=client_name)
    fields: dict[str, Any] = {"name": f"{client_name} key", "client": client}
    if stakes is not None:
        unknown = sorted(set(stakes) - {value for value, _ in STAKES_CHOICES})
        if unknown or not stakes:
            raise ValueError(f"Unknown or no stakes: {unknown or stakes}.")
        fields["allowed_stakes"] = list(dict.fromkeys(stakes))
    api_key, key = ClientAPIKey.objects.create_key(**fields)
    audit_event_record(
        event_type=events.API_KEY_CREATED,
        actor=actor,
        subject_type="api_client",
        subject_id=str(client.pk),
        payload={
            "client": client.name,
            "key_prefix": api_key.prefix,
            "allowed_stakes": api_key.allowed_stakes,
        },
    )
    return client, key


@transaction.atomic
def api_key_revoke(*, prefix: str, actor: Actor) -> ClientAPIKey:
    """Revoke a client key by its prefix (the part before the dot); revoking twice is a no-op
    that records nothing. Raises ClientAPIKey.DoesNotExist for an unknown prefix."""
    api_key = ClientAPIKey.objects.select_for_update().select_related("client").get(prefix=prefix)
    if api_key.revoked:
        return api_key
    api_key.revoked = True
    api_key.save(update_fields=["revoked"])
    audit_event_record(
        event_type=events.API_KEY_REVOKED,
        actor=actor,
        subject_type="api_client",
        subject_id=str(api_key.client_id),
        payload={"client": api_key.client.name, "key_prefix": api_key.prefix},
    )
    return api_key


_TICKER_FORM = re.compile(r"[A-Z]{1,5}(?:\.[A-Z])?")


def client_tickers_clean(rows: Iterable[tuple[str, str]]) -> dict[str, str]:
    """{ticker: company name} from (ticker, name) rows, or ValueError naming every bad row.

    A ticker is 1 to 5 capital letters with an optional class suffix (`BRK.B`); lower case
    is upper-cased; the name is required; a ticker listed twice must name one company.
    """
    tickers: dict[str, str] = {}
    problems = []
    for number, (ticker, name) in enumerate(rows, 1):
        ticker, name = ticker.strip().upper(), " ".join(name.split())
        if not _TICKER_FORM.fullmatch(ticker):
            problems.append(f"row {number}: {ticker!r} is not a ticker (1-5 letters, BRK.B)")
        elif not name or len(name) > 200:
            problems.append(f"row {number}: {ticker} needs a company name of 1-200 characters")
        elif tickers.get(ticker, name) != name:
            problems.append(f"row {number}: {ticker} is listed for {tickers[ticker]!r} already")
        else:
            tickers[ticker] = name
    if problems:
        raise ValueError("; ".join(problems))
    return tickers


@transaction.atomic
def api_client_tickers_set(*, client_name: str, tickers: dict[str, str], actor: Actor) -> ApiClient:
    """Replace a client's ticker list (an empty dict clears it), audited with what changed.
    Raises ApiClient.DoesNotExist for an unknown client."""
    client = ApiClient.objects.select_for_update().get(name=client_name)
    before = dict(client.tickers or {})
    client.tickers = dict(sorted(tickers.items()))
    client.save(update_fields=["tickers"])
    audit_event_record(
        event_type=events.CLIENT_TICKERS_SET,
        actor=actor,
        subject_type="api_client",
        subject_id=str(client.pk),
        payload={
            "client": client.name,
            "count": len(client.tickers),
            "added": sorted(set(client.tickers) - set(before)),
            "removed": sorted(set(before) - set(client.tickers)),
            "renamed": sorted(
                t for t in set(before) & set(client.tickers) if before[t] != client.tickers[t]
            ),
        },
    )
    return client


def submission_stakes_check(*, api_key: ClientAPIKey, stakes: str) -> None:
    """Raise StakesNotAllowed unless this key may submit at these stakes."""
    allowed = list(api_key.allowed_stakes or [])
    if stakes not in allowed:
        raise StakesNotAllowed(stakes, allowed)


@transaction.atomic
def calculator_output_record(
    *,
    trace_id: str,
    expression: str,
    result: Decimal,
    actor: Actor,
    client: ApiClient | None = None,
) -> CalculatorOutput:
    if client is not None:
        trace_claim(client=client, trace_id=trace_id)
    output = CalculatorOutput.objects.create(
        trace_id=trace_id, expression=expression[:1000], result=result, client=client
    )
    audit_event_record(
        event_type=events.CALCULATOR_USED,
        actor=actor,
        trace_id=trace_id,
        subject_type="calculator_output",
        subject_id=str(output.pk),
        payload={"expression": output.expression, "result": str(result)},
    )
    return output
