"""URL routes of the reviews app: the queue at the site root, one page per review."""

from django.urls import path

from . import views

app_name = "reviews"
urlpatterns = [
    path("", views.queue, name="queue"),
    path("reviews/<int:pk>/", views.review_detail, name="detail"),
    path(
        "reviews/<int:pk>/claims/<int:claim_pk>/",
        views.claim_evidence,
        name="claim-evidence",
    ),
    path("reviews/<int:pk>/claim/", views.review_claim_view, name="claim"),
    path("reviews/<int:pk>/decide/", views.review_decide_view, name="decide"),
    path("reviews/<int:pk>/reopen/", views.review_reopen_view, name="reopen"),
]
