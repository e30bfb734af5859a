"""manage.py client_tickers CLIENT [--load FILE.csv | --clear]: a client's ticker list."""

import csv
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from audit.actors import Actor
from audit.tracing import trace_context
from hallucination.models import ApiClient
from hallucination.services import api_client_tickers_set, client_tickers_clean


class Command(BaseCommand):
    help = (
        "Show, replace or clear the tickers a client's answers may name (docs/detection.md, "
        "entities). --load reads a CSV with the header `ticker,name`; a bad row changes nothing."
    )

    def add_arguments(self, parser):  # type: ignore[no-untyped-def]
        parser.add_argument("client", help="the client's name, as create_api_key made it")
        action = parser.add_mutually_exclusive_group()
        action.add_argument("--load", type=Path, help="CSV file with columns ticker,name")
        action.add_argument("--clear", action="store_true", help="remove the client's list")

    def handle(self, *args, **options):  # type: ignore[no-untyped-def]
        name = options["client"]
        if options["load"] is None and not options["clear"]:
            client = ApiClient.objects.filter(name=name).first()
            if client is None:
                raise CommandError(f"No client named {name!r}.")
            for ticker, company in sorted((client.tickers or {}).items()):
                self.stdout.write(f"{ticker},{company}")
            return
        tickers = {} if options["clear"] else self._read(options["load"])
        try:
            with trace_context():
                client = api_client_tickers_set(
                    client_name=name, tickers=tickers, actor=Actor.system("manage.py")
                )
        except ApiClient.DoesNotExist:
            raise CommandError(f"No client named {name!r}.") from None
        self.stdout.write(f"Client {client.name!r} now lists {len(client.tickers)} tickers.")

    def _read(self, path: Path) -> dict[str, str]:
        try:
            with path.open(newline="", encoding="utf-8") as handle:
                reader = csv.DictReader(handle)
                if not reader.fieldnames or {"ticker", "name"} - set(reader.fieldnames):
                    raise CommandError(f"{path}: the header must name the columns ticker,name.")
                rows = [(row["ticker"] or "", row["name"] or "") for row in reader]
        except OSError as error:
            raise CommandError(f"{path}: cannot be read ({error.strerror}).") from None
        except (UnicodeDecodeError, csv.Error) as error:
            raise CommandError(f"{path}: not a UTF-8 CSV file ({error}).") from None
        try:
            return client_tickers_clean(rows)
        except ValueError as error:
            raise CommandError(f"{path}: {error}. Nothing was changed.") from None
