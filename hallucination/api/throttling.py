"""Per-client request throttling (DRF), keyed by API client rather than address."""

from typing import Any

from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from .authentication import ApiClientUser


class ClientRateThrottle(SimpleRateThrottle):
    """Limits each API client to API_THROTTLE_RATE; 429 with Retry-After beyond it.

    DRF's sliding window: at most N requests in any period of the rate's length. On the
    project's Redis cache (hallucination.backends.cache) the window is kept by one atomic
    script; on other caches (the local-memory default) by DRF's own code. Both allow the same
    requests and ask for the same wait.
    """

    scope = "client"
    # (hits counted in the window before this request, the oldest one's time) when the
    # window was kept in Redis; None when DRF's code kept it.
    window: tuple[int, float | None] | None = None

    def get_cache_key(self, request: Request, view: object) -> str | None:
        if isinstance(request.user, ApiClientUser):
            ident = f"client-{request.user.client.pk}"
        elif request.user and request.user.is_authenticated:
            ident = f"user-{request.user.pk}"
        else:
            ident = f"anon-{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}

    def allow_request(self, request: Request, view: Any) -> bool:
        hit = getattr(self.cache, "sliding_window_hit", None)
        if hit is None or self.rate is None:
            return super().allow_request(request, view)
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.now = self.timer()
        recorded, count, oldest = hit(
            self.key, now=self.now, window=self.duration, limit=self.num_requests
        )
        self.window = (count, oldest)
        return recorded

    def wait(self) -> float | None:
        """Seconds until a request would be allowed, spread over those still available: DRF's
        formula, over the window Redis counted."""
        if self.window is None:
            return super().wait()
        count, oldest = self.window
        remaining = self.duration - (self.now - oldest) if oldest is not None else self.duration
        available = self.num_requests - count + 1
        if available <= 0:
            return None
        return remaining / float(available)
