"""Check one answer against its source files from the command line."""

from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from hallucination import engine
from hallucination.conf import engine_config
from hallucination.engine.report import format_result
from hallucination.engine.types import STAKES, DetectionInput, SourceDocument


def _read(path: str, what: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CommandError(f"{what} file not found: {path}") from None
    except IsADirectoryError:
        raise CommandError(f"{what} file is a directory: {path}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"{what} file cannot be read: {path} ({error})") from None


def check_answer_input(
    *, answer_path: str, source_paths: list[str], stakes: str, confidence: str | None
) -> DetectionInput:
    """The engine input for an answer file and its source files (each source's id is its name)."""
    sources = tuple(
        SourceDocument(id=Path(path).name, text=_read(path, "source")) for path in source_paths
    )
    original = None
    if confidence is not None:
        try:
            original = Decimal(confidence)
        except InvalidOperation:
            raise CommandError(
                f"--confidence must be a number between 0 and 1, got {confidence!r}"
            ) from None
        if not Decimal(0) <= original <= Decimal(1):
            raise CommandError(f"--confidence must be between 0 and 1, got {confidence}")
    return DetectionInput(
        answer=_read(answer_path, "answer"),
        sources=sources,
        stakes=stakes,
        original_confidence=original,
    )


class Command(BaseCommand):
    help = "Detect numeric hallucinations in one answer against its source files."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--answer", required=True, help="file holding the answer to check")
        parser.add_argument(
            "--source",
            action="append",
            default=[],
            help="a source file; repeat for several (each one's id is its file name)",
        )
        parser.add_argument("--stakes", choices=STAKES, default="standard")
        parser.add_argument("--format", choices=("text", "json"), default="text")
        parser.add_argument(
            "--confidence", default=None, help="the answer's original confidence, 0 to 1"
        )

    def handle(self, *args: object, **options: object) -> None:
        inp = check_answer_input(
            answer_path=str(options["answer"]),
            source_paths=[str(p) for p in options["source"]],
            stakes=str(options["stakes"]),
            confidence=options["confidence"],  # type: ignore[arg-type]
        )
        result = engine.detect(inp, engine_config())
        if options["format"] == "json":
            self.stdout.write(json.dumps(result.to_dict(), indent=2))
        else:
            self.stdout.write(format_result(result))
