"""An API submission, its detection by a real worker and a review decision: one trace, in order."""

import os
import re
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest
import redis
from django.db import connection
from rest_framework.test import APIClient

from audit import events
from audit.actors import Actor
from audit.models import AuditEvent
from audit.verification import verify_trace_chain, verify_trace_locally
from hallucination.demo.queries import CANONICAL_ANSWER, CANONICAL_SOURCE
from hallucination.models import Query
from hallucination.services import api_client_key_create
from reviews import roles
from reviews.models import Review
from reviews.services import review_claim, review_decide
from tests.factories import UserFactory

pytestmark = pytest.mark.integration

LETTERS = {
    events.QUERY_SUBMITTED: "S",
    events.CLAIMS_EXTRACTED: "E",
    events.VERDICT_RECORDED: "V",
    events.QUERY_SCORED: "C",
    events.EXTERNAL_CHECKED: "X",
    events.REVIEW_OPENED: "O",
    events.REVIEW_ESCALATED: "Z",
    events.REVIEW_ASSIGNED: "A",
    events.REVIEW_DECIDED: "D",
}

ROOT = Path(__file__).resolve().parents[2]


def _database_url() -> str:
    settings = connection.settings_dict
    user = quote(settings["USER"] or "postgres", safe="")
    host, port = settings["HOST"] or "127.0.0.1", settings["PORT"] or 5432
    return f"postgres://{user}@{host}:{port}/{settings['NAME']}"


@pytest.fixture
def worker(transactional_db):  # type: ignore[no-untyped-def]
    from hallucination.celery import app

    url = os.environ.get("TEST_REDIS_URL") or pytest.fail("TEST_REDIS_URL is not set")
    redis.Redis.from_url(url).flushdb()
    previous = (app.conf.broker_url, app.conf.task_always_eager)
    app.conf.broker_url, app.conf.task_always_eager = url, False
    app._pool = None
    app.amqp._producer_pool = None
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "CELERY_BROKER_URL": url,
        "DJANGO_SETTINGS_MODULE": "hallucination.settings",
    }
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "hallucination",
            "worker",
            "--pool",
            "solo",
            "--hostname",
            "audit-e2e@%h",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "--loglevel",
            "INFO",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        yield process
    finally:
        process.terminate()
        try:
            output, _ = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            output, _ = process.communicate()
        print(output[-4000:])  # shown when the test fails
        app.conf.broker_url, app.conf.task_always_eager = previous
        app._pool = None
        app.amqp._producer_pool = None


def test_submission_to_decision_is_one_trace_of_events_in_order(worker) -> None:  # type: ignore[no-untyped-def]
    _, key = api_client_key_create(client_name="audit-e2e", actor=Actor.system("tests"))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
    trace_id = f"e2e-{time.time_ns()}"
    response = api.post(
        "/api/v1/queries/",
        {
            "answer": CANONICAL_ANSWER,
            "sources": [{"id": "filing", "text": CANONICAL_SOURCE}],
            "confidence": "0.9",
        },
        format="json",
        HTTP_X_TRACE_ID=trace_id,
    )
    assert response.status_code == 202, response.content
    assert response["X-Trace-Id"] == trace_id
    query_id = response.json()["id"]

    deadline = time.monotonic() + 90
    review = None
    while review is None and time.monotonic() < deadline:
        assert worker.poll() is None, "the worker exited"
        review = Review.objects.filter(query_id=query_id).first()
        time.sleep(0.2)
    assert review is not None, f"no review opened: {Query.objects.get(pk=query_id).status}"

    roles.ensure_roles()
    rita = UserFactory(username=f"rita-{trace_id[-6:]}", roles=[roles.REVIEWER])
    review = review_claim(review=review, user=rita)
    review_decide(
        review=review,
        user=rita,
        decision="rejected",
        reason="EPS is $0.78 in the filing, not $0.81.",
        labels={claim.pk: "hallucination" for claim in review.query.claims.all()},
        expected_version=review.version,
    )

    trail = list(AuditEvent.objects.filter(trace_id=trace_id).order_by("seq"))
    claims = review.query.claims.count()
    letters = "".join(LETTERS.get(event.event_type, "?") for event in trail)
    # Submitted, claims extracted, one verdict per claim, scored; external checks (if any) and a
    # second score; review opened (and escalated if a check contradicted a claim), assigned,
    # decided. Nothing else, nothing out of order, all under the client's trace ID.
    assert re.fullmatch(rf"SEV{{{claims}}}C(X+C)?OZ?AD", letters), letters

    submitted, extracted, decided = trail[0], trail[1], trail[-1]
    assert (submitted.actor_kind, submitted.actor_name) == ("client", "audit-e2e")
    assert submitted.subject_id == extracted.subject_id == query_id
    assert extracted.actor_kind == "system" and extracted.actor_name.startswith("worker:audit-e2e@")
    assert {event.subject_id for event in trail[2 : 2 + claims]} == {
        str(pk) for pk in review.query.claims.values_list("pk", flat=True)
    }
    assert (decided.actor_kind, decided.actor_name) == ("user", rita.username)
    assert decided.payload["decision"] == "rejected"

    assert verify_trace_locally(trail).ok
    span, report = verify_trace_chain(trace_id)
    assert span.count == len(trail)
    assert report.ok, report.summary()
