"""A later layer's verdict rewrites the whole result: summary, corrections and corrected answer."""

from decimal import Decimal

import pytest

from audit.actors import Actor
from hallucination.demo.queries import CANONICAL_ANSWER
from hallucination.models import Query
from hallucination.services import claim_verdict_add, query_verification_finish
from tests.result_picture import assert_one_picture

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


def _result(alpha, query):  # type: ignore[no-untyped-def]
    response = alpha.get(f"{URL}{query.pk}/")
    assert response.status_code == 200
    return response.json()


def test_the_detected_result_is_one_picture(alpha, detected):
    result = _result(alpha, detected)

    assert "14.8%" in result["validation"]["suspicious"]
    assert_one_picture(result, CANONICAL_ANSWER)


def test_a_claim_an_external_check_grounds_loses_its_correction(alpha, detected):
    before = _result(alpha, detected)
    assert "14.8%" in [c["text"] for c in before["corrections"]]
    drift = detected.claims.get(text="14.8%")

    claim_verdict_add(
        claim=drift, layer="external", check_name="market_data", outcome="grounded", actor=SYSTEM
    )

    result = _result(alpha, detected)
    assert "14.8%" not in result["validation"]["suspicious"]
    assert result["validation"]["exact_matches"] == before["validation"]["exact_matches"] + 1
    assert "14.8%" not in [c["text"] for c in result["corrections"]]
    assert "up 14.8% year over year" in result["corrected_answer"]
    assert_one_picture(result, CANONICAL_ANSWER)


def test_a_grounded_claim_an_external_check_contradicts_is_corrected(alpha, detected):
    revenue = detected.claims.get(text="$1.85 billion")

    claim_verdict_add(
        claim=revenue,
        layer="external",
        check_name="source_fetch",
        outcome="contradicted",
        actor=SYSTEM,
        nearest_text="$1,790",
        nearest_value=Decimal("1790000000"),
        nearest_source_id="filing",
        expected_value=Decimal("1790000000"),
    )

    result = _result(alpha, detected)
    assert "$1.85 billion" in result["validation"]["suspicious"]
    (correction,) = [c for c in result["corrections"] if c["text"] == "$1.85 billion"]
    assert correction["replacement"] == "$1.79 billion"
    assert correction["reason"].startswith("contradicted")
    assert "revenue was $1.79 billion" in result["corrected_answer"]
    assert_one_picture(result, CANONICAL_ANSWER)


def test_the_finished_query_keeps_the_picture_its_last_verdict_drew(alpha, detected):
    drift = detected.claims.get(text="14.8%")
    claim_verdict_add(
        claim=drift, layer="external", check_name="recompute", outcome="derived", actor=SYSTEM
    )

    query_verification_finish(query=detected, actor=SYSTEM)

    result = _result(alpha, detected)
    assert result["status"] == "done"
    assert "14.8%" not in [c["text"] for c in result["corrections"]]
    assert_one_picture(result, CANONICAL_ANSWER)
