"""A read-only admin for the audit log: search and read, never add, change or delete."""

from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from .models import AuditEvent


@admin.register(AuditEvent)
class AuditEventAdmin(admin.ModelAdmin):
    list_display = (
        "seq",
        "created_at",
        "event_type",
        "actor_kind",
        "actor_name",
        "subject",
        "trace",
    )
    list_filter = ("event_type", "actor_kind")
    search_fields = ("=trace_id", "=subject_id", "actor_name")
    ordering = ("-seq",)
    show_full_result_count = False  # a COUNT(*) over the whole log on every page is wasted work
    actions = None

    def get_readonly_fields(self, request: HttpRequest, obj: AuditEvent | None = None):  # type: ignore[no-untyped-def]
        return [field.name for field in AuditEvent._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: AuditEvent | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: AuditEvent | None = None) -> bool:
        return False

    @admin.display(description="subject")
    def subject(self, event: AuditEvent) -> str:
        return f"{event.subject_type} {event.subject_id}".strip()

    @admin.display(description="trace")
    def trace(self, event: AuditEvent) -> str:
        url = reverse("audit:trace-detail", kwargs={"trace_id": event.trace_id})
        return format_html('<a href="{}">{}</a>', url, event.trace_id)
