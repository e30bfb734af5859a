"""Writes to the audit log. Every write path in the project records its event through here."""

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connections, router, transaction
from django.db.models import QuerySet
from django.utils import timezone

from hallucination.backends.inserts import rows_insert

from . import events as events_module
from .actors import Actor
from .chain import ChainEvent, canonical_payload, chain_for_trace, compute_hash, genesis_hash
from .models import AuditEvent, chain_event_from_values
from .tracing import clean_trace_id, get_trace_id, new_trace_id

logger = logging.getLogger(__name__)

# Every writer, in any process, takes a transaction-scoped lock on its chain before reading that
# chain's head, so two writers never chain to the same event. Chain k's key is this plus k
# ("auditlog" in ASCII for chain 0, as before there were several chains; fits a signed bigint).
CHAIN_LOCK_KEY = int.from_bytes(b"auditlog", "big")

# The chain a PostgreSQL transaction appends to, for the rest of that transaction. SET LOCAL
# (set_config(..., true)) ends with the transaction, commit or rollback, so the database
# itself forgets it: no state in Python can go stale.
CHAIN_SETTING = "audit.chain"

_EVENT_TYPE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$")
_ACTOR_KINDS = ("user", "client", "system")
_LIMITS = {"subject_type": 50, "subject_id": 64, "actor_id": 64, "actor_name": 200}


def _lock_chain(using: str, wanted: int) -> tuple[int, int, str]:
    """Lock a chain for the rest of the transaction; return (chain, head seq, head hash).

    A transaction appends to one chain only: the first append picks the chain of its trace,
    and later appends in the same transaction go to that chain whatever their trace. Taking
    one lock per transaction keeps writers free of lock-order deadlocks, as with one chain.
    """
    connection = connections[using]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # One round trip, two statements. The head read is a statement of its own, after
            # the lock: under READ COMMITTED each statement sees what was committed when it
            # started, so it sees the previous holder's events. No database sequence: it
            # leaves gaps on rollback, and the verifier reads any gap as a deleted event.
            cursor.execute(
                f"SELECT pg_advisory_xact_lock({CHAIN_LOCK_KEY} + chain), chain FROM ("
                f"SELECT set_config('{CHAIN_SETTING}', coalesce(nullif(current_setting("
                f"'{CHAIN_SETTING}', true), ''), '{int(wanted)}'), true)::int AS chain) AS held;"
                f" SELECT seq, hash FROM {AuditEvent._meta.db_table}"
                f" WHERE chain = current_setting('{CHAIN_SETTING}')::int"
                " ORDER BY seq DESC LIMIT 1"
            )
            chain = cursor.fetchone()[1]
            cursor.cursor.nextset()
            head = cursor.fetchone()
        elif connection.vendor == "sqlite":
            # A deferred SQLite transaction that has only read holds no write lock, so two
            # writers could read the same head. Appending nothing takes the write lock now;
            # it covers every chain, so no chain needs remembering.
            table = AuditEvent._meta.db_table
            cursor.execute(f"INSERT INTO {table} SELECT * FROM {table} WHERE 0")
            chain = wanted
            cursor.execute(
                f"SELECT seq, hash FROM {table} WHERE chain = %s ORDER BY seq DESC LIMIT 1",
                [chain],
            )
            head = cursor.fetchone()
        else:
            raise NotImplementedError(
                f"The audit chain supports PostgreSQL and SQLite, not {connection.vendor}."
            )
    if head is None:
        return chain, 0, genesis_hash(chain)
    return chain, head[0], head[1]


def _validated(
    *, event_type: str, actor: Actor, trace_id: str | None, subject_type: str, subject_id: str
) -> str:
    if not isinstance(event_type, str) or not _EVENT_TYPE.match(event_type):
        raise ValueError(
            f"event_type {event_type!r} is not an event type such as 'review.decided'; "
            "use a constant from audit.events."
        )
    if len(event_type) > 50:
        raise ValueError(f"event_type {event_type!r} is longer than 50 characters.")
    if not isinstance(actor, Actor) or actor.kind not in _ACTOR_KINDS:
        raise ValueError(f"actor must be an audit.actors.Actor of kind {_ACTOR_KINDS}.")
    if not actor.name:
        raise ValueError("actor has no name.")
    for name, value in (
        ("subject_type", subject_type),
        ("subject_id", subject_id),
        ("actor_id", actor.id),
        ("actor_name", actor.name),
    ):
        if len(value) > _LIMITS[name]:
            raise ValueError(f"{name} is longer than {_LIMITS[name]} characters: {value[:80]!r}.")
    if trace_id is not None:
        cleaned = clean_trace_id(trace_id)
        if cleaned is None:
            raise ValueError(
                f"trace_id {trace_id!r} is not a trace ID (1-64 letters, digits, '.', '_', ':' "
                "or '-')."
            )
        return cleaned
    current = get_trace_id()
    if current:
        return current
    # Outside a request or task and with no trace given: a trace of its own rather than a
    # shared placeholder that would lump unrelated events into one timeline.
    generated = new_trace_id()
    logger.warning("Audit event %s recorded without a trace ID; using %s", event_type, generated)
    return generated


