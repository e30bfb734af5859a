"""Result webhooks: signed POSTs to a submission's callback URL, through the outbound guard.

The signature follows the scheme payment providers use: the header

    X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">

keyed with WEBHOOK_SIGNING_SECRET. A receiver recomputes the HMAC over the exact bytes it
received, compares in constant time and refuses a timestamp older than its tolerance, so a
captured request cannot be replayed later (docs/api.md "Webhooks").
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import time
from dataclasses import dataclass, replace
from typing import Any

import httpx
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from audit import events
from audit.actors import Actor
from audit.services import audit_event_record

from ..api.serializers import QueryResultSerializer
from ..models import Query, WebhookDelivery
from ..outbound.guard import GuardedTransport, OutboundFailed, OutboundPolicy, OutboundRefused
from ..outbound.policy import outbound_policy
from ..selectors import query_result

logger = logging.getLogger(__name__)

SIGNATURE_HEADER = "X-Signature"
EVENT_HEADER = "X-Webhook-Event"
DELIVERY_HEADER = "X-Webhook-Delivery"
DEFAULT_TOLERANCE_SECONDS = 300
DELIVER_TASK = "hallucination.deliver_webhook"


class SignatureError(ValueError):
    """A webhook signature that does not verify; the message says which check failed."""


def webhook_settings() -> dict[str, Any]:
    return dict(settings.WEBHOOKS)


# ---------------------------------------------------------------- signing


def sign(*, secret: str, body: bytes, timestamp: int) -> str:
    """The X-Signature value for a body sent at timestamp (seconds since the epoch)."""
    if not secret:
        raise SignatureError("No signing secret is configured (WEBHOOK_SIGNING_SECRET).")
    message = str(int(timestamp)).encode() + b"." + body
    digest = hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()
    return f"t={int(timestamp)},v1={digest}"


def verify_signature(
    *,
    secret: str,
    header: str,
    body: bytes,
    tolerance: int = DEFAULT_TOLERANCE_SECONDS,
    now: float | None = None,
) -> int:
    """Check a received X-Signature against the raw body; return its timestamp.

    Raises SignatureError when the header is malformed, no v1 signature matches (several are
    accepted, for secret rotation) or the timestamp is outside the tolerance.
    """
    parts: dict[str, list[str]] = {}
    for item in (header or "").split(","):
        key, _, value = item.strip().partition("=")
        if key and value:
            parts.setdefault(key, []).append(value)
    if "t" not in parts or "v1" not in parts:
        raise SignatureError("The signature header needs t=<timestamp> and v1=<signature>.")
    try:
        timestamp = int(parts["t"][0])
    except ValueError:
        raise SignatureError("The signature timestamp is not an integer.") from None
    expected = sign(secret=secret, body=body, timestamp=timestamp).split("v1=", 1)[1]
    if not any(hmac.compare_digest(expected, given) for given in parts["v1"]):
        raise SignatureError("No v1 signature matches the body.")
    current = time.time() if now is None else now
    if abs(current - timestamp) > tolerance:
        raise SignatureError(f"The timestamp is more than {tolerance} seconds away from now.")
    return timestamp


# ---------------------------------------------------------------- sending


@dataclass(frozen=True, slots=True)
class AttemptResult:
    """What one POST came to: delivered, or why not and whether trying again may help."""

    delivered: bool
    status_code: int | None = None
    error: str = ""
    transient: bool = False
    refused: bool = False


def webhook_policy() -> OutboundPolicy:
    """The outbound guard's policy for callbacks: its networks, ports and timeouts.

    Hosts come from WEBHOOKS["ALLOWED_HOSTS"] (any public host by default: callback URLs are
    the client's choice); private networks stay refused unless VERIFICATION exempts them.
    """
    conf = webhook_settings()
    timeout = float(conf["TIMEOUT"])
    return replace(
        outbound_policy(),
        allowed_hosts=tuple(str(h).strip().lower() for h in conf["ALLOWED_HOSTS"]),
        read_timeout=timeout,
        total_timeout=timeout,
        user_agent="numeric-hallucination-review/1.0 (webhooks)",
    )


def post_signed(*, url: str, body: bytes, headers: dict[str, str]) -> AttemptResult:
    """POST a body through the outbound guard, never following redirects.

    Any 2xx is a delivery. 5xx, 408, 429 and network errors are worth retrying; other
    statuses and guard refusals are not.
    """
    policy = webhook_policy()
    timeout = httpx.Timeout(
        connect=policy.connect_timeout,
        read=policy.read_timeout,
        write=policy.read_timeout,
        pool=policy.connect_timeout,
    )
    request_headers = {
        "User-Agent": policy.user_agent,
        "Content-Type": "application/json",
        **headers,
    }
    try:
        with httpx.Client(
            transport=GuardedTransport(policy), trust_env=False, follow_redirects=False
        ) as client:
            response = client.post(url, content=body, headers=request_headers, timeout=timeout)
    except OutboundRefused as refusal:
        return AttemptResult(
            delivered=False, error=f"{refusal.code}: {refusal.message}", refused=True
        )
    except OutboundFailed as failure:
        return AttemptResult(
            delivered=False, error=f"{failure.code}: {failure.message}", transient=failure.transient
        )
    except httpx.TimeoutException as exc:
        return AttemptResult(delivered=False, error=f"timeout: {exc}", transient=True)
    except httpx.HTTPError as exc:
        return AttemptResult(delivered=False, error=f"{type(exc).__name__}: {exc}", transient=True)
    status = response.status_code
    if 200 <= status < 300:
        return AttemptResult(delivered=True, status_code=status)
    return AttemptResult(
        delivered=False,
        status_code=status,
        error=f"The receiver answered {status}.",
        transient=status >= 500 or status in (408, 429),
    )


def result_body(query: Query) -> bytes:
    """The result JSON exactly as GET /api/v1/queries/{id}/ returns it, as compact bytes."""
    data = QueryResultSerializer(query_result(query)).data
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, default=str).encode()


def backoff_seconds(attempt: int) -> int:
    """Exponential: base, 2 x base, 4 x base ... capped."""
    conf = webhook_settings()
    return int(min(conf["BACKOFF_SECONDS"] * 2 ** max(0, attempt - 1), conf["BACKOFF_MAX_SECONDS"]))


# ---------------------------------------------------------------- services


def webhook_delivery_create(
    *,
    query: Query,
    kind: str,
    channel: str,
    target: str,
    review_id: int | None = None,
    reason: str = "",
) -> tuple[WebhookDelivery, bool]:
    """Record a message to send; a second one of the same kind and channel is not created."""
    try:
        with transaction.atomic():
            delivery = WebhookDelivery.objects.create(
                query=query,
                kind=kind,
                channel=channel,
                target=target[:2000],
                trace_id=query.trace_id,
                review_id=review_id,
                reason=reason[:500],
            )
    except IntegrityError:
        existing = WebhookDelivery.objects.get(query=query, kind=kind, channel=channel)
        return existing, False
    return delivery, True


@transaction.atomic
def webhook_attempt_record(
    *, delivery: WebhookDelivery, result: AttemptResult, final: bool, actor: Actor
) -> WebhookDelivery:
    """Count one attempt on the delivery and record it in the audit log (trace timeline)."""
    delivery = WebhookDelivery.objects.select_for_update().get(pk=delivery.pk)
    delivery.attempts += 1
    delivery.last_status_code = result.status_code
    delivery.last_error = result.error[:2000]
    if result.delivered:
        delivery.status = WebhookDelivery.Status.DELIVERED
        delivery.delivered_at = timezone.now()
        outcome = "delivered"
    elif result.refused:
        delivery.status = WebhookDelivery.Status.REFUSED
        outcome = "refused"
    elif final or not result.transient:
        delivery.status = WebhookDelivery.Status.FAILED
        outcome = "failed"
    else:
        outcome = "will_retry"
    delivery.save()
    audit_event_record(
        event_type=events.WEBHOOK_ATTEMPTED
        if delivery.channel != WebhookDelivery.Channel.EMAIL
        else events.NOTIFICATION_SENT,
        actor=actor,
        trace_id=delivery.trace_id,
        subject_type="webhook_delivery",
        subject_id=str(delivery.pk),
        payload={
            "kind": delivery.kind,
            "channel": delivery.channel,
            "target": _redacted(delivery),
            "attempt": delivery.attempts,
            "status_code": result.status_code,
            "outcome": outcome,
            "error": result.error[:500] or None,
        },
    )
    return delivery


def _redacted(delivery: WebhookDelivery) -> str:
    """Chat webhook URLs carry their credential in the path: record the host only."""
    if delivery.channel == WebhookDelivery.Channel.CHAT:
        try:
            return f"{httpx.URL(delivery.target).host} (path withheld)"
        except httpx.InvalidURL:
            return "(invalid URL)"
    if delivery.channel == WebhookDelivery.Channel.CALLBACK:
        try:
            # Query strings may carry tokens too.
            return str(httpx.URL(delivery.target).copy_with(query=None))
        except httpx.InvalidURL:
            return "(invalid URL)"
    return delivery.target


def result_webhook_attempt(*, delivery_id: int, actor: Actor) -> WebhookDelivery:
    """Make one signed POST of a query's result to its callback URL and record it."""
    delivery = WebhookDelivery.objects.select_related("query").get(pk=delivery_id)
    if delivery.status != WebhookDelivery.Status.PENDING:
        return delivery  # delivered (or given up) by an earlier run of the task
    conf = webhook_settings()
    final = delivery.attempts + 1 >= int(conf["MAX_ATTEMPTS"])
    secret = conf["SIGNING_SECRET"]
    if not secret:
        result = AttemptResult(
            delivered=False, error="WEBHOOK_SIGNING_SECRET is not set: callbacks are not sent."
        )
        return webhook_attempt_record(delivery=delivery, result=result, final=True, actor=actor)
    body = result_body(delivery.query)
    headers = {
        SIGNATURE_HEADER: sign(secret=secret, body=body, timestamp=int(time.time())),
        EVENT_HEADER: "query.finished",
        DELIVERY_HEADER: str(delivery.pk),
        "X-Trace-Id": delivery.trace_id,
    }
    result = post_signed(url=delivery.target, body=body, headers=headers)
    if not result.delivered:
        logger.warning(
            "Webhook %s to %s: %s", delivery.pk, _redacted(delivery), result.error or "failed"
        )
    return webhook_attempt_record(delivery=delivery, result=result, final=final, actor=actor)
