"""From claim to outcome: docs/detection.md's rules, cheapest first, the first that decides wins."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from . import lexicon as lx
from . import recomputation as rc
from .sources import COMPATIBLE_FAMILIES, FAMILY, SourceIndex, norm
from .types import (
    APPROXIMATION,
    ARITHMETIC_DRIFT,
    BPS,
    CALCULATED,
    COUNT,
    CURRENCY,
    DATE,
    DERIVED,
    FABRICATION,
    GROUNDED,
    LAYER_DERIVATION,
    NUMBER,
    PERCENT,
    PERCENTAGE_POINTS,
    PERIOD_MISMATCH,
    RATIO,
    SCALE_DRIFT,
    SUBSTITUTION,
    UNSUPPORTED_AGGREGATION,
    WITHIN_TOLERANCE,
    Claim,
    ClaimVerdict,
    EngineConfig,
    NearestValue,
)

APPROXIMATION_RANGE = Decimal("0.10")
MAX_SENTENCE_CLAIMS = 24
MAX_LABEL_OPERANDS = 256
MAX_DATES_SCANNED = 5_000
_SCALES = (
    Decimal("1e3"),
    Decimal("1e6"),
    Decimal("1e9"),
    Decimal("1e-3"),
    Decimal("1e-6"),
    Decimal("1e-9"),
)
_SIGN_FREE_KINDS = frozenset({CURRENCY, NUMBER, PERCENT, PERCENTAGE_POINTS, BPS, RATIO, COUNT})


@dataclass(frozen=True, slots=True)
class AnswerContext:
    """What the grounding rules read about the answer around a claim."""

    text: str

    def around(self, claim: Claim, before: int = 90, after: int = 40) -> str:
        return self.text[max(0, claim.start - before) : claim.end + after]

    def sentence_bounds(self, claim: Claim) -> tuple[int, int]:
        """The sentence around a claim (a line break or a full stop ends it)."""
        text = self.text
        start = max(text.rfind(". ", 0, claim.start), text.rfind("\n", 0, claim.start), -1) + 1
        ends = [p for p in (text.find(". ", claim.end), text.find("\n", claim.end)) if p != -1]
        return start, (min(ends) if ends else len(text))

    def sentence(self, claim: Claim) -> str:
        text = self.text
        start = max(text.rfind(". ", 0, claim.start), text.rfind("\n", 0, claim.start), -1) + 1
        end_candidates = [
            p for p in (text.find(". ", claim.end), text.find("\n", claim.end)) if p != -1
        ]
        end = min(end_candidates) if end_candidates else len(text)
        return text[max(start, claim.start - 300) : min(end, claim.end + 200)]


def tolerance(claim: Claim, config: EngineConfig) -> Decimal:
    if claim.kind == CURRENCY or claim.kind == NUMBER:
        return config.currency_tolerance
    if claim.kind in (PERCENT, PERCENTAGE_POINTS, BPS):
        return config.percentage_tolerance
    if claim.kind == RATIO:
        return config.ratio_tolerance
    return Decimal(0)  # counts are exact: there were 15 trades, not 15.1


def significant_digits(claim: Claim) -> int:
    return _significant_digits(claim.text)


@functools.lru_cache(maxsize=8192)
def _significant_digits(text: str) -> int:
    return len("".join(ch for ch in text if ch.isdigit()).lstrip("0"))


def nearest_value(claim: Claim) -> NearestValue:
    return NearestValue(
        text=claim.text,
        value=claim.value,
        source_id=claim.source_id,
        start=claim.start,
        end=claim.end,
    )


def labels_compatible(a: str, b: str) -> bool:
    return not a or not b or a == b


def kind_compatible(claim: Claim, source: Claim) -> bool:
    if FAMILY[source.kind] not in COMPATIBLE_FAMILIES[claim.kind]:
        return False
    if claim.kind == PERCENT and source.kind != PERCENT:
        return bool(claim.label) and claim.label == source.label
    return not (
        claim.kind == CURRENCY
        and source.kind == CURRENCY
        and claim.unit
        and source.unit
        and claim.unit != source.unit
    )


def usable_for(claim: Claim, source: Claim) -> bool:
    """Superseded and hypothetical values ground only a claim carrying the same qualifier."""
    if "injected" in source.qualifiers:
        return False
    for qualifier in ("superseded", "hypothetical"):
        if qualifier in source.qualifiers and qualifier not in claim.qualifiers:
            return False
    return True


_WHOLE_COMPANY = frozenset({"total", "consolidated"})


def segments_compatible(claim: Claim, source: Claim, index: SourceIndex | None = None) -> bool:
    """A segment's figure grounds only that segment; a total only the whole company."""
    segment = claim.segment
    if segment and index is not None and index.is_company(segment):
        segment = ""  # "Lumeris revenue": the company's own name, not a segment
    if segment and source.segment:
        return segment == source.segment
    if segment:
        if _WHOLE_COMPANY & source.qualifiers:
            return False
        return index is None or not index.segment_unreported(segment)
    if source.segment:
        return not (_WHOLE_COMPANY & claim.qualifiers)
    return True


