"""The cast of the reports tests and a set of decided reviews built through the review services."""

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import AbstractBaseUser

from audit.actors import Actor
from hallucination.models import Query
from reviews import roles
from reviews.models import Review
from reviews.services import review_claim, review_decide, review_open
from tests.factories import ClaimFactory, QueryFactory, UserFactory

SYSTEM = Actor.system("tests")


@pytest.fixture
def groups(db):  # type: ignore[no-untyped-def]
    return roles.ensure_roles()


@pytest.fixture
def reviewer(groups) -> AbstractBaseUser:  # type: ignore[no-untyped-def]
    return UserFactory(username="rita", roles=[roles.REVIEWER])


@pytest.fixture
def auditor(groups) -> AbstractBaseUser:  # type: ignore[no-untyped-def]
    return UserFactory(username="aude", roles=[roles.AUDITOR])


@pytest.fixture
def outsider(groups) -> AbstractBaseUser:  # type: ignore[no-untyped-def]
    """Logged in, but in no role."""
    return UserFactory(username="otto")


def detected_query(
    claims: list[tuple[str, bool]], *, flagged: bool, stakes: str = "standard"
) -> Query:
    """A finished query as the pipeline stores it: claims (text, grounded) in one answer."""
    answer = " and ".join(text for text, _ in claims) + "."
    grounded = sum(1 for _, ok in claims if ok)
    query = QueryFactory(
        answer=answer,
        stakes=stakes,
        flagged=flagged,
        total_claims=len(claims),
        grounded_count=grounded,
        ungrounded_count=len(claims) - grounded,
        gate_passed=not flagged,
        detection_ms=12.5,
    )
    for position, (text, ok) in enumerate(claims):
        start = answer.index(text)
        ClaimFactory(
            query=query,
            position=position,
            text=text,
            start=start,
            end=start + len(text),
            outcome="grounded" if ok else "fabrication",
            grounded=ok,
        )
    return query


def decide(query: Query, user, decision: str, labels: dict[str, str]) -> Review:  # type: ignore[no-untyped-def]
    """Open, claim and decide a review through the services, labelling claims by their text."""
    review = review_open(query=query, actor=SYSTEM)
    review = review_claim(review=review, user=user)
    by_id = {query.claims.get(text=text).pk: label for text, label in labels.items()}
    return review_decide(
        review=review,
        user=user,
        decision=decision,
        reason="checked against the filing",
        labels=by_id,
        expected_version=review.version,
    )


@dataclass
class DecidedReviews:
    """Five decided reviews (TP 2, FP 1, FN 1, TN 1) and one still pending."""

    true_positive: Review
    false_positive: Review
    true_positive_two_flags: Review
    false_negative: Review
    true_negative: Review
    pending: Review


@pytest.fixture
def decided_reviews(reviewer) -> DecidedReviews:  # type: ignore[no-untyped-def]
    return DecidedReviews(
        # Flagged, rejected: $1.5M confirmed, Q3 2024 correct. Span caught.
        true_positive=decide(
            detected_query([("$1.5M", False), ("Q3 2024", True)], flagged=True),
            reviewer,
            "rejected",
            {"$1.5M": "hallucination", "Q3 2024": "correct"},
        ),
        # Flagged, approved: the approximation is benign. A valid claim flagged.
        false_positive=decide(
            detected_query([("about 12%", False)], flagged=True),
            reviewer,
            "approved",
            {"about 12%": "benign_approximation"},
        ),
        # Flagged, rejected: $0.81 confirmed; 14.2% flagged but correct (a valid claim flagged).
        true_positive_two_flags=decide(
            detected_query([("$0.81", False), ("14.2%", False)], flagged=True, stakes="audit"),
            reviewer,
            "rejected",
            {"$0.81": "hallucination", "14.2%": "derived_correct"},
        ),
        # Not flagged (a spot check), rejected: the grounded $2.1B is wrong. Missed.
        false_negative=decide(
            detected_query([("$2.1B", True)], flagged=False),
            reviewer,
            "rejected",
            {"$2.1B": "hallucination"},
        ),
        # Not flagged, approved.
        true_negative=decide(
            detected_query([("$4.2B", True)], flagged=False),
            reviewer,
            "approved",
            {"$4.2B": "correct"},
        ),
        pending=review_open(query=detected_query([("$9.9M", False)], flagged=True), actor=SYSTEM),
    )
