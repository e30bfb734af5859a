"""The cast of the review tests (two reviewers, an auditor, an admin, an outsider) and a review."""

import pytest

from audit.actors import Actor
from reviews import roles
from reviews.models import Review
from reviews.services import review_open
from tests.factories import UserFactory, canonical_example


@pytest.fixture
def groups(db):  # type: ignore[no-untyped-def]
    return roles.ensure_roles()


@pytest.fixture
def reviewer(groups):  # type: ignore[no-untyped-def]
    return UserFactory(username="rita", roles=[roles.REVIEWER])


@pytest.fixture
def reviewer2(groups):  # type: ignore[no-untyped-def]
    return UserFactory(username="rafael", roles=[roles.REVIEWER])


@pytest.fixture
def auditor(groups):  # type: ignore[no-untyped-def]
    return UserFactory(username="aude", roles=[roles.AUDITOR])


@pytest.fixture
def admin_user(groups):  # type: ignore[no-untyped-def]
    return UserFactory(username="ada", roles=[roles.ADMIN])


@pytest.fixture
def outsider(groups):  # type: ignore[no-untyped-def]
    """Logged in, but in no role."""
    return UserFactory(username="otto")


@pytest.fixture
def review(db) -> Review:  # type: ignore[no-untyped-def]
    """Seed 004's canonical example, flagged and waiting in the queue."""
    return review_open(query=canonical_example(), actor=Actor.system("tests"))
