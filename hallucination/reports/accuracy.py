"""Accuracy metrics of the detector over labelled cases: pure Python, no Django.

A case is one answer with its ground truth (a labelled corpus line or a reviewer's decision)
and what the detector said about it. `measure()` turns a list of cases into the report
DESIGN.md fixes (confusion matrix, precision, recall, F1, hallucination rate against the
target, per-kind pass rates, latency percentiles) plus the span-level and claim-level views.

Ratios whose denominator is zero are None (JSON null, "n/a" in text), never NaN and never a
made-up 0 or 1: precision with nothing flagged, recall with no hallucinated case, the
false-positive rate with no clean case, the hallucination rate with no claims. F1 is
2·TP / (2·TP + FP + FN), so it is 0.0 when there are positives or predictions but no true
positive, and None only when there is neither a hallucinated case nor a flag.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import types as t
from ..engine.scoring import FLAGGING_FINDINGS

HALLUCINATED = "hallucinated"
CLEAN = "clean"
LABELS = (HALLUCINATED, CLEAN)

# Seed 003's adversarial probes and their deployment bars: 95% on patterns 1-4, 85% on 5-7.
PATTERN_BARS: dict[str, float] = {
    "confabulation": 0.95,
    "period_drift": 0.95,
    "segment_confusion": 0.95,
    "unit_drift": 0.95,
    "restatement": 0.85,
    "footnote_only": 0.85,
    "prompt_injection": 0.85,
}
UNSPECIFIED_KIND = "unspecified"

# Findings that flag an answer on their own (docs/detection.md, "Score and flag"). A checksum,
# a citation or a trade call is not a numeric claim, so a hallucinated span such as
# "[Verified: A7B3C2D1]" or the "long" of "Signal: long" is caught by the finding that points
# at it.
SPAN_MARKING_FINDINGS = FLAGGING_FINDINGS

# Seed 003's healthy range for the human-in-the-loop step.
CLAIMS_PER_ESCALATION_RANGE = (100, 1000)
COMPOSITE_FPR_RANGE = (0.01, 0.03)

# Misclassified cases kept with a stored report; a larger run lists them on the terminal only.
MAX_STORED_ERRORS = 200


@dataclass(frozen=True, slots=True)
class ClaimOutcome:
    """One claim the detector found: where it is in the answer and how it was judged."""

    text: str
    start: int
    end: int
    outcome: str
    grounded: bool

    def overlaps(self, start: int, end: int) -> bool:
        return self.start < end and start < self.end


@dataclass(frozen=True, slots=True)
class Span:
    """A stretch of the answer the ground truth calls hallucinated."""

    text: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class CaseOutcome:
    """One labelled answer and the detector's judgement of it.

    `spans` are the hallucinated stretches (every occurrence of each corpus span in the
    answer, or the claims a reviewer labelled hallucination); `marks` are the spans of
    findings that flag the answer without being claims.
    """

    id: str
    label: str
    flagged: bool
    claims: tuple[ClaimOutcome, ...] = ()
    spans: tuple[Span, ...] = ()
    marks: tuple[tuple[int, int], ...] = ()
    kind: str = UNSPECIFIED_KIND
    elapsed_ms: float | None = None

    def __post_init__(self) -> None:
        if self.label not in LABELS:
            raise ValueError(f"Case {self.id}: label {self.label!r} is not one of {LABELS}.")

    @property
    def expected(self) -> bool:
        return self.label == HALLUCINATED

    def span_caught(self, span: Span) -> bool:
        """A span is caught when an ungrounded claim or a flagging finding overlaps it."""
        if any(not c.grounded and c.overlaps(span.start, span.end) for c in self.claims):
            return True
        return any(start < span.end and span.start < end for start, end in self.marks)

    @property
    def span_texts(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(span.text for span in self.spans))

    @property
    def missed_spans(self) -> tuple[str, ...]:
        """Hallucinated texts none of whose occurrences the detector pointed at."""
        caught = {span.text for span in self.spans if self.span_caught(span)}
        return tuple(text for text in self.span_texts if text not in caught)

    @property
    def caught_span_count(self) -> int:
        return len(self.span_texts) - len(self.missed_spans)

    @property
    def valid_claims(self) -> tuple[ClaimOutcome, ...]:
        """Claims the ground truth does not call hallucinated."""
        return tuple(
            c for c in self.claims if not any(c.overlaps(s.start, s.end) for s in self.spans)
        )

    @property
    def flagged_valid_claims(self) -> tuple[ClaimOutcome, ...]:
        return tuple(c for c in self.valid_claims if not c.grounded)

    @property
    def case_correct(self) -> bool:
        return self.flagged == self.expected

    @property
    def passed(self) -> bool:
        """Right at the case level and, for a hallucinated case, every span caught."""
        return self.case_correct and not (self.expected and self.missed_spans)


def _ratio(numerator: float, denominator: float) -> float | None:
    return numerator / denominator if denominator else None


def percentile(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile (0-100) by linear interpolation between closest ranks.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 50)
    2.5
    """
    if not 0 <= q <= 100:
        raise ValueError(f"A percentile is between 0 and 100, not {q}.")
    ordered = sorted(v for v in values if v is not None and math.isfinite(v))
    if not ordered:
        return None
    position = (len(ordered) - 1) * q / 100
    lower = math.floor(position)
    upper = min(lower + 1, len(ordered) - 1)
    return ordered[lower] + (ordered[upper] - ordered[lower]) * (position - lower)


