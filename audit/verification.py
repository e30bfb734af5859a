"""Reads the stored chain, streaming, and verifies it with audit.chain; also one trace's excerpt."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from django.db.models import Count, Max, Min

from .chain import ChainEvent, Checkpoint, VerificationReport, verify_chain, verify_excerpt
from .models import CHAIN_COLUMNS, AuditEvent, chain_event_from_values

DEFAULT_CHUNK_SIZE = 2000


def stored_events(
    *, from_seq: int = 1, chunk_size: int = DEFAULT_CHUNK_SIZE
) -> Iterator[ChainEvent]:
    """Every stored event from from_seq on, in sequence order, without loading the table."""
    rows = (
        AuditEvent.objects.filter(seq__gte=from_seq)
        .order_by("seq")
        .values_list(*CHAIN_COLUMNS)
        .iterator(chunk_size=chunk_size)
    )
    for row in rows:
        yield chain_event_from_values(**dict(zip(CHAIN_COLUMNS, row, strict=True)))


@dataclass(frozen=True, slots=True)
class TraceSpan:
    """Where one trace's events sit in the chain."""

    trace_id: str
    count: int
    first_seq: int
    last_seq: int


def trace_span(trace_id: str) -> TraceSpan | None:
    summary = AuditEvent.objects.filter(trace_id=trace_id).aggregate(
        first=Min("seq"), last=Max("seq"), count=Count("id")
    )
    if summary["first"] is None:
        return None
    return TraceSpan(trace_id, summary["count"], summary["first"], summary["last"])


def verify_stored_chain(
    *,
    checkpoints: Sequence[Checkpoint] = (),
    from_seq: int = 1,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
) -> VerificationReport:
    """Recompute the stored chain from from_seq to the head against signed checkpoints."""
    return verify_chain(
        stored_events(from_seq=from_seq, chunk_size=chunk_size), checkpoints, first_seq=from_seq
    )


def verify_trace_chain(
    trace_id: str,
    *,
    checkpoints: Sequence[Checkpoint] = (),
    chunk_size: int = DEFAULT_CHUNK_SIZE,
) -> tuple[TraceSpan | None, VerificationReport | None]:
    """Verify the chain from the event before the trace's first one up to the head.

    Events before that cannot change the trace's events without breaking the link into the
    first of them, so this proves the trace as far as the head (and a checkpoint) can.
    """
    span = trace_span(trace_id)
    if span is None:
        return None, None
    from_seq = max(1, span.first_seq - 1)
    return span, verify_stored_chain(
        checkpoints=checkpoints, from_seq=from_seq, chunk_size=chunk_size
    )


def verify_trace_locally(events: Sequence[AuditEvent]) -> VerificationReport:
    """Check one trace's events and their neighbours: hashes and the links between them.

    Cheap enough for a page view (three rows per event). It catches an edit, a removal or a
    rehash of the trace's own events; a rewrite carried on to the head needs the full
    verification against a checkpoint (`verify_audit --trace ... --checkpoint ...`).
    """
    if not events:
        return VerificationReport()
    head = AuditEvent.objects.aggregate(head=Max("seq"))["head"] or 0
    own = {event.seq for event in events}
    required = set(own)
    for seq in own:
        if seq > 1:
            required.add(seq - 1)
        if seq < head:
            required.add(seq + 1)
    neighbours = (
        AuditEvent.objects.filter(seq__in=required - own)
        .order_by("seq")
        .values_list(*CHAIN_COLUMNS)
    )
    excerpt = [event.to_chain_event() for event in events] + [
        chain_event_from_values(**dict(zip(CHAIN_COLUMNS, row, strict=True))) for row in neighbours
    ]
    return verify_excerpt(excerpt, required=required)
