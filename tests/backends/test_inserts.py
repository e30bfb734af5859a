"""rows_insert: a few rows in a statement built once, stored as bulk_create stores them."""

import uuid
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from hallucination.backends.inserts import MAX_PARAMETERS, rows_insert
from hallucination.models import ApiClient, Query, Source

pytestmark = pytest.mark.django_db


@pytest.fixture
def api_client() -> ApiClient:
    return ApiClient.objects.create(name="inserts", tickers={"NWND": "Northwind"})


def _query(client: ApiClient, trace_id: str) -> Query:
    return Query(
        trace_id=trace_id,
        client=client,
        question="How did revenue move?",
        answer="Revenue was $4.8 million, up 12%.",
        stakes="high",
        samples=["Revenue was $4.8 million."],
        metrics=[{"path": "revenue", "value": "4.8", "citation": ""}],
        original_confidence=Decimal("0.9"),
        idempotency_key=f"key-{trace_id}",
        request_fingerprint="f" * 64,
    )


def _stored(query: Query) -> dict:
    row = Query.objects.filter(pk=query.pk).values().get()
    return {k: v for k, v in row.items() if k not in ("id", "trace_id", "idempotency_key")}


def test_a_row_is_stored_as_bulk_create_stores_it(api_client):
    ours, theirs = _query(api_client, "ours"), _query(api_client, "theirs")

    assert rows_insert([ours]) is True
    Query.objects.bulk_create([theirs])

    mine, orm = _stored(ours), _stored(theirs)
    # Each took its own auto_now times; everything else is the same.
    for times in (mine, orm):
        assert times.pop("created_at") is not None and times.pop("updated_at") is not None
    assert mine == orm
    assert (ours._state.adding, ours._state.db) == (False, "default")
    assert Query.objects.get(pk=ours.pk).samples == ["Revenue was $4.8 million."]


def test_a_key_the_database_assigns_is_read_back(api_client):
    query = _query(api_client, "sources")
    rows_insert([query])
    sources = [
        Source(query=query, position=i, source_id=f"s{i}", text=f"text {i}") for i in range(3)
    ]

    assert rows_insert(sources) is True

    assert all(source.pk is not None for source in sources)
    stored = {s.pk: s.source_id for s in Source.objects.filter(query=query)}
    assert stored == {source.pk: source.source_id for source in sources}
    sources[0].text = "changed"
    sources[0].save()  # marked saved: an UPDATE, not a second INSERT
    assert Source.objects.filter(query=query).count() == 3


def test_the_statement_is_one_insert(api_client):
    with CaptureQueriesContext(connection) as statements:
        rows_insert([_query(api_client, "one")])

    assert len(statements) == 1
    assert statements[0]["sql"].startswith('INSERT INTO "hallucination_query"')


def test_it_leaves_rows_past_the_parameter_limit_to_the_orm(api_client):
    queries = [_query(api_client, f"many-{n}") for n in range(2)]
    assert len(Query._meta.concrete_fields) * 2 > MAX_PARAMETERS

    assert rows_insert(queries) is False

    assert not Query.objects.filter(trace_id__startswith="many-").exists()


def test_it_leaves_a_key_set_by_hand_to_the_orm(api_client):
    query = _query(api_client, "by-hand")
    rows_insert([query])
    source = Source(pk=10_000 + uuid.uuid4().int % 1000, query=query, position=0, text="t")

    assert rows_insert([source]) is False
    assert not Source.objects.filter(query=query).exists()
