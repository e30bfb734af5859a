"""audit_events_record appends a batch as consecutive, linked events, or nothing at all."""

import itertools

import pytest

from audit import events
from audit.actors import Actor
from audit.chain import compute_hash
from audit.models import AuditEvent
from audit.services import AuditRecord, audit_event_record, audit_events_record
from audit.verification import verify_stored_chain

pytestmark = pytest.mark.django_db

WORKER = Actor.system("worker:test")


def _record(n: int) -> AuditRecord:
    return AuditRecord(
        event_type=events.VERDICT_RECORDED,
        actor=WORKER,
        trace_id="batch-trace",
        subject_type="claim",
        subject_id=str(n),
        payload={"n": n, "value": "0.78"},
    )


def test_it_appends_the_batch_in_order_after_the_head() -> None:
    before = audit_event_record(event_type=events.CALCULATOR_USED, actor=WORKER, trace_id="t")
    batch = audit_events_record(records=[_record(n) for n in range(5)])

    stored = list(AuditEvent.objects.filter(seq__gt=before.seq).order_by("seq"))
    assert [e.seq for e in stored] == list(range(before.seq + 1, before.seq + 6))
    assert [e.subject_id for e in stored] == ["0", "1", "2", "3", "4"]
    assert [e.pk for e in stored] == [e.pk for e in batch]
    assert stored[0].prev_hash == before.hash
    for previous, event in itertools.pairwise(stored):
        assert event.prev_hash == previous.hash
    for event in stored:
        assert compute_hash(event.to_chain_event()) == event.hash


def test_the_next_single_event_chains_to_the_end_of_the_batch() -> None:
    batch = audit_events_record(records=[_record(n) for n in range(3)])
    after = audit_event_record(event_type=events.CALCULATOR_USED, actor=WORKER, trace_id="t")
    assert after.seq == batch[-1].seq + 1
    assert after.prev_hash == batch[-1].hash
    assert verify_stored_chain(from_seq=batch[0].seq).ok


def test_one_bad_record_appends_none_of_the_batch() -> None:
    count = AuditEvent.objects.count()
    bad = AuditRecord(event_type="Not An Event", actor=WORKER, trace_id="batch-trace")
    with pytest.raises(ValueError, match="event_type"):
        audit_events_record(records=[_record(1), bad, _record(2)])
    assert AuditEvent.objects.count() == count


def test_an_empty_batch_writes_nothing() -> None:
    count = AuditEvent.objects.count()
    assert audit_events_record(records=[]) == []
    assert AuditEvent.objects.count() == count
