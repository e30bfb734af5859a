"""POST /api/v1/queries/: saving, enqueueing on commit, and answering with the result."""

from decimal import Decimal

from audit.models import AuditEvent
from hallucination.models import Claim, Query, Source, Verdict

URL = "/api/v1/queries/"


def test_it_saves_the_submission_and_answers_with_its_location(
    alpha, canonical_payload, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = alpha.post(URL, canonical_payload, format="json")

    assert response.status_code == 202
    query = Query.objects.get()
    assert response["Location"].endswith(f"/api/v1/queries/{query.pk}/")
    assert response.json()["status"] == "received"
    assert query.client == alpha.api_client
    assert list(Source.objects.filter(query=query).values_list("source_id", flat=True)) == [
        "filing"
    ]
    # Detection is enqueued only once the submission is committed.
    assert len(callbacks) == 1


def test_it_runs_detection_after_commit_and_returns_the_finished_result(
    alpha, canonical_payload, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = alpha.post(URL, canonical_payload, format="json")
    query = Query.objects.get()
    detail = alpha.get(f"{URL}{query.pk}/").json()

    assert response.status_code == 202
    assert detail["status"] == "done"
    assert detail["flagged"] is True
    assert detail["total_claims"] == Claim.objects.filter(query=query).count() > 0
    assert Decimal(detail["grounding_rate"]) < Decimal("0.7")
    assert Decimal(detail["adjusted_confidence"]) == Decimal("0.7")
    ungrounded = {c["text"]: c for c in detail["claims"] if not c["grounded"]}
    assert ungrounded["14.8%"]["outcome"] == "arithmetic_drift"
    assert Decimal(ungrounded["14.8%"]["expected_value"]) == Decimal("14.2")
    assert Decimal(ungrounded["$0.81"]["nearest"]["value"]) == Decimal("0.78")
    # One deterministic verdict per claim; the external layer may append more.
    deterministic = Verdict.objects.filter(claim__query=query).exclude(layer="external")
    assert deterministic.count() == detail["total_claims"]


def test_it_records_the_submission_in_the_audit_log(alpha, canonical_payload):
    response = alpha.post(URL, canonical_payload, format="json", HTTP_X_TRACE_ID="trace-abc-1")

    event = AuditEvent.objects.get(trace_id="trace-abc-1", event_type="query.submitted")
    assert response["X-Trace-Id"] == "trace-abc-1"
    assert response.json()["trace_id"] == "trace-abc-1"
    assert event.subject_id == response.json()["id"]
    assert event.actor_kind == "client"
    assert event.actor_name == "alpha-agent"


def test_it_takes_the_trace_id_from_a_traceparent_header(alpha, canonical_payload):
    traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
    response = alpha.post(URL, canonical_payload, format="json", HTTP_TRACEPARENT=traceparent)

    assert response.json()["trace_id"] == "4bf92f3577b34da6a3ce929d0e0e4736"


def test_it_generates_a_trace_id_when_none_is_given(alpha, canonical_payload):
    first = alpha.post(URL, canonical_payload, format="json").json()["trace_id"]
    second = alpha.post(URL, canonical_payload, format="json").json()["trace_id"]

    assert first and second and first != second


def test_it_returns_the_finished_result_when_asked_to_wait(alpha, canonical_payload, settings):
    # Eager tasks run on commit inside the request, so the wait is satisfied at once.
    response = alpha.post(URL, canonical_payload, format="json", HTTP_PREFER="wait=5")

    assert response.status_code in (201, 202)
    assert response["Preference-Applied"] == "wait=5"


def test_it_echoes_a_trace_id_given_in_the_body(alpha, canonical_payload):
    response = alpha.post(
        URL,
        {**canonical_payload, "trace_id": "body-trace-7"},
        format="json",
        HTTP_X_TRACE_ID="hdr-1",
    )

    assert response.json()["trace_id"] == "body-trace-7"
    assert response["X-Trace-Id"] == "body-trace-7"
