"""The browsable API docs (Swagger UI and ReDoc), served offline under a strict policy.

Their scripts come from drf-spectacular-sidecar's static files. The policy header keeps the
page from reaching anywhere else: ReDoc's bundle always renders a Redocly logo from a CDN,
which the browser then never fetches.
"""

from typing import Any

from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerSplitView
from rest_framework.request import Request
from rest_framework.response import Response

DOCS_CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        # Both UIs style their widgets inline; ReDoc searches in a worker it builds from a blob.
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "worker-src 'self' blob:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
    )
)


class _Offline:
    def finalize_response(
        self, request: Request, response: Response, *args: Any, **kwargs: Any
    ) -> Response:
        response = super().finalize_response(request, response, *args, **kwargs)  # type: ignore[misc]
        response["Content-Security-Policy"] = DOCS_CONTENT_SECURITY_POLICY
        return response


class SwaggerDocsView(_Offline, SpectacularSwaggerSplitView):
    """Swagger UI; the split view serves its set-up script as a file (?script), not inline."""


class RedocDocsView(_Offline, SpectacularRedocView):
    """ReDoc, without the Google Fonts links of drf-spectacular's template."""
