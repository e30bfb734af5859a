"""The PostgreSQL backend's health check: a request or task after the server ended a connection
still succeeds, and a connection in steady use is trusted without a `SELECT 1`."""

import io
import json
import sys
import time
from types import SimpleNamespace

import psycopg
import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.db import close_old_connections, connections

from audit.actors import Actor
from hallucination.backends.postgresql.base import QUIET_SECONDS
from hallucination.celery import _close_old_connections
from hallucination.models import Query
from hallucination.services import api_client_key_create, query_detect


@pytest.fixture
def default_connection(transactional_db):  # type: ignore[no-untyped-def]
    """The test's own connection, committed as a server's would be, with Django's check on."""
    wrapper = connections["default"]
    if wrapper.vendor != "postgresql":
        pytest.fail("These tests need PostgreSQL (DATABASE_URL).")
    assert wrapper.settings_dict["ENGINE"] == "hallucination.backends.postgresql"
    assert wrapper.settings_dict["CONN_HEALTH_CHECKS"] is True
    wrapper.ensure_connection()
    return wrapper


def _dsn(wrapper, database: str) -> str:  # type: ignore[no-untyped-def]
    settings = wrapper.settings_dict
    user, host = settings["USER"] or "postgres", settings["HOST"] or "127.0.0.1"
    return f"postgresql://{user}@{host}:{settings['PORT'] or 5432}/{database}"


def _end_server_process(wrapper) -> None:  # type: ignore[no-untyped-def]
    """Ask PostgreSQL, from another connection, to end the server process of `wrapper`'s
    connection (as a restart or an administrator would), and wait until it is gone."""
    with wrapper.connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    with psycopg.connect(_dsn(wrapper, "postgres"), autocommit=True) as other:
        assert other.execute("SELECT pg_terminate_backend(%s)", [pid]).fetchone()[0]
        deadline = time.monotonic() + 10
        while other.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", [pid]).fetchone():
            assert time.monotonic() < deadline, "the server process did not end"
            time.sleep(0.02)


def _submit(application: WSGIHandler, key: str) -> tuple[str, dict]:
    """POST a submission through Django's WSGI handler, as gunicorn calls it: the handler
    sends request_started, which readies every connection's health check."""
    body = json.dumps({"answer": "Revenue was $4.8 million.", "sources": []}).encode()
    environ = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": "/api/v1/queries/",
        "SCRIPT_NAME": "",
        "QUERY_STRING": "",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "testserver",
        "HTTP_AUTHORIZATION": f"Api-Key {key}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    seen: dict = {}

    def start_response(status: str, headers: list) -> None:
        seen["status"] = status

    response = application(environ, start_response)
    content = b"".join(response)
    response.close()
    return seen["status"], json.loads(content)


def _count_checks(wrapper, monkeypatch) -> list:  # type: ignore[no-untyped-def]
    """Record every `SELECT 1` health check (Django's is_usable) the wrapper makes."""
    calls: list = []
    real = wrapper.is_usable

    def is_usable() -> bool:
        calls.append(1)
        return real()

    monkeypatch.setattr(wrapper, "is_usable", is_usable)
    return calls


def test_a_request_after_the_server_ended_the_connection_still_succeeds(default_connection):
    _, key = api_client_key_create(client_name="health-check", actor=Actor.system("tests"))
    application = WSGIHandler()
    assert _submit(application, key)[0][:3] in ("201", "202")
    before = default_connection.connection

    _end_server_process(default_connection)
    status, body = _submit(application, key)

    assert status[:3] in ("201", "202"), body
    assert default_connection.connection is not before  # replaced before the request used it
    assert Query.objects.filter(client__name="health-check").count() == 2


def test_a_task_after_the_server_ended_the_connection_still_runs(default_connection):
    client, _ = api_client_key_create(client_name="health-check-task", actor=Actor.system("t"))
    query = Query.objects.create(client=client, trace_id="health-check-task", answer="EPS $0.81.")

    _end_server_process(default_connection)
    # What the worker does before every task (hallucination/celery.py).
    _close_old_connections(task=SimpleNamespace(request=SimpleNamespace(is_eager=False)))
    detected = query_detect(query_id=str(query.pk), actor=Actor.system("tests"))

    assert detected is not None and detected.status in ("done", "verifying")


def test_a_connection_in_steady_use_is_not_checked_with_a_statement(
    default_connection, monkeypatch
):
    checks = _count_checks(default_connection, monkeypatch)
    for _ in range(3):
        close_old_connections()  # a request or a task begins
        assert Query.objects.count() == 0

    assert checks == []


def test_a_connection_idle_longer_than_the_quiet_time_is_checked_with_a_statement(
    default_connection, monkeypatch
):
    checks = _count_checks(default_connection, monkeypatch)
    close_old_connections()
    default_connection.last_used -= QUIET_SECONDS + 1

    assert Query.objects.count() == 0
    assert checks == [1]
    assert Query.objects.count() == 0  # once a request: not again for its next statement
    assert checks == [1]


def test_a_connection_with_something_to_read_is_checked_with_a_statement(
    default_connection, monkeypatch
):
    # The server says something unasked: the notification of a channel this session
    # listens to, sent from another session, arrives between two requests.
    with default_connection.connection.cursor() as cursor:
        cursor.execute("LISTEN health_check_test")
    database = default_connection.settings_dict["NAME"]
    with psycopg.connect(_dsn(default_connection, database), autocommit=True) as other:
        other.execute("NOTIFY health_check_test")
    time.sleep(0.2)
    checks = _count_checks(default_connection, monkeypatch)
    close_old_connections()

    assert Query.objects.count() == 0
    assert checks == [1]
    with default_connection.connection.cursor() as cursor:
        cursor.execute("UNLISTEN *")
