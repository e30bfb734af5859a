"""The cast of the security tests: two API clients, a reviewer, an auditor, a flagged review."""

import pytest
from django.test import Client

from tests.factories import PASSWORD, canonical_labels
from tests.hallucination.conftest import alpha, beta, canonical_payload
from tests.reviews.conftest import auditor, groups, review, reviewer

__all__ = ["alpha", "auditor", "beta", "canonical_payload", "groups", "review", "reviewer"]


def browser_for(user) -> Client:  # type: ignore[no-untyped-def]
    """A logged-in browser session that, unlike the default test client, checks CSRF tokens."""
    client = Client(enforce_csrf_checks=True)
    assert client.login(username=user.username, password=PASSWORD)
    return client


def csrf_token(client: Client, review) -> str:  # type: ignore[no-untyped-def]
    """The token a real browser would read from the review page's form."""
    client.get(f"/reviews/{review.pk}/")
    return client.cookies["csrftoken"].value


def decision_body(review) -> dict:  # type: ignore[no-untyped-def]
    return {
        "decision": "rejected",
        "reason": "EPS is $0.78.",
        "labels": {str(k): v for k, v in canonical_labels(review.query).items()},
        "expected_version": review.version,
    }


@pytest.fixture
def reviewer_browser(reviewer) -> Client:  # type: ignore[no-untyped-def]
    return browser_for(reviewer)


@pytest.fixture
def auditor_browser(auditor) -> Client:  # type: ignore[no-untyped-def]
    return browser_for(auditor)
