"""detect(): extract -> ground -> derive -> zero-mental-math -> consistency -> correct -> score."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from . import zero_math
from .answer import AnswerReading, read_answer
from .consistency import apply_consistency, check_samples
from .correction import apply_corrections, corrections_for
from .decide import Decider
from .extraction import MAX_TEXT_CHARS
from .scoring import (
    ENTITY_MISMATCH,
    UNKNOWN_TICKER,
    adjusted_confidence,
    is_flagged,
    validation_summary,
)
from .sources import SourceIndex, build_index
from .types import (
    BPS,
    CURRENCY,
    DATE,
    PERCENT,
    PERCENTAGE_POINTS,
    PERIOD_MISMATCH,
    RATIO,
    SCALE_DRIFT,
    SUBSTITUTION,
    Claim,
    ClaimVerdict,
    DetectionInput,
    DetectionResult,
    EngineConfig,
    Finding,
    replace_claim,
)

_DEFAULT_CONFIG = EngineConfig()


def _verified(claim: Claim, config: EngineConfig) -> bool:
    """Seed 001's HALLUCINATION_VERIFY_* switches: a kind switched off is not checked at all."""
    if claim.kind == CURRENCY:
        return config.verify_currency
    if claim.kind in (PERCENT, PERCENTAGE_POINTS, BPS):
        return config.verify_percentages
    if claim.kind == DATE:
        return config.verify_dates
    if claim.kind == RATIO:
        return config.verify_ratios
    return True


def detect(inp: DetectionInput, config: EngineConfig = _DEFAULT_CONFIG) -> DetectionResult:
    """Check every numeric claim of `inp.answer` against its sources and score the answer.

    A correction is offered only when it holds: the corrected answer is checked again, and a
    correction whose replacement is still flagged there is withdrawn with its expected value
    (a wrong correction is worse than none: an auto-retry would converge on it).

    >>> from hallucination.engine.types import SourceDocument
    >>> result = detect(DetectionInput(answer="EPS was $0.81.",
    ...                                sources=(SourceDocument("s", "EPS: $0.78."),)))
    >>> result.flagged, result.verdicts[0].nearest.value
    (True, Decimal('0.78'))
    """
    started = time.perf_counter()
    index = build_index(inp)
    result = _detect(inp, config, index)
    if _worth_rechecking(result):
        unconfirmed = _unconfirmed_corrections(inp, config, result, index)
        if unconfirmed:
            verdicts = [
                replace(v, expected_value=None) if v.claim.start in unconfirmed else v
                for v in result.verdicts
            ]
            result = replace(
                summarize(
                    inp.answer[:MAX_TEXT_CHARS],
                    verdicts,
                    stakes=inp.stakes,
                    original_confidence=inp.original_confidence,
                    findings=result.findings,
                    config=config,
                ),
                consistency=result.consistency,
            )
    return _with_elapsed(result, (time.perf_counter() - started) * 1000)


# Corrections that come from a value the sources state for the claim's own metric, or from
# the formula its sentence describes, are right by construction; those that come from a
# value found elsewhere (another segment's, another period's, another scale's) are checked.
_RECHECKED = frozenset({SUBSTITUTION, SCALE_DRIFT, PERIOD_MISMATCH})


def _worth_rechecking(result: DetectionResult) -> bool:
    if not result.corrections:
        return False
    # A correction's span may take in a word before the figure ("about ¥535.9 billion").
    spans = [(c.start, c.end) for c in result.corrections]
    return any(
        v.outcome in _RECHECKED and any(s <= v.claim.start < e for s, e in spans)
        for v in result.verdicts
    )


