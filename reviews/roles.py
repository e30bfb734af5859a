"""The roles as Django groups: reviewers work the queue, leads also assign it, auditors read,
admins reopen."""

from django.apps import apps
from django.contrib.auth.management import create_permissions
from django.contrib.auth.models import Group, Permission
from django.db.models import Q

REVIEWER = "reviewer"
LEAD = "lead"
AUDITOR = "auditor"
ADMIN = "admin"
ROLES = (REVIEWER, LEAD, AUDITOR, ADMIN)

# Apps whose records a reader of the review trail needs to see.
_READ_APPS = ("audit", "hallucination", "reviews", "verification")

# Reviewers see what a review rests on: the query, its sources, claims, verdicts and trace.
_REVIEWER_READS = {
    "hallucination": ("query", "source", "claim", "verdict", "referencefact", "calculatoroutput"),
    "reviews": ("review", "claimdecision"),
    "audit": ("auditevent",),
}
_REVIEWER_ACTIONS = ("reviews.claim_review", "reviews.decide_review")
# A team lead hands reviews out, takes over one a reviewer left, and releases any.
_LEAD_ACTIONS = (*_REVIEWER_ACTIONS, "reviews.assign_review")
_ADMIN_ACTIONS = (
    *_LEAD_ACTIONS,
    "reviews.reopen_review",
    "auth.view_user",
    "auth.add_user",
    "auth.change_user",
    "auth.view_group",
)


def _permissions(names: tuple[str, ...] | list[str]) -> list[Permission]:
    """Permissions by "app_label.codename"; a name that does not exist is a programming error."""
    wanted = {tuple(name.split(".", 1)) for name in names}
    if not wanted:
        return []
    condition = Q()
    for app_label, codename in wanted:
        condition |= Q(content_type__app_label=app_label, codename=codename)
    found = list(Permission.objects.filter(condition).select_related("content_type"))
    missing = wanted - {(p.content_type.app_label, p.codename) for p in found}
    if missing:
        raise LookupError(f"Permissions missing: {sorted('.'.join(m) for m in missing)}")
    return found


def _every_view_permission() -> list[str]:
    """Every view_ permission of the review trail's apps, so a new model is readable at once."""
    return [
        f"{app_label}.{codename}"
        for app_label, codename in Permission.objects.filter(
            content_type__app_label__in=_READ_APPS, codename__startswith="view_"
        ).values_list("content_type__app_label", "codename")
    ]


def role_permission_names() -> dict[str, list[str]]:
    """The permission names of each role, as "app_label.codename"."""
    reviewer_reads = [
        f"{app_label}.view_{model}"
        for app_label, models in _REVIEWER_READS.items()
        for model in models
    ]
    every_read = _every_view_permission()
    return {
        REVIEWER: sorted({*reviewer_reads, *_REVIEWER_ACTIONS}),
        LEAD: sorted({*reviewer_reads, *_LEAD_ACTIONS}),
        AUDITOR: sorted(set(every_read)),
        ADMIN: sorted({*every_read, *_ADMIN_ACTIONS}),
    }


def ensure_roles() -> dict[str, Group]:
    """Create or update the groups so each holds exactly its role's permissions.

    Safe to call any number of times; also runs after every migrate (see ReviewsConfig).
    """
    # post_migrate reaches the apps in INSTALLED_APPS order, so another app's permissions may
    # not exist yet when this runs; creating them here is idempotent.
    for app_label in ("auth", *_READ_APPS):
        try:
            create_permissions(apps.get_app_config(app_label), verbosity=0)
        except LookupError:
            continue
    groups = {}
    for role, names in role_permission_names().items():
        group, _ = Group.objects.get_or_create(name=role)
        group.permissions.set(_permissions(names))
        groups[role] = group
    return groups
