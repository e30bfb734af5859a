"""App config for the review queue."""

from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _ensure_roles_after_migrate(**kwargs: Any) -> None:
    from .roles import ensure_roles

    ensure_roles()


class ReviewsConfig(AppConfig):
    name = "reviews"
    verbose_name = "Review queue"

    def ready(self) -> None:
        from . import (  # noqa: F401
            accounts,  # audits logins and role changes
            receivers,  # opens and escalates reviews detection asks for
        )

        # After every migrate (and every test-database flush), the roles hold their permissions.
        post_migrate.connect(
            _ensure_roles_after_migrate, sender=self, dispatch_uid="reviews.ensure_roles"
        )
