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
# Events are spread over chains by trace ID so that writers of different traces do not wait
# for one another; chain 0 is the original chain and starts from GENESIS_HASH.
MAX_CHAINS = 1024
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


def genesis_hash(chain: int) -> str:
    """The prev_hash of a chain's first event: the chain number as 64 hex digits.

    Distinct per chain, so a chain's first event (and through the links every later one) is
    bound to its chain; chain 0's is GENESIS_HASH, so the original chain is unchanged.

    >>> genesis_hash(0) == GENESIS_HASH, genesis_hash(3)[-4:]
    (True, '0003')
    """
    if not 0 <= chain < MAX_CHAINS:
        raise ValueError(f"chain {chain!r} is not between 0 and {MAX_CHAINS - 1}.")
    return f"{chain:064x}"


def chain_for_trace(trace_id: str, chains: int) -> int:
    """The chain a trace's events are appended to, out of `chains`: stable, spread evenly.

    Every event of a trace lands in one chain, so a trace's events keep their order in it.
    """
    if chains == 1:
        return 0
    digest = hashlib.sha256(trace_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % chains


def position(chain: int, seq: int) -> str:
    """How an event is named in reports: #seq in chain 0, #chain:seq in the others."""
    return f"#{seq}" if chain == 0 else f"#{chain}:{seq}"


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
    # Not hashed: the chain is bound through its genesis hash (see genesis_hash).
    chain: int = 0


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
class ChainSegment:
    """One chain's part of a checkpoint: its events from_seq..seq had exactly these hashes.

    `hashes` lists the hash of every event from `from_seq` to `seq`, so a verifier can name
    the first event that changed even when the whole chain was recomputed; `head_hash` is the
    hash of event `seq`. A chain that gained nothing since the previous checkpoint still has a
    segment, with no hashes (from_seq = seq + 1), pinning its head: a dropped tail of any
    chain is caught by the newest checkpoint alone.
    """

    chain: int
    from_seq: int
    seq: int
    head_hash: str
    hashes: tuple[str, ...]

    def expected_hash(self, seq: int) -> str | None:
        if seq == self.seq:
            return self.head_hash
        if self.from_seq <= seq < self.seq:
            return self.hashes[seq - self.from_seq]
        return None

    def body(self) -> dict[str, Any]:
        return {
            "chain": self.chain,
            "from_seq": self.from_seq,
            "seq": self.seq,
            "head_hash": self.head_hash,
            "hashes": list(self.hashes),
        }


def merkle_root(segments: Sequence[ChainSegment]) -> str:
    """SHA-256 Merkle root over the chain heads, in chain order: one value for all chains.

    Leaf = H(0x00 || "chain:seq:head_hash"), node = H(0x01 || left || right) (the prefixes keep
    a leaf from passing for a node); an odd node out is carried up unpaired. Publishing the
    root (a ticket, an email to compliance, a transparency log) commits to every chain's head
    at once.
    """
    level = [
        hashlib.sha256(b"\x00" + f"{item.chain}:{item.seq}:{item.head_hash}".encode()).digest()
        for item in sorted(segments, key=lambda item: item.chain)
    ]
    if not level:
        return GENESIS_HASH
    while len(level) > 1:
        paired = [
            hashlib.sha256(b"\x01" + level[index] + level[index + 1]).digest()
            for index in range(0, len(level) - 1, 2)
        ]
        if len(level) % 2:
            paired.append(level[-1])
        level = paired
    return level[0].hex()


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A signed statement of every chain's head and the hashes of its events since the last one.

    Version 1 (one chain, as written before there were several) carries chain 0's segment in
    flat fields; version 2 lists a segment per chain and the Merkle root over their heads.
    `seq` is the number of events the checkpoint accounts for across chains (for one chain,
    its head's sequence number): it names the file and only grows.
    """

    created_at: str
    segments: tuple[ChainSegment, ...]
    key_id: str
    signature: str
    version: int = CHECKPOINT_VERSION
    algorithm: str = CHECKPOINT_ALGORITHM

    @property
    def seq(self) -> int:
        return sum(segment.seq for segment in self.segments)

    @property
    def merkle_root(self) -> str:
        return merkle_root(self.segments)

    def segment(self, chain: int) -> ChainSegment | None:
        for item in self.segments:
            if item.chain == chain:
                return item
        return None

    def _only_segment(self) -> ChainSegment:
        if len(self.segments) != 1:
            raise AttributeError("This checkpoint covers several chains; read its segments.")
        return self.segments[0]

    # One chain's checkpoint read as before there were several.
    @property
    def from_seq(self) -> int:
        return self._only_segment().from_seq

    @property
    def head_hash(self) -> str:
        return self._only_segment().head_hash

    @property
    def hashes(self) -> tuple[str, ...]:
        return self._only_segment().hashes

    def describe(self) -> str:
        if self.version == 1:
            return (
                f"Checkpoint #{self.seq} (events #{self.from_seq}..#{self.seq}, "
                f"head {self.head_hash})"
            )
        spans = ", ".join(
            f"{position(item.chain, item.from_seq)}..{position(item.chain, item.seq)}"
            if item.hashes
            else f"{position(item.chain, item.seq)} unchanged"
            for item in self.segments
        )
        return (
            f"Checkpoint #{self.seq} ({len(self.segments)} chains: {spans}; "
            f"Merkle root {self.merkle_root})"
        )

    def event_payload(self) -> dict[str, Any]:
        """What the audit.checkpointed event records about the checkpoint."""
        if self.version == 1:
            return {"seq": self.seq, "from_seq": self.from_seq, "head_hash": self.head_hash}
        return {
            "seq": self.seq,
            "merkle_root": self.merkle_root,
            "chains": {
                str(item.chain): {"from_seq": item.from_seq, "seq": item.seq}
                for item in self.segments
            },
        }

    def signed_body(self) -> dict[str, Any]:
        if self.version == 1:
            only = self._only_segment()
            return {
                "version": self.version,
                "algorithm": self.algorithm,
                "key_id": self.key_id,
                "seq": only.seq,
                "head_hash": only.head_hash,
                "created_at": self.created_at,
                "from_seq": only.from_seq,
                "hashes": list(only.hashes),
            }
        return {
            "version": self.version,
            "algorithm": self.algorithm,
            "key_id": self.key_id,
            "created_at": self.created_at,
            "merkle_root": self.merkle_root,
            "chains": [segment.body() for segment in self.segments],
        }


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
    *,
    created_at: str,
    key: bytes,
    from_seq: int | None = None,
    hashes: Sequence[str] | None = None,
    segments: Sequence[ChainSegment] | None = None,
) -> Checkpoint:
    """Sign chain segments with key (HMAC-SHA256).

    One chain: `from_seq` and `hashes` (the hashes of events from_seq..from_seq+len-1 of
    chain 0), written as a version 1 file. Several chains: `segments`, one per chain,
    written as version 2 with the Merkle root over their heads.
    """
    _check_key(key)
    if segments is None:
        if not hashes or from_seq is None:
            raise CheckpointError("A checkpoint needs at least one event.")
        segments = [
            ChainSegment(
                chain=0,
                from_seq=from_seq,
                seq=from_seq + len(hashes) - 1,
                head_hash=hashes[-1],
                hashes=tuple(hashes),
            )
        ]
    segments = tuple(sorted(segments, key=lambda item: item.chain))
    if not any(segment.hashes for segment in segments):
        raise CheckpointError("A checkpoint needs at least one event.")
    single = len(segments) == 1 and segments[0].chain == 0
    unsigned = Checkpoint(
        created_at=created_at,
        segments=segments,
        key_id=checkpoint_key_id(key),
        signature="",
        version=1 if single else 2,
    )
    _check_shape(unsigned)
    return replace(unsigned, signature=_signature(unsigned.signed_body(), key))


def _check_shape(checkpoint: Checkpoint) -> None:
    if checkpoint.version not in (1, 2):
        raise CheckpointError(f"Unknown checkpoint version {checkpoint.version!r}.")
    if checkpoint.algorithm != CHECKPOINT_ALGORITHM:
        raise CheckpointError(f"Unknown checkpoint algorithm {checkpoint.algorithm!r}.")
    if not checkpoint.segments:
        raise CheckpointError("A checkpoint covers at least one chain.")
    chains = [segment.chain for segment in checkpoint.segments]
    if len(set(chains)) != len(chains):
        raise CheckpointError("A checkpoint lists a chain twice.")
    if checkpoint.version == 1 and (chains != [0] or not checkpoint.segments[0].hashes):
        raise CheckpointError("A version 1 checkpoint covers chain 0 only, with its hashes.")
    for segment in checkpoint.segments:
        name = f"chain {segment.chain}: " if checkpoint.version == 2 else ""
        if not isinstance(segment.chain, int) or not 0 <= segment.chain < MAX_CHAINS:
            raise CheckpointError(f"Not a chain number: {segment.chain!r}.")
        if segment.from_seq < 1 or segment.seq < segment.from_seq - 1 or segment.seq < 1:
            raise CheckpointError(
                f"{name}a checkpoint must cover #from_seq..#seq with 1 <= from_seq <= seq + 1 "
                f"(got #{segment.from_seq}..#{segment.seq})."
            )
        if len(segment.hashes) != segment.seq - segment.from_seq + 1:
            raise CheckpointError(
                f"{name}the checkpoint covers #{segment.from_seq}..#{segment.seq} but lists "
                f"{len(segment.hashes)} hashes."
            )
        for value in (*segment.hashes, segment.head_hash):
            if not isinstance(value, str) or not _HEX64.match(value):
                raise CheckpointError(f"Not a SHA-256 hex digest: {value!r}.")
        if segment.hashes and segment.hashes[-1] != segment.head_hash:
            raise CheckpointError(f"{name}the head hash is not the last hash listed.")


def checkpoint_to_json(checkpoint: Checkpoint) -> str:
    """The checkpoint file's text: the signed body plus the signature, one key per line."""
    return json.dumps({**checkpoint.signed_body(), "signature": checkpoint.signature}, indent=1)


def _require(data: dict[str, Any], names: Sequence[str], kinds: dict[str, type]) -> None:
    missing = [name for name in names if name not in data]
    if missing:
        raise CheckpointError(f"Missing fields: {', '.join(missing)}.")
    for name, kind in kinds.items():
        value = data[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise CheckpointError(
                f"{name} must be {'an integer' if kind is int else kind.__name__}."
            )


def _segment_from(data: Any, *, chain: int | None = None) -> ChainSegment:
    if not isinstance(data, dict):
        raise CheckpointError("A chain entry is a JSON object.")
    names = ("from_seq", "seq", "head_hash", "hashes") + (("chain",) if chain is None else ())
    kinds: dict[str, type] = {"from_seq": int, "seq": int, "head_hash": str, "hashes": list}
    if chain is None:
        kinds["chain"] = int
    _require(data, names, kinds)
    return ChainSegment(
        chain=data["chain"] if chain is None else chain,
        from_seq=data["from_seq"],
        seq=data["seq"],
        head_hash=data["head_hash"],
        hashes=tuple(data["hashes"]),
    )


def checkpoint_from_json(text: str) -> Checkpoint:
    """Parse a checkpoint file (version 1 or 2); raises CheckpointError naming what is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CheckpointError(f"Not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise CheckpointError("A checkpoint is a JSON object.")
    common = ("version", "algorithm", "key_id", "created_at", "signature")
    if data.get("version") == 2:
        _require(
            data,
            (*common, "merkle_root", "chains"),
            {
                "version": int,
                "algorithm": str,
                "key_id": str,
                "created_at": str,
                "signature": str,
                "merkle_root": str,
                "chains": list,
            },
        )
        segments = tuple(_segment_from(item) for item in data["chains"])
    else:
        _require(
            data,
            (*common, "seq", "head_hash", "from_seq", "hashes"),
            {
                "version": int,
                "seq": int,
                "from_seq": int,
                "algorithm": str,
                "key_id": str,
                "created_at": str,
                "signature": str,
                "head_hash": str,
                "hashes": list,
            },
        )
        segments = (_segment_from(data, chain=0),)
    checkpoint = Checkpoint(
        created_at=data["created_at"],
        segments=segments,
        key_id=data["key_id"],
        signature=data["signature"],
        version=data["version"],
        algorithm=data["algorithm"],
    )
    _check_shape(checkpoint)
    if checkpoint.version == 2 and data["merkle_root"] != checkpoint.merkle_root:
        raise CheckpointError("The Merkle root does not match the chain heads listed.")
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
    """The first bad event: its chain and sequence number, the kind of break and a sentence."""

    seq: int
    kind: str
    detail: str
    chain: int = 0

    @property
    def position(self) -> str:
        return position(self.chain, self.seq)


@dataclass(slots=True)
class VerificationReport:
    """What a verification found. `ok` is false as soon as one problem was found.

    For several chains (see `merge_reports`), `first_seq`, `head_seq` and `head_hash` are
    those of a single chain only, `chains` holds each chain's own report and `head_hash` is
    the Merkle root over the chain heads.
    """

    count: int = 0
    first_seq: int | None = None
    head_seq: int | None = None
    head_hash: str = GENESIS_HASH
    problem: Problem | None = None
    checkpoints: list[int] = field(default_factory=list)
    chain: int = 0
    chains: dict[int, VerificationReport] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.problem is None

    def summary(self) -> str:
        if self.problem is not None:
            return f"BROKEN at {self.problem.position} ({self.problem.kind}): {self.problem.detail}"
        if not self.count:
            return "No events to verify."
        if self.chains:
            spans = ", ".join(
                f"{position(number, report.first_seq or 0)}.."
                f"{position(number, report.head_seq or 0)}"
                for number, report in sorted(self.chains.items())
                if report.count
            )
            text = (
                f"OK: {self.count} events verified in {len(self.chains)} chains ({spans}), "
                f"Merkle root of the heads {self.head_hash}."
            )
        else:
            text = (
                f"OK: {self.count} events verified ({position(self.chain, self.first_seq or 0)}"
                f"..{position(self.chain, self.head_seq or 0)}), head hash {self.head_hash}."
            )
        if self.checkpoints:
            text += " Extends signed checkpoint(s) " + ", ".join(
                f"#{seq}" for seq in self.checkpoints
            )
            text += "."
        return text


def merge_reports(reports: dict[int, VerificationReport]) -> VerificationReport:
    """One report for several chains: the counts added up, the first problem by chain number.

    With one chain, that chain's report as it is.
    """
    if len(reports) == 1:
        return next(iter(reports.values()))
    merged = VerificationReport(chains=dict(reports))
    heads = []
    checkpoints: set[int] = set()
    for number, report in sorted(reports.items()):
        merged.count += report.count
        if report.problem is not None and merged.problem is None:
            merged.problem = report.problem
        if report.head_seq is not None:
            heads.append(
                ChainSegment(number, report.head_seq + 1, report.head_seq, report.head_hash, ())
            )
        checkpoints.update(report.checkpoints)
    merged.head_hash = merkle_root(heads)
    # Each chain's report lists the checkpoints it was checked against and reached.
    merged.checkpoints = sorted(checkpoints)
    return merged


class _Conflict(Exception):
    def __init__(self, seq: int, first: Checkpoint, second: Checkpoint) -> None:
        self.seq, self.first, self.second = seq, first, second


class _CheckpointIndex:
    """Answers "which hash do the checkpoints list for #seq?" for increasing seq, in one pass."""

    def __init__(self, covering: Sequence[tuple[ChainSegment, Checkpoint]]) -> None:
        self._pending = sorted(covering, key=lambda item: _lowest(item[0]))
        self._active: list[tuple[ChainSegment, Checkpoint]] = []

    def expected(self, seq: int) -> tuple[str, Checkpoint] | None:
        while self._pending and _lowest(self._pending[0][0]) <= seq:
            self._active.append(self._pending.pop(0))
        self._active = [item for item in self._active if item[0].seq >= seq]
        found: tuple[str, Checkpoint] | None = None
        for segment, checkpoint in self._active:
            expected = segment.expected_hash(seq)
            if expected is None:
                continue
            if found is not None and expected != found[0]:
                raise _Conflict(seq, found[1], checkpoint)
            found = (expected, checkpoint)
        return found


def _lowest(segment: ChainSegment) -> int:
    """The first sequence number a segment vouches for (its head alone when it lists none)."""
    return min(segment.from_seq, segment.seq)


def verify_chain(
    events: Iterable[ChainEvent],
    checkpoint: Checkpoint | Sequence[Checkpoint] | None = None,
    *,
    first_seq: int = 1,
    chain: int = 0,
) -> VerificationReport:
    """Walk one chain's events in sequence order and report the first that is not what it should be.

    `events` must start at `first_seq` (1 for the whole chain; later to verify a tail, in
    which case the first event's own link is taken on trust). Each event must recompute to
    its hash, carry the previous event's hash (the chain's genesis hash for #1), and follow it
    without a gap. With signed checkpoints (already checked with `checkpoint_check_signature`),
    every event their segment for this chain covers must also have the hash they list and the
    chain must reach the segment's head: that is what catches a dropped tail or a chain
    recomputed from an edit onwards.

    Reports the count, the head and the first problem; stops at the first problem.
    """
    if isinstance(checkpoint, Checkpoint):
        checkpoints: Sequence[Checkpoint] = [checkpoint]
    else:
        checkpoints = list(checkpoint or [])
    covering = [
        (segment, item) for item in checkpoints if (segment := item.segment(chain)) is not None
    ]
    genesis = genesis_hash(chain)
    report = VerificationReport(chain=chain)
    index = _CheckpointIndex(covering)
    previous: ChainEvent | None = None
    expected_seq = first_seq

    def at(seq: int) -> str:
        return position(chain, seq)

    try:
        for event in events:
            if event.seq != expected_seq:
                if event.seq > expected_seq:
                    count = event.seq - expected_seq
                    detail = (
                        f"event {at(expected_seq)} is missing"
                        if count == 1
                        else f"events {at(expected_seq)}..{at(event.seq - 1)} are missing"
                    )
                    report.problem = Problem(
                        expected_seq,
                        MISSING,
                        f"{detail}: the chain jumps to {at(event.seq)}.",
                        chain,
                    )
                else:
                    report.problem = Problem(
                        event.seq,
                        OUT_OF_ORDER,
                        f"event {at(event.seq)} comes after {at(expected_seq - 1)}.",
                        chain,
                    )
                return report
            if compute_hash(event) != event.hash:
                report.problem = Problem(
                    event.seq,
                    HASH_MISMATCH,
                    f"event {at(event.seq)} ({event.event_type}, trace {event.trace_id}) no "
                    "longer matches its hash: its content was changed.",
                    chain,
                )
                return report
            if previous is not None and event.prev_hash != previous.hash:
                report.problem = Problem(
                    previous.seq,
                    REWRITTEN,
                    f"event {at(previous.seq)} ({previous.event_type}, trace "
                    f"{previous.trace_id}) is not the event {at(event.seq)} was chained to: it "
                    "was replaced or rehashed.",
                    chain,
                )
                return report
            if previous is None and event.seq == 1 and event.prev_hash != genesis:
                report.problem = Problem(
                    1, REWRITTEN, f"event {at(1)} does not start from the genesis hash.", chain
                )
                return report
            expected = index.expected(event.seq)
            if expected is not None and expected[0] != event.hash:
                source = expected[1]
                report.problem = Problem(
                    event.seq,
                    CHECKPOINT_MISMATCH,
                    f"event {at(event.seq)} ({event.event_type}, trace {event.trace_id}) "
                    f"differs from checkpoint #{source.seq} signed {source.created_at}: the "
                    "chain was rewritten from here on.",
                    chain,
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
            f"#{conflict.second.seq} list different hashes for event {at(conflict.seq)}.",
            chain,
        )
        return report
    for segment, item in sorted(covering, key=lambda pair: pair[0].seq):
        if segment.seq >= expected_seq and segment.seq >= first_seq:
            report.problem = Problem(
                expected_seq,
                MISSING,
                f"the chain ends at {at(expected_seq - 1)} but checkpoint #{item.seq} "
                f"signed {item.created_at} covers events up to {at(segment.seq)}: events "
                "were removed from the end.",
                chain,
            )
            return report
    report.checkpoints = sorted(
        item.seq for segment, item in covering if first_seq <= segment.seq < expected_seq
    )
    return report


def verify_excerpt(
    events: Iterable[ChainEvent], *, required: Iterable[tuple[int, int]] = ()
) -> VerificationReport:
    """Check a sorted excerpt of the chains: each event's hash, and each link inside the excerpt.

    Used for one trace: its events plus their neighbours in their chain. Links are checked
    only between consecutive sequence numbers of one chain; `required` lists the (chain, seq)
    positions that must be present (a missing one is reported as removed). This catches an
    edit to the trace's own events without reading the whole chain; a full proof is
    `verify_chain` against a checkpoint.
    """
    by_position = {(event.chain, event.seq): event for event in events}
    report = VerificationReport()
    problems: list[Problem] = [
        Problem(seq, MISSING, f"event {position(chain, seq)} is missing from the chain.", chain)
        for chain, seq in set(required)
        if (chain, seq) not in by_position
    ]
    for chain, seq in sorted(by_position):
        event = by_position[(chain, seq)]
        at = position(chain, seq)
        if compute_hash(event) != event.hash:
            problems.append(
                Problem(
                    seq,
                    HASH_MISMATCH,
                    f"event {at} ({event.event_type}) no longer matches its hash: its "
                    "content was changed.",
                    chain,
                )
            )
            continue
        previous = by_position.get((chain, seq - 1))
        if previous is not None and event.prev_hash != previous.hash:
            problems.append(
                Problem(
                    seq - 1,
                    REWRITTEN,
                    f"event {position(chain, seq - 1)} is not the event {at} was chained to: "
                    "it was replaced or rehashed.",
                    chain,
                )
            )
        if seq == 1 and event.prev_hash != genesis_hash(chain):
            problems.append(
                Problem(1, REWRITTEN, f"event {at} does not start from the genesis hash.", chain)
            )
        report.count += 1
        if report.first_seq is None:
            report.first_seq = seq
        report.chain = chain
        report.head_seq = seq
        report.head_hash = event.hash
    if problems:
        report.problem = min(problems, key=lambda problem: (problem.chain, problem.seq))
    return report
