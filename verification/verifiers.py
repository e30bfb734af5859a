"""The external verifiers: recompute, source_fetch and market_data, over plain dataclasses.

Each takes a `ClaimTarget` (a claim with what the verifier needs to know about its query)
and returns a `CheckResult`: verified, contradicted, or inconclusive with a reason. A
failure that a later attempt may not have (a timeout, a 503) raises `TransientCheckError`
so the Celery task can retry with backoff. Nothing here touches the database.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, localcontext
from typing import Any

from hallucination.engine import extract_claims, lexicon
from hallucination.engine.candidates import kind_compatible, usable_for
from hallucination.engine.types import UNGROUNDED_OUTCOMES
from hallucination.engine.types import Claim as EngineClaim
from hallucination.engine.values import at_precision
from hallucination.outbound.guard import (
    FetchedResponse,
    OutboundFailed,
    OutboundPolicy,
    OutboundRefused,
    Resolver,
    fetch,
    system_resolver,
)

from .calculator import CalculatorError, calculate, format_result
from .extraction import FoundValue, ParsedPage, document_scale, label_anchored_values, parse_page
from .market_data import MarketDataAdapter, MarketDataError

VERIFIED = "verified"
CONTRADICTED = "contradicted"
INCONCLUSIVE = "inconclusive"
# Agrees with what an earlier layer already found wrong, from the same evidence: recorded,
# never escalated (seed 003 pages on a new, independent disagreement only).
CONFIRMED = "confirmed"

RECOMPUTE = "recompute"
SOURCE_FETCH = "source_fetch"
MARKET_DATA = "market_data"

# Stored verdict values have 12 decimal places.
_STORED_PLACES = Decimal("1e-12")
_PER_SHARE_LABELS = frozenset({"eps", "dividend", "book value", "share price"})
_FORMULA_TAIL = re.compile(r"(?P<expression>[0-9 \t().,+\-−*/×÷^$]+)=[ \t]*$")
_HAS_OPERATION = re.compile(r"[\d)]\s*(?:[-−+*/×÷^]|\*\*)\s*[\d($]")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
# The detector writes source values in formulas as 1.85B, 312M; a percent sign after a
# number is a percentage value there, never a modulo.
_SCALED_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?([KMBT])\b")
_PERCENT_AFTER_NUMBER = re.compile(r"(?<=\d)\s?%")
_SUFFIX_EXPONENT = {"K": 3, "M": 6, "B": 9, "T": 12}
_PERIOD = re.compile(r"^(?:(?P<quarter>Q[1-4])\s*|(?P<fiscal>FY)\s*)?(?P<year>(?:19|20)\d\d)$")


@dataclass(frozen=True, slots=True)
class SourceLink:
    source_id: str
    url: str


@dataclass(frozen=True, slots=True)
class ClaimTarget:
    """A claim as the verifiers see it."""

    text: str
    kind: str
    value: Decimal
    unit: str = ""
    precision: Decimal | None = None
    label: str = ""
    period: str = ""
    claim_id: int | None = None
    # The formula the derivation layer recorded, if any.
    formula: str = ""
    # The answer's text just before the claim: seed 000 answers write `(a - b) / b * 100 = x%`.
    text_before: str = ""
    entity: str = ""
    sources: tuple[SourceLink, ...] = ()
    nearest_source_id: str = ""
    # The claim's outcome after the deterministic layers, and the value they said it should be.
    outcome: str = ""
    earlier_expected: Decimal | None = None


@dataclass(frozen=True, slots=True)
class CheckResult:
    check_name: str
    status: str  # verified | contradicted | confirmed | inconclusive
    outcome: str | None = None  # the verdict's outcome unless inconclusive
    found_value: Decimal | None = None
    found_text: str = ""
    where: str = ""
    start: int | None = None
    end: int | None = None
    expected_value: Decimal | None = None
    formula: str = ""
    reason: str = ""
    elapsed_ms: float = 0.0
    # XBRL facts and arithmetic are exact; a number read after a label is a parser's guess.
    confidence: Decimal = Decimal("1")
    details: dict[str, Any] = field(default_factory=dict)


class TransientCheckError(Exception):
    """A check that may succeed when tried again later."""

    def __init__(self, check_name: str, code: str, message: str) -> None:
        super().__init__(message)
        self.check_name = check_name
        self.code = code
        self.message = message


def values_agree(
    claimed: Decimal,
    found: Decimal,
    *,
    claim_precision: Decimal | None = None,
    found_precision: Decimal | None = None,
    relative_tolerance: Decimal = Decimal(0),
) -> bool:
    """Equal at the coarser of the two precisions written, or within a relative tolerance.

    >>> values_agree(Decimal("1200000"), Decimal("1234567"), claim_precision=Decimal("100000"))
    True
    """
    difference = abs(claimed - found)
    if difference == 0:
        return True
    precisions = [p for p in (claim_precision, found_precision) if p]
    if precisions and difference <= max(precisions) / 2:
        return True
    return bool(relative_tolerance and found and difference / abs(found) <= relative_tolerance)


def _quantized(value: Decimal, exponent: Decimal) -> Decimal:
    # Wide enough for 28 integer digits and 12 places, the stored columns' shape.
    with localcontext() as wide:
        wide.prec = 60
        return value.quantize(exponent)


def _stored(value: Decimal | None) -> Decimal | None:
    return None if value is None else _quantized(value, _STORED_PLACES)


def _elapsed(started: float) -> float:
    return round((time.monotonic() - started) * 1000, 3)


# ---------------------------------------------------------------- recompute


def clean_formula(text: str) -> str:
    """A formula as people write it, made into the calculator's syntax."""
    expression = text.split("=", 1)[0]
    expression = (
        expression.replace("×", "*")
        .replace("÷", "/")
        .replace("−", "-")
        .replace("^", "**")
        .replace("$", "")
    )
    expression = _THOUSANDS.sub("", expression)
    expression = _SCALED_NUMBER.sub(
        lambda m: f"{m.group(1)}e{_SUFFIX_EXPONENT[m.group(2)]}", expression
    )
    return _PERCENT_AFTER_NUMBER.sub("", expression).strip()


