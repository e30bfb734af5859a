"""Builds chains of ChainEvents in memory for the verifier's tests (not a test module)."""

from dataclasses import replace

from audit.chain import GENESIS_HASH, ChainEvent, compute_hash


def build_chain(
    count: int, *, first_seq: int = 1, prev_hash: str = GENESIS_HASH
) -> list[ChainEvent]:
    chain: list[ChainEvent] = []
    for seq in range(first_seq, first_seq + count):
        event = ChainEvent(
            seq=seq,
            trace_id=f"trace-{seq % 3}",
            event_type="verdict.recorded",
            actor_kind="system",
            actor_id="",
            actor_name="worker-1",
            subject_type="claim",
            subject_id=str(seq),
            payload={"outcome": "grounded", "value": str(seq)},
            created_at=f"2026-11-22T10:00:{seq % 60:02d}.000001+00:00",
            prev_hash=chain[-1].hash if chain else prev_hash,
            hash="",
        )
        chain.append(replace(event, hash=compute_hash(event)))
    return chain


def rehash_from(chain: list[ChainEvent], index: int) -> list[ChainEvent]:
    """Recompute every hash from index on, as someone covering an edit would."""
    result = list(chain[:index])
    for event in chain[index:]:
        linked = replace(event, prev_hash=result[-1].hash if result else GENESIS_HASH)
        result.append(replace(linked, hash=compute_hash(linked)))
    return result