def _unconfirmed_corrections(
    inp: DetectionInput, config: EngineConfig, result: DetectionResult, index: SourceIndex
) -> set[int]:
    """The claims (by start) whose correction is flagged again in the corrected answer."""
    spans = []
    shift = 0
    for correction in sorted(result.corrections, key=lambda c: c.start):
        start = correction.start + shift
        spans.append((start, start + len(correction.replacement), correction))
        shift += len(correction.replacement) - (correction.end - correction.start)
    # The corrected answer has the same sources: the index built for the answer serves it
    # (what the index learns while deciding, its bindings, depends on the sources alone).
    again = _detect(replace(inp, answer=result.corrected_answer), config, index)
    starts = [v.claim.start for v in result.verdicts]
    unconfirmed = set()
    for verdict in again.verdicts:
        if verdict.grounded:
            continue
        for start, end, correction in spans:
            if verdict.claim.start < end and verdict.claim.end > start:
                unconfirmed.update(s for s in starts if correction.start <= s < correction.end)
    return unconfirmed


def _in_fiscal_calendar(reading: AnswerReading, ends: dict[str, str]) -> AnswerReading:
    """The answer's fiscal years as the sources' own calendar closes them: a retailer's
    "fiscal 2023" is the year ended February 3, 2024, not the column ended January 28, 2023."""
    return _with_periods(reading, ends, dates=False)


def _ends_the_sources_do_not_name(index: SourceIndex) -> dict[str, str]:
    """The fiscal calendar's year ends, less the fiscal years the sources' own table columns
    are named by ("| | Fiscal 2024 |" beside "fiscal 2024 ended January 31, 2025"): the
    answer's "fiscal 2024" is then that column's, as the sources name it."""
    named = set(index.fiscal_columns.values())
    return {k: v for k, v in index.fiscal_ends.items() if k not in named}


_FISCAL_WORD = re.compile(r"\bfiscal\b|\bFY", re.IGNORECASE)


def _in_fiscal_quarters(reading: AnswerReading, year_end: int) -> AnswerReading:
    """The answer's fiscal quarters as calendar quarters, when the sources say in which
    month the fiscal year ends: with a year ending September 30, "the second quarter of
    fiscal 2024" is the quarter ended March 31, 2024 (calendar Q1 2024); with one ending July
    31, "Q2 FY2025" is the three months ended January 31, 2025."""
    calendar: dict[str, str] = {}
    for r in reading.readings:
        claim = r.claim
        period = claim.period
        if (
            claim.kind == DATE
            and period[:1] == "Q"
            and len(period) == 7
            and _FISCAL_WORD.search(claim.text)
        ):
            quarter, year = int(period[1]), int(period[3:])
            month = year_end + 3 * quarter
            end_year = year if month > 12 else year - 1
            month = month - 12 if month > 12 else month
            # A year ending with a calendar quarter has calendar quarters; one ending in July
            # has quarters of three months ending in October, January, April and July.
            calendar[period] = (
                f"Q{(month - 1) // 3 + 1} {end_year}"
                if year_end % 3 == 0
                else f"3M {end_year}-{month:02d}"
            )
    if not calendar:
        return reading
    return _with_periods(reading, calendar, dates=True)


# "FY2023 (ended January 28, 2024)", "fiscal 2023, ended February 3, 2024": how the answer
# names a year that ends early in the next calendar year.
_FISCAL_NAMED_BY_ITS_END = re.compile(
    r"\b(?:FY\s?|fiscal\s+(?:year\s+)?)((?:19|20)[0-9]{2})\b[\s,(]*(?:the\s+(?:year|52|53)"
    r"[\w\s-]{0,12}?\s+)?(?:ended|ending)\s+(?:on\s+)?(january|february)\s+([0-9]{1,2}),?\s+"
    r"((?:19|20)[0-9]{2})",
    re.IGNORECASE,
)


