"""The development corpus by recipe and by table rendering: writes bench/results/devcorpus.json.

`measure_accuracy` gives the confusion matrix and the pass rate per corpus `kind`; the
development corpus (tests/devcorpus/, written from ConvFinQA filing pages) also records in
each case's id the recipe that made it (`convfinqa-<n>-<recipe>[-k]`) and in its note the
table rendering of its source. This breaks the figures down by both, so a change that helps
one rendering and hurts another shows.

Usage: .venv/bin/python bench/devcorpus.py [CORPUS]
"""

from __future__ import annotations

import json
import platform
import re
import sys
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hallucination.engine import detect  # noqa: E402
from hallucination.engine.corpus import load_corpus  # noqa: E402

CORPUS = ROOT / "tests" / "devcorpus" / "cases.jsonl"
RESULTS = ROOT / "bench" / "results" / "devcorpus.json"
_RENDERING = re.compile(r"rendered as (\w+)")
_RECIPE = re.compile(r"^convfinqa-\d+-(.+?)(?:-\d+)?$")


def _rate(passed: int, cases: int) -> float | None:
    return round(passed / cases, 4) if cases else None


def measure(path: Path) -> dict:
    cases = load_corpus([path])
    notes = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        notes[data["id"]] = data.get("note", "")
    matrix = dict.fromkeys(("tp", "fp", "fn", "tn"), 0)
    recipes: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    renderings: dict[str, dict[str, int]] = defaultdict(
        lambda: dict.fromkeys(("tp", "fp", "fn", "tn"), 0)
    )
    started = time.perf_counter()
    for case in cases:
        flagged = detect(case.to_input()).flagged
        cell = {
            (True, True): "tp",
            (False, True): "fp",
            (True, False): "fn",
            (False, False): "tn",
        }[(case.hallucinated, flagged)]
        matrix[cell] += 1
        found = _RECIPE.match(case.id)
        recipe = found.group(1) if found else case.kind or "unspecified"
        recipe = "clean-table" if recipe == "clean-fact" else recipe
        recipes[recipe][0] += flagged == case.hallucinated
        recipes[recipe][1] += 1
        rendering = _RENDERING.search(notes.get(case.id, ""))
        renderings[rendering.group(1) if rendering else "unspecified"][cell] += 1
    elapsed = time.perf_counter() - started
    tp, fp, fn, tn = matrix["tp"], matrix["fp"], matrix["fn"], matrix["tn"]
    precision = tp / (tp + fp) if tp + fp else None
    recall = tp / (tp + fn) if tp + fn else None
    f1 = (
        2 * precision * recall / (precision + recall)
        if precision is not None and recall is not None and precision + recall
        else None
    )
    return {
        "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "corpus": str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path),
        "cases": len(cases),
        **matrix,
        "precision": round(precision, 4) if precision is not None else None,
        "recall": round(recall, 4) if recall is not None else None,
        "f1": round(f1, 4) if f1 is not None else None,
        "false_positive_rate": _rate(fp, fp + tn),
        "seconds": round(elapsed, 2),
        "recipes": {
            name: {"cases": total, "passed": passed, "pass_rate": _rate(passed, total)}
            for name, (passed, total) in sorted(recipes.items())
        },
        "renderings": {
            name: {
                **counts,
                "recall": _rate(counts["tp"], counts["tp"] + counts["fn"]),
                "false_positive_rate": _rate(counts["fp"], counts["fp"] + counts["tn"]),
            }
            for name, counts in sorted(renderings.items())
        },
    }


def main() -> None:
    path = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else CORPUS
    report = measure(path)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(
        f"{report['cases']} cases: precision {report['precision']}, recall {report['recall']}, "
        f"F1 {report['f1']}, false-positive rate {report['false_positive_rate']}"
    )
    for name, row in report["recipes"].items():
        print(f"  {name:16s} {row['passed']:4d}/{row['cases']:<4d} {row['pass_rate']}")
    for name, row in report["renderings"].items():
        print(
            f"  {name:10s} recall {row['recall']}  false-positive rate {row['false_positive_rate']}"
        )
    print(f"written to {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
