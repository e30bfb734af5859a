"""Celery tasks of the detection domain: thin, they load by id and call the service."""

import logging

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.utils import timezone

from audit.actors import Actor

from . import services
from .conf import detector_settings
from .models import Query

logger = logging.getLogger(__name__)


@shared_task(name=services.DETECT_TASK, bind=True, max_retries=None, acks_late=True)
def detect(self, query_id: str) -> str | None:  # type: ignore[no-untyped-def]
    """Detect hallucinations in one submitted query; safe to deliver more than once."""
    actor = Actor.system(f"worker:{self.request.hostname or 'eager'}")
    try:
        query = services.query_detect(query_id=query_id, actor=actor)
    except Query.DoesNotExist:
        logger.warning("Query %s does not exist; nothing to detect", query_id)
        return None
    except (Exception, SoftTimeLimitExceeded) as exc:
        logger.exception("Detection of query %s failed", query_id)
        if isinstance(exc, SoftTimeLimitExceeded):
            limit = self.soft_time_limit or self.app.conf.task_soft_time_limit
            error = f"Detection ran out of time: it took longer than the {limit}-second limit."
        else:
            error = services.readable_error("Detection failed", exc)
        query = services.query_release_after_error(query_id=query_id, error=error)
        # In-process mode has no broker to retry through, and the engine is deterministic.
        if self.request.is_eager or query.attempts >= detector_settings()["MAX_ATTEMPTS"]:
            services.query_fail(query=query, actor=actor, error=error)
            return Query.Status.FAILED
        raise self.retry(exc=exc, countdown=2**query.attempts) from exc
    # In-process mode detects each submission on its own commit; nothing waits there.
    if not self.request.is_eager and _behind(query):
        _detect_waiting(actor)
    return query.status if query is not None else None


# A query that waited longer than this for its task means the queue is backing up.
BACKLOG_SECONDS = 0.25


def _behind(query: Query | None) -> bool:
    """Whether the queue is backing up: this task's query waited long, or another worker
    had already taken it along with its own (which only happens under a backlog)."""
    if query is None:
        return True
    return (timezone.now() - query.created_at).total_seconds() > BACKLOG_SECONDS


def _detect_waiting(actor: Actor) -> None:
    """Take along whatever else waits; its failures are its own, never this task's."""
    try:
        services.query_detect_waiting(actor=actor, limit=detector_settings()["DETECT_CHUNK"])
    except Exception:
        logger.exception("Detecting the waiting queries failed; their own tasks will run them")


@shared_task(name=services.DETECT_BATCH_TASK, bind=True, acks_late=True)
def detect_batch(self, query_ids: list[str]) -> int:  # type: ignore[no-untyped-def]
    """Detect a chunk of a batch's queries together; safe to deliver more than once."""
    actor = Actor.system(f"worker:{self.request.hostname or 'eager'}")
    try:
        return len(services.query_detect_many(query_ids=query_ids, actor=actor))
    except (Exception, SoftTimeLimitExceeded) as exc:
        # The chunk as a whole failed (the database, the time limit): each query goes to the
        # single task, with its retries and its own failure report.
        logger.exception("Detection of a chunk of %s queries failed", len(query_ids))
        error = services.readable_error("Detection failed", exc)
        for query_id in query_ids:
            try:
                services.query_release_after_error(query_id=query_id, error=error)
            except Exception:
                logger.exception("Could not release query %s; the sweeper will", query_id)
            services.enqueue_detection(query_id)
        return 0


@shared_task(name="hallucination.requeue_stalled")
def requeue_stalled() -> int:
    """Periodic sweep (Celery beat): re-enqueue queries whose enqueue or worker was lost."""
    return services.query_requeue_stalled(
        older_than_seconds=detector_settings().get("REQUEUE_AFTER_SECONDS", 30)
    )
