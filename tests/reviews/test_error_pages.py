"""The 403 and 404 pages: in the layout, saying why, with a way back to the queue."""

from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.core.exceptions import PermissionDenied
from django.test import RequestFactory
from django.urls import reverse
from django.views.defaults import permission_denied, server_error
from rest_framework.test import APIClient


def test_a_refused_action_says_what_the_role_lacks(client, auditor, review):
    client.force_login(auditor)

    response = client.post(f"/reviews/{review.pk}/claim/")

    body = response.content.decode()
    assert response.status_code == 403
    assert "<h1>Not allowed</h1>" in body
    assert "Your role does not allow you to claim reviews." in body
    assert '<main id="main"' in body
    assert '<a href="/">← Back to the queue</a>' in body


def test_a_refusal_without_a_message_still_explains_itself(client, outsider):
    client.force_login(outsider)

    response = client.get(reverse("audit:trace-list"))

    assert response.status_code == 403
    assert "You do not have permission to see this page." in response.content.decode()


def test_an_anonymous_visitor_is_offered_a_log_in(db):
    request = RequestFactory().get("/reviews/1/")
    request.user = AnonymousUser()
    request.session = SessionStore()

    response = permission_denied(request, PermissionDenied("Log in to see reviews."))

    body = response.content.decode()
    assert response.status_code == 403
    assert "Log in to see reviews." in body
    assert 'href="/accounts/login/?next=/reviews/1/"' in body
    assert "Log out" not in body


def test_the_api_still_answers_403_in_json(outsider, review):
    api = APIClient()
    api.force_authenticate(outsider)

    response = api.get("/api/v1/reviews/")

    assert response.status_code == 403
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"] == "permission_denied"


def test_an_unknown_review_is_a_404_in_the_layout(client, reviewer, review):
    client.force_login(reviewer)

    response = client.get(f"/reviews/{review.pk + 1000}/")

    body = response.content.decode()
    assert response.status_code == 404
    assert "<h1>Not found</h1>" in body
    assert f"<code>/reviews/{review.pk + 1000}/</code>" in body
    assert '<a href="/">← Back to the queue</a>' in body


def test_an_anonymous_visitor_gets_the_404_page_too(client, db):
    response = client.get("/no-such-page/")

    assert response.status_code == 404
    assert "<h1>Not found</h1>" in response.content.decode()


def test_a_server_error_is_a_friendly_page_in_the_layout(rf):
    request = rf.get("/reviews/1/")

    response = server_error(request)

    body = response.content.decode()
    assert response.status_code == 500
    assert "<h1>Something went wrong on our side</h1>" in body
    assert '<link rel="stylesheet" href="/static/css/app.css">' in body
    assert '<a href="/">← Back to the queue</a>' in body


def test_an_unhandled_error_answers_with_the_500_page(client, reviewer, settings, monkeypatch):
    settings.DEBUG = False
    client.raise_request_exception = False
    client.force_login(reviewer)

    def broken(**kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("the database went away")

    monkeypatch.setattr("reviews.views.selectors.review_page", broken)

    response = client.get("/reviews/1/")

    assert response.status_code == 500
    assert "Something went wrong on our side" in response.content.decode()


def test_the_404_page_points_to_the_search(client, reviewer):
    client.force_login(reviewer)

    body = client.get("/no-such-page/").content.decode()

    assert "any part of a trace ID" in body
