"""The import-order check (pyproject.toml [tool.importlinter]) passes here and fails on a wrong import."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APPS = ("hallucination", "reviews", "verification", "audit")
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(project: Path) -> subprocess.CompletedProcess[str]:
    """Run the check as `make lint` does, on the project rooted at `project`."""
    env = {**os.environ, "PYTHONPATH": str(project)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def copy_of_the_project(destination: Path) -> Path:
    for app in APPS:
        shutil.copytree(ROOT / app, destination / app, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", destination / "pyproject.toml")
    return destination


def test_the_code_keeps_the_layers():
    done = lint_imports(ROOT)

    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        # What webhooks did before the outbound guard moved below both apps.
        (
            "hallucination/delivery/webhooks.py",
            "from verification.conf import verification_settings",
            "hallucination.delivery is not allowed to import verification",
        ),
        # Detection opening a review itself instead of asking through its signal.
        (
            "hallucination/services.py",
            "from reviews.services import review_open",
            "hallucination.services is not allowed to import reviews",
        ),
        # The audit log reaching up into the apps that write to it.
        (
            "audit/selectors.py",
            "from hallucination.models import Query",
            "audit is not allowed to import hallucination.models",
        ),
        # The engine importing Django.
        (
            "hallucination/engine/types.py",
            "from django.conf import settings",
            "hallucination.engine is not allowed to import django",
        ),
    ],
    ids=[
        "delivery-imports-verification",
        "detection-imports-reviews",
        "audit-imports-detection",
        "engine-imports-django",
    ],
)
def test_a_module_importing_against_the_order_breaks_the_check(tmp_path, module, line, broken):
    project = copy_of_the_project(tmp_path)
    with (project / module).open("a") as copied:
        copied.write(f"\n{line}\n")

    done = lint_imports(project)

    assert done.returncode != 0
    assert "BROKEN" in done.stdout
    assert broken in done.stdout, done.stdout


def test_every_module_at_the_top_of_hallucination_has_a_layer():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    layers = next(c for c in config["contracts"] if c["id"] == "layers")["layers"]
    placed = {name.strip() for layer in layers for name in layer.replace("|", ":").split(":")}
    package = ROOT / "hallucination"
    modules = {path.stem for path in package.glob("*.py")} | {
        path.parent.name for path in package.glob("*/__init__.py")
    }
    unplaced = sorted(
        f"hallucination.{name}"
        for name in modules - {"__init__", "migrations"}
        if f"hallucination.{name}" not in placed
    )

    assert unplaced == [], f"Give these a layer in pyproject.toml: {unplaced}"


def _imports_inside_functions(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                found += [(node.lineno, alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                found.append((node.lineno, node.module or ""))
    return found


def test_no_module_imports_another_app_inside_a_function():
    hidden = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            tree = ast.parse(path.read_text(), filename=str(path))
            for line, name in _imports_inside_functions(tree):
                if name.split(".")[0] in APPS and name.split(".")[0] != app:
                    hidden.append(f"{path.relative_to(ROOT)}:{line} imports {name}")

    assert hidden == [], "Import at the top of the module, in the layers' order: " + str(hidden)
