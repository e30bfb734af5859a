"""The monitored LLM's rates over a window: production, reviewer-confirmed, escalations, FPR."""

from datetime import timedelta

import pytest
from django.utils import timezone

from hallucination.models import Query
from hallucination.reports.measurement import monitored_llm_rates
from tests.reports.conftest import detected_query


def _window() -> dict:
    now = timezone.now()
    return {"since": now - timedelta(days=30), "until": now + timedelta(seconds=1)}


def test_it_computes_the_rates_of_finished_queries_in_the_window(decided_reviews) -> None:  # type: ignore[no-untyped-def]
    # Outside the window, and still detecting: neither counts.
    old = detected_query([("$3M", False)], flagged=True)
    Query.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=60))
    detecting = detected_query([("$5M", False)], flagged=True)
    Query.objects.filter(pk=detecting.pk).update(status=Query.Status.DETECTING)

    rates = monitored_llm_rates(**_window())

    # Six queries: claims 2+1+2+1+1+1, unverified 1+1+2+0+0+1.
    assert rates["queries"] == 6
    assert (rates["total_claims"], rates["unverified_claims"]) == (8, 5)
    assert rates["production"]["rate"] == pytest.approx(5 / 8)
    assert rates["production"]["target_rate"] == 0.05
    assert rates["production"]["meets_target"] is False
    # Seven claims labelled on decided reviews, three of them hallucinations.
    assert (rates["reviewed_claims"], rates["confirmed_hallucinations"]) == (7, 3)
    assert rates["reviewer_confirmed"]["rate"] == pytest.approx(3 / 7, abs=1e-6)
    # Six reviews opened (the pending one too).
    assert rates["escalations"] == 6
    assert rates["claims_per_escalation"] == pytest.approx(8 / 6, abs=0.01)
    # Flagged but called valid: "about 12%" and "14.2%", over 8 - 3 valid claims.
    assert rates["flagged_valid_claims"] == 2
    assert rates["composite_false_positive_rate"] == pytest.approx(2 / 5)


def test_it_filters_by_stakes(decided_reviews) -> None:  # type: ignore[no-untyped-def]
    rates = monitored_llm_rates(**_window(), stakes="audit")
    assert (rates["queries"], rates["total_claims"], rates["unverified_claims"]) == (1, 2, 2)
    assert rates["reviewer_confirmed"]["rate"] == pytest.approx(1 / 2)


def test_a_window_with_no_queries_has_undefined_rates(db) -> None:  # type: ignore[no-untyped-def]
    rates = monitored_llm_rates(**_window())
    assert rates["total_claims"] == 0
    assert rates["production"] == {"rate": None, "target_rate": 0.05, "meets_target": None}
    assert rates["reviewer_confirmed"]["rate"] is None
    assert rates["claims_per_escalation"] is None
    assert rates["composite_false_positive_rate"] is None


def test_a_clean_production_window_meets_the_target(db) -> None:  # type: ignore[no-untyped-def]
    for _ in range(3):
        detected_query([(f"${n}M", True) for n in range(1, 8)], flagged=False)
    rates = monitored_llm_rates(**_window())
    assert rates["production"]["rate"] == 0.0
    assert rates["production"]["meets_target"] is True


def test_it_refuses_a_naive_window(db) -> None:  # type: ignore[no-untyped-def]
    from datetime import datetime

    with pytest.raises(ValueError, match="timezone-aware"):
        monitored_llm_rates(since=datetime(2026, 1, 1), until=timezone.now())  # noqa: DTZ001
