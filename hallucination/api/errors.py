"""One error shape for the whole API: {"error": code, "detail": ..., "trace_id": ...}."""

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    request = context.get("request")
    if isinstance(exc, RequestDataTooBig):
        return Response(
            {
                "error": "request_too_large",
                "detail": f"The request body is over {settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes.",
                "trace_id": getattr(request, "trace_id", None),
            },
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    code = getattr(exc, "default_code", "error")
    detail = response.data
    if isinstance(detail, dict) and set(detail) == {"detail"}:
        detail = detail["detail"]
    response.data = {
        "error": code,
        "detail": detail,
        "trace_id": getattr(request, "trace_id", None) if request is not None else None,
    }
    return response
