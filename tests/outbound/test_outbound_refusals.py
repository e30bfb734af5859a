"""Every refused URL form reaches the local listeners zero times.

Three policies: `open` allows every host and port but no private address, so the address
check alone must refuse; `exempt` also exempts 127.0.0.1, which must not leak to other
spellings of it; `test` is the suite's loopback allowance (only the host 127.0.0.1). The
listeners sit on 127.0.0.1, 127.0.0.2 and ::1 at one port, counting accepted connections.
"""

import contextlib
from collections.abc import Iterator

import pytest

from hallucination.outbound.guard import OutboundFailed, OutboundRefused, fetch
from hallucination.outbound.policy import outbound_policy

from .conftest import LOOPBACK_ALLOWANCE
from .servers import LocalServer, counting_resolver, start_server

POLICIES = {
    "open": {"ALLOWED_HOSTS": ["*"], "ALLOWED_PORTS": None, "ALLOWED_PRIVATE_NETWORKS": []},
    "exempt": {
        "ALLOWED_HOSTS": ["*"],
        "ALLOWED_PORTS": None,
        "ALLOWED_PRIVATE_NETWORKS": ["127.0.0.1/32"],
    },
    "test": LOOPBACK_ALLOWANCE,
}

# (policy, URL with {port} for the listeners' port, resolver answers or None, expected code)
DIRECT = [
    ("open", "http://127.0.0.1:{port}/", None, "address_not_allowed"),
    ("open", "http://localhost:{port}/", None, "address_not_allowed"),
    ("open", "http://LOCALHOST.:{port}/", None, "address_not_allowed"),
    ("open", "http://127.0.0.2:{port}/", None, "address_not_allowed"),
    ("open", "http://127.1:{port}/", None, "non_canonical_address"),
    ("open", "http://2130706433:{port}/", None, "non_canonical_address"),
    ("open", "http://0x7f000001:{port}/", None, "non_canonical_address"),
    ("open", "http://0x7f.1:{port}/", None, "non_canonical_address"),
    ("open", "http://0x7f.0x0.0x0.0x1:{port}/", None, "non_canonical_address"),
    ("open", "http://0177.0.0.1:{port}/", None, "invalid_url"),
    ("open", "http://017700000001:{port}/", None, "non_canonical_address"),
    ("open", "http://0.0.0.0:{port}/", None, "address_not_allowed"),
    ("open", "http://0:{port}/", None, "non_canonical_address"),
    ("open", "http://[::1]:{port}/", None, "address_not_allowed"),
    ("open", "http://[0:0:0:0:0:0:0:1]:{port}/", None, "address_not_allowed"),
    ("open", "http://[::]:{port}/", None, "address_not_allowed"),
    ("open", "http://[::ffff:127.0.0.1]:{port}/", None, "address_not_allowed"),
    ("open", "http://[::ffff:7f00:1]:{port}/", None, "address_not_allowed"),
    ("open", "http://[::127.0.0.1]:{port}/", None, "address_not_allowed"),
    ("open", "http://[64:ff9b::7f00:1]:{port}/", None, "address_not_allowed"),
    ("open", "http://[2002:7f00:1::]:{port}/", None, "address_not_allowed"),
    ("open", "http://169.254.169.254:{port}/latest/meta-data/", None, "address_not_allowed"),
    ("open", "http://[fe80::1]:{port}/", None, "address_not_allowed"),
    ("open", "http://10.0.0.1:{port}/", None, "address_not_allowed"),
    ("open", "http://172.16.5.4:{port}/", None, "address_not_allowed"),
    ("open", "http://192.168.1.1:{port}/", None, "address_not_allowed"),
    ("open", "http://100.64.0.1:{port}/", None, "address_not_allowed"),
    ("open", "http://[fd00::1]:{port}/", None, "address_not_allowed"),
    ("open", "http://224.0.0.1:{port}/", None, "address_not_allowed"),
    ("open", "file:///etc/passwd", None, "scheme_not_allowed"),
    ("open", "ftp://127.0.0.1:{port}/", None, "scheme_not_allowed"),
    ("open", "gopher://127.0.0.1:{port}/_", None, "scheme_not_allowed"),
    ("open", "http://intranet.example:{port}/", ["127.0.0.1"], "address_not_allowed"),
    ("open", "http://intranet.example:{port}/", ["10.1.2.3"], "address_not_allowed"),
    ("open", "http://mixed.example:{port}/", ["93.184.216.34", "127.0.0.1"], "address_not_allowed"),
    ("open", "http://mapped.example:{port}/", ["::ffff:127.0.0.1"], "address_not_allowed"),
    # An exemption for 127.0.0.1 covers that address, spelled that way, and nothing else.
    ("exempt", "http://2130706433:{port}/", None, "non_canonical_address"),
    ("exempt", "http://127.1:{port}/", None, "non_canonical_address"),
    ("exempt", "http://0x7f.1:{port}/", None, "non_canonical_address"),
    ("exempt", "http://[::ffff:127.0.0.1]:{port}/", None, "address_not_allowed"),
    ("exempt", "http://0.0.0.0:{port}/", None, "address_not_allowed"),
    ("exempt", "http://127.0.0.2:{port}/", None, "address_not_allowed"),
    ("exempt", "http://[::1]:{port}/", None, "address_not_allowed"),
    ("test", "http://localhost:{port}/", None, "host_not_allowed"),
    ("test", "http://user:secret@127.0.0.1:{port}/", None, "credentials_in_url"),
    ("test", "http://127.0.0.1@127.0.0.2:{port}/", None, "credentials_in_url"),
]

