"""Celery tasks and signal receivers of delivery: result webhooks and escalation notices."""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import transaction
from django.dispatch import receiver

from audit.actors import Actor
from reviews.signals import review_escalated, review_opened

from ..celery import app
from ..models import Query, WebhookDelivery
from ..signals import query_finished
from . import notifications, webhooks

logger = logging.getLogger(__name__)


def _enqueue(task_name: str, delivery_id: int) -> None:
    try:
        app.signature(task_name, args=[delivery_id]).apply_async()
    except Exception:
        # The delivery row stays pending; it is visible, and a later run can pick it up.
        logger.exception("Could not enqueue %s for delivery %s", task_name, delivery_id)


def _retry_or_stop(task, delivery: WebhookDelivery | None) -> str:  # type: ignore[no-untyped-def]
    if delivery is None:
        return "not_due"  # settled, not due yet, or in another worker's hands
    if getattr(delivery, "deferred", False):
        return "waiting"  # its recipient's budget is spent: the sweep sends it when due
    if delivery.status == WebhookDelivery.Status.PENDING:
        raise task.retry(countdown=webhooks.backoff_seconds(delivery.attempts))
    return delivery.status


@shared_task(name=webhooks.DELIVER_TASK, bind=True, max_retries=None, acks_late=True)
def deliver_webhook(self, delivery_id: int) -> str:  # type: ignore[no-untyped-def]
    """POST a query's result to its callback URL; retried with backoff until MAX_ATTEMPTS."""
    actor = Actor.system(f"worker:{self.request.hostname or 'eager'}")
    try:
        # In-process retries run at once, before the row falls due again.
        delivery = webhooks.result_webhook_attempt(
            delivery_id=delivery_id, actor=actor, respect_due=not self.request.is_eager
        )
    except WebhookDelivery.DoesNotExist:
        logger.warning("Webhook delivery %s does not exist", delivery_id)
        return "missing"
    return _retry_or_stop(self, delivery)


@shared_task(name=notifications.NOTIFY_TASK, bind=True, max_retries=None, acks_late=True)
def send_notification(self, delivery_id: int) -> str:  # type: ignore[no-untyped-def]
    """Send one escalation notice (email or chat); retried like a webhook."""
    actor = Actor.system(f"worker:{self.request.hostname or 'eager'}")
    try:
        delivery = notifications.notification_attempt(
            delivery_id=delivery_id, actor=actor, respect_due=not self.request.is_eager
        )
    except WebhookDelivery.DoesNotExist:
        logger.warning("Notification %s does not exist", delivery_id)
        return "missing"
    return _retry_or_stop(self, delivery)


SWEEP_TASK = "hallucination.sweep_deliveries"


@shared_task(name=SWEEP_TASK)
def sweep_deliveries() -> int:
    """Periodic sweep (Celery beat): send again every delivery still pending well past its
    due time, whose task was lost (a worker killed between save and send, a broker outage),
    and every held-back notice whose recipient's window has come round."""
    grace = int(webhooks.webhook_settings()["SWEEP_AFTER_SECONDS"])
    overdue = webhooks.deliveries_overdue(grace_seconds=grace)
    overdue += notifications.notices_due()
    for delivery in overdue:
        task_name = (
            webhooks.DELIVER_TASK
            if delivery.channel == WebhookDelivery.Channel.CALLBACK
            else notifications.NOTIFY_TASK
        )
        _enqueue(task_name, delivery.pk)
    if overdue:
        logger.warning("Delivery sweep re-sent %s overdue deliveries", len(overdue))
    return len(overdue)


def _logged(receiver_function):  # type: ignore[no-untyped-def]
    """A failing receiver is logged, never raised: other listeners of the signal still run."""

    def wrapper(sender: object, **kwargs: object) -> None:
        try:
            receiver_function(sender, **kwargs)
        except Exception:
            logger.exception("%s failed for %s", receiver_function.__name__, kwargs)

    wrapper.__name__ = receiver_function.__name__
    return wrapper


@receiver(query_finished, dispatch_uid="integrations.result_webhook")
@_logged
def _on_query_finished(
    sender: object, query_id: str, has_callback: bool = True, **_: object
) -> None:
    if not has_callback:
        return  # most queries: no need to load the row to find that out
    query = Query.objects.filter(pk=query_id).first()
    if query is None or not query.callback_url:
        return
    delivery, created = webhooks.webhook_delivery_create(
        query=query,
        kind=WebhookDelivery.Kind.RESULT,
        channel=WebhookDelivery.Channel.CALLBACK,
        target=query.callback_url,
    )
    if created:
        delivery_id = delivery.pk
        transaction.on_commit(lambda: _enqueue(webhooks.DELIVER_TASK, delivery_id), robust=True)


def _page(query_id: str, review_id: int, reason: str) -> None:
    query = Query.objects.filter(pk=query_id).first()
    if query is None:
        return
    for delivery in notifications.escalation_deliveries_create(
        query=query, review_id=review_id, reason=reason
    ):
        delivery_id = delivery.pk
        transaction.on_commit(
            lambda delivery_id=delivery_id: _enqueue(notifications.NOTIFY_TASK, delivery_id),
            robust=True,
        )


@receiver(review_opened, dispatch_uid="integrations.page_on_audit_review")
@_logged
def _on_review_opened(
    sender: object, review_id: int, query_id: str, stakes: str, **_: object
) -> None:
    if stakes in notifications.RED_FLAG_STAKES:
        _page(query_id, review_id, f"A review opened on an answer at {stakes} stakes.")


@receiver(review_escalated, dispatch_uid="integrations.page_on_escalation")
@_logged
def _on_review_escalated(
    sender: object, review_id: int, query_id: str, reason: str, **_: object
) -> None:
    _page(query_id, review_id, reason)
