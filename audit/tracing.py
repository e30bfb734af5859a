"""Trace IDs: taken from the request or generated, kept in a context, sent with tasks, logged."""

import contextvars
import json
import logging
import re
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

from django.http import HttpRequest, HttpResponse

_trace_id: contextvars.ContextVar[str] = contextvars.ContextVar("trace_id", default="")

# Client-chosen IDs are kept if they are plain tokens; anything else is replaced.
_TOKEN = re.compile(r"^[A-Za-z0-9._:\-]{1,64}$")
# W3C traceparent: version-traceid-parentid-flags.
_TRACEPARENT = re.compile(r"^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$")


def new_trace_id() -> str:
    return uuid.uuid4().hex


def clean_trace_id(value: str | None) -> str | None:
    """Return value if it is an acceptable trace ID, else None."""
    if value and _TOKEN.match(value):
        return value
    return None


def trace_id_from_headers(meta: dict) -> str | None:
    explicit = clean_trace_id(meta.get("HTTP_X_TRACE_ID"))
    if explicit:
        return explicit
    match = _TRACEPARENT.match(meta.get("HTTP_TRACEPARENT", "").strip().lower())
    if match and match.group(1) != "0" * 32:
        return match.group(1)
    return None


def get_trace_id() -> str:
    return _trace_id.get()


def set_trace_id(value: str) -> None:
    _trace_id.set(value)


def trace_id_adopt(request: HttpRequest, value: str | None) -> str:
    """Adopt a trace ID a client sent in the request body; returns the request's trace ID.

    A valid value replaces the one the middleware set (and is echoed in X-Trace-Id); an absent
    one keeps it. An invalid one raises ValueError, for the view to answer with a 400.
    """
    if value in (None, ""):
        return request.trace_id  # type: ignore[attr-defined]
    cleaned = clean_trace_id(value)
    if cleaned is None:
        raise ValueError("trace_id must be 1-64 letters, digits, '.', '_', ':' or '-' characters.")
    request.trace_id = cleaned  # type: ignore[attr-defined]
    # A DRF Request wraps the Django request, which is the one the middleware echoes.
    django_request = getattr(request, "_request", None)
    if django_request is not None:
        django_request.trace_id = cleaned
    _trace_id.set(cleaned)
    return cleaned


@contextmanager
def trace_context(trace_id: str | None = None) -> Iterator[str]:
    """Run a block under one trace ID (a new one by default): for commands and scripts."""
    value = clean_trace_id(trace_id) if trace_id else new_trace_id()
    if value is None:
        raise ValueError(f"{trace_id!r} is not a trace ID.")
    token = _trace_id.set(value)
    try:
        yield value
    finally:
        _trace_id.reset(token)


class TraceIdMiddleware:
    """Sets request.trace_id (header, traceparent or new) and echoes it as X-Trace-Id."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        trace_id = trace_id_from_headers(request.META) or new_trace_id()
        request.trace_id = trace_id  # type: ignore[attr-defined]
        token = _trace_id.set(trace_id)
        try:
            response = self.get_response(request)
        finally:
            _trace_id.reset(token)
        # A view may adopt a trace ID from the body; it sets request.trace_id to it.
        response["X-Trace-Id"] = request.trace_id  # type: ignore[attr-defined]
        return response


class TraceIdLogFilter(logging.Filter):
    """Puts the current trace ID on every log record as record.trace_id."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not getattr(record, "trace_id", None):
            record.trace_id = _trace_id.get() or "-"
        return True


class JsonLogFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, trace_id, message (and the exception)."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, tz=UTC).isoformat(),
            "level": record.levelname,
            "logger": record.name,
            "trace_id": getattr(record, "trace_id", None) or _trace_id.get() or "-",
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


# Celery's own format, with the trace ID added: a worker configures its own logging and would
# otherwise print task log lines without it.
WORKER_LOG_FORMAT = "[%(asctime)s: %(levelname)s/%(processName)s] trace=%(trace_id)s %(message)s"


def add_trace_id_to_worker_logs(logger: logging.Logger | None = None, **_: object) -> None:
    """Celery after_setup_logger receiver: every handler gets the filter and the trace ID."""
    if logger is None:
        return
    from django.conf import settings

    json_lines = getattr(settings, "LOG_FORMAT", "plain") == "json"
    for handler in logger.handlers:
        if not any(isinstance(item, TraceIdLogFilter) for item in handler.filters):
            handler.addFilter(TraceIdLogFilter())
        handler.setFormatter(
            JsonLogFormatter() if json_lines else logging.Formatter(WORKER_LOG_FORMAT)
        )


def attach_trace_id_to_task(headers: dict | None = None, **_: object) -> None:
    """Celery before_task_publish receiver: carry the current trace ID in the task's headers."""
    trace_id = get_trace_id()
    if headers is not None and trace_id and "trace_id" not in headers:
        headers["trace_id"] = trace_id


def restore_trace_id_in_task(task: object = None, **_: object) -> None:
    """Celery task_prerun receiver: the task runs under the trace ID it was sent with."""
    request = getattr(task, "request", None)
    trace_id = getattr(request, "trace_id", None) if request is not None else None
    if trace_id is None and request is not None:
        trace_id = (getattr(request, "headers", None) or {}).get("trace_id")
    set_trace_id(trace_id or "")


def clear_trace_id_after_task(**_: object) -> None:
    """Celery task_postrun receiver."""
    set_trace_id("")
