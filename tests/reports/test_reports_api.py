"""GET /api/v1/reports/: the runs and the LLM's rates as JSON, for reviewers and auditors."""

import pytest
from rest_framework.test import APIClient

from audit.actors import Actor
from hallucination.reports.measurement import accuracy_measure
from hallucination.services import api_client_key_create

URL = "/api/v1/reports/"
DESIGN_KEYS = {
    "total_cases", "tp", "fp", "fn", "tn", "accuracy", "precision", "recall", "f1",
    "false_positive_rate", "total_claims", "verified_claims", "unverified_claims",
    "hallucination_rate", "target_rate", "meets_target", "per_kind", "latency_ms",
}  # fmt: skip


def _api(user) -> APIClient:  # type: ignore[no-untyped-def]
    client = APIClient()
    client.force_login(user)
    return client


def test_it_returns_the_latest_run_the_history_and_the_rates(decided_reviews, reviewer) -> None:  # type: ignore[no-untyped-def]
    first = accuracy_measure(from_reviews=True, actor=Actor.system("tests")).report
    second = accuracy_measure(from_reviews=True, actor=Actor.system("tests")).report
    body = _api(reviewer).get(URL).json()
    assert body["latest"]["id"] == second.pk
    assert set(body["latest"]) >= DESIGN_KEYS
    assert (body["latest"]["tp"], body["latest"]["fn"]) == (2, 1)
    assert [run["id"] for run in body["reports"]] == [second.pk, first.pk]
    assert "errors" in body["latest"] and "errors" not in body["reports"][0]
    assert body["monitored_llm"]["total_claims"] == 8
    assert body["monitored_llm"]["production"]["rate"] == pytest.approx(5 / 8)


def test_with_no_run_latest_is_null(reviewer) -> None:  # type: ignore[no-untyped-def]
    body = _api(reviewer).get(URL).json()
    assert body["latest"] is None
    assert body["reports"] == []


def test_an_api_client_may_not_read_reports(db) -> None:  # type: ignore[no-untyped-def]
    _, key = api_client_key_create(client_name="alpha-agent", actor=Actor.system("tests"))
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
    response = client.get(URL)
    assert response.status_code == 403


def test_anonymous_requests_are_refused(db) -> None:  # type: ignore[no-untyped-def]
    assert APIClient().get(URL).status_code in (401, 403)


def test_a_person_without_a_role_is_refused(outsider) -> None:  # type: ignore[no-untyped-def]
    assert _api(outsider).get(URL).status_code == 403


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"limit": "0"}, "limit"),
        ({"limit": "x"}, "limit"),
        ({"days": "400"}, "days"),
        ({"stakes": "low"}, "stakes"),
    ],
)
def test_bad_parameters_are_named(reviewer, params: dict, field: str) -> None:  # type: ignore[no-untyped-def]
    response = _api(reviewer).get(URL, params)
    assert response.status_code == 400
    assert field in response.json()["detail"]
