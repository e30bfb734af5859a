"""Liveness and readiness endpoints for load balancers."""

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from ..celery import app


@require_GET
@never_cache
def live(request: HttpRequest) -> JsonResponse:
    """The process is up and serving requests."""
    return JsonResponse({"status": "ok"})


def _database_ok() -> tuple[bool, str]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return True, "ok"
    except Exception as exc:  # any failure means not ready; say which
        return False, f"{type(exc).__name__}: {exc}"[:200]


def _broker_ok() -> tuple[bool, str]:
    if not settings.CELERY_BROKER_URL:
        return True, "in-process (no broker configured)"
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
        return True, "ok"
    except Exception as exc:
        return False, f"{type(exc).__name__}: {exc}"[:200]


@require_GET
@never_cache
def ready(request: HttpRequest) -> JsonResponse:
    """Ready to take traffic: the database answers and the broker (if any) accepts connections."""
    database_ok, database_detail = _database_ok()
    broker_ok, broker_detail = _broker_ok()
    ok = database_ok and broker_ok
    return JsonResponse(
        {
            "status": "ok" if ok else "unavailable",
            "database": database_detail,
            "broker": broker_detail,
        },
        status=200 if ok else 503,
    )
