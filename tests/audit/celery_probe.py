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
