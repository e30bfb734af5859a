"""Fixtures for the outbound guard: loopback HTTP servers and the test-only allowance for them."""

from collections.abc import Iterator

import pytest

from hallucination.outbound.guard import OutboundPolicy
from hallucination.outbound.policy import outbound_policy

from .servers import LocalServer, start_server

# The only place 127.0.0.1 becomes reachable: a test setting, never a default.
LOOPBACK_ALLOWANCE = {
    "ALLOWED_HOSTS": ["127.0.0.1"],
    "ALLOWED_PORTS": None,
    "ALLOWED_PRIVATE_NETWORKS": ["127.0.0.1/32"],
    "CONNECT_TIMEOUT": 1.0,
    "READ_TIMEOUT": 0.5,
    "TOTAL_TIMEOUT": 5.0,
    "MAX_RESPONSE_BYTES": 64 * 1024,
}


@pytest.fixture
def server() -> Iterator[LocalServer]:
    """An HTTP server on 127.0.0.1 that counts the connections it accepts."""
    local = start_server()
    yield local
    local.stop()


@pytest.fixture
def loopback_allowed(settings) -> dict:  # type: ignore[no-untyped-def]
    settings.VERIFICATION = {**settings.VERIFICATION, **LOOPBACK_ALLOWANCE}
    return settings.VERIFICATION


@pytest.fixture
def policy(loopback_allowed) -> OutboundPolicy:  # type: ignore[no-untyped-def]
    """The outbound policy the settings give once the test allowance is applied."""
    return outbound_policy()
