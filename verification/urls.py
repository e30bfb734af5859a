"""URL routes of the verification app."""

from django.urls import path  # noqa: F401

app_name = "verification"
urlpatterns: list = []
