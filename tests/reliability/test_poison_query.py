"""A query that breaks detection every time ends `failed` after its attempts; work goes on."""

import pytest
from rest_framework.test import APIClient

from audit import events
from audit.actors import Actor
from audit.models import AuditEvent
from hallucination.models import Query
from hallucination.services import api_client_key_create

from .conftest import log_tail, start_celery, stop_celery, wait_for
from .payloads import grounded_payload
from .worker_app import KILLS, RAISES

pytestmark = pytest.mark.integration

MAX_ATTEMPTS = 3


@pytest.fixture
def api(transactional_db) -> APIClient:  # type: ignore[no-untyped-def]
    _, key = api_client_key_create(client_name="poison-test", actor=Actor.system("tests"))
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
    return client


@pytest.fixture
def worker(private_broker, tmp_path):  # type: ignore[no-untyped-def]
    log = tmp_path / "worker.log"
    process = start_celery(
        private_broker.url,
        name="poisoned",
        app="tests.reliability.worker_app",
        pool="prefork",
        concurrency=1,
        log_path=log,
        beat_schedule=tmp_path / "beat-schedule",
        extra_env={
            "HALLUCINATION_MAX_ATTEMPTS": str(MAX_ATTEMPTS),
            "HALLUCINATION_LEASE_SECONDS": "3",
            "HALLUCINATION_SWEEP_SECONDS": "1",
            "HALLUCINATION_REQUEUE_AFTER_SECONDS": "3",
        },
    )
    yield process
    alive = process.poll() is None
    stop_celery(process)
    print(log_tail(log))
    assert alive, "the worker exited"


def _poisoned(marker: str) -> dict:
    payload = grounded_payload(1)
    payload["answer"] = f"{payload['answer']} {marker}"
    return payload


def _final(query_id: str) -> Query | None:
    query = Query.objects.get(pk=query_id)
    return query if query.is_finished else None


@pytest.mark.parametrize("marker", [RAISES, KILLS], ids=["raises", "kills-the-process"])
def test_a_poison_query_fails_after_its_attempts_and_the_next_query_is_done(api, worker, marker):
    poison_id = api.post("/api/v1/queries/", _poisoned(marker), format="json").json()["id"]
    healthy_id = api.post("/api/v1/queries/", grounded_payload(2), format="json").json()["id"]

    poison = wait_for(lambda: _final(poison_id), timeout=120, interval=0.5)
    healthy = wait_for(lambda: _final(healthy_id), timeout=60, interval=0.2)
    later_id = api.post("/api/v1/queries/", grounded_payload(3), format="json").json()["id"]
    later = wait_for(lambda: _final(later_id), timeout=60, interval=0.2)

    assert poison.status == "failed"
    assert poison.attempts >= MAX_ATTEMPTS
    assert poison.claims.count() == 0
    failures = AuditEvent.objects.filter(
        event_type=events.QUERY_FAILED, subject_type="query", subject_id=poison_id
    )
    assert failures.count() == 1
    assert failures.get().payload["attempts"] == poison.attempts
    assert (healthy.status, later.status) == ("done", "done")
