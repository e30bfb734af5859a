"""Seed 002's zero-mental-math checks: citations resolve and match, checksums verify."""

from __future__ import annotations

import zlib
from dataclasses import replace
from decimal import Decimal

import regex

from . import labels
from .sources import SourceIndex
from .types import (
    DATE,
    FABRICATION,
    GROUNDED,
    LAYER_POLICY,
    SUBSTITUTION,
    Claim,
    ClaimVerdict,
    Finding,
    NearestValue,
)
from .values import plain

_CITATION = regex.compile(r"\[Source:\s*([^\]\n]{1,300}?)\s*\]", regex.IGNORECASE)
_CHECKSUM = regex.compile(r"\[Verified:\s*([^\]\n]{0,40}?)\s*\]", regex.IGNORECASE)
_AVERAGE = regex.compile(r"\b(?:average|avg\.?|mean)\b", regex.IGNORECASE)
_RAW_LIST = regex.compile(r"\[\s*-?[0-9.]+(?:\s*,\s*-?[0-9.]+){1,50}\s*\]")
_COUNTED_LIST = regex.compile(
    r"[^\S\n]*(?:[a-z ]{0,20})?:\s*\[\s*-?[0-9.]+(?:\s*,\s*-?[0-9.]+){0,50}\s*\]"
)

FLAGGING_FINDINGS = frozenset(
    {
        "checksum_mismatch",
        "citation_mismatch",
        "citation_unresolved",
        "citation_label_mismatch",
        "prompt_injection",
        # In seed 002's mode (the client sent its metrics or a checksum input), leaving out a
        # citation or the checksum is a breach of the contract, not a style note.
        "checksum_required",
        "citation_required",
        # Seed 002's anti-aggregation rule: an average reported without its raw values.
        "average_without_raw",
    }
)


def uses_conventions(answer: str) -> bool:
    lowered = answer.lower()
    return "[source:" in lowered or "[verified:" in lowered


def crc32_hex(text: str) -> str:
    """CRC32 of the checksum input as 8 upper-case hex digits: seed 002's `[Verified: ...]`."""
    return f"{zlib.crc32(text.encode('utf-8')) & 0xFFFFFFFF:08X}"


def _segment_label(path: str) -> frozenset[str]:
    """The label words of a path's last segment: "stats.profit_factor" -> profit factor."""
    return labels.label_words(path.rsplit(".", 1)[-1].replace("_", " "))


def _named_elsewhere(claim: Claim, path: str, index: SourceIndex) -> tuple[str, Decimal] | None:
    """Another path whose last segment is the metric the claim names, when the cited one's
    is not: the claim's words and the cited segment share nothing, and exactly one sibling
    of the cited path (the same parent) names the claim's known metric."""
    known = {w for w in claim.label_words if w.startswith("@")}
    cited = _segment_label(path)
    if not known or not cited or claim.label_words & cited:
        return None
    parent = path.rsplit(".", 1)[0] if "." in path else ""
    named = [
        (key, value)
        for key, value in index.json_paths.items()
        if "." in key and key.rsplit(".", 1)[0] == parent and known & _segment_label(key)
    ]
    keys = {key.rsplit(".", 1)[-1] for key, _v in named}
    return named[0] if len(keys) == 1 else None


def _resolve(path: str, index: SourceIndex) -> tuple[str, Decimal] | None:
    for metric in index.metrics:
        if metric.path and (path == metric.path or path.endswith("." + metric.path)):
            return metric.path, metric.value
    if path in index.json_paths:
        return path, index.json_paths[path]
    for key, value in index.json_paths.items():
        if path.endswith("." + key):
            return key, value
    return None


