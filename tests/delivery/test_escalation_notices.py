"""Paging on red flags only: an audit-stakes contradiction pages once; a standard flag waits."""

import json
from pathlib import Path

import pytest
from django.core import mail

from audit.models import AuditEvent
from hallucination.demo.queries import CANONICAL_ANSWER, CANONICAL_SOURCE
from hallucination.models import Query, WebhookDelivery
from reviews.models import Review
from tests.outbound.servers import start_server

from .conftest import SECRET
from .documented import documented_verify_webhook

pytestmark = pytest.mark.django_db

PAGES = Path(__file__).resolve().parents[1] / "verification" / "pages"


@pytest.fixture
def filing_page():  # type: ignore[no-untyped-def]
    """The issuer's page on 127.0.0.1, restating net income and EPS below the answer's."""
    server = start_server()
    url = server.route("/q3.html", body=(PAGES / "northwind_q3_2026_restated.html").read_bytes())
    yield url
    server.stop()


@pytest.fixture
def on_call(settings, receiver, webhook_settings):  # type: ignore[no-untyped-def]
    settings.ESCALATION = {
        **settings.ESCALATION,
        "EMAILS": ["oncall@example.com"],
        "CHAT_WEBHOOK_URL": receiver.url("/chat/T000/B000/token"),
        "SITE_URL": "https://review.example.com",
    }
    return settings.ESCALATION


def _submit(api, stakes, url, capture):  # type: ignore[no-untyped-def]
    payload = {
        "answer": CANONICAL_ANSWER,
        "sources": [{"id": "filing", "text": CANONICAL_SOURCE, "url": url}],
        "stakes": stakes,
        "confidence": "0.9",
        "entity": "Northwind Industries",
        "period": "Q3 2026",
    }
    with capture(execute=True):
        response = api.post("/api/v1/queries/", payload, format="json")
    assert response.status_code in (201, 202), response.content
    return Query.objects.get(pk=response.json()["id"])


def test_an_audit_submission_with_a_contradicted_claim_pages_once_by_email_and_chat(
    llm_service,
    filing_page,
    loopback_allowed,
    on_call,
    receiver,
    django_capture_on_commit_callbacks,
):
    query = _submit(llm_service, "audit", filing_page, django_capture_on_commit_callbacks)

    review = Review.objects.get(query=query)
    assert review.escalated is True
    assert query.claims.filter(outcome="contradicted").exists()
    (email,) = mail.outbox
    assert email.to == ["oncall@example.com"]
    assert f"https://review.example.com/reviews/{review.pk}/" in email.body
    assert "audit" in email.subject
    (chat,) = receiver.requests
    assert chat.path == "/chat/T000/B000/token"
    notice = documented_verify_webhook()(SECRET, chat.headers, chat.body)
    assert notice["review_id"] == review.pk
    assert notice["link"] == f"https://review.example.com/reviews/{review.pk}/"
    channels = set(
        WebhookDelivery.objects.filter(query=query, kind="escalation").values_list(
            "channel", "status"
        )
    )
    assert channels == {("email", "delivered"), ("chat", "delivered")}


def test_a_standard_stakes_flag_sends_nothing(
    llm_service, on_call, receiver, django_capture_on_commit_callbacks
):
    # A wrong EPS that no external check can contradict: flagged, queued, nobody paged.
    payload = {
        "answer": "Northwind's Q3 2026 revenue was $1.85 billion and EPS was $0.81.",
        "sources": [{"id": "filing", "text": "Q3 2026: revenue $1.85 billion; EPS $0.78."}],
        "stakes": "standard",
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = llm_service.post("/api/v1/queries/", payload, format="json")
    query = Query.objects.get(pk=response.json()["id"])

    assert query.flagged is True
    review = Review.objects.get(query=query)
    assert review.escalated is False
    assert mail.outbox == []
    assert receiver.connections == 0
    assert not WebhookDelivery.objects.filter(query=query).exists()


@pytest.mark.parametrize("stakes", ["standard", "high"])
def test_a_recomputation_that_confirms_a_drift_pages_nobody(
    llm_service, on_call, receiver, django_capture_on_commit_callbacks, stakes
):
    # 14.8% is wrong ((1.85 - 1.62) / 1.62 is 14.2%): detection says so, and the external
    # layer's recomputation from the same two figures agrees. No new disagreement: the
    # answer waits in the queue, and nobody is woken.
    payload = {
        "answer": "In Q3 2026, revenue was $1.85 billion, up 14.8% year over year from $1.62 billion.",
        "sources": [{"id": "filing", "text": CANONICAL_SOURCE}],
        "stakes": stakes,
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = llm_service.post("/api/v1/queries/", payload, format="json")
    query = Query.objects.get(pk=response.json()["id"])

    drift = query.claims.get(text="14.8%")
    assert drift.outcome == "arithmetic_drift"
    assert drift.verdicts.filter(layer="external", check_name="recompute").exists()
    review = Review.objects.get(query=query)
    assert review.escalated is False
    assert mail.outbox == []
    assert receiver.connections == 0
    assert not WebhookDelivery.objects.filter(query=query, kind="escalation").exists()


def test_an_external_contradiction_at_standard_stakes_pages(
    llm_service,
    filing_page,
    loopback_allowed,
    on_call,
    receiver,
    django_capture_on_commit_callbacks,
):
    query = _submit(llm_service, "standard", filing_page, django_capture_on_commit_callbacks)

    assert Review.objects.get(query=query).escalated is True
    assert len(mail.outbox) == 1
    assert "contradicted" in mail.outbox[0].subject
    assert len(receiver.requests) == 1
    assert json.loads(receiver.requests[0].body)["query_id"] == str(query.pk)


def test_each_notice_shows_in_the_trace_timeline(
    llm_service,
    filing_page,
    loopback_allowed,
    on_call,
    receiver,
    django_capture_on_commit_callbacks,
):
    query = _submit(llm_service, "audit", filing_page, django_capture_on_commit_callbacks)

    kinds = set(
        AuditEvent.objects.filter(
            trace_id=query.trace_id, event_type__in=["notification.sent", "webhook.attempted"]
        ).values_list("event_type", "payload__channel", "payload__outcome")
    )
    assert kinds == {
        ("notification.sent", "email", "delivered"),
        ("webhook.attempted", "chat", "delivered"),
    }
    chat_event = AuditEvent.objects.get(trace_id=query.trace_id, payload__channel="chat")
    assert "token" not in chat_event.payload["target"]


def test_without_configured_addresses_the_active_reviewers_are_paged(
    llm_service,
    filing_page,
    loopback_allowed,
    settings,
    webhook_settings,
    django_capture_on_commit_callbacks,
):
    from django.contrib.auth.models import Group

    from reviews.roles import REVIEWER
    from tests.factories import UserFactory

    group, _ = Group.objects.get_or_create(name=REVIEWER)
    for name, active in (("ana", True), ("ben", True), ("cy", False)):
        user = UserFactory(username=name, email=f"{name}@example.com", is_active=active)
        user.groups.add(group)
    UserFactory(username="outsider", email="outsider@example.com")
    settings.ESCALATION = {**settings.ESCALATION, "EMAILS": [], "CHAT_WEBHOOK_URL": ""}

    _submit(llm_service, "audit", filing_page, django_capture_on_commit_callbacks)

    # One message per recipient, so each has a budget of its own (docs/security.md).
    assert sorted(address for email in mail.outbox for address in email.to) == [
        "ana@example.com",
        "ben@example.com",
    ]
    assert all(len(email.to) == 1 for email in mail.outbox)
