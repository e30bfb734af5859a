"""An audit event commits or rolls back with the change it records, and leaves no gap."""

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction

from audit import events
from audit.actors import Actor
from audit.models import AuditEvent
from audit.services import audit_event_record


class Boom(Exception):
    pass


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_business_transaction_leaves_no_audit_row_and_no_gap(trace_id) -> None:  # type: ignore[no-untyped-def]
    head_before = AuditEvent.objects.order_by("-seq").values_list("seq", flat=True).first() or 0
    with pytest.raises(Boom), transaction.atomic():
        user = get_user_model().objects.create(username=f"ghost-{trace_id[-8:]}")
        audit_event_record(
            event_type=events.API_KEY_CREATED,
            actor=Actor.system("test"),
            trace_id=trace_id,
            subject_type="user",
            subject_id=str(user.pk),
        )
        raise Boom
    assert not get_user_model().objects.filter(username=f"ghost-{trace_id[-8:]}").exists()
    assert not AuditEvent.objects.filter(trace_id=trace_id).exists()

    after = audit_event_record(
        event_type=events.CALCULATOR_USED, actor=Actor.system("test"), trace_id=trace_id
    )
    assert after.seq == head_before + 1


@pytest.mark.django_db(transaction=True)
def test_a_committed_business_transaction_keeps_its_audit_row(trace_id) -> None:  # type: ignore[no-untyped-def]
    with transaction.atomic():
        user = get_user_model().objects.create(username=f"kept-{trace_id[-8:]}")
        audit_event_record(
            event_type=events.API_KEY_CREATED,
            actor=Actor.system("test"),
            trace_id=trace_id,
            subject_type="user",
            subject_id=str(user.pk),
        )
    assert AuditEvent.objects.filter(trace_id=trace_id, subject_id=str(user.pk)).exists()
