"""Fixtures for operations: an API client with a key, for exports and the metrics it moves."""

import pytest
from rest_framework.test import APIClient

from audit.actors import Actor
from hallucination.services import api_client_key_create


@pytest.fixture
def llm_service(db) -> APIClient:  # type: ignore[no-untyped-def]
    """An LLM service with a valid API key."""
    client, key = api_client_key_create(
        client_name="integrations-agent", actor=Actor.system("tests")
    )
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
    api.api_client = client  # type: ignore[attr-defined]
    api.key = key  # type: ignore[attr-defined]
    return api
