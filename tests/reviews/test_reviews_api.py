"""GET /api/v1/reviews/ and POST /api/v1/reviews/{id}/decision/: the page's rules, over JSON."""

import pytest
from rest_framework.test import APIClient

from audit.actors import Actor
from hallucination.services import api_client_key_create
from reviews.models import Review
from reviews.services import review_claim, review_decide
from tests.factories import canonical_labels


@pytest.fixture
def api():  # type: ignore[no-untyped-def]
    return APIClient()


def _decision(review, **overrides):  # type: ignore[no-untyped-def]
    return {
        "decision": "rejected",
        "reason": "EPS is $0.78.",
        "labels": {str(k): v for k, v in canonical_labels(review.query).items()},
        "expected_version": review.version,
        **overrides,
    }


def test_it_lists_open_reviews_with_the_queue_filters(api, reviewer, review):
    api.force_authenticate(reviewer)

    everything = api.get("/api/v1/reviews/").json()
    audit_only = api.get("/api/v1/reviews/", {"stakes": "audit"}).json()

    assert [item["id"] for item in everything["results"]] == [review.pk]
    item = everything["results"][0]
    assert item["status"] == "pending"
    assert item["trace_id"] == review.query.trace_id
    assert item["ungrounded_count"] == 3
    assert audit_only["results"] == []


def test_a_bad_filter_is_a_400_naming_it(api, reviewer, review):
    api.force_authenticate(reviewer)

    response = api.get("/api/v1/reviews/", {"status": "sideways"})

    assert response.status_code == 400
    assert "status" in response.json()["detail"]


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"escalated": "maybe"}, "escalated"),
        ({"mine": "perhaps"}, "mine"),
        ({"stakes": "extreme"}, "stakes"),
        ({"outcome": "wrongish"}, "outcome"),
        ({"created_from": "last tuesday"}, "created_from"),
        ({"created_to": "2026-02-30"}, "created_to"),
    ],
)
def test_every_filter_refuses_a_value_it_cannot_read(api, reviewer, review, params, field):
    api.force_authenticate(reviewer)

    response = api.get("/api/v1/reviews/", params)

    assert response.status_code == 400, response.json()
    assert list(response.json()["detail"]) == [field]
    assert repr(next(iter(params.values()))) in response.json()["detail"][field][0]


def test_the_flags_read_true_and_false(api, reviewer, review):
    api.force_authenticate(reviewer)
    Review.objects.filter(pk=review.pk).update(escalated=True)

    escalated = api.get("/api/v1/reviews/", {"escalated": "true"}).json()["results"]
    anything = api.get("/api/v1/reviews/", {"escalated": "false"}).json()["results"]
    mine = api.get("/api/v1/reviews/", {"mine": "1"}).json()["results"]

    assert [item["id"] for item in escalated] == [review.pk]
    assert [item["id"] for item in anything] == [review.pk]  # unticked means "any"
    assert mine == []


def test_one_review_comes_with_its_claims_and_labels(api, reviewer, review):
    api.force_authenticate(reviewer)

    body = api.get(f"/api/v1/reviews/{review.pk}/").json()

    assert body["version"] == review.version
    assert [claim["text"] for claim in body["claims"]] == [
        "Q3 2026",
        "2026",
        "$1.85 billion",
        "14.8%",
        "$1.62 billion",
        "$312 million",
        "$0.81",
        "$4 billion",
    ]
    assert {c["text"]: c["outcome"] for c in body["claims"]}["$0.81"] == "fabrication"


def test_a_reviewer_decides_over_the_api(api, reviewer, review):
    api.force_authenticate(reviewer)

    response = api.post(f"/api/v1/reviews/{review.pk}/decision/", _decision(review), format="json")

    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["status"] == "rejected"
    assert body["decided_by"] == "rita"
    assert sorted(c["label"] for c in body["claims"]).count("hallucination") == 3
    assert Review.objects.get(pk=review.pk).status == Review.Status.REJECTED


def test_rejecting_without_a_reason_is_a_400_on_reason(api, reviewer, review):
    api.force_authenticate(reviewer)

    response = api.post(
        f"/api/v1/reviews/{review.pk}/decision/", _decision(review, reason=""), format="json"
    )

    assert response.status_code == 400
    assert response.json()["detail"] == {"reason": ["A reason is required to reject a review."]}


def test_a_stale_version_is_a_409_that_says_so(api, reviewer, review):
    review_claim(review=review, user=reviewer)
    api.force_authenticate(reviewer)

    response = api.post(f"/api/v1/reviews/{review.pk}/decision/", _decision(review), format="json")

    assert response.status_code == 409
    assert response.json()["error"] == "conflict"
    assert "changed while you had it open" in response.json()["detail"]


def test_a_decided_review_is_a_409(api, reviewer, reviewer2, review):
    review_decide(
        review=review,
        user=reviewer2,
        decision="rejected",
        reason="First.",
        labels=canonical_labels(review.query),
        expected_version=review.version,
    )
    api.force_authenticate(reviewer)

    response = api.post(
        f"/api/v1/reviews/{review.pk}/decision/",
        _decision(review, expected_version=review.version + 1),
        format="json",
    )

    assert response.status_code == 409
    assert "already rejected by rafael" in response.json()["detail"]


def test_an_auditor_reads_but_cannot_decide(api, auditor, review):
    api.force_authenticate(auditor)

    assert api.get("/api/v1/reviews/").status_code == 200
    response = api.post(f"/api/v1/reviews/{review.pk}/decision/", _decision(review), format="json")

    assert response.status_code == 403
    assert Review.objects.get(pk=review.pk).status == Review.Status.PENDING


def test_an_unknown_label_is_a_400(api, reviewer, review):
    labels = {str(k): "maybe" for k in canonical_labels(review.query)}
    api.force_authenticate(reviewer)

    response = api.post(
        f"/api/v1/reviews/{review.pk}/decision/", _decision(review, labels=labels), format="json"
    )

    assert response.status_code == 400
    assert "labels" in response.json()["detail"]


def test_a_machine_client_cannot_read_reviews(review):
    _, key = api_client_key_create(client_name="robot", actor=Actor.system("tests"))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")

    assert api.get("/api/v1/reviews/").status_code == 403


def test_anonymous_requests_are_refused(api, review):
    assert api.get("/api/v1/reviews/").status_code in (401, 403)
