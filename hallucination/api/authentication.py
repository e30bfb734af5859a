"""API-key authentication for machine clients: `Authorization: Api-Key <key>` or `X-Api-Key`."""

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from ..models import ClientAPIKey
from ..selectors import client_owns_trace


class ApiClientUser(AnonymousUser):
    """The request.user of a machine client: authenticated, but not a person."""

    def __init__(self, client) -> None:  # type: ignore[no-untyped-def]
        self.client = client

    @property
    def is_authenticated(self) -> bool:  # type: ignore[override]
        return True

    @property
    def is_anonymous(self) -> bool:  # type: ignore[override]
        return False

    def __str__(self) -> str:
        return f"client:{self.client.name}"

    def owns_trace(self, trace_id: str) -> bool:
        """Whether this client submitted a query under trace_id: the traces it may read."""
        return client_owns_trace(client=self.client, trace_id=trace_id)


def key_from_request(request: Request) -> str | None:
    header = request.META.get("HTTP_AUTHORIZATION", "")
    keyword, _, key = header.partition(" ")
    if keyword.lower() == "api-key" and key.strip():
        return key.strip()
    return request.META.get("HTTP_X_API_KEY") or None


class ClientAPIKeyAuthentication(authentication.BaseAuthentication):
    """Resolves a hashed API key to its client; request.auth is the key row."""

    def authenticate(self, request: Request):  # type: ignore[no-untyped-def]
        key = key_from_request(request)
        if key is None:
            return None
        prefix, _, _ = key.partition(".")
        api_key = ClientAPIKey.objects.select_related("client").filter(prefix=prefix).first()
        # is_valid() compares against the stored hash; the plaintext is never stored.
        if api_key is None or not api_key.is_valid(key):
            raise exceptions.AuthenticationFailed("Unknown API key.")
        if api_key.has_expired or api_key.revoked:
            raise exceptions.AuthenticationFailed("This API key is revoked or expired.")
        if not api_key.client.is_active:
            raise exceptions.AuthenticationFailed("This API client is disabled.")
        return ApiClientUser(api_key.client), api_key

    def authenticate_header(self, request: Request) -> str:
        return "Api-Key"


class ClientAPIKeyScheme(OpenApiAuthenticationExtension):
    """Documents the API-key scheme in the OpenAPI schema."""

    target_class = "hallucination.api.authentication.ClientAPIKeyAuthentication"
    name = "ApiKeyAuth"

    def get_security_definition(self, auto_schema):  # type: ignore[no-untyped-def]
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": 'Send "Api-Key <key>" (or the key alone in an X-Api-Key header).',
        }