# A permitted page on 127.0.0.1 (the test allowance) that redirects to a refused place.
REDIRECTS = [
    "http://localhost:{port}/",
    "http://127.0.0.2:{port}/",
    "http://2130706433:{port}/",
    "http://[::ffff:127.0.0.1]:{port}/",
    "http://[::1]:{port}/",
    "http://169.254.169.254/latest/meta-data/",
    "file:///etc/passwd",
]


@pytest.fixture
def listeners() -> Iterator[list[LocalServer]]:
    """Listeners on every loopback address the refused forms could reach, on one port."""
    first = start_server("127.0.0.1")
    servers = [first]
    for host in ("127.0.0.2", "::1"):
        with contextlib.suppress(OSError):  # no IPv6 on this machine: nothing to reach there
            servers.append(start_server(host, first.port))
    yield servers
    for server in servers:
        server.stop()


def _connections(servers: list[LocalServer]) -> int:
    return sum(server.connections for server in servers)


def test_the_matrix_is_broad():
    assert len(DIRECT) + len(REDIRECTS) >= 15


def test_the_listeners_count_a_permitted_connection(listeners, settings):
    # Without this, zero connections below could mean a listener that counts nothing.
    settings.VERIFICATION = {**settings.VERIFICATION, **POLICIES["test"]}
    listeners[0].route("/", body=b"ok", content_type="text/plain")
    assert fetch(listeners[0].url("/"), policy=outbound_policy()).text == "ok"
    assert _connections(listeners) == 1


@pytest.mark.parametrize(("policy_name", "url", "answers", "code"), DIRECT)
def test_a_refused_url_reaches_no_listener(listeners, settings, policy_name, url, answers, code):
    settings.VERIFICATION = {**settings.VERIFICATION, **POLICIES[policy_name]}
    port = listeners[0].port
    resolver_kwargs = {}
    if answers is not None:
        host = url.split("//", 1)[1].split(":", 1)[0]
        resolver, _ = counting_resolver({host: [answers]})
        resolver_kwargs["resolver"] = resolver
    for server in listeners:
        server.route("/", body=b"internal", content_type="text/plain")

    with pytest.raises(OutboundRefused) as refused:
        fetch(url.format(port=port), policy=outbound_policy(), **resolver_kwargs)

    assert refused.value.code == code
    assert _connections(listeners) == 0


@pytest.mark.parametrize("target", REDIRECTS)
def test_a_redirect_to_a_refused_place_is_not_followed(listeners, server, settings, target):
    settings.VERIFICATION = {**settings.VERIFICATION, **POLICIES["test"]}
    location = target.format(port=listeners[0].port)
    start = server.route("/hop", status=302, headers={"Location": location}, body=b"")

    with pytest.raises((OutboundRefused, OutboundFailed)) as refused:
        fetch(start, policy=outbound_policy())

    assert isinstance(refused.value, OutboundRefused)
    assert server.connections == 1  # the permitted first hop
    assert _connections(listeners) == 0
