"""URL routes of the reviews API."""

from django.urls import path

from . import api

app_name = "reviews-api"
urlpatterns = [
    path("reviews/", api.ReviewListApi.as_view(), name="list"),
    path("reviews/<int:pk>/", api.ReviewDetailApi.as_view(), name="detail"),
    path("reviews/<int:pk>/claim/", api.ReviewClaimApi.as_view(), name="claim"),
    path("reviews/<int:pk>/decision/", api.ReviewDecisionApi.as_view(), name="decision"),
]
