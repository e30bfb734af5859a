"""Trace IDs: from X-Trace-Id, traceparent or the body, else generated; echoed and logged."""

import json
import logging

import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from audit.tracing import (
    JsonLogFormatter,
    TraceIdLogFilter,
    TraceIdMiddleware,
    add_trace_id_to_worker_logs,
    get_trace_id,
    trace_context,
    trace_id_adopt,
)

TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"


def _through_middleware(**headers: str) -> tuple[HttpResponse, dict]:
    seen: dict = {}

    def view(request):  # type: ignore[no-untyped-def]
        seen["request"] = request.trace_id
        seen["context"] = get_trace_id()
        return HttpResponse("ok")

    response = TraceIdMiddleware(view)(RequestFactory().get("/", **headers))
    return response, seen


def test_it_keeps_the_clients_x_trace_id() -> None:
    response, seen = _through_middleware(HTTP_X_TRACE_ID="order-42.attempt:1")
    assert seen == {"request": "order-42.attempt:1", "context": "order-42.attempt:1"}
    assert response["X-Trace-Id"] == "order-42.attempt:1"


def test_it_takes_the_trace_id_of_a_w3c_traceparent() -> None:
    response, _ = _through_middleware(HTTP_TRACEPARENT=TRACEPARENT)
    assert response["X-Trace-Id"] == "4bf92f3577b34da6a3ce929d0e0e4736"


def test_x_trace_id_wins_over_traceparent() -> None:
    response, _ = _through_middleware(HTTP_X_TRACE_ID="explicit", HTTP_TRACEPARENT=TRACEPARENT)
    assert response["X-Trace-Id"] == "explicit"


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"HTTP_X_TRACE_ID": "has spaces"},
        {"HTTP_X_TRACE_ID": "x" * 65},
        {"HTTP_TRACEPARENT": "00-" + "0" * 32 + "-00f067aa0ba902b7-01"},
        {"HTTP_TRACEPARENT": "garbage"},
    ],
)
def test_it_generates_one_when_none_usable_was_sent(headers: dict) -> None:
    response, seen = _through_middleware(**headers)
    generated = response["X-Trace-Id"]
    assert len(generated) == 32 and int(generated, 16) >= 0
    assert seen["request"] == generated


def test_the_context_is_cleared_after_the_request() -> None:
    _through_middleware(HTTP_X_TRACE_ID="leaves-no-trace")
    assert get_trace_id() == ""


def test_a_view_adopts_a_trace_id_from_the_body_and_it_is_echoed() -> None:
    def view(request):  # type: ignore[no-untyped-def]
        trace_id_adopt(request, "from-the-body")
        assert get_trace_id() == "from-the-body"
        return HttpResponse("ok")

    response = TraceIdMiddleware(view)(RequestFactory().post("/"))
    assert response["X-Trace-Id"] == "from-the-body"


def test_adopting_a_malformed_trace_id_is_refused() -> None:
    request = RequestFactory().post("/")
    request.trace_id = "kept"
    with pytest.raises(ValueError, match="trace_id must be"):
        trace_id_adopt(request, "no spaces allowed")
    assert trace_id_adopt(request, None) == "kept"


def test_trace_context_sets_and_restores_the_trace() -> None:
    with trace_context("outer"):
        with trace_context() as inner:
            assert get_trace_id() == inner != "outer"
        assert get_trace_id() == "outer"
    assert get_trace_id() == ""
    with pytest.raises(ValueError), trace_context("bad id"):
        pass


def _record(message: str) -> logging.LogRecord:
    return logging.LogRecord("hallucination.tasks", logging.INFO, __file__, 1, message, (), None)


def test_every_log_record_carries_the_trace_id() -> None:
    record = _record("detected")
    with trace_context("log-trace"):
        TraceIdLogFilter().filter(record)
    assert record.trace_id == "log-trace"
    bare = _record("outside")
    TraceIdLogFilter().filter(bare)
    assert bare.trace_id == "-"


def test_json_log_lines_are_one_object_with_the_trace_id() -> None:
    record = _record("claims extracted: %d")
    record.args = (8,)
    with trace_context("json-trace"):
        TraceIdLogFilter().filter(record)
    line = JsonLogFormatter().format(record)
    assert json.loads(line) | {"time": None} == {
        "time": None,
        "level": "INFO",
        "logger": "hallucination.tasks",
        "trace_id": "json-trace",
        "message": "claims extracted: 8",
    }


@pytest.mark.parametrize(
    ("log_format", "formatter"), [("plain", logging.Formatter), ("json", JsonLogFormatter)]
)
def test_a_workers_log_handlers_get_the_trace_id_in_the_configured_format(  # type: ignore[no-untyped-def]
    settings, log_format, formatter
) -> None:
    settings.LOG_FORMAT = log_format
    logger = logging.getLogger(f"worker-test-{log_format}")
    handler = logging.StreamHandler()
    logger.addHandler(handler)
    try:
        add_trace_id_to_worker_logs(logger=logger)
        record = _record("task done")
        with trace_context("worker-trace"):
            assert all(item.filter(record) for item in handler.filters)
        assert type(handler.formatter) is formatter
        assert "worker-trace" in handler.format(record)
    finally:
        logger.removeHandler(handler)