def context_compatible(claim: Claim, source: Claim, index: SourceIndex | None = None) -> bool:
    if not labels_compatible(claim.label, source.label):
        return False
    if not lx.periods_compatible(claim.period, source.period):
        return False
    return segments_compatible(claim, source, index)


def compatible(claim: Claim, source: Claim, index: SourceIndex | None = None) -> bool:
    return (
        kind_compatible(claim, source)
        and usable_for(claim, source)
        and context_compatible(claim, source, index)
    )


def _rank(claim: Claim, source: Claim) -> tuple:
    label = (
        2
        if claim.label and claim.label == source.label
        else (1 if not claim.label or not source.label else 0)
    )
    period = (
        2
        if claim.period and claim.period == source.period
        else (1 if not claim.period or not source.period else 0)
    )
    same_kind = 1 if source.kind == claim.kind else 0
    try:
        distance = abs(norm(source) - norm(claim))
    except InvalidOperation:
        distance = Decimal(0)
    return (-label, -period, -same_kind, distance)


def _relative(a: Decimal, b: Decimal) -> Decimal:
    if b == 0:
        return Decimal(0) if a == 0 else Decimal("Infinity")
    return abs(a - b) / abs(b)


class Grounder:
    """Decides one claim at a time against a built source index."""

    def __init__(self, index: SourceIndex, config: EngineConfig, answer: AnswerContext) -> None:
        self.index = index
        self.config = config
        self.answer = answer

    # ------------------------------------------------------------ the rules

    def decide_all(self, claims: list[Claim]) -> list[ClaimVerdict]:
        """Every claim's verdict. Claims found in the sources are decided first, so a figure
        computed from numbers the same sentence cites can be checked against exactly those."""
        first = [self._first_pass(claim) for claim in claims]
        verdicts = []
        for i, claim in enumerate(claims):
            verdict, _source = first[i]
            if verdict is None:
                verdict = self._decide_rest(claim, self._cited_operands(i, claims, first))
            verdicts.append(verdict)
        return verdicts

    def _first_pass(self, claim: Claim) -> tuple[ClaimVerdict | None, Claim | None]:
        """Calculator, exact and tolerance matches: what needs no other claim to decide."""
        if claim.kind == DATE:
            return self._date(claim), None
        value = norm(claim)
        precision = _index_precision(claim)
        calculated = self._calculated(claim)
        if calculated:
            return calculated, None
        exact = self._exact(claim, value, precision)
        if exact is not None:
            return ClaimVerdict(claim=claim, outcome=GROUNDED, nearest=nearest_value(exact)), exact
        tol = tolerance(claim, self.config)
        if tol > 0:
            close = self._within(claim, value, tol)
            if close is not None:
                relative = _relative(value, norm(close)).quantize(Decimal("0.0001"))
                verdict = ClaimVerdict(
                    claim=claim,
                    outcome=WITHIN_TOLERANCE,
                    nearest=nearest_value(close),
                    details={"relative_difference": str(relative)},
                )
                return verdict, close
        return None, None

    def _cited_operands(
        self, i: int, claims: list[Claim], first: list[tuple[ClaimVerdict | None, Claim | None]]
    ) -> list[Claim]:
        start, end = self.answer.sentence_bounds(claims[i])
        # Claims are in text order: the sentence's claims are a contiguous run around i.
        low = i
        while low > 0 and claims[low - 1].start >= start and i - low < MAX_SENTENCE_CLAIMS:
            low -= 1
        high = i
        while (
            high + 1 < len(claims)
            and claims[high + 1].start < end
            and high - i < MAX_SENTENCE_CLAIMS
        ):
            high += 1
        operands = []
        for k in range(low, high + 1):
            source = first[k][1]
            if k != i and source is not None and claims[k].kind != DATE:
                operands.append(source)
        return operands

    def decide(self, claim: Claim, operands: list[Claim] | None = None) -> ClaimVerdict:
        verdict, _source = self._first_pass(claim)
        if verdict is not None:
            return verdict
        return self._decide_rest(claim, operands)

    def _decide_rest(self, claim: Claim, operands: list[Claim] | None) -> ClaimVerdict:
        """Rules 4 to 9, for a claim the calculator, exact and tolerance rules left open."""
        value = norm(claim)
        precision = _index_precision(claim)

        if claim.approximate:
            near = self._within(claim, value, APPROXIMATION_RANGE)
            if near is not None:
                return ClaimVerdict(
                    claim=claim,
                    outcome=APPROXIMATION,
                    nearest=nearest_value(near),
                    expected_value=near.value,
                )

        if operands:
            cited = rc.best_match(claim, rc.cited_derivations(claim, operands))
            if cited is not None:
                contradicted = self._contradicting_total(claim, cited)
                if contradicted is not None:
                    return contradicted
                return self._derived(claim, cited, cited=True)

        context = self.answer.around(claim, before=60, after=30)
        names = rc.named_derivations(context)
        named_kinds = rc.derivation_kinds_for(claim, names, context)
        if not named_kinds:
            # A value that sits in the sources under another label, period or qualifier says
            # more than a formula that happens to give it.
            substitution = self._substitution(claim, value, precision)
            if substitution is not None:
                return substitution

        derived = self._recompute(claim, names, named_kinds)
        if derived is not None:
            return derived

        substitution = self._substitution(claim, value, precision)
        if substitution is not None:
            return substitution

        scaled = self._scale_drift(claim, value)
        if scaled is not None:
            return scaled

        nearest = self.nearest(claim)
        return ClaimVerdict(
            claim=claim,
            outcome=FABRICATION,
            nearest=nearest_value(nearest) if nearest else None,
            expected_value=nearest.value
            if nearest and nearest.label and nearest.label == claim.label
            else None,
        )

    def _derived(self, claim: Claim, match: rc.Derivation, cited: bool = False) -> ClaimVerdict:
        return ClaimVerdict(
            claim=claim,
            outcome=DERIVED,
            layer=LAYER_DERIVATION,
            expected_value=rc.quantize_like(match.value, claim.precision, rc.percent_places(claim)),
            formula=match.formula,
            nearest=nearest_value(match.operands[0]),
            details={"derivation": match.kind, "operands_cited": cited},
        )

    # ------------------------------------------------------------ steps

    def _calculated(self, claim: Claim) -> ClaimVerdict | None:
        for output in self.index.calculator_outputs:
            results = [output.result]
            if claim.kind == PERCENT:
                results.append(output.result * 100)
            for result in results:
                if rc.matches_at_precision(claim.value, result, claim.precision):
                    return ClaimVerdict(
                        claim=claim,
                        outcome=CALCULATED,
                        layer=LAYER_DERIVATION,
                        formula=output.expression or None,
                        expected_value=result,
                    )
        return None

    def _exact_candidates(self, claim: Claim, value: Decimal, precision: Decimal):
        if significant_digits(claim) >= 2:
            low, high = value - precision / 2, value + precision / 2
        else:
            # "$4 billion" is one significant digit: rounding 4.2 billion to it would accept
            # almost anything, so only the value itself grounds it.
            low = high = value
        for source in self.index.between(claim.kind, low, high):
            src = norm(source)
            if src == value or rc.matches_at_precision(value, src, precision):
                yield source

    def _exact(self, claim: Claim, value: Decimal, precision: Decimal) -> Claim | None:
        best = None
        best_rank = None
        perfect = _perfect_rank(claim)
        for source in self._exact_candidates(claim, value, precision):
            if not compatible(claim, source, self.index):
                continue
            rank = _rank(claim, source)
            if best_rank is None or rank < best_rank:
                best, best_rank = source, rank
                if rank <= perfect:
                    break  # nothing can match better: stop on the first of many equal values
        return best

    def _within(self, claim: Claim, value: Decimal, tol: Decimal) -> Claim | None:
        low = Decimal(0) if tol >= 1 else value / (1 + tol)
        high = value / (1 - tol) if tol < 1 else value * 10
        best = None
        best_rank = None
        perfect = _perfect_rank(claim)
        for source in self.index.between(claim.kind, low, high):
            if not compatible(claim, source, self.index):
                continue
            if _relative(value, norm(source)) > tol:
                continue
            rank = _rank(claim, source)
            if best_rank is None or rank < best_rank:
                best, best_rank = source, rank
                if rank <= perfect:
                    break
        return best

    def _recompute(
        self, claim: Claim, names: set[str], named_kinds: set[str]
    ) -> ClaimVerdict | None:
        if claim.kind not in (PERCENT, PERCENTAGE_POINTS, BPS, RATIO, CURRENCY, NUMBER, COUNT):
            return None
        if self.index.empty:
            return None
        # Bounded operand pools, whatever the size of the sources.
        amounts = [c for c in self.index.operand_pool() if kind_compatible_operand(claim, c)]
        same_label = self.index.labelled(claim.label)[:MAX_LABEL_OPERANDS] if claim.label else []
        if claim.kind in (CURRENCY, NUMBER, COUNT) and not claim.label:
            same_label = []
        percents = self.index.percent_pool()
        derivations = rc.candidates(
            claim,
            {"same_label": same_label, "amounts": amounts, "percents": percents},
            names,
        )
        if not derivations:
            return None
        presented_as_total = rc.SUM in names and claim.kind in (CURRENCY, NUMBER, COUNT)
        # Unnamed, only the derivations a reader would assume: a rate of change between two
        # values of the claim's own metric, a spread, a per-share figure.
        allowed = named_kinds | {rc.GROWTH, rc.SURPRISE, rc.SPREAD, rc.PER_SHARE}
        if claim.kind == RATIO:
            allowed.add(rc.RATIO_OF)
        if presented_as_total:
            allowed.discard(rc.SUM)
        usable = [d for d in derivations if d.kind in allowed]
        match = rc.best_match(claim, usable)
        if match is not None:
            return self._derived(claim, match)
        aggregation = self._aggregation(claim, derivations, presented_as_total)
        if aggregation is not None:
            return aggregation
        drift_kinds = named_kinds - ({rc.SUM} if presented_as_total else set())
        if drift_kinds:
            closest = rc.closest(claim, derivations, drift_kinds)
            if closest is not None and self._plausible_drift(claim, closest):
                expected = rc.quantize_like(
                    closest.value, claim.precision, rc.percent_places(claim)
                )
                # The claim's own sign: "down 8.5%" carries its direction in words.
                expected = abs(expected) if claim.value >= 0 else -abs(expected)
                return ClaimVerdict(
                    claim=claim,
                    outcome=ARITHMETIC_DRIFT,
                    layer=LAYER_DERIVATION,
                    expected_value=expected,
                    formula=closest.formula,
                    nearest=nearest_value(closest.operands[0]),
                    details={"derivation": closest.kind, "exact": str(closest.value)},
                )
        return None

    def _plausible_drift(self, claim: Claim, derivation: rc.Derivation) -> bool:
        # A recomputation three times off is a different quantity, not a slip.
        target = abs(claim.value)
        got = abs(derivation.value)
        if got == 0 or target == 0:
            return False
        ratio = target / got
        return Decimal("0.33") <= ratio <= Decimal("3")

    def _contradicting_total(self, claim: Claim, match: rc.Derivation) -> ClaimVerdict | None:
        """A sum of parts where the sources state the whole differently: seed 000's options volume."""
        if match.kind not in (rc.SUM, rc.AVERAGE) or claim.kind not in (CURRENCY, NUMBER, COUNT):
            return None
        totals = [
            c
            for c in self.index.values((CURRENCY, NUMBER, COUNT))
            if c not in match.operands
            and usable_for(claim, c)
            and kind_compatible(claim, c)
            and lx.periods_compatible(claim.period, c.period)
            and (
                (claim.label and c.label == claim.label and not c.segment)
                or ("total" in c.qualifiers and labels_compatible(claim.label, c.label))
            )
            and norm(c) != norm(claim)
        ]
        if not totals:
            return None
        value = norm(claim)
        total = min(
            totals, key=lambda c: (0 if "total" in c.qualifiers else 1, abs(norm(c) - value))
        )
        return ClaimVerdict(
            claim=claim,
            outcome=UNSUPPORTED_AGGREGATION,
            layer=LAYER_DERIVATION,
            nearest=nearest_value(total),
            expected_value=total.value,
            formula=match.formula,
            details={"derivation": match.kind},
        )

    def _aggregation(
        self, claim: Claim, derivations: list[rc.Derivation], presented_as_total: bool
    ) -> ClaimVerdict | None:
        if claim.kind not in (CURRENCY, NUMBER, COUNT):
            return None
        sums = [d for d in derivations if d.kind in (rc.SUM, rc.AVERAGE)]
        match = rc.best_match(claim, sums)
        if match is None:
            return None
        totals = [
            c
            for c in (self.index.labelled(claim.label) if claim.label else [])
            if "total" in c.qualifiers and c not in match.operands and c.kind != PERCENT
        ]
        if totals:
            total = min(totals, key=lambda c: abs(c.value - claim.value))
            return ClaimVerdict(
                claim=claim,
                outcome=UNSUPPORTED_AGGREGATION,
                layer=LAYER_DERIVATION,
                nearest=nearest_value(total),
                expected_value=total.value,
                formula=match.formula,
                details={"derivation": match.kind},
            )
        if presented_as_total:
            return ClaimVerdict(
                claim=claim,
                outcome=UNSUPPORTED_AGGREGATION,
                layer=LAYER_DERIVATION,
                nearest=nearest_value(match.operands[0]),
                formula=match.formula,
                details={"derivation": match.kind},
            )
        return ClaimVerdict(
            claim=claim,
            outcome=DERIVED,
            layer=LAYER_DERIVATION,
            expected_value=match.value,
            formula=match.formula,
            nearest=nearest_value(match.operands[0]),
            details={"derivation": match.kind},
        )

    def _substitution(
        self, claim: Claim, value: Decimal, precision: Decimal
    ) -> ClaimVerdict | None:
        matches = [
            s
            for s in self._exact_candidates(claim, value, precision)
            if "injected" not in s.qualifiers
        ]
        cross_currency = []
        if claim.kind == CURRENCY:
            cross_currency = [
                s
                for s in self.index.between(CURRENCY, value, value)
                if s.kind == CURRENCY and s.unit and claim.unit and s.unit != claim.unit
            ]
        if not matches and not cross_currency:
            return None
        right = self._right_value(claim)
        kinds_ok = [s for s in matches if kind_compatible(claim, s)]
        # Same label, another period: the period is what is wrong.
        for source in kinds_ok:
            if (
                claim.label
                and source.label == claim.label
                and not lx.periods_compatible(claim.period, source.period)
                and usable_for(claim, source)
            ):
                return ClaimVerdict(
                    claim=claim,
                    outcome=PERIOD_MISMATCH,
                    nearest=nearest_value(right or source),
                    expected_value=right.value if right else None,
                    details={"matched": source.text, "matched_period": source.period},
                )
        for source in kinds_ok:
            reason = ""
            if not labels_compatible(claim.label, source.label):
                reason = f"value belongs to {source.label}"
            elif not usable_for(claim, source):
                reason = "value is " + " and ".join(
                    q for q in ("superseded", "hypothetical") if q in source.qualifiers
                )
            elif not context_compatible(claim, source, self.index):
                reason = "value belongs to another segment or period"
            if reason:
                return ClaimVerdict(
                    claim=claim,
                    outcome=SUBSTITUTION,
                    nearest=nearest_value(right or source),
                    expected_value=right.value if right else None,
                    details={
                        "matched": source.text,
                        "matched_label": source.label,
                        "reason": reason,
                    },
                )
        if cross_currency:
            source = cross_currency[0]
            return ClaimVerdict(
                claim=claim,
                outcome=SUBSTITUTION,
                nearest=nearest_value(source),
                details={"matched": source.text, "reason": f"value is in {source.unit}"},
            )
        return None

    def _right_value(self, claim: Claim) -> Claim | None:
        """The value the sources give for the claim's own label (and period), if any."""
        if not claim.label:
            return None
        candidates = [
            c
            for c in self.index.labelled(claim.label)
            if kind_compatible(claim, c) and usable_for(claim, c)
        ]
        if not candidates:
            return None
        in_period = [c for c in candidates if lx.periods_compatible(claim.period, c.period)]
        pool = in_period or candidates
        value = norm(claim)
        return min(pool, key=lambda c: (_rank(claim, c)[:2], abs(norm(c) - value)))

    def _scale_drift(self, claim: Claim, value: Decimal) -> ClaimVerdict | None:
        if claim.kind not in (CURRENCY, NUMBER, COUNT) or value == 0:
            return None
        precision = claim.precision or Decimal(1)
        for factor in _SCALES:
            target = value / factor
            target_precision = precision / factor
            for source in self.index.between(
                claim.kind, target - target_precision, target + target_precision
            ):
                if not compatible(claim, source, self.index):
                    continue
                if (
                    rc.matches_at_precision(target, norm(source), target_precision)
                    or norm(source) == target
                ):
                    return ClaimVerdict(
                        claim=claim,
                        outcome=SCALE_DRIFT,
                        nearest=nearest_value(source),
                        expected_value=source.value,
                        details={"factor": str(factor)},
                    )
        return None

    def nearest(self, claim: Claim) -> Claim | None:
        """The nearest compatible source value, the claim's own label first."""
        value = norm(claim)
        for label in ([claim.label] if claim.label else []) + [""]:
            best = None
            best_distance = None
            for source in self.index.near(claim.kind, value, label):
                if not kind_compatible(claim, source) or "injected" in source.qualifiers:
                    continue
                if label and not lx.periods_compatible(claim.period, source.period):
                    continue
                distance = abs(norm(source) - value)
                if best_distance is None or distance < best_distance:
                    best, best_distance = source, distance
            if best is None and label:
                for source in self.index.near(claim.kind, value, label):
                    if kind_compatible(claim, source) and "injected" not in source.qualifiers:
                        distance = abs(norm(source) - value)
                        if best_distance is None or distance < best_distance:
                            best, best_distance = source, distance
            if best is not None:
                return best
        return None

    # ------------------------------------------------------------ dates

    def _date(self, claim: Claim) -> ClaimVerdict:
        key = claim.period
        found = [c for c in self.index.dates_with_key(key) if "injected" not in c.qualifiers]
        if not found and self.config.date_tolerance_days and len(key) == 10:
            found = self._dates_within_days(key)
        if found:
            usable = [c for c in found if usable_for(claim, c)] or found
            # The same period written the same way first: "2026" points at a source's "2026".
            best = min(usable, key=lambda c: (c.period != key, c.nested != claim.nested))
            return ClaimVerdict(claim=claim, outcome=GROUNDED, nearest=nearest_value(best))
        dates = [
            c
            for c in self.index.near(DATE, claim.value)
            if "injected" not in c.qualifiers and not c.nested
        ]
        if not dates:
            dates = [c for c in self.index.all_dates()[:MAX_LABEL_OPERANDS] if not c.nested]
        if not dates:
            return ClaimVerdict(claim=claim, outcome=FABRICATION)
        nearest = min(dates, key=lambda c: (_period_distance(claim.period, c.period), c.start))
        return ClaimVerdict(claim=claim, outcome=PERIOD_MISMATCH, nearest=nearest_value(nearest))

    def _dates_within_days(self, key: str) -> list[Claim]:
        from datetime import date

        try:
            target = date.fromisoformat(key)
        except ValueError:
            return []
        out = []
        for c in self.index.all_dates()[:MAX_DATES_SCANNED]:
            if len(c.period) == 10:
                try:
                    other = date.fromisoformat(c.period)
                except ValueError:
                    continue
                if abs((other - target).days) <= self.config.date_tolerance_days:
                    out.append(c)
        return out


def _perfect_rank(claim: Claim) -> tuple:
    """The best rank a source value can reach for this claim."""
    return (-(2 if claim.label else 1), -(2 if claim.period else 1), -1, Decimal(0))


def _index_precision(claim: Claim) -> Decimal:
    """The claim's precision in the units the index sorts on (spreads in basis points)."""
    precision = claim.precision or Decimal(1)
    return precision * 100 if claim.kind == PERCENTAGE_POINTS else precision


def kind_compatible_operand(claim: Claim, source: Claim) -> bool:
    if "injected" in source.qualifiers:
        return False
    if claim.kind == CURRENCY and source.kind == CURRENCY and claim.unit and source.unit:
        return claim.unit == source.unit
    return True


def _period_distance(a: str, b: str) -> tuple[int, int]:
    year_a, year_b = lx.period_year(a), lx.period_year(b)
    years = abs(int(year_a) - int(year_b)) if year_a and year_b else 100
    shape = 0 if a[:1] == b[:1] else 1
    return (years, shape)
