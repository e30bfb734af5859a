"""`check --deploy` with the project's own checks (issue 16, expected): production settings
are clean at --fail-level WARNING, and each check fires on its bad setting."""

import os
import subprocess
import sys

import pytest
from django.db import connection

from tests.hallucination.test_settings import PRODUCTION, ROOT


def _check(overrides: dict, *extra: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HALLUCINATION_", "DEBUG"))}
    env.update({**PRODUCTION, **overrides})
    env = {k: v for k, v in env.items() if v is not None}
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING", *extra],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_settings_are_clean():
    result = _check({})

    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("overrides", "check_id"),
    [
        ({"ALLOWED_HOSTS": "review.example.com,*"}, "hallucination.W001"),
        ({"WEBHOOK_SIGNING_SECRET": None}, "hallucination.W002"),
        ({"METRICS_ALLOWED_NETWORKS": "0.0.0.0/0"}, "hallucination.W003"),
        ({"METRICS_TRUSTED_PROXIES": "0.0.0.0/0"}, "hallucination.W003"),
        ({"CACHE_URL": None}, "hallucination.W004"),
        ({"CACHE_URL": "locmemcache://"}, "hallucination.W004"),
    ],
)
def test_each_check_fires_on_its_bad_setting(overrides, check_id):
    result = _check(overrides)

    assert result.returncode != 0
    assert check_id in result.stderr


def _database_url(user: str) -> str:
    s = connection.settings_dict
    return f"postgres://{user}@{s.get('HOST') or '127.0.0.1'}:{s.get('PORT') or 5432}/{s['NAME']}"


def test_the_audit_table_owned_by_the_applications_role_fires(db):
    result = _check({"DATABASE_URL": _database_url("postgres")}, "--database", "default")

    assert "hallucination.W005" in result.stderr


def test_an_application_role_that_does_not_own_the_audit_table_is_clean(db):
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = 'review_app'")
        if not cursor.fetchone():
            cursor.execute("CREATE ROLE review_app LOGIN")
        cursor.execute("GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO review_app")

    result = _check({"DATABASE_URL": _database_url("review_app")}, "--database", "default")

    assert "hallucination.W005" not in result.stderr, result.stderr
    assert result.returncode == 0, result.stdout + result.stderr
