"""manage.py revoke_api_key PREFIX: revoke a client key at once (audited)."""

from django.core.management.base import BaseCommand, CommandError

from audit.actors import Actor
from audit.tracing import trace_context
from hallucination.models import ClientAPIKey
from hallucination.services import api_key_revoke


class Command(BaseCommand):
    help = (
        "Revoke an API key by its prefix (the part before the dot, as the admin lists it); "
        "requests with it are refused from then on."
    )

    def add_arguments(self, parser):  # type: ignore[no-untyped-def]
        parser.add_argument("prefix", help="the key's prefix, or the whole key")

    def handle(self, *args, **options):  # type: ignore[no-untyped-def]
        prefix = options["prefix"].strip().partition(".")[0]
        try:
            with trace_context():
                api_key = api_key_revoke(prefix=prefix, actor=Actor.system("manage.py"))
        except ClientAPIKey.DoesNotExist:
            raise CommandError(f"No API key with prefix {prefix!r}.") from None
        self.stdout.write(f"Revoked key {api_key.prefix} of client {api_key.client.name!r}.")
