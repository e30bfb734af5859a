"""What a queued detection costs the database: a pinned statement budget, and the lease's
single statement against the ORM's way of taking it (kept for SQLite)."""

from datetime import timedelta
from decimal import Decimal

from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from audit.actors import Actor
from hallucination.demo.queries import CANONICAL_SOURCE
from hallucination.models import Query
from hallucination.selectors import _sources_and_outputs, _sources_and_outputs_orm
from hallucination.services import (
    SourceInput,
    SubmissionInput,
    _lease_queries_orm,
    calculator_output_record,
    queries_claim_for_detection,
    query_claim_for_detection,
    query_detect,
    query_submit,
)

WORKER = Actor.system("worker:tests")


def _submitted(client, trace_id: str) -> Query:
    submission = SubmissionInput(
        answer="Revenue was $1.85 billion, up from $1.62 billion, and EPS was $0.78.",
        sources=(SourceInput(id="filing", text=CANONICAL_SOURCE),),
    )
    query, _ = query_submit(
        client=client, submission=submission, trace_id=trace_id, actor=Actor.for_client(client)
    )
    return query


def test_it_detects_a_queued_query_in_eight_statements(alpha, django_capture_on_commit_callbacks):
    query = _submitted(alpha.api_client, "budget-1")

    with (
        CaptureQueriesContext(connection) as statements,
        django_capture_on_commit_callbacks(execute=True),
    ):
        query_detect(query_id=str(query.pk), actor=WORKER)

    query.refresh_from_db()
    assert query.status == Query.Status.DONE
    sql = [s["sql"] for s in statements.captured_queries if "SAVEPOINT" not in s["sql"]]
    # The lease (with the row and its client), the sources and calculator outputs; then in
    # one transaction: lock, claims, verdicts, the query's score, chain head, audit events.
    assert len(sql) == 8, "\n".join(sql)


def test_the_lease_returns_the_row_as_stored_with_its_client(alpha):
    query = _submitted(alpha.api_client, "budget-2")

    taken = query_claim_for_detection(query_id=str(query.pk))

    stored = Query.objects.select_related("client").get(pk=query.pk)
    assert taken is not None
    for field in Query._meta.concrete_fields:
        assert getattr(taken, field.attname) == getattr(stored, field.attname), field.name
    assert taken.status == Query.Status.DETECTING and taken.attempts == 1
    assert taken.client == stored.client and taken.client.tickers == stored.client.tickers
    assert query_claim_for_detection(query_id=str(query.pk)) is None  # the lease holds


def test_the_orm_lease_takes_what_the_statement_takes(alpha):
    first, second, held = (_submitted(alpha.api_client, f"budget-orm-{n}") for n in range(3))
    (held_taken,) = queries_claim_for_detection(query_ids=[str(held.pk)])
    now = timezone.now()

    with transaction.atomic():
        taken = _lease_queries_orm(
            query_ids=[str(first.pk), str(second.pk), str(held.pk)],
            skip_locked=True,
            now=now,
            lease_until=now + timedelta(seconds=60),
        )

    assert [query.pk for query in taken] == sorted([first.pk, second.pk])
    for query in taken:
        stored = Query.objects.get(pk=query.pk)
        assert (stored.status, stored.attempts) == (Query.Status.DETECTING, 1)
        assert stored.lease_expires_at == query.lease_expires_at
    assert Query.objects.get(pk=held.pk).lease_expires_at == held_taken.lease_expires_at


def test_the_inputs_statement_reads_what_the_orm_reads(alpha):
    client = alpha.api_client
    actor = Actor.for_client(client)
    for n, expression in enumerate(["1.85 - 1.62", "(1.85 - 1.62) / 1.62 * 100"]):
        calculator_output_record(
            trace_id="budget-inputs",
            expression=expression,
            result=Decimal(n) + Decimal("0.23"),
            actor=actor,
            client=client,
        )
    submission = SubmissionInput(
        answer="Revenue was $1.85 billion.",
        sources=(
            SourceInput(id="filing", text=CANONICAL_SOURCE),
            SourceInput(id="call", text="Revenue: $1.85 billion.", kind="document"),
            SourceInput(id="deck", text="Prior year: $1.62 billion."),
        ),
    )
    queries = [
        query_submit(client=client, submission=submission, trace_id=trace, actor=actor)[0]
        for trace in ("budget-inputs", "budget-inputs", "budget-other")
    ]

    sources, outputs = _sources_and_outputs(queries)

    assert (sources, outputs) == _sources_and_outputs_orm(queries)
    assert [source.id for source in sources[queries[0].pk]] == ["filing", "call", "deck"]
    assert [output.expression for output in outputs["budget-inputs"]] == [
        "1.85 - 1.62",
        "(1.85 - 1.62) / 1.62 * 100",
    ]
    assert "budget-other" not in outputs
