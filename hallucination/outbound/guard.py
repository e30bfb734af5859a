"""The outbound-request guard: every request the service makes to the outside goes through here.

A URL is fetched only when its scheme, port and host are allowed, its host is written in a
canonical form, and every address its name resolves to is globally routable (or in a network
a setting exempts). The name is resolved once and the connection is made to the address that
was checked, with the original Host header and TLS SNI, so a DNS answer that changes between
check and connect (rebinding) cannot redirect it. Redirects are followed by hand, each hop
checked again. Connect, read and total timeouts, a size cap and a content-type allow-list
bound what a hostile server can do.
"""

from __future__ import annotations

import functools
import ipaddress
import re
import socket
import ssl
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import certifi
import httpx

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

# Resolves (host, port) to address strings. The system resolver is a boundary we do not own;
# tests inject their own to play a name that resolves to a private address or changes its
# answer between two lookups.
Resolver = Callable[[str, int], Sequence[str]]

REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
DEFAULT_PORTS = {"http": 80, "https": 443}

# Refused even where `is_global` says otherwise: ranges that reach private hosts through
# translation or tunnelling (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo), shared
# carrier-grade space, multicast, and the deprecated site-local block.
DENIED_NETWORKS: tuple[IPNetwork, ...] = tuple(
    ipaddress.ip_network(network)
    for network in (
        "0.0.0.0/8",
        "10.0.0.0/8",
        "100.64.0.0/10",
        "127.0.0.0/8",
        "169.254.0.0/16",
        "172.16.0.0/12",
        "192.0.0.0/24",
        "192.0.2.0/24",
        "192.88.99.0/24",
        "192.168.0.0/16",
        "198.18.0.0/15",
        "198.51.100.0/24",
        "203.0.113.0/24",
        "224.0.0.0/4",
        "240.0.0.0/4",
        "::/96",
        "::ffff:0:0/96",
        "64:ff9b::/96",
        "64:ff9b:1::/48",
        "100::/64",
        "2001::/23",
        "2001:db8::/32",
        "2002::/16",
        "fc00::/7",
        "fe80::/10",
        "fec0::/10",
        "ff00::/8",
    )
)

# Dotted decimal with no leading zeros: the only spelling of an IPv4 address we accept.
_CANONICAL_IPV4 = re.compile(
    r"^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$"
)
# What inet_aton would read as a number: decimal, octal (leading 0) or hex parts, 1 to 4 of them.
_NUMERIC_HOST = re.compile(r"^(0x[0-9a-f]*|\d+)(\.(0x[0-9a-f]*|\d+)){0,3}\.?$", re.IGNORECASE)


