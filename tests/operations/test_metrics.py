"""/metrics: the named series, moving when a submission is processed; scrapers are limited."""

import pytest
from prometheus_client.parser import text_string_to_metric_families

from hallucination.demo.queries import CANONICAL_ANSWER, CANONICAL_SOURCE

pytestmark = pytest.mark.django_db

SERIES = {
    "hallucination_submissions_total",
    "hallucination_flagged_total",
    "hallucination_flagged_ratio",
    "hallucination_grounding_rate_count",
    "hallucination_grounding_rate_bucket",
    "hallucination_claims_total",
    "hallucination_detection_seconds_count",
    "hallucination_task_latency_seconds_count",
    "hallucination_queue_depth",
    "hallucination_review_backlog",
    "hallucination_review_oldest_age_seconds",
    "hallucination_audit_chain_length",
    "hallucination_deliveries_total",
}


def scrape(client, **extra) -> dict[tuple[str, tuple], float]:  # type: ignore[no-untyped-def]
    response = client.get("/metrics", **extra)
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/plain; version=")
    samples = {}
    for family in text_string_to_metric_families(response.content.decode()):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def value(samples, name, **labels) -> float:  # type: ignore[no-untyped-def]
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_it_exposes_the_named_series(client):
    names = {name for name, _ in scrape(client)}

    assert SERIES - names == set()


def test_the_series_move_when_a_submission_is_processed(
    client, llm_service, django_capture_on_commit_callbacks
):
    before = scrape(client)
    payload = {
        "answer": CANONICAL_ANSWER,
        "sources": [{"id": "filing", "text": CANONICAL_SOURCE}],
        "confidence": "0.9",
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = llm_service.post("/api/v1/queries/", payload, format="json")
    result = llm_service.get(f"/api/v1/queries/{response.json()['id']}/").json()

    after = scrape(client)

    def moved(name, **labels):  # type: ignore[no-untyped-def]
        return value(after, name, **labels) - value(before, name, **labels)

    assert moved("hallucination_submissions_total", stakes="standard") == 1
    assert moved("hallucination_flagged_total", stakes="standard") == int(result["flagged"])
    assert moved("hallucination_grounding_rate_count") == 1
    rate = float(result["grounding_rate"])
    assert moved("hallucination_grounding_rate_sum") == pytest.approx(rate)
    assert moved("hallucination_grounding_rate_bucket", le="1.0") == 1
    assert moved("hallucination_grounding_rate_bucket", le="0.5") == int(rate <= 0.5)
    outcomes: dict[str, int] = {}
    for claim in result["claims"]:
        outcomes[claim["outcome"]] = outcomes.get(claim["outcome"], 0) + 1
    for outcome, count in outcomes.items():
        assert moved("hallucination_claims_total", outcome=outcome) == count
    assert moved("hallucination_detection_seconds_count") == 1
    assert moved("hallucination_task_latency_seconds_count") == 1
    assert moved("hallucination_review_backlog", status="pending", escalated="true") + moved(
        "hallucination_review_backlog", status="pending", escalated="false"
    ) == int(result["flagged"])
    assert moved("hallucination_audit_chain_length") >= 4
    assert value(after, "hallucination_flagged_ratio") > 0


def test_a_waiting_submission_counts_in_the_queue_depth(client, llm_service, settings):
    before = value(scrape(client), "hallucination_queue_depth", status="received")
    # Without running the on-commit enqueue the query stays received: a queue with no worker.
    response = llm_service.post(
        "/api/v1/queries/",
        {"answer": "Revenue was $5 million.", "sources": [{"id": "a", "text": "Revenue $5M."}]},
        format="json",
    )
    assert response.status_code == 202

    assert value(scrape(client), "hallucination_queue_depth", status="received") == before + 1


def test_an_address_outside_the_allowed_networks_is_refused(client):
    assert client.get("/metrics", REMOTE_ADDR="203.0.113.9").status_code == 403


def test_a_proxied_request_needs_the_token(client, settings):
    settings.METRICS = {**settings.METRICS, "TOKEN": "scrape-token-1"}

    assert client.get("/metrics", HTTP_X_FORWARDED_FOR="203.0.113.9").status_code == 403
    assert (
        client.get(
            "/metrics",
            REMOTE_ADDR="203.0.113.9",
            HTTP_AUTHORIZATION="Bearer wrong-token",
        ).status_code
        == 403
    )
    scrape(client, REMOTE_ADDR="203.0.113.9", HTTP_AUTHORIZATION="Bearer scrape-token-1")
