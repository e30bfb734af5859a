"""Throttle counters live in Redis, shared by every web process: 429 with Retry-After past the rate."""

import os

import pytest
import redis
from django.core.cache import caches
from rest_framework.throttling import SimpleRateThrottle


@pytest.fixture
def redis_cache(settings, monkeypatch):  # type: ignore[no-untyped-def]
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.fail("TEST_REDIS_URL is not set: the throttle test needs a real Redis.")
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": "throttle-test",
        }
    }
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"client": "3/min"})
    caches["default"].clear()
    yield redis.Redis.from_url(url)
    caches["default"].clear()


def test_a_client_over_its_rate_gets_429_with_retry_after(alpha, beta, redis_cache):
    codes = [alpha.get("/api/v1/queries/").status_code for _ in range(4)]
    refused = alpha.get("/api/v1/queries/")

    assert codes == [200, 200, 200, 429]
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 60
    assert refused.json()["error"] == "throttled"
    assert beta.get("/api/v1/queries/").status_code == 200
    stored = [key.decode() for key in redis_cache.keys("throttle-test:*")]
    assert any(f"client-{alpha.api_client.pk}" in key for key in stored), stored
