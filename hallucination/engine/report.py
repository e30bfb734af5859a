"""A detection result as text for people: seed 004's claim table, then the score."""

from __future__ import annotations

from decimal import Decimal

from .types import (
    ARITHMETIC_DRIFT,
    CALCULATED,
    DERIVED,
    GROUNDED,
    UNSUPPORTED_AGGREGATION,
    WITHIN_TOLERANCE,
    ClaimVerdict,
    DetectionResult,
    _dec,
)

_COLUMNS = ("Claim", "Outcome", "Nearest / expected")


def _written(value: Decimal | None) -> str:
    return "" if value is None else format(value, "f")


def _evidence(verdict: ClaimVerdict) -> str:
    nearest = verdict.nearest
    where = (
        f"{nearest.text} [{nearest.source_id}]"
        if nearest and nearest.source_id
        else (nearest.text if nearest else "")
    )
    outcome = verdict.outcome
    if outcome in (GROUNDED, WITHIN_TOLERANCE):
        return f"matches {where}" if where else "matches"
    if outcome == DERIVED:
        return f"= {verdict.formula}"
    if outcome == CALCULATED:
        return f"calculator: {verdict.formula or _written(verdict.expected_value)}"
    if outcome == ARITHMETIC_DRIFT:
        return f"expected {_written(verdict.expected_value)} = {verdict.formula}"
    if outcome == UNSUPPORTED_AGGREGATION:
        total = f"source total {where}" if where else "no source total"
        return f"{total}; sum of parts {verdict.formula}"
    parts = [f"nearest {where}"] if where else ["no source value near"]
    if verdict.expected_value is not None and (
        nearest is None or verdict.expected_value != nearest.value
    ):
        parts.append(f"expected {_written(verdict.expected_value)}")
    return "; ".join(parts)


def _confidence(result: DetectionResult) -> str:
    if result.original_confidence is None:
        return "not given"
    if result.adjusted_confidence == result.original_confidence:
        return f"{_dec(result.original_confidence)} (unchanged)"
    return f"{_dec(result.original_confidence)} -> {_dec(result.adjusted_confidence)}"


def format_result(result: DetectionResult) -> str:
    """The result as a table of claims followed by totals, rate, gate, flag and confidence."""
    rows = [(v.claim.text, v.outcome, _evidence(v)) for v in result.verdicts]
    widths = [max([len(c), *(len(r[i]) for r in rows)]) for i, c in enumerate(_COLUMNS)]

    def line(cells: tuple[str, str, str]) -> str:
        return "| " + " | ".join(cell.ljust(widths[i]) for i, cell in enumerate(cells)) + " |"

    out = []
    if rows:
        out.append(line(_COLUMNS))
        out.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
        out.extend(line(row) for row in rows)
    else:
        out.append("No numeric claims.")
    out.append("")
    rate = result.grounding_rate
    out.append(
        f"Total claims: {result.total_claims}   Grounded: {result.grounded_count}   "
        f"Ungrounded: {result.ungrounded_count}"
    )
    out.append(f"Grounding rate: {_dec(rate) if rate is not None else 'n/a (no claims)'}")
    gate = "passed" if result.gate_passed else "failed"
    out.append(f"Gate ({result.stakes}, {_dec(result.gate_threshold)}): {gate}")
    out.append(f"Flagged: {'yes' if result.flagged else 'no'}")
    out.append(f"Confidence: {_confidence(result)}")
    if result.findings:
        out.append("")
        out.append("Findings:")
        out.extend(f"- {f.code}: {f.message}" for f in result.findings)
    if result.corrections:
        out.append("")
        out.append("Corrections:")
        out.extend(f"- {c.text} -> {c.replacement} ({c.reason})" for c in result.corrections)
    out.append("")
    out.append(f"Checked in {Decimal(str(result.elapsed_ms)).quantize(Decimal('0.01'))} ms")
    return "\n".join(out)
