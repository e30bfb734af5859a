"""review_claim_next: the next review a reviewer works is claimed for them, in queue order."""

import pytest

from audit.actors import Actor
from reviews.errors import ReviewPermissionDenied
from reviews.models import Review
from reviews.selectors import review_queue
from reviews.services import review_claim, review_claim_next, review_open
from tests.factories import canonical_example


def _open(**fields) -> Review:  # type: ignore[no-untyped-def]
    return review_open(query=canonical_example(**fields), actor=Actor.system("tests"))


def test_it_claims_the_highest_risk_pending_review(reviewer):
    _open(entity="Low")
    audit = _open(entity="High", stakes="audit")

    taken = review_claim_next(user=reviewer, candidates=review_queue())

    assert taken.pk == audit.pk
    stored = Review.objects.get(pk=audit.pk)
    assert (stored.status, stored.assignee) == (Review.Status.IN_REVIEW, reviewer)


def test_a_review_already_held_comes_first(reviewer):
    held = _open(entity="Mine")
    _open(entity="Riskier", stakes="audit")
    review_claim(review=held, user=reviewer)

    assert review_claim_next(user=reviewer, candidates=review_queue()).pk == held.pk


def test_it_skips_what_a_colleague_holds_and_what_was_excluded(reviewer, reviewer2):
    first = _open(stakes="audit")
    second = _open(stakes="high")
    third = _open()
    review_claim(review=first, user=reviewer2)

    taken = review_claim_next(user=reviewer, candidates=review_queue(), exclude=[second.pk])

    assert taken.pk == third.pk


def test_it_follows_the_order_of_the_queue_it_is_given(reviewer):
    risky = _open(stakes="audit")
    plain = _open()

    taken = review_claim_next(user=reviewer, candidates=review_queue(sort="risk"))

    assert taken.pk == plain.pk
    assert Review.objects.get(pk=risky.pk).status == Review.Status.PENDING


def test_it_returns_nothing_when_the_queue_is_empty(reviewer, review):
    assert review_claim_next(user=reviewer, candidates=review_queue(), exclude=[review.pk]) is None


def test_an_auditor_cannot_take_reviews(auditor, review):
    with pytest.raises(ReviewPermissionDenied):
        review_claim_next(user=auditor, candidates=review_queue())
