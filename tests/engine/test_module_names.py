"""Each engine module binds a module-level name once. A pattern or constant assigned twice
shadows the first for every function in the module, whatever was meant where (ruff does
not report a repeated plain assignment)."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "hallucination" / "engine"


def _module_names(tree: ast.Module) -> Counter[str]:
    names: Counter[str] = Counter()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Name):
                names[target.id] += 1
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names[node.name] += 1
    return names


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda p: p.name)
def test_a_module_binds_each_name_once(path):
    names = _module_names(ast.parse(path.read_text()))
    assert [name for name, count in names.items() if count > 1] == []


def test_a_name_bound_twice_is_found():
    twice = ast.parse("import re\n_A = re.compile('a')\ndef f(): pass\n_A = re.compile('b')\n")
    assert _module_names(twice)["_A"] == 2
