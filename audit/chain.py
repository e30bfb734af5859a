"""Canonical serialisation, hashing, verification and signed checkpoints of the chain; no Django.

An event's hash is SHA-256 over the canonical JSON of its fields plus the previous event's hash,
so changing, removing or reordering any event breaks every link after it. A signed checkpoint
pins the hashes up to some sequence number outside the database, which is what catches a
rewrite by someone who recomputed the whole chain.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from decimal import Decimal
from typing import Any
from uuid import UUID

GENESIS_HASH = "0" * 64
CHECKPOINT_VERSION = 1
CHECKPOINT_ALGORITHM = "HMAC-SHA256"
# A shorter key is guessable offline from one signed checkpoint.
CHECKPOINT_MIN_KEY_BYTES = 32

_HEX64 = re.compile(r"^[0-9a-f]{64}$")


def canonical_json(value: Any) -> str:
    """Sorted keys, no whitespace, UTF-8 kept: one byte string per logical value."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def canonical_payload(value: Any, _path: str = "payload") -> Any:
    """Return value as plain JSON data that reads back unchanged from SQLite and PostgreSQL.

    Decimals, dates, datetimes and UUIDs become strings; tuples become lists; a float with an
    integral value becomes an int, because jsonb prints 1e20 as 100000000000000000000 and it
    would read back as an int, changing the hash. NaN, infinities, NUL characters (jsonb
    refuses them), non-string keys and other types are refused with the path that holds them.

    >>> canonical_payload({"value": Decimal("0.81"), "ratio": 2.0})
    {'value': '0.81', 'ratio': 2}
    """
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{_path}: {value!r} cannot be stored in an audit payload.")
        return int(value) if value.is_integer() else value
    if isinstance(value, str):
        if "\x00" in value:
            raise ValueError(f"{_path}: NUL characters cannot be stored in an audit payload.")
        return value
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(f"{_path}: {value!r} cannot be stored in an audit payload.")
        return str(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, UUID):
        return str(value)
    if isinstance(value, dict):
        result = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise ValueError(f"{_path}: keys must be strings, got {key!r}.")
            result[canonical_payload(key, _path)] = canonical_payload(item, f"{_path}.{key}")
        return result
    if isinstance(value, list | tuple):
        return [canonical_payload(item, f"{_path}[{index}]") for index, item in enumerate(value)]
    raise ValueError(
        f"{_path}: {type(value).__name__} is not JSON data; pass str, number, bool, None, "
        "list or dict."
    )


def event_hash(fields: dict[str, Any], prev_hash: str) -> str:
    """SHA-256 over the canonical serialisation of the event including prev_hash."""
    body = canonical_json({**fields, "prev_hash": prev_hash})
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class ChainEvent:
    """One audit event as the chain sees it: every hashed field, the link and the hash."""

    seq: int
    trace_id: str
    event_type: str
    actor_kind: str
    actor_id: str
    actor_name: str
    subject_type: str
    subject_id: str
    payload: Any
    created_at: str  # ISO 8601 in UTC, as hashed
    prev_hash: str
    hash: str


def hashed_fields(event: ChainEvent) -> dict[str, Any]:
    """The fields the hash covers, in the layout the first events were hashed with."""
    return {
        "seq": event.seq,
        "trace_id": event.trace_id,
        "event_type": event.event_type,
        "actor": [event.actor_kind, event.actor_id, event.actor_name],
        "subject": [event.subject_type, event.subject_id],
        "payload": event.payload,
        "created_at": event.created_at,
    }


def compute_hash(event: ChainEvent) -> str:
    """The hash the event should carry, recomputed from its fields and its prev_hash."""
    return event_hash(hashed_fields(event), event.prev_hash)


# ---------------------------------------------------------------- checkpoints


