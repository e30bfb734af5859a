"""CI: the command runs on the shipped corpus and its JSON has every DESIGN.md key."""

import json
from io import StringIO
from pathlib import Path

from django.core.management import call_command

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
DESIGN_KEYS = {
    "total_cases", "tp", "fp", "fn", "tn", "accuracy", "precision", "recall", "f1",
    "false_positive_rate", "total_claims", "verified_claims", "unverified_claims",
    "hallucination_rate", "target_rate", "meets_target", "per_kind", "latency_ms",
}  # fmt: skip
SEED_003_PATTERNS = {
    "confabulation", "period_drift", "segment_confusion", "unit_drift",
    "restatement", "footnote_only", "prompt_injection",
}  # fmt: skip


def _corpus_lines() -> list[dict]:
    return [
        json.loads(line)
        for path in sorted(CORPUS.glob("*.jsonl"))
        for line in path.read_text().splitlines()
        if line.strip()
    ]


def test_the_shipped_corpus_report_validates_against_the_design_keys(db) -> None:  # type: ignore[no-untyped-def]
    out = StringIO()
    call_command("measure_accuracy", "--format", "json", stdout=out)
    report = json.loads(out.getvalue())

    assert set(report) >= DESIGN_KEYS
    lines = _corpus_lines()
    assert report["total_cases"] == len(lines)
    assert report["tp"] + report["fn"] == sum(1 for c in lines if c["label"] == "hallucinated")
    assert report["fp"] + report["tn"] == sum(1 for c in lines if c["label"] == "clean")
    assert report["verified_claims"] + report["unverified_claims"] == report["total_claims"]
    for key in ("accuracy", "precision", "recall", "f1", "false_positive_rate"):
        assert isinstance(report[key], float) and 0 <= report[key] <= 1, key
    assert isinstance(report["meets_target"], bool)
    assert report["target_rate"] == 0.05
    assert set(report["per_kind"]) == {c.get("kind") or "unspecified" for c in lines}
    assert set(report["per_kind"]) >= SEED_003_PATTERNS
    for name, kind in report["per_kind"].items():
        assert set(kind) >= {"cases", "passed", "pass_rate"}, name
        assert 0 <= kind["passed"] <= kind["cases"]
        assert (kind["bar"] is not None) == (name in SEED_003_PATTERNS)
    assert set(report["latency_ms"]) == {"p50", "p95", "p99"}
    assert (
        0
        < report["latency_ms"]["p50"]
        <= report["latency_ms"]["p95"]
        <= report["latency_ms"]["p99"]
    )
    assert report["corpus_paths"] == [
        f"tests/corpus/{p.name}" for p in sorted(CORPUS.glob("*.jsonl"))
    ]
