"""Bulk actions: several reviews, one call, each review decided and audited on its own."""

import pytest

from audit.actors import Actor
from audit.models import AuditEvent
from reviews import roles
from reviews.errors import ReviewInvalid, ReviewPermissionDenied
from reviews.models import ClaimDecision, Review
from reviews.services import review_bulk_assign, review_bulk_decide, review_claim, review_open
from tests.factories import UserFactory, canonical_example


@pytest.fixture
def lead(groups):  # type: ignore[no-untyped-def]
    return UserFactory(username="lena", roles=[roles.LEAD])


@pytest.fixture
def three(db):  # type: ignore[no-untyped-def]
    return [
        review_open(query=canonical_example(entity=f"Co {n}"), actor=Actor.system("tests"))
        for n in range(3)
    ]


def test_a_lead_assigns_several_reviews_each_with_its_own_event(three, lead, reviewer2):
    outcome = review_bulk_assign(review_ids=[r.pk for r in three], user=lead, assignee=reviewer2)

    assert [r.pk for r in outcome.done] == [r.pk for r in three]
    assert outcome.refused == []
    assert set(Review.objects.values_list("assignee__username", flat=True)) == {"rafael"}
    for review in three:
        event = AuditEvent.objects.get(
            trace_id=review.query.trace_id, event_type="review.reassigned"
        )
        assert event.actor_name == "lena"
        assert event.payload["assignee"] == "rafael"


def test_a_reviewer_may_assign_reviews_to_themselves_only(three, reviewer, reviewer2):
    outcome = review_bulk_assign(review_ids=[three[0].pk], user=reviewer, assignee=reviewer)
    assert outcome.done[0].assignee == reviewer

    with pytest.raises(ReviewPermissionDenied):
        review_bulk_assign(review_ids=[three[1].pk], user=reviewer, assignee=reviewer2)
    assert Review.objects.get(pk=three[1].pk).assignee is None


def test_a_review_someone_holds_is_reported_and_the_others_still_change(three, reviewer, reviewer2):
    review_claim(review=three[1], user=reviewer2)

    outcome = review_bulk_assign(review_ids=[r.pk for r in three], user=reviewer, assignee=reviewer)

    assert [r.pk for r in outcome.done] == [three[0].pk, three[2].pk]
    assert outcome.refused == [
        (
            three[1].pk,
            f"Review #{three[1].pk} is being reviewed by rafael; your change was not saved.",
        )
    ]


def test_approving_as_clean_labels_every_claim_and_audits_each_review(three, reviewer):
    outcome = review_bulk_decide(
        review_ids=[r.pk for r in three[:2]], user=reviewer, decision="approved", reason=""
    )

    assert len(outcome.done) == 2
    for review in three[:2]:
        labels = dict(
            ClaimDecision.objects.filter(review=review).values_list("claim__text", "label")
        )
        assert labels["$4 billion"] == "benign_approximation"
        assert labels["$0.81"] == "correct"
        assert labels["$1.85 billion"] == "correct"
        assert len(labels) == 8
        event = AuditEvent.objects.get(trace_id=review.query.trace_id, event_type="review.decided")
        assert event.payload["decision"] == "approved"
        assert len(event.payload["labels"]) == 8
    assert Review.objects.get(pk=three[2].pk).status == Review.Status.PENDING


def test_rejecting_in_bulk_confirms_every_flag_and_needs_a_reason(three, reviewer):
    with pytest.raises(ReviewInvalid, match="reason is required"):
        review_bulk_decide(review_ids=[three[0].pk], user=reviewer, decision="rejected", reason=" ")

    outcome = review_bulk_decide(
        review_ids=[three[0].pk], user=reviewer, decision="rejected", reason="Made-up EPS."
    )

    (review,) = outcome.done
    assert review.status == Review.Status.REJECTED
    assert review.reason == "Made-up EPS."
    flagged = set(
        ClaimDecision.objects.filter(review=review, label="hallucination").values_list(
            "claim__text", flat=True
        )
    )
    assert flagged == {"14.8%", "$0.81", "$4 billion"}


def test_an_auditor_cannot_decide_in_bulk(three, auditor):
    with pytest.raises(ReviewPermissionDenied):
        review_bulk_decide(review_ids=[three[0].pk], user=auditor, decision="approved", reason="")
