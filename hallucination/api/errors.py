"""One error shape for the whole API: {"error": code, "detail": ..., "trace_id": ...}."""

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
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


class NulByteGuardMiddleware:
    """Refuses a NUL character anywhere in the query string with a 400.

    PostgreSQL cannot store or compare a string holding NUL, so such a filter value would
    otherwise reach the database and fail there as a 500. API paths get the API's error body.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if any(
            "\x00" in key or any("\x00" in value for value in values)
            for key, values in request.GET.lists()
        ):
            return self._refuse(request)
        return self.get_response(request)

    @staticmethod
    def _refuse(request: HttpRequest) -> HttpResponse:
        detail = "Query parameters may not contain NUL characters."
        if request.path.startswith("/api/"):
            return JsonResponse(
                {
                    "error": "invalid",
                    "detail": {"query": [detail]},
                    "trace_id": getattr(request, "trace_id", None),
                },
                status=400,
            )
        return HttpResponseBadRequest(detail, content_type="text/plain")
