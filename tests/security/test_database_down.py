"""Database down (issue 16, item 8): API clients get a JSON 503 with Retry-After, browsers a
plain error page, and nothing is half-written. A real PostgreSQL server is stopped under
the service: a TCP relay to it that the test closes."""

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading

import pytest
from django.db import connection

from hallucination.models import Query
from tests.integration.conftest import ROOT

# Runs in a process whose database goes away between its first and second request.
PROBE = """
import json, os, sys
from django.test import Client
from audit.actors import Actor
from hallucination.services import api_client_key_create
_, key = api_client_key_create(client_name="db-down-probe", actor=Actor.system("tests"))
sys.stdout.write("ready\\n"); sys.stdout.flush()
sys.stdin.readline()   # the test stops the database here
from django.db import connections
connections.close_all()
# As a real server answers: the handler's response, not the exception re-raised.
api = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Api-Key {key}")
submit = api.post("/api/v1/queries/", {"answer": "EPS was $0.81."}, content_type="application/json")
# A browser signing in: the first page that needs the database.
page = Client(raise_request_exception=False, HTTP_ACCEPT="text/html").post(
    "/accounts/login/", {"username": "a", "password": "b"}
)
queue = Client(raise_request_exception=False, HTTP_ACCEPT="text/html").get("/")
print(json.dumps({
    "api": [submit.status_code, submit["Content-Type"], submit.get("Retry-After"), submit.content.decode()],
    "page": [page.status_code, page["Content-Type"], page.get("Retry-After"), page.content.decode()],
    "queue": [queue.status_code],
}))
"""


class Relay:
    """A TCP relay to PostgreSQL; close() is the database going away."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.sockets: list[socket.socket] = []
        self.open = True
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while self.open:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            self.sockets += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                with contextlib.suppress(OSError):
                    s.close()

    def close(self) -> None:
        self.open = False
        # Wakes the accepting thread; a bare close() would leave the port listening.
        with contextlib.suppress(OSError):
            self.server.shutdown(socket.SHUT_RDWR)
        self.server.close()
        for s in self.sockets:
            try:
                s.shutdown(socket.SHUT_RDWR)
                s.close()
            except OSError:
                pass


@pytest.mark.integration
def test_a_lost_database_is_a_503_for_api_clients_and_a_plain_page_for_browsers(
    transactional_db,
):
    s = connection.settings_dict
    relay = Relay((s.get("HOST") or "127.0.0.1", int(s.get("PORT") or 5432)))
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{s.get('USER') or 'postgres'}@127.0.0.1:{relay.port}/{s['NAME']}",
        "DATABASE_CONN_MAX_AGE": "0",
        # As served: DEBUG off (Django's debug page would answer instead of ours).
        "DEBUG": "false",
        "SECRET_KEY": "k" * 50,
        "ALLOWED_HOSTS": "testserver",
        "SECURE_SSL_REDIRECT": "false",
    }
    env.pop("CELERY_BROKER_URL", None)
    probe = subprocess.Popen(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", PROBE],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert probe.stdout.readline().strip() == "ready"
        relay.close()
        output, _ = probe.communicate("go\n", timeout=120)
    finally:
        relay.close()
        if probe.poll() is None:
            probe.kill()
    seen = json.loads(output.strip().splitlines()[-1])

    status, content_type, retry_after, body = seen["api"]
    assert (status, content_type, retry_after) == (503, "application/json", "30"), body
    assert json.loads(body)["error"] == "service_unavailable"
    status, content_type, retry_after, body = seen["page"]
    assert (status, retry_after) == (503, "30")
    assert content_type.startswith("text/html") and "Temporarily unavailable" in body
    assert "Traceback" not in body
    assert seen["queue"] == [302]  # the login redirect needs no database
    assert not Query.objects.filter(client__name="db-down-probe").exists()
