"""API-key authentication for machine clients: `Authorization: Api-Key <key>` or `X-Api-Key`."""

import time

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from audit.tracing import new_trace_id, trace_id_adopt, trace_id_from_headers

from ..selectors import api_key_with_client, client_owns_trace, trace_held_by_another


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


def _keep_out_of_foreign_traces(request: Request, client) -> None:  # type: ignore[no-untyped-def]
    """A trace ID sent in a header that another client holds is not this request's trace.

    Whatever the request records (an export, a calculation) then goes under a fresh trace
    instead of into the other client's trail; a submission notices and answers 409.
    """
    sent = trace_id_from_headers(request.META)
    if sent and trace_held_by_another(client=client, trace_id=sent):
        request._request.foreign_trace_id = sent  # type: ignore[attr-defined]
        trace_id_adopt(request, new_trace_id())


def key_from_request(request: Request) -> str | None:
    header = request.META.get("HTTP_AUTHORIZATION", "")
    keyword, _, key = header.partition(" ")
    if keyword.lower() == "api-key" and key.strip():
        return key.strip()
    return request.META.get("HTTP_X_API_KEY") or None


def _bad_key_cache_key(request: Request) -> str:
    address = request.META.get("REMOTE_ADDR", "") or "unknown"
    window = int(time.time()) // settings.API_BAD_KEY_WINDOW_SECONDS
    return f"api-bad-key:{address}:{window}"


def _refuse_if_guessing(request: Request) -> None:
    """An address that sent too many bad keys in this window is refused before any lookup."""
    failures = cache.get(_bad_key_cache_key(request), 0)
    if failures >= settings.API_BAD_KEY_LIMIT:
        window = settings.API_BAD_KEY_WINDOW_SECONDS
        raise exceptions.Throttled(
            wait=window - int(time.time()) % window,
            detail="Too many requests with unknown or revoked API keys from this address.",
        )


def _count_bad_key(request: Request) -> None:
    key = _bad_key_cache_key(request)
    # add() then incr(): atomic on Redis and per process on the local-memory cache.
    cache.add(key, 0, timeout=settings.API_BAD_KEY_WINDOW_SECONDS * 2)
    try:
        cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.set(key, 1, timeout=settings.API_BAD_KEY_WINDOW_SECONDS * 2)


class ClientAPIKeyAuthentication(authentication.BaseAuthentication):
    """Resolves a hashed API key to its client; request.auth is the key row.

    Unknown, revoked and expired keys are counted per client address; past API_BAD_KEY_LIMIT
    in a window the address gets 429 before any key is looked up.
    """

    def authenticate(self, request: Request):  # type: ignore[no-untyped-def]
        key = key_from_request(request)
        if key is None:
            return None
        _refuse_if_guessing(request)
        prefix, _, _ = key.partition(".")
        api_key = api_key_with_client(prefix=prefix)
        # is_valid() compares against the stored hash; the plaintext is never stored.
        if api_key is None or not api_key.is_valid(key):
            _count_bad_key(request)
            raise exceptions.AuthenticationFailed("Unknown API key.")
        if api_key.has_expired or api_key.revoked:
            _count_bad_key(request)
            raise exceptions.AuthenticationFailed("This API key is revoked or expired.")
        if not api_key.client.is_active:
            _count_bad_key(request)
            raise exceptions.AuthenticationFailed("This API client is disabled.")
        _keep_out_of_foreign_traces(request, api_key.client)
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
