"""--fail-under-f1 and --fail-over-fpr gate a release: exit status 1 when missed, 0 when met."""

import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from hallucination.models import AccuracyReport

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args: str) -> subprocess.CompletedProcess:
    """The real command in a process of its own, against this test's database."""
    s = connection.settings_dict
    url = f"postgres://{s.get('USER') or 'postgres'}@{s.get('HOST') or '127.0.0.1'}:{s.get('PORT') or 5432}/{s['NAME']}"
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "hallucination.settings"}
    return subprocess.run(
        [sys.executable, "manage.py", "measure_accuracy", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.django_db(transaction=True)
def test_the_command_exits_1_when_f1_is_under_the_bar_and_0_when_it_is_met(
    decided_reviews,  # type: ignore[no-untyped-def]
) -> None:
    if connection.vendor != "postgresql":
        pytest.fail("This test runs the command in another process: it needs PostgreSQL.")
    # The decided reviews give F1 = 2·2 / (2·2 + 1 + 1) = 0.6667.
    missed = _manage("--from-reviews", "--fail-under-f1", "0.9")
    assert missed.returncode == 1, missed.stderr
    assert "F1 0.6667 is below 0.9" in missed.stderr
    assert "Hallucination Detection Accuracy Report" in missed.stdout

    met = _manage("--from-reviews", "--fail-under-f1", "0.6")
    assert met.returncode == 0, met.stderr
    # Both runs are stored, the failing one too.
    assert AccuracyReport.objects.count() == 2


def gate(*args: str) -> None:
    call_command("measure_accuracy", "--from-reviews", *args, stdout=StringIO())


def test_the_false_positive_rate_gate_fails_above_the_limit(decided_reviews) -> None:  # type: ignore[no-untyped-def]
    # One false positive and one true negative: FPR 0.5.
    with pytest.raises(CommandError, match=r"false-positive rate 0\.5000 is above 0\.4"):
        gate("--fail-over-fpr", "0.4")
    gate("--fail-over-fpr", "0.5")


def test_both_gates_missed_are_both_named(decided_reviews) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CommandError) as error:
        gate("--fail-under-f1", "0.95", "--fail-over-fpr", "0.1")
    assert "F1" in str(error.value) and "false-positive rate" in str(error.value)


def test_an_undefined_f1_does_not_meet_the_gate(db) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CommandError, match="F1 is undefined"):
        gate("--fail-under-f1", "0.5")


@pytest.mark.parametrize("value", ["90", "-0.1", "high"])
def test_a_gate_that_is_not_a_fraction_is_refused_before_measuring(db, value: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CommandError, match="--fail-under-f1"):
        gate("--fail-under-f1", value)
    assert not AccuracyReport.objects.exists()
