"""With no broker and no database server configured, the app serves and processes submissions."""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from hallucination.demo.queries import CANONICAL_ANSWER, CANONICAL_SOURCE

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.integration


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _embedded_env(tmp_path: Path) -> dict:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DATABASE_URL", "CELERY_", "HALLUCINATION_", "TESTING", "REQUIRE_"))
    }
    # The embedded default's own SQLite file lives under var/; point this run at a scratch file
    # so the developer's demo database is left alone. Still SQLite, still no broker.
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'embedded.sqlite3'}"
    return env


def _manage(env: dict, *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_embedded_default_serves_and_processes_a_submission(tmp_path):
    env = _embedded_env(tmp_path)
    _manage(env, "migrate", "--noinput")
    seed_output = _manage(env, "seed_demo")
    key = next(line.split(": ", 1)[1] for line in seed_output.splitlines() if "API key for" in line)
    assert "login: reviewer /" in seed_output

    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{base}/accounts/login/", timeout=2)
                break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline:
                    pytest.fail("runserver did not come up")
                time.sleep(0.3)

        body = json.dumps(
            {"answer": CANONICAL_ANSWER, "sources": [{"id": "filing", "text": CANONICAL_SOURCE}]}
        ).encode()
        request = urllib.request.Request(
            f"{base}/api/v1/queries/",
            data=body,
            headers={"Content-Type": "application/json", "Authorization": f"Api-Key {key}"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            status = response.status
            result = json.loads(response.read())
    finally:
        server.terminate()
        server.communicate(timeout=10)

    # Tasks run in-process on commit, so the answer comes back finished.
    assert status == 201
    assert result["status"] == "done"
    assert result["flagged"] is True
    assert {c["text"] for c in result["claims"] if not c["grounded"]} >= {"14.8%", "$0.81"}