@dataclass(frozen=True, slots=True)
class KindResult:
    """Pass rate of one pattern (corpus `kind`) against seed 003's bar, where it has one."""

    kind: str
    cases: int
    passed: int
    case_correct: int

    @property
    def pass_rate(self) -> float | None:
        return _ratio(self.passed, self.cases)

    @property
    def bar(self) -> float | None:
        return PATTERN_BARS.get(self.kind)

    @property
    def meets_bar(self) -> bool | None:
        if self.bar is None or self.pass_rate is None:
            return None
        return self.pass_rate >= self.bar

    def to_dict(self) -> dict[str, Any]:
        return {
            "cases": self.cases,
            "passed": self.passed,
            "pass_rate": _rounded(self.pass_rate),
            "case_level_passed": self.case_correct,
            "bar": self.bar,
            "meets_bar": self.meets_bar,
        }


@dataclass(frozen=True)
class Measurement:
    """Every figure of one accuracy run. `to_dict()` is the DESIGN.md JSON."""

    tp: int
    fp: int
    fn: int
    tn: int
    total_claims: int
    verified_claims: int
    target_rate: float
    per_kind: dict[str, KindResult]
    latencies_ms: tuple[float, ...]
    spans_total: int
    spans_caught: int
    valid_claims: int
    flagged_valid_claims: int
    errors: tuple[CaseOutcome, ...] = field(default=())

    @property
    def total_cases(self) -> int:
        return self.tp + self.fp + self.fn + self.tn

    @property
    def accuracy(self) -> float | None:
        return _ratio(self.tp + self.tn, self.total_cases)

    @property
    def precision(self) -> float | None:
        return _ratio(self.tp, self.tp + self.fp)

    @property
    def recall(self) -> float | None:
        return _ratio(self.tp, self.tp + self.fn)

    @property
    def f1(self) -> float | None:
        return _ratio(2 * self.tp, 2 * self.tp + self.fp + self.fn)

    @property
    def false_positive_rate(self) -> float | None:
        """Clean answers flagged, over clean answers."""
        return _ratio(self.fp, self.fp + self.tn)

    @property
    def unverified_claims(self) -> int:
        return self.total_claims - self.verified_claims

    @property
    def hallucination_rate(self) -> float | None:
        """Seed 001's figure: unverified claims over all claims."""
        return _ratio(self.unverified_claims, self.total_claims)

    @property
    def meets_target(self) -> bool | None:
        """Seed 001's target is a rate under 5%: strictly below the target rate."""
        rate = self.hallucination_rate
        return None if rate is None else rate < self.target_rate

    @property
    def passed_cases(self) -> int:
        return sum(kind.passed for kind in self.per_kind.values())

    @property
    def span_recall(self) -> float | None:
        """Hallucinated spans an ungrounded claim (or flagging finding) points at."""
        return _ratio(self.spans_caught, self.spans_total)

    @property
    def claim_false_positive_rate(self) -> float | None:
        """Seed 003's composite FPR: valid claims flagged, over valid claims."""
        return _ratio(self.flagged_valid_claims, self.valid_claims)

    @property
    def escalations(self) -> int:
        return self.tp + self.fp

    @property
    def claims_per_escalation(self) -> float | None:
        return _ratio(self.total_claims, self.escalations)

    @property
    def patterns_meet_bars(self) -> bool | None:
        """True when every seed 003 pattern in the run meets its bar; None when none ran."""
        verdicts = [k.meets_bar for k in self.per_kind.values() if k.meets_bar is not None]
        return all(verdicts) if verdicts else None

    def latency(self) -> dict[str, float | None]:
        return {f"p{q}": _rounded(percentile(self.latencies_ms, q), 3) for q in (50, 95, 99)}

    def to_dict(self) -> dict[str, Any]:
        """The DESIGN.md keys, then the span- and claim-level views."""
        return {
            "total_cases": self.total_cases,
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "tn": self.tn,
            "accuracy": _rounded(self.accuracy),
            "precision": _rounded(self.precision),
            "recall": _rounded(self.recall),
            "f1": _rounded(self.f1),
            "false_positive_rate": _rounded(self.false_positive_rate),
            "total_claims": self.total_claims,
            "verified_claims": self.verified_claims,
            "unverified_claims": self.unverified_claims,
            "hallucination_rate": _rounded(self.hallucination_rate),
            "target_rate": self.target_rate,
            "meets_target": self.meets_target,
            "per_kind": {name: k.to_dict() for name, k in sorted(self.per_kind.items())},
            "latency_ms": self.latency(),
            "passed_cases": self.passed_cases,
            "patterns_meet_bars": self.patterns_meet_bars,
            "spans": {
                "total": self.spans_total,
                "caught": self.spans_caught,
                "recall": _rounded(self.span_recall),
            },
            "claims": {
                "valid": self.valid_claims,
                "flagged_valid": self.flagged_valid_claims,
                "composite_false_positive_rate": _rounded(self.claim_false_positive_rate),
            },
            "escalations": self.escalations,
            "claims_per_escalation": _rounded(self.claims_per_escalation, 2),
            "errors": [case_error_dict(case) for case in self.errors[:MAX_STORED_ERRORS]],
            "errors_total": len(self.errors),
        }


