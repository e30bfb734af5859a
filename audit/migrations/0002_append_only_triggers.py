"""Database-enforced append-only audit log: triggers refusing UPDATE, DELETE and TRUNCATE.

Written by hand, with no switch to turn them off: trigger libraries that offer a per-session
bypass also let any connection of the application's role use it, and most do not stop
TRUNCATE. An INSERT trigger also refuses an event that does not extend the head (a gap or a
fork), whoever writes it.

Irreversible on purpose: migrating back would be a way to drop the protection.

On SQLite, a later migration that rebuilds this table (Django does so for most column
changes) drops its triggers: such a migration must run this one's SQL again. The system check
audit.E001 reports a missing trigger.
"""

from django.db import migrations

POSTGRESQL = [
    """
    CREATE FUNCTION audit_auditevent_refuse_change() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION 'audit_auditevent is append-only: % is not allowed', TG_OP
            USING HINT = 'Audit events are never changed or removed.';
    END;
    $$
    """,
    """
    CREATE FUNCTION audit_auditevent_check_link() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
        head_seq bigint;
        head_hash varchar(64);
    BEGIN
        SELECT seq, hash INTO head_seq, head_hash
            FROM audit_auditevent ORDER BY seq DESC LIMIT 1;
        IF head_seq IS NULL THEN
            IF NEW.seq <> 1 OR NEW.prev_hash <> repeat('0', 64) THEN
                RAISE EXCEPTION 'audit_auditevent: the first event must be #1 from the genesis hash';
            END IF;
        ELSIF NEW.seq <> head_seq + 1 OR NEW.prev_hash <> head_hash THEN
            RAISE EXCEPTION 'audit_auditevent: event #% does not extend the head #%', NEW.seq, head_seq
                USING HINT = 'Record events through audit.services.audit_event_record.';
        END IF;
        RETURN NEW;
    END;
    $$
    """,
    """
    CREATE TRIGGER audit_auditevent_no_update_delete
        BEFORE UPDATE OR DELETE ON audit_auditevent
        FOR EACH ROW EXECUTE FUNCTION audit_auditevent_refuse_change()
    """,
    """
    CREATE TRIGGER audit_auditevent_no_truncate
        BEFORE TRUNCATE ON audit_auditevent
        FOR EACH STATEMENT EXECUTE FUNCTION audit_auditevent_refuse_change()
    """,
    """
    CREATE TRIGGER audit_auditevent_extends_head
        BEFORE INSERT ON audit_auditevent
        FOR EACH ROW EXECUTE FUNCTION audit_auditevent_check_link()
    """,
]

# SQLite has no TRUNCATE; DELETE without WHERE fires row triggers once triggers exist.
SQLITE = [
    """
    CREATE TRIGGER audit_auditevent_no_update BEFORE UPDATE ON audit_auditevent
    BEGIN
        SELECT RAISE(ABORT, 'audit_auditevent is append-only: UPDATE is not allowed');
    END
    """,
    """
    CREATE TRIGGER audit_auditevent_no_delete BEFORE DELETE ON audit_auditevent
    BEGIN
        SELECT RAISE(ABORT, 'audit_auditevent is append-only: DELETE is not allowed');
    END
    """,
    """
    CREATE TRIGGER audit_auditevent_extends_head BEFORE INSERT ON audit_auditevent
    WHEN NOT (
        (NEW.seq = 1 AND NEW.prev_hash = '0000000000000000000000000000000000000000000000000000000000000000'
            AND NOT EXISTS (SELECT 1 FROM audit_auditevent))
        OR EXISTS (
            SELECT 1 FROM audit_auditevent
            WHERE seq = NEW.seq - 1 AND hash = NEW.prev_hash
              AND seq = (SELECT MAX(seq) FROM audit_auditevent)
        )
    )
    BEGIN
        SELECT RAISE(ABORT, 'audit_auditevent: the event does not extend the head of the chain');
    END
    """,
]

def install_triggers(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    statements = {"postgresql": POSTGRESQL, "sqlite": SQLITE}.get(vendor)
    if statements is None:
        raise RuntimeError(f"No append-only triggers are written for {vendor}.")
    for statement in statements:
        # No parameters: the % in RAISE messages are plpgsql's, not placeholders.
        schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [("audit", "0001_initial")]

    operations = [migrations.RunPython(install_triggers, elidable=False)]
