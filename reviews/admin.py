"""Admin for reviews and claim decisions: read-only; deciding and reopening happen on the review page."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from .models import ClaimDecision, Review


class _ReadOnly:
    """State changes go through reviews.services, which check the role and write the audit event."""

    actions = None

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [field.name for field in self.model._meta.fields]  # type: ignore[attr-defined]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ClaimDecisionInline(_ReadOnly, admin.TabularInline):
    model = ClaimDecision
    fields = ("claim", "label", "decided_by", "created_at")
    extra = 0
    can_delete = False


@admin.register(Review)
class ReviewAdmin(_ReadOnly, admin.ModelAdmin):
    list_display = (
        "id",
        "status",
        "risk_score",
        "escalated",
        "stakes",
        "entity",
        "assignee",
        "decided_by",
        "decided_at",
        "created_at",
        "page",
    )
    list_filter = ("status", "escalated", "query__stakes", "decided_at", "created_at")
    search_fields = ("=id", "=query__id", "=query__trace_id", "query__entity", "reason")
    list_select_related = ("query", "assignee", "decided_by")
    date_hierarchy = "created_at"
    inlines = [ClaimDecisionInline]

    @admin.display(description="stakes", ordering="query__stakes")
    def stakes(self, review: Review) -> str:
        return review.query.stakes

    @admin.display(description="entity", ordering="query__entity")
    def entity(self, review: Review) -> str:
        return review.query.entity

    @admin.display(description="review page")
    def page(self, review: Review) -> str:
        return format_html('<a href="{}">open</a>', reverse("reviews:detail", args=[review.pk]))


@admin.register(ClaimDecision)
class ClaimDecisionAdmin(_ReadOnly, admin.ModelAdmin):
    list_display = ("review", "claim", "label", "decided_by", "created_at")
    list_filter = ("label", "created_at")
    search_fields = ("=review__id", "claim__text", "decided_by__username")
    list_select_related = ("review", "claim", "decided_by")