def _rounded(value: float | None, places: int = 6) -> float | None:
    return None if value is None else round(value, places)


def measure(cases: Iterable[CaseOutcome], *, target_rate: float) -> Measurement:
    """Count and score a run. An empty run gives zero counts and None ratios."""
    if not (isinstance(target_rate, int | float) and 0 <= target_rate <= 1):
        raise ValueError(f"The target rate is a fraction between 0 and 1, not {target_rate!r}.")
    tp = fp = fn = tn = 0
    total_claims = verified = 0
    spans_total = spans_caught = 0
    valid = flagged_valid = 0
    kinds: dict[str, list[int]] = {}
    latencies: list[float] = []
    errors: list[CaseOutcome] = []
    seen: set[str] = set()
    for case in cases:
        if case.id in seen:
            raise ValueError(f"Case id {case.id!r} appears twice; ids must be unique.")
        seen.add(case.id)
        if case.expected:
            tp, fn = (tp + 1, fn) if case.flagged else (tp, fn + 1)
        else:
            fp, tn = (fp + 1, tn) if case.flagged else (fp, tn + 1)
        total_claims += len(case.claims)
        verified += sum(1 for c in case.claims if c.grounded)
        spans_total += len(case.span_texts)
        spans_caught += case.caught_span_count
        valid += len(case.valid_claims)
        flagged_valid += len(case.flagged_valid_claims)
        counts = kinds.setdefault(case.kind or UNSPECIFIED_KIND, [0, 0, 0])
        counts[0] += 1
        counts[1] += case.passed
        counts[2] += case.case_correct
        if case.elapsed_ms is not None:
            latencies.append(case.elapsed_ms)
        if not case.passed:
            errors.append(case)
    return Measurement(
        tp=tp,
        fp=fp,
        fn=fn,
        tn=tn,
        total_claims=total_claims,
        verified_claims=verified,
        target_rate=float(target_rate),
        per_kind={
            kind: KindResult(kind=kind, cases=c[0], passed=c[1], case_correct=c[2])
            for kind, c in kinds.items()
        },
        latencies_ms=tuple(latencies),
        spans_total=spans_total,
        spans_caught=spans_caught,
        valid_claims=valid,
        flagged_valid_claims=flagged_valid,
        errors=tuple(errors),
    )


