"""A review's whole life, as the audit log tells it."""

from audit.actors import Actor
from audit.models import AuditEvent
from reviews.models import Review
from reviews.services import (
    review_claim,
    review_decide,
    review_escalate,
    review_reopen,
)
from tests.factories import canonical_labels


def test_open_claim_escalate_reject_reopen_approve(review, reviewer, reviewer2, admin_user):
    claimed = review_claim(review=review, user=reviewer)
    assert claimed.status == Review.Status.IN_REVIEW
    escalated = review_escalate(
        review=claimed, reason="Market data says EPS 0.78.", actor=Actor.system("verifier")
    )
    rejected = review_decide(
        review=escalated,
        user=reviewer,
        decision="rejected",
        reason="EPS is $0.78.",
        labels=canonical_labels(review.query),
        expected_version=escalated.version,
    )
    assert rejected.status == Review.Status.REJECTED
    reopened = review_reopen(review=rejected, user=admin_user, reason="Restated.")
    assert reopened.status == Review.Status.PENDING
    assert reopened.escalated  # what the verifier found still stands
    review_claim(review=reopened, user=reviewer2)
    approved = review_decide(
        review=reopened,
        user=reviewer2,
        decision="approved",
        reason="Restated EPS matches.",
        labels=canonical_labels(
            review.query,
            {"14.8%": "derived_correct", "$0.81": "correct", "$4 billion": "benign_approximation"},
        ),
        expected_version=reopened.version + 1,
    )

    assert approved.status == Review.Status.APPROVED
    assert approved.version == review.version + 6
    trail = list(
        AuditEvent.objects.filter(
            trace_id=review.query.trace_id, subject_type="review", subject_id=str(review.pk)
        )
        .order_by("seq")
        .values_list("event_type", "actor_name")
    )
    assert trail == [
        ("review.opened", "tests"),
        ("review.assigned", "rita"),
        ("review.escalated", "verifier"),
        ("review.decided", "rita"),
        ("review.reopened", "ada"),
        ("review.assigned", "rafael"),
        ("review.decided", "rafael"),
    ]