def formula_before_claim(text_before: str) -> str:
    """The `expression =` that immediately precedes a claim in the answer, or ""."""
    match = _FORMULA_TAIL.search(text_before[-300:])
    if not match:
        return ""
    expression = match.group("expression")
    # The character class also takes in the punctuation before the formula ("surprise, (0.5");
    # the longest suffix that starts a number or a bracket and parses is the formula.
    for start, character in enumerate(expression):
        if character not in "0123456789($.-−":
            continue
        if start and expression[start - 1] not in " \t(,":
            continue
        candidate = expression[start:].strip()
        if not _HAS_OPERATION.search(candidate):
            return ""
        try:
            calculate(clean_formula(candidate))
        except CalculatorError as exc:
            if exc.code == "syntax":
                continue
        return candidate
    return ""


def recompute_applies(target: ClaimTarget) -> bool:
    # A partial sum presented as a total (seed 000's options volume) adds up by construction:
    # re-adding it would "verify" the very claim that is wrong for what it leaves out.
    if target.outcome == "unsupported_aggregation":
        return False
    return bool(target.formula or formula_before_claim(target.text_before))


def _recomputed_agrees(target: ClaimTarget, result: Decimal) -> bool:
    # The detector's own rule: equal once the result is rounded (or truncated) to the
    # place value the claim was written with.
    return target.value == result or at_precision(target.value, result, target.precision)


def _confirms_earlier_finding(target: ClaimTarget, expected: Decimal, *, formula_from: str) -> bool:
    """Whether a recomputation that disagrees with the claim only repeats the first pass.

    It does when the deterministic layers already left the claim ungrounded and either the
    formula is the one their derivation recorded (the same arithmetic over the same source
    values) or the value it gives is the one they expected, at the claim's precision. A
    recomputation against a claim they grounded, or giving another value than theirs, is a
    disagreement of its own.
    """
    if target.outcome not in UNGROUNDED_OUTCOMES:
        return False
    if formula_from == "derivation":
        return True
    return target.earlier_expected is not None and values_agree(
        expected, target.earlier_expected, claim_precision=target.precision
    )


