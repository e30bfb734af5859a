"""The embedded SQLite default has the same guards: UPDATE and DELETE fail, writers serialise.

Runs the project's own migrate, writers and verify_audit in subprocesses against a fresh
SQLite file, so the SQLite triggers and the SQLite path of the writer are the real ones.
"""

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("write_events.py")

# Starts real processes.
pytestmark = pytest.mark.integration


def _env(database: Path) -> dict[str, str]:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "TESTING": "1"}
    env.pop("CELERY_BROKER_URL", None)
    return env


@pytest.fixture(scope="module")
def sqlite_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A migrated SQLite database with 2 x 40 events written by two processes at once."""
    directory = tmp_path_factory.mktemp("sqlite-audit")
    database = directory / "db.sqlite3"
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=_env(database),
        check=True,
        capture_output=True,
        timeout=180,
    )
    go = directory / "go"
    writers = [
        subprocess.Popen(
            [
                sys.executable,
                str(SCRIPT),
                "--count",
                "40",
                "--trace",
                f"sqlite-{number}",
                "--ready",
                str(directory / f"ready-{number}"),
                "--go",
                str(go),
            ],
            env=_env(database),
            stderr=subprocess.PIPE,
            text=True,
        )
        for number in range(2)
    ]
    deadline = time.monotonic() + 60
    while not all((directory / f"ready-{n}").exists() for n in range(2)):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    go.touch()
    for writer in writers:
        writer.wait(timeout=120)
        assert writer.returncode == 0, writer.stderr.read() if writer.stderr else ""
    return database


def _connect(database: Path) -> sqlite3.Connection:
    return sqlite3.connect(database, isolation_level=None)


def test_two_sqlite_writers_leave_one_verified_chain(sqlite_database: Path) -> None:
    with _connect(sqlite_database) as db:
        seqs = [row[0] for row in db.execute("SELECT seq FROM audit_auditevent ORDER BY seq")]
    assert seqs == list(range(1, 81))
    result = subprocess.run(
        [sys.executable, "manage.py", "verify_audit", "--allow-unanchored"],
        cwd=ROOT,
        env=_env(sqlite_database),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK: 80 events verified (#1..#80)" in result.stdout


def test_a_raw_update_fails_on_sqlite(sqlite_database: Path) -> None:
    with _connect(sqlite_database) as db, pytest.raises(sqlite3.IntegrityError, match="UPDATE"):
        db.execute("UPDATE audit_auditevent SET payload = '{}' WHERE seq = 3")


def test_a_raw_delete_fails_on_sqlite(sqlite_database: Path) -> None:
    with _connect(sqlite_database) as db:
        with pytest.raises(sqlite3.IntegrityError, match="DELETE"):
            db.execute("DELETE FROM audit_auditevent WHERE seq = 3")
        # SQLite has no TRUNCATE; its stand-in, DELETE without WHERE, is refused too.
        with pytest.raises(sqlite3.IntegrityError, match="DELETE"):
            db.execute("DELETE FROM audit_auditevent")
        assert db.execute("SELECT COUNT(*) FROM audit_auditevent").fetchone()[0] == 80


def test_an_insert_that_does_not_extend_the_head_fails_on_sqlite(sqlite_database: Path) -> None:
    with _connect(sqlite_database) as db, pytest.raises(sqlite3.IntegrityError, match="extend"):
        db.execute(
            "INSERT INTO audit_auditevent (seq, trace_id, event_type, actor_kind, actor_id, "
            "actor_name, subject_type, subject_id, payload, created_at, prev_hash, hash) "
            "VALUES (90, 't', 'x.y', 'system', '', 'n', '', '', '{}', '2026-01-01', ?, ?)",
            ["0" * 64, "e" * 64],
        )


def test_several_chains_on_sqlite_each_extend_their_own_head(tmp_path: Path) -> None:
    database = tmp_path / "chains.sqlite3"
    env = {**_env(database), "AUDIT_CHAINS": "3"}
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        timeout=180,
    )
    go = tmp_path / "go"
    go.touch()
    for number in range(3):
        subprocess.run(
            [
                sys.executable,
                str(SCRIPT),
                *("--count", "5", "--trace", f"sqlite-chains-{number}"),
                *("--ready", str(tmp_path / f"ready-{number}"), "--go", str(go)),
            ],
            env=env,
            check=True,
            capture_output=True,
            timeout=120,
        )
    result = subprocess.run(
        [sys.executable, "manage.py", "verify_audit", "--allow-unanchored"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    with _connect(database) as db:
        chains = [row[0] for row in db.execute("SELECT DISTINCT chain FROM audit_auditevent")]
        assert len(chains) >= 2, "three traces all landed in one chain; pick other names"
        assert "OK: 15 events verified in" in result.stdout
        # A new chain's first event must start from that chain's genesis, not chain 0's.
        with pytest.raises(sqlite3.IntegrityError, match="extend"):
            db.execute(
                "INSERT INTO audit_auditevent (chain, seq, trace_id, event_type, actor_kind, "
                "actor_id, actor_name, subject_type, subject_id, payload, created_at, "
                "prev_hash, hash) VALUES (7, 1, 't', 'x.y', 'system', '', 'n', '', '', '{}', "
                "'2026-01-01', ?, ?)",
                ["0" * 64, "e" * 64],
            )
        # The update and delete guards survived the table rebuild of migration 0003.
        with pytest.raises(sqlite3.IntegrityError, match="UPDATE"):
            db.execute("UPDATE audit_auditevent SET payload = '{}'")
