"""Standard Webhooks signing (issue 16, expected): webhook-id, webhook-timestamp and
webhook-signature; one secret per endpoint, rotatable with an overlap; the documented
receiver and the example receiver verify it."""

import base64
import hashlib
import hmac
import importlib.util
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from audit.models import AuditEvent
from hallucination.models import Query, WebhookEndpoint
from tests.delivery.conftest import SECRET, loopback_allowed, receiver, webhook_settings
from tests.delivery.documented import ROOT, documented_verify_webhook
from tests.demo_payload import CANONICAL_PAYLOAD

__all__ = ["loopback_allowed", "receiver", "webhook_settings"]


def _submit(api, url, capture):  # type: ignore[no-untyped-def]
    with capture(execute=True):
        response = api.post(
            "/api/v1/queries/", {**CANONICAL_PAYLOAD, "callback_url": url}, format="json"
        )
    assert response.status_code in (201, 202), response.content
    return Query.objects.get(pk=response.json()["id"])


def _rotate(client_name: str, url: str, capsys) -> str:  # type: ignore[no-untyped-def]
    call_command("webhook_secret", client_name, url)
    return capsys.readouterr().out.strip().splitlines()[-1]


def test_the_three_headers_follow_the_standard_webhooks_scheme(
    alpha, receiver, loopback_allowed, webhook_settings, django_capture_on_commit_callbacks
):
    _submit(alpha, receiver.url(), django_capture_on_commit_callbacks)

    (request,) = receiver.requests
    headers = {k.lower(): v for k, v in request.headers.items()}
    assert headers["webhook-id"].startswith("msg_")
    signed = f"{headers['webhook-id']}.{headers['webhook-timestamp']}.".encode() + request.body
    expected = base64.b64encode(hmac.new(SECRET.encode(), signed, hashlib.sha256).digest())
    assert headers["webhook-signature"] == "v1," + expected.decode()
    assert "x-signature" not in headers


def test_an_endpoint_secret_signs_and_its_rotation_overlaps(
    alpha, receiver, loopback_allowed, webhook_settings, django_capture_on_commit_callbacks, capsys
):
    url = receiver.url()
    old = _rotate("alpha-agent", url, capsys)
    assert old.startswith("whsec_")
    verify = documented_verify_webhook()

    _submit(alpha, url, django_capture_on_commit_callbacks)
    verify(old, receiver.requests[-1].headers, receiver.requests[-1].body)
    with pytest.raises(ValueError, match="signature mismatch"):
        verify(SECRET, receiver.requests[-1].headers, receiver.requests[-1].body)

    new = _rotate("alpha-agent", url, capsys)
    _submit(alpha, url, django_capture_on_commit_callbacks)
    during = receiver.requests[-1]
    assert len(during.headers["webhook-signature"].split()) == 2
    verify(old, during.headers, during.body)
    verify(new, during.headers, during.body)

    WebhookEndpoint.objects.update(previous_expires_at=timezone.now() - timedelta(seconds=1))
    _submit(alpha, url, django_capture_on_commit_callbacks)
    after = receiver.requests[-1]
    verify(new, after.headers, after.body)
    with pytest.raises(ValueError, match="signature mismatch"):
        verify(old, after.headers, after.body)

    rotations = AuditEvent.objects.filter(event_type="webhook.secret_rotated").order_by("seq")
    assert [e.payload["rotated"] for e in rotations] == [False, True]
    assert not any(old in str(e.payload) or new in str(e.payload) for e in rotations)


def test_another_clients_endpoint_secret_is_not_used(
    alpha,
    beta,
    receiver,
    loopback_allowed,
    webhook_settings,
    django_capture_on_commit_callbacks,
    capsys,
):
    alphas = _rotate("alpha-agent", receiver.url(), capsys)

    _submit(beta, receiver.url(), django_capture_on_commit_callbacks)

    with pytest.raises(ValueError, match="signature mismatch"):
        documented_verify_webhook()(
            alphas, receiver.requests[-1].headers, receiver.requests[-1].body
        )


def test_the_example_receiver_uses_the_documented_check(
    alpha, receiver, loopback_allowed, webhook_settings, django_capture_on_commit_callbacks
):
    spec = importlib.util.spec_from_file_location(
        "receiver_example", ROOT / "examples" / "webhook_receiver.py"
    )
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)  # type: ignore[union-attr]
    _submit(alpha, receiver.url(), django_capture_on_commit_callbacks)
    request = receiver.requests[-1]

    assert example.verify_webhook(SECRET, request.headers, request.body)["status"] == "done"
    docs = (ROOT / "docs" / "api.md").read_text()
    source = (ROOT / "examples" / "webhook_receiver.py").read_text()
    start = source.index("def verify_webhook(")
    assert source[start : source.index("# --- end verify_webhook ---")].strip() in docs
