"""Sign-in throttling (issue 16, item 5): django-axes locks a username at one address after
LOGIN_FAILURE_LIMIT failures, audited, lifted by `unlock_login`; bad API keys are throttled
per client address too."""

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from audit.models import AuditEvent
from tests.factories import PASSWORD, UserFactory


@pytest.fixture
def limit(settings):  # type: ignore[no-untyped-def]
    settings.AXES_FAILURE_LIMIT = 3
    return 3


@pytest.fixture
def rita(groups):  # type: ignore[no-untyped-def]
    return UserFactory(username="rita-locked", roles=["reviewer"])


def _login(path: str, password: str, address: str = "198.51.100.7") -> int:
    response = Client(REMOTE_ADDR=address).post(
        path, {"username": "rita-locked", "password": password}
    )
    return response.status_code


@pytest.mark.parametrize("path", ["/accounts/login/", "/admin/login/"])
def test_guessing_locks_the_user_at_that_address_even_for_the_right_password(rita, limit, path):
    codes = [_login(path, f"guess-{n}") for n in range(limit)]

    assert codes[:-1] == [200] * (limit - 1)
    assert _login(path, PASSWORD) == 429
    assert _login(path, f"guess-{limit + 1}") == 429
    locked = AuditEvent.objects.filter(event_type="user.locked_out").latest("seq")
    assert locked.payload == {"username": "rita-locked", "ip": "198.51.100.7"}
    failures = AuditEvent.objects.filter(event_type="user.login_failed", subject_id="rita-locked")
    assert failures.count() >= limit


def test_the_lockout_is_per_address(rita, limit):
    for n in range(limit):
        _login("/accounts/login/", f"guess-{n}")

    assert _login("/accounts/login/", PASSWORD, address="192.0.2.50") == 302


def test_unlock_login_lifts_the_lockout_and_is_audited(rita, limit):
    for n in range(limit):
        _login("/accounts/login/", f"guess-{n}")
    assert _login("/accounts/login/", PASSWORD) == 429

    call_command("unlock_login", "rita-locked")

    assert _login("/accounts/login/", PASSWORD) == 302
    event = AuditEvent.objects.filter(event_type="user.unlocked").latest("seq")
    assert event.payload["username"] == "rita-locked"
    assert event.payload["failures_removed"] >= 1


@pytest.fixture
def bad_key_limit(settings):  # type: ignore[no-untyped-def]
    settings.API_BAD_KEY_LIMIT = 5
    cache.clear()
    yield 5
    cache.clear()


@pytest.mark.parametrize("kind", ["unknown", "revoked"])
def test_bad_api_keys_are_throttled_per_address(alpha, bad_key_limit, kind):
    if kind == "revoked":
        from hallucination.models import ClientAPIKey

        ClientAPIKey.objects.filter(client=alpha.api_client).update(revoked=True)
        key = alpha.key
    else:
        key = "Abcdefgh.unknownunknownunknownunknown12"
    guesser = APIClient(REMOTE_ADDR="198.51.100.9")
    guesser.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")

    codes = [guesser.get("/api/v1/queries/").status_code for _ in range(bad_key_limit + 2)]

    assert codes[:bad_key_limit] == [401] * bad_key_limit
    assert codes[bad_key_limit:] == [429, 429]
    refused = guesser.get("/api/v1/queries/")
    assert refused.json()["error"] == "throttled" and int(refused["Retry-After"]) > 0
    other = APIClient(REMOTE_ADDR="192.0.2.77")
    other.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
    assert other.get("/api/v1/queries/").status_code == 401


def test_the_admin_lists_lockouts_and_unlocks_them_audited(rita, limit, groups):
    for n in range(limit):
        _login("/accounts/login/", f"guess-{n}")
    root = UserFactory(username="root-unlocker", is_staff=True, is_superuser=True)
    admin = Client()
    assert admin.login(username=root.username, password=PASSWORD)
    listing = admin.get("/admin/axes/accessattempt/")
    assert b"rita-locked" in listing.content
    from axes.models import AccessAttempt

    pk = AccessAttempt.objects.get(username="rita-locked").pk

    admin.post("/admin/axes/accessattempt/", {"action": "unlock", "_selected_action": [pk]})

    assert _login("/accounts/login/", PASSWORD) == 302
    event = AuditEvent.objects.filter(event_type="user.unlocked").latest("seq")
    assert (event.actor_name, event.payload["ip"]) == ("root-unlocker", "198.51.100.7")
