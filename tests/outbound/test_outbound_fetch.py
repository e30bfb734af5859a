"""The guard fetches allowed pages and bounds what a server can do: time, size, type, redirects."""

import pytest

from hallucination.outbound.guard import OutboundFailed, OutboundRefused, fetch
from hallucination.outbound.policy import outbound_policy

from .servers import counting_resolver


def test_it_fetches_an_allowed_page(server, policy):
    url = server.route("/filing", body=b"<p>EPS: $0.78</p>")
    response = fetch(url, policy=policy)
    assert response.status_code == 200
    assert response.text == "<p>EPS: $0.78</p>"
    assert response.content_type == "text/html"
    assert response.address == "127.0.0.1"
    assert server.connections == 1


def test_it_connects_to_the_checked_address_and_keeps_the_host_header(server, settings):
    settings.VERIFICATION = {
        **settings.VERIFICATION,
        "ALLOWED_HOSTS": ["filings.example"],
        "ALLOWED_PORTS": None,
        "ALLOWED_PRIVATE_NETWORKS": ["127.0.0.1/32"],
    }
    resolver, calls = counting_resolver({"filings.example": [["127.0.0.1"]]})
    server.route("/q3", body=b"ok", content_type="text/plain")
    response = fetch(
        f"http://filings.example:{server.port}/q3", policy=outbound_policy(), resolver=resolver
    )
    assert response.text == "ok"
    assert calls == ["filings.example"]
    path, headers = server.requests[-1]
    assert path == "/q3"
    assert headers["Host"] == f"filings.example:{server.port}"


def test_it_refuses_every_host_until_one_is_allowed(server):
    url = server.route("/filing", body=b"x")
    with pytest.raises(OutboundRefused) as refused:
        fetch(url, policy=outbound_policy())
    assert refused.value.code in ("host_not_allowed", "port_not_allowed")
    assert server.connections == 0


def test_it_gives_up_on_a_server_slower_than_the_read_timeout(server, policy):
    url = server.route("/slow", body=b"late", delay=2.0)
    with pytest.raises(OutboundFailed) as failed:
        fetch(url, policy=policy)
    assert failed.value.code == "timeout"
    assert failed.value.transient is True


def test_it_refuses_a_body_declared_larger_than_the_cap(server, policy):
    url = server.route("/big", body=b"x" * (policy.max_bytes + 1))
    with pytest.raises(OutboundFailed) as failed:
        fetch(url, policy=policy)
    assert failed.value.code == "too_large"
    assert failed.value.transient is False


def test_it_stops_reading_a_streamed_body_at_the_cap(server, policy):
    url = server.route("/stream", body=b"y" * 8192, stream_chunks=64)  # 512 KiB, no length
    assert policy.max_bytes < 8192 * 64
    with pytest.raises(OutboundFailed) as failed:
        fetch(url, policy=policy)
    assert failed.value.code == "too_large"


def test_it_reads_a_body_just_under_the_cap(server, policy):
    url = server.route("/fits", body=b"z" * policy.max_bytes, declare_length=False)
    assert len(fetch(url, policy=policy).body) == policy.max_bytes


@pytest.mark.parametrize("content_type", ["image/png", "application/octet-stream", None])
def test_it_refuses_a_content_type_outside_the_allow_list(server, policy, content_type):
    url = server.route("/file", body=b"\x89PNG", content_type=content_type)
    with pytest.raises(OutboundRefused) as refused:
        fetch(url, policy=policy)
    assert refused.value.code == "content_type_not_allowed"


def test_it_refuses_a_compressed_body_it_cannot_measure(server, policy):
    url = server.route("/gz", body=b"\x1f\x8b", headers={"Content-Encoding": "gzip"})
    with pytest.raises(OutboundRefused) as refused:
        fetch(url, policy=policy)
    assert refused.value.code == "content_encoding_not_allowed"


def test_it_follows_a_redirect_and_checks_the_new_hop(server, policy):
    target = server.route("/final", body=b"landed", content_type="text/plain")
    start = server.route("/moved", status=302, headers={"Location": "/final"}, body=b"")
    response = fetch(start, policy=policy)
    assert response.text == "landed"
    assert response.final_url == target
    assert response.redirects == (target,)


def test_it_stops_after_the_redirect_limit(server, policy):
    url = server.route("/loop", status=302, headers={"Location": "/loop"}, body=b"")
    with pytest.raises(OutboundFailed) as failed:
        fetch(url, policy=policy)
    assert failed.value.code == "too_many_redirects"
    assert server.connections == policy.max_redirects + 1


def test_a_server_error_may_be_retried_and_a_missing_page_may_not(server, policy):
    unavailable = server.route("/busy", status=503, body=b"")
    with pytest.raises(OutboundFailed) as failed:
        fetch(unavailable, policy=policy)
    assert (failed.value.code, failed.value.transient) == ("http_status", True)
    with pytest.raises(OutboundFailed) as failed:
        fetch(server.url("/nowhere"), policy=policy)
    assert (failed.value.code, failed.value.transient) == ("http_status", False)


def test_a_name_that_does_not_resolve_is_a_transient_failure(policy, settings):
    settings.VERIFICATION = {**settings.VERIFICATION, "ALLOWED_HOSTS": ["nowhere.example"]}
    resolver, _ = counting_resolver({})
    with pytest.raises(OutboundFailed) as failed:
        fetch("http://nowhere.example/", policy=outbound_policy(), resolver=resolver)
    assert (failed.value.code, failed.value.transient) == ("dns_error", True)


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("file:///etc/passwd", "scheme_not_allowed"),
        ("javascript:alert(1)", "scheme_not_allowed"),
        ("//filings.example/q3", "scheme_not_allowed"),
        ("http://", "invalid_url"),
        ("http:///q3", "invalid_url"),
        ("http://[::1/", "invalid_url"),
    ],
)
def test_a_url_without_a_usable_scheme_or_host_is_refused_by_name(policy, url, code):
    with pytest.raises(OutboundRefused) as refused:
        fetch(url, policy=policy)
    assert refused.value.code == code
