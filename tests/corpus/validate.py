"""Check the labeled corpus files for format errors and print the counts per kind and label.

Usage: python tests/corpus/validate.py [FILE ...]
With no files, every *.jsonl next to this script is checked. Prints a markdown table of
counts; exits with status 1 on any error.
"""

from __future__ import annotations

import json
import re
import sys
import zlib
from collections import Counter
from pathlib import Path

CORPUS_DIR = Path(__file__).resolve().parent
LABELS = ("hallucinated", "clean")
STAKES = ("standard", "high", "audit")
# The kind names README.md documents; a new kind is added there and here together.
KINDS = (
    "seed",
    "confabulation",
    "period_drift",
    "segment_confusion",
    "unit_drift",
    "restatement",
    "footnote_only",
    "prompt_injection",
    "arithmetic",
    "aggregation",
    "substitution",
    "scale",
    "fabrication",
    "approximation",
    "consistency",
    "citation",
    "clean",
    "clean-table",
    "clean-derived",
    "clean-tool",
    "clean-refusal",
)
REQUIRED = ("id", "answer", "label", "hallucinated_spans", "kind")
OPTIONAL = ("source", "sources", "question", "samples", "stakes", "note")
ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
VERIFIED = re.compile(r"\[Verified: ([^\]]*)\]")


def crc32_hex(text: str) -> str:
    """Seed 002's checksum: CRC32 of the UTF-8 text, upper-case hex, 8 digits."""
    return f"{zlib.crc32(text.encode('utf-8')) & 0xFFFFFFFF:08X}"


def source_texts(case: dict) -> list[str]:
    if "source" in case:
        return [case["source"]]
    return [item["text"] for item in case.get("sources", [])]


def checksum_inputs(case: dict) -> list[tuple[str, str]]:
    """(checksum, checksum_input) of every JSON source that carries an accuracy report."""
    found = []
    for text in source_texts(case):
        try:
            data = json.loads(text)
        except ValueError:
            continue
        report = data.get("_accuracy_report") if isinstance(data, dict) else None
        if isinstance(report, dict) and "checksum_input" in report:
            found.append((report.get("checksum", ""), report["checksum_input"]))
    return found


def case_errors(case: object) -> list[str]:
    """Every format problem of one parsed line; an empty list means the case is valid."""
    if not isinstance(case, dict):
        return ["not a JSON object"]
    errors = [f"missing field {name!r}" for name in REQUIRED if name not in case]
    unknown = sorted(set(case) - set(REQUIRED) - set(OPTIONAL))
    if unknown:
        errors.append(f"unknown fields {unknown}")
    if errors:
        return errors
    if not isinstance(case["id"], str) or not ID_PATTERN.match(case["id"]):
        errors.append(f"id {case['id']!r} is not lower-case words joined by hyphens")
    if ("source" in case) == ("sources" in case):
        errors.append("exactly one of 'source' and 'sources' is required")
    elif "source" in case and not (isinstance(case["source"], str) and case["source"]):
        errors.append("'source' must be a non-empty string")
    elif "sources" in case:
        sources = case["sources"]
        if not isinstance(sources, list) or not sources:
            errors.append("'sources' must be a non-empty list")
        else:
            ids = [s.get("id") if isinstance(s, dict) else None for s in sources]
            if any(not isinstance(s, dict) or set(s) != {"id", "text"} for s in sources):
                errors.append("each source must be {id, text}")
            elif any(not isinstance(s["text"], str) or not s["text"] for s in sources):
                errors.append("each source text must be a non-empty string")
            if len(set(ids)) != len(ids):
                errors.append("source ids repeat within the case")
    answer = case["answer"]
    if not isinstance(answer, str) or not answer.strip():
        return [*errors, "'answer' must be a non-empty string"]
    if case["label"] not in LABELS:
        errors.append(f"label {case['label']!r} is not one of {LABELS}")
    if case["kind"] not in KINDS:
        errors.append(f"kind {case['kind']!r} is not documented in README.md")
    spans = case["hallucinated_spans"]
    if not isinstance(spans, list) or not all(isinstance(s, str) and s for s in spans):
        return [*errors, "'hallucinated_spans' must be a list of non-empty strings"]
    for span in spans:
        if span not in answer:
            errors.append(f"span {span!r} is not a substring of the answer")
    if case["label"] == "hallucinated" and not spans:
        errors.append("a hallucinated case lists at least one span")
    if case["label"] == "clean" and spans:
        errors.append("a clean case lists no spans")
    if "samples" in case and (
        not isinstance(case["samples"], list)
        or not all(isinstance(s, str) and s for s in case["samples"])
    ):
        errors.append("'samples' must be a list of non-empty strings")
    if "stakes" in case and case["stakes"] not in STAKES:
        errors.append(f"stakes {case['stakes']!r} is not one of {STAKES}")
    for key in ("question", "note"):
        if key in case and not isinstance(case[key], str):
            errors.append(f"'{key}' must be a string")
    if errors:
        return errors
    reports = checksum_inputs(case)
    for checksum, checksum_input in reports:
        if checksum != crc32_hex(checksum_input):
            errors.append(
                f"source checksum {checksum} is not the CRC32 of its checksum_input "
                f"({crc32_hex(checksum_input)})"
            )
    valid = {crc32_hex(checksum_input) for _, checksum_input in reports}
    for match in VERIFIED.finditer(answer):
        if match.group(1) in valid:
            continue
        if case["label"] == "clean":
            errors.append(f"clean answer carries a wrong checksum {match.group(0)}")
        elif not any(match.group(0) in span for span in spans):
            errors.append(f"wrong checksum {match.group(0)} is not listed in the spans")
    return errors