class CheckpointError(ValueError):
    """A checkpoint file that cannot be read, is malformed or carries a bad signature."""


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A signed statement that the chain's events from_seq..seq had exactly these hashes.

    `hashes` lists the hash of every event from `from_seq` to `seq`, so a verifier can name
    the first event that changed even when the whole chain was recomputed; `head_hash` is the
    last of them. Successive checkpoints each list only the events since the previous one.
    """

    seq: int
    head_hash: str
    created_at: str
    from_seq: int
    hashes: tuple[str, ...]
    key_id: str
    signature: str
    version: int = CHECKPOINT_VERSION
    algorithm: str = CHECKPOINT_ALGORITHM

    def signed_body(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "algorithm": self.algorithm,
            "key_id": self.key_id,
            "seq": self.seq,
            "head_hash": self.head_hash,
            "created_at": self.created_at,
            "from_seq": self.from_seq,
            "hashes": list(self.hashes),
        }

    def expected_hash(self, seq: int) -> str | None:
        if self.from_seq <= seq <= self.seq:
            return self.hashes[seq - self.from_seq]
        return None


def checkpoint_key_id(key: bytes) -> str:
    """A short public name for a key, so a checkpoint says which key signed it."""
    return hashlib.sha256(b"audit-checkpoint-key:" + key).hexdigest()[:16]


def _check_key(key: bytes) -> None:
    if len(key) < CHECKPOINT_MIN_KEY_BYTES:
        raise CheckpointError(
            f"The checkpoint key must be at least {CHECKPOINT_MIN_KEY_BYTES} bytes "
            f"(got {len(key)})."
        )


def _signature(body: dict[str, Any], key: bytes) -> str:
    return hmac.new(key, canonical_json(body).encode("utf-8"), hashlib.sha256).hexdigest()


def checkpoint_sign(
    *, from_seq: int, hashes: Sequence[str], created_at: str, key: bytes
) -> Checkpoint:
    """Sign the hashes of events from_seq..from_seq+len(hashes)-1 with key (HMAC-SHA256)."""
    _check_key(key)
    if not hashes:
        raise CheckpointError("A checkpoint needs at least one event.")
    unsigned = Checkpoint(
        seq=from_seq + len(hashes) - 1,
        head_hash=hashes[-1],
        created_at=created_at,
        from_seq=from_seq,
        hashes=tuple(hashes),
        key_id=checkpoint_key_id(key),
        signature="",
    )
    _check_shape(unsigned)
    return replace(unsigned, signature=_signature(unsigned.signed_body(), key))


def _check_shape(checkpoint: Checkpoint) -> None:
    if checkpoint.version != CHECKPOINT_VERSION:
        raise CheckpointError(f"Unknown checkpoint version {checkpoint.version!r}.")
    if checkpoint.algorithm != CHECKPOINT_ALGORITHM:
        raise CheckpointError(f"Unknown checkpoint algorithm {checkpoint.algorithm!r}.")
    if checkpoint.from_seq < 1 or checkpoint.seq < checkpoint.from_seq:
        raise CheckpointError(
            f"A checkpoint must cover #from_seq..#seq with 1 <= from_seq <= seq "
            f"(got #{checkpoint.from_seq}..#{checkpoint.seq})."
        )
    if len(checkpoint.hashes) != checkpoint.seq - checkpoint.from_seq + 1:
        raise CheckpointError(
            f"The checkpoint covers #{checkpoint.from_seq}..#{checkpoint.seq} but lists "
            f"{len(checkpoint.hashes)} hashes."
        )
    for value in (*checkpoint.hashes, checkpoint.head_hash):
        if not isinstance(value, str) or not _HEX64.match(value):
            raise CheckpointError(f"Not a SHA-256 hex digest: {value!r}.")
    if checkpoint.hashes[-1] != checkpoint.head_hash:
        raise CheckpointError("The checkpoint's head hash is not the last hash it lists.")


def checkpoint_to_json(checkpoint: Checkpoint) -> str:
    """The checkpoint file's text: the signed body plus the signature, one key per line."""
    return json.dumps({**checkpoint.signed_body(), "signature": checkpoint.signature}, indent=1)


