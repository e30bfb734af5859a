"""A task the trace-propagation test loads into a real worker (not a test module)."""

import logging

from celery import shared_task

from audit import events
from audit.actors import Actor
from audit.services import audit_event_record

logger = logging.getLogger("tests.audit.celery_probe")


@shared_task(name="tests.audit.record_probe")
def record_probe(marker: str) -> None:
    # No trace ID passed: it must arrive in the task's headers.
    audit_event_record(
        event_type=events.CALCULATOR_USED,
        actor=Actor.system(),
        subject_type="probe",
        subject_id=marker,
    )
    logger.warning("probe %s recorded", marker)


@shared_task(name="tests.audit.connection_probe")
def connection_probe(marker: str) -> None:
    """Records which PostgreSQL server process served this task's queries."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (backend_pid,) = cursor.fetchone()
    audit_event_record(
        event_type=events.CALCULATOR_USED,
        actor=Actor.system(),
        subject_type="connection-probe",
        subject_id=marker,
        payload={"backend_pid": backend_pid},
    )
