"""review_decide: approve or reject a review, labelling every claim."""

import pytest

from audit.models import AuditEvent
from reviews.errors import ReviewConflict, ReviewInvalid, ReviewPermissionDenied
from reviews.models import ClaimDecision, Review
from reviews.services import review_claim, review_decide
from tests.factories import canonical_labels


def _reject(review, user, **overrides):  # type: ignore[no-untyped-def]
    arguments = {
        "review": review,
        "user": user,
        "decision": "rejected",
        "reason": "EPS is $0.78 in the filing, not $0.81.",
        "labels": canonical_labels(review.query),
        "expected_version": review.version,
        **overrides,
    }
    return review_decide(**arguments)


def test_it_rejects_with_a_reason_and_stores_every_label(review, reviewer):
    labels = canonical_labels(review.query, {"$4 billion": "benign_approximation"})

    _reject(review, reviewer, labels=labels)

    stored = Review.objects.get(pk=review.pk)
    assert stored.status == Review.Status.REJECTED
    assert stored.decided_by == reviewer
    assert stored.decided_at is not None
    assert stored.reason == "EPS is $0.78 in the filing, not $0.81."
    saved = dict(ClaimDecision.objects.filter(review=review).values_list("claim_id", "label"))
    assert saved == labels
    assert saved[review.query.claims.get(text="$4 billion").pk] == "benign_approximation"


def test_the_decision_and_labels_are_in_the_audit_log(review, reviewer):
    labels = canonical_labels(review.query)
    _reject(review, reviewer, labels=labels)

    event = AuditEvent.objects.get(trace_id=review.query.trace_id, event_type="review.decided")
    assert event.actor_name == "rita"
    assert event.payload["decision"] == "rejected"
    assert event.payload["reason"].startswith("EPS is $0.78")
    assert event.payload["labels"] == {str(k): v for k, v in labels.items()}


def test_it_approves_a_false_positive(review, reviewer):
    labels = canonical_labels(
        review.query,
        {"14.8%": "derived_correct", "$0.81": "correct", "$4 billion": "benign_approximation"},
    )

    review_decide(
        review=review,
        user=reviewer,
        decision="approved",
        reason="",
        labels=labels,
        expected_version=review.version,
    )

    assert Review.objects.get(pk=review.pk).status == Review.Status.APPROVED


def test_it_refuses_to_reject_without_a_reason(review, reviewer):
    with pytest.raises(ReviewInvalid, match="reason is required") as refused:
        _reject(review, reviewer, reason="   ")
    assert refused.value.field == "reason"
    assert Review.objects.get(pk=review.pk).status == Review.Status.PENDING
    assert not ClaimDecision.objects.filter(review=review).exists()


def test_it_refuses_a_decided_review(review, reviewer, reviewer2):
    _reject(review, reviewer)
    decided = Review.objects.get(pk=review.pk)

    with pytest.raises(ReviewConflict, match="already rejected by rita"):
        _reject(decided, reviewer2, expected_version=decided.version)


def test_it_refuses_a_review_someone_else_claimed_meanwhile(review, reviewer, reviewer2):
    stale_version = review.version
    review_claim(review=review, user=reviewer)
    # rita released nothing; rafael's page was loaded before she claimed it.
    with pytest.raises(ReviewConflict, match="being reviewed by rita"):
        _reject(review, reviewer2, expected_version=stale_version)


def test_it_refuses_a_stale_version_even_from_the_assignee(review, reviewer):
    stale_version = review.version
    review_claim(review=review, user=reviewer)

    with pytest.raises(ReviewConflict, match="changed while you had it open") as refused:
        _reject(review, reviewer, expected_version=stale_version)
    assert refused.value.current_version == stale_version + 1


def test_it_refuses_a_missing_label(review, reviewer):
    labels = canonical_labels(review.query)
    eps = review.query.claims.get(text="$0.81")
    del labels[eps.pk]

    with pytest.raises(ReviewInvalid, match=r"unlabelled: \$0\.81"):
        _reject(review, reviewer, labels=labels)


def test_it_refuses_a_label_it_does_not_know(review, reviewer):
    labels = canonical_labels(review.query)
    labels[next(iter(labels))] = "probably_fine"

    with pytest.raises(ReviewInvalid, match="'probably_fine' is not a label"):
        _reject(review, reviewer, labels=labels)


def test_it_refuses_a_claim_of_another_query(review, reviewer):
    labels = {**canonical_labels(review.query), 999999: "correct"}

    with pytest.raises(ReviewInvalid, match="does not belong"):
        _reject(review, reviewer, labels=labels)


def test_it_refuses_to_reject_when_no_claim_is_labelled_a_hallucination(review, reviewer):
    labels = {claim_id: "correct" for claim_id in canonical_labels(review.query)}

    with pytest.raises(ReviewInvalid, match="label at least one claim as hallucination"):
        _reject(review, reviewer, labels=labels)


def test_it_refuses_to_approve_with_a_hallucination_label(review, reviewer):
    with pytest.raises(ReviewInvalid, match="reject instead"):
        review_decide(
            review=review,
            user=reviewer,
            decision="approved",
            reason="",
            labels=canonical_labels(review.query),
            expected_version=review.version,
        )


def test_it_refuses_an_unknown_decision(review, reviewer):
    with pytest.raises(ReviewInvalid, match="'approved' or 'rejected'"):
        _reject(review, reviewer, decision="maybe")


def test_an_auditor_cannot_decide(review, auditor):
    with pytest.raises(ReviewPermissionDenied):
        _reject(review, auditor)
    assert Review.objects.get(pk=review.pk).status == Review.Status.PENDING
    assert not AuditEvent.objects.filter(
        trace_id=review.query.trace_id, event_type="review.decided"
    ).exists()


def test_someone_in_no_role_cannot_decide(review, outsider):
    with pytest.raises(ReviewPermissionDenied):
        _reject(review, outsider)
