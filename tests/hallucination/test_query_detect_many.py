"""Detecting a batch's queries together: the same results and audit events as one by one."""

from audit.actors import Actor
from audit.models import AuditEvent
from hallucination.demo.queries import CANONICAL_ANSWER, CANONICAL_SOURCE
from hallucination.models import Claim, Query
from hallucination.selectors import query_result
from hallucination.services import (
    BatchItem,
    SourceInput,
    SubmissionInput,
    queries_claim_for_detection,
    query_detect,
    query_detect_many,
    query_detect_waiting,
    query_submit,
    query_submit_batch,
)

# Keys that differ between two queries of the same answer, whatever path detected them.
_IDENTITY = {"id", "trace_id", "created_at", "finished_at"}


def _submission(answer: str = CANONICAL_ANSWER, source: str = CANONICAL_SOURCE):
    return SubmissionInput(
        answer=answer, sources=(SourceInput(id="filing", text=source),), stakes="standard"
    )


def _comparable(query: Query) -> dict:
    result = {k: v for k, v in query_result(query).items() if k not in _IDENTITY}
    for claim in result["claims"]:
        claim.pop("id")
        for verdict in claim["verdicts"]:
            verdict.pop("created_at")
    return result


def _events(query: Query) -> list[tuple[str, dict]]:
    """The query's audit events in chain order, less what names this query or claim."""
    events = []
    for event in AuditEvent.objects.filter(trace_id=query.trace_id).order_by("seq"):
        payload = dict(event.payload)
        payload.pop("idempotency_key", None)
        payload.pop("verdict_id", None)
        payload.pop("elapsed_ms", None)  # the engine's own time, never twice the same
        if "claims" in payload:
            payload["claims"] = [
                {k: v for k, v in c.items() if k != "id"} for c in payload["claims"]
            ]
        events.append((event.event_type, event.actor_name, payload))
    return events


def _received(client, n: int) -> list[Query]:
    """n copies of the canonical submission saved as a batch, not yet detected."""
    outcomes = query_submit_batch(
        client=client,
        items=[
            BatchItem(submission=_submission(), idempotency_key=f"many-{i}", trace_id=f"many-{i}")
            for i in range(n)
        ],
        actor=Actor.for_client(client),
    )
    return [outcome.query for outcome in outcomes]


def test_a_batch_detected_together_matches_each_query_detected_alone(alpha):
    client = alpha.api_client
    worker = Actor.system("worker:tests")
    alone, _ = query_submit(
        client=client, submission=_submission(), trace_id="alone", actor=Actor.for_client(client)
    )
    together = _received(client, 3)

    query_detect(query_id=str(alone.pk), actor=worker)
    query_detect_many(query_ids=[str(q.pk) for q in together], actor=worker)

    alone.refresh_from_db()
    expected_result, expected_events = _comparable(alone), _events(alone)
    assert expected_result["status"] == "verifying" or expected_result["flagged"] is True
    for query in together:
        query.refresh_from_db()
        assert _comparable(query) == expected_result
        assert _events(query) == expected_events


def test_a_query_another_worker_holds_is_left_to_it(alpha):
    client = alpha.api_client
    held, free = _received(client, 2)
    (taken,) = queries_claim_for_detection(query_ids=[str(held.pk)])  # another worker's lease

    ran = query_detect_many(
        query_ids=[str(held.pk), str(free.pk)], actor=Actor.system("worker:tests")
    )

    assert [query.pk for query in ran] == [free.pk]
    assert Query.objects.get(pk=held.pk).status == "detecting"
    assert not Claim.objects.filter(query=held).exists()
    assert Claim.objects.filter(query=free).exists()
    assert taken.attempts == 1


def test_a_second_delivery_of_a_detected_chunk_changes_nothing(alpha):
    client = alpha.api_client
    queries = _received(client, 2)
    ids = [str(q.pk) for q in queries]
    worker = Actor.system("worker:tests")
    query_detect_many(query_ids=ids, actor=worker)
    claims = Claim.objects.filter(query__in=queries).count()
    events = AuditEvent.objects.filter(trace_id__in=["many-0", "many-1"]).count()

    again = query_detect_many(query_ids=ids, actor=worker)

    assert again == []
    assert Claim.objects.filter(query__in=queries).count() == claims
    assert AuditEvent.objects.filter(trace_id__in=["many-0", "many-1"]).count() == events


def test_a_result_a_column_cannot_hold_fails_only_its_own_query(alpha):
    client = alpha.api_client
    # A claim value past the column's 40 digits: recording fails for this answer alone.
    huge = "9" * 40
    outcomes = query_submit_batch(
        client=client,
        items=[
            BatchItem(submission=_submission(), idempotency_key="ok", trace_id="chunk-ok"),
            BatchItem(
                submission=_submission(answer=f"Revenue was ${huge} trillion.", source="x"),
                idempotency_key="huge",
                trace_id="chunk-huge",
            ),
        ],
        actor=Actor.for_client(client),
    )
    ok, bad = (outcome.query for outcome in outcomes)

    query_detect_many(query_ids=[str(ok.pk), str(bad.pk)], actor=Actor.system("worker:tests"))

    ok.refresh_from_db()
    bad.refresh_from_db()
    assert ok.status in ("done", "verifying")
    assert bad.status == "failed"
    assert "Recording the result failed" in bad.error


def test_a_worker_takes_the_oldest_waiting_queries_along(alpha):
    oldest, older, newest = _received(alpha.api_client, 3)

    ran = query_detect_waiting(actor=Actor.system("worker:tests"), limit=2)

    assert sorted(q.pk for q in ran) == sorted([oldest.pk, older.pk])
    statuses = dict(Query.objects.values_list("pk", "status"))
    assert statuses[newest.pk] == "received"
    assert statuses[oldest.pk] != "received" and statuses[older.pk] != "received"
    assert query_detect_waiting(actor=Actor.system("worker:tests"), limit=0) == []
