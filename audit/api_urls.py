"""URL routes of the audit app's API."""

from django.urls import path

from .api import TraceAuditView

app_name = "audit-api"
urlpatterns = [
    path("traces/<str:trace_id>/audit/", TraceAuditView.as_view(), name="trace-audit"),
]
