"""Each API client is throttled on its own; over the limit it gets 429 with Retry-After."""

import pytest
from django.core.cache import cache
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle


@pytest.fixture
def two_per_minute(monkeypatch):
    cache.clear()
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"client": "2/min"})
    yield
    cache.clear()
    assert api_settings.DEFAULT_THROTTLE_RATES  # the real setting is left as it was


def test_it_answers_429_with_retry_after_over_the_limit(alpha, two_per_minute):
    codes = [alpha.get("/api/v1/queries/").status_code for _ in range(3)]

    assert codes[:2] == [200, 200]
    assert codes[2] == 429
    response = alpha.get("/api/v1/queries/")
    assert int(response["Retry-After"]) > 0


def test_it_counts_each_client_separately(alpha, beta, two_per_minute):
    alpha.get("/api/v1/queries/")
    alpha.get("/api/v1/queries/")

    assert alpha.get("/api/v1/queries/").status_code == 429
    assert beta.get("/api/v1/queries/").status_code == 200
