"""A Redis outage loses no submission: the API answers 202, the sweeper delivers them later."""

import time
from collections import Counter

import pytest
from rest_framework.test import APIClient

from audit import events
from audit.actors import Actor
from audit.models import AuditEvent
from hallucination.models import Query
from hallucination.services import api_client_key_create

from .conftest import log_tail, start_celery, stop_celery, wait_for
from .payloads import grounded_payload

pytestmark = pytest.mark.integration

SUBMISSIONS = 200
OVER_SECONDS = 20.0
# Generous: catches a request hanging on the dead broker, not a slow machine.
HANG_CEILING_SECONDS = 5.0


@pytest.fixture
def api(transactional_db) -> APIClient:  # type: ignore[no-untyped-def]
    _, key = api_client_key_create(client_name="outage-test", actor=Actor.system("tests"))
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
    return client


def _final(query_ids: list[str]) -> bool:
    finished = Query.objects.filter(pk__in=query_ids, status__in=["done", "failed"]).count()
    return finished == len(query_ids)


def test_submissions_made_while_redis_is_down_are_all_processed_once(api, private_broker, tmp_path):
    log = tmp_path / "worker.log"
    worker = start_celery(
        private_broker.url,
        name="outage",
        log_path=log,
        beat_schedule=tmp_path / "beat-schedule",
        extra_env={"HALLUCINATION_SWEEP_SECONDS": "1", "HALLUCINATION_REQUEUE_AFTER_SECONDS": "3"},
    )
    try:
        # The pipeline works before the outage.
        before = api.post("/api/v1/queries/", grounded_payload(0), format="json").json()["id"]
        wait_for(lambda: _final([before]), timeout=90)

        private_broker.stop()
        statuses, durations, query_ids = [], [], []
        started = time.monotonic()
        for n in range(1, SUBMISSIONS + 1):
            sent = time.monotonic()
            response = api.post("/api/v1/queries/", grounded_payload(n), format="json")
            durations.append(time.monotonic() - sent)
            statuses.append(response.status_code)
            if response.status_code == 202:
                query_ids.append(response.json()["id"])
            # Spread the submissions over the outage, as live traffic would arrive.
            time.sleep(max(0.0, started + n * OVER_SECONDS / SUBMISSIONS - time.monotonic()))
        print(
            f"{SUBMISSIONS} submissions in {time.monotonic() - started:.1f} s with Redis down; "
            f"slowest {max(durations) * 1000:.0f} ms, mean {sum(durations) / len(durations) * 1000:.0f} ms"
        )
        assert Counter(statuses) == {202: SUBMISSIONS}
        assert max(durations) < HANG_CEILING_SECONDS
        assert Query.objects.filter(pk__in=query_ids, status="received").count() == SUBMISSIONS

        private_broker.start()  # empty: nothing published during the outage survived
        assert private_broker.queued() == 0

        wait_for(lambda: _final(query_ids), timeout=180, interval=0.5)
    finally:
        stop_celery(worker)
        print(log_tail(log))

    queries = Query.objects.filter(pk__in=query_ids)
    assert Counter(queries.values_list("status", flat=True)) == {"done": SUBMISSIONS}
    for event_type in (events.CLAIMS_EXTRACTED, events.QUERY_SCORED):
        per_query = Counter(
            AuditEvent.objects.filter(
                event_type=event_type, subject_type="query", subject_id__in=query_ids
            ).values_list("subject_id", flat=True)
        )
        assert set(per_query) == set(query_ids)
        assert set(per_query.values()) == {1}, f"{event_type} recorded twice for a query"
    for query in queries:
        assert query.claims.count() == query.total_claims == 4
