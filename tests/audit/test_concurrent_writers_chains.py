"""Eight processes appending at once over four chains: each chain contiguous, every link valid.

Runs in a scratch database of its own, migrated for the test and dropped after it: the events
it commits would otherwise stay in the reused test database's chains 1-3.
"""

import os
import subprocess
import sys
import uuid
from itertools import pairwise
from pathlib import Path

import psycopg
import pytest

from audit.chain import chain_for_trace, genesis_hash

from .test_concurrent_writers import _database_url, run_writers

ROOT = Path(__file__).resolve().parents[2]
CHAINS = 4
WRITERS = 8
EVENTS_EACH = 300

# Starts real processes.
pytestmark = pytest.mark.integration


def _traces(run: str) -> list[str]:
    """Two writers' traces per chain, so writers contend within a chain and run across chains."""
    traces: list[str] = []
    counts = dict.fromkeys(range(CHAINS), 0)
    number = 0
    while len(traces) < WRITERS:
        candidate = f"chains-{run}-{number}"
        chain = chain_for_trace(candidate, CHAINS)
        if counts[chain] < WRITERS // CHAINS:
            counts[chain] += 1
            traces.append(candidate)
        number += 1
    return traces


@pytest.fixture
def scratch_database():  # type: ignore[no-untyped-def]
    base = _database_url()
    server, _ = base.rsplit("/", 1)
    name = "test_audit_chains_" + uuid.uuid4().hex[:8]
    with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    url = f"{server}/{name}"
    try:
        yield url
    finally:
        with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.mark.django_db
def test_eight_processes_over_four_chains_leave_four_unbroken_chains(  # type: ignore[no-untyped-def]
    scratch_database, tmp_path: Path
) -> None:
    env = {**os.environ, "DATABASE_URL": scratch_database, "AUDIT_CHAINS": str(CHAINS)}
    env.pop("CELERY_BROKER_URL", None)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=300,
    )
    traces = _traces(uuid.uuid4().hex[:8])
    run_writers(traces, tmp_path, env, EVENTS_EACH)

    with psycopg.connect(scratch_database) as db:
        rows = db.execute(
            "SELECT chain, seq, trace_id, prev_hash FROM audit_auditevent ORDER BY chain, seq"
        ).fetchall()
    per_chain = WRITERS // CHAINS * EVENTS_EACH
    for chain in range(CHAINS):
        own = [row for row in rows if row[0] == chain]
        assert [row[1] for row in own] == list(range(1, per_chain + 1))
        assert own[0][3] == genesis_hash(chain)
        assert {row[2] for row in own} == {t for t in traces if chain_for_trace(t, CHAINS) == chain}
        # The chain's two writers really ran at the same time: their events interleave.
        assert sum(1 for before, after in pairwise(own) if before[2] != after[2]) > 2

    result = subprocess.run(
        [sys.executable, "manage.py", "verify_audit", "--allow-unanchored"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"OK: {WRITERS * EVENTS_EACH} events verified in {CHAINS} chains" in result.stdout
