"""POST /api/v1/queries/batch: many answers in one request, each idempotent by its own key."""

import pytest

from audit.actors import Actor
from audit.models import AuditEvent
from hallucination.models import Query, Source
from hallucination.services import BatchItem, SourceInput, SubmissionInput, query_submit_batch

URL = "/api/v1/queries/batch"


def _item(n: int, **changes) -> dict:
    return {
        "idempotency_key": f"batch-item-{n}",
        "answer": f"Revenue was ${n}.5 million in Q3 2026.",
        "sources": [{"id": f"filing-{n}", "text": f"Q3 2026 revenue: ${n}.5 million."}],
        "confidence": "0.9",
    } | changes


def _submitted_events(query_ids: list[str]) -> dict[str, AuditEvent]:
    events = AuditEvent.objects.filter(event_type="query.submitted", subject_id__in=query_ids)
    return {event.subject_id: event for event in events}


def test_it_saves_the_valid_items_and_names_the_invalid_one(alpha):
    response = alpha.post(
        URL, {"items": [_item(1), _item(2, answer="   "), _item(3)]}, format="json"
    )

    body = response.json()
    assert response.status_code == 200
    assert (body["accepted"], body["replayed"], body["failed"]) == (2, 0, 1)
    first, invalid, third = body["items"]
    assert (first["index"], first["status"]) == (0, 202)
    assert (third["index"], third["status"]) == (2, 202)
    assert invalid["status"] == 400
    assert invalid["error"] == "invalid"
    assert invalid["idempotency_key"] == "batch-item-2"
    assert "answer" in invalid["detail"]
    assert "id" not in invalid
    saved = Query.objects.filter(client=alpha.api_client)
    assert sorted(str(pk) for pk in saved.values_list("pk", flat=True)) == sorted(
        [first["id"], third["id"]]
    )
    assert set(saved.values_list("idempotency_key", flat=True)) == {
        "batch-item-1",
        "batch-item-3",
    }
    assert first["location"].endswith(f"/api/v1/queries/{first['id']}/")
    assert Source.objects.filter(query_id=first["id"]).get().source_id == "filing-1"


def test_each_accepted_item_has_its_own_audit_event_and_trace(alpha):
    response = alpha.post(
        URL, {"items": [_item(1), _item(2, trace_id="agent-run-7")]}, format="json"
    )

    items = response.json()["items"]
    events = _submitted_events([item["id"] for item in items])
    assert set(events) == {item["id"] for item in items}
    for item in items:
        event = events[item["id"]]
        assert event.trace_id == item["trace_id"]
        assert event.actor_kind == "client"
        assert event.actor_name == "alpha-agent"
        assert event.payload["idempotency_key"] == item["idempotency_key"]
    assert items[1]["trace_id"] == "agent-run-7"
    # An item without a trace ID gets one of its own, not the request's.
    assert items[0]["trace_id"] not in ("agent-run-7", response["X-Trace-Id"])


def test_sending_the_same_batch_again_saves_nothing_and_returns_the_same_ids(alpha):
    batch = {"items": [_item(1), _item(2), _item(3, answer="")]}
    first = alpha.post(URL, batch, format="json").json()
    events_before = AuditEvent.objects.filter(event_type="query.submitted").count()

    again = alpha.post(URL, batch, format="json").json()

    assert (again["accepted"], again["replayed"], again["failed"]) == (0, 2, 1)
    assert [item.get("id") for item in again["items"]] == [
        item.get("id") for item in first["items"]
    ]
    assert [item["status"] for item in again["items"]] == [200, 200, 400]
    assert [item.get("trace_id") for item in again["items"][:2]] == [
        item["trace_id"] for item in first["items"][:2]
    ]
    assert Query.objects.filter(client=alpha.api_client).count() == 2
    assert AuditEvent.objects.filter(event_type="query.submitted").count() == events_before


def test_a_retry_after_a_partial_failure_saves_only_the_fixed_item(alpha):
    first = alpha.post(URL, {"items": [_item(1), _item(2, answer="")]}, format="json").json()

    retry = alpha.post(URL, {"items": [_item(1), _item(2)]}, format="json").json()

    assert [item["status"] for item in retry["items"]] == [200, 202]
    assert retry["items"][0]["id"] == first["items"][0]["id"]
    assert Query.objects.filter(client=alpha.api_client).count() == 2


def test_a_batch_over_the_limit_is_refused_whole_and_saves_nothing(alpha, settings):
    settings.HALLUCINATION = {**settings.HALLUCINATION, "BATCH_MAX_ITEMS": 3}
    events_before = AuditEvent.objects.count()

    response = alpha.post(URL, {"items": [_item(n) for n in range(4)]}, format="json")

    assert response.status_code == 413
    body = response.json()
    assert body["error"] == "batch_too_large"
    assert "At most 3 answers in one batch (got 4)" in body["detail"]
    assert Query.objects.count() == 0
    assert Source.objects.count() == 0
    assert AuditEvent.objects.count() == events_before


def test_a_batch_at_the_limit_is_accepted(alpha, settings):
    settings.HALLUCINATION = {**settings.HALLUCINATION, "BATCH_MAX_ITEMS": 3}

    response = alpha.post(URL, {"items": [_item(n) for n in range(3)]}, format="json")

    assert response.status_code == 200
    assert response.json()["accepted"] == 3


