"""review_escalate: an external check contradicted a claim of the reviewed answer."""

import pytest

from audit.actors import Actor
from audit.models import AuditEvent
from reviews.errors import ReviewInvalid
from reviews.models import Review
from reviews.services import ESCALATION_BONUS, review_escalate, review_open, review_risk_score
from tests.factories import canonical_example


def test_it_marks_the_review_escalated_and_raises_its_risk(review):
    before = Review.objects.get(pk=review.pk)

    review_escalate(
        review=review, reason="SEC re-fetch found EPS 0.78.", actor=Actor.system("verifier")
    )

    after = Review.objects.get(pk=review.pk)
    assert after.escalated
    assert after.risk_score > before.risk_score
    assert after.risk_score == review_risk_score(query=review.query) + ESCALATION_BONUS
    assert after.version == before.version + 1


def test_it_records_the_escalation_with_the_system_as_actor(review):
    review_escalate(review=review, reason="SEC re-fetch found EPS 0.78.", actor=Actor.system("v1"))

    event = AuditEvent.objects.get(trace_id=review.query.trace_id, event_type="review.escalated")
    assert event.actor_kind == "system"
    assert event.actor_name == "v1"
    assert event.payload["reason"] == "SEC re-fetch found EPS 0.78."


def test_escalating_twice_does_not_keep_raising_the_score(review):
    first = review_escalate(review=review, reason="one", actor=Actor.system("v"))
    second = review_escalate(review=review, reason="two", actor=Actor.system("v"))

    assert second.risk_score == first.risk_score


def test_escalated_reviews_sort_first(review):
    other = review_open(query=canonical_example(stakes="audit"), actor=Actor.system("tests"))
    assert list(Review.objects.values_list("pk", flat=True)) == [other.pk, review.pk]

    review_escalate(review=review, reason="contradicted", actor=Actor.system("v"))

    assert list(Review.objects.values_list("pk", flat=True)) == [review.pk, other.pk]


def test_it_requires_a_reason(review):
    with pytest.raises(ReviewInvalid):
        review_escalate(review=review, reason="", actor=Actor.system("v"))