def _in_the_answers_fiscal_naming(reading: AnswerReading, index: SourceIndex) -> AnswerReading:
    """An answer that says which year end its fiscal year names ("In FY2023 (ended January
    28, 2024)") names its other fiscal years the same way: its "FY2022" is the year ended a
    year before (the sources' column of January 29, 2023, which they key FY2023)."""
    if "ended" not in reading.text and "ending" not in reading.text:
        return reading
    found = _FISCAL_NAMED_BY_ITS_END.search(reading.text)
    if found is None:
        return reading
    offset = int(found.group(4)) - int(found.group(1))
    if offset != 1:
        return reading
    years = {
        r.claim.period
        for r in reading.readings
        if r.claim.period.startswith("FY") and r.claim.period[2:].isdigit()
    }
    periods = set(index.periods())
    shifted = {
        year: f"FY{int(year[2:]) + offset}"
        for year in years
        if f"FY{int(year[2:]) + offset}" in periods
    }
    return _with_periods(reading, shifted, dates=True) if shifted else reading


# "31.660" alone may be 31.66 or 31,660; "1.138.999" and "1.139,0" say points group thousands.
_ONE_POINT_GROUP = re.compile(r"(?<![0-9.,])[0-9]{1,3}\.[0-9]{3}(?![0-9]|[.,][0-9])")
_POINTS_GROUP_THOUSANDS = re.compile(r"[0-9]\.[0-9]{3}(?:\.[0-9]{3}|,[0-9])")
_COMMA_GROUPS = re.compile(r"[0-9],[0-9]{3}(?![0-9])")


def _in_the_sources_digit_grouping(reading: AnswerReading, index: SourceIndex) -> AnswerReading:
    """An answer that copies figures from sources that group thousands with points
    ("1.138.999", "1.139,0") writes them so too: its "R$ 31.660" is 31,660, as the
    sources' cell of the same digits is."""
    if "." not in reading.text or not _ONE_POINT_GROUP.search(reading.text):
        return reading
    written = [c.text for c in index.claims[:MAX_GROUPING_LOOKUPS]]
    if not any(_POINTS_GROUP_THOUSANDS.search(t) for t in written) or any(
        _COMMA_GROUPS.search(t) for t in written
    ):
        return reading
    readings = []
    for r in reading.readings:
        claim = r.claim
        if claim.kind != DATE and _ONE_POINT_GROUP.search(claim.text) and claim.precision:
            claim = replace_claim(claim, value=claim.value * 1000, precision=claim.precision * 1000)
            r = replace(r, claim=claim)
        readings.append(r)
    return replace(reading, readings=tuple(readings))


MAX_GROUPING_LOOKUPS = 2_000
_SPAN_OF_A_YEAR = re.compile(r"9M (?:19|20)[0-9]{2}")


def _in_the_sources_spans(reading: AnswerReading, index: SourceIndex) -> AnswerReading:
    """ "The first nine months of 2024" as the span the sources close it with: the nine
    months ended September 29, 2024 of a 52/53-week calendar, or ended March 29, 2025 for
    "fiscal 2025" of a year ending in June, when they give figures for one such span."""
    asked = {r.claim.period for r in reading.readings if _SPAN_OF_A_YEAR.fullmatch(r.claim.period)}
    if not asked:
        return reading
    spans: dict[str, str] = {}
    for period in asked:
        closed = {p for p in index.periods() if p.startswith(period + "-")}
        if len(closed) == 1:
            spans[period] = closed.pop()
    return _with_periods(reading, spans, dates=True) if spans else reading


def _with_periods(reading: AnswerReading, periods: dict[str, str], *, dates: bool) -> AnswerReading:
    """The reading with its claims' periods renamed (`dates`: the date claims' own too), and
    the periods their sentences name with them when the dates are: "expanded 215 basis
    points year over year ... in the second quarter of fiscal 2024" is a change in the
    calendar quarter the fiscal one is."""
    readings = []
    for r in reading.readings:
        if r.claim.period in periods and (dates or r.claim.kind != DATE):
            r = replace(r, claim=replace_claim(r.claim, period=periods[r.claim.period]))
        if dates and any(p in periods for p in r.periods):
            r = replace(r, periods=tuple(periods.get(p, p) for p in r.periods))
        readings.append(r)
    return replace(reading, readings=tuple(readings))


