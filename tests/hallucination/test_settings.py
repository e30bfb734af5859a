"""Settings from the environment: production passes check --deploy; bad values fail loudly."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _manage(env_overrides: dict, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HALLUCINATION_", "DEBUG"))}
    env.update(env_overrides)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "k" * 10 + "x9!Qz-2#pL7@vW4$rT8^mN1&bC6*dF3(hJ5)" + "y" * 20,
    "ALLOWED_HOSTS": "review.example.com",
    "AUDIT_CHECKPOINT_KEY": "c" * 48,
    "WEBHOOK_SIGNING_SECRET": "w" * 40,
    # A shared cache, so throttles and lockouts count across web processes.
    "CACHE_URL": os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/11"),
}


def test_production_settings_pass_the_deploy_checks():
    result = _manage(PRODUCTION, "check", "--deploy", "--fail-level", "WARNING")

    assert result.returncode == 0, result.stdout + result.stderr


def test_it_refuses_to_start_without_a_secret_key_when_debug_is_off():
    result = _manage({"DEBUG": "false", "SECRET_KEY": ""}, "check")

    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_it_reads_the_secret_key_from_a_file(tmp_path):
    secret_file = tmp_path / "secret"
    secret_file.write_text(PRODUCTION["SECRET_KEY"] + "\n")
    env = {**PRODUCTION, "SECRET_KEY": "", "SECRET_KEY_FILE": str(secret_file)}

    result = _manage(env, "check", "--deploy", "--fail-level", "WARNING")

    assert result.returncode == 0, result.stderr


def test_it_refuses_an_unknown_tolerance_profile():
    result = _manage({"HALLUCINATION_PROFILE": "relaxed"}, "check")

    assert result.returncode != 0
    assert "HALLUCINATION_PROFILE" in result.stderr


def test_it_refuses_a_negative_tolerance():
    result = _manage({"HALLUCINATION_CURRENCY_TOLERANCE": "-1"}, "check")

    assert result.returncode != 0
    assert "HALLUCINATION_CURRENCY_TOLERANCE" in result.stderr


def test_the_lenient_profile_sets_seed_001s_tolerances():
    code = (
        "from django.conf import settings; h = settings.HALLUCINATION; "
        "print(h['CURRENCY_TOLERANCE'], h['PERCENTAGE_TOLERANCE'], h['RATIO_TOLERANCE'], "
        "h['DATE_TOLERANCE_DAYS'])"
    )
    result = _manage({"HALLUCINATION_PROFILE": "lenient"}, "shell", "-c", code)

    assert result.stdout.strip().splitlines()[-1].split() == ["5.0", "2.0", "5.0", "0"]


def test_it_refuses_a_label_quorum_that_is_not_a_fraction():
    result = _manage({"HALLUCINATION_LABEL_QUORUM": "80"}, "check")

    assert result.returncode != 0
    assert "HALLUCINATION_LABEL_QUORUM" in result.stderr
