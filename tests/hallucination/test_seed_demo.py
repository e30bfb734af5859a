"""seed_demo gives a newcomer a login per role, an API key and a populated queue."""

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from reviews import roles
from reviews.models import Review

pytestmark = pytest.mark.django_db


def _seed() -> str:
    out = StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


def test_it_prints_a_working_login_for_every_role() -> None:
    output = _seed()

    User = get_user_model()
    for username, role in (
        ("reviewer", roles.REVIEWER),
        ("auditor", roles.AUDITOR),
        ("admin", roles.ADMIN),
    ):
        line = next(line for line in output.splitlines() if f"login: {username} /" in line)
        password = line.rsplit("/ ", 1)[1]
        user = User.objects.get(username=username)
        assert user.check_password(password)
        assert user.groups.filter(name=role).exists()


def test_only_the_admin_login_reaches_the_django_admin(client) -> None:  # type: ignore[no-untyped-def]
    _seed()

    User = get_user_model()
    assert User.objects.get(username="admin").is_staff
    assert not User.objects.get(username="reviewer").is_staff
    assert not User.objects.get(username="auditor").is_staff


def test_the_demo_queue_is_populated_and_a_second_run_adds_nothing(
    django_capture_on_commit_callbacks,
) -> None:  # type: ignore[no-untyped-def]
    with django_capture_on_commit_callbacks(execute=True):
        _seed()
    reviews = Review.objects.count()
    assert reviews >= 5

    with django_capture_on_commit_callbacks(execute=True):
        output = _seed()

    assert "demo queries submitted now: 0" in output
    assert Review.objects.count() == reviews
