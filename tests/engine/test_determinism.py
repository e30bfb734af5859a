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


def _verdicts(seed: str) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(ROOT / "tests" / "holdout")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def test_verdicts_do_not_depend_on_the_hash_seed():
    first, second = _verdicts("0"), _verdicts("1")
    assert first.keys() == second.keys()
    differing = [case for case in first if first[case] != second[case]]
    assert differing == []
