"""The audit tests' cast and helpers: an auditor, an outsider, a checkpoint key, own traces."""

import uuid
from collections.abc import Callable

import pytest
from django.contrib.auth.models import Permission
from django.db import connection

from audit import events
from audit.actors import Actor
from audit.models import AuditEvent
from audit.services import audit_event_record
from tests.factories import UserFactory

CHECKPOINT_KEY = "test-checkpoint-key-0123456789abcdef-0123456789"


@pytest.fixture
def auditor():  # type: ignore[no-untyped-def]
    user = UserFactory(username="auditor-" + uuid.uuid4().hex[:8])
    user.user_permissions.add(
        Permission.objects.get(content_type__app_label="audit", codename="view_auditevent")
    )
    return user


@pytest.fixture
def outsider():  # type: ignore[no-untyped-def]
    return UserFactory(username="outsider-" + uuid.uuid4().hex[:8])


@pytest.fixture
def checkpoint_key(settings) -> bytes:  # type: ignore[no-untyped-def]
    settings.AUDIT_CHECKPOINT_KEY = CHECKPOINT_KEY
    return CHECKPOINT_KEY.encode()


@pytest.fixture
def trace_id() -> str:
    return "test-" + uuid.uuid4().hex


@pytest.fixture
def record(trace_id: str) -> Callable[..., AuditEvent]:
    """Record an event in this test's trace: record(events.X, payload={...})."""

    def _record(event_type: str = events.CALCULATOR_USED, **fields) -> AuditEvent:  # type: ignore[no-untyped-def]
        fields.setdefault("actor", Actor.system("test-worker"))
        fields.setdefault("trace_id", trace_id)
        return audit_event_record(event_type=event_type, **fields)

    return _record


def tamper(sql: str, params: list | None = None) -> None:
    """Run SQL behind the triggers' back, as a superuser can, in the test's own transaction.

    session_replication_role=replica skips ordinary triggers; SET LOCAL ends with the test's
    transaction, which is rolled back, so nothing outlives the test.
    """
    assert connection.in_atomic_block, "tampering must happen inside a rolled-back transaction"
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL session_replication_role = replica")
        cursor.execute(sql, params or [])
        cursor.execute("SET LOCAL session_replication_role = origin")
