"""Several hash chains in one table: a chain number per event, sequence numbers per chain.

Writers of different chains take different locks, so appends from many processes no longer
queue behind one head (docs/audit.md, "Throughput"). Existing events become chain 0, which
starts from the same genesis hash as before, so their hashes do not change.

The insert trigger now checks that an event extends the head of its own chain; a chain's
first event must carry that chain's genesis hash (the chain number as 64 hex digits, see
audit.chain.genesis_hash). On SQLite, changing `seq` rebuilds the table, which drops its
triggers, so all three are installed again here.

Irreversible on purpose, like 0002: migrating back would be a way to drop the protection.
"""

from django.db import migrations, models

POSTGRESQL = [
    """
    CREATE OR REPLACE FUNCTION audit_auditevent_check_link() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
        head_seq bigint;
        head_hash varchar(64);
    BEGIN
        SELECT seq, hash INTO head_seq, head_hash
            FROM audit_auditevent WHERE chain = NEW.chain ORDER BY seq DESC LIMIT 1;
        IF head_seq IS NULL THEN
            IF NEW.seq <> 1 OR NEW.prev_hash <> lpad(to_hex(NEW.chain::integer), 64, '0') THEN
                RAISE EXCEPTION 'audit_auditevent: the first event of chain % must be #1 from its genesis hash', NEW.chain;
            END IF;
        ELSIF NEW.seq <> head_seq + 1 OR NEW.prev_hash <> head_hash THEN
            RAISE EXCEPTION 'audit_auditevent: event #% does not extend the head #% of chain %', NEW.seq, head_seq, NEW.chain
                USING HINT = 'Record events through audit.services.audit_event_record.';
        END IF;
        RETURN NEW;
    END;
    $$
    """,
]

SQLITE = [
    "DROP TRIGGER IF EXISTS audit_auditevent_no_update",
    "DROP TRIGGER IF EXISTS audit_auditevent_no_delete",
    "DROP TRIGGER IF EXISTS audit_auditevent_extends_head",
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
        (NEW.seq = 1 AND NEW.prev_hash = printf('%064x', NEW.chain)
            AND NOT EXISTS (SELECT 1 FROM audit_auditevent WHERE chain = NEW.chain))
        OR EXISTS (
            SELECT 1 FROM audit_auditevent
            WHERE chain = NEW.chain AND seq = NEW.seq - 1 AND hash = NEW.prev_hash
              AND seq = (SELECT MAX(seq) FROM audit_auditevent WHERE chain = NEW.chain)
        )
    )
    BEGIN
        SELECT RAISE(ABORT, 'audit_auditevent: the event does not extend the head of its chain');
    END
    """,
]


def install_triggers(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    statements = {"postgresql": POSTGRESQL, "sqlite": SQLITE}.get(vendor)
    if statements is None:
        raise RuntimeError(f"No append-only triggers are written for {vendor}.")
    for statement in statements:
        # No parameters: the % in RAISE messages and printf are SQL's, not placeholders.
        schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [("audit", "0002_append_only_triggers")]

    operations = [
        migrations.AlterModelOptions(
            name="auditevent",
            options={"ordering": ["chain", "seq"]},
        ),
        migrations.AddField(
            model_name="auditevent",
            name="chain",
            # A database default too, so an INSERT that names no chain extends chain 0.
            field=models.PositiveSmallIntegerField(default=0, db_default=0),
        ),
        migrations.AlterField(
            model_name="auditevent",
            name="seq",
            field=models.PositiveBigIntegerField(),
        ),
        migrations.AddConstraint(
            model_name="auditevent",
            constraint=models.UniqueConstraint(
                fields=("chain", "seq"), name="audit_event_chain_seq"
            ),
        ),
        migrations.RunPython(install_triggers, elidable=False),
    ]
