"""manage.py measure_accuracy: the detector's confusion matrix, F1 and hallucination rate, stored and audited."""

import json
import socket
from datetime import datetime, time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError, connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from audit.actors import Actor
from audit.tracing import new_trace_id
from hallucination.engine.types import STAKES
from hallucination.reports import accuracy
from hallucination.reports.measurement import MeasurementError, Run, accuracy_measure

PROGRESS_WIDTH = 30


def parse_since(value: str) -> datetime:
    """An ISO date (midnight, local time zone) or date-time; naive times are local."""
    moment = parse_datetime(value)
    if moment is None:
        day = parse_date(value)
        if day is None:
            raise ValueError(value)
        moment = datetime.combine(day, time.min)
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment)
    return moment


def _fraction(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise ValueError(f"{value!r} is not a number") from None
    if not 0 <= number <= 1:
        raise ValueError(f"{value} is not a fraction between 0 and 1 (write 0.9, not 90)")
    return number


class Command(BaseCommand):
    help = (
        "Measure the detector on the labelled corpus and/or reviewer decisions: confusion "
        "matrix, precision, recall, F1, hallucination rate against the target, per-pattern "
        "pass rates and latency. Stores the run and exits 1 when a --fail-* gate is missed."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--corpus",
            action="append",
            metavar="FILE",
            help="A JSON Lines corpus file or a folder of them; repeatable. "
            "Default: tests/corpus/ (unless --from-reviews is given alone).",
        )
        parser.add_argument(
            "--from-reviews",
            action="store_true",
            help="Use decided reviews as ground truth: rejected = hallucinated, approved = clean.",
        )
        parser.add_argument(
            "--since",
            metavar="DATE",
            help="With --from-reviews: only reviews decided at or after this ISO date or time.",
        )
        parser.add_argument(
            "--stakes",
            choices=STAKES,
            help="Run corpus answers at these stakes; keep only reviews of queries at them.",
        )
        parser.add_argument("--format", choices=("text", "json"), default="text")
        parser.add_argument("--output", metavar="FILE", help="Write the report here.")
        parser.add_argument(
            "--fail-under-f1",
            metavar="X",
            help="Exit 1 when F1 is below X (a fraction, 0.9) or undefined.",
        )
        parser.add_argument(
            "--fail-over-fpr",
            metavar="X",
            help="Exit 1 when the false-positive rate is above X (a fraction) or undefined.",
        )
        parser.add_argument(
            "--show-errors",
            action="store_true",
            help="List misclassified cases with their claims and outcomes.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        gates = self._gates(options)
        self._check_database()
        since = None
        if options["since"]:
            try:
                since = parse_since(options["since"])
            except ValueError:
                raise CommandError(
                    f"--since {options['since']!r} is not an ISO date or date-time "
                    "(2026-11-01 or 2026-11-01T09:00:00Z)."
                ) from None
        output = Path(options["output"]) if options["output"] else None
        if output is not None and not output.parent.is_dir():
            raise CommandError(f"--output: the folder {output.parent} does not exist.")
        try:
            run = accuracy_measure(
                corpus_paths=options["corpus"],
                from_reviews=options["from_reviews"],
                since=since,
                stakes=options["stakes"],
                actor=Actor.system(f"measure_accuracy@{socket.gethostname()}"),
                trace_id=new_trace_id(),
                progress=self._progress_bar() if self.stderr.isatty() else None,
            )
        except MeasurementError as error:
            raise CommandError(str(error)) from error

        text = self._render(run, options["format"], show_errors=options["show_errors"])
        if output is not None:
            output.write_text(text, encoding="utf-8")
            self.stderr.write(f"Report written to {output} (accuracy report #{run.report.pk}).")
        else:
            self.stdout.write(text, ending="")

        missed = [message for check in gates if (message := check(run))]
        if missed:
            raise CommandError("; ".join(missed))

    @staticmethod
    def _check_database() -> None:
        """The report is stored and audited: say so before the run, not after it, when the
        database cannot take it."""
        name = connection.settings_dict.get("NAME")
        try:
            executor = MigrationExecutor(connection)
            pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
        except DatabaseError as error:
            raise CommandError(
                f"The database {name} cannot be reached ({error}); check DATABASE_URL."
            ) from error
        if pending:
            raise CommandError(
                f"The database {name} has {len(pending)} migrations not applied, and the report "
                "is stored there: run `python manage.py migrate` first."
            )

    def _render(self, run: Run, fmt: str, *, show_errors: bool) -> str:
        if fmt == "json":
            return json.dumps(run.to_dict(), indent=2, ensure_ascii=False) + "\n"
        report = run.report
        footer = (
            f"Stored as accuracy report #{report.pk} · ground truth: {report.ground_truth} · "
            f"profile: {report.profile} · version: {report.version}\n"
            f"Corpus fingerprint: {report.corpus_fingerprint} · trace: {report.trace_id}\n"
        )
        return accuracy.render_text(run.measurement, show_errors=show_errors) + footer

    def _gates(self, options: dict[str, Any]) -> list:
        gates = []
        for option, name, attribute, above in (
            ("fail_under_f1", "F1", "f1", False),
            ("fail_over_fpr", "false-positive rate", "false_positive_rate", True),
        ):
            raw = options[option]
            if raw is None:
                continue
            try:
                limit = _fraction(raw)
            except ValueError as error:
                flag = "--" + option.replace("_", "-")
                raise CommandError(f"{flag}: {error}.") from None
            gates.append(self._gate(name, attribute, limit, above=above))
        return gates

    @staticmethod
    def _gate(name: str, attribute: str, limit: float, *, above: bool):  # type: ignore[no-untyped-def]
        def check(run: Run) -> str | None:
            value = getattr(run.measurement, attribute)
            if value is None:
                return f"{name} is undefined for this run, so the {limit:.4g} gate is not met"
            if above and value > limit:
                return f"{name} {value:.4f} is above {limit:.4g}"
            if not above and value < limit:
                return f"{name} {value:.4f} is below {limit:.4g}"
            return None

        return check

    def _progress_bar(self):  # type: ignore[no-untyped-def]
        stream = self.stderr

        def show(done: int, total: int) -> None:
            filled = PROGRESS_WIDTH * done // total if total else PROGRESS_WIDTH
            bar = "#" * filled + "-" * (PROGRESS_WIDTH - filled)
            stream.write(f"\rMeasuring [{bar}] {done}/{total}", ending="")
            if done >= total:
                stream.write("\r" + " " * (PROGRESS_WIDTH + 30) + "\r", ending="")
            stream.flush()

        return show