def check(
    answer: str, verdicts: list[ClaimVerdict], index: SourceIndex
) -> tuple[list[ClaimVerdict], list[Finding]]:
    """Apply the citation and checksum rules; return the updated verdicts and the findings."""
    contract = bool(index.metrics) or index.checksum_input is not None
    if not uses_conventions(answer) and not contract:
        return verdicts, []
    findings: list[Finding] = []
    verdicts = list(verdicts)
    cited: set[int] = set()
    for match in _CITATION.finditer(answer):
        path = match.group(1).strip()
        line_start = answer.rfind("\n", 0, match.start()) + 1
        position = None
        for i in range(len(verdicts) - 1, -1, -1):
            claim = verdicts[i].claim
            if (
                claim.end <= match.start()
                and claim.start >= line_start
                and claim.kind != DATE
                and not claim.nested
            ):
                position = i
                break
        if position is not None:
            between = answer[verdicts[position].claim.end : match.start()]
            if _CITATION.search(between):
                position = None
        resolved = _resolve(path, index)
        if resolved is None:
            findings.append(
                Finding(
                    code="citation_unresolved",
                    message=f"[Source: {path}] does not name a metric the submission provided",
                    start=match.start(),
                    end=match.end(),
                )
            )
            continue
        if position is None:
            continue
        cited.add(position)
        metric_path, metric_value = resolved
        verdict = verdicts[position]
        claim = verdict.claim
        # Zero mental math means copying: 65.52 cited as 65.5 is a rounded number, a red flag.
        if abs(claim.value) == abs(metric_value):
            named = _named_elsewhere(claim, metric_path, index)
            if named is not None:
                # "Win rate 2.34% [Source: stats.profit_factor]": the value is the cited
                # path's, and the path is another metric's than the one the claim names.
                other_path, other_value = named
                verdicts[position] = replace(
                    verdict,
                    outcome=SUBSTITUTION,
                    layer=LAYER_POLICY,
                    expected_value=other_value,
                    details={**verdict.details, "citation": metric_path, "matched": other_path},
                )
                findings.append(
                    Finding(
                        code="citation_label_mismatch",
                        message=(
                            f"{claim.text} cites {metric_path}, but names the metric at "
                            f"{other_path} ({plain(other_value)})"
                        ),
                        start=claim.start,
                        end=match.end(),
                    )
                )
                continue
            if not verdict.grounded:
                verdicts[position] = replace(verdict, outcome=GROUNDED, layer=LAYER_POLICY)
            continue
        other = [
            key
            for key, value in index.json_paths.items()
            if value == claim.value and not key.endswith(metric_path)
        ]
        outcome = SUBSTITUTION if other else FABRICATION
        details = dict(verdict.details)
        details["citation"] = metric_path
        verdicts[position] = replace(
            verdict,
            outcome=outcome,
            layer=LAYER_POLICY,
            expected_value=metric_value,
            nearest=NearestValue(
                text=plain(metric_value),
                value=metric_value,
                source_id=metric_path,
                start=0,
                end=0,
            ),
            details=details,
        )
        findings.append(
            Finding(
                code="citation_mismatch",
                message=f"{claim.text} cites {metric_path}, which is {plain(metric_value)}",
                start=claim.start,
                end=match.end(),
            )
        )

    for match in _CHECKSUM.finditer(answer):
        given = match.group(1).strip().upper()
        expected = (
            crc32_hex(index.checksum_input)
            if index.checksum_input is not None
            else index.checksum.upper()
        )
        if not expected:
            findings.append(
                Finding(
                    code="checksum_unverifiable",
                    message="no checksum input was provided to verify the checksum against",
                    start=match.start(),
                    end=match.end(),
                )
            )
        elif given != expected:
            findings.append(
                Finding(
                    code="checksum_mismatch",
                    message=f"[Verified: {given}] does not match the CRC32 of the checksum input ({expected})",
                    start=match.start(),
                    end=match.end(),
                )
            )
    if not _CHECKSUM.search(answer) and (index.checksum or index.checksum_input):
        findings.append(
            Finding(
                code="checksum_required" if contract else "checksum_missing",
                message="the answer carries no [Verified: ...] checksum",
            )
        )

    # Seed 002's raw values before an average ("last 5: [0.05, 0.06, ...]") are shown as the
    # tool gave them, one list: its numbers need no citation each.
    raw_lists = [m.span() for m in _RAW_LIST.finditer(answer)]
    for i, verdict in enumerate(verdicts):
        claim = verdict.claim
        if claim.kind == DATE or claim.nested:
            continue
        if any(s <= claim.start and claim.end <= e for s, e in raw_lists):
            cited.add(i)
        listed = _COUNTED_LIST.match(answer, claim.end)
        if listed and not verdict.grounded and claim.value == listed.group().count(",") + 1:
            # "last 5: [0.05, 0.06, 0.08, 0.05, 0.06]": the count of the values it shows.
            verdicts[i] = verdict = replace(verdict, outcome=GROUNDED, layer=LAYER_POLICY)
            cited.add(i)
        if claim.approximate:
            findings.append(
                Finding(
                    code="approximation_word",
                    message=f"{claim.text} is marked approximate; zero-mental-math answers copy exact values",
                    start=claim.start,
                    end=claim.end,
                )
            )
        if i not in cited:
            findings.append(
                Finding(
                    code="citation_required" if contract else "missing_citation",
                    message=f"{claim.text} carries no [Source: ...] citation",
                    start=claim.start,
                    end=claim.end,
                )
            )
        context = answer[max(0, claim.start - 40) : claim.start]
        if _AVERAGE.search(context):
            line_start = answer.rfind("\n", 0, claim.start) + 1
            preceding = answer[max(0, line_start - 400) : claim.end + 80]
            if not _RAW_LIST.search(preceding):
                findings.append(
                    Finding(
                        code="average_without_raw",
                        message=f"the average {claim.text} is reported without the raw values it summarises",
                        start=claim.start,
                        end=claim.end,
                    )
                )
    return verdicts, findings
