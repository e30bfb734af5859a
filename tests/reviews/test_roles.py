"""The three roles and their permissions."""

import pytest
from django.contrib.auth.models import Group

from reviews import roles


@pytest.mark.django_db
def test_migrate_creates_the_three_groups():
    # post_migrate ran when the test database was built.
    assert set(Group.objects.values_list("name", flat=True)) >= {"reviewer", "auditor", "admin"}


def test_a_reviewer_can_claim_and_decide_but_not_reopen(reviewer):
    assert reviewer.has_perm("reviews.view_review")
    assert reviewer.has_perm("reviews.claim_review")
    assert reviewer.has_perm("reviews.decide_review")
    assert not reviewer.has_perm("reviews.reopen_review")


def test_an_auditor_reads_everything_and_decides_nothing(auditor):
    for name in (
        "reviews.view_review",
        "reviews.view_claimdecision",
        "hallucination.view_query",
        "hallucination.view_verdict",
        "audit.view_auditevent",
    ):
        assert auditor.has_perm(name), name
    for name in ("reviews.claim_review", "reviews.decide_review", "reviews.reopen_review"):
        assert not auditor.has_perm(name), name
    assert not any(
        perm.split(".", 1)[1].split("_", 1)[0] in ("add", "change", "delete")
        for perm in auditor.get_all_permissions()
    )


def test_an_admin_can_reopen(admin_user):
    assert admin_user.has_perm("reviews.reopen_review")
    assert admin_user.has_perm("reviews.decide_review")


def test_someone_in_no_role_can_see_nothing(outsider):
    assert not outsider.has_perm("reviews.view_review")


@pytest.mark.django_db
def test_ensure_roles_puts_back_a_removed_permission_and_is_idempotent():
    group = roles.ensure_roles()[roles.REVIEWER]
    group.permissions.clear()
    again = roles.ensure_roles()
    names = {
        f"{p.content_type.app_label}.{p.codename}"
        for p in again[roles.REVIEWER].permissions.select_related("content_type")
    }
    assert names == set(roles.role_permission_names()[roles.REVIEWER])
    assert "reviews.decide_review" in names
    assert Group.objects.filter(name=roles.REVIEWER).count() == 1
