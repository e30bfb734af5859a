"""measure_accuracy on a corpus: a small hand-checked one end to end, bad input refused."""

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from hallucination.models import AccuracyReport

FIXTURES = Path(__file__).parent / "fixtures"
HAND_CHECKED = FIXTURES / "hand_checked.jsonl"


def measure(*args: str, stderr: StringIO | None = None) -> str:
    out = StringIO()
    call_command("measure_accuracy", *args, stdout=out, stderr=stderr or StringIO())
    return out.getvalue()


def test_a_hand_checked_corpus_gives_the_hand_computed_figures(db) -> None:  # type: ignore[no-untyped-def]
    # noi-right: $1.2M grounds against $1,200,000 (TN). noi-wrong: $1.5M is a fabrication
    # (TP, span caught). noi-words-only: no number to check (FN). noi-approximate: "roughly
    # $1.25M" is 4% off, flagged as an approximation though labelled clean (FP).
    report = json.loads(measure("--corpus", str(HAND_CHECKED), "--format", "json"))
    assert (report["tp"], report["fp"], report["fn"], report["tn"]) == (1, 1, 1, 1)
    assert report["precision"] == report["recall"] == report["f1"] == 0.5
    assert report["false_positive_rate"] == 0.5
    assert (report["total_claims"], report["verified_claims"], report["unverified_claims"]) == (
        3,
        1,
        2,
    )
    assert report["hallucination_rate"] == pytest.approx(2 / 3, abs=1e-6)
    assert report["per_kind"]["confabulation"]["pass_rate"] == 1.0
    assert report["per_kind"]["unit_drift"]["pass_rate"] == 0.0
    assert report["spans"] == {"total": 2, "caught": 1, "recall": 0.5}
    assert report["corpus_paths"] == ["tests/reports/fixtures/hand_checked.jsonl"]
    assert report["ground_truth"] == "corpus"


def test_show_errors_lists_the_misclassified_cases_with_claims_and_outcomes(db) -> None:  # type: ignore[no-untyped-def]
    text = measure("--corpus", str(HAND_CHECKED), "--show-errors")
    assert "Misclassified cases (2):" in text
    assert "noi-words-only [unit_drift] false negative" in text
    assert "✗ '$1.25M' @20-26: approximation" in text
    assert "noi-wrong [" not in text


def test_output_writes_the_report_to_a_file(db, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "accuracy.json"
    stderr = StringIO()
    printed = measure(
        "--corpus", str(HAND_CHECKED), "--format", "json", "--output", str(target), stderr=stderr
    )
    assert printed == ""
    report = json.loads(target.read_text())
    assert report["id"] == AccuracyReport.objects.get().pk
    assert str(target) in stderr.getvalue()


def test_stakes_are_recorded_with_the_run(db) -> None:  # type: ignore[no-untyped-def]
    report = json.loads(
        measure("--corpus", str(HAND_CHECKED), "--stakes", "audit", "--format", "json")
    )
    assert report["scope"]["stakes"] == "audit"
    assert report["total_cases"] == 4


class Terminal(StringIO):
    def isatty(self) -> bool:
        return True


def test_a_progress_bar_goes_to_stderr_on_a_terminal_only(db) -> None:  # type: ignore[no-untyped-def]
    terminal = Terminal()
    measure("--corpus", str(HAND_CHECKED), stderr=terminal)
    assert "Measuring [" in terminal.getvalue() and "4/4" in terminal.getvalue()
    piped = StringIO()
    measure("--corpus", str(HAND_CHECKED), stderr=piped)
    assert "Measuring" not in piped.getvalue()


def test_a_missing_corpus_file_is_refused(db, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CommandError, match="does not exist"):
        measure("--corpus", str(tmp_path / "nope.jsonl"))
    assert not AccuracyReport.objects.exists()


def test_a_line_that_is_not_a_case_is_refused_naming_the_line(db, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    corpus = tmp_path / "broken.jsonl"
    corpus.write_text(HAND_CHECKED.read_text() + '{"id": "x", "answer": "1"}\n')
    with pytest.raises(CommandError, match=r"broken\.jsonl:5"):
        measure("--corpus", str(corpus))


def test_a_span_not_in_its_answer_is_refused(db, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    corpus = tmp_path / "span.jsonl"
    case = {
        "id": "typo",
        "source": "Revenue was $10M.",
        "answer": "Revenue was $12M.",
        "label": "hallucinated",
        "hallucinated_spans": ["$12 M"],
    }
    corpus.write_text(json.dumps(case) + "\n")
    with pytest.raises(CommandError, match=r"Case typo: hallucinated span '\$12 M'"):
        measure("--corpus", str(corpus))


def test_an_unmigrated_database_is_refused_before_the_run(tmp_path: Path) -> None:
    # The report is stored in the database: a fresh one gets a clear error, not a traceback
    # after the whole corpus has run.
    env = {k: v for k, v in os.environ.items() if k != "CELERY_BROKER_URL"}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    result = subprocess.run(
        [sys.executable, "manage.py", "measure_accuracy", "--corpus", str(HAND_CHECKED)],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    assert "migrations not applied" in result.stderr
    assert "python manage.py migrate" in result.stderr
    assert "Traceback" not in result.stderr