def spans_in_answer(case_id: str, answer: str, texts: Sequence[str]) -> tuple[Span, ...]:
    """Every occurrence of each hallucinated text in the answer.

    Raises ValueError when a text is empty or not in the answer: the corpus line is wrong,
    and scoring it anyway would count a miss the detector never had a chance to make.
    """
    spans: list[Span] = []
    for text in texts:
        if not isinstance(text, str) or not text:
            raise ValueError(f"Case {case_id}: a hallucinated span is empty or not a string.")
        start = answer.find(text)
        if start < 0:
            raise ValueError(f"Case {case_id}: hallucinated span {text!r} is not in the answer.")
        while start >= 0:
            spans.append(Span(text=text, start=start, end=start + len(text)))
            start = answer.find(text, start + 1)
    return tuple(spans)


def case_from_result(
    *,
    case_id: str,
    label: str,
    answer: str,
    hallucinated_spans: Sequence[str],
    result: t.DetectionResult,
    kind: str | None = None,
    elapsed_ms: float | None = None,
) -> CaseOutcome:
    """A corpus case scored from the engine's result for its answer."""
    return CaseOutcome(
        id=case_id,
        label=label,
        flagged=result.flagged,
        claims=tuple(
            ClaimOutcome(
                text=v.claim.text,
                start=v.claim.start,
                end=v.claim.end,
                outcome=v.outcome,
                grounded=v.grounded,
            )
            for v in result.verdicts
        ),
        spans=spans_in_answer(case_id, answer, hallucinated_spans),
        marks=tuple(
            (f.start, f.end)
            for f in result.findings
            if f.code in SPAN_MARKING_FINDINGS and f.start is not None and f.end is not None
        ),
        kind=kind or UNSPECIFIED_KIND,
        elapsed_ms=elapsed_ms if elapsed_ms is not None else result.elapsed_ms,
    )


def case_error_dict(case: CaseOutcome) -> dict[str, Any]:
    """A misclassified case as the report stores and lists it."""
    return {
        "id": case.id,
        "kind": case.kind,
        "label": case.label,
        "flagged": case.flagged,
        "error": error_kind(case),
        "missed_spans": list(case.missed_spans),
        "claims": [
            {"text": c.text, "start": c.start, "end": c.end, "outcome": c.outcome}
            for c in case.claims
        ],
    }


def error_kind(case: CaseOutcome) -> str:
    if case.expected and not case.flagged:
        return "false_negative"
    if not case.expected and case.flagged:
        return "false_positive"
    if not case.passed:
        return "span_missed"
    return "passed"


# ---------------------------------------------------------------- text report


