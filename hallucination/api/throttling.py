"""Per-client request throttling (DRF), keyed by API client rather than address."""

from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from .authentication import ApiClientUser


class ClientRateThrottle(SimpleRateThrottle):
    """Limits each API client to API_THROTTLE_RATE; 429 with Retry-After beyond it."""

    scope = "client"

    def get_cache_key(self, request: Request, view: object) -> str | None:
        if isinstance(request.user, ApiClientUser):
            ident = f"client-{request.user.client.pk}"
        elif request.user and request.user.is_authenticated:
            ident = f"user-{request.user.pk}"
        else:
            ident = f"anon-{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}
