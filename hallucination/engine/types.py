"""The engine's inputs and outputs: plain dataclasses, Decimal values, no Django."""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, TypeVar

# A sentence-embedding model as the prose consistency check uses it: texts in, one vector
# per text out (hallucination/engine/embeddings.py adapts the optional installed one).
Embedder = Callable[[Sequence[str]], Sequence[Sequence[float]]]

_T = TypeVar("_T")
_NO_VALUE = object()  # a parameter left out whose field has a default factory


def quick_init(cls: type[_T]) -> type[_T]:
    """A frozen slotted dataclass with an `__init__` that sets each slot through its
    descriptor.

    The `__init__` dataclasses writes for a frozen class calls `object.__setattr__` once a
    field, which looks the attribute up on the class every time: building a twenty-field
    `Claim` costs three times as much as with the descriptors, and a detection builds
    claims, readings and candidate formulas by the dozen. The parameters, defaults and
    default factories are the dataclass's own; instances stay frozen (assignment after
    `__init__` still raises `FrozenInstanceError`).
    """
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    if not (params.frozen and "__slots__" in cls.__dict__) or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: quick_init is for frozen slotted dataclasses")
    names: dict[str, Any] = {"_NO_VALUE": _NO_VALUE}
    signature, body = [], []
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if not f.init or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init needs plain init fields")
        names[f"_set_{f.name}"] = cls.__dict__[f.name].__set__
        value = f.name
        if f.default is not dataclasses.MISSING:
            names[f"_default_{f.name}"] = f.default
            signature.append(f"{f.name}=_default_{f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            names[f"_factory_{f.name}"] = f.default_factory
            signature.append(f"{f.name}=_NO_VALUE")
            value = f"_factory_{f.name}() if {f.name} is _NO_VALUE else {f.name}"
        else:
            signature.append(f.name)
        body.append(f"    _set_{f.name}(self, {value})")
    source = f"def __init__(self, {', '.join(signature)}):\n" + "\n".join(body or ["    pass"])
    namespace: dict[str, Any] = {}
    exec(source, names, namespace)  # generated from the field names, as dataclasses does
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[misc]
    return cls


# Claim kinds (DESIGN.md "Claims and outcomes").
CURRENCY = "currency"
PERCENT = "percent"
PERCENTAGE_POINTS = "percentage_points"
BPS = "bps"
RATIO = "ratio"
DATE = "date"
COUNT = "count"
NUMBER = "number"
CLAIM_KINDS = (CURRENCY, PERCENT, PERCENTAGE_POINTS, BPS, RATIO, DATE, COUNT, NUMBER)

# Outcomes. The first four ground a claim; the rest leave it ungrounded.
GROUNDED = "grounded"
WITHIN_TOLERANCE = "within_tolerance"
DERIVED = "derived"
CALCULATED = "calculated"
APPROXIMATION = "approximation"
ARITHMETIC_DRIFT = "arithmetic_drift"
SUBSTITUTION = "substitution"
SCALE_DRIFT = "scale_drift"
PERIOD_MISMATCH = "period_mismatch"
UNSUPPORTED_AGGREGATION = "unsupported_aggregation"
INCONSISTENT = "inconsistent"
CONTRADICTED = "contradicted"
FABRICATION = "fabrication"

# The reason an arithmetic drift gives when the size is right and the words of direction are
# wrong ("declined 1.4%" for a rise): no figure alone corrects it.
SIGN_REASON = "the change went the other way"

GROUNDED_OUTCOMES = frozenset({GROUNDED, WITHIN_TOLERANCE, DERIVED, CALCULATED})
UNGROUNDED_OUTCOMES = frozenset(
    {
        APPROXIMATION,
        ARITHMETIC_DRIFT,
        SUBSTITUTION,
        SCALE_DRIFT,
        PERIOD_MISMATCH,
        UNSUPPORTED_AGGREGATION,
        INCONSISTENT,
        CONTRADICTED,
        FABRICATION,
    }
)
OUTCOMES = (
    GROUNDED,
    WITHIN_TOLERANCE,
    DERIVED,
    CALCULATED,
    APPROXIMATION,
    ARITHMETIC_DRIFT,
    SUBSTITUTION,
    SCALE_DRIFT,
    PERIOD_MISMATCH,
    UNSUPPORTED_AGGREGATION,
    INCONSISTENT,
    CONTRADICTED,
    FABRICATION,
)

# The layer that decided a verdict.
LAYER_GROUNDING = "grounding"
LAYER_DERIVATION = "derivation"
LAYER_CONSISTENCY = "consistency"
LAYER_POLICY = "policy"
LAYER_EXTERNAL = "external"
LAYERS = (LAYER_GROUNDING, LAYER_DERIVATION, LAYER_CONSISTENCY, LAYER_POLICY, LAYER_EXTERNAL)

STAKES = ("standard", "high", "audit")

# Where a value's scale came from.
STATED = "stated"  # the number's own words: "$4.2 billion", "$825" (units), "12.5%"
INHERITED = "inherited"  # a caption, header cell or row label: "(in thousands)"


# ---------------------------------------------------------------- inputs


@dataclass(frozen=True, slots=True)
class SourceDocument:
    """A retrieved document, a tool output or a reference text the answer may draw on."""

    id: str
    text: str
    kind: str = "document"  # document | tool_output | reference


@dataclass(frozen=True, slots=True)
class ReferenceFact:
    """A known-good value from the reference database (seed 001's database verification)."""

    entity: str
    metric: str
    period: str
    value: Decimal
    unit: str  # USD, EUR, %, x, count ...
    source: str = ""


@dataclass(frozen=True, slots=True)
class CalculatorOutput:
    """A calculator tool result recorded for the same trace (seed 000)."""

    expression: str
    result: Decimal


@dataclass(frozen=True, slots=True)
class ProvidedMetric:
    """A metric of a seed 002 accuracy report: `[Source: path]` citations resolve to these."""

    path: str
    value: Decimal
    citation: str = ""


@dataclass(frozen=True, slots=True)
class DetectionInput:
    answer: str
    sources: tuple[SourceDocument, ...] = ()
    stakes: str = "standard"
    original_confidence: Decimal | None = None
    samples: tuple[str, ...] = ()
    calculator_outputs: tuple[CalculatorOutput, ...] = ()
    reference_facts: tuple[ReferenceFact, ...] = ()
    metrics: tuple[ProvidedMetric, ...] = ()
    checksum_input: str | None = None
    entity: str = ""
    period: str = ""
    # The client's ticker list: (ticker, company name) pairs its answers may name. Empty:
    # tickers are checked only as owners of figures, against the sources.
    tickers: tuple[tuple[str, str], ...] = ()
    # What the answer replies to: a short answer ("-312") takes its metric, periods and
    # arithmetic from it. Never a source: its numbers ground nothing.
    question: str = ""


@dataclass(frozen=True, slots=True)
class EngineConfig:
    """Tunables. Tolerances are relative fractions (0.01 is 1%); the penalty is in points."""

    currency_tolerance: Decimal = Decimal("0.01")
    percentage_tolerance: Decimal = Decimal("0.01")
    ratio_tolerance: Decimal = Decimal("0.01")
    date_tolerance_days: int = 0
    consistency_threshold: Decimal = Decimal("0.01")
    # Categorical labels across samples: the majority must reach this share of the votes.
    label_quorum: Decimal = Decimal("0.8")
    # Free-form prose: mean pairwise similarity below this is inconsistent. Seed 003's ~0.80
    # is for MiniLM-style scores; the model of requirements/embeddings.txt scores higher
    # across the board (paraphrases 0.95-0.97, one off-topic sample in four 0.87), so 0.9.
    prose_similarity_threshold: Decimal = Decimal("0.9")
    # None: the prose check is reported "not checked" (no model installed, or switched off).
    prose_embedder: Embedder | None = None
    prose_model: str = ""
    confidence_penalty: Decimal = Decimal("20")
    gate_standard: Decimal = Decimal("0.7")
    gate_audit: Decimal = Decimal("0.9")
    verify_currency: bool = True
    verify_percentages: bool = True
    verify_dates: bool = True
    verify_ratios: bool = True
    auto_flag: bool = True

    def gate_threshold(self, stakes: str) -> Decimal:
        return self.gate_audit if stakes == "audit" else self.gate_standard


# Named profiles. "strict" is the default: rounding-aware matching plus at most 1%, tight
# enough that seed 004's EPS $0.81 against $0.78 (3.8%) is caught. "lenient" is seed 001's
# published 5 / 2 / 5 / 0 for teams that want it.
PROFILES: dict[str, EngineConfig] = {
    "strict": EngineConfig(),
    "lenient": EngineConfig(
        currency_tolerance=Decimal("0.05"),
        percentage_tolerance=Decimal("0.02"),
        ratio_tolerance=Decimal("0.05"),
        date_tolerance_days=0,
    ),
}


def profile_config(name: str) -> EngineConfig:
    """The configuration of a named profile; ValueError naming the known ones otherwise."""
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(f"unknown profile {name!r}; known: {', '.join(PROFILES)}") from None


# ---------------------------------------------------------------- outputs


@quick_init
@dataclass(frozen=True, slots=True)
class Claim:
    """A number in a text: its exact span, canonical value and what it is attached to.

    `value` is in canonical units: currency in whole units ($1.2M -> 1200000), percent as
    written (12.5% -> 12.5), bps as bps, dates as an ISO-like period key in `period`
    with `value` the year.
    `precision` is the place value of the last digit written ($1.2M -> 100000, 0.78 -> 0.01).
    """

    text: str
    start: int
    end: int
    kind: str
    value: Decimal
    unit: str = ""
    precision: Decimal | None = None
    label: str = ""
    period: str = ""
    approximate: bool = False
    source_id: str = ""  # set for claims extracted from a source
    # Context the grounding rules read; not part of the result JSON.
    segment: str = ""  # "cloud" in "Cloud segment revenue"
    qualifiers: frozenset[str] = frozenset()  # superseded, hypothetical, estimate, total, ...
    citation: str = ""  # JSON key path, or the [Source: path] the answer gives
    nested: bool = False  # the year inside a quarter ("2026" in "Q3 2026")
    # Evidence: each field with where it came from (DESIGN.md "How a verdict is decided").
    scale: Decimal = Decimal(1)  # what the written digits were multiplied by
    scale_origin: str = ""  # STATED (its own words), INHERITED (caption, header, row) or ""
    label_words: frozenset[str] = frozenset()  # the words naming its metric (labels.py)
    header_words: frozenset[str] = frozenset()  # a table cell's column header, when not a period
    # A source table cell: (table, line, position). The line is its row, or its column in a
    # table with periods down the side.
    cell: tuple[int, int, int] | None = None
    # A table cell's section heading words ("cash flows from operating activities" over
    # "Interest paid"): part of its label, which a claim naming the row's own words need
    # not name (`candidates.bind`).
    section_words: frozenset[str] = frozenset()

    @property
    def written(self) -> Decimal:
        """The number as written, before any scale: 178,413 in a thousands table."""
        return self.value / self.scale if self.scale != 1 else self.value


_CLAIM_FIELDS = Claim.__match_args__  # the parameters of Claim(), in order
_CLAIM_VALUES = operator.attrgetter(*_CLAIM_FIELDS)  # every field of a claim, in one C call
_CLAIM_POSITIONS = {name: k for k, name in enumerate(_CLAIM_FIELDS)}


def replace_claim(claim: Claim, /, **changes: Any) -> Claim:
    """`dataclasses.replace` for a claim, the copy the engine makes most (every claim of an
    answer and of a prose source gets its label words this way). Every field of `Claim` is
    an init field, so passing them in order is all that replace does, without its checks
    of each field, which cost half as much again as building the claim."""
    values = list(_CLAIM_VALUES(claim))
    for name, value in changes.items():
        position = _CLAIM_POSITIONS.get(name)
        if position is None:
            raise TypeError(f"Claim has no field {name!r}")
        values[position] = value
    return Claim(*values)


@quick_init
@dataclass(frozen=True, slots=True)
class NearestValue:
    text: str
    value: Decimal
    source_id: str
    start: int
    end: int


@quick_init
@dataclass(frozen=True, slots=True)
class ClaimVerdict:
    claim: Claim
    outcome: str
    layer: str = LAYER_GROUNDING
    nearest: NearestValue | None = None
    expected_value: Decimal | None = None
    formula: str | None = None
    confidence: Decimal = Decimal("1")
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def grounded(self) -> bool:
        return self.outcome in GROUNDED_OUTCOMES


@quick_init
@dataclass(frozen=True, slots=True)
class Correction:
    text: str
    start: int
    end: int
    replacement: str
    reason: str


@quick_init
@dataclass(frozen=True, slots=True)
class Finding:
    """A zero-mental-math finding (seed 002): citation, checksum, approximation, aggregation."""

    code: str
    message: str
    start: int | None = None
    end: int | None = None


@dataclass(frozen=True, slots=True)
class ValidationSummary:
    """Seed 000's ValidationResult terms."""

    exact_matches: int = 0
    close_matches: tuple[str, ...] = ()
    orphan_numbers: tuple[str, ...] = ()
    suspicious: tuple[str, ...] = ()


# Statuses of a consistency check.
CONSISTENT = "consistent"
NOT_CHECKED = "not_checked"
CONSISTENCY_STATUSES = (CONSISTENT, INCONSISTENT, NOT_CHECKED)


@dataclass(frozen=True, slots=True)
class LabelMention:
    """A categorical label in a text: `long` in "Signal: long", `sell` in "Rating: Sell"."""

    family: str  # direction | rating
    label: str  # normalised: long, short, none; buy, hold, sell
    text: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class LabelVote:
    """One label of the answer against the samples' labels in the same place."""

    mention: LabelMention
    votes: tuple[tuple[str, int], ...]  # (label, count), most votes first
    majority: str
    majority_fraction: Decimal
    quorum: Decimal
    status: str  # consistent | inconsistent | not_checked


@dataclass(frozen=True, slots=True)
class ProseCheck:
    """Mean pairwise similarity of the answer and its samples, or why it was not checked."""

    status: str  # consistent | inconsistent | not_checked
    threshold: Decimal
    mean_similarity: Decimal | None = None
    model: str = ""
    reason: str = ""


@dataclass(frozen=True, slots=True)
class ConsistencyReport:
    samples: int
    labels: tuple[LabelVote, ...] = ()
    prose: ProseCheck | None = None


@quick_init
@dataclass(frozen=True, slots=True)
class DetectionResult:
    verdicts: tuple[ClaimVerdict, ...]
    stakes: str
    gate_threshold: Decimal
    original_confidence: Decimal | None
    adjusted_confidence: Decimal | None
    flagged: bool
    validation: ValidationSummary
    corrected_answer: str
    corrections: tuple[Correction, ...] = ()
    findings: tuple[Finding, ...] = ()
    elapsed_ms: float = 0.0
    consistency: ConsistencyReport | None = None

    @property
    def total_claims(self) -> int:
        return len(self.verdicts)

    @property
    def grounded_count(self) -> int:
        return sum(1 for v in self.verdicts if v.grounded)

    @property
    def ungrounded_count(self) -> int:
        return self.total_claims - self.grounded_count

    @property
    def grounding_rate(self) -> Decimal | None:
        """Grounded claims over all claims; None (not zero) when there are no claims."""
        if not self.verdicts:
            return None
        return (Decimal(self.grounded_count) / Decimal(self.total_claims)).quantize(
            Decimal("0.0001")
        )

    @property
    def gate_passed(self) -> bool:
        rate = self.grounding_rate
        return rate is None or rate >= self.gate_threshold

    def to_dict(self) -> dict[str, Any]:
        """The DESIGN.md result JSON. Values are decimal strings."""
        return result_to_dict(self)


def _dec(value: Decimal | None) -> str | None:
    if value is None:
        return None
    # Plain notation, never 1E+9: clients parse these as decimals.
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text or "0"


def claim_verdict_to_dict(verdict: ClaimVerdict) -> dict[str, Any]:
    claim = verdict.claim
    nearest = verdict.nearest
    return {
        "text": claim.text,
        "start": claim.start,
        "end": claim.end,
        "kind": claim.kind,
        "value": _dec(claim.value),
        "unit": claim.unit,
        "label": claim.label,
        "period": claim.period,
        "approximate": claim.approximate,
        "outcome": verdict.outcome,
        "grounded": verdict.grounded,
        "layer": verdict.layer,
        "nearest": (
            {
                "text": nearest.text,
                "value": _dec(nearest.value),
                "source_id": nearest.source_id,
                "start": nearest.start,
                "end": nearest.end,
            }
            if nearest
            else None
        ),
        "expected_value": _dec(verdict.expected_value),
        "formula": verdict.formula,
    }


def result_to_dict(result: DetectionResult) -> dict[str, Any]:
    return {
        "total_claims": result.total_claims,
        "grounded_count": result.grounded_count,
        "ungrounded_count": result.ungrounded_count,
        "grounding_rate": _dec(result.grounding_rate),
        "gate": {"threshold": _dec(result.gate_threshold), "passed": result.gate_passed},
        "flagged": result.flagged,
        "original_confidence": _dec(result.original_confidence),
        "adjusted_confidence": _dec(result.adjusted_confidence),
        "claims": [claim_verdict_to_dict(v) for v in result.verdicts],
        "validation": {
            "exact_matches": result.validation.exact_matches,
            "close_matches": list(result.validation.close_matches),
            "orphan_numbers": list(result.validation.orphan_numbers),
            "suspicious": list(result.validation.suspicious),
        },
        "findings": [
            {"code": f.code, "message": f.message, "start": f.start, "end": f.end}
            for f in result.findings
        ],
        "consistency": consistency_to_dict(result.consistency),
        "corrected_answer": result.corrected_answer,
        "corrections": [
            {
                "text": c.text,
                "start": c.start,
                "end": c.end,
                "replacement": c.replacement,
                "reason": c.reason,
            }
            for c in result.corrections
        ],
    }


def consistency_to_dict(report: ConsistencyReport | None) -> dict[str, Any] | None:
    if report is None:
        return None
    prose = report.prose
    return {
        "samples": report.samples,
        "labels": [
            {
                "text": vote.mention.text,
                "start": vote.mention.start,
                "end": vote.mention.end,
                "family": vote.mention.family,
                "label": vote.mention.label,
                "votes": dict(vote.votes),
                "majority": vote.majority,
                "majority_fraction": _dec(vote.majority_fraction),
                "quorum": _dec(vote.quorum),
                "status": vote.status,
            }
            for vote in report.labels
        ],
        "prose": (
            {
                "status": prose.status,
                "mean_similarity": _dec(prose.mean_similarity),
                "threshold": _dec(prose.threshold),
                "model": prose.model or None,
                "reason": prose.reason or None,
            }
            if prose is not None
            else None
        ),
    }