def recompute(target: ClaimTarget) -> CheckResult:
    """Re-derive a computed claim with the calculator from its recorded or written formula."""
    started = time.monotonic()
    written = formula_before_claim(target.text_before)
    origin, formula = ("answer", written) if written else ("derivation", target.formula)
    if not formula:
        return CheckResult(RECOMPUTE, INCONCLUSIVE, reason="The claim has no formula to re-derive.")
    try:
        calculation = calculate(clean_formula(formula))
    except CalculatorError as exc:
        return CheckResult(
            RECOMPUTE,
            INCONCLUSIVE,
            formula=formula,
            reason=f"The formula cannot be evaluated: {exc.message}",
            elapsed_ms=_elapsed(started),
            details={"calculator_error": exc.code, "formula_from": origin},
        )
    result = calculation.result
    details: dict[str, Any] = {
        "expression": calculation.expression,
        "result": format_result(result),
        "formula_from": origin,
    }
    agree = _recomputed_agrees(target, result)
    if not agree and target.kind == "percent" and _recomputed_agrees(target, result * 100):
        # A ratio formula for a claim written in percent: 0.1111 and 11.11% agree.
        agree, result = True, result * 100
        details["scaled"] = "x100"
    expected = _quantized(result, target.precision.normalize()) if target.precision else result
    if not agree and _confirms_earlier_finding(target, expected, formula_from=origin):
        # The deterministic layers already found this claim wrong from these very figures;
        # the calculator saying so again is no independent contradiction (docs/verification.md).
        details["confirms"] = target.outcome
        return CheckResult(
            RECOMPUTE,
            CONFIRMED,
            outcome=target.outcome,
            found_value=_stored(result),
            found_text=format_result(result),
            where="calculator",
            expected_value=_stored(expected),
            formula=calculation.expression,
            elapsed_ms=_elapsed(started),
            details=details,
        )
    return CheckResult(
        RECOMPUTE,
        VERIFIED if agree else CONTRADICTED,
        outcome="derived" if agree else "contradicted",
        found_value=_stored(result),
        found_text=format_result(result),
        where="calculator",
        expected_value=None if agree else _stored(expected),
        formula=calculation.expression,
        elapsed_ms=_elapsed(started),
        details=details,
    )


# ---------------------------------------------------------------- source_fetch


def source_fetch_applies(target: ClaimTarget) -> bool:
    return bool(target.label) and any(link.url for link in target.sources)


def _period_parts(period: str) -> tuple[str, str] | None:
    """("Q3", "2026"), ("FY", "2025") or ("", "2024") from a normalised period."""
    match = _PERIOD.match(period.strip().upper().replace("FISCAL ", "FY"))
    if not match:
        return None
    return (match.group("quarter") or match.group("fiscal") or "", match.group("year"))


def _duration_fits(fact: FoundValue, focus: str) -> bool:
    if fact.period_start is None or fact.period_end is None:
        return False
    if fact.period_start == fact.period_end:
        return True  # an instant (a balance) belongs to any period ending then
    days = (fact.period_end - fact.period_start).days
    return 60 <= days <= 120 if focus.startswith("Q") else 300 <= days <= 380


def xbrl_candidates(page: ParsedPage, concepts: Sequence[str], period: str) -> list[FoundValue]:
    """The page's facts for these concepts, for the claim's period where the page says which.

    Dimensional facts (a segment, a scenario) are dropped when a consolidated fact exists.
    A claim's period is matched through the document's fiscal focus (dei): for a claim
    about `Q3 2026` in a filing whose focus is Q3 2026, only facts of the filing's own
    quarter (ending on its period-end date) are kept.
    """
    wanted = {concept.lower() for concept in concepts}
    facts = [fact for fact in page.xbrl.facts if fact.concept.lower() in wanted]
    consolidated = [fact for fact in facts if not fact.dimensional]
    facts = consolidated or facts
    document_end: date | None = page.xbrl.period_end
    focus, year = page.xbrl.fiscal_focus
    parts = _period_parts(period) if period else None
    if parts is not None and not parts[0]:
        parts = ("FY", parts[1])  # a bare year means the fiscal year
    if document_end is not None and (parts is None or parts == (focus, year)):
        current = [
            fact
            for fact in facts
            if fact.period_end == document_end and _duration_fits(fact, focus or "FY")
        ]
        facts = current or facts
    return facts


