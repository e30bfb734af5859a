"""manage.py verify_audit: recompute the hash chain and check it against a signed checkpoint.

Without --checkpoint it checks against the newest one in the checkpoint store. A chain with
no checkpoint to check against is unanchored: recomputed end to end, or wiped whole, it would
still verify, so that is a failure (exit 3) unless --allow-unanchored says it is expected.
"""

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from audit.chain import CheckpointError, position
from audit.checkpoint import checkpoints_load, stored_checkpoint_latest
from audit.checks import missing_triggers
from audit.tracing import clean_trace_id
from audit.verification import DEFAULT_CHUNK_SIZE, verify_stored_chain, verify_trace_chain


class Command(BaseCommand):
    help = (
        "Recompute the audit chain, print the count and the head hash; on tampering name the "
        "first broken event and exit 1. Exit 2 on a bad checkpoint or trace argument, 3 when "
        "there is no checkpoint to anchor the chain (unless --allow-unanchored)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--trace", help="verify the chain from this trace's first event to the head"
        )
        parser.add_argument(
            "--checkpoint",
            action="append",
            default=[],
            metavar="FILE_OR_DIR",
            help="a signed checkpoint file, or a directory of them (repeatable)",
        )
        parser.add_argument("--chunk-size", type=int, default=DEFAULT_CHUNK_SIZE)
        parser.add_argument(
            "--allow-unanchored",
            action="store_true",
            help="exit 0 even when no signed checkpoint anchors the chain (a new deployment)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["chunk_size"] < 1:
            raise CommandError("--chunk-size must be at least 1.", returncode=2)
        anchor = "the given checkpoints"
        try:
            checkpoints = checkpoints_load(options["checkpoint"]) if options["checkpoint"] else []
            if not checkpoints and settings.AUDIT_CHECKPOINT_KEY:
                latest = stored_checkpoint_latest()
                if latest is not None:
                    checkpoints = [latest]
                    anchor = f"stored checkpoint #{latest.seq}"
        except CheckpointError as exc:
            raise CommandError(str(exc), returncode=2) from None

        missing = missing_triggers("default")
        if missing:
            self.stderr.write(
                "WARNING: append-only triggers missing or disabled: " + ", ".join(missing)
            )

        trace_id = options["trace"]
        if trace_id is not None:
            if clean_trace_id(trace_id) is None:
                raise CommandError(f"{trace_id!r} is not a trace ID.", returncode=2)
            span, report = verify_trace_chain(
                trace_id, checkpoints=checkpoints, chunk_size=options["chunk_size"]
            )
            if span is None or report is None:
                raise CommandError(f"No audit events for trace {trace_id}.", returncode=2)
            self.stdout.write(f"Trace {trace_id}: {span.count} events {span.describe()}.")
        else:
            report = verify_stored_chain(checkpoints=checkpoints, chunk_size=options["chunk_size"])

        if not report.ok:
            assert report.problem is not None
            self.stdout.write(
                f"Verified {report.count} events before the break"
                + (
                    f" ({position(report.chain, report.first_seq or 0)}.."
                    f"{position(report.chain, report.head_seq or 0)})."
                    if report.count and not report.chains
                    else "."
                )
            )
            raise CommandError(report.summary(), returncode=1)
        self.stdout.write(report.summary())
        if checkpoints:
            self.stdout.write(f"Anchored: the chain extends {anchor}.")
            return
        message = (
            "UNANCHORED: no signed checkpoint to check against (none given, none in the "
            "checkpoint store). A chain recomputed end to end, a dropped tail or a log wiped "
            "whole would also verify. Run `audit_checkpoint` (or the periodic task) and keep "
            "its files outside the database."
        )
        if not options["allow_unanchored"]:
            raise CommandError(message, returncode=3)
        self.stdout.write(message + " Allowed by --allow-unanchored.")
