"""Admin for reviews and claim decisions: read-only; deciding and reopening happen on the review page."""

from typing import Any

from axes.models import AccessAttempt
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.html import format_html

from audit.actors import Actor

from .accounts import acting_as, login_lockout_clear
from .models import ClaimDecision, Review

# Fields that grant power: only a superuser may change them, on anyone.
_PRIVILEGE_FIELDS = ("is_superuser", "is_staff", "groups", "user_permissions")


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


User = get_user_model()
if admin.site.is_registered(User):
    admin.site.unregister(User)


@admin.register(User)
class AccountAdmin(UserAdmin):
    """Django's user admin, with privilege escalation closed.

    The admin role may add users and edit their names and passwords, but only a superuser
    grants roles, permissions, staff or superuser status, and only a superuser edits a
    superuser's account (a password change there would take over a superuser). Every change
    is audited by reviews.accounts, attributed to the person saving here.
    """

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        fields = tuple(super().get_readonly_fields(request, obj))
        if request.user.is_superuser:
            return fields
        return fields + _PRIVILEGE_FIELDS

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and obj.is_superuser and not request.user.is_superuser:
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and obj.is_superuser and not request.user.is_superuser:
            return False
        return super().has_delete_permission(request, obj)

    def changeform_view(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        with acting_as(request.user):
            return super().changeform_view(request, *args, **kwargs)

    def user_change_password(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        with acting_as(request.user):
            return super().user_change_password(request, *args, **kwargs)


@admin.register(AccessAttempt)
class LoginLockoutAdmin(admin.ModelAdmin):
    """Failed sign-ins by username and address (django-axes); the action lifts a lockout
    through the audited service, as `manage.py unlock_login` does."""

    list_display = ("username", "ip_address", "failures_since_start", "attempt_time")
    search_fields = ("username", "ip_address")
    actions = ["unlock"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [field.name for field in AccessAttempt._meta.fields]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # unlocking is the action below, which is audited

    @admin.action(description="Unlock the selected sign-ins", permissions=["unlock"])
    def unlock(self, request: HttpRequest, queryset: QuerySet[AccessAttempt]) -> None:
        pairs = set(queryset.values_list("username", "ip_address"))
        for username, ip_address in pairs:
            login_lockout_clear(
                username=username or "", ip_address=ip_address, actor=Actor.for_user(request.user)
            )
        self.message_user(request, f"Unlocked {len(pairs)} sign-in(s).")

    def has_unlock_permission(self, request: HttpRequest) -> bool:
        return request.user.is_superuser
