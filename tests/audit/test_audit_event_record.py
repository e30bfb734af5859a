"""audit_event_record appends one linked, hashed event to the chain per call."""

import pytest

from audit import events
from audit.actors import Actor
from audit.chain import GENESIS_HASH, compute_hash
from audit.models import AuditEvent
from audit.services import audit_event_record
from audit.tracing import trace_context

pytestmark = pytest.mark.django_db


def test_it_takes_the_next_sequence_number_and_links_to_the_head(record) -> None:  # type: ignore[no-untyped-def]
    head = AuditEvent.objects.order_by("-seq").first()
    first = record()
    second = record()
    assert first.seq == (head.seq + 1 if head else 1)
    assert first.prev_hash == (head.hash if head else GENESIS_HASH)
    assert second.seq == first.seq + 1
    assert second.prev_hash == first.hash


def test_the_stored_event_recomputes_to_its_hash(record) -> None:  # type: ignore[no-untyped-def]
    event = record(
        events.VERDICT_RECORDED,
        subject_type="claim",
        subject_id=42,
        payload={"outcome": "fabrication", "value": 0.81, "ratio": 2.0, "nearest": None},
    )
    stored = AuditEvent.objects.get(pk=event.pk)
    assert stored.subject_id == "42"
    assert stored.payload == {"outcome": "fabrication", "value": 0.81, "ratio": 2, "nearest": None}
    assert compute_hash(stored.to_chain_event()) == stored.hash == event.hash


def test_it_records_the_actor(record) -> None:  # type: ignore[no-untyped-def]
    event = record(actor=Actor(kind="client", id="7", name="llm-service"))
    assert (event.actor_kind, event.actor_id, event.actor_name) == ("client", "7", "llm-service")


def test_without_a_trace_id_it_takes_the_current_one() -> None:
    with trace_context("ctx-trace-1") as current:
        event = audit_event_record(event_type=events.CALCULATOR_USED, actor=Actor.system("w"))
    assert event.trace_id == current == "ctx-trace-1"


def test_without_any_trace_it_generates_one_rather_than_a_placeholder() -> None:
    event = audit_event_record(event_type=events.CALCULATOR_USED, actor=Actor.system("w"))
    assert len(event.trace_id) == 32 and event.trace_id != "-"


@pytest.mark.parametrize("event_type", ["", "decided", "Review.Decided", "review decided", None])
def test_it_refuses_a_malformed_event_type(event_type) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="event_type"):
        audit_event_record(event_type=event_type, actor=Actor.system("w"), trace_id="t")


def test_it_refuses_a_malformed_trace_id() -> None:
    with pytest.raises(ValueError, match="trace_id"):
        audit_event_record(
            event_type=events.CALCULATOR_USED, actor=Actor.system("w"), trace_id="a b"
        )


def test_it_refuses_an_actor_that_is_not_an_actor() -> None:
    with pytest.raises(ValueError, match="actor"):
        audit_event_record(event_type=events.CALCULATOR_USED, actor="admin", trace_id="t")  # type: ignore[arg-type]


def test_it_refuses_a_payload_that_is_not_a_dict() -> None:
    with pytest.raises(ValueError, match="payload must be a dict"):
        audit_event_record(
            event_type=events.CALCULATOR_USED, actor=Actor.system("w"), trace_id="t", payload=[1]
        )


def test_it_refuses_an_overlong_subject_before_touching_the_database() -> None:
    head = AuditEvent.objects.order_by("-seq").values_list("seq", flat=True).first()
    with pytest.raises(ValueError, match="subject_id is longer than 64"):
        audit_event_record(
            event_type=events.CALCULATOR_USED,
            actor=Actor.system("w"),
            trace_id="t",
            subject_id="x" * 65,
        )
    assert AuditEvent.objects.order_by("-seq").values_list("seq", flat=True).first() == head
