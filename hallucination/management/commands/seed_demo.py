"""manage.py seed_demo: demo logins, an API key and a dozen submitted queries."""

import secrets
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand
from django.db import transaction

from audit.actors import Actor
from audit.tracing import new_trace_id
from hallucination.demo.queries import DEMO_QUERIES
from hallucination.models import ApiClient, Query
from hallucination.services import SourceInput, SubmissionInput, api_client_key_create, query_submit
from reviews import roles

DEMO_CLIENT = "demo-llm-service"
DEMO_USERS = [
    ("reviewer", roles.REVIEWER),
    ("reviewer2", roles.REVIEWER),
    ("auditor", roles.AUDITOR),
    # Reopens decided reviews and works in the Django admin (reference data, API keys).
    ("admin", roles.ADMIN),
]


class Command(BaseCommand):
    help = "Create demo users (passwords printed), an API key and demo submissions. Re-runnable."

    def add_arguments(self, parser):  # type: ignore[no-untyped-def]
        parser.add_argument(
            "--keep-passwords",
            action="store_true",
            help="Do not reset the demo users' passwords if they exist.",
        )

    def handle(self, *args, **options):  # type: ignore[no-untyped-def]
        roles.ensure_roles()
        actor = Actor.system("seed_demo")
        logins = self._users(keep=options["keep_passwords"])
        client, key = api_client_key_create(client_name=DEMO_CLIENT, actor=actor)
        submitted = self._queries(client=client, actor=actor)

        self.stdout.write(self.style.SUCCESS("Demo ready."))
        for username, password in logins:
            shown = password or "(unchanged)"
            self.stdout.write(f"  login: {username} / {shown}")
        self.stdout.write(f"  API key for {DEMO_CLIENT}: {key}")
        self.stdout.write(f"  demo queries submitted now: {submitted}")

    def _users(self, *, keep: bool) -> list[tuple[str, str | None]]:
        User = get_user_model()
        logins = []
        for username, group_name in DEMO_USERS:
            user, created = User.objects.get_or_create(username=username)
            password = None
            if created or not keep:
                password = secrets.token_urlsafe(9)
                user.set_password(password)
                user.save()
            user.groups.add(Group.objects.get(name=group_name))
            if group_name == roles.ADMIN and not user.is_staff:
                # The admin role works in the Django admin too (reopening, reference data).
                user.is_staff = True
                user.save(update_fields=["is_staff"])
            logins.append((username, password))
        return logins

    def _queries(self, *, client: ApiClient, actor: Actor) -> int:
        if Query.objects.filter(client=client).exists():
            return 0
        submitted = 0
        for item in DEMO_QUERIES:
            submission = SubmissionInput(
                answer=item["answer"],
                question=item.get("question", ""),
                sources=tuple(
                    SourceInput(id=s["id"], text=s["text"], kind=s.get("kind", "document"))
                    for s in item["sources"]
                ),
                stakes=item.get("stakes", "standard"),
                confidence=Decimal(item["confidence"]) if item.get("confidence") else None,
                entity=item.get("entity", ""),
                period=item.get("period", ""),
            )
            # One transaction per query: detection is enqueued when it commits.
            with transaction.atomic():
                query_submit(
                    client=client,
                    submission=submission,
                    trace_id=new_trace_id(),
                    actor=Actor.for_client(client),
                )
            submitted += 1
        return submitted
