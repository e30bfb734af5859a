"""review_reopen: an admin sends a decided review back to the queue, with a reason."""

import pytest

from audit.models import AuditEvent
from reviews.errors import ReviewConflict, ReviewInvalid, ReviewPermissionDenied
from reviews.models import ClaimDecision, Review
from reviews.services import review_decide, review_reopen
from tests.factories import canonical_labels


@pytest.fixture
def rejected(review, reviewer):  # type: ignore[no-untyped-def]
    return review_decide(
        review=review,
        user=reviewer,
        decision="rejected",
        reason="EPS is wrong.",
        labels=canonical_labels(review.query),
        expected_version=review.version,
    )


def test_an_admin_reopens_a_decided_review(rejected, admin_user):
    reopened = review_reopen(review=rejected, user=admin_user, reason="The filing was restated.")

    stored = Review.objects.get(pk=rejected.pk)
    assert stored.status == Review.Status.PENDING
    assert stored.assignee is None
    assert stored.decided_by is None
    assert stored.decided_at is None
    assert stored.reopen_reason == "The filing was restated."
    assert stored.version == rejected.version + 1 == reopened.version
    # The earlier labels stay as a starting point for whoever decides it next.
    assert ClaimDecision.objects.filter(review=rejected).count() == 8


def test_the_reopening_and_what_it_undid_are_in_the_audit_log(rejected, admin_user):
    review_reopen(review=rejected, user=admin_user, reason="The filing was restated.")

    event = AuditEvent.objects.get(trace_id=rejected.query.trace_id, event_type="review.reopened")
    assert event.actor_name == "ada"
    assert event.payload["reason"] == "The filing was restated."
    assert event.payload["previous_status"] == "rejected"
    assert event.payload["previous_decided_by"] == "rita"
    assert event.payload["previous_reason"] == "EPS is wrong."


def test_a_reopened_review_can_be_decided_again(rejected, admin_user, reviewer2):
    reopened = review_reopen(review=rejected, user=admin_user, reason="Second look.")
    labels = canonical_labels(
        reopened.query,
        {"14.8%": "derived_correct", "$0.81": "correct", "$4 billion": "benign_approximation"},
    )

    review_decide(
        review=reopened,
        user=reviewer2,
        decision="approved",
        reason="Restated EPS is $0.81.",
        labels=labels,
        expected_version=reopened.version,
    )

    stored = Review.objects.get(pk=rejected.pk)
    assert stored.status == Review.Status.APPROVED
    assert stored.decided_by == reviewer2
    assert dict(ClaimDecision.objects.filter(review=stored).values_list("claim_id", "label")) == (
        labels
    )


def test_a_reviewer_cannot_reopen(rejected, reviewer):
    with pytest.raises(ReviewPermissionDenied):
        review_reopen(review=rejected, user=reviewer, reason="I changed my mind.")
    assert Review.objects.get(pk=rejected.pk).status == Review.Status.REJECTED


def test_an_auditor_cannot_reopen(rejected, auditor):
    with pytest.raises(ReviewPermissionDenied):
        review_reopen(review=rejected, user=auditor, reason="Looks off.")


def test_it_requires_a_reason(rejected, admin_user):
    with pytest.raises(ReviewInvalid, match="reason is required"):
        review_reopen(review=rejected, user=admin_user, reason=" ")
    assert Review.objects.get(pk=rejected.pk).status == Review.Status.REJECTED


def test_it_refuses_a_review_that_is_not_decided(review, admin_user):
    with pytest.raises(ReviewConflict, match="nothing to reopen"):
        review_reopen(review=review, user=admin_user, reason="Why not.")
