"""Tampering behind the triggers' back, as a database superuser could: verify_audit names it.

Each test changes rows with triggers skipped inside the test's own transaction, runs the
verifier on the same connection, and is rolled back.
"""

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from audit.chain import checkpoint_to_json, compute_hash
from audit.checkpoint import checkpoint_create
from audit.models import AuditEvent

from .conftest import tamper

pytestmark = pytest.mark.django_db


def verify(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command("verify_audit", *args, "--allow-unanchored", stdout=out, stderr=io.StringIO())
    except CommandError as exc:
        return exc.returncode, out.getvalue() + str(exc)
    return 0, out.getvalue()


@pytest.fixture
def chain(record) -> list[AuditEvent]:  # type: ignore[no-untyped-def]
    """Six events of this test's trace at the head of the chain."""
    return [record(payload={"step": step, "value": f"{step}.5"}) for step in range(6)]


@pytest.fixture
def checkpoint_file(chain, checkpoint_key, tmp_path: Path) -> Path:  # type: ignore[no-untyped-def]
    path = tmp_path / "checkpoint.json"
    path.write_text(checkpoint_to_json(checkpoint_create()))
    return path


def test_the_untouched_chain_verifies(chain, checkpoint_file) -> None:  # type: ignore[no-untyped-def]
    code, output = verify("--checkpoint", str(checkpoint_file))
    assert code == 0
    assert f"head hash {chain[-1].hash}" in output
    assert f"checkpoint(s) #{chain[-1].seq}" in output


def test_an_edited_row_is_named(chain) -> None:  # type: ignore[no-untyped-def]
    target = chain[2]
    tamper(
        "UPDATE audit_auditevent SET payload = %s WHERE seq = %s",
        [json.dumps({"step": 2, "value": "9.5"}), target.seq],
    )
    code, output = verify()
    assert code == 1
    assert f"BROKEN at #{target.seq} (hash_mismatch)" in output


def test_a_deleted_row_is_named(chain) -> None:  # type: ignore[no-untyped-def]
    target = chain[3]
    tamper("DELETE FROM audit_auditevent WHERE seq = %s", [target.seq])
    code, output = verify()
    assert code == 1
    assert f"BROKEN at #{target.seq} (missing)" in output


def test_two_swapped_rows_are_named(chain) -> None:  # type: ignore[no-untyped-def]
    first, second = chain[1], chain[4]
    parked = 10**15
    tamper("UPDATE audit_auditevent SET seq = %s WHERE seq = %s", [parked, first.seq])
    tamper("UPDATE audit_auditevent SET seq = %s WHERE seq = %s", [first.seq, second.seq])
    tamper("UPDATE audit_auditevent SET seq = %s WHERE seq = %s", [second.seq, parked])
    code, output = verify()
    assert code == 1
    assert f"BROKEN at #{first.seq} (hash_mismatch)" in output


def test_an_edit_rehashed_in_place_is_named(chain) -> None:  # type: ignore[no-untyped-def]
    target = AuditEvent.objects.get(pk=chain[2].pk)
    forged = replace(target.to_chain_event(), actor_name="someone-else")
    tamper(
        "UPDATE audit_auditevent SET actor_name = %s, hash = %s WHERE seq = %s",
        ["someone-else", compute_hash(forged), target.seq],
    )
    code, output = verify()
    assert code == 1
    assert f"BROKEN at #{target.seq} (rewritten)" in output


def test_a_dropped_tail_is_named_against_the_checkpoint(chain, checkpoint_file) -> None:  # type: ignore[no-untyped-def]
    tamper("DELETE FROM audit_auditevent WHERE seq >= %s", [chain[4].seq])
    assert verify()[0] == 0, "without a checkpoint a shorter chain still verifies"
    code, output = verify("--checkpoint", str(checkpoint_file))
    assert code == 1
    assert f"BROKEN at #{chain[4].seq} (missing)" in output
    assert "removed from the end" in output


def test_a_chain_recomputed_after_an_edit_is_named_against_the_checkpoint(  # type: ignore[no-untyped-def]
    chain, checkpoint_file
) -> None:
    target = chain[1]
    tamper(
        "UPDATE audit_auditevent SET payload = %s WHERE seq = %s",
        [json.dumps({"step": 1, "value": "7.5"}), target.seq],
    )
    _recompute_from(target.seq)
    code, output = verify()
    assert code == 0, "the recomputed chain is internally consistent: " + output
    code, output = verify("--checkpoint", str(checkpoint_file))
    assert code == 1
    assert f"BROKEN at #{target.seq} (checkpoint_mismatch)" in output


def test_a_trace_verification_names_the_break_too(chain, trace_id) -> None:  # type: ignore[no-untyped-def]
    tamper("UPDATE audit_auditevent SET subject_id = 'x' WHERE seq = %s", [chain[5].seq])
    code, output = verify("--trace", trace_id)
    assert code == 1
    assert f"Trace {trace_id}: 6 events" in output
    assert f"BROKEN at #{chain[5].seq}" in output


def _recompute_from(seq: int) -> None:
    """Rewrite every hash from seq to the head so each link holds again."""
    rows = list(AuditEvent.objects.filter(seq__gte=seq - 1).order_by("seq"))
    previous_hash = rows[0].hash
    for row in rows[1:]:
        new_hash = compute_hash(replace(row.to_chain_event(), prev_hash=previous_hash))
        tamper(
            "UPDATE audit_auditevent SET prev_hash = %s, hash = %s WHERE seq = %s",
            [previous_hash, new_hash, row.seq],
        )
        previous_hash = new_hash
