"""Fixtures for delivery: loopback receivers, the test-only allowance, an API client."""

from collections.abc import Iterator

import pytest
from rest_framework.test import APIClient

from audit.actors import Actor
from hallucination.services import api_client_key_create
from tests.outbound.conftest import LOOPBACK_ALLOWANCE

from .receiver import Receiver

SECRET = "whsec-test-integrations"


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    """A webhook receiver on 127.0.0.1 answering 200."""
    local = Receiver().start()
    yield local
    local.stop()


@pytest.fixture
def loopback_allowed(settings) -> dict:  # type: ignore[no-untyped-def]
    """127.0.0.1 reachable through the outbound guard: the verification app's test setting."""
    settings.VERIFICATION = {**settings.VERIFICATION, **LOOPBACK_ALLOWANCE}
    return settings.VERIFICATION


@pytest.fixture
def webhook_settings(settings) -> dict:  # type: ignore[no-untyped-def]
    settings.WEBHOOKS = {**settings.WEBHOOKS, "SIGNING_SECRET": SECRET, "MAX_ATTEMPTS": 4}
    return settings.WEBHOOKS


def _client_with_key(name: str) -> APIClient:
    client, key = api_client_key_create(client_name=name, actor=Actor.system("tests"))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
    api.api_client = client  # type: ignore[attr-defined]
    api.key = key  # type: ignore[attr-defined]
    return api


@pytest.fixture
def llm_service(db) -> APIClient:  # type: ignore[no-untyped-def]
    """An LLM service with a valid API key."""
    return _client_with_key("integrations-agent")
