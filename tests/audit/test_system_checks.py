"""System checks report missing append-only triggers and an unusable checkpoint key."""

import pytest
from django.core import checks
from django.db import connection

from audit.checks import check_append_only_triggers, check_checkpoint_key

pytestmark = pytest.mark.django_db


def test_the_triggers_are_installed_by_the_migrations() -> None:
    assert check_append_only_triggers(databases=["default"]) == []


def test_a_disabled_trigger_is_an_error() -> None:
    # Inside the test's transaction, which is rolled back: the table owner can do this, which is
    # why production connects as a role that does not own the table.
    with connection.cursor() as cursor:
        cursor.execute("ALTER TABLE audit_auditevent DISABLE TRIGGER audit_auditevent_no_truncate")
    errors = check_append_only_triggers(databases=["default"])
    assert [error.id for error in errors] == ["audit.E001"]
    assert "audit_auditevent_no_truncate" in errors[0].msg


def test_a_short_checkpoint_key_is_a_warning(settings) -> None:  # type: ignore[no-untyped-def]
    settings.AUDIT_CHECKPOINT_KEY = "too-short"
    assert [warning.id for warning in check_checkpoint_key()] == ["audit.W001"]


def test_a_missing_key_is_a_warning_only_in_production(settings) -> None:  # type: ignore[no-untyped-def]
    settings.AUDIT_CHECKPOINT_KEY = ""
    settings.DEBUG = True
    assert check_checkpoint_key() == []
    settings.DEBUG = False
    assert [warning.level for warning in check_checkpoint_key()] == [checks.WARNING]
