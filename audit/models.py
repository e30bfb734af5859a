"""The append-only, hash-chained audit log."""

from datetime import UTC

from django.db import models

from .chain import ChainEvent, position


class AuditEventQuerySet(models.QuerySet):
    """Reads only: the ORM's bulk writes would skip the chain or rewrite it."""

    def update(self, **kwargs):  # type: ignore[no-untyped-def]
        raise TypeError("Audit events are append-only and cannot be changed.")

    def delete(self):  # type: ignore[no-untyped-def]
        raise TypeError("Audit events are append-only and cannot be deleted.")

    def bulk_update(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise TypeError("Audit events are append-only and cannot be changed.")

    def bulk_create(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise TypeError("Audit events are appended one at a time by audit_event_record.")


class AuditEvent(models.Model):
    """One recorded step. Never updated, never deleted: see audit/services.py and the triggers.

    No foreign keys on purpose: the record must outlive what it describes, and a
    TRUNCATE ... CASCADE of a referenced table would reach this one.
    """

    # Which chain the event extends (see audit.chain.chain_for_trace) and its place in it.
    chain = models.PositiveSmallIntegerField(default=0, db_default=0)
    seq = models.PositiveBigIntegerField()
    trace_id = models.CharField(max_length=64, db_index=True)
    event_type = models.CharField(max_length=50, db_index=True)
    actor_kind = models.CharField(max_length=10)
    actor_id = models.CharField(max_length=64, blank=True)
    actor_name = models.CharField(max_length=200)
    subject_type = models.CharField(max_length=50, blank=True)
    subject_id = models.CharField(max_length=64, blank=True)
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64, unique=True)

    objects = AuditEventQuerySet.as_manager()

    class Meta:
        ordering = ["chain", "seq"]
        constraints = [
            # Also the index every append reads its chain's head through.
            models.UniqueConstraint(fields=["chain", "seq"], name="audit_event_chain_seq"),
        ]

    def __str__(self) -> str:
        return f"{position(self.chain, self.seq)} {self.event_type} {self.trace_id}"

    def save(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        if not self._state.adding:
            raise TypeError("Audit events are append-only and cannot be changed.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise TypeError("Audit events are append-only and cannot be deleted.")

    @property
    def position(self) -> str:
        """#seq in chain 0, #chain:seq in the others."""
        return position(self.chain, self.seq)

    @property
    def anchor(self) -> str:
        """A fragment for the event's place on a page: seq, or chain-seq past chain 0."""
        return str(self.seq) if self.chain == 0 else f"{self.chain}-{self.seq}"

    def to_chain_event(self) -> ChainEvent:
        return chain_event_from_values(
            chain=self.chain,
            seq=self.seq,
            trace_id=self.trace_id,
            event_type=self.event_type,
            actor_kind=self.actor_kind,
            actor_id=self.actor_id,
            actor_name=self.actor_name,
            subject_type=self.subject_type,
            subject_id=self.subject_id,
            payload=self.payload,
            created_at=self.created_at,
            prev_hash=self.prev_hash,
            hash=self.hash,
        )


# The columns a ChainEvent is built from, in the order of ChainEvent's fields.
CHAIN_COLUMNS = (
    "seq",
    "trace_id",
    "event_type",
    "actor_kind",
    "actor_id",
    "actor_name",
    "subject_type",
    "subject_id",
    "payload",
    "created_at",
    "prev_hash",
    "hash",
    "chain",
)


def chain_event_from_values(**values) -> ChainEvent:  # type: ignore[no-untyped-def]
    """Build the chain's view of a stored row; the time is hashed as UTC ISO 8601."""
    created_at = values["created_at"].astimezone(UTC).isoformat()
    return ChainEvent(**{**values, "created_at": created_at})
