"""Escalation spam (issue 16, item 11): stakes are granted per key, and notices are
rate-limited and batched per recipient, so a flood of red flags costs each person a few
messages and loses none."""

from datetime import timedelta

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from audit.actors import Actor
from audit.models import AuditEvent
from hallucination.delivery.tasks import sweep_deliveries
from hallucination.models import ClientAPIKey, Query, WebhookDelivery
from hallucination.services import api_client_key_create
from reviews.services import review_open
from tests.factories import canonical_example

URL = "/api/v1/queries/"


def _api(key: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
    return api


@pytest.fixture
def production_default(settings):  # type: ignore[no-untyped-def]
    settings.API_KEY_DEFAULT_STAKES = ["standard", "high"]


def test_a_new_key_may_not_page_people_with_audit_stakes(db, production_default, canonical_payload):
    _, key = api_client_key_create(client_name="spammer", actor=Actor.system("tests"))
    events = AuditEvent.objects.count()

    response = _api(key).post(URL, {**canonical_payload, "stakes": "audit"}, format="json")

    assert response.status_code == 403
    assert response.json()["error"] == "stakes_not_allowed"
    assert not Query.objects.exists()
    assert AuditEvent.objects.count() == events
    assert _api(key).post(URL, canonical_payload, format="json").status_code in (201, 202)


def test_a_key_granted_audit_stakes_by_the_command_may_use_them(
    db, production_default, canonical_payload, capsys
):
    call_command("create_api_key", "auditor-agent", "--stakes", "standard", "audit")
    key = capsys.readouterr().out.strip().splitlines()[-1]

    response = _api(key).post(URL, {**canonical_payload, "stakes": "audit"}, format="json")

    assert response.status_code in (201, 202), response.content
    stored = ClientAPIKey.objects.get(prefix=key.partition(".")[0])
    assert stored.allowed_stakes == ["standard", "audit"]
    created = AuditEvent.objects.filter(event_type="api_key.created").latest("seq")
    assert created.payload["allowed_stakes"] == ["standard", "audit"]


@pytest.fixture
def one_recipient(settings):  # type: ignore[no-untyped-def]
    settings.ESCALATION = {
        **settings.ESCALATION,
        "EMAILS": ["oncall@example.com"],
        "CHAT_WEBHOOK_URL": "",
        "MAX_PER_WINDOW": 2,
        "WINDOW_SECONDS": 3600,
    }


def _red_flags(count: int, capture) -> list:  # type: ignore[no-untyped-def]
    reviews = []
    for _ in range(count):
        with capture(execute=True):
            reviews.append(
                review_open(query=canonical_example(stakes="audit"), actor=Actor.system("tests"))
            )
    return reviews


def test_a_flood_of_red_flags_sends_each_recipient_at_most_the_budget(
    db, one_recipient, django_capture_on_commit_callbacks
):
    _red_flags(6, django_capture_on_commit_callbacks)

    assert len(mail.outbox) == 2
    waiting = WebhookDelivery.objects.filter(status="pending", batch="waiting")
    assert waiting.count() == 4
    assert all(d.due_at > timezone.now() for d in waiting)


def test_held_back_notices_go_out_together_as_one_digest_when_the_window_allows(
    db, one_recipient, django_capture_on_commit_callbacks
):
    reviews = _red_flags(5, django_capture_on_commit_callbacks)
    mail.outbox.clear()
    # The window comes round: the two messages sent are an hour old.
    an_hour_ago = timezone.now() - timedelta(hours=1, seconds=1)
    WebhookDelivery.objects.filter(status="delivered").update(delivered_at=an_hour_ago)
    WebhookDelivery.objects.filter(batch="waiting").update(due_at=timezone.now())

    with django_capture_on_commit_callbacks(execute=True):
        sent = sweep_deliveries()

    assert sent == 3
    (digest,) = mail.outbox
    assert digest.subject == "3 escalations waiting for review"
    for review in reviews[2:]:
        assert f"Review {review.pk}:" in digest.body
    assert not WebhookDelivery.objects.filter(status="pending").exists()
    batches = set(
        WebhookDelivery.objects.filter(review_id__in=[r.pk for r in reviews[2:]]).values_list(
            "batch", flat=True
        )
    )
    assert len(batches) == 1


def test_each_recipient_has_a_budget_of_its_own(
    db, settings, one_recipient, django_capture_on_commit_callbacks
):
    settings.ESCALATION = {**settings.ESCALATION, "EMAILS": ["a@example.com", "b@example.com"]}

    _red_flags(3, django_capture_on_commit_callbacks)

    to = sorted(address for email in mail.outbox for address in email.to)
    assert to == ["a@example.com", "a@example.com", "b@example.com", "b@example.com"]
