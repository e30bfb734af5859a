"""Real HTTP servers on the loopback interface, started by the tests, counting connections."""

from __future__ import annotations

import http.server
import socket
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Route:
    status: int = 200
    body: bytes = b""
    content_type: str | None = "text/html; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)
    # Seconds to wait before answering: longer than the read timeout makes a timeout.
    delay: float = 0.0
    # Send the body in pieces without a Content-Length, so only the streamed cap can stop it.
    stream_chunks: int = 0
    declare_length: bool = True


class _Handler(http.server.BaseHTTPRequestHandler):
    server: _CountingServer
    protocol_version = "HTTP/1.0"

    def do_GET(self) -> None:
        self.server.owner.requests.append((self.path, dict(self.headers.items())))
        route = self.server.owner.routes.get(self.path.split("?", 1)[0])
        if route is None:
            route = Route(status=404, body=b"not found", content_type="text/plain")
        if route.delay:
            time.sleep(route.delay)
        self.send_response(route.status)
        if route.content_type:
            self.send_header("Content-Type", route.content_type)
        for name, value in route.headers.items():
            self.send_header(name, value)
        if route.stream_chunks:
            self.end_headers()
            for _ in range(route.stream_chunks):
                self.wfile.write(route.body)
            return
        if route.declare_length:
            self.send_header("Content-Length", str(len(route.body)))
        self.end_headers()
        self.wfile.write(route.body)

    def log_message(self, format: str, *args: object) -> None:
        pass


class _CountingServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    # A handler still sleeping through a timeout test must not hold up the teardown.
    block_on_close = False
    owner: LocalServer

    def process_request(self, request, client_address):  # type: ignore[no-untyped-def]
        # One call per accepted TCP connection: the number the refusal tests hold at zero.
        with self.owner.lock:
            self.owner.connections += 1
        super().process_request(request, client_address)

    def handle_error(self, request, client_address):  # type: ignore[no-untyped-def]
        pass  # a client that timed out and hung up is expected here


class _CountingServer6(_CountingServer):
    address_family = socket.AF_INET6


class LocalServer:
    """An HTTP server on a loopback address with a route table and a connection count."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.routes: dict[str, Route] = {}
        self.requests: list[tuple[str, dict[str, str]]] = []
        self.connections = 0
        self.lock = threading.Lock()
        server_class = _CountingServer6 if ":" in host else _CountingServer
        self.httpd = server_class((host, port), _Handler)
        self.httpd.owner = self
        self.host = host
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    def wrap_tls(self, context: ssl.SSLContext) -> None:
        self.httpd.socket = context.wrap_socket(self.httpd.socket, server_side=True)

    def start(self) -> LocalServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def route(self, path: str, **kwargs: object) -> str:
        self.routes[path] = Route(**kwargs)  # type: ignore[arg-type]
        return self.url(path)

    def url(self, path: str = "/", host: str | None = None) -> str:
        name = host or (f"[{self.host}]" if ":" in self.host else self.host)
        return f"http://{name}:{self.port}{path}"


def start_server(host: str = "127.0.0.1", port: int = 0) -> LocalServer:
    return LocalServer(host, port).start()


def counting_resolver(answers: dict[str, list[list[str]]]) -> tuple[Callable, list[str]]:
    """A resolver giving each name its answers in turn (the last one repeats), and its log.

    It stands in for DNS, a boundary we do not own, so a test can play a name that resolves
    to a private address or changes its answer between two lookups.
    """
    calls: list[str] = []

    def resolve(host: str, port: int) -> list[str]:
        calls.append(host)
        sequence = answers.get(host)
        if not sequence:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        asked = calls.count(host)
        return sequence[min(asked, len(sequence)) - 1]

    return resolve, calls
