"""Records a small trace shaped like the pipeline's (not a test module): submit to decision."""

from audit import events
from audit.actors import Actor
from audit.models import AuditEvent
from audit.services import audit_event_record


def record_pipeline_trace(trace_id: str) -> list[AuditEvent]:
    client = Actor(kind="client", id="3", name="llm-service")
    worker = Actor.system("worker-1")
    reviewer = Actor(kind="user", id="9", name="rita")
    steps = [
        (
            events.QUERY_SUBMITTED,
            client,
            "query",
            "q-1",
            {
                "stakes": "standard",
                "answer_sha256": "ab" * 32,
                "sources": [{"id": "filing", "kind": "document", "sha256": "cd" * 32}],
                "samples": 0,
                "idempotency_key": None,
            },
        ),
        (
            events.CLAIMS_EXTRACTED,
            worker,
            "query",
            "q-1",
            {
                "count": 2,
                "claims": [
                    {
                        "id": 11,
                        "text": "$0.81",
                        "kind": "currency",
                        "value": "0.81",
                        "span": [120, 125],
                    },
                    {
                        "id": 12,
                        "text": "$1.85 billion",
                        "kind": "currency",
                        "value": "1850000000",
                        "span": [30, 43],
                    },
                ],
            },
        ),
        (
            events.VERDICT_RECORDED,
            worker,
            "claim",
            "11",
            {
                "verdict_id": 1,
                "layer": "grounding",
                "check": "",
                "outcome": "fabrication",
                "grounded": False,
                "nearest": {"text": "$0.78", "value": "0.78", "source_id": "filing"},
                "expected_value": None,
                "formula": None,
            },
        ),
        (
            events.VERDICT_RECORDED,
            worker,
            "claim",
            "12",
            {
                "verdict_id": 2,
                "layer": "grounding",
                "check": "",
                "outcome": "grounded",
                "grounded": True,
                "nearest": None,
                "expected_value": None,
                "formula": None,
            },
        ),
        (
            events.QUERY_SCORED,
            worker,
            "query",
            "q-1",
            {
                "total_claims": 2,
                "grounded_count": 1,
                "grounding_rate": "0.5",
                "gate": {"threshold": "0.7", "passed": False},
                "flagged": True,
                "original_confidence": "0.9",
                "adjusted_confidence": "0.7",
                "elapsed_ms": 3.2,
                "next": "done",
            },
        ),
        (events.REVIEW_OPENED, worker, "review", "5", {"query_id": "q-1", "risk_score": "35.00"}),
        (events.REVIEW_ASSIGNED, reviewer, "review", "5", {"assignee": "rita", "version": 2}),
        (
            events.REVIEW_DECIDED,
            reviewer,
            "review",
            "5",
            {
                "query_id": "q-1",
                "decision": "rejected",
                "reason": "EPS is 0.78 in the filing.",
                "labels": {"11": "hallucination", "12": "correct"},
                "version": 3,
            },
        ),
    ]
    return [
        audit_event_record(
            event_type=event_type,
            actor=actor,
            trace_id=trace_id,
            subject_type=subject_type,
            subject_id=subject_id,
            payload=payload,
        )
        for event_type, actor, subject_type, subject_id, payload in steps
    ]
