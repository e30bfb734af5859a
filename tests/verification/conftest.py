"""Fixtures for external verification: the outbound guard's loopback servers, clients and roles."""

import pytest

from tests.outbound.conftest import (  # noqa: F401  (fixtures)
    loopback_allowed,
    policy,
    server,
)


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
