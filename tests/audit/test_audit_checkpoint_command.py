"""audit_checkpoint signs the chain since the previous checkpoint and never overwrites one."""

import io
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from audit import events
from audit.chain import checkpoint_check_signature, checkpoint_from_json
from audit.checkpoint import checkpoints_load
from audit.models import AuditEvent

from .conftest import tamper

pytestmark = pytest.mark.django_db


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command("audit_checkpoint", *args, stdout=out)
    except CommandError as exc:
        return exc.returncode, out.getvalue() + str(exc)
    return 0, out.getvalue()


def test_it_signs_the_whole_chain_to_standard_output(record, checkpoint_key) -> None:  # type: ignore[no-untyped-def]
    head = record()
    code, output = run()
    assert code == 0
    checkpoint = checkpoint_from_json(output)
    checkpoint_check_signature(checkpoint, checkpoint_key)
    assert (checkpoint.from_seq, checkpoint.seq, checkpoint.head_hash) == (1, head.seq, head.hash)


def test_it_records_that_it_signed_a_checkpoint(record, checkpoint_key) -> None:  # type: ignore[no-untyped-def]
    head = record()
    run()
    event = AuditEvent.objects.get(seq=head.seq + 1)
    assert event.event_type == events.AUDIT_CHECKPOINTED
    assert event.payload["head_hash"] == head.hash
    assert event.payload["seq"] == head.seq


def test_a_directory_holds_a_series_each_continuing_the_last(  # type: ignore[no-untyped-def]
    record, checkpoint_key, tmp_path: Path
) -> None:
    record()
    assert run("--directory", str(tmp_path))[0] == 0
    middle = record()
    code, output = run("--directory", str(tmp_path))
    assert code == 0
    first, second = checkpoints_load([tmp_path], checkpoint_key)
    assert second.from_seq == first.seq + 1
    assert second.seq == middle.seq
    assert f"written to {tmp_path / f'checkpoint-{second.seq:012d}.json'}" in output


def test_an_existing_file_is_never_overwritten(record, checkpoint_key, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    record()
    target = tmp_path / "cp.json"
    target.write_text("evidence")
    code, output = run("--output", str(target))
    assert code == 2 and "already exists" in output
    assert target.read_text() == "evidence"


def test_it_refuses_to_sign_a_broken_chain(record, checkpoint_key, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    event = record()
    tamper("UPDATE audit_auditevent SET actor_name = 'x' WHERE seq = %s", [event.seq])
    code, output = run("--directory", str(tmp_path))
    assert code == 1
    assert f"Not signing a broken chain. BROKEN at #{event.seq}" in output
    assert list(tmp_path.iterdir()) == []


def test_it_needs_a_key(record, settings) -> None:  # type: ignore[no-untyped-def]
    settings.AUDIT_CHECKPOINT_KEY = ""
    record()
    code, output = run()
    assert code == 2 and "AUDIT_CHECKPOINT_KEY" in output


def test_after_and_directory_do_not_go_together(checkpoint_key, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    code, output = run("--directory", str(tmp_path), "--after", str(tmp_path / "x.json"))
    assert code == 2 and "--after goes with --output" in output
