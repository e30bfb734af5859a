"""A real HTTP receiver on 127.0.0.1 that records each POST and answers from a script."""

from __future__ import annotations

import http.server
import threading
from dataclasses import dataclass, field


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Receiver:
    """Answers the scripted statuses in turn, then `then` for every later request."""

    script: list[int] = field(default_factory=list)
    then: int = 200
    requests: list[Received] = field(default_factory=list)
    connections: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    _server: http.server.ThreadingHTTPServer | None = None

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.server_address[1]

    def url(self, path: str = "/hooks/result") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def start(self) -> Receiver:
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                with owner.lock:
                    owner.requests.append(Received(self.path, dict(self.headers.items()), body))
                    status = owner.script.pop(0) if owner.script else owner.then
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: object) -> None:
                pass

        class Server(http.server.ThreadingHTTPServer):
            daemon_threads = True
            block_on_close = False

            def process_request(self, request, client_address):  # type: ignore[no-untyped-def]
                with owner.lock:
                    owner.connections += 1
                super().process_request(request, client_address)

        self._server = Server(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
