"""The engine gives the same verdicts whatever the process's hash seed: a search that keeps
the first values a set of words finds must take the words in a fixed order. Each run is a
fresh Python process, since the seed is fixed when a process starts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import json, sys
from pathlib import Path
from hallucination.engine.corpus import load_corpus
from hallucination.engine import detect
paths = sorted(Path(sys.argv[1]).glob("*.jsonl"))
out = {}
for case in load_corpus(paths):
    result = detect(case.to_input())
    out[case.id] = [[v.claim.start, v.outcome] for v in result.verdicts]
print(json.dumps(out))
"""


def _verdicts(*seeds: str) -> list[dict]:
    """The verdicts of one run per seed, the runs side by side (each process is one core's
    work: together they take the time of one)."""
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", SCRIPT, str(ROOT / "tests" / "holdout")],
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for seed in seeds
    ]
    out = []
    for run in runs:
        stdout, stderr = run.communicate()
        assert run.returncode == 0, stderr
        out.append(json.loads(stdout))
    return out


def test_verdicts_do_not_depend_on_the_hash_seed():
    first, second = _verdicts("0", "1")
    assert first.keys() == second.keys()
    differing = [case for case in first if first[case] != second[case]]
    assert differing == []
