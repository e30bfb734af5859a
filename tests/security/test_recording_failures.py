"""Results that cannot be recorded (issue 16, item 3): a huge risk score is bounded, any
exception while recording marks the query failed with a readable error, and the sweeper
gives up after a bounded number of re-enqueues, saying so (audit event, metric, log line)."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from audit.actors import Actor
from audit.models import AuditEvent
from hallucination.celery import app
from hallucination.models import Query
from hallucination.services import SourceInput, SubmissionInput, query_requeue_stalled, query_submit
from reviews.models import Review
from tests.factories import ApiClientFactory


@pytest.fixture
def no_external_layer(settings):  # type: ignore[no-untyped-def]
    settings.VERIFICATION = {**settings.VERIFICATION, "STAKES": [], "UNGROUNDED_CLAIMS": False}


def _submit(answer: str, capture, stakes: str = "standard") -> Query:  # type: ignore[no-untyped-def]
    # Through the service, past the API's claim limit: the worker must cope whatever it gets.
    with capture(execute=True):
        query, _ = query_submit(
            client=ApiClientFactory(),
            submission=SubmissionInput(
                answer=answer,
                sources=(SourceInput(id="f", text="EPS: $0.78."),),
                stakes=stakes,
            ),
            trace_id=f"t-{timezone.now().timestamp()}",
            actor=Actor.system("tests"),
        )
    query.refresh_from_db()
    return query


def test_two_thousand_ungrounded_claims_still_finish_with_a_bounded_risk_score(
    db, no_external_layer, django_capture_on_commit_callbacks
):
    answer = " ".join(f"Item {n} cost ${n}.17 million." for n in range(1000, 3100))

    query = _submit(answer, django_capture_on_commit_callbacks, stakes="audit")

    assert query.status == Query.Status.DONE, query.error
    assert query.ungrounded_count >= 2000
    assert Review.objects.get(query=query).risk_score == Decimal("9999.99")


@pytest.fixture
def review_table_refusing_inserts(db):  # type: ignore[no-untyped-def]
    """A real database failure while recording: PostgreSQL refuses every new review."""
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE FUNCTION refuse_review() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RAISE EXCEPTION 'reviews are closed for maintenance'; END $$"
        )
        cursor.execute(
            "CREATE TRIGGER refuse_review BEFORE INSERT ON reviews_review "
            "FOR EACH ROW EXECUTE FUNCTION refuse_review()"
        )
    yield
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER refuse_review ON reviews_review")
        cursor.execute("DROP FUNCTION refuse_review()")


def test_an_error_while_recording_detection_fails_the_query_readably(
    no_external_layer, review_table_refusing_inserts, django_capture_on_commit_callbacks
):
    query = _submit("EPS was $0.81.", django_capture_on_commit_callbacks)

    assert query.status == Query.Status.FAILED
    assert query.error.startswith("Recording the result failed: ProgrammingError")
    assert "reviews are closed for maintenance" in query.error
    assert query.finished_at is not None
    assert AuditEvent.objects.filter(trace_id=query.trace_id, event_type="query.failed").exists()


def test_an_error_while_finishing_verification_fails_the_query_readably(
    settings, review_table_refusing_inserts, django_capture_on_commit_callbacks
):
    settings.VERIFICATION = {
        **settings.VERIFICATION,
        "STAKES": ["high"],
        "VERIFIERS": ["recompute"],
    }

    query = _submit("EPS was $0.81.", django_capture_on_commit_callbacks, stakes="high")

    assert query.status == Query.Status.FAILED, query.status
    assert "reviews are closed for maintenance" in query.error


@pytest.fixture
def lost_broker(settings):  # type: ignore[no-untyped-def]
    """Every enqueue is lost: the broker is a port nothing listens on."""
    from hallucination import services

    previous = (app.conf.broker_url, app.conf.task_always_eager)
    app.conf.broker_url, app.conf.task_always_eager = "redis://127.0.0.1:1/0", False
    services._broker_unavailable_until = 0.0
    yield
    app.conf.broker_url, app.conf.task_always_eager = previous
    services._broker_unavailable_until = 0.0


def test_the_sweeper_gives_up_after_a_bounded_number_of_requeues(db, settings, lost_broker, caplog):
    settings.HALLUCINATION = {**settings.HALLUCINATION, "MAX_REQUEUES": 3}
    query = Query.objects.create(
        trace_id="stuck-verifying-1", client=ApiClientFactory(), answer="EPS was $0.81."
    )
    Query.objects.filter(pk=query.pk).update(
        status=Query.Status.VERIFYING, updated_at=timezone.now() - timedelta(hours=1)
    )

    counts = []
    for _ in range(6):
        counts.append(query_requeue_stalled(verifying_after_seconds=60))
        Query.objects.filter(pk=query.pk, status=Query.Status.VERIFYING).update(
            updated_at=timezone.now() - timedelta(hours=1)
        )

    query.refresh_from_db()
    assert counts == [1, 1, 1, 0, 0, 0]
    assert query.status == Query.Status.FAILED
    assert query.error.startswith("Gave up after 3 re-enqueues while verifying")
    event = AuditEvent.objects.get(trace_id="stuck-verifying-1", event_type="query.abandoned")
    assert event.payload["requeues"] == 3
    assert any("Gave up on query" in r.getMessage() for r in caplog.records)
    settings.METRICS = {**settings.METRICS, "TOKEN": "t" * 32}
    scrape = Client().get("/metrics", HTTP_AUTHORIZATION="Bearer " + "t" * 32).content.decode()
    line = next(
        x for x in scrape.splitlines() if x.startswith("hallucination_sweeper_gave_up_total")
    )
    assert float(line.split()[-1]) >= 1
