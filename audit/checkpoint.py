"""Signed checkpoints of the stored chain: create, save, load; the key lives outside the database."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import Storage, storages
from django.utils import timezone

from . import events
from .actors import Actor
from .chain import (
    ChainEvent,
    ChainSegment,
    Checkpoint,
    CheckpointError,
    VerificationReport,
    checkpoint_check_signature,
    checkpoint_from_json,
    checkpoint_sign,
    checkpoint_to_json,
    merge_reports,
    verify_chain,
)
from .services import audit_event_record
from .verification import DEFAULT_CHUNK_SIZE, known_chains, stored_events

_FILE_NAME = re.compile(r"^checkpoint-(\d+)\.json$")


class ChainBrokenError(Exception):
    """The stored chain does not verify, so it must not be signed."""

    def __init__(self, report: VerificationReport) -> None:
        super().__init__(report.summary())
        self.report = report


class NothingToCheckpointError(Exception):
    """No event was added since the previous checkpoint."""


def checkpoint_key() -> bytes:
    """The signing key from AUDIT_CHECKPOINT_KEY (or its _FILE); never stored in the database."""
    key = settings.AUDIT_CHECKPOINT_KEY
    if not key:
        raise CheckpointError(
            "No checkpoint key: set AUDIT_CHECKPOINT_KEY_FILE (or AUDIT_CHECKPOINT_KEY) to a "
            "random secret of at least 32 bytes, kept off the database host."
        )
    return key.encode("utf-8")


def _collecting(
    source: Iterator[ChainEvent], since: int, hashes: list[str]
) -> Iterator[ChainEvent]:
    """Pass events through, noting the hash of each one after `since`."""
    for event in source:
        if event.seq > since:
            hashes.append(event.hash)
        yield event


def checkpoint_create(
    *,
    after: Checkpoint | None = None,
    key: bytes | None = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
) -> Checkpoint:
    """Verify every chain (from `after`, or from the start) and sign the events each adds.

    Refuses to sign a chain that does not verify or no longer extends `after`: a checkpoint
    vouches for what it lists. Every chain gets a segment, also one that gained nothing since
    `after`, so the newest checkpoint alone pins every chain's head.
    """
    key = key if key is not None else checkpoint_key()
    previous = [after] if after is not None else []
    reports: dict[int, VerificationReport] = {}
    segments: list[ChainSegment] = []
    for chain in known_chains(previous):
        pinned = after.segment(chain) if after is not None else None
        since = pinned.seq if pinned is not None else 0
        hashes: list[str] = []
        from_seq = max(1, since)
        report = verify_chain(
            _collecting(
                stored_events(chain=chain, from_seq=from_seq, chunk_size=chunk_size), since, hashes
            ),
            previous,
            first_seq=from_seq,
            chain=chain,
        )
        reports[chain] = report
        if not report.ok or report.head_seq is None:
            continue
        segments.append(
            ChainSegment(
                chain=chain,
                from_seq=since + 1,
                seq=report.head_seq,
                head_hash=report.head_hash,
                hashes=tuple(hashes),
            )
        )
    merged = merge_reports(reports)
    if not merged.ok:
        raise ChainBrokenError(merged)
    if not any(segment.hashes for segment in segments):
        raise NothingToCheckpointError(
            f"No events since checkpoint #{after.seq}." if after else "The audit log is empty."
        )
    return checkpoint_sign(segments=segments, created_at=timezone.now().isoformat(), key=key)


def checkpoint_load(path: Path, key: bytes) -> Checkpoint:
    """Read one checkpoint file and check its signature; errors name the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CheckpointError(f"{path}: cannot be read ({exc.strerror}).") from None
    try:
        checkpoint = checkpoint_from_json(text)
        checkpoint_check_signature(checkpoint, key)
    except CheckpointError as exc:
        raise CheckpointError(f"{path}: {exc}") from None
    return checkpoint


def checkpoints_load(paths: Sequence[str | Path], key: bytes | None = None) -> list[Checkpoint]:
    """Load checkpoint files, or every checkpoint-*.json in a directory, signatures checked."""
    key = key if key is not None else checkpoint_key()
    loaded: list[Checkpoint] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            files = sorted(child for child in path.iterdir() if _FILE_NAME.match(child.name))
            if not files:
                raise CheckpointError(f"{path}: no checkpoint-*.json files in this directory.")
        elif path.exists():
            files = [path]
        else:
            raise CheckpointError(f"{path}: no such file or directory.")
        loaded.extend(checkpoint_load(file, key) for file in files)
    return loaded


