"""URL routes of the reports page: the latest run, or one run by its number."""

from django.urls import path

from . import views

app_name = "reports"
urlpatterns = [
    path("", views.reports_index, name="index"),
    path("runs/<int:pk>/", views.reports_index, name="run"),
]
