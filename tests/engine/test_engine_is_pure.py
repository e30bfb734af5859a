"""The engine imports nothing from Django or the rest of the project."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "hallucination" / "engine"


def test_no_engine_module_imports_django_or_another_project_package():
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative: inside the engine
                    continue
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top not in {
                    "django",
                    "rest_framework",
                    "hallucination",
                    "audit",
                    "reviews",
                    "verification",
                }, (
                    path.name,
                    name,
                )


def test_it_detects_with_django_unavailable():
    script = (
        "import sys\n"
        "sys.modules['django'] = None\n"
        "from hallucination.engine import detect\n"
        "from hallucination.engine.types import DetectionInput, SourceDocument\n"
        "r = detect(DetectionInput(answer='EPS was $0.81.', sources=(SourceDocument('s', 'EPS: $0.78.'),)))\n"
        "assert r.flagged\n"
        "print('engine ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", script],
        cwd=ENGINE.parents[1],
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert done.returncode == 0, done.stderr
    assert "engine ok" in done.stdout
