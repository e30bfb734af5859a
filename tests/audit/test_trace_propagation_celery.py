"""The trace ID travels in Celery task headers to a real worker, into its events and log lines."""

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
import redis
from django.db import connection

from audit.models import AuditEvent
from audit.tracing import trace_context

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]


def _database_url() -> str:
    settings = connection.settings_dict
    user = quote(settings["USER"] or "postgres", safe="")
    return f"postgres://{user}@{settings['HOST'] or '127.0.0.1'}:{settings['PORT'] or 5432}/{settings['NAME']}"


@pytest.fixture
def broker(settings):  # type: ignore[no-untyped-def]
    from hallucination.celery import app

    url = os.environ.get("TEST_REDIS_URL") or pytest.fail("TEST_REDIS_URL is not set")
    redis.Redis.from_url(url).flushdb()
    previous = (app.conf.broker_url, app.conf.task_always_eager)
    app.conf.broker_url, app.conf.task_always_eager = url, False
    app._pool = None
    app.amqp._producer_pool = None
    yield url
    app.conf.broker_url, app.conf.task_always_eager = previous
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture
def worker(transactional_db, broker):  # type: ignore[no-untyped-def]
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "CELERY_BROKER_URL": broker,
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
            "--include",
            "tests.audit.celery_probe",
            "--pool",
            "solo",
            "--loglevel",
            "INFO",
            "--hostname",
            "audit-probe@%h",
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
    yield process
    process.terminate()
    try:
        output, _ = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        output, _ = process.communicate()
    process.output = output  # type: ignore[attr-defined]


def test_a_task_records_its_event_and_logs_under_the_publishers_trace(worker) -> None:  # type: ignore[no-untyped-def]
    from tests.audit.celery_probe import record_probe

    marker = uuid.uuid4().hex[:12]
    with trace_context() as trace_id:
        record_probe.delay(marker)

    deadline = time.monotonic() + 90
    event = None
    while event is None and time.monotonic() < deadline:
        assert worker.poll() is None, "the worker exited"
        event = AuditEvent.objects.filter(subject_type="probe", subject_id=marker).first()
        time.sleep(0.2)
    assert event is not None, "the worker did not record the probe event"
    assert event.trace_id == trace_id
    assert event.actor_kind == "system" and event.actor_name

    worker.terminate()
    output, _ = worker.communicate(timeout=20)
    probe_lines = [line for line in output.splitlines() if f"probe {marker} recorded" in line]
    assert probe_lines, output[-3000:]
    assert f"trace={trace_id}" in probe_lines[0]
