"""Reads the stored chains, streaming, and verifies them with audit.chain; also one trace's excerpt."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from django.db.models import Count, Max, Min, Q

from .chain import (
    ChainEvent,
    Checkpoint,
    VerificationReport,
    merge_reports,
    position,
    verify_chain,
    verify_excerpt,
)
from .models import CHAIN_COLUMNS, AuditEvent, chain_event_from_values
from .selectors import chain_heads

DEFAULT_CHUNK_SIZE = 2000


def stored_events(
    *, chain: int = 0, from_seq: int = 1, chunk_size: int = DEFAULT_CHUNK_SIZE
) -> Iterator[ChainEvent]:
    """Every stored event of one chain from from_seq on, in order, without loading the table."""
    rows = (
        AuditEvent.objects.filter(chain=chain, seq__gte=from_seq)
        .order_by("seq")
        .values_list(*CHAIN_COLUMNS)
        .iterator(chunk_size=chunk_size)
    )
    for row in rows:
        yield chain_event_from_values(**dict(zip(CHAIN_COLUMNS, row, strict=True)))


def known_chains(checkpoints: Sequence[Checkpoint] = ()) -> list[int]:
    """The chains to verify: every chain with a stored event and every chain a checkpoint names.

    A chain a checkpoint names but the table no longer holds was removed whole; verifying it
    reports its events as missing.
    """
    chains = set(chain_heads())
    for checkpoint in checkpoints:
        chains.update(segment.chain for segment in checkpoint.segments)
    return sorted(chains) or [0]


@dataclass(frozen=True, slots=True)
class TraceSpan:
    """Where one trace's events sit: per chain, its first and last sequence numbers."""

    trace_id: str
    count: int
    first_seq: int
    last_seq: int
    # {chain: (first seq, last seq)}; one entry unless the trace's transactions spanned chains.
    chains: dict[int, tuple[int, int]] = field(default_factory=dict)

    def describe(self) -> str:
        return " and ".join(
            f"between {position(chain, first)} and {position(chain, last)}"
            for chain, (first, last) in sorted(self.chains.items())
        )


def trace_span(trace_id: str) -> TraceSpan | None:
    rows = list(
        AuditEvent.objects.filter(trace_id=trace_id)
        .values("chain")
        .annotate(first=Min("seq"), last=Max("seq"), count=Count("id"))
        .order_by("chain")
    )
    if not rows:
        return None
    return TraceSpan(
        trace_id,
        sum(row["count"] for row in rows),
        rows[0]["first"],
        rows[0]["last"],
        {row["chain"]: (row["first"], row["last"]) for row in rows},
    )


def _verify_chains(
    starts: dict[int, int], checkpoints: Sequence[Checkpoint], chunk_size: int
) -> VerificationReport:
    reports = {
        chain: verify_chain(
            stored_events(chain=chain, from_seq=from_seq, chunk_size=chunk_size),
            checkpoints,
            first_seq=from_seq,
            chain=chain,
        )
        for chain, from_seq in sorted(starts.items())
    }
    return merge_reports(reports)


def verify_stored_chain(
    *,
    checkpoints: Sequence[Checkpoint] = (),
    from_seq: int = 1,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    chains: Iterable[int] | None = None,
) -> VerificationReport:
    """Recompute every stored chain (or those given) from from_seq to its head, against
    signed checkpoints. With one chain the report reads as it did before there were several."""
    chosen = list(chains) if chains is not None else known_chains(checkpoints)
    return _verify_chains(dict.fromkeys(chosen, from_seq), checkpoints, chunk_size)


def verify_trace_chain(
    trace_id: str,
    *,
    checkpoints: Sequence[Checkpoint] = (),
    chunk_size: int = DEFAULT_CHUNK_SIZE,
) -> tuple[TraceSpan | None, VerificationReport | None]:
    """Verify the trace's chain from the event before the trace's first one up to its head.

    Events before that cannot change the trace's events without breaking the link into the
    first of them, so this proves the trace as far as the head (and a checkpoint) can.
    """
    span = trace_span(trace_id)
    if span is None:
        return None, None
    starts = {chain: max(1, first - 1) for chain, (first, _) in span.chains.items()}
    return span, _verify_chains(starts, checkpoints, chunk_size)


def verify_trace_locally(events: Sequence[AuditEvent]) -> VerificationReport:
    """Check one trace's events and their neighbours: hashes and the links between them.

    Cheap enough for a page view (three rows per event). It catches an edit, a removal or a
    rehash of the trace's own events; a rewrite carried on to the head needs the full
    verification against a checkpoint (`verify_audit --trace ... --checkpoint ...`).
    """
    if not events:
        return VerificationReport()
    heads = chain_heads()
    own = {(event.chain, event.seq) for event in events}
    required = set(own)
    for chain, seq in own:
        if seq > 1:
            required.add((chain, seq - 1))
        if seq < heads.get(chain, (0, ""))[0]:
            required.add((chain, seq + 1))
    by_chain: dict[int, list[int]] = {}
    for chain, seq in required - own:
        by_chain.setdefault(chain, []).append(seq)
    wanted = Q(pk__in=[])
    for chain, seqs in by_chain.items():
        wanted |= Q(chain=chain, seq__in=seqs)
    neighbours = AuditEvent.objects.filter(wanted).values_list(*CHAIN_COLUMNS)
    excerpt = [event.to_chain_event() for event in events] + [
        chain_event_from_values(**dict(zip(CHAIN_COLUMNS, row, strict=True))) for row in neighbours
    ]
    return verify_excerpt(excerpt, required=required)
