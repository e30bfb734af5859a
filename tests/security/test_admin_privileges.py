"""Admin privilege escalation (issue 16, item 6): only superusers grant superuser, staff,
roles or permissions; every such change, every login and key change is an audit event."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.test import Client

from audit.models import AuditEvent
from hallucination.models import ApiClient, ClientAPIKey
from reviews import roles
from tests.factories import PASSWORD, UserFactory

User = get_user_model()


@pytest.fixture
def admin_staff(groups):  # type: ignore[no-untyped-def]
    return UserFactory(username="ada", roles=[roles.ADMIN], is_staff=True)


@pytest.fixture
def superuser(groups):  # type: ignore[no-untyped-def]
    return UserFactory(username="root", is_staff=True, is_superuser=True)


def _logged_in(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    assert client.post(
        "/admin/login/", {"username": user.username, "password": PASSWORD}
    ).status_code in (200, 302)
    return client


def _change_form(user, **changes) -> dict:  # type: ignore[no-untyped-def]
    data = {
        "username": user.username,
        "first_name": "",
        "last_name": "",
        "email": user.email,
        "is_active": "on",
        "is_staff": "on",
        "date_joined_0": "2026-01-01",
        "date_joined_1": "00:00:00",
        "initial-date_joined_0": "2026-01-01",
        "initial-date_joined_1": "00:00:00",
        "groups": [str(g.pk) for g in user.groups.all()],
    }
    data.update(changes)
    return data


def test_an_admin_cannot_make_itself_superuser(admin_staff):
    client = _logged_in(admin_staff)
    every_group = [str(g.pk) for g in Group.objects.all()]

    client.post(
        f"/admin/auth/user/{admin_staff.pk}/change/",
        _change_form(admin_staff, is_superuser="on", groups=every_group, user_permissions=["1"]),
    )

    admin_staff.refresh_from_db()
    assert admin_staff.is_superuser is False
    assert list(admin_staff.groups.values_list("name", flat=True)) == [roles.ADMIN]
    assert not admin_staff.user_permissions.exists()


def test_an_admin_cannot_edit_a_superuser(admin_staff, superuser):
    client = _logged_in(admin_staff)

    page = client.get(f"/admin/auth/user/{superuser.pk}/change/")
    password = client.post(
        f"/admin/auth/user/{superuser.pk}/password/",
        {"password1": "Taken-over-9!", "password2": "Taken-over-9!", "usable_password": "true"},
    )

    assert page.status_code in (302, 403) or b'name="username"' not in page.content
    assert password.status_code == 403
    superuser.refresh_from_db()
    assert superuser.check_password(PASSWORD)


def test_an_admin_cannot_then_edit_reference_facts(admin_staff):
    client = _logged_in(admin_staff)

    assert client.get("/admin/hallucination/referencefact/add/").status_code == 403


def test_a_superuser_grants_a_role_and_the_change_is_audited(superuser, admin_staff):
    client = _logged_in(superuser)
    reviewer_group = Group.objects.get(name=roles.REVIEWER)
    target = UserFactory(username="newbie", is_staff=True)

    response = client.post(
        f"/admin/auth/user/{target.pk}/change/",
        _change_form(target, groups=[str(reviewer_group.pk)]),
    )

    assert response.status_code == 302, response.content[:2000]
    assert list(target.groups.values_list("name", flat=True)) == [roles.REVIEWER]
    event = AuditEvent.objects.filter(event_type="user.roles_changed", subject_id=str(target.pk))
    added = [e for e in event if e.payload.get("groups", {}).get("added")]
    assert added and added[-1].payload["groups"]["added"] == [roles.REVIEWER]
    assert added[-1].actor_name == "root"


def test_a_superuser_flag_set_anywhere_is_audited(db):
    user = UserFactory(username="quiet")
    user.is_superuser = True
    user.save()

    event = AuditEvent.objects.filter(event_type="user.roles_changed", subject_id=str(user.pk))
    assert event.latest("seq").payload["fields"]["is_superuser"] == {"from": False, "to": True}


def test_logins_and_failed_logins_are_audited(admin_staff):
    Client().post("/accounts/login/", {"username": "ada", "password": "wrong"})
    Client().post("/accounts/login/", {"username": "ada", "password": PASSWORD})

    failed = AuditEvent.objects.filter(event_type="user.login_failed").latest("seq")
    assert failed.payload["username"] == "ada" and "wrong" not in str(failed.payload)
    assert AuditEvent.objects.filter(
        event_type="user.logged_in", subject_id=str(admin_staff.pk)
    ).exists()


def test_the_librarys_api_key_model_is_hidden_from_the_admin(superuser):
    client = _logged_in(superuser)

    assert client.get("/admin/rest_framework_api_key/apikey/").status_code == 404
    assert b"rest_framework_api_key" not in client.get("/admin/").content


def test_client_keys_are_listed_created_and_revoked_in_the_admin(superuser):
    client = _logged_in(superuser)
    api_client = ApiClient.objects.create(name="admin-made")

    created = client.post(
        "/admin/hallucination/clientapikey/add/",
        {"client": api_client.pk, "allowed_stakes": ["standard"]},
        follow=True,
    )

    key = ClientAPIKey.objects.get(client=api_client)
    assert b"shown once" in created.content
    assert key.allowed_stakes == ["standard"]
    assert key.prefix.encode() in client.get("/admin/hallucination/clientapikey/").content
    made = AuditEvent.objects.filter(event_type="api_key.created").latest("seq")
    assert (made.actor_kind, made.actor_name) == ("user", "root")

    client.post(
        "/admin/hallucination/clientapikey/",
        {"action": "revoke_keys", "_selected_action": [key.pk]},
    )

    key.refresh_from_db()
    assert key.revoked is True
    revoked = AuditEvent.objects.filter(event_type="api_key.revoked").latest("seq")
    assert revoked.payload["key_prefix"] == key.prefix and revoked.actor_name == "root"


def test_the_revoke_command_revokes_and_audits(alpha, canonical_payload):
    call_command("revoke_api_key", alpha.key)

    assert alpha.post("/api/v1/queries/", canonical_payload, format="json").status_code == 401
    event = AuditEvent.objects.filter(event_type="api_key.revoked").latest("seq")
    assert event.payload["client"] == "alpha-agent"


def test_settings_changed_is_no_longer_declared():
    from audit import events

    assert not hasattr(events, "SETTINGS_CHANGED")
