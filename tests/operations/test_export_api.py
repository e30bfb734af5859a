"""GET /api/v1/exports/<entity>.<csv|jsonl>: every row, filtered like the lists, per role."""

import csv
import io
import json

import pytest

from audit.models import AuditEvent
from tests.factories import (
    ClaimFactory,
    QueryFactory,
    ReviewFactory,
    UserFactory,
    VerdictFactory,
)

pytestmark = pytest.mark.django_db


def body(response) -> str:  # type: ignore[no-untyped-def]
    assert response.status_code == 200, response.content
    assert response.streaming
    return b"".join(response.streaming_content).decode()


def csv_rows(response) -> list[dict]:  # type: ignore[no-untyped-def]
    return list(csv.DictReader(io.StringIO(body(response))))


def jsonl_rows(response) -> list[dict]:  # type: ignore[no-untyped-def]
    return [json.loads(line) for line in body(response).splitlines()]


@pytest.fixture
def own_queries(llm_service):  # type: ignore[no-untyped-def]
    client = llm_service.api_client
    done = QueryFactory(client=client, flagged=True, entity="Northwind")
    clean = QueryFactory(client=client, flagged=False, entity="Contoso")
    for query, outcome in ((done, "fabrication"), (clean, "grounded")):
        claim = ClaimFactory(query=query, outcome=outcome, grounded=outcome == "grounded")
        VerdictFactory(claim=claim)
    QueryFactory(entity="Someone else's")  # another client's
    return done, clean


def test_a_client_exports_its_own_queries_as_csv(llm_service, own_queries):
    response = llm_service.get("/api/v1/exports/queries.csv")

    rows = csv_rows(response)
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="queries-')
    assert sorted(row["entity"] for row in rows) == ["Contoso", "Northwind"]
    assert {row["flagged"] for row in rows} == {"True", "False"}


def test_filters_are_the_list_endpoints(llm_service, own_queries):
    flagged = jsonl_rows(llm_service.get("/api/v1/exports/queries.jsonl?flagged=true"))
    listed = llm_service.get("/api/v1/queries/?flagged=true").json()["results"]

    assert [row["id"] for row in flagged] == [item["id"] for item in listed]


def test_claims_and_verdicts_follow_their_queries_filters(llm_service, own_queries):
    done, _ = own_queries

    claims = jsonl_rows(llm_service.get("/api/v1/exports/claims.jsonl?flagged=true"))
    verdicts = csv_rows(llm_service.get("/api/v1/exports/verdicts.csv?outcome=grounded"))

    assert [(c["query_id"], c["outcome"]) for c in claims] == [(str(done.pk), "fabrication")]
    assert [v["outcome"] for v in verdicts] == ["grounded"]
    assert claims[0]["value"] == "1900000000.000000000000"


def test_a_reviewer_exports_reviews_filtered_like_the_queue(client):
    reviewer = UserFactory(username="rhea", roles=["reviewer"])
    pending = ReviewFactory()
    ReviewFactory(status="approved")
    client.force_login(reviewer)

    open_reviews = csv_rows(client.get("/api/v1/exports/reviews.csv"))
    every_review = csv_rows(client.get("/api/v1/exports/reviews.csv?status=all"))

    assert [row["id"] for row in open_reviews] == [str(pending.pk)]
    assert len(every_review) == 2


def test_api_clients_cannot_export_the_review_queue(llm_service):
    assert llm_service.get("/api/v1/exports/reviews.csv").status_code == 403


def test_a_person_without_the_permission_is_refused(client):
    client.force_login(UserFactory(username="nobody"))

    assert client.get("/api/v1/exports/queries.csv").status_code == 403


def test_a_bad_filter_is_a_400_naming_it(llm_service):
    response = llm_service.get("/api/v1/exports/queries.csv?status=sleeping")

    assert response.status_code == 400
    assert "status" in json.dumps(response.json())


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("queries.csv?flagged=maybe", "flagged"),
        ("queries.csv?created_after=soon", "created_after"),
        ("claims.csv?outcome=wrongish", "outcome"),
        ("claims.jsonl?kind=vibes", "kind"),
        ("verdicts.csv?layer=astral", "layer"),
        ("verdicts.csv?outcome=meh", "outcome"),
    ],
)
def test_every_filter_refuses_a_value_it_cannot_read(llm_service, own_queries, path, field):
    response = llm_service.get(f"/api/v1/exports/{path}")

    assert response.status_code == 400
    assert list(response.json()["detail"]) == [field]
    assert not AuditEvent.objects.filter(event_type="data.exported").exists()


def test_a_reviewer_s_review_export_refuses_a_flag_it_cannot_read(client):
    client.force_login(UserFactory(username="rhea", roles=["reviewer"]))

    response = client.get("/api/v1/exports/reviews.csv?escalated=maybe")

    assert response.status_code == 400
    assert list(response.json()["detail"]) == ["escalated"]


def test_claims_and_verdicts_filter_by_kind_and_layer(llm_service, own_queries):
    claims = jsonl_rows(llm_service.get("/api/v1/exports/claims.jsonl?kind=currency"))
    verdicts = jsonl_rows(llm_service.get("/api/v1/exports/verdicts.jsonl?layer=external"))

    assert {c["kind"] for c in claims} == {"currency"}
    assert verdicts == []


def test_an_unknown_export_is_a_404(llm_service):
    assert llm_service.get("/api/v1/exports/secrets.csv").status_code == 404
    assert llm_service.get("/api/v1/exports/queries.xlsx").status_code == 404


def test_spreadsheet_formulas_are_defused(llm_service):
    QueryFactory(client=llm_service.api_client, entity='=HYPERLINK("http://x")')

    (row,) = csv_rows(llm_service.get("/api/v1/exports/queries.csv"))

    assert row["entity"].startswith("'=")


def test_each_export_is_recorded_in_the_audit_log(llm_service, own_queries):
    response = llm_service.get("/api/v1/exports/claims.csv?flagged=true")
    body(response)

    event = AuditEvent.objects.filter(event_type="data.exported").latest("seq")
    assert event.trace_id == response["X-Trace-Id"]
    assert event.payload == {
        "entity": "claims",
        "format": "csv",
        "filters": {"flagged": "true"},
    }
    assert event.actor_name == "integrations-agent"
