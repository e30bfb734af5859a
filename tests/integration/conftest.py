"""Real processes: a Celery worker against Redis, sharing the test PostgreSQL database."""

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def _redis_url() -> str:
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.fail("TEST_REDIS_URL is not set: the worker tests need a real Redis.")
    return url


def database_url_for_children() -> str:
    """The URL of the database this test process is using (the test database)."""
    s = connection.settings_dict
    if connection.vendor != "postgresql":
        pytest.fail("The worker tests need PostgreSQL (set DATABASE_URL).")
    user = s.get("USER") or "postgres"
    host = s.get("HOST") or "127.0.0.1"
    port = s.get("PORT") or 5432
    return f"postgres://{user}@{host}:{port}/{s['NAME']}"


@pytest.fixture
def celery_broker(settings) -> Iterator[str]:
    """Point this process's Celery app at the real Redis, with an empty queue."""
    from hallucination.celery import app

    url = _redis_url()
    redis.Redis.from_url(url).flushdb()
    previous = (app.conf.broker_url, app.conf.task_always_eager)
    app.conf.broker_url = url
    app.conf.task_always_eager = False
    _forget_connection_pools(app)
    try:
        yield url
    finally:
        app.conf.broker_url, app.conf.task_always_eager = previous
        _forget_connection_pools(app)


def _forget_connection_pools(app) -> None:  # type: ignore[no-untyped-def]
    """Drop pools made for the previous broker URL so the next publish connects afresh."""
    app._pool = None
    app.amqp._producer_pool = None


def start_worker(
    broker_url: str, *, name: str = "w1", extra_env: dict | None = None
) -> subprocess.Popen:
    env = {
        **os.environ,
        "DATABASE_URL": database_url_for_children(),
        "CELERY_BROKER_URL": broker_url,
        "DJANGO_SETTINGS_MODULE": "hallucination.settings",
        **(extra_env or {}),
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
            "--pool",
            "solo",
            "--loglevel",
            "INFO",
            "--hostname",
            f"{name}@%h",
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


def stop_process(process: subprocess.Popen) -> str:
    process.terminate()
    try:
        output, _ = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        output, _ = process.communicate()
    return output or ""


@pytest.fixture
def celery_worker_process(transactional_db, celery_broker) -> Iterator[subprocess.Popen]:
    process = start_worker(celery_broker)
    try:
        yield process
    finally:
        output = stop_process(process)
        print(output[-5000:])  # shown by pytest when the test fails


def wait_for(predicate, *, timeout: float = 60.0, interval: float = 0.2):  # type: ignore[no-untyped-def]
    """Poll until predicate() is truthy; return its value or fail after timeout."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    pytest.fail(f"Condition not met within {timeout} s")
