"""System checks: the append-only triggers are installed, and checkpoints can be signed."""

from typing import Any

from django.conf import settings
from django.core.checks import Error, Tags, Warning, register
from django.db import DatabaseError, connections, router
from django.db.migrations.recorder import MigrationRecorder

from .chain import CHECKPOINT_MIN_KEY_BYTES

TRIGGERS_MIGRATION = "0002_append_only_triggers"

# The triggers that migration installs, per database vendor.
APPEND_ONLY_TRIGGERS = {
    "postgresql": (
        "audit_auditevent_no_update_delete",
        "audit_auditevent_no_truncate",
        "audit_auditevent_extends_head",
    ),
    "sqlite": (
        "audit_auditevent_no_update",
        "audit_auditevent_no_delete",
        "audit_auditevent_extends_head",
    ),
}


def installed_triggers(using: str) -> set[str]:
    """Names of the enabled triggers on the audit table."""
    connection = connections[using]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # tgenabled 'D' is a trigger someone disabled with ALTER TABLE ... DISABLE TRIGGER.
            cursor.execute(
                "SELECT tgname FROM pg_trigger "
                "WHERE tgrelid = 'audit_auditevent'::regclass AND tgenabled <> 'D'"
            )
        else:
            cursor.execute(
                "SELECT name FROM sqlite_master "
                "WHERE type = 'trigger' AND tbl_name = 'audit_auditevent'"
            )
        return {row[0] for row in cursor.fetchall()}


def missing_triggers(using: str) -> list[str]:
    expected = APPEND_ONLY_TRIGGERS.get(connections[using].vendor, ())
    present = installed_triggers(using)
    return [name for name in expected if name not in present]


@register(Tags.database)
def check_append_only_triggers(databases: Any = None, **_: Any) -> list:
    """audit.E001: run by `manage.py check --database default` and by migrate."""
    from .models import AuditEvent

    using = router.db_for_write(AuditEvent)
    if not databases or using not in databases:
        return []
    try:
        applied = MigrationRecorder(connections[using]).applied_migrations()
        if ("audit", TRIGGERS_MIGRATION) not in applied:
            return []  # not migrated yet: migrate installs them
        missing = missing_triggers(using)
    except DatabaseError:
        return []
    if not missing:
        return []
    return [
        Error(
            f"The audit table is missing its append-only triggers: {', '.join(missing)}.",
            hint="Apply audit migrations 0002 and 0003 (or rerun 0003's SQL after a table "
            "rebuild).",
            id="audit.E001",
        )
    ]


@register()
def check_checkpoint_key(**_: Any) -> list:
    """audit.W001: without a key outside the database, no checkpoint can be signed."""
    key = settings.AUDIT_CHECKPOINT_KEY
    if key and len(key.encode("utf-8")) >= CHECKPOINT_MIN_KEY_BYTES:
        return []
    if not key and settings.DEBUG:
        return []
    return [
        Warning(
            "AUDIT_CHECKPOINT_KEY is not set or shorter than "
            f"{CHECKPOINT_MIN_KEY_BYTES} bytes: audit checkpoints cannot be signed.",
            hint="Set AUDIT_CHECKPOINT_KEY_FILE to a file holding a random key, kept off the "
            "database host.",
            id="audit.W001",
        )
    ]
