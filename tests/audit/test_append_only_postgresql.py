"""On PostgreSQL the database itself refuses to change, remove or empty audit events."""

import pytest
from django.db import DatabaseError, connection, transaction

from audit.models import AuditEvent

pytestmark = pytest.mark.django_db


def _refused(sql: str, params: list | None = None) -> str:
    with (
        pytest.raises(DatabaseError) as caught,
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql, params or [])
    return str(caught.value)


def test_the_tests_run_on_postgresql() -> None:
    assert connection.vendor == "postgresql"


def test_a_raw_update_fails(record) -> None:  # type: ignore[no-untyped-def]
    event = record(payload={"result": "14.2"})
    message = _refused(
        "UPDATE audit_auditevent SET payload = '{}'::jsonb WHERE id = %s", [event.pk]
    )
    assert "append-only: UPDATE" in message
    assert AuditEvent.objects.get(pk=event.pk).payload == {"result": "14.2"}


def test_a_raw_delete_fails(record) -> None:  # type: ignore[no-untyped-def]
    event = record()
    assert "append-only: DELETE" in _refused(
        "DELETE FROM audit_auditevent WHERE id = %s", [event.pk]
    )
    assert AuditEvent.objects.filter(pk=event.pk).exists()


def test_a_truncate_fails(record) -> None:  # type: ignore[no-untyped-def]
    record()
    assert "append-only: TRUNCATE" in _refused("TRUNCATE audit_auditevent")
    assert AuditEvent.objects.exists()


def test_an_insert_that_does_not_extend_the_head_fails(record) -> None:  # type: ignore[no-untyped-def]
    head = record()
    message = _refused(
        "INSERT INTO audit_auditevent (seq, trace_id, event_type, actor_kind, actor_id, "
        "actor_name, subject_type, subject_id, payload, created_at, prev_hash, hash) "
        "VALUES (%s, 't', 'x.y', 'system', '', 'n', '', '', '{}', now(), %s, %s)",
        [head.seq + 5, head.hash, "e" * 64],
    )
    assert "does not extend the head" in message


def test_the_orm_refuses_to_save_an_existing_event_or_delete_one(record) -> None:  # type: ignore[no-untyped-def]
    event = record()
    event.payload = {"changed": True}
    with pytest.raises(TypeError, match="append-only"):
        event.save()
    with pytest.raises(TypeError, match="append-only"):
        event.delete()


def test_the_orm_refuses_bulk_changes(record) -> None:  # type: ignore[no-untyped-def]
    record()
    with pytest.raises(TypeError, match="append-only"):
        AuditEvent.objects.all().update(trace_id="x")
    with pytest.raises(TypeError, match="append-only"):
        AuditEvent.objects.all().delete()
    with pytest.raises(TypeError, match="one at a time"):
        AuditEvent.objects.bulk_create([AuditEvent()])
