"""CPU per request of the web path, in one process: Django's WSGI handler with every middleware.

What a gunicorn worker spends on one `POST /api/v1/queries/` (or one batch), without gunicorn,
the network or the load generator in the figure, so a change to the web path can be compared
before and after on a busy machine: each round is timed with the process's own CPU clock
(`time.process_time`), and the best and median rounds are reported.

Starts what it needs on loopback: a scratch PostgreSQL database it creates and drops
(web_bench, or --database) and a redis-server of its own on a free port (broker and cache, as
in bench/load.py). No Celery worker runs: the detection messages are published and left.

    python bench/web.py [--server postgres://postgres@127.0.0.1:5432] [--requests 200]
                        [--rounds 9] [--batch-size 0] [--profile FILE] [--output FILE]

--batch-size N posts batches of N answers to POST /api/v1/queries/batch instead of single
submissions (the figures are then per answer as well as per request). --profile writes a
cProfile of one more round to FILE, timed by the CPU clock (read it with
`python -m pstats FILE`).
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import io
import json
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _admin(server: str, statement: str) -> None:
    import psycopg

    with psycopg.connect(f"{server}/postgres", autocommit=True) as connection:
        connection.execute(statement)


def _load_bench_payload():  # type: ignore[no-untyped-def]
    """bench/load.py's submission, so both benchmarks send the same body."""
    spec = importlib.util.spec_from_file_location("load_bench", ROOT / "bench" / "load.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.payload


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--database", default="web_bench")
    parser.add_argument("--requests", type=int, default=200, help="requests per round")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--batch-size", type=int, default=0, help="answers per batch request")
    parser.add_argument("--profile", help="write a cProfile of the last round here")
    parser.add_argument("--output", help="write the figures here as JSON")
    args = parser.parse_args()

    redis_port = _free_port()
    redis_command = ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1"]
    redis = subprocess.Popen(
        [*redis_command, "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL
    )
    _admin(args.server, f"DROP DATABASE IF EXISTS {args.database}")
    _admin(args.server, f"CREATE DATABASE {args.database}")
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "hallucination.settings",
            "DATABASE_URL": f"{args.server}/{args.database}",
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
        }
    )
    load_before = os.getloadavg()
    sys.path.insert(0, str(ROOT))
    static = Path(tempfile.mkdtemp(prefix="web-bench-static-"))
    os.environ["STATIC_ROOT"] = str(static)
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
        payload = _load_bench_payload()
        counter = iter(range(10_000_000))
        if args.batch_size:
            path = "/api/v1/queries/batch"

            def body() -> bytes:
                items = []
                for _ in range(args.batch_size):
                    n = next(counter)
                    items.append(payload(n) | {"idempotency_key": f"web-{n}"})
                return json.dumps({"items": items}).encode()

        else:
            path = "/api/v1/queries/"

            def body() -> bytes:
                return json.dumps(payload(next(counter))).encode()

        statuses: dict[str, int] = {}

        def start_response(status: str, headers: list) -> None:
            statuses[status] = statuses.get(status, 0) + 1

        def one_round(profile: cProfile.Profile | None = None) -> float:
            bodies = [body() for _ in range(args.requests)]
            started = time.process_time()
            if profile:
                profile.enable()
            for raw in bodies:
                response = application(_environ(path, raw, key), start_response)
                b"".join(response)
                response.close()
            if profile:
                profile.disable()
            return (time.process_time() - started) * 1000 / args.requests

        one_round()  # warm up: connections, caches, lazily built serializers
        rounds = [one_round() for _ in range(args.rounds)]
        if args.profile:
            # Timed by the CPU clock, so time spent waiting on PostgreSQL or Redis is left out.
            profile = cProfile.Profile(time.process_time)
            one_round(profile)
            profile.dump_stats(args.profile)
        if any(not status.startswith("20") for status in statuses):
            raise SystemExit(f"Some requests failed: {statuses}")
    finally:
        from django.db import connections

        connections.close_all()
        redis.terminate()
        redis.wait(timeout=10)
        _admin(args.server, f"DROP DATABASE IF EXISTS {args.database} WITH (FORCE)")
        shutil.rmtree(static, ignore_errors=True)

    per_answer = args.batch_size or 1
    report = {
        "benchmark": f"CPU per request of POST {path}, in-process (WSGI handler, all middleware)",
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
        "cpu_ms_per_request": {
            "best": round(min(rounds), 3),
            "median": round(statistics.median(rounds), 3),
            "all": [round(r, 3) for r in rounds],
        },
        "cpu_ms_per_answer": {
            "best": round(min(rounds) / per_answer, 3),
            "median": round(statistics.median(rounds) / per_answer, 3),
        },
    }
    print(json.dumps(report, indent=2))
    if args.output:
        Path(args.output).write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