def _detect(inp: DetectionInput, config: EngineConfig, index: SourceIndex) -> DetectionResult:
    answer = inp.answer[:MAX_TEXT_CHARS]
    findings: list[Finding] = []
    if len(inp.answer) > MAX_TEXT_CHARS:
        findings.append(
            Finding(
                code="input_truncated", message=f"the answer was cut at {MAX_TEXT_CHARS} characters"
            )
        )
    reading = read_answer(answer, inp.question)
    kept = tuple(r for r in reading.readings if _verified(r.claim, config))
    if len(kept) != len(reading.readings):
        reading = replace(reading, readings=kept)
    if index.fiscal_ends:
        reading = _in_fiscal_calendar(reading, _ends_the_sources_do_not_name(index))
    if index.fiscal_columns:
        # "at January 31, 2025" beside columns named "Fiscal 2024": that fiscal year's
        reading = _with_periods(reading, index.fiscal_columns, dates=False)
    if index.fiscal_year_end not in (0, 12):
        reading = _in_fiscal_quarters(reading, index.fiscal_year_end)
    reading = _in_the_sources_spans(reading, index)
    reading = _in_the_answers_fiscal_naming(reading, index)
    reading = _in_the_sources_digit_grouping(reading, index)
    verdicts = Decider(index, config, reading).decide_all()

    verdicts, zero_math_findings = zero_math.check(answer, verdicts, index)
    findings.extend(zero_math_findings)
    findings.extend(_injection_findings(inp, index, verdicts))
    findings.extend(_entity_findings(answer, index, verdicts, inp.tickers))
    verdicts = apply_consistency(verdicts, inp.samples, config)
    consistency, consistency_findings = check_samples(answer, inp.samples, config)
    findings.extend(consistency_findings)

    result = summarize(
        answer,
        verdicts,
        stakes=inp.stakes,
        original_confidence=inp.original_confidence,
        findings=findings,
        config=config,
    )
    return replace(result, consistency=consistency)


def summarize(
    answer: str,
    verdicts: Sequence[ClaimVerdict],
    *,
    stakes: str,
    original_confidence: Decimal | None,
    findings: Sequence[Finding] = (),
    config: EngineConfig = _DEFAULT_CONFIG,
) -> DetectionResult:
    """Everything in a result that follows from its verdicts: the corrections and the corrected
    answer, seed 000's summary, the flag, the gate and the adjusted confidence.

    detect() ends here, and a later layer that changes a verdict (an external check) calls it
    again with the verdicts as they now stand, so no part of a result shows an earlier state.

    >>> from hallucination.engine.types import Claim, FABRICATION
    >>> claim = Claim(text="$0.81", start=4, end=9, kind="currency", value=Decimal("0.81"))
    >>> wrong = ClaimVerdict(claim=claim, outcome=FABRICATION, expected_value=Decimal("0.78"))
    >>> result = summarize("EPS $0.81.", [wrong], stakes="standard", original_confidence=None)
    >>> result.corrected_answer, result.validation.orphan_numbers
    ('EPS $0.78.', ('$0.81',))
    """
    verdicts = list(verdicts)
    findings = list(findings)
    corrections = corrections_for(answer, verdicts)
    flagged = is_flagged(verdicts, findings, stakes, config)
    return DetectionResult(
        verdicts=tuple(verdicts),
        stakes=stakes,
        gate_threshold=config.gate_threshold(stakes),
        original_confidence=original_confidence,
        adjusted_confidence=adjusted_confidence(original_confidence, flagged, config),
        flagged=flagged,
        validation=validation_summary(verdicts),
        corrected_answer=apply_corrections(answer, corrections),
        corrections=tuple(corrections),
        findings=tuple(findings),
        elapsed_ms=0.0,
    )


def _with_elapsed(result: DetectionResult, elapsed_ms: float) -> DetectionResult:
    return replace(result, elapsed_ms=round(elapsed_ms, 3))


