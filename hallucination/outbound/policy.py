"""The outbound guard's policy as the settings give it (settings.VERIFICATION's request keys).

The keys keep their place in VERIFICATION, where they were first needed; the verification
app's own accessor overlays the same defaults and reports unknown keys at startup.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from .guard import OutboundPolicy

OUTBOUND_DEFAULTS: dict[str, Any] = {
    "ALLOWED_HOSTS": [],
    "ALLOWED_PORTS": [80, 443],
    "ALLOWED_PRIVATE_NETWORKS": [],
    "CONNECT_TIMEOUT": 3.0,
    "READ_TIMEOUT": 10.0,
    "TOTAL_TIMEOUT": 30.0,
    "MAX_RESPONSE_BYTES": 5 * 1024 * 1024,
    "MAX_REDIRECTS": 3,
    "CONTENT_TYPES": sorted(OutboundPolicy().content_types),
    "USER_AGENT": "numeric-hallucination-review/1.0 (external verification)",
}


def outbound_settings() -> dict[str, Any]:
    """The request keys of settings.VERIFICATION over their defaults."""
    overrides = getattr(settings, "VERIFICATION", {}) or {}
    return {key: overrides.get(key, default) for key, default in OUTBOUND_DEFAULTS.items()}


def _networks(values: list[str]) -> tuple[Any, ...]:
    networks = []
    for value in values:
        try:
            networks.append(ipaddress.ip_network(str(value).strip(), strict=False))
        except ValueError as exc:
            raise ImproperlyConfigured(
                f"VERIFICATION ALLOWED_PRIVATE_NETWORKS: {value!r} is not a network ({exc})."
            ) from None
    return tuple(networks)


def outbound_policy() -> OutboundPolicy:
    conf = outbound_settings()
    ports = conf["ALLOWED_PORTS"]
    return OutboundPolicy(
        allowed_hosts=tuple(str(host).strip().lower() for host in conf["ALLOWED_HOSTS"]),
        # None means any port (the test suite's ephemeral ports); an empty list means none.
        allowed_ports=frozenset(int(port) for port in ports) if ports is not None else None,
        allowed_private_networks=_networks(list(conf["ALLOWED_PRIVATE_NETWORKS"])),
        connect_timeout=float(conf["CONNECT_TIMEOUT"]),
        read_timeout=float(conf["READ_TIMEOUT"]),
        total_timeout=float(conf["TOTAL_TIMEOUT"]),
        max_bytes=int(conf["MAX_RESPONSE_BYTES"]),
        max_redirects=int(conf["MAX_REDIRECTS"]),
        content_types=frozenset(str(c).lower() for c in conf["CONTENT_TYPES"]),
        user_agent=str(conf["USER_AGENT"]),
    )
