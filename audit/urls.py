"""URL routes of the audit app: the trace index and one trace's timeline."""

from django.urls import path

from . import views

app_name = "audit"
urlpatterns = [
    path("traces/", views.trace_list, name="trace-list"),
    path("traces/<str:trace_id>/", views.trace_detail, name="trace-detail"),
]
