"""Bad input is refused before anything is written, with the API's error body (issue 16,
item 7): huge Prefer waits, coerced types, deep nesting, NUL bytes."""

import json

import pytest

from audit.models import AuditEvent
from hallucination.models import Query

URL = "/api/v1/queries/"


def _problem(response, status: int = 400) -> dict:  # type: ignore[no-untyped-def]
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) >= {"error", "detail", "trace_id"}
    return body


@pytest.mark.parametrize("wait", ["9" * 5000, "-1", "1e9", "ten", "١٠", "0x10", "9" * 7])
def test_a_bad_prefer_wait_is_a_400_and_saves_nothing(alpha, canonical_payload, wait):
    events = AuditEvent.objects.count()

    response = alpha.post(URL, canonical_payload, format="json", HTTP_PREFER=f"wait={wait}")

    body = _problem(response)
    assert "Prefer" in body["detail"]
    assert not Query.objects.exists()
    assert AuditEvent.objects.count() == events


def test_a_retry_after_a_bad_prefer_does_not_duplicate(alpha, canonical_payload):
    headers = {"HTTP_IDEMPOTENCY_KEY": "retry-1"}
    alpha.post(URL, canonical_payload, format="json", HTTP_PREFER="wait=" + "9" * 5000, **headers)

    response = alpha.post(URL, canonical_payload, format="json", HTTP_PREFER="wait=1", **headers)

    assert response.status_code in (201, 202)
    assert Query.objects.count() == 1


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("answer", 5),
        ("answer", 5.5),
        ("answer", True),
        ("answer", ["EPS was $0.81."]),
        ("answer", {"text": "EPS was $0.81."}),
        ("question", 7),
        ("entity", 12),
        ("period", 2026),
        ("trace_id", 12345),
        ("callback_url", 1),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_not_coerced(alpha, canonical_payload, field, value):
    response = alpha.post(URL, {**canonical_payload, field: value}, format="json")

    body = _problem(response)
    assert field in body["detail"]
    assert not Query.objects.exists()


def test_a_source_text_of_the_wrong_type_is_refused(alpha, canonical_payload):
    payload = {**canonical_payload, "sources": [{"id": "filing", "text": 185}]}

    assert _problem(alpha.post(URL, payload, format="json"))["error"] == "invalid"
    assert not Query.objects.exists()


@pytest.mark.parametrize("depth", [40, 1_000, 100_000])
def test_deeply_nested_json_is_a_400(alpha, canonical_payload, depth):
    nested = "[" * depth + "]" * depth
    body = json.dumps(canonical_payload)[:-1] + f', "extra": {nested}}}'

    response = alpha.post(URL, body, content_type="application/json")

    assert _problem(response)["error"] == "parse_error"
    assert not Query.objects.exists()


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/exports/queries.csv?entity=%00",
        "/api/v1/exports/claims.jsonl?outcome=fab%00rication",
        "/api/v1/queries/?entity=a%00b",
        "/api/v1/queries/?trace_id=%00",
        "/api/v1/exports/queries.csv?%00=1",
    ],
)
def test_a_nul_byte_in_query_parameters_is_a_400(alpha, path):
    events = AuditEvent.objects.count()

    response = alpha.get(path)

    body = _problem(response)
    assert "NUL" in json.dumps(body["detail"])
    assert AuditEvent.objects.count() == events


def test_a_nul_byte_on_a_page_is_a_plain_400(reviewer_browser):
    response = reviewer_browser.get("/?entity=%00")

    assert response.status_code == 400


def test_a_nul_byte_in_the_answer_is_a_400(alpha, canonical_payload):
    response = alpha.post(URL, {**canonical_payload, "answer": "EPS \x00 $0.81"}, format="json")

    _problem(response)
    assert not Query.objects.exists()
