"""manage.py seed_demo: demo logins, an API key, demo submissions and a measured accuracy run."""

import secrets
from decimal import Decimal

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand
from django.db import transaction
from django.test.utils import override_settings

from audit.actors import Actor
from audit.tracing import new_trace_id, trace_context
from hallucination.demo.queries import DEMO_QUERIES
from hallucination.models import AccuracyReport, ApiClient, Query
from hallucination.reports.measurement import MeasurementError, accuracy_measure
from hallucination.services import SourceInput, SubmissionInput, api_client_key_create, query_submit
from reviews import roles
from reviews.models import OPEN_STATUSES, Review

DEMO_CLIENT = "demo-llm-service"
DEMO_USERS = [
    ("reviewer", roles.REVIEWER),
    ("reviewer2", roles.REVIEWER),
    # Hands reviews out, takes over one a reviewer left.
    ("lead", roles.LEAD),
    ("auditor", roles.AUDITOR),
    # Reopens decided reviews and works in the Django admin (reference data, API keys).
    ("admin", roles.ADMIN),
]
# The demo's on-call reviewers: addresses nobody reads, so escalations have somewhere to go.
DEMO_EMAIL_DOMAIN = "example.com"


class Command(BaseCommand):
    help = (
        "Create demo users (passwords printed last), an API key, demo submissions and an "
        "accuracy run of the shipped corpus. Re-runnable."
    )

    def add_arguments(self, parser):  # type: ignore[no-untyped-def]
        parser.add_argument(
            "--keep-passwords",
            action="store_true",
            help="Do not reset the demo users' passwords if they exist.",
        )
        parser.add_argument(
            "--site-url",
            default="",
            help="Where the demo is served (printed with the logins), e.g. http://127.0.0.1:8000/.",
        )

    def handle(self, *args, **options):  # type: ignore[no-untyped-def]
        roles.ensure_roles()
        actor = Actor.system("seed_demo")
        logins = self._users(keep=options["keep_passwords"])
        with trace_context():
            client, key = api_client_key_create(client_name=DEMO_CLIENT, actor=actor)
        # Escalation emails of the demo go to example.com addresses: keep them in memory rather
        # than printing each one in the middle of the set-up output.
        with override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"):
            submitted = self._queries(client=client, actor=actor)
        run = self._accuracy_run(actor=actor)

        waiting = Review.objects.filter(status__in=OPEN_STATUSES).count()
        self.stdout.write(
            f"Demo data: {submitted} answers submitted now; {waiting} reviews waiting."
        )
        if run is not None:
            f1 = "n/a" if run.f1 is None else f"{run.f1:.1%}"
            self.stdout.write(
                f"Accuracy run #{run.pk} of the shipped corpus: {run.total_cases} cases, F1 {f1}."
            )
        self.stdout.write(f"API key for {DEMO_CLIENT} (shown once): {key}")
        # The logins come last, where a person looking at the terminal sees them.
        site = options["site_url"]
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS("Demo ready." + (f" Open {site}" if site else "")))
        self.stdout.write(
            "  Roles: reviewer and reviewer2 review, lead also assigns reviews, auditor reads, "
            "admin reopens and has the Django admin."
        )
        for username, password in logins:
            self.stdout.write(f"  login: {username} / {password or '(unchanged)'}")
        if settings.DEBUG:
            self.stdout.write("  Passwords are new on every run of seed_demo (make run).")

    def _users(self, *, keep: bool) -> list[tuple[str, str | None]]:
        User = get_user_model()
        logins = []
        for username, group_name in DEMO_USERS:
            user, created = User.objects.get_or_create(username=username)
            password = None
            if created or not keep:
                password = secrets.token_urlsafe(9)
                user.set_password(password)
            if group_name in (roles.REVIEWER, roles.LEAD) and not user.email:
                user.email = f"{username}@{DEMO_EMAIL_DOMAIN}"
            if group_name == roles.ADMIN:
                # The admin role works in the Django admin too (reopening, reference data).
                user.is_staff = True
            user.save()
            user.groups.add(Group.objects.get(name=group_name))
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

    def _accuracy_run(self, *, actor: Actor) -> AccuracyReport | None:
        """One measured run of the shipped corpus, so the reports page has data from the start."""
        if AccuracyReport.objects.exists():
            return None
        try:
            return accuracy_measure(actor=actor).report
        except MeasurementError as error:
            self.stderr.write(f"No accuracy run: {error}")
            return None
