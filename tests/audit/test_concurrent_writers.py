"""Eight processes appending at once leave one chain: seq contiguous, every link valid."""

import os
import subprocess
import sys
import time
import uuid
from itertools import pairwise
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

from audit.models import AuditEvent
from audit.verification import verify_stored_chain

WRITERS = 8
EVENTS_EACH = 500
SCRIPT = Path(__file__).with_name("write_events.py")

# Starts real processes.
pytestmark = pytest.mark.integration


def _database_url() -> str:
    settings = connection.settings_dict
    credentials = quote(settings["USER"] or "", safe="")
    if settings["PASSWORD"]:
        credentials += ":" + quote(settings["PASSWORD"], safe="")
    return (
        f"postgres://{credentials}@{settings['HOST'] or '127.0.0.1'}:"
        f"{settings['PORT'] or 5432}/{settings['NAME']}"
    )


def run_writers(traces: list[str], tmp_path: Path, env: dict[str, str], events_each: int) -> None:
    """One write_events.py process per trace, started together once all are ready; fails
    with their output unless every one exits cleanly."""
    go = tmp_path / "go"
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                str(SCRIPT),
                *("--count", str(events_each), "--trace", trace),
                *("--ready", str(tmp_path / f"ready-{number}"), "--go", str(go)),
            ],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for number, trace in enumerate(traces)
    ]
    try:
        deadline = time.monotonic() + 120
        while not all((tmp_path / f"ready-{n}").exists() for n in range(len(traces))):
            assert time.monotonic() < deadline, "writers did not start"
            assert all(process.poll() is None for process in processes), _output(processes)
            time.sleep(0.05)
        go.touch()
        for process in processes:
            process.wait(timeout=240)
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
    assert all(process.returncode == 0 for process in processes), _output(processes)


@pytest.mark.django_db(transaction=True)
def test_eight_processes_writing_at_once_leave_one_unbroken_chain(tmp_path: Path) -> None:
    head_before = AuditEvent.objects.order_by("-seq").values_list("seq", flat=True).first() or 0
    run = uuid.uuid4().hex[:12]
    traces = [f"conc-{run}-{number}" for number in range(WRITERS)]
    env = {**os.environ, "DATABASE_URL": _database_url()}
    env.pop("CELERY_BROKER_URL", None)
    run_writers(traces, tmp_path, env, EVENTS_EACH)

    new = list(
        AuditEvent.objects.filter(seq__gt=head_before)
        .order_by("seq")
        .values_list("seq", "trace_id")
    )
    assert [seq for seq, _ in new] == list(range(head_before + 1, head_before + 4001))
    assert {trace for _, trace in new} == set(traces)
    for trace in traces:
        assert sum(1 for _, owner in new if owner == trace) == EVENTS_EACH
    # The writers really ran at the same time: their events interleave in the chain.
    switches = sum(1 for before, after in pairwise(new) if before[1] != after[1])
    assert switches > WRITERS

    report = verify_stored_chain(from_seq=max(1, head_before))
    assert report.ok, report.summary()
    assert report.head_seq == head_before + 4000


def _output(processes: list[subprocess.Popen]) -> str:
    return "\n".join(
        process.stderr.read() if process.stderr and process.poll() is not None else ""
        for process in processes
    )
