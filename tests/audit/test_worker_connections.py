"""A worker keeps its database connection between tasks instead of reconnecting for each.

Celery's Django fixup closes every connection around every task unless CELERY_DB_REUSE_MAX
is set; reconnecting cost each task a new PostgreSQL server process.
"""

import time
import uuid

import pytest

from audit.models import AuditEvent

from .test_trace_propagation_celery import broker, worker  # noqa: F401  (fixtures)

pytestmark = pytest.mark.integration


def _backend_pid(worker, marker: str) -> int:  # type: ignore[no-untyped-def]  # noqa: F811
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        assert worker.poll() is None, "the worker exited"
        event = AuditEvent.objects.filter(
            subject_type="connection-probe", subject_id=marker
        ).first()
        if event is not None:
            return int(event.payload["backend_pid"])
        time.sleep(0.2)
    raise AssertionError(f"the worker did not run the probe {marker}")


def test_consecutive_tasks_share_one_database_connection(worker) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    from tests.audit.celery_probe import connection_probe

    markers = [uuid.uuid4().hex[:12] for _ in range(3)]
    pids = []
    for marker in markers:
        connection_probe.delay(marker)
        pids.append(_backend_pid(worker, marker))

    assert len(set(pids)) == 1, pids
