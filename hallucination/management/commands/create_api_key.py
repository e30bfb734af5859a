"""manage.py create_api_key NAME [--stakes ...]: issue an API key to a client and print it once."""

from django.core.management.base import BaseCommand, CommandError

from audit.actors import Actor
from hallucination.models import STAKES_CHOICES
from hallucination.services import api_client_key_create


class Command(BaseCommand):
    help = "Create an API client (if new) and a key for it. The key is printed once; store it."

    def add_arguments(self, parser):  # type: ignore[no-untyped-def]
        parser.add_argument("name", help="Client name, e.g. research-agent")
        parser.add_argument(
            "--stakes",
            nargs="+",
            choices=[value for value, _ in STAKES_CHOICES],
            help="stakes the key may submit at (default: API_KEY_DEFAULT_STAKES; `audit` "
            "pages the on-call reviewers, so grant it deliberately)",
        )

    def handle(self, *args, **options):  # type: ignore[no-untyped-def]
        name = options["name"].strip()
        if not name or len(name) > 100:
            raise CommandError("NAME must be 1 to 100 characters.")
        client, key = api_client_key_create(
            client_name=name, actor=Actor.system("manage.py"), stakes=options["stakes"]
        )
        self.stdout.write(f"API key for client {client.name!r} (shown once, store it now):")
        self.stdout.write(key)