def load(paths: list[Path]) -> tuple[list[tuple[Path, dict]], list[str]]:
    cases: list[tuple[Path, dict]] = []
    errors: list[str] = []
    seen: dict[str, str] = {}
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            where = f"{path.name}:{number}"
            if not line.strip():
                errors.append(f"{where}: blank line")
                continue
            try:
                case = json.loads(line)
            except ValueError as exc:
                errors.append(f"{where}: not JSON ({exc})")
                continue
            problems = case_errors(case)
            errors.extend(f"{where} {case.get('id', '?')}: {p}" for p in problems)
            if isinstance(case, dict) and isinstance(case.get("id"), str):
                if case["id"] in seen:
                    errors.append(f"{where}: id {case['id']!r} already used at {seen[case['id']]}")
                seen[case["id"]] = where
                cases.append((path, case))
    return cases, errors


def counts_table(cases: list[tuple[Path, dict]]) -> str:
    """A markdown table of cases per kind and label, then per file."""
    per_kind: Counter[tuple[str, str]] = Counter()
    per_file: Counter[tuple[str, str]] = Counter()
    for path, case in cases:
        per_kind[(case["kind"], case["label"])] += 1
        per_file[(path.name, case["label"])] += 1
    lines = ["| kind | hallucinated | clean | total |", "|---|---:|---:|---:|"]
    for kind in [k for k in KINDS if any(key[0] == k for key in per_kind)]:
        h, c = per_kind[(kind, "hallucinated")], per_kind[(kind, "clean")]
        lines.append(f"| `{kind}` | {h} | {c} | {h + c} |")
    total_h = sum(v for (_, label), v in per_kind.items() if label == "hallucinated")
    total = sum(per_kind.values())
    lines.append(f"| **all** | **{total_h}** | **{total - total_h}** | **{total}** |")
    lines += ["", "| file | hallucinated | clean | total |", "|---|---:|---:|---:|"]
    for name in sorted({name for name, _ in per_file}):
        h, c = per_file[(name, "hallucinated")], per_file[(name, "clean")]
        lines.append(f"| `{name}` | {h} | {c} | {h + c} |")
    share = 100 * total_h / total if total else 0
    lines += ["", f"Hallucinated share: {share:.1f}% of {total} cases."]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv]
    if not paths:
        paths = sorted(CORPUS_DIR.glob("*.jsonl"))
    cases, errors = load(paths)
    for error in errors:
        print(error, file=sys.stderr)
    print(counts_table(cases))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
