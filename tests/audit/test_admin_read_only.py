"""The admin shows audit events and offers no way to add, change or delete one."""

import pytest
from django.urls import reverse

from audit.models import AuditEvent

pytestmark = pytest.mark.django_db


def test_the_list_shows_events_with_a_link_to_their_trace(admin_client, record, trace_id) -> None:  # type: ignore[no-untyped-def]
    record()
    response = admin_client.get(reverse("admin:audit_auditevent_changelist"), {"q": trace_id})
    assert response.status_code == 200
    assert f"/audit/traces/{trace_id}/" in response.content.decode()


def test_an_event_opens_read_only(admin_client, record) -> None:  # type: ignore[no-untyped-def]
    event = record(payload={"expression": "1 + 1"})
    url = reverse("admin:audit_auditevent_change", args=[event.pk])
    response = admin_client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="_save"' not in html and "deletelink" not in html
    assert admin_client.post(url, {"trace_id": "rewritten"}).status_code == 403
    assert AuditEvent.objects.get(pk=event.pk).trace_id == event.trace_id


def test_adding_and_deleting_are_refused(admin_client, record) -> None:  # type: ignore[no-untyped-def]
    event = record()
    assert admin_client.get(reverse("admin:audit_auditevent_add")).status_code == 403
    delete_url = reverse("admin:audit_auditevent_delete", args=[event.pk])
    assert admin_client.post(delete_url, {"post": "yes"}).status_code == 403
    assert AuditEvent.objects.filter(pk=event.pk).exists()
