"""Seed 002's zero-mental-math checks: citations resolve and match, checksums verify."""

from __future__ import annotations

import zlib
from dataclasses import replace
from decimal import Decimal

import regex

from .sources import SourceIndex
from .types import (
    DATE,
    FABRICATION,
    GROUNDED,
    LAYER_POLICY,
    SUBSTITUTION,
    ClaimVerdict,
    Finding,
    NearestValue,
)
from .values import plain

_CITATION = regex.compile(r"\[Source:\s*([^\]\n]{1,300}?)\s*\]", regex.IGNORECASE)
_CHECKSUM = regex.compile(r"\[Verified:\s*([^\]\n]{0,40}?)\s*\]", regex.IGNORECASE)
_AVERAGE = regex.compile(r"\b(?:average|avg\.?|mean)\b", regex.IGNORECASE)
_RAW_LIST = regex.compile(r"\[\s*-?[0-9.]+(?:\s*,\s*-?[0-9.]+){1,50}\s*\]")

FLAGGING_FINDINGS = frozenset(
    {"checksum_mismatch", "citation_mismatch", "citation_unresolved", "prompt_injection"}
)


def uses_conventions(answer: str) -> bool:
    lowered = answer.lower()
    return "[source:" in lowered or "[verified:" in lowered


def crc32_hex(text: str) -> str:
    """CRC32 of the checksum input as 8 upper-case hex digits: seed 002's `[Verified: ...]`."""
    return f"{zlib.crc32(text.encode('utf-8')) & 0xFFFFFFFF:08X}"


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
    if not uses_conventions(answer):
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
                code="checksum_missing", message="the answer carries no [Verified: ...] checksum"
            )
        )

    for i, verdict in enumerate(verdicts):
        claim = verdict.claim
        if claim.kind == DATE or claim.nested:
            continue
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
                    code="missing_citation",
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
