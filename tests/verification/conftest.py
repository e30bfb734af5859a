"""Fixtures for external verification: loopback HTTP servers and the test-only allowance for them."""

from collections.abc import Iterator

import pytest

from verification.conf import outbound_policy
from verification.outbound import OutboundPolicy

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


def _api_client_with_key(name: str):  # type: ignore[no-untyped-def]
    from rest_framework.test import APIClient

    from audit.actors import Actor
    from hallucination.services import api_client_key_create

    client, key = api_client_key_create(client_name=name, actor=Actor.system("tests"))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
    api.api_client = client  # type: ignore[attr-defined]
    return api


@pytest.fixture
def llm_service(db):  # type: ignore[no-untyped-def]
    """An API client: an LLM service with a valid key."""
    return _api_client_with_key("verification-agent")


def _user_with(username: str, permissions: list[str]):  # type: ignore[no-untyped-def]
    from django.contrib.auth.models import Permission
    from rest_framework.test import APIClient

    from tests.factories import UserFactory

    user = UserFactory(username=username)
    for name in permissions:
        app_label, codename = name.split(".")
        user.user_permissions.add(
            Permission.objects.get(content_type__app_label=app_label, codename=codename)
        )
    api = APIClient()
    api.force_login(user)
    api.user = user  # type: ignore[attr-defined]
    return api


@pytest.fixture
def fact_keeper(db):  # type: ignore[no-untyped-def]
    """A person allowed to load reference facts."""
    return _user_with(
        "fact-keeper",
        [
            "hallucination.view_referencefact",
            "hallucination.add_referencefact",
            "hallucination.change_referencefact",
        ],
    )


@pytest.fixture
def fact_reader(db):  # type: ignore[no-untyped-def]
    """A person who may read reference facts and nothing more."""
    return _user_with("fact-reader", ["hallucination.view_referencefact"])
