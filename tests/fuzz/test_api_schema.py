"""Property-based requests to every endpoint of /api/schema/: never a 500, bodies as documented."""

import os

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
)

from audit.actors import Actor
from hallucination.services import api_client_key_create
from hallucination.wsgi import application
from reviews import roles
from reviews.services import review_open
from tests.factories import PASSWORD, UserFactory, canonical_example

# Bounded so the whole suite stays within CI's budget; FUZZ_MAX_EXAMPLES=500 searches harder.
MAX_EXAMPLES = int(os.environ.get("FUZZ_MAX_EXAMPLES", "25"))
CHECKS = [
    schemathesis.checks.not_a_server_error,
    content_type_conformance,
    response_schema_conformance,
]


@pytest.fixture
def keep_test_connection():  # type: ignore[no-untyped-def]
    """Requests go through the real WSGI handler, which closes the database connection at the
    end of each request; inside the test's transaction that would end it. Django's own test
    client makes the same exception."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def stored_review(db, keep_test_connection):  # type: ignore[no-untyped-def]
    """Something to find: a finished, flagged query with its review, so reads are not all 404."""
    roles.ensure_roles()
    return review_open(query=canonical_example(), actor=Actor.system("tests"))


# The app's own schema, read through its WSGI handler (the schema view needs no database).
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)


@pytest.fixture
def api_key(db) -> str:  # type: ignore[no-untyped-def]
    _, key = api_client_key_create(client_name="fuzz-agent", actor=Actor.system("tests"))
    return key


@pytest.fixture
def reviewer_cookie(db, client) -> dict:  # type: ignore[no-untyped-def]
    roles.ensure_roles()
    user = UserFactory(username="fuzz-reviewer", roles=[roles.REVIEWER])
    assert client.login(username=user.username, password=PASSWORD)
    return {"sessionid": client.cookies["sessionid"].value}


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_an_api_client_never_gets_a_server_error(case, api_key, stored_review):
    case.call_and_validate(headers={"Authorization": f"Api-Key {api_key}"}, checks=CHECKS)


@schema.include(method="GET").parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_a_reviewer_session_never_gets_a_server_error(case, reviewer_cookie, stored_review):
    case.call_and_validate(cookies=reviewer_cookie, checks=CHECKS)
