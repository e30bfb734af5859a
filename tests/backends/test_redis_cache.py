"""The Redis cache backend: Django's, keeping one Redis client per server."""

import os

import pytest
from django.core.cache import caches
from rest_framework.throttling import SimpleRateThrottle

BACKEND = "hallucination.backends.cache.RedisCache"


@pytest.fixture
def redis_cache(settings, monkeypatch):  # type: ignore[no-untyped-def]
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.fail("TEST_REDIS_URL is not set: the cache tests need a real Redis.")
    settings.CACHES = {"default": {"BACKEND": BACKEND, "LOCATION": url, "KEY_PREFIX": "kept"}}
    caches["default"].clear()
    yield caches["default"]
    caches["default"].clear()


def test_it_stores_reads_counts_and_deletes_as_django_s_does(redis_cache):
    redis_cache.set("a", {"n": 1}, 30)
    assert redis_cache.get("a") == {"n": 1}
    assert redis_cache.add("b", 0, 30) is True
    assert redis_cache.add("b", 5, 30) is False
    assert redis_cache.incr("b") == 1
    assert redis_cache.get_many(["a", "b", "c"]) == {"a": {"n": 1}, "b": 1}
    redis_cache.delete("a")
    assert redis_cache.get("a") is None


def test_it_keeps_one_client_for_reads_and_writes(redis_cache):
    client = redis_cache._cache.get_client()

    redis_cache.set("a", 1, 30)
    redis_cache.get("a")

    assert redis_cache._cache.get_client(write=True) is client
    assert redis_cache._cache.get_client("a") is client


def test_the_api_throttle_counts_through_it(alpha, redis_cache, monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"client": "2/min"})

    codes = [alpha.get("/api/v1/queries/").status_code for _ in range(3)]

    assert codes == [200, 200, 429]


def test_a_window_counts_hits_and_slides(redis_cache):
    first = redis_cache.sliding_window_hit("w", now=1000.0, window=1.0, limit=2)
    second = redis_cache.sliding_window_hit("w", now=1000.4, window=1.0, limit=2)
    refused = redis_cache.sliding_window_hit("w", now=1000.9, window=1.0, limit=2)
    slid = redis_cache.sliding_window_hit("w", now=1001.0, window=1.0, limit=2)

    assert first == (True, 0, None)
    assert second == (True, 1, 1000.0)
    assert refused == (False, 2, 1000.0)
    # The hit at 1000.0 is out of the window ending at 1001.0, as in DRF's (`<=` drops it).
    assert slid == (True, 1, 1000.4)


def test_concurrent_hits_never_pass_the_limit(redis_cache):
    # From many threads at once, as from many web processes: each hit is one atomic step,
    # so exactly the limit passes (DRF's read-then-write list lets some through twice).
    import threading
    import time

    now = time.time()
    recorded = []
    start = threading.Barrier(20)

    def hit() -> None:
        start.wait()
        for _ in range(5):
            recorded.append(redis_cache.sliding_window_hit("c", now=now, window=60, limit=30)[0])

    threads = [threading.Thread(target=hit) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert recorded.count(True) == 30


@pytest.mark.parametrize("backend", [BACKEND, "django.core.cache.backends.locmem.LocMemCache"])
def test_the_throttle_allows_and_waits_the_same_on_either_cache(
    alpha, settings, monkeypatch, backend
):
    settings.CACHES = {
        "default": {"BACKEND": backend, "LOCATION": os.environ.get("TEST_REDIS_URL", "w")}
    }
    caches["default"].clear()
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"client": "3/min"})
    clock = iter([100.0, 110.0, 120.0, 130.0, 150.0, 170.0])
    monkeypatch.setattr(SimpleRateThrottle, "timer", lambda self: next(clock))

    responses = [alpha.get("/api/v1/queries/") for _ in range(6)]
    caches["default"].clear()

    # 3 in any minute: refused at 130 and 150 (wait until 160, when 100 leaves the window,
    # then 10 s later), allowed at 170 (100 and 110 have left it).
    assert [r.status_code for r in responses] == [200, 200, 200, 429, 429, 200]
    assert [responses[3]["Retry-After"], responses[4]["Retry-After"]] == ["30", "10"]
