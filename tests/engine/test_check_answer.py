"""`manage.py check_answer`: one answer against its source files, as a table or as JSON."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from .conftest import CANONICAL_ANSWER, CANONICAL_SOURCE


@pytest.fixture
def files(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text(CANONICAL_ANSWER)
    source = tmp_path / "filing.txt"
    source.write_text(CANONICAL_SOURCE)
    return answer, source


def _run(*args: str) -> str:
    out = StringIO()
    call_command("check_answer", *args, stdout=out)
    return out.getvalue()


def test_it_prints_the_canonical_table_with_the_three_flagged_claims(files):
    answer, source = files

    text = _run("--answer", str(answer), "--source", str(source), "--confidence", "0.9")

    rows = {line.split("|")[1].strip(): line for line in text.splitlines() if line.startswith("| ")}
    assert "arithmetic_drift" in rows["14.8%"]
    assert "expected 14.20 = (1.85B - 1.62B) / 1.62B * 100" in rows["14.8%"]
    assert "fabrication" in rows["$0.81"] and "nearest $0.78 [filing.txt]" in rows["$0.81"]
    assert "approximation" in rows["$4 billion"] and "nearest $4.2 billion" in rows["$4 billion"]
    assert "grounded" in rows["$312 million"]
    assert "Total claims: 8   Grounded: 5   Ungrounded: 3" in text
    assert "Grounding rate: 0.625" in text
    assert "Gate (standard, 0.7): failed" in text
    assert "Flagged: yes" in text
    assert "Confidence: 0.9 -> 0.7" in text
    assert "[filing.txt]" in text


def test_it_prints_the_result_json_of_the_design(files):
    answer, source = files

    data = json.loads(_run("--answer", str(answer), "--source", str(source), "--format", "json"))

    assert data["total_claims"] == 8
    assert data["grounding_rate"] == "0.625"
    assert data["gate"] == {"threshold": "0.7", "passed": False}
    eps = next(c for c in data["claims"] if c["text"] == "$0.81")
    assert eps["nearest"]["source_id"] == "filing.txt"


def test_the_audit_stakes_raise_the_gate(files):
    answer, source = files

    text = _run("--answer", str(answer), "--source", str(source), "--stakes", "audit")

    assert "Gate (audit, 0.9): failed" in text


def test_several_sources_are_read_and_named_by_file(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("Revenue was $1.85 billion and EPS was $0.78.")
    (tmp_path / "a.txt").write_text("Revenue: $1.85 billion.")
    (tmp_path / "b.txt").write_text("EPS: $0.78.")

    data = json.loads(
        _run(
            "--answer",
            str(answer),
            "--source",
            str(tmp_path / "a.txt"),
            "--source",
            str(tmp_path / "b.txt"),
            "--format",
            "json",
        )
    )

    assert [c["nearest"]["source_id"] for c in data["claims"]] == ["a.txt", "b.txt"]
    assert data["flagged"] is False


def test_an_answer_without_sources_has_every_claim_ungrounded(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("Revenue was $1.85 billion.")

    data = json.loads(_run("--answer", str(answer), "--format", "json"))

    assert data["ungrounded_count"] == 1
    assert data["flagged"] is True


def test_a_missing_answer_file_is_a_clear_error(tmp_path):
    with pytest.raises(CommandError, match="answer file not found"):
        _run("--answer", str(tmp_path / "nope.txt"))


def test_a_missing_source_file_is_a_clear_error(files, tmp_path):
    answer, _source = files

    with pytest.raises(CommandError, match="source file not found"):
        _run("--answer", str(answer), "--source", str(tmp_path / "gone.txt"))


def test_an_unreadable_file_is_a_clear_error(files, tmp_path):
    answer, _source = files
    binary = tmp_path / "scan.pdf"
    binary.write_bytes(b"\xff\xfe\x00garbage\x80")

    with pytest.raises(CommandError, match="cannot be read"):
        _run("--answer", str(answer), "--source", str(binary))


def test_a_directory_is_refused(files, tmp_path):
    answer, _source = files

    with pytest.raises(CommandError, match="is a directory"):
        _run("--answer", str(answer), "--source", str(tmp_path))


def test_a_confidence_outside_zero_to_one_is_refused(files):
    answer, source = files

    with pytest.raises(CommandError, match="between 0 and 1"):
        _run("--answer", str(answer), "--source", str(source), "--confidence", "90")
