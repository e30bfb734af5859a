"""settings.py switches to these backends when the URLs name PostgreSQL and Redis, and keeps
Django's own (SQLite, local memory, no broker) otherwise."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SHOW = (
    "import json; from django.conf import settings as s; print(json.dumps(["
    "s.DATABASES['default']['ENGINE'], s.CACHES['default']['BACKEND'],"
    " getattr(s, 'CELERY_BROKER_TRANSPORT', None)]))"
)


def _backends(env_overrides: dict) -> list:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "CACHE_URL", "CELERY_BROKER_URL")
    }
    env.update(env_overrides)
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", SHOW],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_postgresql_and_redis_urls_get_these_backends():
    assert _backends(
        {
            "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/any",
            "CACHE_URL": "redis://127.0.0.1:6379/1",
            "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
        }
    ) == [
        "hallucination.backends.postgresql",
        "hallucination.backends.cache.RedisCache",
        "hallucination.backends.broker:Transport",
    ]


def test_the_embedded_default_keeps_django_s_own():
    assert _backends({}) == [
        "django.db.backends.sqlite3",
        "django.core.cache.backends.locmem.LocMemCache",
        None,
    ]
