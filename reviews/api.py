"""Reviews API for tools: list with the queue's filters, read one, claim and decide (same rules as the page)."""

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import exceptions, generics, serializers, status
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from . import selectors, services
from .errors import ReviewConflict, ReviewInvalid, ReviewPermissionDenied
from .filters import ReviewFilter
from .models import ClaimDecision, Review


class CanViewReviews(BasePermission):
    """Reviewers, auditors and admins (by their groups); machine clients have no roles."""

    message = "Your role does not allow you to read reviews."

    def has_permission(self, request: Request, view: Any) -> bool:
        return bool(request.user and request.user.has_perm("reviews.view_review"))


class Conflict(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = "The review changed; reload it and try again."
    default_code = "conflict"


def _username(user: Any) -> str | None:
    return user.get_username() if user is not None else None


class ReviewOutputSerializer(serializers.ModelSerializer):
    query_id = serializers.UUIDField(read_only=True)
    trace_id = serializers.CharField(source="query.trace_id", read_only=True)
    entity = serializers.CharField(source="query.entity", read_only=True)
    period = serializers.CharField(source="query.period", read_only=True)
    stakes = serializers.CharField(source="query.stakes", read_only=True)
    grounding_rate = serializers.DecimalField(
        source="query.grounding_rate", max_digits=5, decimal_places=4, read_only=True
    )
    ungrounded_count = serializers.IntegerField(source="query.ungrounded_count", read_only=True)
    assignee = serializers.SerializerMethodField()
    decided_by = serializers.SerializerMethodField()

    class Meta:
        model = Review
        fields = [
            "id",
            "query_id",
            "trace_id",
            "entity",
            "period",
            "stakes",
            "status",
            "risk_score",
            "escalated",
            "grounding_rate",
            "ungrounded_count",
            "assignee",
            "decided_by",
            "decided_at",
            "reason",
            "reopen_reason",
            "version",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_assignee(self, review: Review) -> str | None:
        return _username(review.assignee)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_decided_by(self, review: Review) -> str | None:
        return _username(review.decided_by)


class ClaimOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="claim.pk")
    number = serializers.IntegerField()
    text = serializers.CharField(source="claim.text")
    start = serializers.IntegerField(source="claim.start")
    end = serializers.IntegerField(source="claim.end")
    kind = serializers.CharField(source="claim.kind")
    outcome = serializers.CharField(source="claim.outcome")
    grounded = serializers.BooleanField(source="claim.grounded")
    label = serializers.CharField(allow_blank=True)


class ReviewDetailOutputSerializer(ReviewOutputSerializer):
    answer = serializers.CharField(source="query.answer", read_only=True)
    claims = serializers.SerializerMethodField()

    class Meta(ReviewOutputSerializer.Meta):
        fields = [*ReviewOutputSerializer.Meta.fields, "answer", "claims"]
        read_only_fields = fields

    @extend_schema_field(ClaimOutputSerializer(many=True))
    def get_claims(self, review: Review) -> list[dict[str, Any]]:
        rows = self.context["rows"]
        return ClaimOutputSerializer(rows, many=True).data


class ReviewClaimInputSerializer(serializers.Serializer):
    expected_version = serializers.IntegerField(min_value=1, required=False)


class ReviewDecisionInputSerializer(serializers.Serializer):
    decision = serializers.ChoiceField(choices=services.DECISIONS)
    reason = serializers.CharField(required=False, allow_blank=True, default="")
    labels = serializers.DictField(
        child=serializers.ChoiceField(choices=ClaimDecision.Label.values),
        help_text="Claim id -> label, for every claim of the review.",
    )
    expected_version = serializers.IntegerField(
        min_value=1, help_text="The review's version as you read it (optimistic locking)."
    )


def _detail(review_id: int) -> Response:
    page = selectors.review_page(review_id=review_id)
    serializer = ReviewDetailOutputSerializer(page.review, context={"rows": page.rows})
    return Response(serializer.data)


def _call(service: Any, **kwargs: Any) -> Review:
    """Run a review service, turning its refusals into API errors."""
    try:
        return service(**kwargs)
    except ReviewPermissionDenied as exc:
        raise exceptions.PermissionDenied(str(exc)) from exc
    except ReviewInvalid as exc:
        raise exceptions.ValidationError({exc.field or "non_field_errors": [exc.message]}) from exc
    except ReviewConflict as exc:
        raise Conflict(exc.message) from exc


class ReviewListApi(generics.ListAPIView):
    """Reviews, highest risk first; open ones unless ?status= says otherwise."""

    permission_classes = [CanViewReviews]
    serializer_class = ReviewOutputSerializer
    filterset_class = ReviewFilter

    def get_queryset(self) -> QuerySet[Review]:
        return Review.objects.select_related("query", "assignee", "decided_by")


class ReviewDetailApi(APIView):
    permission_classes = [CanViewReviews]

    @extend_schema(responses=ReviewDetailOutputSerializer)
    def get(self, request: Request, pk: int) -> Response:
        get_object_or_404(Review.objects.only("pk"), pk=pk)
        return _detail(pk)


class ReviewClaimApi(APIView):
    """Assign the review to the caller (pending -> in review)."""

    permission_classes = [CanViewReviews]

    @extend_schema(
        request=ReviewClaimInputSerializer,
        responses={200: ReviewDetailOutputSerializer, 409: OpenApiResponse(description="Taken")},
    )
    def post(self, request: Request, pk: int) -> Response:
        review = get_object_or_404(Review, pk=pk)
        data = ReviewClaimInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        _call(
            services.review_claim,
            review=review,
            user=request.user,
            expected_version=data.validated_data.get("expected_version"),
        )
        return _detail(pk)


class ReviewDecisionApi(APIView):
    """Approve or reject with a label for every claim; a reason is required to reject."""

    permission_classes = [CanViewReviews]

    @extend_schema(
        request=ReviewDecisionInputSerializer,
        responses={
            200: ReviewDetailOutputSerializer,
            400: OpenApiResponse(description="Invalid: a label missing, no reason to reject"),
            403: OpenApiResponse(description="Your role cannot decide"),
            409: OpenApiResponse(description="Already decided, or changed since you read it"),
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        review = get_object_or_404(Review, pk=pk)
        data = ReviewDecisionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        _call(services.review_decide, review=review, user=request.user, **data.validated_data)
        return _detail(pk)
