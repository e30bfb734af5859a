"""Assignment a team can run: release, reassign and take over, each on the record."""

import pytest

from audit.models import AuditEvent
from reviews import roles
from reviews.errors import ReviewConflict, ReviewInvalid, ReviewPermissionDenied
from reviews.models import Review
from reviews.services import review_claim, review_decide, review_reassign, review_release
from tests.factories import UserFactory, canonical_labels


@pytest.fixture
def lead(groups):  # type: ignore[no-untyped-def]
    return UserFactory(username="lena", roles=[roles.LEAD])


def _events(review: Review, event_type: str) -> list[AuditEvent]:
    return list(
        AuditEvent.objects.filter(
            trace_id=review.query.trace_id, event_type=event_type, subject_id=str(review.pk)
        ).order_by("seq")
    )


def test_the_assignee_releases_a_review_back_to_the_queue(review, reviewer):
    claimed = review_claim(review=review, user=reviewer)

    released = review_release(review=claimed, user=reviewer, reason="out for the day")

    stored = Review.objects.get(pk=review.pk)
    assert (stored.status, stored.assignee) == (Review.Status.PENDING, None)
    assert released.version == claimed.version + 1
    (event,) = _events(review, "review.released")
    assert event.actor_name == "rita"
    assert event.payload["previous_assignee"] == "rita"
    assert event.payload["reason"] == "out for the day"


def test_a_reviewer_cannot_release_a_colleagues_review(review, reviewer, reviewer2):
    review_claim(review=review, user=reviewer2)

    with pytest.raises(ReviewPermissionDenied, match="held by rafael"):
        review_release(review=review, user=reviewer)
    assert Review.objects.get(pk=review.pk).assignee == reviewer2
    assert _events(review, "review.released") == []


def test_a_lead_releases_a_review_a_reviewer_left(review, reviewer, lead):
    review_claim(review=review, user=reviewer)

    review_release(review=review, user=lead)

    assert Review.objects.get(pk=review.pk).assignee is None
    (event,) = _events(review, "review.released")
    assert (event.actor_name, event.payload["previous_assignee"]) == ("lena", "rita")


def test_a_lead_reassigns_and_the_audit_log_names_both(review, reviewer, reviewer2, lead):
    review_claim(review=review, user=reviewer)

    reassigned = review_reassign(review=review, user=lead, assignee=reviewer2, reason="balance")

    assert reassigned.assignee == reviewer2
    assert reassigned.status == Review.Status.IN_REVIEW
    (event,) = _events(review, "review.reassigned")
    assert event.actor_name == "lena"
    assert event.payload == {
        "previous_assignee": "rita",
        "assignee": "rafael",
        "reason": "balance",
        "version": reassigned.version,
    }


def test_a_reviewer_may_not_reassign(review, reviewer, reviewer2):
    with pytest.raises(ReviewPermissionDenied):
        review_reassign(review=review, user=reviewer, assignee=reviewer2)
    assert Review.objects.get(pk=review.pk).assignee is None


def test_only_someone_who_can_decide_can_be_assigned(review, lead, auditor):
    with pytest.raises(ReviewInvalid, match="aude cannot decide reviews"):
        review_reassign(review=review, user=lead, assignee=auditor)


def test_deciding_a_review_someone_else_holds_needs_taking_it_over(
    review, reviewer, reviewer2, lead
):
    review_claim(review=review, user=reviewer2)
    current = Review.objects.get(pk=review.pk)

    with pytest.raises(ReviewConflict, match="being reviewed by rafael"):
        review_decide(
            review=current,
            user=lead,
            decision="rejected",
            reason="EPS is wrong.",
            labels=canonical_labels(review.query),
            expected_version=current.version,
        )

    taken = review_reassign(review=current, user=lead, assignee=lead, reason="taken over")
    decided = review_decide(
        review=taken,
        user=lead,
        decision="rejected",
        reason="EPS is wrong.",
        labels=canonical_labels(review.query),
        expected_version=taken.version,
    )
    assert decided.decided_by == lead
    (event,) = _events(review, "review.reassigned")
    assert (event.payload["previous_assignee"], event.payload["assignee"]) == ("rafael", "lena")


def test_a_decided_review_cannot_be_reassigned(review, reviewer, reviewer2, lead):
    review_decide(
        review=review,
        user=reviewer,
        decision="rejected",
        reason="EPS is wrong.",
        labels=canonical_labels(review.query),
        expected_version=review.version,
    )

    with pytest.raises(ReviewConflict, match="already rejected by rita"):
        review_reassign(review=review, user=lead, assignee=reviewer2)


def test_reassigning_to_the_current_assignee_records_nothing(review, reviewer, lead):
    review_claim(review=review, user=reviewer)

    review_reassign(review=review, user=lead, assignee=reviewer)

    assert _events(review, "review.reassigned") == []


def test_the_timeline_tells_a_release_and_a_reassignment_in_words(
    client, auditor, review, reviewer, reviewer2, lead
):
    review_claim(review=review, user=reviewer)
    review_release(review=review, user=reviewer, reason="lunch")
    review_reassign(review=review, user=lead, assignee=reviewer2)
    client.force_login(auditor)

    body = client.get(f"/audit/traces/{review.query.trace_id}/").content.decode()

    assert f"Review {review.pk} released by rita (was rita); back in the queue." in body
    assert f"Review {review.pk} reassigned from nobody to rafael by lena." in body
