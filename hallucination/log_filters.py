"""Logging helpers: the trace ID of a finished request, and JSON lines in workers too."""

import logging


class RequestTraceIdFilter(logging.Filter):
    """Django logs a request's 404 or 500 after the middleware chain has returned, when the
    trace context is already reset; such records carry the request, and its trace ID."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        trace_id = getattr(request, "trace_id", None)
        if trace_id and getattr(record, "trace_id", "-") in (None, "", "-"):
            record.trace_id = trace_id
        return True


def json_formatter() -> logging.Formatter:
    """The JSON formatter LOGGING configures (python-json-logger), built from the same entry."""
    from django.conf import settings
    from django.utils.module_loading import import_string

    options = dict(settings.LOGGING["formatters"]["json"])
    factory = import_string(options.pop("()"))
    return factory(**options)


def worker_logs_as_json(logger: logging.Logger | None = None, **_: object) -> None:
    """Celery after_setup_logger receiver, run after the audit app's: with LOG_FORMAT=json a
    worker's handlers write the same JSON lines as the web processes, through the library."""
    from django.conf import settings

    if logger is None or getattr(settings, "LOG_FORMAT", "plain") != "json":
        return
    for handler in logger.handlers:
        handler.setFormatter(json_formatter())
