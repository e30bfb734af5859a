"""manage.py unlock_login USERNAME [--ip ADDRESS]: lift a sign-in lockout (audited)."""

from django.core.management.base import BaseCommand

from audit.actors import Actor
from audit.tracing import trace_context
from reviews.accounts import login_lockout_clear


class Command(BaseCommand):
    help = "Clear the failed sign-ins that locked USERNAME out (at one address with --ip)."

    def add_arguments(self, parser):  # type: ignore[no-untyped-def]
        parser.add_argument("username")
        parser.add_argument("--ip", default=None, help="only the lockout at this address")

    def handle(self, *args, **options):  # type: ignore[no-untyped-def]
        with trace_context():
            removed = login_lockout_clear(
                username=options["username"],
                ip_address=options["ip"],
                actor=Actor.system("manage.py"),
            )
        self.stdout.write(f"Cleared {removed} failure record(s) for {options['username']!r}.")
