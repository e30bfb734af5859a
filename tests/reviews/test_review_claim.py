"""review_claim: a reviewer takes a pending review (pending -> in_review)."""

import pytest

from audit.models import AuditEvent
from reviews.errors import ReviewConflict, ReviewPermissionDenied
from reviews.models import Review
from reviews.services import review_claim


def test_it_assigns_a_pending_review_to_the_reviewer(review, reviewer):
    claimed = review_claim(review=review, user=reviewer)

    stored = Review.objects.get(pk=review.pk)
    assert stored.status == Review.Status.IN_REVIEW
    assert stored.assignee == reviewer
    assert stored.version == review.version + 1
    assert claimed.version == stored.version


def test_it_records_who_claimed_it_in_the_audit_log(review, reviewer):
    review_claim(review=review, user=reviewer)

    event = AuditEvent.objects.filter(
        trace_id=review.query.trace_id, event_type="review.assigned"
    ).get()
    assert event.actor_kind == "user"
    assert event.actor_name == "rita"
    assert event.subject_id == str(review.pk)


def test_claiming_twice_is_harmless_for_the_same_reviewer(review, reviewer):
    first = review_claim(review=review, user=reviewer)
    second = review_claim(review=review, user=reviewer)

    assert second.version == first.version
    assert (
        AuditEvent.objects.filter(
            trace_id=review.query.trace_id, event_type="review.assigned"
        ).count()
        == 1
    )


def test_it_refuses_a_review_someone_else_holds(review, reviewer, reviewer2):
    review_claim(review=review, user=reviewer)

    with pytest.raises(ReviewConflict, match="being reviewed by rita"):
        review_claim(review=review, user=reviewer2)
    assert Review.objects.get(pk=review.pk).assignee == reviewer


def test_it_refuses_when_the_version_moved(review, reviewer):
    with pytest.raises(ReviewConflict, match="changed while you had it open"):
        review_claim(review=review, user=reviewer, expected_version=review.version + 5)
    assert Review.objects.get(pk=review.pk).status == Review.Status.PENDING


def test_an_auditor_cannot_claim(review, auditor):
    with pytest.raises(ReviewPermissionDenied):
        review_claim(review=review, user=auditor)
    assert Review.objects.get(pk=review.pk).assignee is None