class OutboundRefused(Exception):
    """The guard refused a URL before any connection was made to it."""

    def __init__(self, code: str, message: str, url: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.url = url


class OutboundFailed(Exception):
    """A permitted request failed: timeout, connection error, too large, bad status.

    `transient` says whether trying again later may succeed.
    """

    def __init__(self, code: str, message: str, url: str = "", *, transient: bool) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.url = url
        self.transient = transient


@dataclass(frozen=True, slots=True)
class OutboundPolicy:
    """What the guard lets through. The defaults refuse every host until some are allowed."""

    allowed_hosts: tuple[str, ...] = ()
    allowed_ports: frozenset[int] | None = frozenset({80, 443})
    allowed_schemes: frozenset[str] = frozenset({"http", "https"})
    # Non-global networks a deployment (or the test suite) deliberately reaches.
    allowed_private_networks: tuple[IPNetwork, ...] = ()
    connect_timeout: float = 3.0
    read_timeout: float = 10.0
    total_timeout: float = 30.0
    max_bytes: int = 5 * 1024 * 1024
    max_redirects: int = 3
    content_types: frozenset[str] = frozenset(
        {
            "text/html",
            "text/plain",
            "text/xml",
            "application/xhtml+xml",
            "application/xml",
            "application/json",
            "application/xbrl+xml",
        }
    )
    user_agent: str = "numeric-hallucination-review/1.0"


@dataclass(frozen=True, slots=True)
class Destination:
    """A checked hop: where the URL points and the address the connection will use."""

    url: str
    scheme: str
    host: str
    port: int
    addresses: tuple[str, ...]
    address: str


@dataclass(frozen=True, slots=True)
class FetchedResponse:
    url: str
    final_url: str
    status_code: int
    content_type: str
    charset: str | None
    body: bytes
    address: str
    redirects: tuple[str, ...] = field(default_factory=tuple)
    elapsed_ms: float = 0.0

    @property
    def text(self) -> str:
        try:
            return self.body.decode(self.charset or "utf-8", errors="replace")
        except LookupError:
            return self.body.decode("utf-8", errors="replace")


def system_resolver(host: str, port: int) -> list[str]:
    """Every address the system resolver gives for host, in its order, without duplicates."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    addresses: list[str] = []
    for info in infos:
        address = str(info[4][0])
        if address not in addresses:
            addresses.append(address)
    return addresses


def address_refusal(address: IPAddress, policy: OutboundPolicy) -> str | None:
    """Why an address may not be connected to, or None when it may."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        # An exemption for 127.0.0.1 never extends to ::ffff:127.0.0.1.
        return "an IPv4-mapped IPv6 address"
    if address.version == 6 and address.scope_id:
        return "a scoped IPv6 address"
    if any(address in network for network in policy.allowed_private_networks):
        return None
    for network in DENIED_NETWORKS:
        if address in network:
            return f"in the non-public range {network}"
    if not address.is_global or address.is_multicast or address.is_reserved:
        return "not a globally routable address"
    return None


def host_allowed(host: str, patterns: Sequence[str]) -> bool:
    """Exact names, `*.example.com` for subdomains, or `*` for any host."""
    for pattern in patterns:
        pattern = pattern.strip().lower().rstrip(".")
        if pattern == "*" or pattern == host:
            return True
        if pattern.startswith("*.") and host.endswith(pattern[1:]):
            return True
    return False


def _literal_address(host: str, url: str) -> IPAddress | None:
    """The address a host names literally; refuses the numeric spellings of IPv4."""
    if ":" in host:
        try:
            return ipaddress.IPv6Address(host)
        except ValueError:
            raise OutboundRefused("invalid_url", f"{host!r} is not a valid address.", url) from None
    if _CANONICAL_IPV4.match(host):
        return ipaddress.IPv4Address(host)
    if _NUMERIC_HOST.match(host):
        # 2130706433, 0x7f.1, 0177.0.0.1 and 127.1 all reach 127.0.0.1 through inet_aton.
        raise OutboundRefused(
            "non_canonical_address",
            f"{host!r} is a numeric host in a non-canonical form; write the dotted address.",
            url,
        )
    return None


def check_url(
    url: str | httpx.URL, policy: OutboundPolicy, resolver: Resolver = system_resolver
) -> Destination:
    """Check one hop and resolve its host once. Raises OutboundRefused or OutboundFailed."""
    text = str(url)
    try:
        parsed = url if isinstance(url, httpx.URL) else httpx.URL(url)
    except (httpx.InvalidURL, TypeError, ValueError) as exc:
        raise OutboundRefused("invalid_url", f"Not a valid URL: {exc}.", text) from None
    scheme = parsed.scheme.lower()
    if scheme not in policy.allowed_schemes:
        raise OutboundRefused(
            "scheme_not_allowed", f"The scheme {scheme or '(none)'!r} is not allowed.", text
        )
    if parsed.userinfo:
        raise OutboundRefused("credentials_in_url", "URLs with credentials are refused.", text)
    try:
        host = parsed.raw_host.decode("ascii").lower().rstrip(".")
    except UnicodeDecodeError:
        raise OutboundRefused("invalid_url", "The host is not ASCII after IDNA.", text) from None
    if not host or "%" in host:
        raise OutboundRefused("invalid_url", f"{host!r} is not a valid host.", text)
    port = parsed.port or DEFAULT_PORTS.get(scheme, 0)
    if policy.allowed_ports is not None and port not in policy.allowed_ports:
        raise OutboundRefused("port_not_allowed", f"The port {port} is not allowed.", text)

    literal = _literal_address(host, text)
    if not host_allowed(host, policy.allowed_hosts):
        raise OutboundRefused("host_not_allowed", f"The host {host!r} is not allow-listed.", text)

    if literal is not None:
        addresses: list[str] = [str(literal)]
    else:
        try:
            addresses = list(resolver(host, port))
        except (OSError, UnicodeError) as exc:
            raise OutboundFailed(
                "dns_error", f"{host!r} does not resolve: {exc}.", text, transient=True
            ) from None
        if not addresses:
            raise OutboundFailed(
                "dns_error", f"{host!r} resolves to nothing.", text, transient=True
            )
    for address_text in addresses:
        try:
            address = ipaddress.ip_address(address_text)
        except ValueError:
            raise OutboundRefused(
                "address_not_allowed", f"{host!r} resolves to {address_text!r}.", text
            ) from None
        reason = address_refusal(address, policy)
        if reason is not None:
            # One bad answer refuses the host: the resolver may hand it out next time.
            raise OutboundRefused(
                "address_not_allowed", f"{host!r} resolves to {address}, {reason}.", text
            )
    return Destination(
        url=text,
        scheme=scheme,
        host=host,
        port=port,
        addresses=tuple(addresses),
        address=addresses[0],
    )


@functools.cache
def _tls_context() -> ssl.SSLContext:
    """One verifying context per process: loading the CA bundle costs more than a fetch."""
    return ssl.create_default_context(cafile=certifi.where())


class GuardedTransport(httpx.BaseTransport):
    """An httpx transport that checks every request and connects to the checked address."""

    def __init__(
        self,
        policy: OutboundPolicy,
        resolver: Resolver = system_resolver,
        inner: httpx.BaseTransport | None = None,
    ) -> None:
        self.policy = policy
        self.resolver = resolver
        # No keep-alive: a pooled connection is keyed by address and must not carry a
        # request for one host over a TLS session negotiated for another.
        self.inner = inner or httpx.HTTPTransport(
            verify=_tls_context(), limits=httpx.Limits(max_keepalive_connections=0), retries=0
        )
        self.destinations: list[Destination] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        destination = check_url(request.url, self.policy, self.resolver)
        self.destinations.append(destination)
        # The Host header was set from the original URL when the request was built; only
        # the address the connection goes to changes, and TLS still names the host.
        request.url = request.url.copy_with(host=destination.address)
        if destination.scheme == "https":
            request.extensions = {**request.extensions, "sni_hostname": destination.host}
        return self.inner.handle_request(request)

    def close(self) -> None:
        self.inner.close()


def _media_type(header: str) -> tuple[str, str | None]:
    media_type, _, params = header.partition(";")
    charset = None
    for param in params.split(";"):
        name, _, value = param.partition("=")
        if name.strip().lower() == "charset" and value.strip():
            charset = value.strip().strip('"')
    return media_type.strip().lower(), charset


def fetch(
    url: str,
    *,
    policy: OutboundPolicy,
    resolver: Resolver = system_resolver,
    headers: dict[str, str] | None = None,
    transport: httpx.BaseTransport | None = None,
) -> FetchedResponse:
    """GET a URL through the guard; follow up to max_redirects redirects, each re-checked.

    Returns the final response's body (at most max_bytes). Raises OutboundRefused for a URL
    the policy refuses (at any hop) and OutboundFailed for what goes wrong on the wire.
    """
    started = time.monotonic()
    deadline = started + policy.total_timeout
    guard = GuardedTransport(policy, resolver, inner=transport)
    request_headers = {
        "User-Agent": policy.user_agent,
        # Compressed bodies are refused below: the size cap must count what is stored.
        "Accept-Encoding": "identity",
        **(headers or {}),
    }
    redirects: list[str] = []
    current = url
    with httpx.Client(transport=guard, trust_env=False, follow_redirects=False) as client:
        for _hop in range(policy.max_redirects + 1):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise OutboundFailed(
                    "timeout", "The total time limit ran out.", url, transient=True
                )
            timeout = httpx.Timeout(
                connect=min(policy.connect_timeout, remaining),
                read=min(policy.read_timeout, remaining),
                write=min(policy.read_timeout, remaining),
                pool=min(policy.connect_timeout, remaining),
            )
            try:
                parsed = httpx.URL(current)
                scheme = parsed.scheme.lower()
                request = client.build_request(
                    "GET", current, headers=request_headers, timeout=timeout
                )
            except (httpx.InvalidURL, httpx.UnsupportedProtocol, TypeError) as exc:
                raise OutboundRefused("invalid_url", f"Not a valid URL: {exc}.", current) from None
            if scheme not in policy.allowed_schemes:
                # Said here because a URL without a host (file:///etc/passwd) reaches the
                # transport with its scheme dropped.
                raise OutboundRefused(
                    "scheme_not_allowed",
                    f"The scheme {scheme or '(none)'!r} is not allowed.",
                    current,
                )
            if not parsed.host:
                raise OutboundRefused("invalid_url", "The URL has no host.", current)
            response = _send(client, request, current)
            try:
                if response.status_code in REDIRECT_STATUSES:
                    location = response.headers.get("Location")
                    if not location:
                        raise OutboundFailed(
                            "bad_redirect",
                            "A redirect without a Location.",
                            current,
                            transient=False,
                        )
                    try:
                        current = str(httpx.URL(current).join(location))
                    except (httpx.InvalidURL, ValueError) as exc:
                        raise OutboundRefused(
                            "invalid_url", f"Redirect to an invalid URL: {exc}.", location
                        ) from None
                    redirects.append(current)
                    continue
                body, content_type, charset = _read_body(response, policy, deadline, current)
            finally:
                response.close()
            return FetchedResponse(
                url=url,
                final_url=current,
                status_code=response.status_code,
                content_type=content_type,
                charset=charset,
                body=body,
                address=guard.destinations[-1].address,
                redirects=tuple(redirects),
                elapsed_ms=(time.monotonic() - started) * 1000,
            )
    raise OutboundFailed(
        "too_many_redirects",
        f"More than {policy.max_redirects} redirects.",
        url,
        transient=False,
    )


def _send(client: httpx.Client, request: httpx.Request, url: str) -> httpx.Response:
    try:
        return client.send(request, stream=True)
    except httpx.TimeoutException as exc:
        raise OutboundFailed(
            "timeout", f"Timed out: {exc or type(exc).__name__}.", url, transient=True
        ) from None
    except httpx.ConnectError as exc:
        raise OutboundFailed(
            "connect_error", f"Could not connect: {exc}.", url, transient=True
        ) from None
    except httpx.UnsupportedProtocol as exc:
        raise OutboundRefused("scheme_not_allowed", str(exc), url) from None
    except httpx.HTTPError as exc:
        raise OutboundFailed(
            "http_error", f"{type(exc).__name__}: {exc}.", url, transient=True
        ) from None


def _read_body(
    response: httpx.Response, policy: OutboundPolicy, deadline: float, url: str
) -> tuple[bytes, str, str | None]:
    status = response.status_code
    if status >= 400:
        raise OutboundFailed(
            "http_status",
            f"The server answered {status}.",
            url,
            transient=status >= 500 or status in (408, 429),
        )
    if status != 200:
        raise OutboundFailed("http_status", f"Unexpected status {status}.", url, transient=False)
    content_type, charset = _media_type(response.headers.get("Content-Type", ""))
    if content_type not in policy.content_types:
        raise OutboundRefused(
            "content_type_not_allowed",
            f"The content type {content_type or '(none)'!r} is not allowed.",
            url,
        )
    encoding = response.headers.get("Content-Encoding", "identity").strip().lower()
    if encoding not in ("", "identity"):
        raise OutboundRefused(
            "content_encoding_not_allowed", f"The content encoding {encoding!r} is refused.", url
        )
    declared = response.headers.get("Content-Length")
    if declared and declared.strip().isdigit() and int(declared) > policy.max_bytes:
        raise OutboundFailed(
            "too_large",
            f"The body is {int(declared)} bytes, over the limit of {policy.max_bytes}.",
            url,
            transient=False,
        )
    chunks: list[bytes] = []
    size = 0
    try:
        for chunk in response.iter_raw(chunk_size=64 * 1024):
            size += len(chunk)
            if size > policy.max_bytes:
                raise OutboundFailed(
                    "too_large",
                    f"The body exceeds the limit of {policy.max_bytes} bytes.",
                    url,
                    transient=False,
                )
            if time.monotonic() > deadline:
                raise OutboundFailed(
                    "timeout", "The total time limit ran out.", url, transient=True
                )
            chunks.append(chunk)
    except httpx.TimeoutException:
        raise OutboundFailed(
            "timeout", "Timed out reading the body.", url, transient=True
        ) from None
    except httpx.HTTPError as exc:
        raise OutboundFailed(
            "http_error", f"{type(exc).__name__}: {exc}.", url, transient=True
        ) from None
    return b"".join(chunks), content_type, charset
