"""Two reviewers deciding the same review at the same moment: exactly one wins."""

import threading

import pytest
from django.db import connection

from audit.actors import Actor
from audit.models import AuditEvent
from reviews import roles
from reviews.errors import ReviewConflict
from reviews.models import ClaimDecision, Review
from reviews.services import review_decide, review_open
from tests.factories import UserFactory, canonical_example, canonical_labels

pytestmark = pytest.mark.django_db(transaction=True)


def _decide_in_threads(review: Review, deciders: list[tuple[object, str]]) -> list[object]:
    """Each (user, decision) runs in its own thread and database connection, released together."""
    barrier = threading.Barrier(len(deciders))
    labels = {
        "rejected": canonical_labels(review.query),
        "approved": canonical_labels(
            review.query,
            {"14.8%": "derived_correct", "$0.81": "correct", "$4 billion": "benign_approximation"},
        ),
    }
    results: list[object] = [None] * len(deciders)

    def run(index: int, user: object, decision: str) -> None:
        try:
            barrier.wait(timeout=10)
            results[index] = review_decide(
                review=review,
                user=user,
                decision=decision,
                reason="Checked against the filing.",
                labels=labels[decision],
                expected_version=review.version,
            )
        except Exception as exc:  # collected and asserted on below
            results[index] = exc
        finally:
            connection.close()

    threads = [
        threading.Thread(target=run, args=(index, user, decision))
        for index, (user, decision) in enumerate(deciders)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


@pytest.mark.parametrize("attempt", range(3))
def test_exactly_one_of_two_simultaneous_decisions_wins(attempt):
    roles.ensure_roles()
    rita = UserFactory(username="rita", roles=[roles.REVIEWER])
    rafael = UserFactory(username="rafael", roles=[roles.REVIEWER])
    review = review_open(query=canonical_example(), actor=Actor.system("tests"))

    results = _decide_in_threads(review, [(rita, "rejected"), (rafael, "approved")])

    winners = [r for r in results if isinstance(r, Review)]
    losers = [r for r in results if isinstance(r, ReviewConflict)]
    assert len(winners) == 1, results
    assert len(losers) == 1, results
    winner = winners[0]
    stored = Review.objects.get(pk=review.pk)
    assert stored.status == winner.status
    assert stored.decided_by_id == winner.decided_by_id
    assert stored.version == review.version + 1
    # The loser is told who won and that nothing of theirs was saved.
    verb = "rejected" if winner.status == Review.Status.REJECTED else "approved"
    assert f"already {verb} by {winner.decided_by.username}" in losers[0].message
    assert "not saved" in losers[0].message
    # Only the winner's labels and a single decision event exist.
    assert set(
        ClaimDecision.objects.filter(review=review).values_list("decided_by_id", flat=True)
    ) == {winner.decided_by_id}
    assert (
        AuditEvent.objects.filter(
            trace_id=review.query.trace_id, event_type="review.decided"
        ).count()
        == 1
    )
