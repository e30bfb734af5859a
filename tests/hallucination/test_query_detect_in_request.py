"""Prefer: wait on a small submission: detected in the request, as a worker would have."""

from audit.models import AuditEvent
from hallucination.models import Query

URL = "/api/v1/queries/"
_IDENTITY = {"id", "trace_id", "created_at", "finished_at"}


def _comparable(result: dict) -> dict:
    """The result less what names this query, its rows and its timings."""
    result = {k: v for k, v in result.items() if k not in _IDENTITY}
    for claim in result["claims"]:
        claim.pop("id")
        for verdict in claim["verdicts"]:
            verdict.pop("created_at")
            verdict["details"].pop("elapsed_ms", None)
    if result["review"]:
        result["review"].pop("id")
    return result


_VARYING = {"elapsed_ms", "verdict_id", "review_id", "query_id", "id"}


def _without_varying(value):  # type: ignore[no-untyped-def]
    """A payload less the row ids and timings that differ from one query to the next."""
    if isinstance(value, dict):
        return {k: _without_varying(v) for k, v in value.items() if k not in _VARYING}
    if isinstance(value, list):
        return [_without_varying(v) for v in value]
    return value


def _trail(trace_id: str) -> list[tuple[str, str, dict]]:
    return [
        (event.event_type, event.actor_kind, _without_varying(event.payload))
        for event in AuditEvent.objects.filter(trace_id=trace_id).order_by("seq")
    ]


GROUNDED = {
    "answer": "Revenue was $1.85 billion in Q3 2026, up from $1.62 billion.",
    "sources": [
        {"id": "filing", "text": "Q3 2026 revenue: $1.85 billion. Q3 2025: $1.62 billion."}
    ],
    "confidence": "0.9",
}


def test_a_small_submission_is_answered_finished_without_a_worker(
    alpha, django_capture_on_commit_callbacks
):
    # Commit callbacks held back: nothing queued for a worker could run before the response.
    with django_capture_on_commit_callbacks(execute=False):
        response = alpha.post(URL, GROUNDED, format="json", HTTP_PREFER="wait=5")

    body = response.json()
    assert response.status_code == 201
    assert body["status"] == "done"
    assert body["total_claims"] == body["grounded_count"] > 0
    query = Query.objects.get(pk=body["id"])
    assert query.attempts == 1
    assert query.lease_expires_at is None


def test_the_result_and_audit_trail_match_a_workers(
    alpha, canonical_payload, django_capture_on_commit_callbacks
):
    # The canonical answer has ungrounded claims: both go on to the external layer.
    with django_capture_on_commit_callbacks(execute=True):
        inline = alpha.post(
            URL, canonical_payload, format="json", HTTP_PREFER="wait=1", HTTP_X_TRACE_ID="inline-1"
        )
        queued = alpha.post(URL, canonical_payload, format="json", HTTP_X_TRACE_ID="queued-1")
    inline = alpha.get(f"{URL}{inline.json()['id']}/").json()
    queued = alpha.get(f"{URL}{queued.json()['id']}/").json()

    assert _comparable(inline) == _comparable(queued)
    assert _trail("inline-1") == _trail("queued-1")
    detected_by = AuditEvent.objects.get(trace_id="inline-1", event_type="claims.extracted")
    assert detected_by.actor_name.startswith("web:")


def test_a_large_submission_still_goes_to_the_workers(
    alpha, canonical_payload, settings, django_capture_on_commit_callbacks
):
    settings.HALLUCINATION = {**settings.HALLUCINATION, "INLINE_MAX_CHARS": 100}

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = alpha.post(URL, canonical_payload, format="json", HTTP_PREFER="wait=1")

    assert response.status_code == 202
    assert response.json()["status"] == "received"
    assert len(callbacks) == 1  # the detection task, sent on commit


def test_a_submission_with_samples_still_goes_to_the_workers(
    alpha, canonical_payload, django_capture_on_commit_callbacks
):
    payload = {**canonical_payload, "samples": [canonical_payload["answer"]]}

    with django_capture_on_commit_callbacks(execute=False):
        response = alpha.post(URL, payload, format="json", HTTP_PREFER="wait=1")

    assert response.status_code == 202
    assert response.json()["status"] == "received"


def test_without_prefer_wait_the_response_reads_as_the_stored_query(alpha, canonical_payload):
    response = alpha.post(URL, canonical_payload, format="json")

    assert response.status_code in (201, 202)
    assert response.json() == alpha.get(f"{URL}{response.json()['id']}/").json()


TERSE = {
    "question": "What was the change in rental income between 2018 and 2019?",
    "answer": "-312",
    "sources": [
        {
            "id": "note",
            "text": (
                "Other income (HK$'000)    2019     2018\n"
                "Rental income            9,734   10,046\n"
                "Sundry income            1,508    1,296\n"
            ),
        }
    ],
}


def test_a_terse_answer_is_read_with_its_question_in_the_request_and_by_a_worker(
    alpha, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        inline = alpha.post(URL, TERSE, format="json", HTTP_PREFER="wait=5").json()
        queued = alpha.post(URL, TERSE, format="json").json()
    queued = alpha.get(f"{URL}{queued['id']}/").json()

    assert inline["flagged"] is False
    assert queued["flagged"] is False
    assert inline["claims"][0]["outcome"] == queued["claims"][0]["outcome"] == "derived"


def test_the_same_terse_answer_without_its_question_is_flagged(alpha):
    body = alpha.post(URL, {**TERSE, "question": ""}, format="json", HTTP_PREFER="wait=5").json()

    assert body["flagged"] is True