@pytest.mark.parametrize("body", [{}, {"items": []}, {"items": "all of them"}, [_item(1)]])
def test_a_body_without_a_list_of_items_is_a_400(alpha, body):
    response = alpha.post(URL, body, format="json")

    assert response.status_code == 400
    assert "items" in response.json()["detail"]
    assert Query.objects.count() == 0


def test_an_item_without_an_idempotency_key_is_refused_alone(alpha):
    no_key = {k: v for k, v in _item(2).items() if k != "idempotency_key"}

    body = alpha.post(URL, {"items": [_item(1), no_key]}, format="json").json()

    assert [item["status"] for item in body["items"]] == [202, 400]
    assert "idempotency_key" in body["items"][1]["detail"]


def test_a_key_reused_with_another_body_is_a_conflict_for_that_item_only(alpha):
    first = alpha.post(URL, {"items": [_item(1)]}, format="json").json()

    body = alpha.post(
        URL, {"items": [_item(1, answer="Revenue was $9.9 million."), _item(2)]}, format="json"
    ).json()

    conflict, accepted = body["items"]
    assert conflict["status"] == 409
    assert conflict["error"] == "idempotency_conflict"
    assert conflict["id"] == first["items"][0]["id"]
    assert accepted["status"] == 202
    assert Query.objects.get(pk=conflict["id"]).answer == _item(1)["answer"]


def test_a_key_repeated_inside_one_batch_saves_one_query(alpha):
    body = alpha.post(
        URL,
        {"items": [_item(1), _item(1), _item(1, answer="Revenue was $2 million.")]},
        format="json",
    ).json()

    assert [item["status"] for item in body["items"]] == [202, 200, 409]
    assert body["items"][1]["id"] == body["items"][0]["id"]
    assert Query.objects.filter(client=alpha.api_client).count() == 1


def test_an_item_at_stakes_the_key_may_not_use_is_refused_alone(alpha):
    key = alpha.api_client.api_keys.get()
    key.allowed_stakes = ["standard"]
    key.save()

    body = alpha.post(URL, {"items": [_item(1, stakes="audit"), _item(2)]}, format="json").json()

    assert [item["status"] for item in body["items"]] == [403, 202]
    assert body["items"][0]["error"] == "stakes_not_allowed"
    assert Query.objects.filter(stakes="audit").count() == 0


def test_an_item_on_another_clients_trace_is_refused_alone(alpha, beta):
    alpha.post(URL, {"items": [_item(1, trace_id="alpha-trace")]}, format="json")

    body = beta.post(
        URL,
        {
            "items": [
                _item(2, trace_id="alpha-trace"),
                _item(3),
                _item(4, trace_id="beta-trace"),
            ]
        },
        format="json",
    ).json()

    assert [item["status"] for item in body["items"]] == [409, 202, 202]
    assert body["items"][0]["error"] == "trace_conflict"
    assert "trace_id" not in body["items"][0]
    assert body["items"][2]["trace_id"] == "beta-trace"
    assert Query.objects.filter(client=beta.api_client).count() == 2


def test_detection_runs_for_every_accepted_item(alpha, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        body = alpha.post(URL, {"items": [_item(1), _item(2)]}, format="json").json()

    for item in body["items"]:
        result = alpha.get(f"/api/v1/queries/{item['id']}/").json()
        assert result["status"] == "done"
        assert result["total_claims"] == result["grounded_count"] > 0
        assert result["flagged"] is False


def test_an_item_the_database_refuses_costs_the_others_nothing(alpha):
    """The batch's one transaction fails on one item; the others are saved one by one."""
    client = alpha.api_client

    def item(n: int, entity: str = "") -> BatchItem:
        return BatchItem(
            submission=SubmissionInput(
                answer=f"Revenue was ${n} million.",
                sources=(SourceInput(id="f", text=f"Revenue: ${n} million."),),
                entity=entity,
            ),
            idempotency_key=f"service-{n}",
            trace_id=f"service-trace-{n}",
        )

    # The column holds 200 characters; the API would have refused this, the database does.
    outcomes = query_submit_batch(
        client=client,
        items=[item(1), item(2, entity="x" * 201), item(3)],
        actor=Actor.for_client(client),
    )

    assert [outcome.created for outcome in outcomes] == [True, False, True]
    assert outcomes[1].query is None
    assert outcomes[1].error is not None
    assert set(Query.objects.filter(client=client).values_list("idempotency_key", flat=True)) == {
        "service-1",
        "service-3",
    }
    assert set(_submitted_events([str(outcomes[0].query.pk), str(outcomes[2].query.pk)])) == {
        str(outcomes[0].query.pk),
        str(outcomes[2].query.pk),
    }


def test_the_endpoint_is_in_the_openapi_schema(alpha):
    schema = alpha.get("/api/schema/", HTTP_ACCEPT="application/json").json()

    operation = schema["paths"]["/api/v1/queries/batch"]["post"]
    assert {"200", "413"} <= set(operation["responses"])


def test_an_item_that_is_not_an_object_is_refused_alone(alpha):
    body = alpha.post(URL, {"items": [5, _item(1), "answer"]}, format="json").json()

    assert [item["status"] for item in body["items"]] == [400, 202, 400]
    assert body["items"][0]["idempotency_key"] is None
