"""Audit log wiped whole (issue 16, item 9): verification without an anchor says the chain
is unanchored and exits non-zero unless told --allow-unanchored; the periodic task writes
signed checkpoints outside the database and verify_audit checks against the newest one."""

import io

import pytest
from django.core.management import CommandError, call_command

from audit.checkpoint import checkpoint_storage
from audit.tasks import checkpoint as checkpoint_task
from tests.audit.conftest import checkpoint_key, record, tamper, trace_id

__all__ = ["checkpoint_key", "record", "trace_id"]

pytestmark = pytest.mark.django_db


def verify(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command("verify_audit", *args, stdout=out, stderr=io.StringIO())
    except CommandError as exc:
        return exc.returncode, out.getvalue() + str(exc)
    return 0, out.getvalue()


def test_an_unanchored_chain_fails_verification(record):
    record()

    code, output = verify()

    assert code == 3
    assert "UNANCHORED" in output


def test_allow_unanchored_lets_a_new_deployment_pass(record):
    record()

    code, output = verify("--allow-unanchored")

    assert code == 0 and "Allowed by --allow-unanchored" in output


def test_a_wiped_log_fails_even_when_nothing_is_left_to_recompute(record, checkpoint_key):
    record()
    tamper("DELETE FROM audit_auditevent")

    assert verify()[0] == 3


def test_the_periodic_task_stores_a_signed_checkpoint_outside_the_database(record, checkpoint_key):
    head = record()

    seq = checkpoint_task()

    assert seq is not None and seq >= head.seq
    _, files = checkpoint_storage().listdir("")
    assert f"checkpoint-{seq:012d}.json" in files
    assert checkpoint_task() is not None  # its own audit event is the next one to sign
    code, output = verify()
    assert code == 0, output
    assert "Anchored: the chain extends stored checkpoint #" in output


def test_a_log_wiped_after_a_checkpoint_fails_against_it(record, checkpoint_key):
    record()
    checkpoint_task()
    tamper("DELETE FROM audit_auditevent")

    code, output = verify()

    assert code == 1, output


def test_a_forged_stored_checkpoint_is_refused(record, checkpoint_key, settings):
    record()
    checkpoint_task()
    settings.AUDIT_CHECKPOINT_KEY = "another-key-" + "z" * 40

    code, output = verify()

    assert code == 2 and "checkpoint store" in output


def test_without_a_key_the_task_says_the_chain_is_not_anchored(record, settings, caplog):
    settings.AUDIT_CHECKPOINT_KEY = ""

    assert checkpoint_task() is None
    assert "not being anchored" in caplog.text
