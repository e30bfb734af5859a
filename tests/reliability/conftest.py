"""Real processes for the fault tests: a private redis-server, Celery workers with beat."""

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from django.conf import settings

from tests.integration.conftest import database_url_for_children, wait_for

__all__ = ["RedisServer", "start_celery", "wait_for"]

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RedisServer:
    """A redis-server of our own on a free port, so stopping it harms nobody else's tests."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        # No persistence: a restarted server comes back empty, as after losing its memory.
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--daemonize",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for(self._answers, timeout=10, interval=0.05)

    def _answers(self) -> bool:
        try:
            return bool(redis.Redis.from_url(self.url, socket_connect_timeout=0.5).ping())
        except redis.ConnectionError:
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None

    def queued(self) -> int:
        """Messages waiting in every task queue."""
        client = redis.Redis.from_url(self.url)
        return sum(client.llen(queue.name) for queue in settings.CELERY_TASK_QUEUES)


@pytest.fixture
def private_redis() -> Iterator[RedisServer]:
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def private_broker(private_redis: RedisServer) -> Iterator[RedisServer]:
    """Point this process's Celery app (the API's enqueues) at the private Redis."""
    from hallucination.celery import app

    previous = (app.conf.broker_url, app.conf.task_always_eager)
    app.conf.broker_url = private_redis.url
    app.conf.task_always_eager = False
    _forget_connection_pools(app)
    try:
        yield private_redis
    finally:
        app.conf.broker_url, app.conf.task_always_eager = previous
        _forget_connection_pools(app)


def _forget_connection_pools(app) -> None:  # type: ignore[no-untyped-def]
    app._pool = None
    app.amqp._producer_pool = None


def start_celery(
    broker_url: str,
    *,
    name: str,
    app: str = "hallucination",
    pool: str = "solo",
    concurrency: int = 1,
    log_path: Path,
    beat_schedule: Path | None = None,
    extra_env: dict[str, str] | None = None,
) -> subprocess.Popen:
    """A Celery worker (optionally with an embedded beat) on the test database.

    It runs in its own process group so a test can SIGKILL the worker and its pool children
    together, as a machine losing power would.
    """
    env = {
        **os.environ,
        "DATABASE_URL": database_url_for_children(),
        "CELERY_BROKER_URL": broker_url,
        "DJANGO_SETTINGS_MODULE": "hallucination.settings",
        **(extra_env or {}),
    }
    env.pop("TESTING", None)
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        app,
        "worker",
        "--pool",
        pool,
        "--concurrency",
        str(concurrency),
        "--loglevel",
        "INFO",
        "--hostname",
        f"{name}@%h",
        "--without-gossip",
        "--without-mingle",
        "--without-heartbeat",
    ]
    if beat_schedule is not None:
        command += ["--beat", "--schedule", str(beat_schedule)]
    # A file, not a pipe: a pipe nobody reads fills up and stalls the worker mid-log-line.
    with open(log_path, "a") as log:
        return subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def kill_process_group(process: subprocess.Popen) -> None:
    """SIGKILL a worker and every pool child: no shutdown handler runs, nothing is acked."""
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=20)


def stop_celery(process: subprocess.Popen) -> None:
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)
    except ProcessLookupError:
        return
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=20)


def log_tail(path: Path, chars: int = 5000) -> str:
    return path.read_text(errors="replace")[-chars:] if path.exists() else ""
