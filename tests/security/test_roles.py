"""An auditor reads the queue but a decision from one is a 403, even with a valid CSRF token."""

import json

from reviews.models import Review

from .conftest import csrf_token, decision_body


def test_an_auditor_deciding_over_the_api_is_refused(auditor_browser, review):
    token = csrf_token(auditor_browser, review)

    response = auditor_browser.post(
        f"/api/v1/reviews/{review.pk}/decision/",
        json.dumps(decision_body(review)),
        content_type="application/json",
        HTTP_X_CSRFTOKEN=token,
    )

    assert response.status_code == 403
    assert auditor_browser.get("/api/v1/reviews/").status_code == 200
    assert Review.objects.get(pk=review.pk).status == Review.Status.PENDING


def test_an_auditor_deciding_on_the_page_is_refused(auditor_browser, review):
    token = csrf_token(auditor_browser, review)

    response = auditor_browser.post(
        f"/reviews/{review.pk}/decide/",
        {"decision": "approved", "version": review.version, "csrfmiddlewaretoken": token},
    )

    assert response.status_code == 403
    assert Review.objects.get(pk=review.pk).status == Review.Status.PENDING


def test_an_anonymous_decision_is_refused(review):
    from rest_framework.test import APIClient

    response = APIClient().post(
        f"/api/v1/reviews/{review.pk}/decision/", decision_body(review), format="json"
    )

    assert response.status_code in (401, 403)
    assert Review.objects.get(pk=review.pk).status == Review.Status.PENDING
