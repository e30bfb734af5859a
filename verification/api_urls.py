"""URL routes of the verification app's API."""

from django.urls import path

from . import api, tool_schema

app_name = "verification-api"
urlpatterns = [
    path("calculate/", api.CalculateView.as_view(), name="calculate"),
    path("calculate/tool/", tool_schema.CalculatorToolView.as_view(), name="calculate-tool"),
    path("reference-facts/", api.ReferenceFactListCreateView.as_view(), name="reference-facts"),
]
