"""Routes of the detection API."""

from django.urls import path

from . import exports, reports, views

app_name = "api"
urlpatterns = [
    path("queries/", views.QueryListCreateView.as_view(), name="query-list"),
    path("queries/<uuid:query_id>/", views.QueryDetailView.as_view(), name="query-detail"),
    path("reports/", reports.ReportsView.as_view(), name="reports"),
    path("exports/<str:entity>.<str:export_format>", exports.ExportView.as_view(), name="export"),
]
