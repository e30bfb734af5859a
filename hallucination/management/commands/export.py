"""Export queries, claims, verdicts or reviews as CSV or JSON Lines, streamed to a file or stdout."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import QuerySet

from audit.actors import Actor
from audit.tracing import trace_context
from hallucination.operations.exports import (
    ENTITIES,
    FORMATS,
    ExportInvalid,
    data_export_record,
    export_lines,
    export_queryset,
)


class Writable(Protocol):
    def write(self, text: str, /) -> Any: ...


def export_rows(*, entity: str, params: Mapping[str, Any]) -> QuerySet:
    """The filtered rows, or a CommandError naming the filter that is wrong."""
    try:
        return export_queryset(entity=entity, params=params)
    except ExportInvalid as invalid:
        details = "; ".join(f"{k}: {' '.join(map(str, v))}" for k, v in invalid.errors.items())
        raise CommandError(f"{invalid} {details}".strip()) from None


def export_to(
    stream: Writable, *, entity: str, export_format: str, params: Mapping[str, Any], actor: Actor
) -> int:
    """Write an export to stream line by line; returns the number of data rows."""
    rows = export_rows(entity=entity, params=params)
    data_export_record(entity=entity, export_format=export_format, params=params, actor=actor)
    count = 0
    for line in export_lines(entity=entity, rows=rows, export_format=export_format):
        stream.write(line)
        count += 1
    return count - 1 if export_format == "csv" else count


def _filters(values: list[str]) -> dict[str, str]:
    params = {}
    for value in values:
        name, sep, text = value.partition("=")
        if not sep or not name.strip():
            raise CommandError(f"--filter {value!r}: write NAME=VALUE, e.g. status=done.")
        params[name.strip()] = text.strip()
    return params


class _Unterminated:
    """Writes lines to a command's stdout as they are, without adding a newline."""

    def __init__(self, out: Any) -> None:
        self.out = out

    def write(self, text: str) -> None:
        self.out.write(text, ending="")


class Command(BaseCommand):
    help = (
        "Stream queries, claims, verdicts or reviews as CSV or JSON Lines. Filters are the list "
        "endpoints' query parameters: --filter status=done --filter created_after=2026-11-01."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("entity", choices=sorted(ENTITIES))
        parser.add_argument(
            "--format", dest="export_format", choices=sorted(FORMATS), default="csv"
        )
        parser.add_argument("--output", "-o", help="File to write (default: standard output).")
        parser.add_argument(
            "--filter", action="append", default=[], metavar="NAME=VALUE", dest="filters"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        params = _filters(options["filters"])
        entity, export_format = options["entity"], options["export_format"]
        export_rows(entity=entity, params=params)  # bad filters fail before a file is created
        actor = Actor.system("manage.py export")
        with trace_context():
            if not options["output"]:
                export_to(
                    _Unterminated(self.stdout),
                    entity=entity,
                    export_format=export_format,
                    params=params,
                    actor=actor,
                )
                return
            path = Path(options["output"])
            try:
                with path.open("w", encoding="utf-8", newline="") as stream:
                    count = export_to(
                        stream,
                        entity=entity,
                        export_format=export_format,
                        params=params,
                        actor=actor,
                    )
            except OSError as error:
                raise CommandError(f"Cannot write {path}: {error}") from None
            self.stderr.write(f"{count} {entity} written to {path}")
