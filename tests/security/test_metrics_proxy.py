"""/metrics behind a reverse proxy (issue 16, item 10): forwarded headers are believed only
from configured proxies; the bearer token works from anywhere."""

import pytest
from django.test import Client


@pytest.fixture
def metrics(settings):  # type: ignore[no-untyped-def]
    settings.METRICS = {
        "ALLOWED_NETWORKS": ["127.0.0.1/32", "10.20.0.0/16"],
        "TRUSTED_PROXIES": [],
        "TOKEN": "scrape-token-" + "x" * 20,
    }
    return settings.METRICS


def _get(remote: str = "127.0.0.1", **headers: str):  # type: ignore[no-untyped-def]
    return Client(REMOTE_ADDR=remote).get("/metrics", **headers)


@pytest.mark.parametrize(
    "header",
    [
        "HTTP_X_REAL_IP",
        "HTTP_X_FORWARDED_FOR",
        "HTTP_FORWARDED",
        "HTTP_X_CLIENT_IP",
        "HTTP_TRUE_CLIENT_IP",
        "HTTP_CF_CONNECTING_IP",
    ],
)
def test_a_proxied_request_from_an_untrusted_peer_is_refused(db, metrics, header):
    # A proxy on the same host: REMOTE_ADDR is loopback, the real client is named in a header.
    value = "for=203.0.113.9" if header == "HTTP_FORWARDED" else "203.0.113.9"

    assert _get(**{header: value}).status_code == 403


def test_a_spoofed_allowed_address_from_an_untrusted_peer_is_refused(db, metrics):
    assert _get("203.0.113.9", HTTP_X_REAL_IP="127.0.0.1").status_code == 403
    assert _get("203.0.113.9", HTTP_X_FORWARDED_FOR="10.20.0.5").status_code == 403


def test_a_trusted_proxy_forwarding_an_allowed_scraper_is_admitted(db, metrics):
    metrics["TRUSTED_PROXIES"] = ["127.0.0.1/32"]

    assert _get(HTTP_X_FORWARDED_FOR="10.20.0.5").status_code == 200
    # The client may prepend anything; only the hop the proxy appended counts.
    assert _get(HTTP_X_FORWARDED_FOR="10.20.0.5, 203.0.113.9").status_code == 403
    assert _get(HTTP_X_FORWARDED_FOR="203.0.113.9").status_code == 403
    assert _get().status_code == 403  # a trusted proxy that does not say for whom


def test_the_bearer_token_admits_a_scraper_through_any_proxy(db, metrics):
    token = f"Bearer {metrics['TOKEN']}"

    assert _get("203.0.113.9", HTTP_AUTHORIZATION=token).status_code == 200
    assert _get(HTTP_AUTHORIZATION=token, HTTP_X_REAL_IP="203.0.113.9").status_code == 200
    assert _get("203.0.113.9", HTTP_AUTHORIZATION="Bearer wrong").status_code == 403


def test_a_direct_scraper_on_an_allowed_network_is_admitted(db, metrics):
    assert _get().status_code == 200
    assert _get("10.20.3.4").status_code == 200
    assert _get("203.0.113.9").status_code == 403
