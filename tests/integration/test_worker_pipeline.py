"""A submission through the API is detected by a real Celery worker over Redis."""

from decimal import Decimal

import pytest
from rest_framework.test import APIClient

from audit.actors import Actor
from audit.models import AuditEvent
from hallucination.demo.queries import CANONICAL_ANSWER, CANONICAL_SOURCE
from hallucination.models import Query
from hallucination.services import api_client_key_create

from .conftest import wait_for

pytestmark = pytest.mark.integration


def test_a_real_worker_detects_the_canonical_example(celery_worker_process):
    _, key = api_client_key_create(client_name="worker-test", actor=Actor.system("tests"))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")

    response = api.post(
        "/api/v1/queries/",
        {
            "answer": CANONICAL_ANSWER,
            "sources": [{"id": "filing", "text": CANONICAL_SOURCE}],
            "confidence": "0.9",
        },
        format="json",
    )
    assert response.status_code == 202
    query_id = response.json()["id"]

    def finished():
        query = Query.objects.get(pk=query_id)
        return query if query.status in ("done", "failed") else None

    query = wait_for(finished, timeout=90)
    result = api.get(f"/api/v1/queries/{query_id}/").json()

    assert query.status == "done", query.error
    assert result["flagged"] is True
    ungrounded = {c["text"]: c for c in result["claims"] if not c["grounded"]}
    assert set(ungrounded) == {"14.8%", "$0.81", "approximately $4 billion"} or set(ungrounded) == {
        "14.8%",
        "$0.81",
        "$4 billion",
    }
    assert ungrounded["14.8%"]["outcome"] == "arithmetic_drift"
    assert Decimal(ungrounded["$0.81"]["nearest"]["value"]) == Decimal("0.78")
    worker_events = AuditEvent.objects.filter(trace_id=query.trace_id, actor_kind="system")
    assert worker_events.filter(event_type="query.scored").exists()
    assert any(
        name.startswith("worker:w1@") for name in worker_events.values_list("actor_name", flat=True)
    )


def test_a_real_worker_detects_a_batch_in_chunks(celery_worker_process, settings):
    settings.HALLUCINATION = {**settings.HALLUCINATION, "DETECT_CHUNK": 2}
    _, key = api_client_key_create(client_name="batch-worker-test", actor=Actor.system("tests"))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
    items = [
        {
            "idempotency_key": f"worker-batch-{n}",
            "answer": CANONICAL_ANSWER,
            "sources": [{"id": "filing", "text": CANONICAL_SOURCE}],
        }
        for n in range(5)
    ]

    body = api.post("/api/v1/queries/batch", {"items": items}, format="json").json()
    ids = [item["id"] for item in body["items"]]

    def finished():
        done = Query.objects.filter(pk__in=ids, status__in=("done", "failed")).count()
        return done == len(ids)

    wait_for(finished, timeout=90)
    for query in Query.objects.filter(pk__in=ids):
        assert query.status == "done", query.error
        assert query.flagged is True
        extracted = AuditEvent.objects.filter(
            trace_id=query.trace_id, event_type="claims.extracted"
        )
        assert extracted.count() == 1
        assert extracted.get().actor_name.startswith("worker:w1@")
