"""Verification API views: the calculator and reference facts. Thin: parse, call a service, render."""

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import exceptions, generics, serializers, status
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from audit.actors import Actor
from hallucination.api.permissions import is_api_client
from hallucination.models import ReferenceFact
from hallucination.services import TraceConflict

from .calculator import CalculatorError
from .filters import ReferenceFactFilter
from .serializers import (
    CalculateInputSerializer,
    CalculateOutputSerializer,
    FactLoadReportSerializer,
    ReferenceFactImportSerializer,
    ReferenceFactSerializer,
)
from .services import calculation_perform, reference_facts_load

ERROR_SHAPE = inline_serializer(
    name="VerificationError",
    fields={
        "error": serializers.CharField(),
        "detail": serializers.JSONField(),
        "trace_id": serializers.CharField(allow_null=True),
    },
)


def actor_for(request: Request) -> Actor:
    if is_api_client(request):
        return Actor.for_client(request.user.client)
    return Actor.for_user(request.user)


class CalculationRefused(exceptions.APIException):
    """A calculator error as an API error: `error` is the calculator's code."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "calculator_error"

    def __init__(self, error: CalculatorError) -> None:
        super().__init__(detail=error.message, code=error.code)
        self.default_code = error.code


class CalculateView(APIView):
    """Evaluate arithmetic exactly; with a trace ID, record the result as that trace's tool output."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=CalculateInputSerializer,
        responses={
            200: CalculateOutputSerializer,
            400: OpenApiResponse(
                ERROR_SHAPE,
                description="The expression is refused; `error` names why (division_by_zero, "
                "unknown_name, attribute_access, function_not_allowed, too_long, "
                "exponent_too_large, too_large, syntax, ...).",
            ),
            403: OpenApiResponse(ERROR_SHAPE, description="Only API clients record for a trace."),
            409: OpenApiResponse(ERROR_SHAPE, description="The trace ID cannot be used."),
        },
    )
    def post(self, request: Request) -> Response:
        serializer = CalculateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        trace_id = serializer.validated_data.get("trace_id") or None
        if trace_id:
            # Tool outputs come from the service that writes the answer, never from a person.
            if not is_api_client(request):
                raise exceptions.PermissionDenied(
                    "Only API clients record calculator outputs for a trace."
                )
            # The middleware echoes the Django request's trace ID in X-Trace-Id.
            request.trace_id = request._request.trace_id = trace_id
        try:
            calculation, output = calculation_perform(
                expression=serializer.validated_data["expression"],
                actor=actor_for(request),
                trace_id=trace_id,
                client=request.user.client if trace_id else None,
            )
        except CalculatorError as error:
            raise CalculationRefused(error) from None
        except TraceConflict as conflict:
            return Response(
                {"error": "trace_conflict", "detail": str(conflict), "trace_id": None},
                status=status.HTTP_409_CONFLICT,
            )
        body = {
            "expression": calculation.expression,
            "result": calculation.result_text,
            "trace_id": trace_id,
            "recorded": output is not None,
            "calculator_output_id": output.pk if output is not None else None,
        }
        return Response(CalculateOutputSerializer(body).data)


class CanReadReferenceFacts(BasePermission):
    """API clients, and people with the view permission."""

    def has_permission(self, request: Request, view: object) -> bool:
        if is_api_client(request):
            return True
        user = request.user
        return bool(
            user and user.is_authenticated and user.has_perm("hallucination.view_referencefact")
        )


class CanLoadReferenceFacts(BasePermission):
    """People allowed to add and change facts. API clients never are: a service that submits
    answers must not write the values its answers are checked against."""

    message = "Loading reference facts needs the add and change reference fact permissions."

    def has_permission(self, request: Request, view: object) -> bool:
        if is_api_client(request):
            return False
        user = request.user
        return bool(
            user
            and user.is_authenticated
            and user.has_perms(
                ["hallucination.add_referencefact", "hallucination.change_referencefact"]
            )
        )


class ReferenceFactListCreateView(generics.ListAPIView):
    """List reference facts (filterable), or load a batch of them."""

    serializer_class = ReferenceFactSerializer
    filterset_class = ReferenceFactFilter

    def get_permissions(self):  # type: ignore[no-untyped-def]
        if self.request.method == "POST":
            return [CanLoadReferenceFacts()]
        return [CanReadReferenceFacts()]

    def get_queryset(self) -> QuerySet[ReferenceFact]:
        return ReferenceFact.objects.order_by("entity", "metric", "period", "id")

    @extend_schema(
        request=ReferenceFactImportSerializer,
        responses={
            200: OpenApiResponse(
                FactLoadReportSerializer,
                description="Valid rows upserted (unless strict and a row was rejected); "
                "rejected rows listed with their position and reason.",
            ),
            400: OpenApiResponse(ERROR_SHAPE, description="The body is not a list of facts."),
            403: OpenApiResponse(ERROR_SHAPE, description="Not allowed to load facts."),
        },
    )
    def post(self, request: Request) -> Response:
        data = {"facts": request.data} if isinstance(request.data, list) else request.data
        serializer = ReferenceFactImportSerializer(data=data)
        serializer.is_valid(raise_exception=True)
        report = reference_facts_load(
            rows=serializer.validated_data["facts"],
            actor=actor_for(request),
            strict=serializer.validated_data["strict"],
            origin="api",
            trace_id=request.trace_id,
        )
        return Response(FactLoadReportSerializer(report).data, status=status.HTTP_200_OK)
