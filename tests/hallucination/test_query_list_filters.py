"""GET /api/v1/queries/: filters by status, flagged, stakes, trace ID and creation time."""

from datetime import timedelta

import pytest
from django.utils import timezone

from hallucination.models import Query

URL = "/api/v1/queries/"


def _submit(api, payload, **extra):
    return api.post(URL, {**payload, **extra}, format="json").json()


def _ids(response) -> set[str]:
    return {row["id"] for row in response.json()["results"]}


def test_it_filters_by_stakes_and_trace_id(alpha, canonical_payload):
    audit_query = _submit(alpha, canonical_payload, stakes="audit", trace_id="t-audit")
    standard_query = _submit(alpha, canonical_payload, trace_id="t-standard")

    assert _ids(alpha.get(URL, {"stakes": "audit"})) == {audit_query["id"]}
    assert _ids(alpha.get(URL, {"trace_id": "t-standard"})) == {standard_query["id"]}


def test_it_filters_by_status_and_flagged(alpha, canonical_payload):
    first = _submit(alpha, canonical_payload)
    second = _submit(alpha, canonical_payload)
    Query.objects.filter(pk=first["id"]).update(status="done", flagged=True)
    Query.objects.filter(pk=second["id"]).update(status="failed", flagged=False)

    assert _ids(alpha.get(URL, {"status": "done"})) == {first["id"]}
    assert _ids(alpha.get(URL, {"flagged": "false"})) == {second["id"]}


def test_it_filters_by_creation_range(alpha, canonical_payload):
    old = _submit(alpha, canonical_payload)
    new = _submit(alpha, canonical_payload)
    Query.objects.filter(pk=old["id"]).update(created_at=timezone.now() - timedelta(days=3))
    since = (timezone.now() - timedelta(days=1)).isoformat()

    assert _ids(alpha.get(URL, {"created_after": since})) == {new["id"]}
    assert _ids(alpha.get(URL, {"created_before": since})) == {old["id"]}


def test_it_refuses_an_unknown_filter_value(alpha):
    response = alpha.get(URL, {"status": "exploded"})

    assert response.status_code == 400


def test_it_paginates(alpha, canonical_payload, settings):
    for _ in range(3):
        _submit(alpha, canonical_payload)
    response = alpha.get(URL, {"page": 1})

    assert response.json()["count"] == 3
    assert "next" in response.json()


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"flagged": "maybe"}, "flagged"),
        ({"flagged": "yes please"}, "flagged"),
        ({"status": "exploded"}, "status"),
        ({"stakes": "extreme"}, "stakes"),
        ({"created_after": "yesterday"}, "created_after"),
        ({"created_before": "2026-13-45T00:00:00Z"}, "created_before"),
    ],
)
def test_a_value_it_cannot_read_is_a_400_naming_the_parameter(
    alpha, canonical_payload, params, field
):
    _submit(alpha, canonical_payload)

    response = alpha.get(URL, params)

    assert response.status_code == 400, response.json()
    body = response.json()
    assert body["error"] == "invalid"
    assert list(body["detail"]) == [field]
    message = body["detail"][field][0]
    assert repr(next(iter(params.values()))) in message  # says what it got
    assert body["trace_id"]


@pytest.mark.parametrize(
    ("value", "expected"),
    [("true", True), ("True", True), ("1", True), ("false", False), ("FALSE", False), ("0", False)],
)
def test_a_flag_reads_true_and_false_in_their_usual_spellings(
    alpha, canonical_payload, value, expected
):
    first = _submit(alpha, canonical_payload)
    second = _submit(alpha, canonical_payload)
    Query.objects.filter(pk=first["id"]).update(flagged=True)
    Query.objects.filter(pk=second["id"]).update(flagged=False)

    response = alpha.get(URL, {"flagged": value})

    assert response.status_code == 200
    assert _ids(response) == {first["id"] if expected else second["id"]}


def test_an_empty_value_filters_nothing(alpha, canonical_payload):
    query = _submit(alpha, canonical_payload)

    assert _ids(alpha.get(URL, {"flagged": "", "status": "", "created_after": ""})) == {query["id"]}
