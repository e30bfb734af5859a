"""URL routes of the reports page."""

from django.urls import path

from . import views_reports

app_name = "reports"
urlpatterns = [
    path("", views_reports.reports_index, name="index"),
]
