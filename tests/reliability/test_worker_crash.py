"""A worker killed mid-batch loses nothing and duplicates nothing; the audit chain holds."""

from collections import Counter

import pytest
from django.db.models import Count, Max
from rest_framework.test import APIClient

from audit import events
from audit.actors import Actor
from audit.models import AuditEvent
from audit.verification import verify_stored_chain
from hallucination.models import Claim, Query, Verdict
from hallucination.services import api_client_key_create

from .conftest import kill_process_group, log_tail, start_celery, stop_celery, wait_for
from .payloads import grounded_payload

pytestmark = pytest.mark.integration

QUERIES = 50
IN_FLIGHT = 10
WORKER_ENV = {
    # A dead worker's queries are free again after this lease; the sweeper runs every second.
    "HALLUCINATION_LEASE_SECONDS": "5",
    "HALLUCINATION_SWEEP_SECONDS": "1",
    "HALLUCINATION_REQUEUE_AFTER_SECONDS": "3",
}


def _worker(broker_url: str, tmp_path, name: str):  # type: ignore[no-untyped-def]
    return start_celery(
        broker_url,
        name=name,
        app="tests.reliability.worker_app",
        pool="prefork",
        concurrency=IN_FLIGHT,
        log_path=tmp_path / f"{name}.log",
        beat_schedule=tmp_path / "beat-schedule",
        extra_env=WORKER_ENV,
    )


def _counts(query_ids: list[str]) -> Counter:
    return Counter(Query.objects.filter(pk__in=query_ids).values_list("status", flat=True))


def test_a_worker_killed_with_queries_in_flight_loses_and_repeats_nothing(
    transactional_db, private_broker, tmp_path
):
    first_seq = (AuditEvent.objects.aggregate(last=Max("seq"))["last"] or 0) + 1
    _, key = api_client_key_create(client_name="crash-test", actor=Actor.system("tests"))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
    query_ids = [
        api.post("/api/v1/queries/", grounded_payload(n), format="json").json()["id"]
        for n in range(QUERIES)
    ]

    worker = _worker(private_broker.url, tmp_path, "doomed")
    try:
        at_kill = wait_for(
            lambda: (
                (c := _counts(query_ids))["detecting"] >= IN_FLIGHT and c["done"] >= IN_FLIGHT and c
            ),
            timeout=120,
            interval=0.02,
        )
        kill_process_group(worker)
    finally:
        stop_celery(worker)
    in_flight = list(Query.objects.filter(pk__in=query_ids, status="detecting"))
    print(f"killed with {dict(at_kill)}; {len(in_flight)} held by the dead worker")
    assert len(in_flight) >= IN_FLIGHT
    assert _counts(query_ids)["done"] < QUERIES

    restarted = _worker(private_broker.url, tmp_path, "restarted")
    try:
        wait_for(lambda: _counts(query_ids)["done"] == QUERIES, timeout=180, interval=0.5)
    finally:
        stop_celery(restarted)
        print(log_tail(tmp_path / "restarted.log"))

    assert _counts(query_ids) == {"done": QUERIES}
    for query in in_flight:
        query.refresh_from_db()
        assert query.attempts == 2  # the killed attempt and the one that finished
    claims = Claim.objects.filter(query_id__in=query_ids)
    assert set(claims.values("query").annotate(n=Count("id")).values_list("n", flat=True)) == {4}
    assert Verdict.objects.filter(claim__in=claims).count() == claims.count()
    for event_type in (events.QUERY_SUBMITTED, events.CLAIMS_EXTRACTED, events.QUERY_SCORED):
        per_query = Counter(
            AuditEvent.objects.filter(
                event_type=event_type, subject_type="query", subject_id__in=query_ids
            ).values_list("subject_id", flat=True)
        )
        assert set(per_query) == set(query_ids), event_type
        assert set(per_query.values()) == {1}, f"{event_type} recorded twice for a query"
    verdict_events = AuditEvent.objects.filter(
        event_type=events.VERDICT_RECORDED,
        subject_type="claim",
        subject_id__in=[str(pk) for pk in claims.values_list("pk", flat=True)],
    )
    assert verdict_events.count() == claims.count()
    report = verify_stored_chain(from_seq=first_seq)
    assert report.ok, report.summary()
    assert report.count >= QUERIES * 7
