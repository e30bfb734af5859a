"""GET /api/v1/traces/{trace_id}/audit/: auditors read any trace, clients their own queries'."""

import pytest
from rest_framework.test import APIClient

from hallucination.models import ClientAPIKey
from tests.factories import ApiClientFactory, QueryFactory

from .pipeline import record_pipeline_trace

pytestmark = pytest.mark.django_db


def _url(trace_id: str) -> str:
    return f"/api/v1/traces/{trace_id}/audit/"


def _key_for(client_model) -> str:  # type: ignore[no-untyped-def]
    _, key = ClientAPIKey.objects.create_key(name="test key", client=client_model)
    return key


@pytest.fixture
def owner(trace_id):  # type: ignore[no-untyped-def]
    owner = ApiClientFactory()
    QueryFactory(client=owner, trace_id=trace_id)
    record_pipeline_trace(trace_id)
    return owner


def test_an_auditor_reads_the_trace_with_its_chain_status(auditor, owner, trace_id) -> None:  # type: ignore[no-untyped-def]
    api = APIClient()
    api.force_login(auditor)
    response = api.get(_url(trace_id), HTTP_X_TRACE_ID="api-read-1")
    assert response.status_code == 200
    assert response["X-Trace-Id"] == "api-read-1"
    data = response.json()
    assert data["trace_id"] == trace_id
    assert data["chain"]["status"] == "intact" and data["chain"]["problem"] is None
    assert [event["event_type"] for event in data["events"]][:2] == [
        "query.submitted",
        "claims.extracted",
    ]
    assert data["events"][-1]["payload"]["decision"] == "rejected"
    assert data["events"][0]["actor"] == {"kind": "client", "id": "3", "name": "llm-service"}


def test_a_client_reads_the_trace_of_its_own_query(owner, trace_id) -> None:  # type: ignore[no-untyped-def]
    api = APIClient()
    response = api.get(_url(trace_id), HTTP_AUTHORIZATION=f"Api-Key {_key_for(owner)}")
    assert response.status_code == 200
    assert len(response.json()["events"]) == 8
    assert response["X-Trace-Id"]


def test_another_clients_trace_answers_as_not_found(owner, trace_id) -> None:  # type: ignore[no-untyped-def]
    stranger = ApiClientFactory()
    response = APIClient().get(_url(trace_id), HTTP_X_API_KEY=_key_for(stranger))
    assert response.status_code == 404
    body = response.json()
    assert body["error"] == "not_found"
    assert body["trace_id"] == response["X-Trace-Id"]


def test_a_signed_in_user_without_the_audit_permission_is_refused(
    outsider, owner, trace_id
) -> None:  # type: ignore[no-untyped-def]
    api = APIClient()
    api.force_login(outsider)
    assert api.get(_url(trace_id)).status_code == 403


def test_an_anonymous_request_is_unauthenticated(owner, trace_id) -> None:  # type: ignore[no-untyped-def]
    response = APIClient().get(_url(trace_id))
    assert response.status_code == 401
    assert response["X-Trace-Id"]


def test_an_unknown_trace_is_not_found(auditor) -> None:  # type: ignore[no-untyped-def]
    api = APIClient()
    api.force_login(auditor)
    assert api.get(_url("nothing-recorded-here")).status_code == 404


def test_the_endpoint_is_in_the_openapi_schema(auditor) -> None:  # type: ignore[no-untyped-def]
    api = APIClient()
    api.force_login(auditor)
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    assert "/api/v1/traces/{trace_id}/audit/" in schema
    assert "trace_audit" in schema
