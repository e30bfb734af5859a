"""Escalation notices: page the on-call reviewers on red flags only (seed 003's asymmetry).

Two things are red flags: a review opening on an `audit`-stakes answer, and an external check
contradicting a claim. Each sends one email per on-call reviewer (Django's mail framework) and,
when configured, one chat-webhook message with a link to the review; a query is paged about
once, whichever flag came first. Everything else waits quietly in the queue.

Each recipient (an address, the chat channel) gets at most ESCALATION_MAX_PER_WINDOW messages
per ESCALATION_WINDOW_SECONDS. Notices beyond that wait, and go out together as one digest
when the window allows: a flood of red flags (or a client submitting at `audit` stakes in a
loop) costs each person a handful of messages, and no notice is lost.
"""

from __future__ import annotations

import json
import logging
import uuid
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import Count, Exists, Min, OuterRef, Q, Sum
from django.urls import reverse
from django.utils import timezone

from audit.actors import Actor
from reviews.roles import REVIEWER

from ..models import Claim, Query, WebhookDelivery
from .webhooks import (
    DELIVERY_HEADER,
    EVENT_HEADER,
    AttemptResult,
    delivery_take,
    message_id,
    post_signed,
    signature_headers,
    webhook_attempt_record,
    webhook_delivery_create,
    webhook_settings,
)

logger = logging.getLogger(__name__)

NOTIFY_TASK = "hallucination.send_notification"
RED_FLAG_STAKES = frozenset({"audit"})
# `batch` of a notice held back because its recipient's budget for the window is spent.
WAITING = "waiting"


def escalation_settings() -> dict[str, Any]:
    return dict(settings.ESCALATION)


def on_call_emails() -> list[str]:
    """ESCALATION_EMAILS, or else every active reviewer with an email address."""
    configured = [e.strip() for e in escalation_settings()["EMAILS"] if e.strip()]
    if configured:
        return configured
    users = (
        get_user_model()
        .objects.filter(is_active=True, groups__name=REVIEWER, email__gt="")
        .order_by("pk")
    )
    return sorted({user.email for user in users})


def review_link(review_id: int) -> str:
    return escalation_settings()["SITE_URL"] + reverse("reviews:detail", args=[review_id])


def escalation_deliveries_create(
    *, query: Query, review_id: int, reason: str
) -> list[WebhookDelivery]:
    """Record the notices for a red flag; returns only those not already sent for this query."""
    created = []
    emails = on_call_emails()
    for email in emails:
        delivery, new = webhook_delivery_create(
            query=query,
            kind=WebhookDelivery.Kind.ESCALATION,
            channel=WebhookDelivery.Channel.EMAIL,
            target=email,
            review_id=review_id,
            reason=reason,
        )
        if new:
            created.append(delivery)
    if not emails:
        logger.warning("Red flag on review %s but no on-call reviewer has an email", review_id)
    chat_url = escalation_settings()["CHAT_WEBHOOK_URL"]
    if chat_url:
        delivery, new = webhook_delivery_create(
            query=query,
            kind=WebhookDelivery.Kind.ESCALATION,
            channel=WebhookDelivery.Channel.CHAT,
            target=chat_url,
            review_id=review_id,
            reason=reason,
        )
        if new:
            created.append(delivery)
    return created


def notice_text(delivery: WebhookDelivery) -> tuple[str, str]:
    """Subject and body of a notice: what is wrong, how much is at stake, where to look."""
    query = delivery.query
    contradicted = Claim.objects.filter(query=query, outcome="contradicted").count()
    link = review_link(delivery.review_id) if delivery.review_id else ""
    subject = f"[{query.stakes}] Review {delivery.review_id}: {delivery.reason}"[:200]
    lines = [
        delivery.reason,
        "",
        f"Stakes: {query.stakes}",
        f"Entity: {query.entity or '-'}  Period: {query.period or '-'}",
        f"Claims: {query.total_claims}, ungrounded: {query.ungrounded_count}, "
        f"contradicted by an external check: {contradicted}",
        f"Grounding rate: {query.grounding_rate if query.grounding_rate is not None else '-'}",
        f"Trace: {query.trace_id}",
        "",
        f"Review: {link}",
    ]
    return subject, "\n".join(lines)


def recipient_wait_seconds(*, channel: str, target: str) -> float:
    """Seconds until this recipient may get another message (0: now), by the budget of
    ESCALATION_MAX_PER_WINDOW messages per ESCALATION_WINDOW_SECONDS."""
    conf = escalation_settings()
    window = timedelta(seconds=conf["WINDOW_SECONDS"])
    since = timezone.now() - window
    sent = WebhookDelivery.objects.filter(
        kind=WebhookDelivery.Kind.ESCALATION,
        channel=channel,
        target=target,
        status=WebhookDelivery.Status.DELIVERED,
        delivered_at__gte=since,
    )
    messages = sent.values("batch").distinct().count()
    if messages < conf["MAX_PER_WINDOW"]:
        return 0.0
    oldest = sent.aggregate(first=Min("delivered_at"))["first"]
    return max(1.0, (oldest + window - timezone.now()).total_seconds())


@transaction.atomic
def _hold_back(delivery: WebhookDelivery, wait: float) -> WebhookDelivery:
    """Keep a notice for the recipient's next window; the delivery sweep sends it then."""
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        batch=WAITING, due_at=timezone.now() + timedelta(seconds=wait)
    )
    delivery.refresh_from_db()
    delivery.deferred = True  # type: ignore[attr-defined]
    return delivery