# "AMD's revenue", "NVIDIA's data center revenue": a name that owns a figure. The generic
# owners a sentence may start with are not names.
_OWNER = re.compile(r"\b([A-Z][A-Za-z0-9&.\-]{1,30}(?:\s+[A-Z][A-Za-z0-9&.\-]{1,30}){0,3})['’]s\b")
# A ticker written as one: a cashtag (`$NVDA`) or after its exchange (`NASDAQ: NVDA`).
# Capitals in parentheses are not enough (`(GAAP)`, `(EPS)`, `(USD)`), nor a scale (`$MM`).
_TICKER = re.compile(
    r"(?:\$(?=[A-Z]{2})(?!(?:MM|BN|MN|TN)\b)|\b(?:NASDAQ|Nasdaq|NYSE|NYSE American|AMEX|LSE|TSX)\s?:\s?)"
    r"(?P<ticker>[A-Z]{1,5}(?:\.[A-Z])?)(?![A-Za-z0-9])"
)
_GENERIC_OWNERS = frozenset(
    [
        "the",
        "a",
        "an",
        "this",
        "that",
        "its",
        "our",
        "their",
        "company",
        "company's",
        "management",
        "board",
        "group",
        "firm",
        "bank",
        "fund",
        "trust",
        "today",
        "tomorrow",
        "yesterday",
        "year",
        "quarter",
        "month",
        "week",
        "segment",
        "division",
        "unit",
        "business",
        "industry",
        "market",
        "sector",
        "country",
        "nation",
        "state",
        "government",
        "federal",
        # "Here's the calculation", "Let's look", "What's driving it": 's is "is" or "us".
        "here",
        "there",
        "it",
        "what",
        "who",
        "where",
        "how",
        "let",
    ]
)


def _entity_findings(
    answer: str, index, verdicts, tickers: tuple[tuple[str, str], ...] = ()
) -> list[Finding]:
    """A company the answer names as a figure's owner that no source mentions ("AMD's
    revenue" answered from an NVIDIA filing): a finding that flags, naming the companies
    the sources do discuss, when a figure follows the name in its sentence.

    With the client's ticker list, a ticker stands for its company ("NVDA's revenue" from an
    NVIDIA filing is NVIDIA's), and a ticker written as one (`$NVDA`, `NASDAQ: NVDA`) that
    is neither on the list nor in the sources is an `unknown_ticker`.
    """
    if not index.texts:
        return []
    lowered = "\n".join(index.texts.values()).lower()
    names = {ticker.upper(): name for ticker, name in tickers}

    def mentioned(name: str) -> bool:
        words = name.lower().split()
        if not words:
            return False
        company = names.get(name.upper(), "")
        if company and mentioned(company):
            return True
        if any(_mentions(lowered, w) for w in (name.lower(), words[0])):
            return True
        if len(words) == 1 and _ACRONYM.fullmatch(name):
            # "SAR's share" after "Search and rescue (SAR)", or of a "search and rescue" line.
            defined = re.search(r"([A-Za-z][A-Za-z&',. -]{2,80})\(\s*" + name + r"\s*\)", answer)
            expansion = _expansion(name, defined.group(1)) if defined else ""
            return bool(expansion) and expansion in re.sub(r"[^a-z&]+", " ", lowered)
        # "Namibia's auction" in a text about "Namibian-owned companies": a place's people.
        return any(_mentions(lowered, words[0].lower() + end) for end in _DEMONYM_ENDINGS)

    out = []

    def unnamed_filer() -> bool:
        # A filing's note that calls its filer "the Company" and names no company of its
        # own ("Note 7. Inventories ... the Company's inventories"): any name the answer
        # gives the filer is no other company's.
        return not any(n.split()[0] not in _GENERIC_NAMES for n in index.companies() if n) and bool(
            _THE_FILER.search(lowered)
        )

    if "'" in answer or "’" in answer:
        for match in _OWNER.finditer(answer):
            name = match.group(1)
            words = name.split()
            if words[0].lower() in _GENERIC_OWNERS or any(
                mentioned(" ".join(words[k:])) for k in range(len(words))
            ):
                # "Across Larkspur's portfolio": a sentence's first word is not the name.
                continue
            end = answer.find(".", match.end())
            sentence_end = len(answer) if end < 0 else end
            owned = [
                v.claim
                for v in verdicts
                if match.end() <= v.claim.start < sentence_end and v.claim.kind != DATE
            ]
            if not owned or unnamed_filer():
                continue
            discussed = sorted(n for n in index.companies() if n and n[0].isalpha())[:3]
            out.append(
                Finding(
                    code=ENTITY_MISMATCH,
                    message=f"the sources do not mention {name}"
                    + (f"; they discuss {', '.join(discussed)}" if discussed else ""),
                    start=match.start(1),
                    end=match.end(1),
                )
            )
    if names:
        for match in _TICKER.finditer(answer):
            ticker = match.group("ticker")
            if ticker in names or _mentions(lowered, ticker.lower()):
                continue
            out.append(
                Finding(
                    code=UNKNOWN_TICKER,
                    message=f"{ticker} is neither on the client's ticker list nor in the sources",
                    start=match.start("ticker"),
                    end=match.end("ticker"),
                )
            )
    return out


