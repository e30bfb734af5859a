"""Escalation notices: page the on-call reviewers on red flags only (seed 003's asymmetry).

Two things are red flags: a review opening on an `audit`-stakes answer, and an external check
contradicting a claim. Each sends one email (Django's mail framework) and, when configured, one
chat-webhook message with a link to the review; a query is paged about once, whichever flag
came first. Everything else waits quietly in the queue.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db.models import Count, Exists, OuterRef, Q, Sum
from django.urls import reverse

from audit.actors import Actor
from reviews.roles import REVIEWER

from ..models import Claim, Query, WebhookDelivery
from .webhooks import (
    DELIVERY_HEADER,
    EVENT_HEADER,
    SIGNATURE_HEADER,
    AttemptResult,
    post_signed,
    sign,
    webhook_attempt_record,
    webhook_delivery_create,
    webhook_settings,
)

logger = logging.getLogger(__name__)

NOTIFY_TASK = "hallucination.send_notification"
RED_FLAG_STAKES = frozenset({"audit"})


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
    if emails:
        delivery, new = webhook_delivery_create(
            query=query,
            kind=WebhookDelivery.Kind.ESCALATION,
            channel=WebhookDelivery.Channel.EMAIL,
            target=",".join(emails),
            review_id=review_id,
            reason=reason,
        )
        if new:
            created.append(delivery)
    else:
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


def notification_attempt(*, delivery_id: int, actor: Actor) -> WebhookDelivery:
    """Send one notice (email or chat) and record the attempt."""
    delivery = WebhookDelivery.objects.select_related("query").get(pk=delivery_id)
    if delivery.status != WebhookDelivery.Status.PENDING:
        return delivery
    final = delivery.attempts + 1 >= int(webhook_settings()["MAX_ATTEMPTS"])
    subject, text = notice_text(delivery)
    if delivery.channel == WebhookDelivery.Channel.EMAIL:
        result = _send_email(delivery, subject, text)
    else:
        result = _send_chat(delivery, subject, text)
    return webhook_attempt_record(delivery=delivery, result=result, final=final, actor=actor)


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
        headers[SIGNATURE_HEADER] = sign(secret=secret, body=body, timestamp=int(time.time()))
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
