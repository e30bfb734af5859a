"""Celery task of the audit log: the periodic signed checkpoint that anchors the chain."""

import logging

from celery import shared_task
from django.conf import settings
from django.db import transaction

from .actors import Actor
from .checkpoint import audit_checkpoint_store
from .tracing import trace_context

logger = logging.getLogger(__name__)

CHECKPOINT_TASK = "audit.checkpoint"


@shared_task(name=CHECKPOINT_TASK)
def checkpoint() -> int | None:
    """Write the next signed checkpoint to the store (Celery beat, AUDIT_CHECKPOINT_INTERVAL_SECONDS);
    returns its sequence number, or None when nothing was added or no key is configured."""
    if not settings.AUDIT_CHECKPOINT_KEY:
        logger.warning("AUDIT_CHECKPOINT_KEY is not set: the audit chain is not being anchored")
        return None
    with trace_context(), transaction.atomic():
        stored = audit_checkpoint_store(actor=Actor.system("audit-checkpoint"))
    if stored is None:
        return None
    logger.info("Audit checkpoint #%s stored", stored.seq)
    return stored.seq
