"""manage.py webhook_secret CLIENT URL: give a callback endpoint its own signing secret, or
rotate it (the old one keeps signing through the overlap). Prints the new secret once."""

from django.core.management.base import BaseCommand, CommandError

from audit.actors import Actor
from audit.tracing import trace_context
from hallucination.delivery.webhooks import webhook_endpoint_secret_rotate
from hallucination.models import ApiClient


class Command(BaseCommand):
    help = (
        "Create or rotate the Standard Webhooks secret of a client's callback URL. During "
        "WEBHOOK_ROTATION_OVERLAP_SECONDS both secrets sign every message."
    )

    def add_arguments(self, parser):  # type: ignore[no-untyped-def]
        parser.add_argument("client", help="the API client's name")
        parser.add_argument("url", help="the callback URL exactly as the client submits it")

    def handle(self, *args, **options):  # type: ignore[no-untyped-def]
        client = ApiClient.objects.filter(name=options["client"]).first()
        if client is None:
            raise CommandError(f"No API client named {options['client']!r}.")
        with trace_context():
            secret = webhook_endpoint_secret_rotate(
                client=client, url=options["url"], actor=Actor.system("manage.py")
            )
        self.stdout.write(
            f"Signing secret for {options['url']} (shown once, give it to the receiver):"
        )
        self.stdout.write(secret)