_ACRONYM = re.compile(r"[A-Z]{2,6}")
# Words a source's title or possessives give that name no company.
_GENERIC_NAMES = frozenset(
    {
        "company",
        "note",
        "notes",
        "the",
        "group",
        "item",
        "part",
        "table",
        "consolidated",
        "management",
        "our",
        "we",
        "schedule",
        "exhibit",
        "section",
    }
)
_THE_FILER = re.compile(r"\bthe (?:company|group|corporation|registrant)\b|\bwe\b|\bour\b")
_FILLER_WORDS = frozenset({"and", "of", "the", "for", "&"})
_DEMONYM_ENDINGS = ("n", "an", "ian", "ese", "i", "ish")


def _expansion(acronym: str, phrase: str) -> str:
    """The last words of `phrase` whose initials spell `acronym`, small words included or
    not ("Search and rescue" for SAR, "Europe, the Middle East and Africa" for EMEA), or
    ""."""
    words = re.findall(r"[A-Za-z&]+", phrase.lower())
    letters = acronym.lower()
    for start in range(len(words) - 1, -1, -1):
        tail = words[start:]
        for initials in (
            "".join(w[0] for w in tail),
            "".join(w[0] for w in tail if w not in _FILLER_WORDS),
        ):
            if initials == letters:
                return " ".join(tail)
        if len(tail) > 2 * len(letters):
            break
    return ""


def _mentions(text: str, word: str) -> bool:
    """`word` in `text` as a whole word: "amd" is not in "amdocs"."""
    start = text.find(word)
    while start >= 0:
        end = start + len(word)
        if (start == 0 or not text[start - 1].isalnum()) and (
            end == len(text) or not text[end].isalnum()
        ):
            return True
        start = text.find(word, start + 1)
    return False


def _injection_findings(inp: DetectionInput, index, verdicts) -> list[Finding]:
    """Instructions planted in a source: reported, and flagging when the answer used them."""
    injected_sources = index.injection_sources
    if not injected_sources:
        return []
    used = []
    injected_values = {abs(c.value) for c in index.injected}
    for verdict in verdicts:
        if not verdict.grounded and abs(verdict.claim.value) in injected_values:
            used.append(verdict.claim)
    if used:
        return [
            Finding(
                code="prompt_injection",
                message=f"{claim.text} repeats a value that instruction text in the sources asked for",
                start=claim.start,
                end=claim.end,
            )
            for claim in used
        ]
    return [
        Finding(
            code="prompt_injection_ignored",
            message="sources "
            + ", ".join(injected_sources)
            + " carry instruction text; the answer did not use it",
        )
    ]
