"""The browsable API docs (Swagger UI and ReDoc), served offline under the site's policy.

Their scripts come from drf-spectacular-sidecar's static files, and neither page has an inline
script: Swagger UI's start-up script is served as a file (the split view's ?script), and ReDoc
starts from its bundle alone. The site's Content-Security-Policy (django-csp, settings) applies
here as everywhere; these pages only widen it where the two UIs need it, and it still keeps
them from reaching anywhere else: ReDoc's bundle always renders a Redocly logo from a CDN,
which the browser then never fetches.
"""

from typing import Any

from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerSplitView
from rest_framework.request import Request
from rest_framework.response import Response

# Added to the site's policy by django-csp's middleware (as its csp_update decorator does).
DOCS_CONTENT_SECURITY_POLICY_UPDATE = {
    # Both UIs style their widgets with inline style elements; styles carry no code.
    "style-src": ["'unsafe-inline'"],
    "font-src": ["data:"],
    # ReDoc searches in a worker it builds from a blob.
    "worker-src": ["'self'", "blob:"],
}


class _Offline:
    def finalize_response(
        self, request: Request, response: Response, *args: Any, **kwargs: Any
    ) -> Response:
        response = super().finalize_response(request, response, *args, **kwargs)  # type: ignore[misc]
        response._csp_update = DOCS_CONTENT_SECURITY_POLICY_UPDATE  # type: ignore[attr-defined]
        return response


class SwaggerDocsView(_Offline, SpectacularSwaggerSplitView):
    """Swagger UI; the split view serves its set-up script as a file (?script), not inline."""


class RedocDocsView(_Offline, SpectacularRedocView):
    """ReDoc, without the Google Fonts links of drf-spectacular's template."""
