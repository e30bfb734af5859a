"""Export endpoints: GET /api/v1/exports/<entity>.<csv|jsonl>, streamed, filtered like the lists."""

from django.http import StreamingHttpResponse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.request import Request
from rest_framework.views import APIView

from audit.actors import Actor

from ..api.permissions import is_api_client
from ..api.views import visible_queries
from .exports import ENTITIES, FORMATS, ExportInvalid, data_export_record, export_lines
from .exports import export_queryset as rows_for

# Who may export what: people need the view permission; API clients export their own
# queries, claims and verdicts, never the review queue.
PERMISSIONS = {
    "queries": "hallucination.view_query",
    "claims": "hallucination.view_claim",
    "verdicts": "hallucination.view_verdict",
    "reviews": "reviews.view_review",
}


class _AnyAccept(BaseContentNegotiation):
    """The body is CSV or JSON Lines whatever Accept says; errors still render as JSON."""

    def select_renderer(self, request, renderers, format_suffix=None):  # type: ignore[no-untyped-def]
        return renderers[0], renderers[0].media_type

    def select_parser(self, request, parsers):  # type: ignore[no-untyped-def]
        return parsers[0] if parsers else None


class ExportView(APIView):
    """Stream every matching row; the same query parameters as the list endpoints filter it."""

    content_negotiation_class = _AnyAccept

    @extend_schema(
        operation_id="export",
        parameters=[
            OpenApiParameter("entity", str, OpenApiParameter.PATH, enum=sorted(ENTITIES)),
            OpenApiParameter("export_format", str, OpenApiParameter.PATH, enum=sorted(FORMATS)),
        ],
        responses={
            (200, "text/csv"): OpenApiTypes.STR,
            (200, "application/x-ndjson"): OpenApiTypes.STR,
            400: OpenApiResponse(description="Unknown filter value; the field is named."),
            403: OpenApiResponse(description="Your role does not allow this export."),
            404: OpenApiResponse(description="Unknown entity or format."),
        },
    )
    def get(self, request: Request, entity: str, export_format: str) -> StreamingHttpResponse:
        if entity not in ENTITIES or export_format not in FORMATS:
            raise NotFound(
                f"Exports are {sorted(ENTITIES)} as {sorted(FORMATS)}, e.g. queries.csv."
            )
        if is_api_client(request):
            if entity == "reviews":
                raise PermissionDenied("API clients cannot export the review queue.")
            actor = Actor.for_client(request.user.client)
        else:
            if not request.user.has_perm(PERMISSIONS[entity]):
                raise PermissionDenied(f"Your role does not allow exporting {entity}.")
            actor = Actor.for_user(request.user)
        params = request.query_params.dict()
        try:
            rows = rows_for(entity=entity, params=params, queries=visible_queries(request))
        except ExportInvalid as invalid:
            raise ValidationError(invalid.errors or str(invalid)) from None
        data_export_record(entity=entity, export_format=export_format, params=params, actor=actor)
        response = StreamingHttpResponse(
            export_lines(entity=entity, rows=rows, export_format=export_format),
            content_type=FORMATS[export_format],
        )
        stamp = timezone.now().strftime("%Y%m%dT%H%M%SZ")
        response["Content-Disposition"] = f'attachment; filename="{entity}-{stamp}.{export_format}"'
        return response