def xbrl_facts_any_period(page: ParsedPage, concepts: Sequence[str]) -> list[FoundValue]:
    wanted = {concept.lower() for concept in concepts}
    facts = [fact for fact in page.xbrl.facts if fact.concept.lower() in wanted]
    return [fact for fact in facts if not fact.dimensional] or facts


def page_values(
    page: ParsedPage,
    target: ClaimTarget,
    *,
    concepts: Sequence[str],
    phrases: Sequence[str],
    window: int,
) -> tuple[list[FoundValue], list[FoundValue]]:
    """(values for the claim's period, values for its label in any period), by the first
    method that finds any: XBRL facts, the detector's extractor, then label-anchored text."""
    if concepts:
        found = xbrl_candidates(page, concepts, target.period)
        if found:
            return found, xbrl_facts_any_period(page, concepts)
    found = text_candidates(page, target)
    if found:
        return found, text_candidates(page, target, any_period=True)
    found = label_candidates(page, target, phrases, window)
    return found, label_candidates(page, target, phrases, window, any_period=True)


def _found_precision(fact: FoundValue) -> Decimal | None:
    if fact.decimals and fact.decimals.lstrip("-").isdigit():
        return Decimal(1).scaleb(-int(fact.decimals))
    return None


def _unit_compatible(target: ClaimTarget, fact: FoundValue) -> bool:
    if fact.method != "label":
        return True
    if target.kind == "percent":
        return fact.unit == "%"
    if fact.unit == "%":
        return False
    if target.kind == "currency" and fact.unit and target.unit:
        return fact.unit.upper() == target.unit.upper()
    return True


def _in_period(fact: FoundValue, period: str) -> bool:
    return bool(period) and period.lower() in fact.line.lower()


def _page_text_claims(page: ParsedPage) -> list[EngineClaim]:
    if page.text_claims is None:
        page.text_claims = extract_claims(page.text, source_id="page")
    return page.text_claims


def text_candidates(
    page: ParsedPage, target: ClaimTarget, *, any_period: bool = False
) -> list[FoundValue]:
    """Values the detector's own extractor reads on the page for the claim's label and period.

    The extractor ties table cells to their row label and column period and applies the
    statement's declared scale, as it does for submitted sources. Values of exactly the
    claim's period are preferred to values whose period is merely compatible (unknown).
    """
    if not target.label:
        return []
    claimed = EngineClaim(
        text=target.text,
        start=0,
        end=0,
        kind=target.kind,
        value=target.value,
        unit=target.unit,
        precision=target.precision,
        label=target.label,
        period=target.period,
    )
    found = []
    for value in _page_text_claims(page):
        if value.label != target.label or value.nested:
            continue
        if not (kind_compatible(claimed, value) and usable_for(claimed, value)):
            continue
        if not any_period and not lexicon.periods_compatible(target.period, value.period):
            continue
        line_start = page.text.rfind("\n", 0, value.start) + 1
        line_end = page.text.find("\n", value.end)
        found.append(
            FoundValue(
                value=value.value,
                text=value.text,
                start=value.start,
                end=value.end,
                method="text",
                label=value.label,
                unit=value.unit,
                period=value.period,
                line=page.text[line_start : line_end if line_end != -1 else None].strip()[:300],
                decimals=_decimals_of(value.precision),
            )
        )
    if any_period:
        return found
    exact = [fact for fact in found if target.period and fact.period == target.period]
    return exact or found


def _decimals_of(precision: Decimal | None) -> str:
    """XBRL-style decimals for a precision: 0.01 -> "2", 1E+6 -> "-6"."""
    if not precision:
        return ""
    return str(-precision.normalize().as_tuple().exponent)


def label_phrases(label: str, configured: dict[str, list[str]]) -> list[str]:
    return [label, *configured.get(label, [])]


def label_candidates(
    page: ParsedPage,
    target: ClaimTarget,
    phrases: Sequence[str],
    window: int,
    *,
    any_period: bool = False,
) -> list[FoundValue]:
    scale = None
    if target.kind == "currency" and target.label not in _PER_SHARE_LABELS:
        scale = document_scale(page.text)
    found = label_anchored_values(page.text, phrases, window=window, scale=scale)
    found = [fact for fact in found if _unit_compatible(target, fact)]
    if any_period:
        return found
    in_period = [fact for fact in found if _in_period(fact, target.period)]
    return in_period or found


