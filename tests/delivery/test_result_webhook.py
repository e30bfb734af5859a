"""A submission with a callback URL: the signed result reaches a receiver on 127.0.0.1."""

import json

import pytest

from audit.models import AuditEvent
from hallucination.demo.queries import CANONICAL_ANSWER, CANONICAL_SOURCE
from hallucination.models import Query, WebhookDelivery

from .conftest import SECRET
from .documented import documented_verify_webhook

pytestmark = pytest.mark.django_db


def _submit(api, callback_url, django_capture_on_commit_callbacks):  # type: ignore[no-untyped-def]
    payload = {
        "answer": CANONICAL_ANSWER,
        "sources": [{"id": "filing", "text": CANONICAL_SOURCE}],
        "confidence": "0.9",
        "callback_url": callback_url,
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post("/api/v1/queries/", payload, format="json")
    assert response.status_code in (201, 202), response.content
    return Query.objects.get(pk=response.json()["id"])


def test_the_receiver_gets_the_signed_result(
    llm_service, receiver, loopback_allowed, webhook_settings, django_capture_on_commit_callbacks
):
    query = _submit(llm_service, receiver.url(), django_capture_on_commit_callbacks)

    (request,) = receiver.requests
    verify_webhook = documented_verify_webhook()
    result = verify_webhook(SECRET, request.headers, request.body)
    assert result == llm_service.get(f"/api/v1/queries/{query.pk}/").json()
    assert result["status"] == "done"
    assert result["flagged"] is True
    assert request.headers["X-Trace-Id"] == query.trace_id
    assert request.headers["X-Webhook-Event"] == "query.finished"
    delivery = WebhookDelivery.objects.get(query=query)
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("delivered", 1, 200)


def test_a_wrong_signature_fails_the_documented_check(
    llm_service, receiver, loopback_allowed, webhook_settings, django_capture_on_commit_callbacks
):
    _submit(llm_service, receiver.url(), django_capture_on_commit_callbacks)
    (request,) = receiver.requests
    verify_webhook = documented_verify_webhook()
    headers = request.headers

    with pytest.raises(ValueError, match="signature mismatch"):
        verify_webhook("another-secret", headers, request.body)
    tampered = request.body.replace(b'"flagged":true', b'"flagged":false')
    assert tampered != request.body
    with pytest.raises(ValueError, match="signature mismatch"):
        verify_webhook(SECRET, headers, tampered)
    other_id = {**headers, "webhook-id": "msg_999999"}
    with pytest.raises(ValueError, match="signature mismatch"):
        verify_webhook(SECRET, other_id, request.body)
    without_timestamp = {k: v for k, v in headers.items() if k.lower() != "webhook-timestamp"}
    with pytest.raises(ValueError, match="malformed"):
        verify_webhook(SECRET, without_timestamp, request.body)


def test_an_old_timestamp_fails_the_documented_check_as_a_replay(
    llm_service, receiver, loopback_allowed, webhook_settings, django_capture_on_commit_callbacks
):
    from hallucination.delivery.webhooks import signature_headers

    _submit(llm_service, receiver.url(), django_capture_on_commit_callbacks)
    (request,) = receiver.requests
    lower = {k.lower(): v for k, v in request.headers.items()}
    sent_at = int(lower["webhook-timestamp"])
    replayed = signature_headers(
        secrets=[SECRET], msg_id=lower["webhook-id"], body=request.body, timestamp=sent_at - 3600
    )

    with pytest.raises(ValueError, match="replay"):
        documented_verify_webhook()(SECRET, replayed, request.body)


def test_a_receiver_answering_500_twice_gets_the_result_on_the_third_try(
    llm_service, receiver, loopback_allowed, webhook_settings, django_capture_on_commit_callbacks
):
    receiver.script = [500, 500]

    query = _submit(llm_service, receiver.url(), django_capture_on_commit_callbacks)

    assert len(receiver.requests) == 3
    verify_webhook = documented_verify_webhook()
    bodies = [verify_webhook(SECRET, r.headers, r.body) for r in receiver.requests]
    assert bodies[2]["id"] == str(query.pk)
    delivery = WebhookDelivery.objects.get(query=query)
    assert (delivery.status, delivery.attempts) == ("delivered", 3)
    attempts = AuditEvent.objects.filter(
        trace_id=query.trace_id, event_type="webhook.attempted"
    ).order_by("seq")
    assert [(e.payload["status_code"], e.payload["outcome"]) for e in attempts] == [
        (500, "will_retry"),
        (500, "will_retry"),
        (200, "delivered"),
    ]


def test_it_gives_up_after_the_configured_attempts(
    llm_service, receiver, loopback_allowed, webhook_settings, django_capture_on_commit_callbacks
):
    receiver.then = 503

    query = _submit(llm_service, receiver.url(), django_capture_on_commit_callbacks)

    assert len(receiver.requests) == webhook_settings["MAX_ATTEMPTS"]
    delivery = WebhookDelivery.objects.get(query=query)
    assert (delivery.status, delivery.last_status_code) == ("failed", 503)


def test_a_client_error_is_not_retried(
    llm_service, receiver, loopback_allowed, webhook_settings, django_capture_on_commit_callbacks
):
    receiver.then = 410

    query = _submit(llm_service, receiver.url(), django_capture_on_commit_callbacks)

    assert len(receiver.requests) == 1
    assert WebhookDelivery.objects.get(query=query).status == "failed"


def test_a_refused_address_is_never_called(
    llm_service, receiver, webhook_settings, settings, django_capture_on_commit_callbacks
):
    # Any port, but no loopback allowance: 127.0.0.1 is a private address the guard refuses.
    settings.VERIFICATION = {**settings.VERIFICATION, "ALLOWED_PORTS": None}
    query = _submit(llm_service, receiver.url(), django_capture_on_commit_callbacks)

    assert receiver.connections == 0
    delivery = WebhookDelivery.objects.get(query=query)
    assert delivery.status == "refused"
    assert delivery.attempts == 1
    assert "address_not_allowed" in delivery.last_error
    event = AuditEvent.objects.get(trace_id=query.trace_id, event_type="webhook.attempted")
    assert event.payload["outcome"] == "refused"


def test_a_submission_without_a_callback_sends_nothing(
    llm_service, receiver, loopback_allowed, webhook_settings, django_capture_on_commit_callbacks
):
    query = _submit(llm_service, "", django_capture_on_commit_callbacks)

    assert receiver.connections == 0
    assert not WebhookDelivery.objects.filter(query=query).exists()


def test_the_body_is_compact_json_of_the_result(
    llm_service, receiver, loopback_allowed, webhook_settings, django_capture_on_commit_callbacks
):
    _submit(llm_service, receiver.url(), django_capture_on_commit_callbacks)
    (request,) = receiver.requests

    assert request.headers["Content-Type"] == "application/json"
    assert json.loads(request.body)["claims"]
