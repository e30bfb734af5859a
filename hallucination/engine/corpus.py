"""The labeled corpus (DESIGN.md's JSON Lines format): load cases and turn them into inputs."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .types import STAKES, DetectionInput, SourceDocument

LABELS = ("hallucinated", "clean")


class CorpusError(ValueError):
    """A corpus line that cannot be read as a case; the message names the file and line."""


@dataclass(frozen=True, slots=True)
class CorpusCase:
    id: str
    answer: str
    label: str
    sources: tuple[SourceDocument, ...] = ()
    hallucinated_spans: tuple[str, ...] = ()
    kind: str = ""
    question: str = ""
    samples: tuple[str, ...] = ()
    stakes: str = "standard"
    path: str = ""
    line: int = 0

    @property
    def hallucinated(self) -> bool:
        return self.label == "hallucinated"

    def to_input(self) -> DetectionInput:
        return DetectionInput(
            answer=self.answer,
            sources=self.sources,
            stakes=self.stakes,
            samples=self.samples,
            question=self.question,
        )


def _sources(data: dict, where: str) -> tuple[SourceDocument, ...]:
    if "sources" in data and data["sources"] is not None:
        items = data["sources"]
        if not isinstance(items, list):
            raise CorpusError(f"{where}: 'sources' must be a list of {{id, text}}")
        out = []
        for i, item in enumerate(items, 1):
            if not isinstance(item, dict) or not isinstance(item.get("text"), str):
                raise CorpusError(f"{where}: source {i} needs a 'text' string")
            out.append(SourceDocument(id=str(item.get("id") or f"source{i}"), text=item["text"]))
        return tuple(out)
    if "source" in data and data["source"] is not None:
        if not isinstance(data["source"], str):
            raise CorpusError(f"{where}: 'source' must be a string")
        return (SourceDocument(id="source", text=data["source"]),)
    return ()


def parse_case(data: object, *, path: str = "", line: int = 0) -> CorpusCase:
    """One case from its decoded JSON object; unknown fields are ignored."""
    where = f"{path}:{line}" if path else f"line {line}"
    if not isinstance(data, dict):
        raise CorpusError(f"{where}: a case is a JSON object")
    for name in ("id", "answer", "label"):
        if not isinstance(data.get(name), str):
            raise CorpusError(f"{where}: '{name}' is required and must be a string")
    if data["label"] not in LABELS:
        raise CorpusError(f"{where}: label must be one of {', '.join(LABELS)}")
    spans = data.get("hallucinated_spans") or []
    if not isinstance(spans, list) or not all(isinstance(s, str) for s in spans):
        raise CorpusError(f"{where}: 'hallucinated_spans' must be a list of strings")
    samples = data.get("samples") or []
    if not isinstance(samples, list) or not all(isinstance(s, str) for s in samples):
        raise CorpusError(f"{where}: 'samples' must be a list of strings")
    stakes = data.get("stakes") or "standard"
    if stakes not in STAKES:
        raise CorpusError(f"{where}: stakes must be one of {', '.join(STAKES)}")
    return CorpusCase(
        id=data["id"],
        answer=data["answer"],
        label=data["label"],
        sources=_sources(data, where),
        hallucinated_spans=tuple(spans),
        kind=str(data.get("kind") or ""),
        question=str(data.get("question") or ""),
        samples=tuple(samples),
        stakes=stakes,
        path=path,
        line=line,
    )


def load_corpus(paths: Iterable[str | Path]) -> list[CorpusCase]:
    """Every case of the given JSON Lines files, in file order; blank lines are skipped.

    A directory stands for its `*.jsonl` files. Raises CorpusError on a line that is not a
    case, naming the file and line, and on an id used twice.
    """
    cases: list[CorpusCase] = []
    seen: dict[str, str] = {}
    files: list[Path] = []
    for entry in paths:
        path = Path(entry)
        files.extend(sorted(path.glob("*.jsonl")) if path.is_dir() else [path])
    for path in files:
        try:
            handle = path.open(encoding="utf-8")
        except OSError as error:
            raise CorpusError(f"{path}: cannot be read ({error.strerror})") from error
        with handle:
            for number, raw in enumerate(handle, 1):
                if not raw.strip():
                    continue
                try:
                    data = json.loads(raw)
                except ValueError as error:
                    raise CorpusError(f"{path}:{number}: not JSON ({error})") from error
                case = parse_case(data, path=str(path), line=number)
                if case.id in seen:
                    raise CorpusError(f"{path}:{number}: id {case.id!r} also at {seen[case.id]}")
                seen[case.id] = f"{path}:{number}"
                cases.append(case)
    return cases