def _agrees(target: ClaimTarget, fact: FoundValue) -> bool:
    found_precision = _found_precision(fact)
    if values_agree(
        target.value,
        fact.value,
        claim_precision=target.precision,
        found_precision=found_precision,
    ):
        return True
    # "net loss of $12.5 million" is a positive claim against a negative reported figure.
    is_loss = "loss" in (fact.label + fact.concept).lower()
    return (
        is_loss
        and fact.value < 0 < target.value
        and values_agree(
            target.value,
            -fact.value,
            claim_precision=target.precision,
            found_precision=found_precision,
        )
    )


@dataclass
class SourceFetcher:
    """Fetches each URL once per verification run and keeps the parsed page."""

    policy: OutboundPolicy
    resolver: Resolver = system_resolver
    pages: dict[str, tuple[FetchedResponse, ParsedPage] | Exception] = field(default_factory=dict)

    def get(self, url: str) -> tuple[FetchedResponse, ParsedPage]:
        cached = self.pages.get(url)
        if isinstance(cached, Exception):
            raise cached
        if cached is not None:
            return cached
        try:
            response = fetch(url, policy=self.policy, resolver=self.resolver)
        except OutboundRefused as exc:
            self.pages[url] = exc
            raise
        result = (response, parse_page(response.text))
        self.pages[url] = result
        return result


def source_fetch(
    target: ClaimTarget,
    *,
    fetcher: SourceFetcher,
    concepts: dict[str, list[str]],
    phrases: dict[str, list[str]],
    window: int = 120,
) -> CheckResult:
    """Re-fetch the claim's source URLs and re-extract its value deterministically.

    XBRL facts come first, then what the detector's extractor reads in the page's text for
    the claim's label and period, then the number after a label phrase. Verified when every
    value found agrees with the claim; contradicted when none does and the claimed value is
    nowhere under the label (the closest is reported); inconclusive when the values
    disagree among themselves, when the claimed value is there for another period, or when
    nothing is found.
    """
    started = time.monotonic()
    links = [link for link in target.sources if link.url]
    # The source the detector matched against first: it is the likeliest place.
    links.sort(key=lambda link: link.source_id != target.nearest_source_id)
    if not target.label or not links:
        return CheckResult(SOURCE_FETCH, INCONCLUSIVE, reason="No source URL or metric label.")
    refusals: list[str] = []
    candidates: list[tuple[FoundValue, SourceLink, FetchedResponse]] = []
    # Values that agree with the claim under its label but for another period.
    elsewhere: list[FoundValue] = []
    for link in links:
        try:
            response, page = fetcher.get(link.url)
        except OutboundRefused as exc:
            refusals.append(f"{link.url}: refused ({exc.code}) {exc.message}")
            continue
        except OutboundFailed as exc:
            if exc.transient:
                raise TransientCheckError(SOURCE_FETCH, exc.code, exc.message) from exc
            refusals.append(f"{link.url}: {exc.code}: {exc.message}")
            continue
        label_concepts = {name.lower(): values for name, values in concepts.items()}.get(
            target.label.lower(), []
        )
        found, any_period = page_values(
            page,
            target,
            concepts=label_concepts,
            phrases=label_phrases(target.label, phrases),
            window=window,
        )
        candidates += [(fact, link, response) for fact in found]
        elsewhere += [fact for fact in any_period if _agrees(target, fact)]
    if not candidates:
        reason = "No value for the claim's label was found on the source pages."
        if refusals:
            reason = "; ".join(refusals)
        return CheckResult(
            SOURCE_FETCH,
            INCONCLUSIVE,
            reason=reason,
            elapsed_ms=_elapsed(started),
            details={"urls": [link.url for link in links]},
        )
    agreeing = [item for item in candidates if _agrees(target, item[0])]
    if agreeing and len(agreeing) < len(candidates):
        # The page gives the label several values and only some agree: which one the claim
        # means is not something a parser can settle, so a person does.
        return CheckResult(
            SOURCE_FETCH,
            INCONCLUSIVE,
            reason="The source gives several values for the claim's label; some disagree.",
            elapsed_ms=_elapsed(started),
            details={
                "values": sorted({format_result(item[0].value) for item in candidates}),
                "urls": [link.url for link in links],
            },
        )
    if not agreeing and elsewhere:
        # The claim's value is on the page under its label, for another period: the claim
        # may name its period loosely ("up from $1.62 billion" in a Q3 2026 sentence). A
        # period substitution is the detector's finding to make, not a contradiction.
        return CheckResult(
            SOURCE_FETCH,
            INCONCLUSIVE,
            reason="The source gives the claimed value for another period.",
            elapsed_ms=_elapsed(started),
            details={
                "periods": sorted(
                    {
                        fact.period or (fact.period_end.isoformat() if fact.period_end else "")
                        for fact in elsewhere
                    }
                ),
                "urls": [link.url for link in links],
            },
        )
    fact, link, response = (
        agreeing[0]
        if agreeing
        else min(candidates, key=lambda item: abs(item[0].value - target.value))
    )
    verified = bool(agreeing)
    return CheckResult(
        SOURCE_FETCH,
        VERIFIED if verified else CONTRADICTED,
        outcome="grounded" if verified else "contradicted",
        found_value=_stored(fact.value),
        found_text=(fact.text or fact.concept)[:200],
        where=response.final_url,
        start=fact.start if fact.method in ("label", "text") else None,
        end=fact.end if fact.method in ("label", "text") else None,
        expected_value=None if verified else _stored(fact.value),
        elapsed_ms=_elapsed(started),
        confidence=Decimal("0.9") if fact.method in ("label", "text") else Decimal("1"),
        details={
            "url": link.url,
            "final_url": response.final_url,
            "source_id": link.source_id,
            "address": response.address,
            "method": fact.method,
            "concept": fact.concept,
            "context": fact.context,
            "unit": fact.unit,
            "period": fact.period,
            "period_end": fact.period_end.isoformat() if fact.period_end else None,
            "line": fact.line,
            "candidates": len(candidates),
            "fetch_ms": round(response.elapsed_ms, 3),
        },
    )


