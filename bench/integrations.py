"""What a /metrics scrape and a streamed export cost as the tables grow.

Fills a scratch database (integrations_bench, created and dropped here, never the test
database) with finished queries of 5 claims each at several sizes, then measures:

- the wall time of one /metrics exposition (every series is counted by the database);
- streaming the claims export as CSV: rows a second and the peak Python allocation
  (tracemalloc), against the allocation of loading the same rows at once.

    python bench/integrations.py [--server postgres://postgres@127.0.0.1:5432]
        [--sizes 2000,20000,100000]

Writes bench/results/integrations.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
import tracemalloc
import uuid
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "integrations.json"
DATABASE = "integrations_bench"
CLAIMS_PER_QUERY = 5


def _admin(server: str, statement: str) -> None:
    import psycopg

    with psycopg.connect(f"{server}/postgres", autocommit=True) as connection:
        connection.execute(statement)


def _fill(target_queries: int) -> None:
    """Add finished queries (and their claims) until the table holds target_queries."""
    from django.utils import timezone

    from hallucination.models import ApiClient, Claim, Query

    client, _ = ApiClient.objects.get_or_create(name="bench")
    have = Query.objects.count()
    outcomes = ["grounded", "grounded", "grounded", "derived", "fabrication"]
    now = timezone.now()
    while have < target_queries:
        batch = min(5000, target_queries - have)
        queries = Query.objects.bulk_create(
            Query(
                trace_id=uuid.uuid4().hex,
                client=client,
                answer="Revenue was $1.9 billion, up 14.8%, and EPS was $0.81.",
                status=Query.Status.DONE,
                total_claims=CLAIMS_PER_QUERY,
                grounded_count=4,
                ungrounded_count=1,
                grounding_rate=Decimal("0.8"),
                flagged=True,
                detection_ms=1.5,
                finished_at=now,
            )
            for _ in range(batch)
        )
        Claim.objects.bulk_create(
            Claim(
                query=query,
                position=position,
                kind="currency",
                text="$1.9 billion",
                start=12,
                end=24,
                value=Decimal("1900000000"),
                unit="USD",
                label="revenue",
                outcome=outcomes[position],
                grounded=outcomes[position] != "fabrication",
            )
            for query in queries
            for position in range(CLAIMS_PER_QUERY)
        )
        have += batch


def _scrape_seconds(rounds: int = 5) -> float:
    from prometheus_client import generate_latest

    from hallucination.operations.metrics import metrics_registry

    timings = []
    for _ in range(rounds):
        started = time.perf_counter()
        generate_latest(metrics_registry())
        timings.append(time.perf_counter() - started)
    return statistics.median(timings)


def _export() -> dict:
    from hallucination.operations.exports import ENTITIES, export_lines, export_queryset

    rows = export_queryset(entity="claims", params={})
    size = lines = 0
    tracemalloc.start()
    started = time.perf_counter()
    for line in export_lines(entity="claims", rows=rows, export_format="csv"):
        size += len(line)
        lines += 1
    elapsed = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    lookups = [lookup for _, lookup in ENTITIES["claims"].columns]
    tracemalloc.start()
    loaded = len(list(export_queryset(entity="claims", params={}).values(*lookups)))
    _, loaded_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "rows": lines - 1,
        "bytes": size,
        "seconds": round(elapsed, 3),
        "rows_per_second": round((lines - 1) / elapsed),
        "peak_bytes_streamed": peak,
        "peak_bytes_loading_all": loaded_peak,
        "loaded_rows": loaded,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--sizes", default="2000,20000,100000")
    args = parser.parse_args()
    sizes = sorted(int(size) for size in args.sizes.split(","))

    _admin(args.server, f"DROP DATABASE IF EXISTS {DATABASE}")
    _admin(args.server, f"CREATE DATABASE {DATABASE}")
    os.environ["DATABASE_URL"] = f"{args.server}/{DATABASE}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hallucination.settings")
    os.environ.pop("CELERY_BROKER_URL", None)
    sys.path.insert(0, str(ROOT))
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection

        call_command("migrate", verbosity=0)
        runs = []
        for size in sizes:
            _fill(size)
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
            run = {
                "queries": size,
                "claims": size * CLAIMS_PER_QUERY,
                "scrape_seconds_median_of_5": round(_scrape_seconds(), 4),
                "export_claims_csv": _export(),
            }
            print(json.dumps(run))
            runs.append(run)
        connection.close()
    finally:
        _admin(args.server, f"DROP DATABASE IF EXISTS {DATABASE}")

    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(
        json.dumps(
            {
                "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
                "machine": {
                    "python": platform.python_version(),
                    "cpus": os.cpu_count(),
                    "platform": platform.platform(),
                },
                "runs": runs,
            },
            indent=2,
        )
        + "\n"
    )
    print(f"Wrote {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
