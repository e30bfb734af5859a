"""seed_demo gives a newcomer a login per role, an API key and a populated queue."""

import logging
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from hallucination.models import AccuracyReport
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
        ("lead", roles.LEAD),
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

    assert "Demo data: 0 answers submitted now" in output
    assert Review.objects.count() == reviews


def test_it_fills_a_queue_to_work_and_measures_a_run_for_the_reports_page(
    django_capture_on_commit_callbacks, caplog
) -> None:  # type: ignore[no-untyped-def]
    with caplog.at_level(logging.WARNING), django_capture_on_commit_callbacks(execute=True):
        output = _seed()

    assert Review.objects.count() >= 20
    run = AccuracyReport.objects.get()
    assert run.ground_truth == "corpus" and run.total_cases > 100
    assert f"Accuracy run #{run.pk} of the shipped corpus" in output
    # Nothing misleading on the way: no broker "localhost" notice, no missing on-call email,
    # no audit event without a trace ID.
    assert [
        record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING
    ] == []


def test_the_logins_are_the_last_thing_it_prints(django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    with django_capture_on_commit_callbacks(execute=True):
        lines = [line for line in _seed().splitlines() if line.strip()]

    first_login = next(i for i, line in enumerate(lines) if "login:" in line)
    assert all("login:" in line or "Passwords are new" in line for line in lines[first_login:])
    assert lines[first_login - 2].startswith("Demo ready.")
    assert "Roles:" in lines[first_login - 1]
    assert any("API key for demo-llm-service" in line for line in lines[:first_login])


def test_the_login_page_says_where_demo_logins_come_from_in_development(client, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DEBUG = True
    assert "prints a login for each role" in client.get("/accounts/login/").content.decode()

    settings.DEBUG = False
    assert "prints a login for each role" not in client.get("/accounts/login/").content.decode()