def latest_in_directory(directory: Path, key: bytes) -> Checkpoint | None:
    numbered = [
        (int(match.group(1)), child)
        for child in directory.iterdir()
        if (match := _FILE_NAME.match(child.name))
    ]
    if not numbered:
        return None
    return checkpoint_load(max(numbered)[1], key)


@dataclass(frozen=True, slots=True)
class TakenCheckpoint:
    checkpoint: Checkpoint
    path: Path | None  # None when written to standard output


def audit_checkpoint_take(
    *,
    directory: Path | None = None,
    output: Path | None = None,
    after: Checkpoint | None = None,
    actor: Actor | None = None,
    key: bytes | None = None,
) -> tuple[TakenCheckpoint, str]:
    """Sign the chain since the previous checkpoint, write the file, record the event.

    With `directory`, the previous checkpoint is the newest file there and the new one is
    written next to it as checkpoint-<seq>.json. Returns the checkpoint and its file text.
    Files are never overwritten.
    """
    key = key if key is not None else checkpoint_key()
    if directory is not None:
        if not directory.is_dir():
            raise CheckpointError(f"{directory}: no such directory.")
        after = latest_in_directory(directory, key)
    checkpoint = checkpoint_create(after=after, key=key)
    text = checkpoint_to_json(checkpoint) + "\n"
    path = directory / f"checkpoint-{checkpoint.seq:012d}.json" if directory else output
    if path is not None:
        try:
            # O_EXCL: an existing checkpoint is evidence and is never replaced.
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            raise CheckpointError(
                f"{path}: already exists; checkpoints are not overwritten."
            ) from None
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
    audit_event_record(
        event_type=events.AUDIT_CHECKPOINTED,
        actor=actor or Actor.system(),
        subject_type="checkpoint",
        subject_id=str(checkpoint.seq),
        payload={
            **checkpoint.event_payload(),
            "key_id": checkpoint.key_id,
            "signed_at": checkpoint.created_at,
        },
    )
    return TakenCheckpoint(checkpoint, path), text


# ---------------------------------------------------------------- the checkpoint store

STORAGE_ALIAS = "audit_checkpoints"


def checkpoint_storage() -> Storage:
    """Where periodic checkpoints go: STORAGES["audit_checkpoints"], a directory by default
    (AUDIT_CHECKPOINT_DIR) or any Django storage backend, such as django-storages' S3Storage
    with object lock, through AUDIT_CHECKPOINT_STORAGE. Never the audit database."""
    return storages[STORAGE_ALIAS]


def _stored_names(storage: Storage) -> list[tuple[int, str]]:
    try:
        _, files = storage.listdir("")
    except (FileNotFoundError, NotADirectoryError):
        return []
    return sorted(
        (int(match.group(1)), name) for name in files if (match := _FILE_NAME.match(name))
    )


def stored_checkpoint_latest(key: bytes | None = None) -> Checkpoint | None:
    """The newest checkpoint in the store, signature checked; None when there is none."""
    storage = checkpoint_storage()
    names = _stored_names(storage)
    if not names:
        return None
    key = key if key is not None else checkpoint_key()
    name = names[-1][1]
    with storage.open(name, "rb") as handle:
        text = handle.read().decode("utf-8")
    try:
        checkpoint = checkpoint_from_json(text)
        checkpoint_check_signature(checkpoint, key)
    except CheckpointError as exc:
        raise CheckpointError(f"{name} (checkpoint store): {exc}") from None
    return checkpoint


def audit_checkpoint_store(*, actor: Actor, key: bytes | None = None) -> Checkpoint | None:
    """Sign the events since the store's newest checkpoint and write the next one there.

    Returns None when nothing was added since. Stored checkpoints are never overwritten.
    """
    key = key if key is not None else checkpoint_key()
    after = stored_checkpoint_latest(key)
    try:
        checkpoint = checkpoint_create(after=after, key=key)
    except NothingToCheckpointError:
        return None
    storage = checkpoint_storage()
    name = f"checkpoint-{checkpoint.seq:012d}.json"
    if storage.exists(name):
        raise CheckpointError(f"{name} already exists in the checkpoint store; not overwritten.")
    saved = storage.save(name, ContentFile((checkpoint_to_json(checkpoint) + "\n").encode()))
    audit_event_record(
        event_type=events.AUDIT_CHECKPOINTED,
        actor=actor,
        subject_type="checkpoint",
        subject_id=str(checkpoint.seq),
        payload={
            **checkpoint.event_payload(),
            "key_id": checkpoint.key_id,
            "signed_at": checkpoint.created_at,
            "stored_as": saved,
        },
    )
    return checkpoint
