"""Audit writes per second on PostgreSQL with 1, 2, 4 and 8 writer processes; what the chain costs.

Each writer appends events, one transaction each (as a request or a task would), for a fixed
time, each event under a trace of its own (as many submissions would be). "chained" is
audit_event_record with AUDIT_CHAINS=1: one advisory lock, head read, seq = head + 1, SHA-256
link. "chains" is the same with AUDIT_CHAINS=--chains (16 by default): traces spread over that
many chains, each with its own lock. "unchained" does the same Python work and inserts the same
rows into a copy of the table with no lock, no head read and a database sequence: the
difference is what serialising costs. "chained-batch" and "chains-batch" append 8 events a
transaction through audit_events_record, as detection does (claims extracted, a verdict per
claim, the score): one lock and one INSERT for the lot. Figures are events a second, with the
transactions a second beside them.

Uses a scratch database it creates and drops (audit_bench), never the test database. The
machine is shared, so each run records the load average just before it started.

    python bench/audit.py [--server postgres://postgres@127.0.0.1:5432] [--seconds 5]
        [--chains 16] [--writers 1,2,4,8] [--modes chained,chains,...] [--output FILE]

Writes bench/results/audit.json (or --output).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "audit.json"
DATABASE = "audit_bench"
WRITER_COUNTS = (1, 2, 4, 8)
MODES = ("chained", "chains", "unchained", "chained-batch", "chains-batch")
# A detection's transaction: claims extracted, one verdict per claim (six here), the score.
BATCH = 8


def _admin(server: str, statement: str) -> None:
    import psycopg

    with psycopg.connect(f"{server}/postgres", autocommit=True) as connection:
        connection.execute(statement)


def _writer(mode: str, seconds: float, ready: Path, go: Path) -> None:
    """One writer process: set up Django, wait for the start, write until time is up."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hallucination.settings")
    import django

    django.setup()
    from django.db import connection, models, transaction
    from django.utils import timezone

    from audit import events
    from audit.actors import Actor
    from audit.chain import GENESIS_HASH, canonical_payload, compute_hash
    from audit.models import chain_event_from_values
    from audit.services import AuditRecord, audit_event_record, audit_events_record

    class Unchained(models.Model):
        """The audit table's columns; seq comes from a database sequence. No lock, no head."""

        chain = models.PositiveSmallIntegerField(default=0)
        trace_id = models.CharField(max_length=64)
        event_type = models.CharField(max_length=50)
        actor_kind = models.CharField(max_length=10)
        actor_id = models.CharField(max_length=64)
        actor_name = models.CharField(max_length=200)
        subject_type = models.CharField(max_length=50)
        subject_id = models.CharField(max_length=64)
        payload = models.JSONField()
        created_at = models.DateTimeField()
        prev_hash = models.CharField(max_length=64)
        hash = models.CharField(max_length=64)

        class Meta:
            app_label = "audit"
            db_table = "audit_bench_unchained"
            managed = False

        def __str__(self) -> str:
            return self.hash

    actor = Actor.system(f"bench-{os.getpid()}")
    trace_prefix = f"bench-{mode}-{os.getpid()}"
    connection.ensure_connection()
    ready.touch()
    while not go.exists():
        time.sleep(0.005)
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds
    number = 0
    appended = 0
    while time.perf_counter() < deadline:
        payload = {"expression": f"{number} * 2", "result": str(number * 2), "claim": number}
        trace = f"{trace_prefix}-{number}"
        started = time.perf_counter()
        if mode.endswith("-batch"):
            audit_events_record(
                records=[
                    AuditRecord(
                        event_type=events.VERDICT_RECORDED,
                        actor=actor,
                        trace_id=trace,
                        subject_type="claim",
                        subject_id=f"{number}-{step}",
                        payload={**payload, "step": step},
                    )
                    for step in range(BATCH)
                ]
            )
            appended += BATCH
        elif mode != "unchained":
            appended += 1
            audit_event_record(
                event_type=events.CALCULATOR_USED,
                actor=actor,
                trace_id=trace,
                subject_type="calculator_output",
                subject_id=str(number),
                payload=payload,
            )
        else:
            values = {
                "trace_id": trace,
                "event_type": events.CALCULATOR_USED,
                "actor_kind": actor.kind,
                "actor_id": actor.id,
                "actor_name": actor.name,
                "subject_type": "calculator_output",
                "subject_id": str(number),
                "payload": canonical_payload(payload),
                "created_at": timezone.now(),
                "prev_hash": GENESIS_HASH,
            }
            with transaction.atomic():
                chain_event = chain_event_from_values(**values, seq=0, hash="")
                Unchained(**values, hash=compute_hash(chain_event)).save(force_insert=True)
            appended += 1
        latencies.append(time.perf_counter() - started)
        number += 1
    print(json.dumps({"count": appended, "transactions": number, "latencies": latencies}))