def checkpoint_from_json(text: str) -> Checkpoint:
    """Parse a checkpoint file; raises CheckpointError naming what is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CheckpointError(f"Not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise CheckpointError("A checkpoint is a JSON object.")
    required = ("version", "algorithm", "key_id", "seq", "head_hash", "created_at", "from_seq")
    missing = [name for name in (*required, "hashes", "signature") if name not in data]
    if missing:
        raise CheckpointError(f"Missing fields: {', '.join(missing)}.")
    if not isinstance(data["hashes"], list):
        raise CheckpointError("hashes must be a list.")
    for name in ("version", "seq", "from_seq"):
        if not isinstance(data[name], int) or isinstance(data[name], bool):
            raise CheckpointError(f"{name} must be an integer.")
    for name in ("algorithm", "key_id", "created_at", "signature", "head_hash"):
        if not isinstance(data[name], str):
            raise CheckpointError(f"{name} must be a string.")
    checkpoint = Checkpoint(
        seq=data["seq"],
        head_hash=data["head_hash"],
        created_at=data["created_at"],
        from_seq=data["from_seq"],
        hashes=tuple(data["hashes"]),
        key_id=data["key_id"],
        signature=data["signature"],
        version=data["version"],
        algorithm=data["algorithm"],
    )
    _check_shape(checkpoint)
    return checkpoint


def checkpoint_check_signature(checkpoint: Checkpoint, key: bytes) -> None:
    """Raise CheckpointError unless key signed this checkpoint, unchanged."""
    _check_key(key)
    if checkpoint.key_id != checkpoint_key_id(key):
        raise CheckpointError(
            f"Checkpoint #{checkpoint.seq} was signed with key {checkpoint.key_id}, "
            f"not with the configured key {checkpoint_key_id(key)}."
        )
    expected = _signature(checkpoint.signed_body(), key)
    if not hmac.compare_digest(expected, checkpoint.signature):
        raise CheckpointError(
            f"Checkpoint #{checkpoint.seq} has a bad signature: the file was altered."
        )


# ---------------------------------------------------------------- verification

# Kinds of problem, from the event's own point of view.
HASH_MISMATCH = "hash_mismatch"  # its fields no longer give its hash
REWRITTEN = "rewritten"  # its hash is not the one the next event was chained to
MISSING = "missing"  # no event carries this sequence number
OUT_OF_ORDER = "out_of_order"  # sequence numbers went backwards or repeated
CHECKPOINT_MISMATCH = "checkpoint_mismatch"  # its hash differs from a signed checkpoint
CHECKPOINT_CONFLICT = "checkpoint_conflict"  # two signed checkpoints disagree about it


@dataclass(frozen=True, slots=True)
class Problem:
    """The first bad event: its sequence number, the kind of break and a sentence about it."""

    seq: int
    kind: str
    detail: str


@dataclass(slots=True)
class VerificationReport:
    """What a verification found. `ok` is false as soon as one problem was found."""

    count: int = 0
    first_seq: int | None = None
    head_seq: int | None = None
    head_hash: str = GENESIS_HASH
    problem: Problem | None = None
    checkpoints: list[int] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.problem is None

    def summary(self) -> str:
        if self.problem is not None:
            return f"BROKEN at #{self.problem.seq} ({self.problem.kind}): {self.problem.detail}"
        if not self.count:
            return "No events to verify."
        text = (
            f"OK: {self.count} events verified (#{self.first_seq}..#{self.head_seq}), "
            f"head hash {self.head_hash}."
        )
        if self.checkpoints:
            text += " Extends signed checkpoint(s) " + ", ".join(
                f"#{seq}" for seq in self.checkpoints
            )
            text += "."
        return text


class _Conflict(Exception):
    def __init__(self, seq: int, first: Checkpoint, second: Checkpoint) -> None:
        self.seq, self.first, self.second = seq, first, second


class _CheckpointIndex:
    """Answers "which hash do the checkpoints list for #seq?" for increasing seq, in one pass."""

    def __init__(self, checkpoints: Sequence[Checkpoint]) -> None:
        self._pending = sorted(checkpoints, key=lambda item: item.from_seq)
        self._active: list[Checkpoint] = []

    def expected(self, seq: int) -> tuple[str, Checkpoint] | None:
        while self._pending and self._pending[0].from_seq <= seq:
            self._active.append(self._pending.pop(0))
        self._active = [item for item in self._active if item.seq >= seq]
        found: tuple[str, Checkpoint] | None = None
        for item in self._active:
            expected = item.hashes[seq - item.from_seq]
            if found is not None and expected != found[0]:
                raise _Conflict(seq, found[1], item)
            found = (expected, item)
        return found


def verify_chain(
    events: Iterable[ChainEvent],
    checkpoint: Checkpoint | Sequence[Checkpoint] | None = None,
    *,
    first_seq: int = 1,
) -> VerificationReport:
    """Walk events in sequence order and report the first one that is not what it should be.

    `events` must start at `first_seq` (1 for the whole chain; later to verify a tail, in
    which case the first event's own link is taken on trust). Each event must recompute to
    its hash, carry the previous event's hash, and follow it without a gap. With signed
    checkpoints (already checked with `checkpoint_check_signature`), every event they cover
    must also have the hash they list and the chain must reach their last event: that is
    what catches a dropped tail or a chain recomputed from an edit onwards.

    Reports the count, the head and the first problem; stops at the first problem.
    """
    if isinstance(checkpoint, Checkpoint):
        checkpoints: Sequence[Checkpoint] = [checkpoint]
    else:
        checkpoints = list(checkpoint or [])
    report = VerificationReport()
    index = _CheckpointIndex(checkpoints)
    previous: ChainEvent | None = None
    expected_seq = first_seq
    try:
        for event in events:
            if event.seq != expected_seq:
                if event.seq > expected_seq:
                    count = event.seq - expected_seq
                    detail = (
                        f"event #{expected_seq} is missing"
                        if count == 1
                        else f"events #{expected_seq}..#{event.seq - 1} are missing"
                    )
                    report.problem = Problem(
                        expected_seq, MISSING, f"{detail}: the chain jumps to #{event.seq}."
                    )
                else:
                    report.problem = Problem(
                        event.seq,
                        OUT_OF_ORDER,
                        f"event #{event.seq} comes after #{expected_seq - 1}.",
                    )
                return report
            if compute_hash(event) != event.hash:
                report.problem = Problem(
                    event.seq,
                    HASH_MISMATCH,
                    f"event #{event.seq} ({event.event_type}, trace {event.trace_id}) no "
                    "longer matches its hash: its content was changed.",
                )
                return report
            if previous is not None and event.prev_hash != previous.hash:
                report.problem = Problem(
                    previous.seq,
                    REWRITTEN,
                    f"event #{previous.seq} ({previous.event_type}, trace {previous.trace_id}) "
                    f"is not the event #{event.seq} was chained to: it was replaced or "
                    "rehashed.",
                )
                return report
            if previous is None and event.seq == 1 and event.prev_hash != GENESIS_HASH:
                report.problem = Problem(
                    1, REWRITTEN, "event #1 does not start from the genesis hash."
                )
                return report
            expected = index.expected(event.seq)
            if expected is not None and expected[0] != event.hash:
                source = expected[1]
                report.problem = Problem(
                    event.seq,
                    CHECKPOINT_MISMATCH,
                    f"event #{event.seq} ({event.event_type}, trace {event.trace_id}) differs "
                    f"from checkpoint #{source.seq} signed {source.created_at}: the chain was "
                    "rewritten from here on.",
                )
                return report
            if report.first_seq is None:
                report.first_seq = event.seq
            report.count += 1
            report.head_seq = event.seq
            report.head_hash = event.hash
            previous = event
            expected_seq = event.seq + 1
    except _Conflict as conflict:
        report.problem = Problem(
            conflict.seq,
            CHECKPOINT_CONFLICT,
            f"signed checkpoints #{conflict.first.seq} and "
            f"#{conflict.second.seq} list different hashes for event #{conflict.seq}.",
        )
        return report
    for checkpoint_item in sorted(checkpoints, key=lambda item: item.seq):
        if checkpoint_item.seq >= expected_seq and checkpoint_item.seq >= first_seq:
            report.problem = Problem(
                expected_seq,
                MISSING,
                f"the chain ends at #{expected_seq - 1} but checkpoint #{checkpoint_item.seq} "
                f"signed {checkpoint_item.created_at} covers events up to "
                f"#{checkpoint_item.seq}: events were removed from the end.",
            )
            return report
    report.checkpoints = sorted(
        item.seq for item in checkpoints if item.seq >= first_seq and item.seq < expected_seq
    )
    return report


def verify_excerpt(
    events: Iterable[ChainEvent], *, required: Iterable[int] = ()
) -> VerificationReport:
    """Check a sorted excerpt of the chain: each event's hash, and each link inside the excerpt.

    Used for one trace: its events plus their neighbours. Links are checked only between
    consecutive sequence numbers; `required` lists the sequence numbers that must be present
    (a missing one is reported as removed). This catches an edit to the trace's own events
    without reading the whole chain; a full proof is `verify_chain` against a checkpoint.
    """
    by_seq = {event.seq: event for event in events}
    report = VerificationReport()
    problems: list[Problem] = [
        Problem(seq, MISSING, f"event #{seq} is missing from the chain.")
        for seq in set(required)
        if seq not in by_seq
    ]
    for seq in sorted(by_seq):
        event = by_seq[seq]
        if compute_hash(event) != event.hash:
            problems.append(
                Problem(
                    seq,
                    HASH_MISMATCH,
                    f"event #{seq} ({event.event_type}) no longer matches its hash: its "
                    "content was changed.",
                )
            )
            continue
        previous = by_seq.get(seq - 1)
        if previous is not None and event.prev_hash != previous.hash:
            problems.append(
                Problem(
                    seq - 1,
                    REWRITTEN,
                    f"event #{seq - 1} is not the event #{seq} was chained to: it was "
                    "replaced or rehashed.",
                )
            )
        if seq == 1 and event.prev_hash != GENESIS_HASH:
            problems.append(Problem(1, REWRITTEN, "event #1 does not start from the genesis hash."))
        report.count += 1
        if report.first_seq is None:
            report.first_seq = seq
        report.head_seq = seq
        report.head_hash = event.hash
    if problems:
        report.problem = min(problems, key=lambda problem: problem.seq)
    return report
