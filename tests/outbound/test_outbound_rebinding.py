"""The name is resolved once per hop and the connection goes to the address that was checked."""

from collections.abc import Iterator

import pytest

from hallucination.outbound.guard import OutboundRefused, fetch
from hallucination.outbound.policy import outbound_policy

from .servers import LocalServer, counting_resolver, start_server


@pytest.fixture
def public_and_internal() -> Iterator[tuple[LocalServer, LocalServer]]:
    """127.0.0.1 stands for a public host; 127.0.0.2, on the same port, for an internal one."""
    public = start_server("127.0.0.1")
    internal = start_server("127.0.0.2", public.port)
    yield public, internal
    public.stop()
    internal.stop()


@pytest.fixture
def rebinding_policy(settings):  # type: ignore[no-untyped-def]
    settings.VERIFICATION = {
        **settings.VERIFICATION,
        "ALLOWED_HOSTS": ["rebind.example"],
        "ALLOWED_PORTS": None,
        "ALLOWED_PRIVATE_NETWORKS": ["127.0.0.1/32"],
    }
    return outbound_policy()


def test_a_resolver_answering_public_then_private_never_reaches_the_private_address(
    public_and_internal, rebinding_policy
):
    public, internal = public_and_internal
    public.route("/", body=b"public page", content_type="text/plain")
    internal.route("/", body=b"internal secrets", content_type="text/plain")
    resolver, calls = counting_resolver({"rebind.example": [["127.0.0.1"], ["127.0.0.2"]]})

    response = fetch(
        f"http://rebind.example:{public.port}/", policy=rebinding_policy, resolver=resolver
    )

    assert response.text == "public page"
    assert calls == ["rebind.example"]  # checked and connected on one answer
    assert internal.connections == 0


def test_a_redirect_is_resolved_and_checked_again(public_and_internal, rebinding_policy):
    public, internal = public_and_internal
    public.route("/hop", status=302, headers={"Location": "/next"}, body=b"")
    internal.route("/next", body=b"internal secrets", content_type="text/plain")
    resolver, calls = counting_resolver({"rebind.example": [["127.0.0.1"], ["127.0.0.2"]]})

    with pytest.raises(OutboundRefused) as refused:
        fetch(
            f"http://rebind.example:{public.port}/hop", policy=rebinding_policy, resolver=resolver
        )

    assert refused.value.code == "address_not_allowed"
    assert calls == ["rebind.example", "rebind.example"]
    assert public.connections == 1
    assert internal.connections == 0


def test_one_private_address_among_public_ones_refuses_the_name(
    public_and_internal, rebinding_policy
):
    public, internal = public_and_internal
    resolver, _ = counting_resolver({"rebind.example": [["127.0.0.1", "127.0.0.2"]]})
    with pytest.raises(OutboundRefused) as refused:
        fetch(f"http://rebind.example:{public.port}/", policy=rebinding_policy, resolver=resolver)
    assert refused.value.code == "address_not_allowed"
    assert public.connections == internal.connections == 0
