"""Over TLS the guard connects to the checked address but names the host in SNI and verifies it."""

import shutil
import ssl
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from hallucination.outbound.guard import OutboundFailed, fetch
from hallucination.outbound.policy import outbound_policy

from .servers import LocalServer, counting_resolver

HOST = "filings.example"


@pytest.fixture
def certificate(tmp_path: Path) -> tuple[Path, Path]:
    """A self-signed certificate for filings.example only (not for 127.0.0.1)."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is needed to make a test certificate")
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-keyout", str(key), "-out", str(cert), "-subj", f"/CN={HOST}",
            "-addext", f"subjectAltName=DNS:{HOST}",
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return key, cert


@pytest.fixture
def tls_server(certificate) -> Iterator[tuple[LocalServer, list[str | None]]]:
    key, cert = certificate
    names: list[str | None] = []
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    context.sni_callback = lambda _socket, name, _context: names.append(name)
    server = LocalServer("127.0.0.1")
    server.wrap_tls(context)
    server.start()
    yield server, names
    server.stop()


@pytest.fixture
def trusting_transport(certificate) -> httpx.HTTPTransport:
    """The guard's inner transport, trusting the test certificate (and only it)."""
    context = ssl.create_default_context(cafile=str(certificate[1]))
    return httpx.HTTPTransport(verify=context, limits=httpx.Limits(max_keepalive_connections=0))


@pytest.fixture
def tls_policy(settings):  # type: ignore[no-untyped-def]
    settings.VERIFICATION = {
        **settings.VERIFICATION,
        "ALLOWED_HOSTS": [HOST, "127.0.0.1"],
        "ALLOWED_PORTS": None,
        "ALLOWED_PRIVATE_NETWORKS": ["127.0.0.1/32"],
    }
    return outbound_policy()


def test_it_sends_the_host_name_in_sni_and_verifies_the_certificate_for_it(
    tls_server, trusting_transport, tls_policy
):
    server, names = tls_server
    server.route("/10-q", body=b"EPS $0.78", content_type="text/plain")
    resolver, _ = counting_resolver({HOST: [["127.0.0.1"]]})

    response = fetch(
        f"https://{HOST}:{server.port}/10-q",
        policy=tls_policy,
        resolver=resolver,
        transport=trusting_transport,
    )

    assert response.text == "EPS $0.78"
    assert response.address == "127.0.0.1"
    assert names == [HOST]
    assert server.requests[-1][1]["Host"] == f"{HOST}:{server.port}"


def test_certificate_verification_stays_on_when_connecting_by_address(
    tls_server, trusting_transport, tls_policy
):
    server, _ = tls_server
    with pytest.raises(OutboundFailed) as failed:
        fetch(
            server.url("/").replace("http://", "https://"),
            policy=tls_policy,
            transport=trusting_transport,
        )
    assert failed.value.code == "connect_error"
    assert "CERTIFICATE" in failed.value.message.upper()
