"""verify_audit prints the count and head hash, and answers bad arguments with exit code 2."""

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from audit.chain import checkpoint_to_json
from audit.checkpoint import checkpoint_create

pytestmark = pytest.mark.django_db


def run(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("verify_audit", *args, "--allow-unanchored", stdout=out, stderr=err)
    except CommandError as exc:
        return exc.returncode, out.getvalue() + err.getvalue() + str(exc)
    return 0, out.getvalue() + err.getvalue()


def test_it_prints_the_count_and_the_head_hash(record) -> None:  # type: ignore[no-untyped-def]
    head = record()
    code, output = run()
    assert code == 0
    assert f"events verified (#1..#{head.seq}), head hash {head.hash}" in output
    assert "UNANCHORED" in output


def test_it_streams_in_chunks_of_any_size(record) -> None:  # type: ignore[no-untyped-def]
    head = record()
    code, output = run("--chunk-size", "3", "--trace", head.trace_id)
    assert code == 0 and f"#{head.seq}" in output


def test_a_trace_is_verified_from_its_first_event_to_the_head(record, trace_id) -> None:  # type: ignore[no-untyped-def]
    first = record()
    record()
    code, output = run("--trace", trace_id)
    assert code == 0
    assert f"Trace {trace_id}: 2 events between #{first.seq} and #{first.seq + 1}." in output


def test_an_unknown_trace_exits_2() -> None:
    code, output = run("--trace", "no-such-trace-anywhere")
    assert code == 2 and "No audit events for trace no-such-trace-anywhere" in output


def test_a_malformed_trace_exits_2() -> None:
    code, output = run("--trace", "not a trace")
    assert code == 2 and "is not a trace ID" in output


def test_a_missing_checkpoint_file_exits_2(checkpoint_key, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    code, output = run("--checkpoint", str(tmp_path / "absent.json"))
    assert code == 2 and "no such file or directory" in output


def test_an_altered_checkpoint_file_exits_2(record, checkpoint_key, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    record()
    data = json.loads(checkpoint_to_json(checkpoint_create()))
    data["created_at"] = "2020-01-01T00:00:00+00:00"
    path = tmp_path / "checkpoint.json"
    path.write_text(json.dumps(data))
    code, output = run("--checkpoint", str(path))
    assert code == 2 and "bad signature" in output


def test_a_checkpoint_without_a_configured_key_exits_2(settings, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    settings.AUDIT_CHECKPOINT_KEY = ""
    path = tmp_path / "checkpoint.json"
    path.write_text("{}")
    code, output = run("--checkpoint", str(path))
    assert code == 2 and "AUDIT_CHECKPOINT_KEY" in output


def test_a_zero_chunk_size_exits_2() -> None:
    assert run("--chunk-size", "0")[0] == 2
