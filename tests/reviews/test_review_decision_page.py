"""Deciding and reopening from the review page: the form, the rules and the messages."""

import re

from audit.models import AuditEvent
from reviews.models import ClaimDecision, Review
from reviews.services import review_decide
from tests.factories import canonical_labels


def _form(review, decision="rejected", reason="EPS is $0.78 in the filing.", labels=None):  # type: ignore[no-untyped-def]
    labels = canonical_labels(review.query) if labels is None else labels
    data = {"decision": decision, "reason": reason, "version": review.version}
    data.update({f"label_{claim_id}": label for claim_id, label in labels.items()})
    return data


def test_a_reviewer_rejects_from_the_page_and_lands_on_the_queue(client, reviewer, review):
    client.force_login(reviewer)

    response = client.post(f"/reviews/{review.pk}/decide/", _form(review), follow=True)

    assert response.redirect_chain == [("/", 302)]
    assert f"Review #{review.pk} rejected." in response.content.decode()
    stored = Review.objects.get(pk=review.pk)
    assert stored.status == Review.Status.REJECTED
    assert stored.decided_by == reviewer
    assert ClaimDecision.objects.filter(review=review, label="hallucination").count() == 3
    assert AuditEvent.objects.filter(
        trace_id=review.query.trace_id, event_type="review.decided"
    ).exists()


def test_rejecting_without_a_reason_is_refused_with_the_reason_field_marked(
    client, reviewer, review
):
    client.force_login(reviewer)

    response = client.post(f"/reviews/{review.pk}/decide/", _form(review, reason=""))

    assert response.status_code == 400
    assert response.context["form"].errors["reason"] == ["A reason is required to reject a review."]
    assert Review.objects.get(pk=review.pk).status == Review.Status.PENDING


def test_an_unlabelled_claim_is_refused_and_named(client, reviewer, review):
    labels = canonical_labels(review.query)
    eps = review.query.claims.get(text="$0.81")
    del labels[eps.pk]
    client.force_login(reviewer)

    response = client.post(f"/reviews/{review.pk}/decide/", _form(review, labels=labels))

    assert response.status_code == 400
    assert "Choose a label for $0.81." in response.content.decode()
    # What the reviewer had chosen is kept.
    assert response.context["form"]["reason"].value() == "EPS is $0.78 in the filing."


def test_the_loser_of_a_race_is_told_who_decided_and_sees_the_decision(
    client, reviewer, reviewer2, review
):
    stale = _form(review)
    review_decide(
        review=review,
        user=reviewer2,
        decision="rejected",
        reason="Rafael got there first.",
        labels=canonical_labels(review.query),
        expected_version=review.version,
    )
    client.force_login(reviewer)

    response = client.post(f"/reviews/{review.pk}/decide/", stale)

    assert response.status_code == 409
    body = response.content.decode()
    assert "already rejected by rafael" in body
    assert "your decision was not saved" in body
    assert "Reason: Rafael got there first." in body
    assert Review.objects.get(pk=review.pk).decided_by == reviewer2


def test_an_auditor_cannot_decide_from_the_page(client, auditor, review):
    client.force_login(auditor)

    response = client.post(f"/reviews/{review.pk}/decide/", _form(review))

    assert response.status_code == 403
    assert Review.objects.get(pk=review.pk).status == Review.Status.PENDING


def test_an_admin_reopens_from_the_page_with_a_reason(client, admin_user, reviewer, review):
    review_decide(
        review=review,
        user=reviewer,
        decision="rejected",
        reason="Wrong EPS.",
        labels=canonical_labels(review.query),
        expected_version=review.version,
    )
    client.force_login(admin_user)

    refused = client.post(f"/reviews/{review.pk}/reopen/", {"reason": ""})
    accepted = client.post(
        f"/reviews/{review.pk}/reopen/", {"reason": "Restated filing."}, follow=True
    )

    assert refused.status_code == 400
    assert "A reason is required to reopen a review." in refused.content.decode()
    assert accepted.redirect_chain == [(f"/reviews/{review.pk}/", 302)]
    assert "Reopened:</strong> Restated filing." in accepted.content.decode()
    assert Review.objects.get(pk=review.pk).status == Review.Status.PENDING


def test_a_reviewer_cannot_reopen_from_the_page(client, reviewer, review):
    review_decide(
        review=review,
        user=reviewer,
        decision="rejected",
        reason="Wrong EPS.",
        labels=canonical_labels(review.query),
        expected_version=review.version,
    )
    client.force_login(reviewer)

    response = client.post(f"/reviews/{review.pk}/reopen/", {"reason": "Oops."})

    assert response.status_code == 403
    assert Review.objects.get(pk=review.pk).status == Review.Status.REJECTED
    assert "Reopen review" not in client.get(f"/reviews/{review.pk}/").content.decode()


def test_opening_the_decide_url_goes_to_the_review(client, reviewer, review):
    client.force_login(reviewer)

    response = client.get(f"/reviews/{review.pk}/decide/")

    assert response.status_code == 302
    assert response["Location"] == f"/reviews/{review.pk}/"


def test_opening_the_reopen_url_goes_to_the_review(client, admin_user, review):
    client.force_login(admin_user)

    response = client.get(f"/reviews/{review.pk}/reopen/")

    assert response.status_code == 302
    assert response["Location"] == f"/reviews/{review.pk}/"


def test_a_refused_decision_keeps_the_labels_chosen_and_says_why(client, reviewer, review):
    eps = review.query.claims.get(text="$0.81")
    client.force_login(reviewer)

    response = client.post(f"/reviews/{review.pk}/decide/", _form(review, reason=""))

    body = response.content.decode()
    assert response.status_code == 400
    assert "A reason is required to reject a review." in body
    assert response.context["form"][f"label_{eps.pk}"].value() == "hallucination"
    assert re.search(rf'name="label_{eps.pk}" value="hallucination"[^>]* checked', body)
