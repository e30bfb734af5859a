"""POST /api/v1/calculate/: exact results, clear errors, and tool outputs recorded per trace."""

from decimal import Decimal

import pytest
from rest_framework.test import APIClient

from audit.models import AuditEvent
from hallucination.models import CalculatorOutput

pytestmark = pytest.mark.django_db
URL = "/api/v1/calculate/"


def test_it_returns_the_exact_result_and_the_normalised_expression(llm_service):
    response = llm_service.post(URL, {"expression": "(0.50-0.45)/0.45*100"}, format="json")
    assert response.status_code == 200
    assert response.json() == {
        "expression": "(0.50 - 0.45) / 0.45 * 100",
        "result": "11.11111111111111111111111111",
        "trace_id": None,
        "recorded": False,
        "calculator_output_id": None,
    }
    assert not CalculatorOutput.objects.exists()


def test_with_a_trace_id_the_result_is_recorded_as_that_trace_s_tool_output(llm_service):
    response = llm_service.post(
        URL, {"expression": "20893 + 76378", "trace_id": "trace-options-1"}, format="json"
    )
    assert response.status_code == 200
    body = response.json()
    assert body["recorded"] is True
    assert response["X-Trace-Id"] == "trace-options-1"
    output = CalculatorOutput.objects.get(pk=body["calculator_output_id"])
    assert (output.trace_id, output.expression, output.result) == (
        "trace-options-1",
        "20893 + 76378",
        Decimal("97271"),
    )
    assert output.client == llm_service.api_client
    event = AuditEvent.objects.get(trace_id="trace-options-1", event_type="calculator.used")
    assert event.actor_kind == "client"


@pytest.mark.parametrize(
    ("expression", "code"),
    [
        ("1 / 0", "division_by_zero"),
        ("__import__('os')", "function_not_allowed"),
        ("x * 2", "unknown_name"),
        ("math.pi", "attribute_access"),
        ("2 ** 5000", "exponent_too_large"),
        ("1 +" * 300, "too_long"),
        ("", "empty"),
    ],
)
def test_a_refused_expression_is_a_400_in_the_api_s_error_shape(llm_service, expression, code):
    response = llm_service.post(
        URL, {"expression": expression, "trace_id": "trace-refused"}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == code
    assert isinstance(body["detail"], str) and body["detail"]
    assert body["trace_id"] == "trace-refused"
    assert not CalculatorOutput.objects.exists()


def test_an_invalid_trace_id_is_refused(llm_service):
    response = llm_service.post(URL, {"expression": "1+1", "trace_id": "no spaces"}, format="json")
    assert response.status_code == 400
    assert "trace_id" in response.json()["detail"]


def test_a_person_may_calculate_but_not_record_for_a_trace(fact_reader):
    assert fact_reader.post(URL, {"expression": "2*3"}, format="json").json()["result"] == "6"
    response = fact_reader.post(URL, {"expression": "2*3", "trace_id": "t-1"}, format="json")
    assert response.status_code == 403
    assert response.json()["error"] == "permission_denied"
    assert not CalculatorOutput.objects.exists()


def test_anonymous_callers_are_refused(db):
    response = APIClient().post(URL, {"expression": "1+1"}, format="json")
    assert response.status_code in (401, 403)


def test_a_missing_expression_names_the_field(llm_service):
    response = llm_service.post(URL, {}, format="json")
    assert response.status_code == 400
    assert "expression" in response.json()["detail"]
