"""Closing the external layer: a contradiction escalates the review, whatever the claim's outcome."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from audit.actors import Actor
from hallucination.models import Query
from hallucination.services import (
    claim_verdict_add,
    query_requeue_stalled,
    query_verification_finish,
)
from reviews.models import Review

URL = "/api/v1/queries/"
SYSTEM = Actor.system("tests")


@pytest.fixture
def detected(alpha, canonical_payload, django_capture_on_commit_callbacks, settings):
    # Keep the external layer out of the way so the test adds its verdicts itself.
    settings.VERIFICATION = {**settings.VERIFICATION, "STAKES": [], "UNGROUNDED_CLAIMS": False}
    with django_capture_on_commit_callbacks(execute=True):
        alpha.post(URL, canonical_payload, format="json")
    query = Query.objects.get()
    Query.objects.filter(pk=query.pk).update(status=Query.Status.VERIFYING, finished_at=None)
    query.refresh_from_db()
    return query


def test_it_escalates_when_an_external_check_contradicts_an_already_ungrounded_claim(detected):
    eps = detected.claims.get(text="$0.81")
    claim_verdict_add(
        claim=eps,
        layer="external",
        check_name="source_fetch",
        outcome="contradicted",
        actor=SYSTEM,
        nearest_value=Decimal("0.78"),
    )

    query = query_verification_finish(query=detected, actor=SYSTEM)

    eps.refresh_from_db()
    assert eps.outcome == "fabrication"  # the earlier, more specific diagnosis stays
    assert query.status == "done"
    assert Review.objects.get(query=query).escalated is True


def test_it_contradicts_a_grounded_claim_and_recounts_the_query(detected):
    revenue = detected.claims.get(text="$1.85 billion")
    grounded_before = detected.grounded_count

    claim_verdict_add(
        claim=revenue,
        layer="external",
        check_name="source_fetch",
        outcome="contradicted",
        actor=SYSTEM,
    )

    revenue.refresh_from_db()
    detected.refresh_from_db()
    assert revenue.outcome == "contradicted"
    assert revenue.grounded is False
    assert detected.grounded_count == grounded_before - 1


def test_it_grounds_a_claim_an_external_check_verifies(detected):
    drift = detected.claims.get(text="14.8%")

    claim_verdict_add(
        claim=drift, layer="external", check_name="market_data", outcome="grounded", actor=SYSTEM
    )

    drift.refresh_from_db()
    assert drift.outcome == "grounded"
    assert drift.grounded is True


def test_it_refuses_an_unknown_outcome(detected):
    with pytest.raises(ValueError, match="Unknown outcome"):
        claim_verdict_add(
            claim=detected.claims.first(), layer="external", outcome="maybe", actor=SYSTEM
        )


def test_the_sweeper_finishes_a_query_stuck_verifying(detected):
    Query.objects.filter(pk=detected.pk).update(updated_at=timezone.now() - timedelta(hours=1))

    requeued = query_requeue_stalled()

    detected.refresh_from_db()
    assert requeued == 1
    assert detected.status == "done"