def percent_text(value: float | None) -> str:
    return "n/a" if value is None else f"{value * 100:.2f}%"


def _yes_no(value: bool | None) -> str:
    return "n/a" if value is None else ("✅ YES" if value else "❌ NO")


def _ms(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1f} ms"


def render_text(measurement: Measurement, *, show_errors: bool = False) -> str:
    """Seed 001's report, then per-pattern pass rates, error rates and latency."""
    m = measurement
    rule = "=" * 60
    lines = [
        rule,
        "Hallucination Detection Accuracy Report",
        rule,
        "",
        f"Total Test Cases: {m.total_cases}",
        "",
        "Confusion Matrix:",
        f"  True Positives (TP):  {m.tp}",
        f"  False Positives (FP): {m.fp}",
        f"  False Negatives (FN): {m.fn}",
        f"  True Negatives (TN):  {m.tn}",
        "",
        "Metrics:",
        f"  Accuracy:  {percent_text(m.accuracy)}",
        f"  Precision: {percent_text(m.precision)}",
        f"  Recall:    {percent_text(m.recall)}",
        f"  F1 Score:  {percent_text(m.f1)}",
        f"  False Positive Rate: {percent_text(m.false_positive_rate)}",
        "",
        "Claims:",
        f"  Total Claims:     {m.total_claims}",
        f"  Verified Claims:  {m.verified_claims}",
        f"  Unverified Claims: {m.unverified_claims}",
        f"  Hallucination Rate: {percent_text(m.hallucination_rate)}",
        f"  Target Rate:      {percent_text(m.target_rate)}",
        f"  Meets Target:     {_yes_no(m.meets_target)}",
        "",
        "Spans and claims:",
        f"  Hallucinated spans caught: {m.spans_caught}/{m.spans_total}"
        f" ({percent_text(m.span_recall)})",
        f"  Valid claims flagged (composite FPR): {m.flagged_valid_claims}/{m.valid_claims}"
        f" ({percent_text(m.claim_false_positive_rate)}; seed 003: 1-3% is sustainable)",
        "  Claims per escalation: "
        + ("n/a" if m.claims_per_escalation is None else f"{m.claims_per_escalation:.1f}:1")
        + " (production aims for 100:1 to 1000:1)",
        "",
        "Per-pattern pass rates:",
    ]
    if not m.per_kind:
        lines.append("  (no cases)")
    width = max([len(name) for name in m.per_kind] + [7])
    for name, kind in sorted(m.per_kind.items()):
        bar = "" if kind.bar is None else f"  bar {kind.bar * 100:.0f}%  {_yes_no(kind.meets_bar)}"
        lines.append(
            f"  {name:<{width}}  {kind.passed:>4}/{kind.cases:<4} {percent_text(kind.pass_rate):>8}{bar}"
        )
    latency = m.latency()
    lines += [
        "",
        "Latency per case:",
        f"  p50: {_ms(latency['p50'])}   p95: {_ms(latency['p95'])}   p99: {_ms(latency['p99'])}",
    ]
    if show_errors:
        lines += ["", f"Misclassified cases ({len(m.errors)}):"]
        if not m.errors:
            lines.append("  none")
        for case in m.errors:
            lines.extend(_error_lines(case))
    lines.append(rule)
    return "\n".join(lines) + "\n"


def _error_lines(case: CaseOutcome) -> list[str]:
    lines = [
        f"  {case.id} [{case.kind}] {error_kind(case).replace('_', ' ')}: "
        f"labelled {case.label}, {'flagged' if case.flagged else 'not flagged'}"
    ]
    if case.missed_spans:
        lines.append("    missed: " + ", ".join(repr(text) for text in case.missed_spans))
    if not case.claims:
        lines.append("    no claims found")
    for claim in case.claims:
        mark = "✓" if claim.grounded else "✗"
        lines.append(f"    {mark} {claim.text!r} @{claim.start}-{claim.end}: {claim.outcome}")
    return lines