@dataclass(frozen=True)
class AuditRecord:
    """One event to append, as `audit_events_record` takes them."""

    event_type: str
    actor: Actor
    trace_id: str | None = None
    subject_type: str = ""
    subject_id: str = ""
    payload: dict[str, Any] | None = None


def audit_event_record(
    *,
    event_type: str,
    actor: Actor,
    trace_id: str | None = None,
    subject_type: str = "",
    subject_id: str = "",
    payload: dict[str, Any] | None = None,
) -> AuditEvent:
    """Append one event to the chain, in the caller's transaction.

    The event commits or rolls back with the change it records. Writers of a chain serialise
    on its head until their transaction ends, so record the event as the last step of a
    service. The chain is the trace's (audit.chain.chain_for_trace), or the one this
    transaction already appended to.
    Raises ValueError on a malformed event type, actor, trace ID, subject or payload.
    """
    record = AuditRecord(
        event_type=event_type,
        actor=actor,
        trace_id=trace_id,
        subject_type=subject_type,
        subject_id=subject_id,
        payload=payload,
    )
    return audit_events_record(records=[record])[0]


def audit_events_record(*, records: Sequence[AuditRecord]) -> list[AuditEvent]:
    """Append several events to the chain, in order, in the caller's transaction.

    One lock, one read of the head and one INSERT for the lot: a service that records many
    steps (detection writes one event per verdict) holds the chain head for one statement
    instead of one per event, which is what bounds audit writes per second across processes.
    Every record is validated before anything is written; a bad one raises ValueError and
    none is appended.
    """
    prepared = [_prepared(record) for record in records]
    if not prepared:
        return []
    # No savepoint: a failed append must take the caller's whole transaction with it.
    with transaction.atomic(savepoint=False):
        return _append(prepared)


def _append(prepared: list[dict[str, Any]]) -> list[AuditEvent]:
    using = router.db_for_write(AuditEvent)
    wanted = chain_for_trace(prepared[0]["trace_id"], settings.AUDIT_CHAINS)
    chain, seq, prev_hash = _lock_chain(using, wanted)
    created_at = timezone.now()
    events: list[AuditEvent] = []
    for values in prepared:
        seq += 1
        values = {
            **values,
            "chain": chain,
            "seq": seq,
            "created_at": created_at,
            "prev_hash": prev_hash,
        }
        chain_event: ChainEvent = chain_event_from_values(**values, hash="")
        event = AuditEvent(**values, hash=compute_hash(chain_event))
        events.append(event)
        prev_hash = event.hash
    # The queryset refuses bulk_create so that nothing appends around the chain; this is the
    # chain's own append, after the lock and with the hashes just computed. One event (a
    # submission's) goes in a statement built once a process; more, the ORM's way.
    if rows_insert(events, using=using):
        return events
    return QuerySet.bulk_create(AuditEvent.objects.using(using).all(), events)


def _prepared(record: AuditRecord) -> dict[str, Any]:
    """Validate one record and return its columns, less those the chain assigns."""
    subject_id = str(record.subject_id)
    trace = _validated(
        event_type=record.event_type,
        actor=record.actor,
        trace_id=record.trace_id,
        subject_type=record.subject_type,
        subject_id=subject_id,
    )
    payload = {} if record.payload is None else record.payload
    if not isinstance(payload, dict):
        raise ValueError(f"payload must be a dict, not {type(payload).__name__}.")
    return {
        "trace_id": trace,
        "event_type": record.event_type,
        "actor_kind": record.actor.kind,
        "actor_id": record.actor.id,
        "actor_name": record.actor.name,
        "subject_type": record.subject_type,
        "subject_id": subject_id,
        # Canonical now, so the stored JSON reads back as the very value that was hashed.
        "payload": canonical_payload(payload),
    }


def audit_export_record(*, trace_id: str, export_format: str, events: int, actor: Actor) -> None:
    """Record that a trace's audit was read out (download or API): a disclosure of records.

    Recorded under the reading request's own trace, with the exported trace as subject.
    """
    audit_event_record(
        event_type=events_module.AUDIT_EXPORTED,
        actor=actor,
        subject_type="trace",
        subject_id=trace_id,
        payload={"format": export_format, "events": events},
    )
