"""Celery tasks of external verification: thin, they load by id and call the service."""

from __future__ import annotations

import logging

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from audit.actors import Actor
from hallucination.models import Query
from hallucination.services import query_fail, query_verification_finish, readable_error

from .conf import verification_settings
from .services import query_verify

logger = logging.getLogger(__name__)

VERIFY_QUERY_TASK = "verification.verify_query"

# Limits are fixed when the worker imports the task; they come from settings at that time.
_CONF = verification_settings()


def _finish_or_fail(query: Query, actor: Actor) -> str:
    """Finish the query with what was recorded; if even that fails, mark it failed, saying
    why, rather than leave it `verifying` for the sweeper to send round for ever."""
    try:
        query_verification_finish(query=query, actor=actor)
    except Exception as exc:
        logger.exception("Finishing query %s failed", query.pk)
        query_fail(
            query=query, actor=actor, error=readable_error("Recording the result failed", exc)
        )
        return Query.Status.FAILED
    return Query.Status.DONE


def backoff_seconds(retries: int) -> int:
    """Exponential backoff: 2, 4, 8... seconds, capped."""
    conf = verification_settings()
    return int(min(conf["TASK_BACKOFF_SECONDS"] * 2**retries, conf["TASK_BACKOFF_MAX_SECONDS"]))


@shared_task(
    name=VERIFY_QUERY_TASK,
    bind=True,
    max_retries=_CONF["TASK_MAX_RETRIES"],
    soft_time_limit=_CONF["TASK_SOFT_TIME_LIMIT"],
    time_limit=_CONF["TASK_TIME_LIMIT"],
    acks_late=True,
)
def verify_query(self, query_id: str) -> str | None:  # type: ignore[no-untyped-def]
    """Run the external verifiers on one query that detection left `verifying`.

    A transient failure retries the task with exponential backoff; the last attempt records
    what it could not check as inconclusive and finishes the query, so no query is left
    waiting. Safe to deliver more than once: recorded checks are skipped.
    """
    actor = Actor.system(f"worker:{self.request.hostname or 'eager'}")
    query = Query.objects.filter(pk=query_id).first()
    if query is None:
        logger.warning("Query %s does not exist; nothing to verify", query_id)
        return None
    if query.status != Query.Status.VERIFYING:
        return query.status  # finished by an earlier delivery
    final_attempt = self.request.retries >= self.max_retries
    try:
        run = query_verify(query=query, actor=actor, final_attempt=final_attempt)
    except SoftTimeLimitExceeded:
        logger.error("Verification of query %s ran out of time; finishing it as is", query_id)
        return _finish_or_fail(query, actor)
    except Exception as exc:
        # A bug or a lost database must not leave the query `verifying` for good: retry,
        # and on the last attempt finish it with the verdicts already recorded.
        logger.exception("Verification of query %s failed", query_id)
        if final_attempt:
            return _finish_or_fail(query, actor)
        raise self.retry(
            exc=exc, countdown=backoff_seconds(self.request.retries), max_retries=self.max_retries
        ) from exc
    if not run.finished:
        first = run.transient[0]
        raise self.retry(
            exc=first,
            countdown=backoff_seconds(self.request.retries),
            max_retries=self.max_retries,
        )
    return Query.Status.DONE
