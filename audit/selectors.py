"""Reads of the audit log: one trace's events, the trace index and its search, the chain's head."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import connections, router
from django.db.models import Max, QuerySet

from .models import AuditEvent
from .signals import trace_descriptions_requested
from .timeline import TITLES


def trace_events(trace_id: str) -> list[AuditEvent]:
    """Every event of one trace, in the order they were appended.

    A trace's events normally sit in one chain, where the id follows the sequence number
    (both are assigned under the chain's lock); the id also orders a trace whose transactions
    went to different chains.
    """
    return list(AuditEvent.objects.filter(trace_id=trace_id).order_by("id"))


@dataclass(frozen=True, slots=True)
class TraceSummary:
    trace_id: str
    first_event: str
    last_event: str
    events: int
    started_at: datetime
    last_at: datetime
    actors: tuple[str, ...]
    # What the trace is about, as the apps above the log describe it (see signals.py).
    description: dict[str, Any] = field(default_factory=dict)

    @property
    def title(self) -> str:
        """The first step in words, for a trace no app describes (an accuracy run, a key)."""
        return TITLES.get(self.first_event, self.first_event)


def _summaries(rows: list[dict[str, Any]], limit: int) -> list[TraceSummary]:
    grouped: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        grouped.setdefault(row["trace_id"], []).append(row)
    summaries = []
    for trace_id, items in grouped.items():
        items.sort(key=lambda item: item["id"])
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


_SUMMARY_FIELDS = ("id", "trace_id", "event_type", "actor_name", "created_at")


def trace_index(
    *,
    text: str = "",
    event_type: str = "",
    actor: str = "",
    since: datetime | None = None,
    until: datetime | None = None,
) -> QuerySet[Any]:
    """Traces with an event matching every given filter, the most recently active first.

    `text` is any part of the trace ID; `actor` any part of an actor's name; the time range
    is the events' time. One row per trace: {"trace_id", "last_id"}, for a Paginator (the id
    orders events across chains, where sequence numbers do not).
    """
    matching = AuditEvent.objects.all()
    if text:
        matching = matching.filter(trace_id__icontains=text)
    if event_type:
        matching = matching.filter(event_type=event_type)
    if actor:
        matching = matching.filter(actor_name__icontains=actor)
    if since is not None:
        matching = matching.filter(created_at__gte=since)
    if until is not None:
        matching = matching.filter(created_at__lt=until)
    return matching.values("trace_id").annotate(last_id=Max("id")).order_by("-last_id", "trace_id")


def trace_summaries(trace_ids: list[str]) -> list[TraceSummary]:
    """Each trace's whole story in one line, in the order given, with its description."""
    rows = list(AuditEvent.objects.filter(trace_id__in=trace_ids).values(*_SUMMARY_FIELDS))
    by_id = {summary.trace_id: summary for summary in _summaries(rows, len(trace_ids))}
    descriptions: dict[str, dict[str, Any]] = {}
    for _receiver, response in trace_descriptions_requested.send_robust(
        sender=AuditEvent, trace_ids=list(trace_ids)
    ):
        if isinstance(response, dict):
            descriptions.update(response)
    summaries = []
    for trace_id in trace_ids:
        summary = by_id.get(trace_id)
        if summary is not None:
            summary.description.update(descriptions.get(trace_id, {}))
            summaries.append(summary)
    return summaries


def trace_exists(trace_id: str) -> bool:
    return AuditEvent.objects.filter(trace_id=trace_id).exists()


def chain_head(chain: int = 0) -> tuple[int, str] | None:
    """The newest event of a chain: its sequence number and hash."""
    return (
        AuditEvent.objects.filter(chain=chain).order_by("-seq").values_list("seq", "hash").first()
    )


def chain_heads() -> dict[int, tuple[int, str]]:
    """Every chain's newest event, {chain: (seq, hash)}, without reading the whole table.

    A recursive query steps from one chain number to the next through the (chain, seq)
    index, then reads each chain's head from the same index: a few index lookups per chain,
    however many events there are. The same SQL runs on PostgreSQL and SQLite.
    """
    table = connections[router.db_for_read(AuditEvent)].ops.quote_name(AuditEvent._meta.db_table)
    sql = f"""
        WITH RECURSIVE chains(chain) AS (
            SELECT MIN(chain) FROM {table}
            UNION ALL
            SELECT (SELECT MIN(chain) FROM {table} WHERE chain > chains.chain)
            FROM chains WHERE chains.chain IS NOT NULL
        )
        SELECT chains.chain, head.seq, head.hash
        FROM chains JOIN {table} AS head ON head.chain = chains.chain
        WHERE head.seq = (
            SELECT MAX(seq) FROM {table} AS newest WHERE newest.chain = chains.chain
        )
    """
    with connections[router.db_for_read(AuditEvent)].cursor() as cursor:
        cursor.execute(sql)
        return {chain: (seq, hash_) for chain, seq, hash_ in cursor.fetchall()}
