"""Fixtures for the detection API: two API clients with keys, and canonical payloads."""

import pytest
from rest_framework.test import APIClient

from audit.actors import Actor
from hallucination.demo.queries import CANONICAL_ANSWER, CANONICAL_SOURCE
from hallucination.services import api_client_key_create


def _client_with_key(name: str) -> APIClient:
    client, key = api_client_key_create(client_name=name, actor=Actor.system("tests"))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
    api.api_client = client  # type: ignore[attr-defined]
    api.key = key  # type: ignore[attr-defined]
    return api


@pytest.fixture
def alpha(db) -> APIClient:  # type: ignore[no-untyped-def]
    """An LLM service with a valid key."""
    return _client_with_key("alpha-agent")


@pytest.fixture
def beta(db) -> APIClient:  # type: ignore[no-untyped-def]
    """A second, unrelated LLM service."""
    return _client_with_key("beta-agent")


@pytest.fixture
def canonical_payload() -> dict:
    return {
        "question": "Summarise the Q3 2026 results.",
        "answer": CANONICAL_ANSWER,
        "sources": [{"id": "filing", "text": CANONICAL_SOURCE}],
        "confidence": "0.9",
        "entity": "Northwind Industries",
        "period": "Q3 2026",
    }
