"""Liveness and readiness endpoints for load balancers, and what a request gets when the
database is down."""

import logging
import sys

from django.conf import settings
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
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
    """Ready to take traffic while the database answers: 200 `ok`, or 200 `degraded` when only
    the broker is down (submissions are still saved and the sweeper enqueues them later);
    503 `unavailable` when the database is down, since then nothing can be served."""
    database_ok, database_detail = _database_ok()
    broker_ok, broker_detail = _broker_ok()
    if not database_ok:
        state = "unavailable"
    elif not broker_ok:
        state = "degraded"
    else:
        state = "ok"
    return JsonResponse(
        {"status": state, "database": database_detail, "broker": broker_detail},
        status=503 if state == "unavailable" else 200,
    )


logger = logging.getLogger(__name__)


def _wants_json(request: HttpRequest) -> bool:
    return request.path.startswith("/api/") or "json" in request.headers.get("Accept", "")


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: a lost database is a 503 with Retry-After (JSON for API clients, a plain
    page for browsers); anything else is a 500, JSON or the app's 500 page. Neither touches
    the database or the session, which may be what failed: the pages are rendered without
    the request (no user, no context processors)."""
    exc = sys.exc_info()[1]
    database_down = isinstance(exc, OperationalError | InterfaceError)
    trace_id = getattr(request, "trace_id", None)
    if database_down:
        logger.error("Database unavailable: %s", exc)
        code, error = 503, "service_unavailable"
        detail = "The database is unavailable; nothing was saved. Try again shortly."
    else:
        code, error = 500, "server_error"
        detail = "An unexpected error occurred; it has been logged."
    if _wants_json(request):
        response: HttpResponse = JsonResponse(
            {"error": error, "detail": detail, "trace_id": trace_id}, status=code
        )
    else:
        template = loader.get_template("503.html" if database_down else "500.html")
        response = HttpResponse(
            template.render({"detail": detail, "trace_id": trace_id}), status=code
        )
    if database_down:
        response["Retry-After"] = str(settings.DATABASE_RETRY_AFTER_SECONDS)
    return response
