"""Bounded work per submission (issue 16, item 4): documented limits on answer size, source
size and claims per answer, refused with 413/400 before anything is saved; and task time
limits that fire in the worker pool the README starts (prefork), with a real worker."""

import json
import os
import subprocess
import sys

import pytest
from django.db import transaction

from audit.actors import Actor
from audit.models import AuditEvent
from hallucination.models import Query
from hallucination.services import SourceInput, SubmissionInput, query_submit
from tests.factories import ApiClientFactory
from tests.integration.conftest import (
    ROOT,
    celery_broker,
    database_url_for_children,
    stop_process,
    wait_for,
)

__all__ = ["celery_broker"]

URL = "/api/v1/queries/"


def _nothing_saved(events_before: int) -> None:
    assert not Query.objects.exists()
    assert AuditEvent.objects.count() == events_before


def test_an_answer_with_too_many_numbers_is_a_400_naming_the_limit(alpha, canonical_payload):
    events = AuditEvent.objects.count()
    answer = " ".join(f"In Q{n % 4 + 1} {2000 + n % 25} it was ${n}." for n in range(200))

    response = alpha.post(URL, {**canonical_payload, "answer": answer}, format="json")

    assert response.status_code == 400
    message = response.json()["detail"]["answer"][0]
    assert "At most 500 numbers (claims) in one answer" in message
    _nothing_saved(events)


def test_numbers_in_any_script_count_towards_the_limit(alpha, canonical_payload, settings):
    settings.HALLUCINATION = {**settings.HALLUCINATION, "MAX_CLAIMS": 3}
    answer = "Revenue ١٢٣, costs ４５６, margin 7.8 and 9."

    response = alpha.post(URL, {**canonical_payload, "answer": answer}, format="json")

    assert response.status_code == 400
    assert "it has 4" in response.json()["detail"]["answer"][0]


def test_an_answer_over_the_size_limit_is_a_400(alpha, canonical_payload):
    events = AuditEvent.objects.count()

    response = alpha.post(URL, {**canonical_payload, "answer": "x" * 20_001}, format="json")

    assert response.status_code == 400
    assert "20000 characters" in response.json()["detail"]["answer"][0]
    _nothing_saved(events)


def test_sources_over_the_total_limit_are_a_400(alpha, canonical_payload, settings):
    settings.HALLUCINATION = {**settings.HALLUCINATION, "MAX_TOTAL_SOURCE_CHARS": 150_000}
    events = AuditEvent.objects.count()
    sources = [{"id": f"s{n}", "text": "Revenue: $1.85 billion. " * 3_000} for n in range(3)]

    response = alpha.post(URL, {**canonical_payload, "sources": sources}, format="json")

    assert response.status_code == 400
    assert "characters of sources in all" in json.dumps(response.json()["detail"])
    _nothing_saved(events)


def test_a_body_over_the_request_limit_is_a_413(alpha, canonical_payload):
    events = AuditEvent.objects.count()
    body = json.dumps({**canonical_payload, "answer": "x" * (2 * 1024 * 1024 + 10)})

    response = alpha.post(URL, body, content_type="application/json")

    assert response.status_code == 413
    assert response.json()["error"] == "request_too_large"
    _nothing_saved(events)


def _start_readme_worker(broker_url: str) -> subprocess.Popen:
    """The README's worker command (the default prefork pool), with tight limits."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url_for_children(),
        "CELERY_BROKER_URL": broker_url,
        "CELERY_TASK_SOFT_TIME_LIMIT": "1",
        "CELERY_TASK_TIME_LIMIT": "4",
        "HALLUCINATION_MAX_ATTEMPTS": "1",
    }
    env.pop("TESTING", None)
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "hallucination",
            "worker",
            "--concurrency",
            "1",
            "--loglevel",
            "INFO",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


@pytest.mark.integration
def test_the_soft_time_limit_fires_in_the_readme_worker_and_fails_the_query(
    transactional_db, celery_broker
):
    worker = _start_readme_worker(celery_broker)
    try:
        # Far past the API's limits (the service takes it): minutes of engine work.
        answer = " ".join(
            f"In Q{n % 4 + 1} {2000 + n % 25} item {n} was ${n}.5 million." for n in range(6000)
        )
        source = "".join(
            f"Line {n}: revenue ${n}.25 million in FY{2000 + n % 25}. " for n in range(30_000)
        )
        with transaction.atomic():
            query, _ = query_submit(
                client=ApiClientFactory(),
                submission=SubmissionInput(
                    answer=answer, sources=(SourceInput(id="s", text=source),)
                ),
                trace_id="slow-answer-1",
                actor=Actor.system("tests"),
            )

        def finished() -> Query | None:
            query.refresh_from_db()
            return query if query.is_finished else None

        done = wait_for(finished, timeout=60)
        assert worker.poll() is None, "the worker exited"
    finally:
        output = stop_process(worker)
    assert done.status == Query.Status.FAILED, output[-3000:]
    assert done.error == "Detection ran out of time: it took longer than the 1-second limit.", (
        output[-3000:]
    )


def test_the_engine_benchmark_stays_linear_up_to_the_limits():
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from engine import bench_limits
    finally:
        sys.path.pop(0)

    figures = bench_limits(claims=(100, 500), source_kb=(40, 200))

    assert figures["large_answer_ms"]["ratio_largest_to_smallest_per_claim"] < 2
    assert figures["large_source_ms"]["ratio_largest_to_smallest_per_kb"] < 2