def _batch_for(delivery: WebhookDelivery) -> list[WebhookDelivery]:
    """This notice and the recipient's other notices waiting for it, taken together."""
    now = timezone.now()
    hold = timedelta(seconds=float(webhook_settings()["TIMEOUT"]) * 3 + 30)
    waiting = WebhookDelivery.objects.filter(
        kind=WebhookDelivery.Kind.ESCALATION,
        channel=delivery.channel,
        target=delivery.target,
        status=WebhookDelivery.Status.PENDING,
    ).exclude(pk=delivery.pk)
    taken_ids = []
    for other in waiting.filter(Q(batch=WAITING) | Q(due_at__lte=now)).only("pk")[:200]:
        # Conditionally, one by one: a notice another worker is sending right now stays its.
        if (
            WebhookDelivery.objects.filter(pk=other.pk, status=WebhookDelivery.Status.PENDING)
            .filter(Q(batch=WAITING) | Q(due_at__lte=now))
            .update(due_at=now + hold, batch="")
        ):
            taken_ids.append(other.pk)
    others = list(
        WebhookDelivery.objects.select_related("query").filter(pk__in=taken_ids).order_by("pk")
    )
    return [delivery, *others]


def notification_attempt(
    *, delivery_id: int, actor: Actor, respect_due: bool = True
) -> WebhookDelivery | None:
    """Send one notice (email or chat), with whatever notices wait for the same recipient,
    and record the attempt on each; or hold it back if the recipient's budget is spent.

    Returns None when the delivery is not this caller's to send now.
    """
    delivery = delivery_take(delivery_id=delivery_id, respect_due=respect_due)
    if delivery is None:
        return None
    wait = recipient_wait_seconds(channel=delivery.channel, target=delivery.target)
    if wait:
        return _hold_back(delivery, wait)
    final = delivery.attempts + 1 >= int(webhook_settings()["MAX_ATTEMPTS"])
    batch = _batch_for(delivery)
    subject, text = notice_text(delivery) if len(batch) == 1 else digest_text(batch)
    if delivery.channel == WebhookDelivery.Channel.EMAIL:
        result = _send_email(delivery, subject, text)
    else:
        result = _send_chat(delivery, subject, text)
    batch_id = uuid.uuid4().hex
    recorded = delivery
    for item in batch:
        WebhookDelivery.objects.filter(pk=item.pk).update(batch=batch_id)
        saved = webhook_attempt_record(delivery=item, result=result, final=final, actor=actor)
        if item.pk == delivery.pk:
            recorded = saved
    return recorded


def notices_due() -> list[WebhookDelivery]:
    """Held-back notices whose recipient may be sent to again."""
    return list(
        WebhookDelivery.objects.filter(
            status=WebhookDelivery.Status.PENDING, batch=WAITING, due_at__lte=timezone.now()
        ).only("pk", "channel")[:500]
    )


def digest_text(batch: list[WebhookDelivery]) -> tuple[str, str]:
    """One message for several notices: a line each, then each notice in full."""
    subject = f"{len(batch)} escalations waiting for review"
    parts = [f"{len(batch)} red flags since your last notice:", ""]
    parts += [f"- Review {item.review_id}: {item.reason}" for item in batch]
    for item in batch:
        parts += ["", "-" * 40, notice_text(item)[1]]
    return subject, "\n".join(parts)


def _send_email(delivery: WebhookDelivery, subject: str, text: str) -> AttemptResult:
    recipients = [e for e in delivery.target.split(",") if e]
    try:
        send_mail(
            subject,
            text,
            escalation_settings()["FROM_EMAIL"],
            recipients,
            fail_silently=False,
        )
    except (OSError, ValueError) as exc:
        # SMTP errors are OSErrors: the mail server may be back on the next try.
        return AttemptResult(delivered=False, error=f"{type(exc).__name__}: {exc}", transient=True)
    return AttemptResult(delivered=True)


def _send_chat(delivery: WebhookDelivery, subject: str, text: str) -> AttemptResult:
    # {"text": ...} is what Slack, Mattermost and Rocket.Chat incoming webhooks accept.
    body = json.dumps(
        {
            "text": f"*{subject}*\n{text}",
            "review_id": delivery.review_id,
            "query_id": str(delivery.query_id),
            "trace_id": delivery.trace_id,
            "link": review_link(delivery.review_id) if delivery.review_id else None,
        },
        separators=(",", ":"),
    ).encode()
    headers = {EVENT_HEADER: "review.escalation", DELIVERY_HEADER: str(delivery.pk)}
    secret = webhook_settings()["SIGNING_SECRET"]
    if secret:
        headers.update(signature_headers(secrets=[secret], msg_id=message_id(delivery), body=body))
    return post_signed(url=delivery.target, body=body, headers=headers)


def paging_figures(*, since: Any, until: Any) -> dict[str, Any]:
    """Claims checked against on-call pages over the queries created in [since, until).

    A page is one red-flagged query (its email and chat message count once); seed 003's
    asymmetric escalation wants the ratio high: most claims never wake anybody.
    """
    paged = WebhookDelivery.objects.filter(
        kind=WebhookDelivery.Kind.ESCALATION, query_id=OuterRef("pk")
    )
    # One statement: the reports page reads in a fixed number of queries.
    totals = Query.objects.filter(
        status=Query.Status.DONE, created_at__gte=since, created_at__lt=until
    ).aggregate(claims=Sum("total_claims"), pages=Count("pk", filter=Q(Exists(paged))))
    claims, pages = totals["claims"] or 0, totals["pages"]
    return {
        "claims": claims,
        "pages": pages,
        "claims_per_page": round(claims / pages, 1) if pages else None,
        "ratio": f"{claims / pages:,.1f}:1" if pages else "no pages",
    }
