"""Reads of the audit log: one trace's events, recent traces, search, the chain's head."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .models import AuditEvent

# The trace index looks at this many of the newest events: a GROUP BY over the whole table
# would grow with the log.
RECENT_WINDOW = 2000


def trace_events(trace_id: str) -> list[AuditEvent]:
    """Every event of one trace, in chain order."""
    return list(AuditEvent.objects.filter(trace_id=trace_id).order_by("seq"))


@dataclass(frozen=True, slots=True)
class TraceSummary:
    trace_id: str
    first_event: str
    last_event: str
    events: int
    started_at: datetime
    last_at: datetime
    actors: tuple[str, ...]


def _summaries(rows: list[dict[str, Any]], limit: int) -> list[TraceSummary]:
    grouped: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        grouped.setdefault(row["trace_id"], []).append(row)
    summaries = []
    for trace_id, items in grouped.items():
        items.sort(key=lambda item: item["seq"])
        actors = tuple(dict.fromkeys(item["actor_name"] for item in items))
        summaries.append(
            TraceSummary(
                trace_id=trace_id,
                first_event=items[0]["event_type"],
                last_event=items[-1]["event_type"],
                events=len(items),
                started_at=items[0]["created_at"],
                last_at=items[-1]["created_at"],
                actors=actors[:4],
            )
        )
    summaries.sort(key=lambda summary: summary.last_at, reverse=True)
    return summaries[:limit]


_SUMMARY_FIELDS = ("seq", "trace_id", "event_type", "actor_name", "created_at")


def recent_traces(*, limit: int = 50) -> list[TraceSummary]:
    """The traces with the newest events, newest first (counts within the recent window)."""
    rows = list(AuditEvent.objects.order_by("-seq").values(*_SUMMARY_FIELDS)[:RECENT_WINDOW])
    return _summaries(rows, limit)


def traces_matching(prefix: str, *, limit: int = 50) -> list[TraceSummary]:
    """Traces whose ID starts with prefix (an indexed search), newest first."""
    trace_ids = list(
        AuditEvent.objects.filter(trace_id__startswith=prefix)
        .order_by("-seq")
        .values_list("trace_id", flat=True)[: limit * 20]
    )
    wanted = list(dict.fromkeys(trace_ids))[:limit]
    rows = list(AuditEvent.objects.filter(trace_id__in=wanted).values(*_SUMMARY_FIELDS))
    return _summaries(rows, limit)


def trace_exists(trace_id: str) -> bool:
    return AuditEvent.objects.filter(trace_id=trace_id).exists()


def chain_head() -> tuple[int, str] | None:
    """The newest event's sequence number and hash."""
    return AuditEvent.objects.order_by("-seq").values_list("seq", "hash").first()
