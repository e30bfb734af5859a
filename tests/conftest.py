"""Shared test set-up: real services required, the audit table kept out of flushes, the cast."""

import os
import socket
from urllib.parse import urlparse

import pytest


def _reachable(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection(
            (parsed.hostname or "127.0.0.1", parsed.port or default_port), 2
        ):
            return True
    except OSError:
        return False


def pytest_sessionstart(session: pytest.Session) -> None:
    # The README's test command sets REQUIRE_SERVICES=1: a missing PostgreSQL or Redis is a
    # failure of the run, never a reason to skip.
    if os.environ.get("REQUIRE_SERVICES") != "1":
        return
    database_url = os.environ.get("DATABASE_URL", "")
    redis_url = os.environ.get("TEST_REDIS_URL", "")
    problems = []
    if not database_url.startswith("postgres"):
        problems.append(f"DATABASE_URL must point at PostgreSQL (got {database_url!r})")
    elif not _reachable(database_url, 5432):
        problems.append(f"PostgreSQL is not reachable at {database_url}")
    if not redis_url.startswith("redis"):
        problems.append(f"TEST_REDIS_URL must point at Redis (got {redis_url!r})")
    elif not _reachable(redis_url, 6379):
        problems.append(f"Redis is not reachable at {redis_url}")
    if problems:
        pytest.exit("Required services missing: " + "; ".join(problems), returncode=3)


@pytest.fixture(autouse=True, scope="session")
def _keep_audit_table_out_of_flushes() -> None:
    """TransactionTestCase empties tables with TRUNCATE, which the audit triggers refuse.

    Leave the audit table out of the flush instead: its rows accumulate across tests, which
    the audit tests allow for (they look at their own trace IDs and at chain continuity).
    This touches the test harness only; the triggers have no switch.
    """
    from django.db.backends.postgresql.base import DatabaseWrapper as PostgresWrapper
    from django.db.backends.sqlite3.base import DatabaseWrapper as SqliteWrapper

    patched = []
    for ops_class in (PostgresWrapper.ops_class, SqliteWrapper.ops_class):
        original = ops_class.sql_flush

        def sql_flush(
            self, style, tables, *, reset_sequences=False, allow_cascade=False, _original=original
        ):  # type: ignore[no-untyped-def]
            kept = [table for table in tables if table != "audit_auditevent"]
            return _original(
                self, style, kept, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )

        ops_class.sql_flush = sql_flush
        patched.append((ops_class, original))
    yield
    for ops_class, original in patched:
        ops_class.sql_flush = original


@pytest.fixture(autouse=True)
def _test_wide_settings(settings, tmp_path_factory) -> None:  # type: ignore[no-untyped-def]
    """Two settings every test shares.

    The cast's API keys may submit at every stakes (the production default withholds `audit`;
    tests/security/test_stakes_and_notices.py checks it). Checkpoints go to a folder of this
    test's own, so no test finds another run's files in the checkpoint store.
    """
    settings.API_KEY_DEFAULT_STAKES = ["standard", "high", "audit"]
    storages = {**settings.STORAGES}
    storages["audit_checkpoints"] = {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": str(tmp_path_factory.mktemp("checkpoints"))},
    }
    settings.STORAGES = storages
