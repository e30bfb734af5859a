"""manage.py audit_checkpoint: sign the chain's new hashes with a key kept outside the database."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from audit.chain import CheckpointError
from audit.checkpoint import (
    ChainBrokenError,
    NothingToCheckpointError,
    audit_checkpoint_take,
    checkpoint_key,
    checkpoint_load,
)
from audit.tracing import trace_context


class Command(BaseCommand):
    help = (
        "Verify the audit chain and write a signed checkpoint {seq, head hash, time} listing "
        "the hashes added since the previous one. Use --directory for a series of checkpoints."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        target = parser.add_mutually_exclusive_group()
        target.add_argument(
            "--directory",
            type=Path,
            help="write checkpoint-<seq>.json here, continuing from the newest one there",
        )
        target.add_argument(
            "--output", type=Path, help="write to this file (default: standard output)"
        )
        parser.add_argument(
            "--after", type=Path, help="with --output: the previous checkpoint to continue from"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["after"] is not None and options["directory"] is not None:
            raise CommandError(
                "--after goes with --output; --directory finds it itself.", returncode=2
            )
        try:
            key = checkpoint_key()
            after = checkpoint_load(options["after"], key) if options["after"] else None
            with trace_context():
                taken, text = audit_checkpoint_take(
                    directory=options["directory"],
                    output=options["output"],
                    after=after,
                    key=key,
                )
        except CheckpointError as exc:
            raise CommandError(str(exc), returncode=2) from None
        except ChainBrokenError as exc:
            raise CommandError(f"Not signing a broken chain. {exc}", returncode=1) from None
        except NothingToCheckpointError as exc:
            self.stdout.write(f"{exc} Nothing written.")
            return
        checkpoint = taken.checkpoint
        if taken.path is None:
            self.stdout.write(text, ending="")
        else:
            self.stdout.write(f"{checkpoint.describe()} written to {taken.path}.")
