"""CPU per request of the web path, in one process: Django's WSGI handler with every middleware.

What a gunicorn worker spends on one `POST /api/v1/queries/` (or one batch), without gunicorn,
the network or the load generator in the figure, so a change to the web path can be compared
before and after on a busy machine: each round of requests is timed with the serving
process's own CPU clock (`time.process_time`).

Each tree is served by a process of its own, with what it needs on loopback: a scratch
PostgreSQL database it creates and drops (web_bench, or --database) and a redis-server of its
own on a free port (broker and cache, as in bench/load.py). No Celery worker runs: the
detection messages are published and left in Redis.

    python bench/web.py [--server postgres://postgres@127.0.0.1:5432] [--requests 200]
                        [--rounds 9] [--batch-size 0] [--against TREE] [--profile FILE]
                        [--output FILE]

--against TREE compares this tree with another checkout (a `git worktree add` of main, say):
both are served at once, rounds alternate between them, and the report gives each one's
median and the median of the paired differences (this tree less the other), which the
machine's other jobs disturb far less than two runs made one after the other.
--batch-size N posts batches of N answers to POST /api/v1/queries/batch instead of single
submissions. --profile writes a cProfile of one more round of this tree to FILE, timed by
the CPU clock (read it with `python -m pstats FILE`).
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"


def _load_bench():  # type: ignore[no-untyped-def]
    """bench/load.py as a module: its submission, so both benchmarks send the same body, and
    its helpers for ports and scratch databases."""
    spec = importlib.util.spec_from_file_location("load_bench", ROOT / "bench" / "load.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_LOAD = _load_bench()
_free_port = _LOAD._free_port
_admin = _LOAD._admin


def _environ(path: str, body: bytes, key: str) -> dict:
    """A WSGI environ as gunicorn builds it for a JSON POST from 127.0.0.1."""
    return {
        "REQUEST_METHOD": "POST",
        "SCRIPT_NAME": "",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "REMOTE_PORT": "40000",
        "HTTP_HOST": "127.0.0.1",
        "HTTP_AUTHORIZATION": f"Api-Key {key}",
        "HTTP_ACCEPT": "*/*",
        "HTTP_USER_AGENT": "bench-web",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }


def serve(tree: Path, server: str, database: str, batch_size: int) -> None:
    """Serve the tree at `tree`: set it up, then time a round of requests for each line read
    ("N", or "profile N FILE"), answering with one JSON line; an empty line ends it."""
    redis_port = _free_port()
    redis_command = ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1"]
    redis = subprocess.Popen(
        [*redis_command, "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL
    )
    _admin(server, f"DROP DATABASE IF EXISTS {database}")
    _admin(server, f"CREATE DATABASE {database}")
    static = Path(tempfile.mkdtemp(prefix="web-bench-static-"))
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "hallucination.settings",
            "DATABASE_URL": f"{server}/{database}",
            "DATABASE_CONN_MAX_AGE": "60",
            "CELERY_BROKER_URL": f"redis://127.0.0.1:{redis_port}/0",
            "CACHE_URL": f"rediscache://127.0.0.1:{redis_port}/1",
            "DEBUG": "false",
            "SECRET_KEY": "web-bench-" + "k" * 50,
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "false",
            "SECURE_HSTS_SECONDS": "0",
            "LOG_LEVEL": "WARNING",
            "API_THROTTLE_RATE": "1000000/min",
            "AUDIT_CHECKPOINT_KEY": "web-bench-checkpoint-" + "c" * 40,
            "STATIC_ROOT": str(static),
        }
    )
    os.chdir(tree)
    sys.path.insert(0, str(tree))
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.core.wsgi import get_wsgi_application

        call_command("migrate", "--noinput", verbosity=0)
        from audit.actors import Actor
        from hallucination.services import api_client_key_create

        _, key = api_client_key_create(client_name="web-bench", actor=Actor.system("bench"))
        application = get_wsgi_application()
        payload = _LOAD.payload
        counter = iter(range(10_000_000))
        path = "/api/v1/queries/batch" if batch_size else "/api/v1/queries/"

        def body() -> bytes:
            if not batch_size:
                return json.dumps(payload(next(counter))).encode()
            items = []
            for _ in range(batch_size):
                n = next(counter)
                items.append(payload(n) | {"idempotency_key": f"web-{n}"})
            return json.dumps({"items": items}).encode()

        failed: dict[str, int] = {}

        def start_response(status: str, headers: list) -> None:
            if not status.startswith("20"):
                failed[status] = failed.get(status, 0) + 1

        def one_round(requests: int, profile_to: str | None = None) -> float:
            import cProfile

            bodies = [body() for _ in range(requests)]
            # Timed by the CPU clock, so time spent waiting on PostgreSQL or Redis is left out.
            profile = cProfile.Profile(time.process_time) if profile_to else None
            started = time.process_time()
            if profile:
                profile.enable()
            for raw in bodies:
                response = application(_environ(path, raw, key), start_response)
                b"".join(response)
                response.close()
            if profile:
                profile.disable()
                profile.dump_stats(profile_to)
            return (time.process_time() - started) * 1000 / requests

        one_round(50)  # warm up: connections, caches, lazily built serializers
        print("ready", flush=True)
        for line in sys.stdin:
            words = line.split()
            if not words:
                break
            profile_to = words[2] if words[0] == "profile" else None
            ms = one_round(int(words[1] if profile_to else words[0]), profile_to)
            print(json.dumps({"ms": ms, "failed": failed}), flush=True)
    finally:
        from django.db import connections

        connections.close_all()
        redis.terminate()
        redis.wait(timeout=10)
        _admin(server, f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
        shutil.rmtree(static, ignore_errors=True)


class Served:
    """A tree served by a child process, one round of requests at a time."""

    def __init__(self, tree: Path, args: argparse.Namespace, database: str) -> None:
        self.tree = tree
        script = str(Path(__file__).resolve())
        options = ["--server", args.server, "--database", database]
        options += ["--batch-size", str(args.batch_size)]
        self.process = subprocess.Popen(
            [sys.executable, script, "--serve", str(tree), *options],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        if self._line() != "ready":
            raise SystemExit(f"{tree} could not be served")

    def _line(self) -> str:
        return self.process.stdout.readline().strip()

    def round(self, requests: int, profile_to: str | None = None) -> float:
        command = f"profile {requests} {profile_to}" if profile_to else str(requests)
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        answer = json.loads(self._line())
        if answer["failed"]:
            raise SystemExit(f"{self.tree}: some requests failed: {answer['failed']}")
        return answer["ms"]

    def stop(self) -> None:
        self.process.stdin.write("\n")
        self.process.stdin.flush()
        self.process.wait(timeout=60)


def _figures(rounds: list[float], per_answer: int) -> dict:
    return {
        "median": round(statistics.median(rounds), 3),
        "best": round(min(rounds), 3),
        "median_per_answer": round(statistics.median(rounds) / per_answer, 4),
        "all": [round(r, 3) for r in rounds],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--database", default="web_bench")
    parser.add_argument("--requests", type=int, default=200, help="requests per round")
    parser.add_argument("--rounds", type=int, default=9, help="rounds (of each tree)")
    parser.add_argument("--batch-size", type=int, default=0, help="answers per batch request")
    parser.add_argument("--against", help="another checkout to compare this tree with")
    parser.add_argument("--profile", help="write a cProfile of one more round here")
    parser.add_argument("--output", help="write the figures here as JSON")
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(Path(args.serve), args.server, args.database, args.batch_size)
        return

    load_before = os.getloadavg()
    trees = {"this": ROOT}
    if args.against:
        trees["against"] = Path(args.against).resolve()
    served = {name: Served(tree, args, f"{args.database}_{name}") for name, tree in trees.items()}
    rounds: dict[str, list[float]] = {name: [] for name in served}
    try:
        for n in range(args.rounds):
            # Alternate which tree goes first, so neither always follows the other.
            order = list(served) if n % 2 == 0 else list(reversed(served))
            for name in order:
                rounds[name].append(served[name].round(args.requests))
        if args.profile:
            served["this"].round(args.requests, str(Path(args.profile).resolve()))
    finally:
        for each in served.values():
            each.stop()

    per_answer = args.batch_size or 1
    report = {
        "benchmark": "CPU per request of POST "
        + ("/api/v1/queries/batch" if args.batch_size else "/api/v1/queries/")
        + ", in-process (Django's WSGI handler, every middleware), PostgreSQL and Redis",
        "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "load_average_before": [round(x, 2) for x in load_before],
            "load_average_after": [round(x, 2) for x in os.getloadavg()],
        },
        "requests_per_round": args.requests,
        "rounds": args.rounds,
        "batch_size": args.batch_size or None,
        "cpu_ms_per_request": {name: _figures(r, per_answer) for name, r in rounds.items()},
    }
    if args.against:
        differences = [a - b for a, b in zip(rounds["this"], rounds["against"], strict=True)]
        quartiles = statistics.quantiles(differences, n=4)
        report["against"] = str(trees["against"])
        report["paired_difference_ms"] = {
            "median": round(statistics.median(differences), 3),
            "quartiles": [round(quartiles[0], 3), round(quartiles[2], 3)],
            "note": "this tree less the other, round by round; negative is cheaper",
        }
    print(json.dumps(report, indent=2))
    if args.output:
        Path(args.output).write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
