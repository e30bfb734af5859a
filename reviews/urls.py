"""URL routes of the reviews app: the queue at the site root, one page per review."""

from django.urls import path

from . import views

app_name = "reviews"
urlpatterns = [
    path("", views.queue, name="queue"),
    path("reviews/next/", views.review_next_view, name="next"),
    path("reviews/bulk/", views.review_bulk_view, name="bulk"),
    path("reviews/<int:pk>/", views.review_detail, name="detail"),
    path("reviews/<int:pk>/claim/", views.review_claim_view, name="claim"),
    path("reviews/<int:pk>/release/", views.review_release_view, name="release"),
    path("reviews/<int:pk>/assign/", views.review_assign_view, name="assign"),
    path("reviews/<int:pk>/skip/", views.review_skip_view, name="skip"),
    path("reviews/<int:pk>/decide/", views.review_decide_view, name="decide"),
    path("reviews/<int:pk>/reopen/", views.review_reopen_view, name="reopen"),
]
