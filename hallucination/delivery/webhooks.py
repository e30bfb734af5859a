"""Result webhooks: signed POSTs to a submission's callback URL, through the outbound guard.

Signed with the Standard Webhooks scheme (standardwebhooks.com): three headers,

    webhook-id: msg_<delivery id>           the same on every retry: receivers dedupe on it
    webhook-timestamp: <unix seconds>
    webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>"> [v1,... ]

keyed with the endpoint's own secret (`whsec_<base64>`, manage.py webhook_secret), or with
WEBHOOK_SIGNING_SECRET for endpoints without one. While a rotated secret's overlap lasts,
the message carries a signature under each, so a receiver can switch at its own pace. A
receiver recomputes the HMAC over the exact bytes it received, compares in constant time and
refuses a timestamp outside its tolerance, so a captured request cannot be replayed later
(docs/api.md "Webhooks").
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

import httpx
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from audit import events
from audit.actors import Actor
from audit.services import audit_event_record

from ..api.serializers import query_result_data
from ..models import ApiClient, Query, WebhookDelivery, WebhookEndpoint
from ..outbound.guard import GuardedTransport, OutboundFailed, OutboundPolicy, OutboundRefused
from ..outbound.policy import outbound_policy
from ..selectors import query_result

logger = logging.getLogger(__name__)

ID_HEADER = "webhook-id"
TIMESTAMP_HEADER = "webhook-timestamp"
SIGNATURE_HEADER = "webhook-signature"
EVENT_HEADER = "X-Webhook-Event"
DELIVERY_HEADER = "X-Webhook-Delivery"
DEFAULT_TOLERANCE_SECONDS = 300
DELIVER_TASK = "hallucination.deliver_webhook"
SECRET_PREFIX = "whsec_"


class SignatureError(ValueError):
    """A webhook signature that does not verify; the message says which check failed."""


def webhook_settings() -> dict[str, Any]:
    return dict(settings.WEBHOOKS)


# ---------------------------------------------------------------- signing


def new_secret() -> str:
    """A fresh endpoint secret in the Standard Webhooks form: whsec_ and 32 random bytes."""
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(32)).decode()


def _key(secret: str) -> bytes:
    """whsec_<base64> secrets are their decoded bytes; any other shared secret its UTF-8."""
    if secret.startswith(SECRET_PREFIX):
        return base64.b64decode(secret.removeprefix(SECRET_PREFIX))
    return secret.encode()


def message_id(delivery: WebhookDelivery) -> str:
    return f"msg_{delivery.pk}"


def sign(*, secret: str, msg_id: str, timestamp: int, body: bytes) -> str:
    """One `v1,<base64>` signature of a message."""
    if not secret:
        raise SignatureError("No signing secret is configured (WEBHOOK_SIGNING_SECRET).")
    signed = f"{msg_id}.{int(timestamp)}.".encode() + body
    return (
        "v1," + base64.b64encode(hmac.new(_key(secret), signed, hashlib.sha256).digest()).decode()
    )


def signature_headers(
    *, secrets: Sequence[str], msg_id: str, body: bytes, timestamp: int | None = None
) -> dict[str, str]:
    """The three Standard Webhooks headers, one signature per secret (rotation overlap)."""
    stamp = int(time.time()) if timestamp is None else int(timestamp)
    return {
        ID_HEADER: msg_id,
        TIMESTAMP_HEADER: str(stamp),
        SIGNATURE_HEADER: " ".join(
            sign(secret=secret, msg_id=msg_id, timestamp=stamp, body=body) for secret in secrets
        ),
    }


def verify_signature(
    *,
    secret: str,
    headers: Mapping[str, str],
    body: bytes,
    tolerance: int = DEFAULT_TOLERANCE_SECONDS,
    now: float | None = None,
) -> int:
    """Check received Standard Webhooks headers against the raw body; return the timestamp.

    Raises SignatureError when a header is missing or malformed, the timestamp is outside the
    tolerance, or no v1 signature matches (several are accepted, for rotation).
    """
    lower = {key.lower(): value for key, value in headers.items()}
    msg_id = lower.get(ID_HEADER, "")
    stamp = lower.get(TIMESTAMP_HEADER, "")
    given = lower.get(SIGNATURE_HEADER, "")
    if not msg_id or not stamp.isdigit() or not given:
        raise SignatureError("webhook-id, webhook-timestamp and webhook-signature are required.")
    timestamp = int(stamp)
    current = time.time() if now is None else now
    if abs(current - timestamp) > tolerance:
        raise SignatureError(f"The timestamp is more than {tolerance} seconds away from now.")
    expected = sign(secret=secret, msg_id=msg_id, timestamp=timestamp, body=body)
    if not any(hmac.compare_digest(expected, candidate) for candidate in given.split()):
        raise SignatureError("No v1 signature matches the body.")
    return timestamp


def signing_secrets(*, client: ApiClient | None, url: str) -> list[str]:
    """The secrets a message to `url` is signed with: the endpoint's own (and, during a
    rotation's overlap, its previous one), else the deployment's; [] when there is none."""
    if client is not None:
        endpoint = WebhookEndpoint.objects.filter(client=client, url=url).first()
        if endpoint is not None:
            keys = [endpoint.secret]
            if endpoint.previous_secret and (
                endpoint.previous_expires_at and endpoint.previous_expires_at > timezone.now()
            ):
                keys.append(endpoint.previous_secret)
            return keys
    shared = webhook_settings()["SIGNING_SECRET"]
    return [shared] if shared else []


@transaction.atomic
def webhook_endpoint_secret_rotate(*, client: ApiClient, url: str, actor: Actor) -> str:
    """Give an endpoint a new secret (creating the endpoint on first use); returns it, once.

    The previous secret keeps signing alongside for WEBHOOK_ROTATION_OVERLAP_SECONDS.
    """
    fresh = new_secret()
    endpoint = WebhookEndpoint.objects.select_for_update().filter(client=client, url=url).first()
    now = timezone.now()
    if endpoint is None:
        endpoint = WebhookEndpoint.objects.create(client=client, url=url, secret=fresh)
        rotated = False
    else:
        overlap = timedelta(seconds=webhook_settings()["ROTATION_OVERLAP_SECONDS"])
        endpoint.previous_secret = endpoint.secret
        endpoint.previous_expires_at = now + overlap
        endpoint.secret = fresh
        endpoint.rotated_at = now
        endpoint.save()
        rotated = True
    audit_event_record(
        event_type=events.WEBHOOK_SECRET_ROTATED,
        actor=actor,
        subject_type="webhook_endpoint",
        subject_id=str(endpoint.pk),
        payload={
            "client": client.name,
            "url": str(httpx.URL(url).copy_with(query=None)),
            "rotated": rotated,
            "previous_valid_until": endpoint.previous_expires_at.isoformat()
            if rotated and endpoint.previous_expires_at
            else None,
        },
    )
    return fresh


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
    data = query_result_data(query_result(query))
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
                due_at=timezone.now(),
            )
    except IntegrityError:
        existing = WebhookDelivery.objects.get(
            query=query, kind=kind, channel=channel, target=target[:2000]
        )
        return existing, False
    return delivery, True


def delivery_take(*, delivery_id: int, respect_due: bool = True) -> WebhookDelivery | None:
    """Take a pending delivery for one attempt, or None if it is not ours to send now.

    A conditional UPDATE moves its due time past the attempt's longest run, so the task, a
    retry and the sweep never send one message at once; if the worker dies mid-attempt the
    row simply falls due again. `respect_due=False` (in-process retries, which run at once)
    takes it whatever its due time.
    """
    now = timezone.now()
    hold = timedelta(seconds=float(webhook_settings()["TIMEOUT"]) * 3 + 30)
    pending = WebhookDelivery.objects.filter(pk=delivery_id, status=WebhookDelivery.Status.PENDING)
    if respect_due:
        pending = pending.filter(Q(due_at__isnull=True) | Q(due_at__lte=now))
    if not pending.update(due_at=now + hold, updated_at=now):
        return None
    return WebhookDelivery.objects.select_related("query", "query__client").get(pk=delivery_id)


def deliveries_overdue(*, grace_seconds: int, limit: int = 500) -> list[WebhookDelivery]:
    """Pending deliveries due more than `grace_seconds` ago: their task was lost (a worker
    killed between the save and the send, a broker outage at enqueue time)."""
    cutoff = timezone.now() - timedelta(seconds=grace_seconds)
    return list(
        WebhookDelivery.objects.filter(status=WebhookDelivery.Status.PENDING, due_at__lte=cutoff)
        .order_by("due_at")
        .only("pk", "channel")[:limit]
    )


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
        delivery.due_at = timezone.now() + timedelta(seconds=backoff_seconds(delivery.attempts))
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


def result_webhook_attempt(
    *, delivery_id: int, actor: Actor, respect_due: bool = True
) -> WebhookDelivery | None:
    """Make one signed POST of a query's result to its callback URL and record it.

    Returns None when the delivery is not this caller's to send now (settled, not yet due,
    or being sent by another worker).
    """
    delivery = delivery_take(delivery_id=delivery_id, respect_due=respect_due)
    if delivery is None:
        return None
    conf = webhook_settings()
    final = delivery.attempts + 1 >= int(conf["MAX_ATTEMPTS"])
    keys = signing_secrets(client=delivery.query.client, url=delivery.target)
    if not keys:
        result = AttemptResult(
            delivered=False,
            error="No signing secret for this endpoint and WEBHOOK_SIGNING_SECRET is not set: "
            "callbacks are not sent unsigned.",
        )
        return webhook_attempt_record(delivery=delivery, result=result, final=True, actor=actor)
    body = result_body(delivery.query)
    headers = {
        **signature_headers(secrets=keys, msg_id=message_id(delivery), body=body),
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
