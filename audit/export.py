"""A trace's audit record as data: the JSON (API and download) and CSV shapes, with chain status."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from .chain import VerificationReport, canonical_json, position
from .models import AuditEvent
from .selectors import chain_head
from .verification import verify_trace_locally

HASHING = {
    "algorithm": "SHA-256",
    "input": (
        "UTF-8 bytes of the JSON object {seq, trace_id, event_type, actor: [kind, id, name], "
        "subject: [type, id], payload, created_at, prev_hash} with keys sorted, no whitespace "
        "(separators ',' and ':') and non-ASCII characters kept"
    ),
    "genesis_prev_hash": "0" * 64,
    "chains": (
        "events are spread over hash chains by trace; seq counts within a chain, and the first "
        "event of chain k has prev_hash = k written as 64 hexadecimal digits (chain 0: "
        "genesis_prev_hash)"
    ),
}


@dataclass(frozen=True, slots=True)
class ChainStatus:
    """The verdict on one trace's events, checked against their neighbours in the chain."""

    status: str  # "intact" or "broken"
    scope: str
    checked_events: int
    problem_seq: int | None
    problem_kind: str
    problem_detail: str
    head_seq: int | None
    head_hash: str
    chain: int = 0
    problem_chain: int | None = None

    @property
    def problem_position(self) -> str:
        return (
            "" if self.problem_seq is None else position(self.problem_chain or 0, self.problem_seq)
        )

    @property
    def head_position(self) -> str:
        return "" if self.head_seq is None else position(self.chain, self.head_seq)

    @classmethod
    def from_report(cls, report: VerificationReport, chain: int = 0) -> ChainStatus:
        head = chain_head(chain)
        problem = report.problem
        return cls(
            status="intact" if report.ok else "broken",
            scope=(
                "each event of the trace recomputed and linked to its neighbours in the chain; "
                "a full proof is `manage.py verify_audit --trace ID --checkpoint DIR`"
            ),
            checked_events=report.count,
            problem_seq=problem.seq if problem else None,
            problem_kind=problem.kind if problem else "",
            problem_detail=problem.detail if problem else "",
            head_seq=head[0] if head else None,
            head_hash=head[1] if head else "",
            chain=chain,
            problem_chain=problem.chain if problem else None,
        )


@dataclass(frozen=True, slots=True)
class TraceAudit:
    trace_id: str
    exported_at: datetime
    chain: ChainStatus
    events: Sequence[AuditEvent]


def trace_audit(trace_id: str, events: Sequence[AuditEvent]) -> TraceAudit:
    """The trace's events with their chain status, as of now."""
    return TraceAudit(
        trace_id=trace_id,
        exported_at=timezone.now(),
        chain=ChainStatus.from_report(
            verify_trace_locally(events), chain=events[-1].chain if events else 0
        ),
        events=events,
    )


class ActorSerializer(serializers.Serializer):
    kind = serializers.CharField(source="actor_kind", help_text="user, client or system")
    id = serializers.CharField(source="actor_id")
    name = serializers.CharField(source="actor_name")


class SubjectSerializer(serializers.Serializer):
    type = serializers.CharField(source="subject_type")
    id = serializers.CharField(source="subject_id")


class HashedTimeField(serializers.Field):
    """The time exactly as it was hashed (ISO 8601, UTC, +00:00), so hashes can be recomputed."""

    def to_representation(self, value: datetime) -> str:
        return value.astimezone(UTC).isoformat()


extend_schema_field({"type": "string", "format": "date-time"})(HashedTimeField)


class AuditEventSerializer(serializers.Serializer):
    chain = serializers.IntegerField(help_text="the hash chain the event extends")
    seq = serializers.IntegerField(help_text="position in its chain")
    trace_id = serializers.CharField()
    event_type = serializers.CharField()
    actor = ActorSerializer(source="*")
    subject = SubjectSerializer(source="*")
    payload = serializers.JSONField()
    created_at = HashedTimeField()
    prev_hash = serializers.CharField()
    hash = serializers.CharField()


class ProblemSerializer(serializers.Serializer):
    chain = serializers.IntegerField(source="problem_chain")
    seq = serializers.IntegerField(source="problem_seq")
    kind = serializers.CharField(source="problem_kind")
    detail = serializers.CharField(source="problem_detail")


class ChainStatusSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["intact", "broken"])
    scope = serializers.CharField()
    checked_events = serializers.IntegerField()
    problem = serializers.SerializerMethodField()
    chain = serializers.IntegerField(help_text="the chain of the trace's newest event")
    head_seq = serializers.IntegerField(allow_null=True)
    head_hash = serializers.CharField()

    @extend_schema_field(ProblemSerializer(allow_null=True))
    def get_problem(self, status: ChainStatus) -> dict | None:
        if status.problem_seq is None:
            return None
        return dict(ProblemSerializer(status).data)


class HashingSerializer(serializers.Serializer):
    algorithm = serializers.CharField()
    input = serializers.CharField()
    genesis_prev_hash = serializers.CharField()
    chains = serializers.CharField()


class TraceAuditSerializer(serializers.Serializer):
    trace_id = serializers.CharField()
    exported_at = serializers.DateTimeField()
    chain = ChainStatusSerializer()
    hashing = serializers.SerializerMethodField()
    events = AuditEventSerializer(many=True)

    @extend_schema_field(HashingSerializer)
    def get_hashing(self, _: TraceAudit) -> dict:
        return HASHING


CSV_COLUMNS = (
    "chain",
    "seq",
    "created_at",
    "trace_id",
    "event_type",
    "actor_kind",
    "actor_id",
    "actor_name",
    "subject_type",
    "subject_id",
    "payload",
    "prev_hash",
    "hash",
)
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: str) -> str:
    # A spreadsheet runs a cell that starts like a formula; the JSON export keeps exact values.
    return "'" + value if value.startswith(_FORMULA_START) else value


def trace_audit_csv(audit: TraceAudit) -> str:
    """One row per event; payload as canonical JSON. Use the JSON export to recompute hashes."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_COLUMNS)
    for event in AuditEventSerializer(audit.events, many=True).data:
        writer.writerow(
            [
                event["chain"],
                event["seq"],
                event["created_at"],
                _cell(event["trace_id"]),
                event["event_type"],
                event["actor"]["kind"],
                _cell(event["actor"]["id"]),
                _cell(event["actor"]["name"]),
                _cell(event["subject"]["type"]),
                _cell(event["subject"]["id"]),
                _cell(canonical_json(event["payload"])),
                event["prev_hash"],
                event["hash"],
            ]
        )
    return buffer.getvalue()
