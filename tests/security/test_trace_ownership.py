"""A trace belongs to the client that opened it: another client cannot join it, read it or
plant events in it (issue 16, item 1). Two real keys, the real PostgreSQL."""

from audit.models import AuditEvent
from hallucination.models import CalculatorOutput, Query

URL = "/api/v1/queries/"


def _alpha_trace(alpha, canonical_payload) -> str:  # type: ignore[no-untyped-def]
    response = alpha.post(URL, {**canonical_payload, "trace_id": "alpha-trace-0001"}, format="json")
    assert response.status_code in (201, 202), response.content
    return response.json()["trace_id"]


def test_another_client_cannot_submit_under_a_trace_in_the_body(alpha, beta, canonical_payload):
    trace = _alpha_trace(alpha, canonical_payload)

    response = beta.post(URL, {**canonical_payload, "trace_id": trace}, format="json")

    assert response.status_code == 409
    assert response.json()["error"] == "trace_conflict"
    assert trace not in response.content.decode()
    assert response["X-Trace-Id"] != trace
    assert not Query.objects.filter(client=beta.api_client).exists()
    assert not AuditEvent.objects.filter(trace_id=trace, actor_name="beta-agent").exists()


def test_another_client_cannot_submit_under_a_trace_in_the_header(alpha, beta, canonical_payload):
    trace = _alpha_trace(alpha, canonical_payload)

    response = beta.post(URL, canonical_payload, format="json", HTTP_X_TRACE_ID=trace)

    assert response.status_code == 409
    assert not Query.objects.filter(client=beta.api_client).exists()


def test_the_owner_submits_again_under_its_own_trace(alpha, canonical_payload):
    trace = _alpha_trace(alpha, canonical_payload)

    again = alpha.post(URL, {**canonical_payload, "trace_id": trace}, format="json")

    assert again.status_code in (201, 202)
    assert Query.objects.filter(trace_id=trace).count() == 2


def test_another_client_cannot_read_the_trace(alpha, beta, canonical_payload):
    trace = _alpha_trace(alpha, canonical_payload)

    assert alpha.get(f"/api/v1/traces/{trace}/audit/").status_code == 200
    assert beta.get(f"/api/v1/traces/{trace}/audit/").status_code == 404


def test_another_client_cannot_plant_a_calculator_output_in_the_trace(
    alpha, beta, canonical_payload
):
    trace = _alpha_trace(alpha, canonical_payload)
    before = AuditEvent.objects.filter(trace_id=trace).count()

    response = beta.post(
        "/api/v1/calculate/", {"expression": "0.78 + 0.03", "trace_id": trace}, format="json"
    )

    assert response.status_code == 409
    assert not CalculatorOutput.objects.filter(trace_id=trace).exists()
    assert AuditEvent.objects.filter(trace_id=trace).count() == before


def test_a_trace_opened_with_the_calculator_is_the_calculating_clients(
    alpha, beta, canonical_payload
):
    opened = alpha.post(
        "/api/v1/calculate/", {"expression": "1 + 1", "trace_id": "alpha-calc-trace"}, format="json"
    )
    assert opened.status_code == 200, opened.content

    response = beta.post(URL, {**canonical_payload, "trace_id": "alpha-calc-trace"}, format="json")

    assert response.status_code == 409


def test_a_header_naming_another_clients_trace_records_nothing_in_it(
    alpha, beta, canonical_payload
):
    trace = _alpha_trace(alpha, canonical_payload)
    before = AuditEvent.objects.filter(trace_id=trace).count()

    export = beta.get("/api/v1/exports/queries.csv", HTTP_X_TRACE_ID=trace)
    b"".join(export.streaming_content)
    calculation = beta.post(
        "/api/v1/calculate/", {"expression": "2 * 2"}, format="json", HTTP_X_TRACE_ID=trace
    )

    assert export.status_code == 200 and calculation.status_code == 200
    assert export["X-Trace-Id"] != trace
    assert AuditEvent.objects.filter(trace_id=trace).count() == before
    assert AuditEvent.objects.filter(actor_name="beta-agent", event_type="data.exported").exists()
