"""manage.py load_facts FILE: load reference facts from CSV, JSON or JSON Lines."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from audit.actors import Actor
from verification.reference_facts import FORMATS, FactFileError
from verification.services import FactLoadReport, reference_facts_load_file


def report_text(report: FactLoadReport, path: Path, row_name: str) -> str:
    """The report a person reads: counts, then every rejected row with its reason."""
    if report.loaded:
        head = (
            f"{path.name}: {report.created} created, {report.updated} updated, "
            f"{report.unchanged} unchanged, {len(report.rejected)} rejected."
        )
    else:
        head = (
            f"{path.name}: nothing loaded (--strict) because {len(report.rejected)} "
            f"row(s) were rejected."
        )
    lines = [head]
    lines += [f"  {row_name} {row.line}: {row.reason}" for row in report.rejected]
    return "\n".join(lines)


class Command(BaseCommand):
    help = (
        "Load reference facts (entity, metric, period, value, unit[, source, as_of]) from a "
        "CSV, JSON or JSON Lines file. Valid rows are upserted together; rejected rows are "
        "listed with their line and reason, and make the command exit with status 1."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--format", choices=FORMATS, help="Default: from the file's suffix.")
        parser.add_argument(
            "--strict", action="store_true", help="Load nothing if any row is rejected."
        )

    def handle(self, *args: object, **options: object) -> None:
        path = options["file"]
        assert isinstance(path, Path)
        try:
            report, row_name = reference_facts_load_file(
                path=path,
                fmt=options["format"],  # type: ignore[arg-type]
                strict=bool(options["strict"]),
                actor=Actor.system("manage.py load_facts"),
            )
        except FactFileError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(report_text(report, path, row_name))
        if report.rejected:
            raise CommandError(f"{len(report.rejected)} row(s) rejected.")
