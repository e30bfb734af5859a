"""Detection API views: thin, they parse, call one service and render."""

import re
import time

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from audit.actors import Actor
from audit.tracing import new_trace_id, trace_id_adopt, trace_id_from_headers

from ..conf import detector_settings
from ..models import Query
from ..selectors import query_result
from ..services import (
    BatchItem,
    BatchItemOutcome,
    IdempotencyConflict,
    StakesNotAllowed,
    TraceConflict,
    query_submit,
    query_submit_batch,
    submission_stakes_check,
)
from .filters import QueryFilter
from .permissions import IsApiClient, IsApiClientOrCanViewQueries, is_api_client
from .serializers import (
    BatchResultSerializer,
    BatchSubmitSerializer,
    QueryListItemSerializer,
    QueryResultSerializer,
    QuerySubmitSerializer,
    batch_items_validate,
    query_result_data,
    submission_from,
    submission_validate,
)

_PREFER_WAIT = re.compile(r"(?:^|[,;\s])wait\s*=\s*([^,;\s]*)", re.IGNORECASE)


class InvalidHeader(Exception):
    def __init__(self, header: str, message: str) -> None:
        super().__init__(message)
        self.header = header


def visible_queries(request: Request) -> QuerySet[Query]:
    queries = Query.objects.all()
    if is_api_client(request):
        queries = queries.filter(client=request.user.client)
    return queries


def _requested_wait(request: Request) -> int:
    """Seconds asked for with `Prefer: wait=N`, capped; InvalidHeader for a value that is not
    a small whole number (read before anything is saved, so a bad one saves nothing)."""
    match = _PREFER_WAIT.search(request.headers.get("Prefer", ""))
    if not match:
        return 0
    value = match.group(1)
    if not value.isascii() or not value.isdigit() or len(value) > 6:
        raise InvalidHeader("Prefer", "wait must be a whole number of seconds, e.g. wait=10.")
    return min(int(value), detector_settings()["MAX_WAIT_SECONDS"])


def _invalid(trace_id: str, field: str, message: str) -> Response:
    return Response(
        {"error": "invalid", "detail": {field: [message]}, "trace_id": trace_id},
        status=status.HTTP_400_BAD_REQUEST,
    )


def _wait_until_finished(query: Query, seconds: int) -> Query:
    deadline = time.monotonic() + seconds
    delay = 0.02
    while not query.is_finished and time.monotonic() < deadline:
        time.sleep(delay)
        delay = min(delay * 2, 0.25)
        query.refresh_from_db()
    return query


class QueryListCreateView(generics.ListAPIView):
    """Submit an answer for checking, or list submitted queries."""

    serializer_class = QueryListItemSerializer
    filterset_class = QueryFilter

    def get_permissions(self):  # type: ignore[no-untyped-def]
        if self.request.method == "POST":
            return [IsApiClient()]
        return [IsApiClientOrCanViewQueries()]

    def get_queryset(self) -> QuerySet[Query]:
        return visible_queries(self.request).order_by("-created_at")

    @extend_schema(
        request=QuerySubmitSerializer,
        parameters=[
            OpenApiParameter("Idempotency-Key", OpenApiTypes.STR, OpenApiParameter.HEADER),
            OpenApiParameter(
                "Prefer",
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                description="wait=N: answer with the finished result if ready within N seconds.",
            ),
            OpenApiParameter("X-Trace-Id", OpenApiTypes.STR, OpenApiParameter.HEADER),
        ],
        responses={
            201: OpenApiResponse(QueryResultSerializer, description="Created and finished."),
            202: OpenApiResponse(QueryResultSerializer, description="Accepted, in progress."),
            200: OpenApiResponse(QueryResultSerializer, description="Idempotent replay."),
            400: OpenApiResponse(description="Invalid submission; the field is named."),
            403: OpenApiResponse(description="This API key may not submit at these stakes."),
            409: OpenApiResponse(
                description="Idempotency-Key reused with another body, or a trace ID that "
                "cannot be used."
            ),
        },
    )
    def post(self, request: Request) -> Response:
        # Every header and the body are checked before anything is written.
        try:
            wait = _requested_wait(request)
        except InvalidHeader as invalid:
            return _invalid(request.trace_id, invalid.header, str(invalid))
        data = submission_validate(request.data)
        body_trace_id = data.get("trace_id")
        trace_id = body_trace_id or request.trace_id
        idempotency_key = request.headers.get("Idempotency-Key") or None
        if idempotency_key is not None and len(idempotency_key) > 255:
            return _invalid(trace_id, "Idempotency-Key", "At most 255 characters.")
        client = request.user.client
        try:
            submission_stakes_check(api_key=request.auth, stakes=data["stakes"])
            if not body_trace_id and getattr(request._request, "foreign_trace_id", None):
                raise TraceConflict()
            query, created = query_submit(
                client=client,
                submission=submission_from(data),
                trace_id=trace_id,
                actor=Actor.for_client(client),
                idempotency_key=idempotency_key,
                # Neither the body nor a header named a trace: the middleware made this one.
                trace_is_new=not body_trace_id and trace_id_from_headers(request.META) is None,
                detect_now=wait > 0,
            )
        except StakesNotAllowed as refused:
            return Response(
                {"error": "stakes_not_allowed", "detail": str(refused), "trace_id": trace_id},
                status=status.HTTP_403_FORBIDDEN,
            )
        except TraceConflict as conflict:
            return Response(
                {"error": "trace_conflict", "detail": str(conflict), "trace_id": None},
                status=status.HTTP_409_CONFLICT,
            )
        except IdempotencyConflict as conflict:
            return Response(
                {
                    "error": "idempotency_conflict",
                    "detail": str(conflict),
                    "query_id": str(conflict.query.pk),
                    "trace_id": conflict.query.trace_id,
                },
                status=status.HTTP_409_CONFLICT,
            )
        trace_id_adopt(request, query.trace_id)
        if wait:
            query = _wait_until_finished(query, wait)
        if not created:
            code = status.HTTP_200_OK
        elif query.is_finished:
            code = status.HTTP_201_CREATED
        else:
            code = status.HTTP_202_ACCEPTED
        headers = {"Location": request.build_absolute_uri(f"/api/v1/queries/{query.pk}/")}
        if wait:
            headers["Preference-Applied"] = f"wait={wait}"
        if not created:
            headers["Idempotent-Replayed"] = "true"
        return Response(query_result_data(query_result(query)), status=code, headers=headers)


