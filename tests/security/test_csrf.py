"""A reviewer's session cannot be ridden: a decision without the CSRF token is a 403."""

import json

from reviews.models import Review

from .conftest import csrf_token, decision_body


def test_it_refuses_an_api_decision_posted_without_the_csrf_token(reviewer_browser, review):
    response = reviewer_browser.post(
        f"/api/v1/reviews/{review.pk}/decision/",
        json.dumps(decision_body(review)),
        content_type="application/json",
    )

    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]
    assert Review.objects.get(pk=review.pk).status == Review.Status.PENDING


def test_it_refuses_a_page_decision_posted_without_the_csrf_token(reviewer_browser, review):
    response = reviewer_browser.post(
        f"/reviews/{review.pk}/decide/", {"decision": "approved", "version": review.version}
    )

    assert response.status_code == 403
    assert Review.objects.get(pk=review.pk).status == Review.Status.PENDING


def test_the_same_decision_with_the_token_is_accepted(reviewer_browser, review):
    token = csrf_token(reviewer_browser, review)

    response = reviewer_browser.post(
        f"/api/v1/reviews/{review.pk}/decision/",
        json.dumps(decision_body(review)),
        content_type="application/json",
        HTTP_X_CSRFTOKEN=token,
    )

    assert response.status_code == 200, response.content
    assert Review.objects.get(pk=review.pk).status == Review.Status.REJECTED
