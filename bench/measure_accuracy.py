"""How long measure_accuracy takes on the shipped corpus: writes bench/results/measure_accuracy.json.

Runs the real command in a fresh process against a throwaway SQLite database (migrated first,
not timed), three times, and records the wall time of each run with the corpus size and the
per-case detection latency the report itself gives.

Usage: .venv/bin/python bench/measure_accuracy.py
"""

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "measure_accuracy.json"
RUNS = 3


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{Path(folder) / 'bench.sqlite3'}",
            "DJANGO_SETTINGS_MODULE": "hallucination.settings",
        }
        env.pop("CELERY_BROKER_URL", None)
        manage = [sys.executable, str(ROOT / "manage.py")]
        subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env, check=True, cwd=ROOT)
        timings, report = [], {}
        for _ in range(RUNS):
            started = time.perf_counter()
            done = subprocess.run(
                [*manage, "measure_accuracy", "--format", "json"],
                env=env,
                cwd=ROOT,
                capture_output=True,
                text=True,
                check=True,
            )
            timings.append(time.perf_counter() - started)
            report = json.loads(done.stdout)
    result = {
        "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "version": report["version"],
        "corpus_paths": report["corpus_paths"],
        "cases": report["total_cases"],
        "claims": report["total_claims"],
        "runs": RUNS,
        "wall_seconds": [round(t, 3) for t in timings],
        "wall_seconds_median": round(statistics.median(timings), 3),
        "detection_latency_ms": report["latency_ms"],
        "f1": report["f1"],
        "false_positive_rate": report["false_positive_rate"],
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