class QueryDetailView(APIView):
    """A query's status and, once detected, its result."""

    permission_classes = [IsApiClientOrCanViewQueries]

    @extend_schema(responses={200: QueryResultSerializer})
    def get(self, request: Request, query_id: str) -> Response:
        query = get_object_or_404(visible_queries(request), pk=query_id)
        trace_id_adopt(request, query.trace_id)
        return Response(query_result_data(query_result(query)))


class QueryBatchSubmitView(APIView):
    """Submit many answers in one request, each idempotent by its own key."""

    permission_classes = [IsApiClient]

    @extend_schema(
        request=BatchSubmitSerializer,
        parameters=[
            OpenApiParameter(
                "X-Trace-Id",
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                description="The request's own trace; each answer has its item's trace_id, or "
                "a new one.",
            ),
        ],
        responses={
            200: OpenApiResponse(
                BatchResultSerializer,
                description="Every item's outcome, in request order: accepted, replayed or "
                "refused with the single endpoint's error. Accepted items are saved whatever "
                "happened to the others.",
            ),
            400: OpenApiResponse(description="No `items` list, or an empty one."),
            413: OpenApiResponse(
                description="More items than HALLUCINATION_BATCH_MAX_ITEMS, or a body over "
                "2 MB; nothing is saved."
            ),
        },
    )
    def post(self, request: Request) -> Response:
        raw_items = request.data.get("items") if isinstance(request.data, dict) else None
        if not isinstance(raw_items, list) or not raw_items:
            return _invalid(request.trace_id, "items", "Send a list of at least one answer.")
        limit = detector_settings()["BATCH_MAX_ITEMS"]
        if len(raw_items) > limit:
            return Response(
                {
                    "error": "batch_too_large",
                    "detail": f"At most {limit} answers in one batch (got {len(raw_items)}); "
                    f"nothing was saved. Split it into batches of {limit} or fewer.",
                    "trace_id": request.trace_id,
                },
                status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
            )
        results: list[dict] = []
        batch: list[tuple[int, BatchItem]] = []
        for index, (raw, (data, errors)) in enumerate(
            zip(raw_items, batch_items_validate(raw_items), strict=True)
        ):
            key = raw.get("idempotency_key") if isinstance(raw, dict) else None
            results.append(
                {"index": index, "idempotency_key": key if isinstance(key, str) else None}
            )
            if data is None:
                results[index].update(status=400, error="invalid", detail=errors)
                continue
            try:
                submission_stakes_check(api_key=request.auth, stakes=data["stakes"])
            except StakesNotAllowed as refused:
                results[index].update(status=403, error="stakes_not_allowed", detail=str(refused))
                continue
            chosen = data.get("trace_id")
            item = BatchItem(
                submission=submission_from(data),
                idempotency_key=data["idempotency_key"],
                trace_id=chosen or new_trace_id(),
                trace_chosen=bool(chosen),
            )
            batch.append((index, item))
        client = request.user.client
        outcomes = query_submit_batch(
            client=client, items=[item for _, item in batch], actor=Actor.for_client(client)
        )
        for (index, _), outcome in zip(batch, outcomes, strict=True):
            results[index].update(_batch_item_result(request, outcome))
        return Response(
            {
                "accepted": sum(1 for r in results if r["status"] == 202),
                "replayed": sum(1 for r in results if r["status"] == 200),
                "failed": sum(1 for r in results if r["status"] >= 400),
                "items": results,
            }
        )


def _batch_item_result(request: Request, outcome: BatchItemOutcome) -> dict:
    """One item's entry: the single endpoint's status code, and its error body when refused."""
    if outcome.query is not None:
        query = outcome.query
        return {
            "status": 202 if outcome.created else 200,
            "id": str(query.pk),
            "trace_id": query.trace_id,
            "location": request.build_absolute_uri(f"/api/v1/queries/{query.pk}/"),
        }
    error = outcome.error
    if isinstance(error, IdempotencyConflict):
        return {
            "status": 409,
            "error": "idempotency_conflict",
            "detail": str(error),
            "id": str(error.query.pk),
            "trace_id": error.query.trace_id,
        }
    if isinstance(error, TraceConflict):
        return {"status": 409, "error": "trace_conflict", "detail": str(error)}
    return {
        "status": 500,
        "error": "not_saved",
        "detail": "This item could not be saved and nothing of it was stored; send it again "
        "with the same idempotency_key.",
    }
