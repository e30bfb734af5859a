"""Routes of the API's `api` namespace: queries, and the reports and export endpoints."""

from django.urls import path

from .api import views
from .operations import api as exports_api
from .reports import api as reports_api

app_name = "api"
urlpatterns = [
    path("queries/", views.QueryListCreateView.as_view(), name="query-list"),
    path("queries/batch", views.QueryBatchSubmitView.as_view(), name="query-batch"),
    # The same with the trailing slash the other paths have; documented once, above.
    path("queries/batch/", views.QueryBatchSubmitView.as_view(schema=None)),
    path("queries/<uuid:query_id>/", views.QueryDetailView.as_view(), name="query-detail"),
    path("reports/", reports_api.ReportsView.as_view(), name="reports"),
    path(
        "exports/<str:entity>.<str:export_format>", exports_api.ExportView.as_view(), name="export"
    ),
]