# ---------------------------------------------------------------- market_data


def market_data_applies(target: ClaimTarget, adapter: MarketDataAdapter | None) -> bool:
    return (
        adapter is not None
        and bool(target.entity)
        and target.label.strip().lower() in adapter.labels()
    )


def market_data(
    target: ClaimTarget, *, adapter: MarketDataAdapter, tolerance: Decimal
) -> CheckResult:
    """Compare a market-data claim (last price, volume...) with a fresh quote."""
    started = time.monotonic()
    label = target.label.strip().lower()
    try:
        quote = adapter.quote(target.entity)
    except MarketDataError as exc:
        if exc.transient:
            raise TransientCheckError(MARKET_DATA, exc.code, exc.message) from exc
        return CheckResult(
            MARKET_DATA,
            INCONCLUSIVE,
            reason=f"{exc.code}: {exc.message}",
            elapsed_ms=_elapsed(started),
        )
    except OutboundRefused as exc:
        return CheckResult(
            MARKET_DATA,
            INCONCLUSIVE,
            reason=f"The quote endpoint was refused ({exc.code}): {exc.message}",
            elapsed_ms=_elapsed(started),
        )
    value = quote.values.get(label)
    if value is None:
        return CheckResult(
            MARKET_DATA,
            INCONCLUSIVE,
            reason=f"The quote for {target.entity} has no {label!r}.",
            elapsed_ms=_elapsed(started),
            details={"url": quote.url},
        )
    agree = values_agree(
        target.value, value, claim_precision=target.precision, relative_tolerance=tolerance
    )
    return CheckResult(
        MARKET_DATA,
        VERIFIED if agree else CONTRADICTED,
        outcome="grounded" if agree else "contradicted",
        found_value=_stored(value),
        found_text=format_result(value),
        where=quote.url,
        expected_value=None if agree else _stored(value),
        elapsed_ms=_elapsed(started),
        details={
            "symbol": quote.symbol,
            "field": quote.fields.get(label, ""),
            "tolerance": str(tolerance),
            "fetch_ms": round(quote.elapsed_ms, 3),
        },
    )
