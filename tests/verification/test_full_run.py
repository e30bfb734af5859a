"""A full run: an audit-stakes submission through the API, detected and verified by a real worker."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from audit.actors import Actor
from audit.models import AuditEvent
from hallucination.demo.queries import CANONICAL_ANSWER, CANONICAL_SOURCE
from hallucination.models import Query, Verdict
from hallucination.services import api_client_key_create
from reviews.models import Review
from tests.integration.conftest import celery_broker, start_worker, stop_process, wait_for
from tests.outbound.servers import LocalServer, start_server
from tests.result_picture import assert_one_picture

pytestmark = pytest.mark.integration
__all__ = ["celery_broker"]  # a fixture, used by name below

PAGES = Path(__file__).parent / "pages"


@pytest.fixture
def filing_server() -> Iterator[LocalServer]:
    server = start_server()
    server.route("/q3.html", body=(PAGES / "northwind_q3_2026_restated.html").read_bytes())
    yield server
    server.stop()


@pytest.fixture
def worker(transactional_db, celery_broker, filing_server):  # type: ignore[no-untyped-def]
    """A worker allowed (by its environment, as a deployment would be) to reach the test server."""
    process = start_worker(
        celery_broker,
        name="verifier",
        extra_env={
            "VERIFICATION_ALLOWED_HOSTS": "127.0.0.1",
            "VERIFICATION_ALLOWED_PORTS": str(filing_server.port),
            "VERIFICATION_ALLOWED_PRIVATE_NETWORKS": "127.0.0.1/32",
        },
    )
    try:
        yield process
    finally:
        print(stop_process(process)[-5000:])


def test_an_audit_submission_gets_external_verdicts_and_an_escalated_review(worker, filing_server):
    _, key = api_client_key_create(client_name="full-run", actor=Actor.system("tests"))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
    url = filing_server.url("/q3.html")

    response = api.post(
        "/api/v1/queries/",
        {
            "answer": CANONICAL_ANSWER,
            "sources": [{"id": "filing", "text": CANONICAL_SOURCE, "url": url}],
            "stakes": "audit",
            "confidence": "0.9",
            "entity": "Northwind Industries",
            "period": "Q3 2026",
        },
        format="json",
    )
    assert response.status_code == 202
    query_id = response.json()["id"]

    def finished():  # type: ignore[no-untyped-def]
        query = Query.objects.get(pk=query_id)
        return query if query.status in ("done", "failed") else None

    query = wait_for(finished, timeout=120)

    assert query.status == "done", query.error
    external = {
        verdict.claim.text: verdict
        for verdict in Verdict.objects.filter(claim__query=query, layer="external").select_related(
            "claim"
        )
    }
    assert external["$312 million"].outcome == "contradicted"
    assert external["$312 million"].nearest_value == 298_000_000
    assert external["$1.85 billion"].outcome == "grounded"
    assert external["14.8%"].check_name == "recompute"
    assert filing_server.connections >= 1
    review = Review.objects.get(query=query)
    assert review.escalated is True
    escalation = AuditEvent.objects.get(trace_id=query.trace_id, event_type="review.escalated")
    assert escalation.actor_name.startswith("worker:verifier@")
    # What the API returns now is what the worker's verdicts say, summary and corrections too.
    result = api.get(f"/api/v1/queries/{query_id}/").json()
    assert "Net income was $298 million" in result["corrected_answer"]
    assert_one_picture(result, CANONICAL_ANSWER)
