"""LOG_FORMAT=json: one JSON object a line with the trace ID, from a web and a worker process."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from audit.actors import Actor
from hallucination.models import Query
from hallucination.services import api_client_key_create
from tests.integration.conftest import (  # noqa: F401  (fixtures)
    celery_broker,
    celery_worker_process,
    start_worker,
    stop_process,
    wait_for,
)

ROOT = Path(__file__).resolve().parents[2]

WEB_PROCESS = """
import logging
import django
django.setup()
from django.test import Client
logging.getLogger("hallucination").info("exporting", extra={"rows": 3})
Client().get("/no-such-page/", HTTP_X_TRACE_ID="web-trace-1")
"""


def _json_lines(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def test_a_web_process_writes_json_lines_with_the_trace_id():
    env = {**os.environ, "LOG_FORMAT": "json", "DJANGO_SETTINGS_MODULE": "hallucination.settings"}
    result = subprocess.run(
        [sys.executable, "-c", WEB_PROCESS],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    records = _json_lines(result.stderr)
    assert lines and len(records) == len(lines), result.stderr
    exporting, not_found = records
    assert exporting["message"] == "exporting"
    assert exporting["rows"] == 3
    assert exporting["trace_id"] == "-"
    assert not_found["logger"] == "django.request"
    assert not_found["level"] == "WARNING"
    assert not_found["trace_id"] == "web-trace-1"
    assert not_found["time"].endswith("+00:00")


def test_development_logs_stay_plain_text():
    env = {k: v for k, v in os.environ.items() if k != "LOG_FORMAT"}
    env.update(DJANGO_SETTINGS_MODULE="hallucination.settings", DEBUG="true")
    result = subprocess.run(
        [sys.executable, "-c", WEB_PROCESS],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert _json_lines(result.stderr) == []
    assert "trace=web-trace-1" in result.stderr


@pytest.mark.integration
def test_a_worker_writes_json_lines_with_the_submissions_trace_id(transactional_db, celery_broker):  # noqa: F811
    worker = start_worker(celery_broker, name="jsonlogs", extra_env={"LOG_FORMAT": "json"})
    try:
        _, key = api_client_key_create(client_name="json-logs", actor=Actor.system("tests"))
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
        response = api.post(
            "/api/v1/queries/",
            {"answer": "Revenue was $5 million.", "sources": [{"id": "a", "text": "Revenue $5M."}]},
            format="json",
            HTTP_X_TRACE_ID="worker-trace-1",
        )
        query_id = response.json()["id"]
        wait_for(lambda: Query.objects.get(pk=query_id).status in ("done", "failed"), timeout=90)
    finally:
        output = stop_process(worker)

    records = _json_lines(output)
    # The consumer's "received" line is written before the task restores its trace ID; every
    # line written while the task runs carries it.
    task_lines = [
        r
        for r in records
        if "hallucination.detect" in r["message"] and "received" not in r["message"]
    ]
    assert task_lines, output[-3000:]
    assert {r["trace_id"] for r in task_lines} == {"worker-trace-1"}
    # Fields a call passes as `extra` become fields of their own (python-json-logger).
    (succeeded,) = [r for r in task_lines if "succeeded" in r["message"]]
    assert succeeded["data"]["name"] == "hallucination.detect"
    assert all({"time", "level", "logger", "trace_id", "message"} <= set(r) for r in records)


@pytest.mark.parametrize(("log_format", "json_lines"), [("json", True), ("plain", False)])
def test_a_workers_handlers_get_the_libraries_formatter_with_json(settings, log_format, json_lines):  # type: ignore[no-untyped-def]
    import logging

    from pythonjsonlogger.json import JsonFormatter

    from hallucination.log_filters import worker_logs_as_json

    settings.LOG_FORMAT = log_format
    logger = logging.getLogger(f"worker-json-{log_format}")
    handler = logging.StreamHandler()
    logger.addHandler(handler)
    try:
        worker_logs_as_json(logger=logger)
    finally:
        logger.removeHandler(handler)

    assert isinstance(handler.formatter, JsonFormatter) is json_lines
