"""Top-level URL configuration: the API under /api/v1/, the browser pages, the admin."""

from typing import Any

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from .api.docs import RedocDocsView, SwaggerDocsView
from .operations import health
from .operations.metrics import metrics_view


class LoginView(auth_views.LoginView):
    """Django's login page; in development it also says where the demo logins come from."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["show_demo_hint"] = settings.DEBUG
        return context


urlpatterns = [
    path("health/live/", health.live, name="health-live"),
    path("health/ready/", health.ready, name="health-ready"),
    path("metrics", metrics_view, name="metrics"),
    path("api/v1/", include("hallucination.api_urls")),
    path("api/v1/", include("reviews.api_urls")),
    path("api/v1/", include("verification.api_urls")),
    path("api/v1/", include("audit.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Offline docs under the site's CSP: Swagger UI's start-up script is a file (api/docs.py).
    path("api/docs/", SwaggerDocsView.as_view(url_name="schema"), name="api-docs"),
    path("api/redoc/", RedocDocsView.as_view(url_name="schema"), name="api-redoc"),
    # Sign-in goes through django-axes (middleware and backend), whichever view takes it.
    path("accounts/login/", LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("audit/", include("audit.urls")),
    path("reports/", include("hallucination.reports.urls")),
    path("", include("reviews.urls")),
]

# A lost database answers 503 with Retry-After, JSON for API clients (operations/health.py).
handler500 = health.server_error