def _run(
    mode: str, writers: int, seconds: float, env: dict[str, str], scratch: Path, chains: int
) -> dict:
    env = {**env, "AUDIT_CHAINS": str(chains if mode.startswith("chains") else 1)}
    go = scratch / f"go-{mode}-{writers}"
    readies = [scratch / f"ready-{mode}-{writers}-{n}" for n in range(writers)]
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--writer",
                mode,
                "--seconds",
                str(seconds),
                "--ready",
                str(ready),
                "--go",
                str(go),
            ],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        for ready in readies
    ]
    while not all(ready.exists() for ready in readies):
        if any(process.poll() not in (None, 0) for process in processes):
            raise SystemExit(f"a {mode} writer failed to start")
        time.sleep(0.05)
    load = os.getloadavg()
    go.touch()
    outputs = [json.loads(process.communicate(timeout=seconds + 120)[0]) for process in processes]
    latencies = sorted(value for output in outputs for value in output["latencies"])
    total = sum(output["count"] for output in outputs)
    transactions = sum(output["transactions"] for output in outputs)
    return {
        "mode": mode,
        "chains": int(env["AUDIT_CHAINS"]),
        "writers": writers,
        "events": total,
        "seconds": seconds,
        "transactions": transactions,
        # Events appended a second; in the -batch modes each transaction appends BATCH.
        "writes_per_second": round(total / seconds, 1),
        "transactions_per_second": round(transactions / seconds, 1),
        "latency_ms": {
            "p50": round(statistics.median(latencies) * 1000, 2),
            "p95": round(latencies[int(len(latencies) * 0.95) - 1] * 1000, 2),
            "p99": round(latencies[int(len(latencies) * 0.99) - 1] * 1000, 2),
        },
        "load_average_1_5_15_before": [round(value, 2) for value in load],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs per configuration; the median is reported"
    )
    parser.add_argument("--chains", type=int, default=16, help="chains in the 'chains' mode")
    parser.add_argument(
        "--writers", default=",".join(map(str, WRITER_COUNTS)), help="writer counts to run"
    )
    parser.add_argument("--modes", default=",".join(MODES), help="modes to run")
    parser.add_argument("--output", type=Path, default=RESULTS, help="where to write the JSON")
    parser.add_argument("--writer", choices=MODES, help=argparse.SUPPRESS)
    parser.add_argument("--ready", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--go", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.writer:
        _writer(args.writer, args.seconds, args.ready, args.go)
        return

    writer_counts = tuple(int(value) for value in args.writers.split(","))
    modes = tuple(value for value in args.modes.split(",") if value)
    unknown = set(modes) - set(MODES)
    if unknown:
        parser.error(f"unknown modes: {', '.join(sorted(unknown))}")
    server = args.server.rstrip("/")
    env = {**os.environ, "DATABASE_URL": f"{server}/{DATABASE}"}
    env.pop("CELERY_BROKER_URL", None)
    _admin(server, f"DROP DATABASE IF EXISTS {DATABASE}")
    _admin(server, f"CREATE DATABASE {DATABASE}")
    try:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
        import psycopg

        with psycopg.connect(f"{server}/{DATABASE}", autocommit=True) as connection:
            connection.execute(
                "CREATE TABLE audit_bench_unchained (LIKE audit_auditevent INCLUDING ALL)"
            )
            connection.execute("CREATE SEQUENCE audit_bench_seq OWNED BY audit_bench_unchained.seq")
            connection.execute(
                "ALTER TABLE audit_bench_unchained ALTER seq SET DEFAULT nextval('audit_bench_seq')"
            )
            version = connection.execute("SHOW server_version").fetchone()[0]
            synchronous_commit = connection.execute("SHOW synchronous_commit").fetchone()[0]

        load_before = os.getloadavg()
        scratch = Path(os.environ.get("TMPDIR", "/tmp")) / f"audit-bench-{os.getpid()}"
        scratch.mkdir(parents=True, exist_ok=True)
        runs = []
        for attempt in range(args.repeat):
            # Modes alternate within each round so a busy moment hits both alike.
            for writers in writer_counts:
                for mode in modes:
                    result = _run(mode, writers, args.seconds, env, scratch, args.chains)
                    runs.append({**result, "round": attempt + 1})
                    print(
                        f"round {attempt + 1} {mode:13} {writers} writer(s): "
                        f"{result['writes_per_second']:8.1f} events/s "
                        f"({result['transactions_per_second']:.1f} transactions/s), "
                        f"p50 {result['latency_ms']['p50']} ms, "
                        f"p95 {result['latency_ms']['p95']} ms, "
                        f"load {result['load_average_1_5_15_before'][0]}"
                    )

        verified = subprocess.run(
            [sys.executable, "manage.py", "verify_audit", "--allow-unanchored"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        print(verified.stdout.splitlines()[0] if verified.stdout else verified.stderr)
        shutil.rmtree(scratch, ignore_errors=True)
    finally:
        _admin(server, f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")

    by_key = {
        (mode, writers): statistics.median(
            run["writes_per_second"]
            for run in runs
            if (run["mode"], run["writers"]) == (mode, writers)
        )
        for mode in modes
        for writers in writer_counts
    }
    summary: dict[str, dict[str, float]] = {}
    for writers in writer_counts:
        row = {mode: by_key[(mode, writers)] for mode in modes}
        if "unchained" in modes:
            for mode in [item for item in modes if item != "unchained"]:
                row[f"{mode}_share_of_unchained"] = round(row[mode] / row["unchained"], 2)
        summary[str(writers)] = row
    output = args.output.resolve()
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(
        json.dumps(
            {
                "benchmark": "audit writes per second on PostgreSQL",
                "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
                "machine": {
                    "cpus": os.cpu_count(),
                    "python": platform.python_version(),
                    "postgresql": version,
                    "synchronous_commit": synchronous_commit,
                    # The machine is shared: the load before the runs, for reading the figures.
                    "load_average_1_5_15": [round(value, 2) for value in load_before],
                    "load_average_1_5_15_after": [round(value, 2) for value in os.getloadavg()],
                },
                "chains_in_chains_modes": args.chains,
                "events_per_transaction_in_batch_modes": BATCH,
                "seconds_per_run": args.seconds,
                "rounds": args.repeat,
                "chain_verified_after_runs": verified.returncode == 0,
                "summary_median_writes_per_second": summary,
                "runs": runs,
            },
            indent=2,
        )
        + "\n"
    )
    print(f"Wrote {output}")


if __name__ == "__main__":
    main()
