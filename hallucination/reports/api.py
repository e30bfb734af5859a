"""GET /api/v1/reports/: accuracy runs and the monitored LLM's rates, for dashboards elsewhere."""

from datetime import timedelta

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from ..api.permissions import is_api_client
from ..engine.types import STAKES
from . import measurement

DEFAULT_LIMIT = 30
MAX_LIMIT = 200


class CanViewReports(BasePermission):
    """People who may read queries. API clients may not: the rates span every client."""

    message = "Reports are for reviewers and auditors; an API key does not give access."

    def has_permission(self, request: Request, view: object) -> bool:
        if is_api_client(request):
            return False
        user = request.user
        return bool(user and user.is_authenticated and user.has_perm("hallucination.view_query"))


def _limit(raw: str | None) -> int:
    if raw in (None, ""):
        return DEFAULT_LIMIT
    try:
        limit = int(raw)
    except ValueError:
        raise ValidationError({"limit": [f"A whole number, not {raw!r}."]}) from None
    if not 1 <= limit <= MAX_LIMIT:
        raise ValidationError({"limit": [f"Between 1 and {MAX_LIMIT}."]})
    return limit


class ReportsView(APIView):
    """The latest accuracy run in full, earlier runs without their case lists, and the rates."""

    permission_classes = [CanViewReports]

    @extend_schema(
        parameters=[
            OpenApiParameter("limit", OpenApiTypes.INT, description="Runs listed (1-200, 30)."),
            OpenApiParameter(
                "days", OpenApiTypes.INT, description="Window of the LLM's rates (1-366, 30)."
            ),
            OpenApiParameter("stakes", OpenApiTypes.STR, enum=list(STAKES)),
        ],
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="{latest, reports: [...], monitored_llm}; report keys as DESIGN.md.",
            ),
            400: OpenApiResponse(description="A bad limit, days or stakes; the field is named."),
            403: OpenApiResponse(description="Not a reviewer or auditor."),
        },
    )
    def get(self, request: Request) -> Response:
        limit = _limit(request.query_params.get("limit"))
        try:
            days = measurement.window_days(request.query_params.get("days"))
        except ValueError as error:
            raise ValidationError({"days": [str(error)]}) from None
        stakes = request.query_params.get("stakes") or None
        if stakes is not None and stakes not in STAKES:
            raise ValidationError({"stakes": [f"One of {', '.join(STAKES)}."]})
        history = [
            measurement.accuracy_report_dict(r)
            for r in measurement.accuracy_reports_recent(limit=limit)
        ]
        summaries = [
            {key: value for key, value in item.items() if key != "errors"} for item in history
        ]
        now = timezone.now()
        return Response(
            {
                "latest": history[0] if history else None,
                "reports": summaries,
                "monitored_llm": measurement.monitored_llm_rates(
                    since=now - timedelta(days=days), until=now, stakes=stakes
                ),
            }
        )
