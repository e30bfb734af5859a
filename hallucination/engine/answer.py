"""Stage 2, read the answer: its claims, and what each claim's sentence says about it.

The number reader (`extraction`) finds every claim with its value, unit, scale and period.
This stage reads the sentence around each one the way a reviewer would:

- its **label**: the words naming the metric, back to the previous figure in the sentence;
  a clause with no words of its own ("in 2008 the figure was $4 billion", "$17 million in
  2008") continues the metric named before it;
- its **direction**: "rose", "fell", "lower", "an increase of";
- its **derivation cue**: a change, a difference, a share or ratio ("13.2% of generation",
  "2.25 times"), a sum ("combined", "together totaled") or an average;
- the **other side** of a comparison or share: "of fair value", "than jersey city";
- the **periods its sentence names**, in order: the operands of a change.

`read_answer` returns one `Reading` per claim; later stages never look at the text again.
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass, replace
from decimal import Decimal

from . import clauses, labels, tables
from . import lexicon as lx
from .extraction import (
    MAX_TEXT_CHARS,
    approximation_start,
    extract_document,
    formula_spans,
    headings,
    ranges_share_labels,
)
from .latex import plain_math
from .sources import with_months_of_a_date
from .types import (
    BPS,
    COUNT,
    CURRENCY,
    DATE,
    INHERITED,
    NUMBER,
    PERCENT,
    PERCENTAGE_POINTS,
    RATIO,
    Claim,
    quick_init,
    replace_claim,
)

# Derivation cues.
CHANGE = "change"  # rose, fell, grew, an increase of, from X to Y
SHARE = "share"  # 13.2% of, represented, accounted for
RATIO_CUE = "ratio"  # 2.25 times, a ratio of
SUM = "sum"  # combined, together, total(ed), plus ... gives
AVERAGE = "average"
MIDPOINT = "midpoint"  # an average of two: a range's ends ("the midpoint of $4.40 to $4.70")
COMPARISON = "comparison"  # higher than, lower than, more than
ANNUALIZED = "annualized"  # $2.48 annualized, an annualized $2.48, at an annual rate
COMPOUND = "compound"  # a compound annual growth rate, a 12.0% CAGR
YEAR_AGO = "year_ago"  # a change "year over year", "from a year earlier": over a year
QUARTER_AGO = "quarter_ago"  # "from the linked quarter", "sequentially": over the quarter before

# "gain" and "gains" are left out: nouns as often as verbs ("actuarial gains").
_RISE = frozenset(
    [
        "increase",
        "increased",
        "increases",
        "increasing",
        "rise",
        "rose",
        "risen",
        "rises",
        "rising",
        "grew",
        "grow",
        "grown",
        "grows",
        "growing",
        "growth",
        "gained",
        "climb",
        "climbed",
        "climbs",
        "climbing",
        "jump",
        "jumped",
        "jumps",
        "up",
        "higher",
        "more",
        "greater",
        "larger",
        "bigger",
        "faster",
        "expanded",
        "advanced",
        "surged",
        "added",
        "widened",
        "lengthened",
        "raised",
        "raise",
        "raises",
        "raising",
        "lifted",
        "boosted",
        "soared",
        "rallied",
        "spiked",
        "leapt",
        "leaped",
        "accelerated",
        "acceleration",
    ]
)
_FALL = frozenset(
    [
        "decrease",
        "decreased",
        "decreases",
        "decreasing",
        "decline",
        "declined",
        "declines",
        "declining",
        "fell",
        "fall",
        "fallen",
        "falls",
        "falling",
        "drop",
        "dropped",
        "drops",
        "dropping",
        "down",
        "lower",
        "less",
        "fewer",
        "smaller",
        "slower",
        "reduced",
        "reduction",
        "shrank",
        "slid",
        "slipped",
        "dipped",
        "shortened",
        "lowered",
        "trimmed",
        "cut",
        "cuts",
        "contracted",
        "lost",
        "narrowed",
        "slumped",
        "plunged",
        "tumbled",
        "sank",
        "plummeted",
        "collapsed",
        "slumps",
        "plunges",
        "tumbles",
        "eased",
        "retreated",
        "decelerated",
        "deceleration",
        "slowdown",
    ]
)
# A change whose sign the words do not give: "improved" is up for a margin and down for an
# efficiency ratio, a combined ratio or a bad-loan ratio.
_CHANGE_WORDS = frozenset(
    {
        "change",
        "changed",
        "changes",
        "difference",
        "differed",
        "differ",  # "the readings differ by about 0.17 percentage points"
        "differs",
        "shifted",  # "so the mix shifted by about 10.4 percentage points"
        "swing",
        "went",
        "moved",
        "improved",
        "improvement",
        "improving",
        "worsened",
        "deteriorated",
        "deterioration",
        # "cut about 1,150 jobs of its 12,780, leaving it with about 11,630": what is left
        "leaving",
        "leaves",
    }
)
_YEAR_AGO = re.compile(
    r"\byear[- ](?:over|on)[- ]year\b|\byoy\b|\b(?:a|one) year (?:earlier|ago|before)\b|"
    r"\b(?:the )?(?:prior|previous|last)[- ]year(?:'s)? (?:quarter|period)\b"
)
_QUARTER_AGO = re.compile(
    r"\blinked[- ]quarter\b|\bsequential(?:ly)?\b|\bquarter[- ]over[- ]quarter\b|\bqoq\b|"
    r"\b(?:prior|previous|preceding|last) quarter\b"
)
_COMPOUND_WORDS = frozenset({"cagr", "compound", "compounded", "compounding"})


def _per_year_after(after: list[str]) -> bool:
    """ "10.0% a year since fiscal 2021", "8% per year over the period", "7% annually": a
    rate per year (not "a year ago", "a year earlier")."""
    if after[:1] == ["annually"]:
        return True
    return (
        after[:2] in (["a", "year"], ["per", "year"], ["each", "year"])
        and after[2:3] != []
        and after[2] in ("since", "over", "from", "between", "through", "for")
    )


_SUM_WORDS = frozenset(
    {
        "totaled",
        "totalled",
        "totaling",
        "totalling",
        "combined",
        "together",
        "sum",
        "summed",
        "aggregate",
        "aggregated",
        "altogether",
        "plus",
    }
)
_COMPARATIVES = frozenset(
    {
        "higher",
        "lower",
        "more",
        "less",
        "greater",
        "smaller",
        "above",
        "below",
        "fewer",
        "bigger",
        "larger",
        # "2.2 percentage points faster than the 7.6% national increase"
        "faster",
        "slower",
    }
)
# Words that introduce the base of a change or a comparison: "from $1.62 billion",
# "compared with 23.5", "versus", "than".
_BASE_MARKERS = frozenset({"from", "versus", "vs", "than", "against", "over"})
_AVERAGE_WORDS = frozenset({"average", "averaged", "mean", "midpoint", "mid-point"})
_MIDPOINT_WORDS = frozenset({"midpoint", "mid-point"})
# (past the range's other end, if any: "–$4.00 (midpoint $3.20")
_BRACKET_OF_A_FIGURE = re.compile(
    r"[^A-Za-z(\n]{0,20}\([ \t]*[A-Za-z][A-Za-z -]{0,20}?:?[ \t]+(?:[$€£¥]|[0-9])"
)
_SHARE_WORDS = frozenset(
    {"represented", "representing", "represents", "accounted", "share", "portion", "proportion"}
)
_RATIO_WORDS = frozenset({"times", "ratio", "multiple"})
_RATES = frozenset({PERCENT, PERCENTAGE_POINTS, BPS})


def _names_a_share(words: list[str]) -> bool:
    """A word that makes a percentage a share ("represented", "as a share of"), but not the
    "share" of "per share" or "a share": "FFO per share (+10.6%)" is no share of anything."""
    for k, word in enumerate(words):
        if word in _SHARE_WORDS and not (
            word == "share"
            and (
                words[k - 1 : k] == ["per"]
                or (words[k - 1 : k] == ["a"] and words[k + 1 : k + 2] != ["of"])
            )
        ):
            return True
    return False


_WORD = re.compile(r"[A-Za-z][A-Za-z'&-]*")
_FROM_TO = re.compile(r"\bfrom\b.*\bto\b", re.IGNORECASE)
# In an answer's sentence, "from" a figure that is no year ("from 8.6% to 9.2%"); years
# ("bonds mature from 2035 to 2054") order nothing else the sentence gives.
_FROM_TO_FIGURES = re.compile(
    r"\bfrom\s+(?:the\s+|a\s+|an\s+)?(?:[^\s0-9]{1,5}\s?)?(?!(?:19|20)[0-9]{2}\b)"
    # nor a date: "From 1 July 2026, cars will pay $5.10 to cross"
    r"(?![0-9]{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)"
    r"[0-9].*\bto\b",
    re.IGNORECASE,
)
_ADJACENT = re.compile(r"((?:[A-Za-z]+ +){1,2})\(?[$€£]?\Z")
_SPLIT_PHRASES = re.compile(r",\s*|\s+and\s+|\s+plus\s+|\s*;\s*", re.IGNORECASE)
_ANSWER_CAPTION = re.compile(
    r"\(\s*(?:(?:(?:US|C|A|NZ|HK|S)?\$|€|£|¥|USD|EUR|GBP|CAD|AUD|JPY|CHF)\s*(?:in\s+)?|in\s+)"
    r"(thousands|millions|billions)\b[^)]{0,40}\)"
    r"|\b(?:figures|amounts|numbers|values|dollars)\s+(?:are\s+)?in\s+(thousands|millions|billions)\b",
    re.IGNORECASE,
)
_CAPTION_SCALES = {
    "thousands": Decimal("1e3"),
    "millions": Decimal("1e6"),
    "billions": Decimal("1e9"),
}
_AMOUNT_KINDS = frozenset({CURRENCY, NUMBER, COUNT})
MAX_WINDOW_CHARS = 160


@quick_init
@dataclass(frozen=True, slots=True)
class Reading:
    """A claim of the answer and what its sentence says about it."""

    claim: Claim
    index: int  # position among the answer's claims
    sentence: int  # which sentence of the answer holds it
    label_inherited: bool = False  # its label continues the metric named before it
    direction: int = 0  # +1 a rise, -1 a fall, 0 none said
    cues: frozenset[str] = frozenset()
    other_label: frozenset[str] = frozenset()  # "of fair value", "than jersey city"
    phrases: tuple[frozenset[str], ...] = ()  # the labels a sum or average lists
    periods: tuple[str, ...] = ()  # the periods its sentence names, in text order
    from_to: bool = False  # "from X to Y": the periods are in before-after order
    base: bool = False  # introduced as the base of a change or comparison ("from $1.62 billion")
    after_label: frozenset[str] = frozenset()  # the words right after it, another reading
    # The one period its question asks, with no arithmetic ("What were the finance costs in
    # FY 2023-24?" answered "₹80.13 crore"): the period of a value read off a table.
    asked_period: str = ""
    # The part a list's later item names when it takes the metric of the item before
    # ("and UAN about 18.0%" after "the average ammonia price fell 25.6%"): "uan".
    own_name: frozenset[str] = frozenset()

    @property
    def derived(self) -> bool:
        """Its wording says the figure is computed, not copied."""
        return bool(self.cues)


@dataclass(frozen=True, slots=True)
class AnswerReading:
    text: str
    readings: tuple[Reading, ...]
    sentences: tuple[tuple[int, int], ...]
    # Arithmetic the answer writes out before `=` or `≈`: (start, where the sign is).
    formulas: tuple[tuple[int, int], ...] = ()
    question: str = ""

    def _continued(self, start: int, eq: int) -> str:
        """The working from `start` to the sign at `eq`; where it opens on an operator ("2.
        Weekly discount of 10%: −£109.50 → £985.50"), it runs on from the result the line
        above gave ("= £1,095"), which it starts with."""
        expression = self.text[start:eq]
        if not _OPENS_ON_AN_OPERATOR.match(expression):
            return expression
        above = self.text.rfind("\n", 0, start)  # the end of the line above
        if above < 0:
            return expression
        line_above = self.text.rfind("\n", 0, above) + 1
        results = list(_A_RESULT.finditer(self.text, line_above, above))
        if not results:
            return expression
        return f"{results[-1].group(1)} {expression.strip()}"

    def worked(self, claim: Claim) -> tuple[str, bool] | None:
        """The arithmetic written right before a figure ("58,301 / 1,146 = £50.87
        thousand"), and whether it says the figure is rounded (`≈`)."""
        inside = _SUM_IN_BRACKETS_AFTER.match(self.text, claim.end)
        if inside is not None and any(s <= claim.start < e for s, e in self.formulas):
            # "MGA 65,558.2 million (48,215.4 + 17,342.8) / 214,000 kg": a figure of the
            # working, itself worked out in the brackets after it
            return inside.group(1), claim.approximate
        for start, eq in self.formulas:
            if (
                eq < claim.start
                and _RESULT_AFTER.fullmatch(self.text, eq + 1, claim.start)
                and not any(s <= claim.start < e for s, e in self.formulas)
            ):
                # (Not the first operand of the next step of chained working: "A ÷ (B + A)
                # = A ÷ C ≈ 65.2%".)
                return self._continued(start, eq), self.text[eq] in "≈→"
            cell = (
                _CELL_RESULT_AFTER.fullmatch(self.text, eq, claim.start)
                if eq < claim.start
                else None
            )
            if cell:
                # "| $214,830K ÷ $58,214K | **3.69×** |": the next cell holds the result.
                return self.text[start:eq], cell.group(1) is not None or claim.approximate
            after = (
                _WORKING_AFTER.fullmatch(self.text, claim.end, start) if start > claim.end else None
            )
            if after and (
                after.group(1) is None or any(op in self.text[start:eq] for op in "×*÷/")
            ):
                # "about €6.74 million (22,940 × 24.50 × 12)": the working after the figure;
                # past words of its own only a product or a quotient ("$207 more a year
                # ($318,000 × 0.65 / 1,000)"): parts added up after "ounces" are a list.
                return self.text[start:eq], claim.approximate
        return None

    @property
    def claims(self) -> list[Claim]:
        return [r.claim for r in self.readings]


def read_answer(answer: str, question: str = "") -> AnswerReading:
    """Every claim of the answer with its reading; a short answer's figures take the metric,
    the periods and the arithmetic its question names ("What was the change in rental
    income between 2018 and 2019?" answered "-312").

    >>> reading = read_answer("Sales were $3.2 billion in 2008; in 2007 the figure was $4 billion.")
    >>> [(r.claim.text, sorted(r.claim.label_words)) for r in reading.readings if r.claim.kind != "date"]
    [('$3.2 billion', ['@revenue', 'sale']), ('$4 billion', ['@revenue', 'sale'])]
    """
    # "\\( \\frac{5,909}{18,426} \\times 100 \\approx 32.07\\% \\)": math markup read as the
    # arithmetic it writes, every figure where the answer has it.
    text = plain_math(answer[:MAX_TEXT_CHARS])
    claims, _marks = extract_document(text)
    # "2.3% in February 2025 ... In January, the rate was 2.5%": January of 2025.
    claims = with_months_of_a_date(text, "", claims, anywhere=True)
    claims = _with_answer_caption(text, claims)
    # The arithmetic the answer writes out, found once for every rule that reads it.
    worked = "=" in text or "≈" in text or "→" in text or "(" in text
    quotient = "÷" in text or " / " in text
    spans = formula_spans(text) if worked or quotient else []
    if "=" in text:
        claims = _operands_at_the_result_s_scale(text, claims, spans)
        claims = _operands_of_a_difference_in_points(text, claims, spans)
    if quotient:
        claims = _operands_of_a_quotient(text, claims, spans)
    sentences = clauses.sentence_bounds(text)
    read = clauses.read_clauses(text, claims, sentences)
    read = _named_by_headings(text, claims, read)
    sentence_of = [r.sentence for r in read]
    last_figure: dict[int, int] = {}  # sentence -> index of its last figure
    first_figure: dict[int, int] = {}  # sentence -> start of its first figure
    for j, c in enumerate(claims):
        if c.kind != DATE and not c.nested:
            last_figure[sentence_of[j]] = j
            first_figure.setdefault(sentence_of[j], c.start)
    periods_of: dict[int, tuple[str, ...]] = {}
    figures_in: dict[int, int] = {}
    for j, c in enumerate(claims):
        if c.kind == DATE and not c.nested:
            periods_of[sentence_of[j]] = (*periods_of.get(sentence_of[j], ()), c.period)
        elif c.kind != DATE:
            figures_in[sentence_of[j]] = figures_in.get(sentence_of[j], 0) + 1
    from_to_of: dict[int, bool] = {}  # sentence -> it says "from ... to ..."
    readings: list[Reading] = []
    for i, claim in enumerate(claims):
        k = sentence_of[i]
        s_start, s_end = sentences[k]
        if claim.kind == DATE or claim.nested:
            readings.append(Reading(claim=claim, index=i, sentence=k))
            continue
        own, window = read[i].label, read[i].window
        inherited = read[i].inherited
        if claim.cell is not None and claim.label_words:
            # A cell of the answer's own table is named by its row and column, as a source's
            # is, not by the words the row's line puts before it.
            own, inherited = claim.label_words, False
        after = text[claim.end : min(s_end, claim.end + MAX_WINDOW_CHARS)]
        before_words = [
            w.lower() for w in _WORD.findall(text[max(s_start, claim.start - 60) : claim.start])
        ]
        after_words = [w.lower() for w in _WORD.findall(after[:60])]
        direction = _direction(before_words[-4:], after_words[:2])
        hedge = approximation_start(text, claim.start)
        unhedged = (
            before_words
            if hedge == claim.start
            else [w.lower() for w in _WORD.findall(text[max(s_start, hedge - 60) : hedge])]
        )
        if not direction and unhedged[-1:] == ["by"]:
            # "raised the property tax rate by 0.65 mills", "would have cut Adjusted EBITDA by
            # about $3 million": the verb of change before the object the figure is changed by.
            direction = _direction(unhedged[-8:-1], [])
        if not direction and claim.kind in _AMOUNT:
            # "the company's $66.4 million total net sales increase": a noun of change after
            # the line it changes
            later = _CHANGE_NOUN_LATER.match(after)
            if later is not None:
                direction = 1 if later.group(1).lower() in _RISE_AFTER else -1
        if not direction and claim.text[:1] == "+" and claim.kind in _RATES:
            direction = 1  # "FFO per share (+10.6%)": a rise, written as its sign
        if (
            direction > 0
            and claim.text[:1] in "-−"
            and claim.kind in _RATES
            and not _direction(before_words[-4:], [])
        ):
            # "≈ -25.6%, slightly more than a quarter": the written sign says which way; the
            # comparative after it measures the size against a benchmark.
            direction = -1
        if (
            not direction
            and claim.kind == PERCENT
            and readings
            and readings[-1].sentence == k
            and readings[-1].direction
            and CHANGE in readings[-1].cues
            and readings[-1].claim.kind in _AMOUNT
            and _OR_ITS_RATE.fullmatch(text, readings[-1].claim.end, claim.start)
        ):
            # "≈ +$178.3M, or 13.9% year over year": the change's rate, which goes its way
            direction = readings[-1].direction
        window_words = [w.lower() for w in _WORD.findall(window)]
        # The words right before the figure, with nothing else between: "rose to", "an
        # increase of" (not the "at" of a date before a comma: "at 12/31/01, 48.92 higher").
        adjacent_text = _ADJACENT.search(text, max(s_start, claim.start - 40), claim.start)
        adjacent = adjacent_text.group(1).lower().split()[-2:] if adjacent_text else []
        if last_figure.get(k) == i:
            # "The difference between A (6 million) and B (2 million) was 4 million": words
            # that open the sentence name what its last figure is, unless a verb ends them
            # right before the first ("The national average for regular gasoline is $3.42 a
            # gallon, ... 40 cents below last year's $3.82": they name $3.42).
            first = first_figure.get(k, claim.start)
            opening = [w.lower() for w in _WORD.findall(text[s_start:first])]
            if first == claim.start or not (opening and opening[-1] in _COPULAS):
                window_words += opening
        cues = _cues(
            claim,
            window_words,
            adjacent,
            before_words,
            # "$3.80–$4.00 (midpoint $3.20 versus $3.90)": a bracket that opens on a word and
            # goes on to a figure of its own is that figure's
            after_words if not _BRACKET_OF_A_FIGURE.match(after) else [],
            direction,
        )
        if "operand" in claim.qualifiers:
            cues, direction = frozenset(), 0
        elif (
            SUM in cues
            and claim.cell is not None
            and _NAMED_LIKE_AN_OPERATOR.match(
                text, text.rfind("\n", 0, claim.start) + 1, claim.start
            )
        ):
            # "| Plus | $50 | $30 | **$120** |": a row named Plus (a plan, a tier) adds
            # nothing up.
            cues = cues - {SUM}
        other = _other_label(claim, after, cues)
        lowered_window = window.lower()
        ratio_of = _RATIO_OF.search(window) if "ratio of" in lowered_window else None
        if ratio_of:
            # "the ratio of capital expenditures on a non-GAAP basis to those on a GAAP basis"
            cues = cues | {RATIO_CUE}
            own = labels.label_words(ratio_of.group(1)) or own
            other = labels.label_words(ratio_of.group(2))
        exceeded = (
            _EXCEEDED.search(window)
            if " by" in lowered_window and _EXCEEDED_VERB.search(lowered_window)
            else None
        )
        if exceeded is None and unhedged[-1:] == ["by"]:
            # "The fee beats Rovers' previous record, the £41.5m paid for Kwame Boateng-Hill
            # in 2022, by £16.5m": what it beats holds a figure of its own.
            opening = text[s_start : claim.start]
            if _EXCEEDED_VERB.search(opening.lower()):
                exceeded = _EXCEEDED.search(opening)
                if exceeded and _ANOTHER_PART.search(exceeded.group(3)):
                    # "trailed 85-81 after three quarters but outscored Omaha 31-19 in the
                    # fourth to win by 10": the verb of another part of the sentence
                    exceeded = None
        if exceeded:
            # "revenue exceeded net income by 38,152 million"
            cues = cues | {COMPARISON}
            direction = -1 if exceeded.group(2).lower().startswith(("trail", "lag")) else 1
            other = labels.label_words(exceeded.group(3))
            own = labels.label_words(exceeded.group(1)) or own
        phrases: tuple[frozenset[str], ...] = ()
        if cues & {SUM, AVERAGE}:
            phrases = tuple(
                p for p in (labels.label_words(part) for part in _SPLIT_PHRASES.split(window)) if p
            )
            together = (
                _NAMED_TOGETHER.search(text, s_start, claim.start) if len(phrases) < 2 else None
            )
            if together is not None:
                # "Morgan County and the City of Decatur together contribute $14.2 million":
                # the two names before "together", whatever clause the figure's words start.
                named = (
                    labels.label_words(together.group(1)),
                    labels.label_words(together.group(2)),
                )
                if all(named):
                    phrases = named
        sentence_periods = periods_of.get(k, ())
        figures = figures_in.get(k, 0) - 1
        if (
            cues & {SUM, AVERAGE}
            and len(set(sentence_periods)) < 2
            and len(phrases) < 2
            and figures < 2
            # "Their sum is MSEK 267", "an average of MSEK 89.0 per year": words that name
            # the arithmetic itself, over figures the answer listed before.
            and not (set(window_words) & _ARITHMETIC_NOUNS)
            and before_words[-2:] not in _AVERAGE_OF
            # "Average annual revenue over the two years": over periods it counts
            and not _OVER_THE_PERIODS.search(text, s_start, s_end)
        ):
            # "average holding time was 3.4 hours": a metric named average, not an average
            # the answer took over periods or items it names.
            cues = cues - {SUM, AVERAGE}
        if k not in from_to_of:
            from_to_of[k] = _FROM_TO_FIGURES.search(text[s_start:s_end]) is not None
        from_to = from_to_of[k]
        # "from $1.62 billion", "against estimated EPS of $0.45", "compared with 23.5": the
        # figure the change or comparison is measured from.
        base = clauses.introduces_base(window or " ".join(before_words[-1:]))
        if not base and _ARROW_TO_A_FIGURE.match(text, claim.end):
            base = True  # "**$35 → $40**": the level it went from
        previous = readings[-1] if readings else None
        if (
            not cues
            and previous is not None
            and previous.sentence == k
            and SHARE in previous.cues
            and previous.other_label
            and claim.kind == previous.claim.kind
            and _ELIDED_VERB.search(window)
        ):
            # "the United States accounted for 55.4% of total revenue, Europe for 24.6%": the
            # verb and its whole are left out of the list's later items.
            cues, other = previous.cues, previous.other_label
        own_name: frozenset[str] = frozenset()
        if (
            not (cues - {AVERAGE} if _averages_name_a_measure(window_words) else cues)
            and not direction
            and previous is not None
            and previous.sentence == k
            and previous.direction
            and CHANGE in previous.cues
            and previous.claim.kind == claim.kind
            and _ELIDED_CHANGE.fullmatch(text, previous.claim.end, claim.start)
        ):
            # "The average ammonia price fell about 25.6% and UAN about 18.0%": the verb of
            # change is left out of the later item, which names only its own part.
            cues, direction = previous.cues, previous.direction
            own_name, own = own, own | previous.claim.label_words
        if (
            previous is not None
            and previous.sentence == k
            and previous.claim.kind == claim.kind
            and _RANGE_DASH.fullmatch(text, previous.claim.end, claim.start)
        ):
            # "narrowed to $3.0–3.5 billion from $2.5–4.0 billion": a range's upper end is
            # read as its lower end is, a level where that is one.
            cues, direction, base = previous.cues, previous.direction, previous.base
        readings.append(
            Reading(
                claim=replace_claim(claim, label_words=own),
                index=i,
                sentence=k,
                label_inherited=inherited,
                direction=direction,
                cues=cues,
                other_label=other,
                phrases=phrases,
                periods=sentence_periods,
                from_to=from_to,
                base=base,
                after_label=read[i].after,
                own_name=own_name,
            )
        )
    readings = _a_year_earlier(text, readings)
    if "months" in text:
        readings = _first_months_after(text, readings)
    if "dollar" in text:
        readings = _per_dollar_of(text, readings)
    if " than " in text and "(" in text:
        readings = _compared_in_brackets(text, readings)
    shared = ranges_share_labels(text, [r.claim for r in readings])
    readings = [
        r if r.claim is claim else replace(r, claim=claim)
        for r, claim in zip(readings, shared, strict=True)
    ]
    if question and len(sentences) <= MAX_SENTENCES_ASKED:
        stated = [
            r
            for r in readings
            if r.claim.kind != DATE and not r.claim.nested and "operand" not in r.claim.qualifiers
        ]
        if len(stated) <= MAX_FIGURES_ASKED:
            readings = _in_the_question_s_terms(readings, question)
    if question:
        readings = _in_the_period_asked(readings, question, text, sentences)
    return AnswerReading(
        text=text,
        readings=tuple(readings),
        sentences=tuple(sentences),
        formulas=tuple(spans) if worked else (),
        question=question[:MAX_TEXT_CHARS],
    )


def _named_by_headings(
    text: str, claims: list[Claim], read: list[clauses.ClauseReading]
) -> list[clauses.ClauseReading]:
    """A figure its own line names nothing for ("- 2024: 89.7% vs. 2023: 88.9%") takes the
    metric of the heading over its block ("**Generic dispensing rate (GDR)**")."""
    if not any(not r.label for r in read):
        return read
    found = headings(text)
    if not found:
        return read
    starts = [start for start, _end, _inner in found]
    out = list(read)
    for i, (claim, reading) in enumerate(zip(claims, read, strict=True)):
        if (
            reading.label
            or claim.kind == DATE
            or claim.nested
            or claim.cell is not None
            or "operand" in claim.qualifiers  # a formula's operand names nothing
        ):
            continue
        k = bisect.bisect_right(starts, claim.start) - 1
        if k < 0 or claim.start >= found[k][1]:
            continue
        named = labels.label_words(found[k][2])
        if named:
            out[i] = replace(reading, label=named, inherited=True)
    return out


def _operands_at_the_result_s_scale(
    text: str, claims: list[Claim], spans: list[tuple[int, int]]
) -> list[Claim]:
    """ "$1,878 + $512 + $138 = $2,528 million": a formula's bare amounts are in the scale its
    result states, which they leave unsaid; their own scale is unknown, not units."""
    out = list(claims)
    for start, eq in spans:
        result = next((c for c in claims if c.start > eq and c.kind != DATE), None)
        if (
            result is None
            or result.scale == 1
            or not _RESULT_AFTER.fullmatch(text, eq + 1, result.start)
        ):
            continue
        _open_scales(out, start, eq)
    return out


def _open_scales(claims: list[Claim], start: int, end: int) -> None:
    """The amounts of `claims` between `start` and `end` written with a currency and no
    scale, with their scale left open (in place)."""
    for i, claim in enumerate(claims):
        if (
            start <= claim.start < end
            and claim.kind == CURRENCY
            and claim.scale == 1
            and claim.scale_origin
        ):
            claims[i] = replace_claim(claim, scale_origin="")


# A division by an amount ("÷ $4,182,615", "/ ($1,702,900", "÷ 6,940"), not by a constant
# such as the 2 of an average or the 12 of a month.
_OVER_AN_AMOUNT = re.compile(r"(?:÷|\s/)\s*\(?\s*(?:[$€£¥]\s?[0-9]|[0-9]{1,3},[0-9]{3})")


def _operands_of_a_quotient(
    text: str, claims: list[Claim], spans: list[tuple[int, int]]
) -> list[Claim]:
    """ "$399,420 ÷ $4,182,615 × 365", "$1,284,370 ÷ 6,940 ≈ $185.07": amounts copied from a
    table in thousands into a quotient, where the scale cancels, leave it unsaid; their own
    scale is unknown, not units."""
    out = list(claims)
    for start, eq in spans:
        if _OVER_AN_AMOUNT.search(text, start, eq):
            _open_scales(out, start, eq)  # a sum, or an average over a count, keeps them
    return out


def _operands_of_a_difference_in_points(
    text: str, claims: list[Claim], spans: list[tuple[int, int]]
) -> list[Claim]:
    """ "95.6 - 88.4 = 7.2 percentage points": the bare operands of a difference that comes
    to percentage points or basis points are percentages, written without their sign."""
    out = list(claims)
    for start, eq in spans:
        result = next((c for c in claims if c.start > eq and c.kind != DATE), None)
        if (
            result is None
            or result.kind not in (PERCENTAGE_POINTS, BPS)
            or not _RESULT_AFTER.fullmatch(text, eq + 1, result.start)
            or not _DIFFERENCE_ONLY.fullmatch(text, start, eq)
        ):
            continue
        for i, claim in enumerate(out):
            if start <= claim.start < eq and claim.kind == NUMBER and claim.scale == 1:
                out[i] = replace_claim(claim, kind=PERCENT)
    return out


# A formula of numbers and minus signs only: "95.6 - 88.4 ", "(61.85 − 61.11) ".
_DIFFERENCE_ONLY = re.compile(r"[\s(]*[0-9.,]+[\s)]*(?:[-−–][\s(]*[0-9.,]+[\s)]*)+")


# A short answer leans on its question ("-312", "It increased by 6.22%."); a long one names
# its own metrics and periods.
MAX_SENTENCES_ASKED = 2
MAX_FIGURES_ASKED = 2
_QUESTION_CUES = (
    (
        CHANGE,
        re.compile(
            r"\b(?:change|difference|increase|decrease|growth|grow|rise|fall|decline|"
            r"variance|movement)\b",
            re.IGNORECASE,
        ),
    ),
    (COMPOUND, re.compile(r"\b(?:compound(?:ed)?\s+annual|cagr)\b", re.IGNORECASE)),
    (AVERAGE, re.compile(r"\b(?:average|mean)\b", re.IGNORECASE)),
    (SUM, re.compile(r"\b(?:sum|combined|together|aggregate)\b", re.IGNORECASE)),
    (SHARE, re.compile(r"\b(?:proportion|percentage\s+of|share\s+of|portion)\b", re.IGNORECASE)),
    (RATIO_CUE, re.compile(r"\bratio\b", re.IGNORECASE)),
)
# Ratios that are one metric's name, which a question asks for as it asks for revenue.
_NAMED_RATIO = re.compile(
    r"\b(?:combined|loss|expense|current|quick|payout|efficiency|leverage|solvency|"
    r"(?:cet|tier)\s?1(?:\s+capital)?|total\s+capital|debt[- ]to[- ]equity|"
    r"loan[- ]to[- ](?:value|deposit)|price[- ]to[- ]earnings|p/e|cash\s+conversion)\s+ratio\b",
    re.IGNORECASE,
)
_QUESTION_WORDS = re.compile(
    r"\b(?:what|which|how|much|many|was|were|is|are|the|in|of|for|from|to|between|and|"
    r"percentage|change|difference|average|total|ratio|proportion|did|does|do)\b",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=256)
def question_periods(question: str) -> tuple[str, ...]:
    """The periods a question names, in order (read once for every rule that asks)."""
    asked, _marks = extract_document(question[:MAX_QUESTION_CHARS])
    return tuple(c.period for c in asked if c.kind == DATE and not c.nested and c.period)


def _in_the_question_s_terms(readings: list[Reading], question: str) -> list[Reading]:
    """Each figure with no metric, periods or arithmetic of its own takes the question's."""
    periods = question_periods(question)
    # "What was the combined ratio in 2024?": a ratio the name of one metric, no arithmetic
    plain = _NAMED_RATIO.sub(" ", question)
    cues = frozenset(cue for cue, pattern in _QUESTION_CUES if pattern.search(plain))
    if SUM in cues and CHANGE in cues:
        cues = cues - {SUM}  # "the change in total revenue": a change, not a sum
    words = labels.label_words(
        _QUESTION_WORDS.sub(" ", _RATE_NAMES.sub(" ", question[:MAX_QUESTION_CHARS]))
    )
    from_to = _FROM_TO.search(question) is not None
    if cues & {SUM, AVERAGE} and CHANGE not in cues:
        periods = _every_year_of_a_span(question, periods)
    percent_asked = _PERCENT_ASKED.search(question) is not None
    out = []
    for r in readings:
        claim = r.claim
        if (
            claim.kind == DATE
            or claim.nested
            or "operand" in claim.qualifiers
            or claim.label_words
            or not words
        ):
            out.append(r)  # a figure that names its own metric reads as it stands
            continue
        changes: dict = {"claim": replace_claim(claim, label_words=words)}
        if claim.kind == NUMBER and not claim.unit and percent_asked:
            # "17.22" answering "What was the percentage change in services revenue?": a
            # percentage, its sign written or not.
            changes["claim"] = replace_claim(changes["claim"], kind=PERCENT, unit="%")
        if len(set(periods)) == 1 and not cues and not r.cues and not claim.period:
            changes["asked_period"] = periods[0]
        if not r.periods and periods:
            # The periods its arithmetic runs over; the figure's own period stays unsaid.
            changes["periods"] = periods
            changes["from_to"] = from_to
        if not r.cues and cues:
            changes["cues"] = cues
            if CHANGE in cues and not r.direction and claim.value:
                # A bare figure answering "what was the change" says which way by its sign.
                changes["direction"] = 1 if claim.value > 0 else -1
        out.append(replace(r, **changes))
    return out


MAX_QUESTION_CHARS = 2_000
# A span of years: "from 2021 to 2023", "between FY2021 and FY2023", "2021-2023",
# "2021 through 2023".
_YEAR_SPAN = re.compile(
    r"\b(?:from|between)\s+(?:fiscal\s+(?:year\s+)?|FY\s?)?((?:19|20)[0-9]{2})\s+(?:to|and|through)\s+"
    r"(?:fiscal\s+(?:year\s+)?|FY\s?)?((?:19|20)[0-9]{2})\b"
    r"|\b((?:19|20)[0-9]{2})\s*(?:[-–]|\s+through\s+)\s*((?:19|20)[0-9]{2})\b",
    re.IGNORECASE,
)
MAX_SPAN_YEARS = 12


def _every_year_of_a_span(question: str, periods: tuple[str, ...]) -> tuple[str, ...]:
    """The years a sum or an average over a span of years runs over: every year from the
    first to the last ("the average total revenues from 2021 to 2023" is over 2021, 2022
    and 2023), where the question names just the span's two ends."""
    if len(set(periods)) != 2:
        return periods
    found = _YEAR_SPAN.search(question)
    if found is None:
        return periods
    first, last = (int(y) for y in found.groups() if y)
    if {str(first), str(last)} != set(periods) or not 1 < last - first <= MAX_SPAN_YEARS:
        return periods
    return tuple(str(year) for year in range(first, last + 1))


_PERCENT_ASKED = re.compile(r"\b(?:percentage|percent)\b|%", re.IGNORECASE)
# "versus 42.6% a year earlier", "against $1.2 billion in the prior-year period": the figure
# is the same span of time a year before the one its sentence just named.
_A_YEAR_EARLIER_AFTER = re.compile(
    r"[ \t]*(?:\)[ \t]*)?(?:,[ \t]*)?(?:(?:a|one)[ \t]+year[ \t]+(?:earlier|ago|before)|"
    r"(?:in|for)[ \t]+the[ \t]+(?:prior|previous)[- ]year(?:[ \t]+(?:period|quarter))?)\b",
    re.IGNORECASE,
)


# "; a year earlier the ratio was 15.2%": a clause that opens on the same words.
_A_YEAR_EARLIER_BEFORE = re.compile(
    r"(?:[;,:]|\b(?:and|while|whereas|but))[ \t]+(?:(?:a|one)[ \t]+year[ \t]+(?:earlier|ago|before)|"
    r"(?:in|for)[ \t]+the[ \t]+(?:prior|previous)[- ]year(?:[ \t]+(?:period|quarter))?),?"
    r"[ \t]+[^0-9;:.,\n]{0,40}\Z",
    re.IGNORECASE,
)


def _a_year_earlier(text: str, readings: list[Reading]) -> list[Reading]:
    """A figure with no period of its own followed by "a year earlier", or in a clause that
    opens on it ("; a year earlier the ratio was 15.2%"), takes the period a year before
    the last period given to a figure before it in its sentence ("44.7% for the nine
    months ended September 28, 2024 versus 42.6% a year earlier": 9M 2023-09)."""
    out: list[Reading] = []
    for r in readings:
        claim = r.claim
        if (
            claim.kind != DATE
            and not claim.nested
            and not claim.period
            and (
                _A_YEAR_EARLIER_AFTER.match(text, claim.end)
                or _A_YEAR_EARLIER_BEFORE.search(text, max(0, claim.start - 90), claim.start)
            )
        ):
            before = next(
                (
                    o.claim.period
                    for o in reversed(out)
                    if o.sentence == r.sentence and o.claim.kind != DATE and o.claim.period
                ),
                "",
            )
            earlier = lx.year_before(before) if before else ""
            if earlier:
                r = replace(r, claim=replace_claim(claim, period=earlier))
        out.append(r)
    return out


# "SG&A grew faster than net sales in the quarter (6.2% versus 4.2%)": the two figures in
# the brackets, in the order of the two things compared.
_COMPARED_IN_BRACKETS = re.compile(
    r"(?P<a>[A-Za-z][A-Za-z&'’ -]{0,50}?)\s+(?:grew|rose|increased|climbed|fell|declined|"
    r"dropped|expanded|contracted|was|were|came\s+in)\s+(?:(?:much|a\s+bit|slightly|far)\s+)?"
    r"(?:faster|slower|more|less|higher|lower|ahead)\s+(?:than|of)\s+(?P<b>[A-Za-z][A-Za-z&'’ -]{0,50}?)"
    r"(?:\s+(?:in|for|during|over)\s+[^()\n.;]{0,30}?)?\s*\(\s*",
    re.IGNORECASE,
)
_VERSUS = re.compile(r"\s*(?:versus|vs\.?|against|compared\s+with|and)\s*", re.IGNORECASE)


def _compared_in_brackets(text: str, readings: list[Reading]) -> list[Reading]:
    """ "A grew faster than B (x versus y)": x is A's figure, y is B's, whatever words
    stand nearest each."""
    out = list(readings)
    by_start = {r.claim.start: k for k, r in enumerate(out)}
    for m in _COMPARED_IN_BRACKETS.finditer(text):
        first = by_start.get(m.end())
        if first is None or first + 1 >= len(out):
            continue
        second = first + 1
        between = text[out[first].claim.end : out[second].claim.start]
        if not _VERSUS.fullmatch(between):
            continue
        for k, words in ((first, m.group("a")), (second, m.group("b"))):
            label = labels.label_words(words)
            if label:
                out[k] = replace(out[k], claim=replace_claim(out[k].claim, label_words=label))
    return out


# "$12.6 of sales per dollar of net fixed assets", "$0.59 in expenses for every dollar of
# revenue": money over money, a ratio (not "Bs 6.96 per dollar", an exchange rate).
_PER_DOLLAR_AFTER = re.compile(
    r"\*{0,2}\s+(?:of|in)\s+(?:[A-Za-z][A-Za-z&'’-]*\s+){1,4}"
    r"(?:per|for\s+(?:each|every)|on\s+(?:each|every))\s+(?:single\s+)?dollar\b",
    re.IGNORECASE,
)


def _per_dollar_of(text: str, readings: list[Reading]) -> list[Reading]:
    """An amount of money per dollar of another line is their ratio: "$12.6 of sales per
    dollar of net fixed assets" after a turnover of 12.59x."""
    out: list[Reading] = []
    for r in readings:
        claim = r.claim
        if claim.kind == CURRENCY and claim.scale == 1 and _PER_DOLLAR_AFTER.match(text, claim.end):
            r = replace(r, claim=replace_claim(claim, kind=RATIO, unit=""))
        out.append(r)
    return out


# "... and 61.8% of net sales for the first nine months.": the span the figure's clause
# gives it after it, with no year of its own (nor "ended" and a date, which the number
# reader takes).
_FIRST_MONTHS_AFTER = re.compile(
    r"[^.;:!?\n]{0,60}?\b(?:for|in|during|over)\s+the\s+first\s+nine\s+months\b"
    r"(?!\s+(?:of|ended|ending)\b|\s*(?:,\s*)?(?:19|20)[0-9]{2})",
    re.IGNORECASE,
)


def _first_months_after(text: str, readings: list[Reading]) -> list[Reading]:
    """A figure followed in its clause by "for the first nine months" (no year) is of the
    first nine months of the year its sentence gives: "about 62% of third-quarter 2024 net
    sales and 61.8% of net sales for the first nine months" (9M 2024, not Q3 2024)."""
    out: list[Reading] = []
    for r in readings:
        claim = r.claim
        found = (
            _FIRST_MONTHS_AFTER.match(text, claim.end)
            if claim.kind != DATE and not claim.nested
            else None
        )
        if found is not None and not any(
            o.claim.start > claim.end and o.claim.start < found.end() for o in readings
        ):
            year = lx.period_year(claim.period) or next(
                (
                    lx.period_year(o.claim.period)
                    for o in reversed(out)
                    if o.sentence == r.sentence and lx.period_year(o.claim.period)
                ),
                "",
            )
            if year:
                r = replace(r, claim=replace_claim(claim, period=f"9M {year}"))
        out.append(r)
    return out


# Words that put a figure in some span of time other than the one a question asks
# ("for the six months", "year to date", "in the prior year").
_OTHER_SPAN = re.compile(
    r"\b(?:months?|weeks?|half|halves|ytd|year[- ]to[- ]date|prior|previous|last|earlier|"
    r"annual(?:ly|ized)?|full[- ]year|fiscal|cumulative|since|through|trailing|ttm|ago|"
    r"sequential(?:ly)?|guidance|outlook|expects?|forecast|projected|years|"
    # ... or beside a figure of another period: "up from $169.5 million", "vs. $11,620K"
    r"from|vs|versus|compared|against|than)\b",
    re.IGNORECASE,
)


def _in_the_period_asked(
    readings: list[Reading], question: str, text: str, sentences: list[tuple[int, int]]
) -> list[Reading]:
    """A figure naming its metric but no period, in a sentence that names none ("Net income
    for the quarter was $66.7 million" answering "What were Q2 2025 product sales and net
    income?"), is the figure of the one period the question asks, if it asks one and no
    arithmetic."""
    periods = set(question_periods(question))
    if len(periods) != 1 or any(p.search(question) for cue, p in _QUESTION_CUES if cue != SHARE):
        return readings
    (period,) = periods
    # "What proportion of the total assets measured at fair value was classified as Level 3
    # as at 31 December 2023?" answered "1,481,560 / 2,141,815 = 69.17%": a share at one
    # date is of that date's figures, so the operands the answer copies are that period's;
    # as is the answer's first figure when nothing names it ("NT$38,180 thousand, with a
    # loss rate of 15.0%" answering "What was the gross carrying amount ... at December 31,
    # 2023 ...?").
    share_asked = any(p.search(question) for cue, p in _QUESTION_CUES if cue == SHARE)
    first = (
        next((r.index for r in readings if r.claim.kind != DATE and not r.claim.nested), -1)
        if not share_asked and not _WORKING_SIGNS.search(text)
        else -1
    )
    out = []
    for r in readings:
        claim = r.claim
        s_start, s_end = sentences[r.sentence]
        if (
            claim.kind != DATE
            and not claim.nested
            and (
                (claim.label_words and not share_asked)
                or ("operand" in claim.qualifiers and share_asked)
                or r.index == first
            )
            and not claim.period
            and not r.periods
            and not r.cues
            and not r.asked_period
            and not r.base
            and not _OTHER_SPAN.search(text, s_start, s_end)
        ):
            r = replace(r, asked_period=period)
        out.append(r)
    return out


_WORKING_SIGNS = re.compile(r"[=≈÷×]")


# The name of the arithmetic a question asks for, which names no metric.
_RATE_NAMES = re.compile(
    r"\b(?:compound(?:ed)?\s+annual\s+growth\s+rate|cagr|annual\s+growth\s+rate|growth\s+rate)\b",
    re.IGNORECASE,
)


# Between an equals sign and the figure it gives: "= C$508 thousand", "≈ 7.9%", "= **7.9%".
# The working in parentheses after a figure, right after it or past a few plain words of its
# own ("roughly $207 more a year ($318,000 × 0.65 / 1,000)").
_WORKING_AFTER = re.compile(
    r"(?:\s?(?:thousand|million|billion|trillion))?((?:\s+[A-Za-z]+(?:-[A-Za-z]+)*){1,6})? ?\("
)
_SUM_IN_BRACKETS_AFTER = re.compile(
    r"(?:\s?(?:thousand|million|billion|trillion))?\s?\(((?:\s*[$£€¥]?[0-9][0-9,.]*\s*[-+−–])+"
    r"\s*[$£€¥]?[0-9][0-9,.]*\s*)\)"
)
# Working that opens on an operator, and a result a step of working gives ("= £1,095").
_OPENS_ON_AN_OPERATOR = re.compile(r"\s*[-+−–]\s*[$£€¥]?\s*[0-9]")
_A_RESULT = re.compile(r"[=→]\s*[*_]*\s*[$£€¥]?\s*([0-9][0-9,]*(?:\.[0-9]+)?)")
_CELL_RESULT_AFTER = re.compile(r"[ \t]*\|[ \t*_]*(≈|~|about |approx\.? )?[ \t*_]*")
_RESULT_AFTER = re.compile(
    r"[\s*_]*(?:about|approximately|roughly|approx\.?|~)?[\s*_]*"
    # a currency the number reader leaves out: "= RO 34.85", "= S/ 11,206.75", "≈ B/. 23.06"
    r"(?:[A-Z][A-Za-z]{0,3}\.?[ \t]?|[A-Z]/\.?[ \t]?)?"
)
_RANGE_DASH = re.compile(r"\s*[-–—]\s*")
# Verbs that link a subject to its figure: a direction word before one of these belongs to
# the subject's name ("actuarial gains (losses) was $0.5 million"), not to the figure.
_COPULAS = frozenset(
    {
        "was",
        "were",
        "is",
        "are",
        "be",
        "been",
        "totaled",
        "totalled",
        "reached",
        "stood",
        "came",
        "amounted",
        "equaled",
        "represented",
    }
)


# Nouns that say the figure is a change, wherever they stand: "revenue growth was 7.74%".
_CHANGE_NOUNS = {
    "growth": 1,
    "increase": 1,
    "rise": 1,
    "decrease": -1,
    "decline": -1,
    "drop": -1,
    "reduction": -1,
    "fall": -1,
}


def _direction(before: list[str], after: list[str]) -> int:
    if after[:1] and after[0] in _RISE_AFTER | _FALL_AFTER:
        # "less than the 5.1% growth in enrollment": the noun right after a figure says
        # which way it went, whatever compares it before.
        return 1 if after[0] in _RISE_AFTER else -1
    if after[:1] and after[0] in _COMPARATIVES and any(w in _COPULAS for w in before[-2:]):
        # "The approved $118.6 million increase is $85.7 million less than the $204.3
        # million requested": after a copula the comparative says which way, not the
        # subject's noun of change.
        return 1 if after[0] in _RISE or after[0] == "above" else -1
    linked = False
    for k in range(len(before) - 1, -1, -1):
        word = before[k]
        if word in _COPULAS:
            linked = True  # beyond the verb only a noun of change counts
            continue
        if linked:
            if word in _CHANGE_NOUNS:
                return _CHANGE_NOUNS[word]
            continue
        if word in _DEGREE and _a_verb_of_change_before(before[:k]):
            continue  # "fell even more, about 28.4%": how far, the verb says which way
        if word in _RISE:
            return 1
        if word in _FALL:
            return -1
    # After the figure only a comparative says which way: "48.92 higher", "$825 million lower",
    # or a noun of change right after it: "a 45 basis point decline", "a 12% increase".
    for word in after:
        if word in _COMPARATIVES:
            return 1 if word in _RISE or word == "above" else -1
    if after[:1] and after[0] in _RISE_AFTER:
        return 1
    if after[:1] and after[0] in _FALL_AFTER:
        return -1
    return 0


# Comparatives that after a verb of change say by how much, not which way.
_DEGREE = frozenset({"more", "less"})
_INTENSIFIERS = frozenset({"even", "much", "far", "still", "slightly", "somewhat", "a", "bit"})


def _a_verb_of_change_before(words: list[str]) -> bool:
    """The words end on a verb of change, intensifiers aside: "fell even", "rose"."""
    for word in reversed(words[-3:]):
        if word in _INTENSIFIERS:
            continue
        return word in _RISE | _FALL and word not in _DEGREE | _COMPARATIVES
    return False


# Nouns of change a figure can stand before. "gain" is left out: "a $3 million gain on the
# sale" is an amount, not a change.
_RISE_AFTER = frozenset({"increase", "rise", "jump", "expansion", "growth"})
_FALL_AFTER = frozenset({"decrease", "decline", "drop", "reduction", "fall", "contraction"})
_CHANGE_AFTER = frozenset({"change", "swing", "improvement", "deterioration"})
# A noun of change a few words of the line's name after an amount (no article, verb or
# comparison between): "$66.4 million total net sales increase".
_CHANGE_NOUN_LATER = re.compile(
    r"\*{0,2}\s+(?:(?!(?:than|a|an|the|to|from|for|of|was|is|were|are|and|or|with|by)\s)"
    r"[A-Za-z][A-Za-z&'’-]*\s+){1,3}(increase|rise|jump|expansion|growth|decrease|decline|"
    r"drop|reduction|fall|contraction)\b",
    re.IGNORECASE,
)
# Words after a multiple that name no line it is a multiple of: "1.39x in 2024", "2.1x
# at year end".
_NOT_A_LINE = frozenset(
    {"in", "at", "on", "for", "as", "and", "or", "the", "a", "an", "by", "from"}
)
# Verbs that put a multiple of another line after them: "covers 3.34x revenue".
_COVER_VERBS = frozenset({"covers", "covered", "cover", "covering", "represents", "represented"})
_ARTICLES = frozenset({"the", "a", "an", "its", "their", "our"})
# Verbs of change that a rate follows with "at": "grew at 8%" (not "stood at 8%").
_RATE_VERBS = frozenset(
    {
        "grew",
        "grow",
        "grows",
        "growing",
        "expanded",
        "expanding",
        "increased",
        "increasing",
        "declined",
        "declining",
        "decreased",
        "decreasing",
        "contracted",
        "contracting",
        "shrank",
        "shrinking",
    }
)


_RATIO_OF = re.compile(
    r"\bratio\s+of\s+(.{2,120}?)\s+to\s+(.{2,120}?)(?:\s+(?:in|for|at|was|is|were|stood)\b.*)?\s*\Z",
    re.IGNORECASE,
)
_EXCEEDED_VERB = re.compile(r"exceed|surpass|outpac|trail|lag|beat|topp?(?:ed|s)\b|eclips")
_EXCEEDED = re.compile(
    r"(.{2,120}?)\b(exceed(?:ed|s)?|surpass(?:ed|es)?|outpac(?:ed|es)|trail(?:ed|s)?|lagged|lags"
    r"|beat(?:s)?|top(?:ped|s)|eclips(?:ed|es))\s+"
    r"(.{2,120}?)\s+by\s*\Z",
    re.IGNORECASE,
)
_ANOTHER_PART = re.compile(r"\b(?:but|and|to|then|while|yet)\s|;", re.IGNORECASE)
_ARITHMETIC_NOUNS = frozenset({"sum", "combined", "together", "altogether"})
_AVERAGE_OF = (["average", "of"], ["mean", "of"], ["midpoint", "of"], ["averaged"])
# "$35 → $40", "35 -> 40": an arrow from one figure to the next.
_ARROW_TO_A_FIGURE = re.compile(r"[*_]{0,2}\s*(?:→|->|⟶|➡️?|=>)\s*[*_]{0,2}\s*[-+−]?[$€£¥]?\s?[0-9]")
# A span of several periods an average or a sum is taken over: "over the two years",
# "across the last three quarters", "for both years".
_OVER_THE_PERIODS = re.compile(
    r"\b(?:over|across|for|in)\s+(?:the\s+)?(?:(?:two|three|four|five|six|[2-9]|last|past)\s+)"
    r"(?:(?:fiscal|financial|calendar)\s+)?(?:years|quarters|periods|halves)\b|\bboth\s+years\b",
    re.IGNORECASE,
)
# Nouns and adverbs that name a derivation wherever they stand in the clause.
_CLAUSE_CUES = {
    CHANGE: frozenset({"difference", "change", "surprise", "beat", "miss", "missed"}),
    SUM: frozenset({"combined", "together", "sum", "altogether", "aggregate"}),
    AVERAGE: frozenset({"average", "averaged", "mean", "midpoint", "mid-point"}),
}


def _cues(
    claim: Claim,
    window: list[str],
    adjacent: list[str],
    before: list[str],
    after: list[str],
    direction: int,
) -> frozenset[str]:
    near_before = set(before[-6:])
    near_after = set(after[:3])
    clause = set(window)
    cues: set[str] = {cue for cue, words in _CLAUSE_CUES.items() if clause & words}
    # The word right before the figure, dates aside: "rose to $5.2 billion" is a level.
    last = adjacent
    level = bool(last) and last[-1] in ("to", "from", "at")
    if len(last) == 2 and last[0] in ("than", "from") and last[1] in _ARTICLES:
        level = True  # "56.2% more than the 12.1 million tonnes": the base compared with
    if len(last) == 2 and last[1] == "than" and last[0] in ("more", "less", "fewer"):
        # "More than 612,000 panels": a bound on the figure itself (or, after a change,
        # its base: "8.6% more than 3.15 million"), never a change.
        level = True
    if level and last[-1] == "at" and claim.kind == PERCENT and set(before[-3:-1]) & _RATE_VERBS:
        level = False  # "grew at 8%", "Beverages growing fastest at 37.0%": a rate of change
    if claim.kind in (PERCENTAGE_POINTS, BPS) and last in (["gain", "of"], ["loss", "of"]):
        # "a gain of 2.27 percentage points": a change in points, up or down
        direction = direction or (1 if last[0] == "gain" else -1)
    elif len(last) == 2 and last[-1] == "of" and last[-2] not in _RISE | _FALL | _CHANGE_WORDS:
        level = True  # "revenue of $5 billion", not "an increase of"
    if after[:1] and after[0] in _RISE_AFTER | _FALL_AFTER:
        level = False  # "than the 5.1% growth in enrollment": a change compared, not a base
    changed = direction or near_before & _CHANGE_WORDS or (after[:1] and after[0] in _CHANGE_AFTER)
    if changed and not level:
        cues.add(CHANGE)
    if after[:1] == ["than"] or (after[1:2] == ["than"] and after[0] in _RISE | _FALL):
        cues.add(COMPARISON)
    if after[:1] in (["above"], ["below"]) and not (set(after[1:2]) & _AVERAGE_WORDS):
        cues.add(COMPARISON)  # "roughly 2.4% above 2026 Core FFO"
    if near_before & _SUM_WORDS or before[-3:] in (["a", "total", "of"], ["the", "total", "of"]):
        cues.add(SUM)
    if after[:2] == ["in", "total"] or after[:2] == ["in", "all"]:
        cues.add(SUM)
    if (
        (CHANGE in cues or claim.kind in (PERCENTAGE_POINTS, BPS))
        and claim.kind in (PERCENT, PERCENTAGE_POINTS, BPS)
        and _QUARTER_AGO.search(" ".join(after[:5]))
    ):
        # "and 5 basis points from the linked quarter": a change from the quarter before.
        cues.update((QUARTER_AGO, CHANGE))
    elif (
        CHANGE in cues
        and claim.kind in (PERCENT, PERCENTAGE_POINTS, BPS)
        and _YEAR_AGO.search(" ".join([*before[-4:], "|", *after[:7]]))
    ):
        # "widened 24 basis points year over year to 3.42% in Q1 2024": from Q1 2023,
        # whatever other period the sentence names ("and 7 basis points from Q4 2023").
        cues.add(YEAR_AGO)
    if claim.kind == PERCENT and CHANGE in cues and _per_year_after(after):
        # "have risen about 10.0% a year since fiscal 2021": growth per year, compounded
        cues.add(COMPOUND)
    if claim.kind == PERCENT and (clause | near_after) & _COMPOUND_WORDS:
        # "a compound annual growth rate of about 12.0%", "a 12.0% CAGR": growth per year,
        # compounded over the years between the two values.
        cues.update((COMPOUND, CHANGE))
    # After the figure only right after it: "$2.63 has a midpoint of $2.59" is a range's end.
    if (near_before | set(after[:1])) & _AVERAGE_WORDS and not _names_an_average_metric(
        before, after
    ):
        cues.add(AVERAGE)
    if AVERAGE in cues and CHANGE in cues and _averages_name_a_measure(window):
        # "The average ammonia price per ton fell about 25.6%": a change of a metric named
        # average, not an average of the sentence's figures.
        cues.discard(AVERAGE)
    if AVERAGE in cues and (clause | near_before) & _MIDPOINT_WORDS:
        cues.add(MIDPOINT)
    # "2.25 times its level in 2017", "2.37 times jersey city": a ratio the answer computed.
    # A ratio stated as a metric ("a current ratio of 2.1x", "DSCR 1.25") is not one.
    times = after[:1] == ["times"] or (claim.kind == RATIO and claim.text.lower().endswith("times"))
    following = after[1:2] if after[:1] == ["times"] else after[:1]
    if (
        not times
        and claim.kind == RATIO
        and claim.text[-1:] in "xX×"
        and after[:1]
        and (
            set(near_before) & _COVER_VERBS
            # "Operating cash flow was 1.39x net income": after a copula too
            or (adjacent[-1:] and adjacent[-1] in _COPULAS and after[0] not in _NOT_A_LINE)
        )
    ):
        # "backlog of $4,312,600K covers about 3.34x 2024 revenue": a multiple of the line
        # named after it, as "times" would say.
        times, following = True, after[:1]
    if times and following and following[0] not in ("interest", "coverage", "earnings"):
        cues.add(RATIO_CUE)
    if claim.kind == NUMBER and "ratio" in near_before and claim.value < 1000:
        # "the book-to-bill ratio was about 1.07": a bare number called a ratio is one,
        # of whichever two figures give it.
        cues.add(RATIO_CUE)
    if claim.kind == PERCENT and (after[:1] == ["of"] or _names_a_share(before[-6:])):
        cues.add(SHARE)
        if adjacent[-1:] == ["or"] and after[:1] == ["of"]:
            # "27,665 EVs, up 38.9%, or 39.4% of deliveries": the share the figure is of
            # its whole, after a change of it
            cues.discard(CHANGE)
    if claim.text[:1] in "+-−" and claim.kind in _RATES:
        cues.add(CHANGE)  # "(+10.6%)", "(-8.3%)": a signed rate is a change
    if (
        after[:1] == ["annualized"]
        or after[:4] in (["on", "an", "annualized", "basis"], ["at", "an", "annual", "rate"])
        or adjacent[-1:] == ["annualized"]
    ):
        cues.add(ANNUALIZED)
    return frozenset(cues)


# Metrics whose name starts with "average": "a $247.60 average daily rate" states one.
_AVERAGE_METRICS = frozenset(
    tuple(phrase.split(" ")[1:3])
    for phrase in lx.folded_phrases()
    if phrase.startswith("average ") and phrase.count(" ") >= 2
)


# What an average of a unit measures: "average selling price", "average cost per MMBtu".
_AVERAGED_MEASURES = frozenset(
    {"price", "prices", "cost", "costs", "fare", "fares", "wage", "wages", "salary"}
    | {"salaries", "balance", "balances", "selling", "realized", "realised", "per"}
)


def _averages_name_a_measure(words: list[str]) -> bool:
    """Every average word of the clause is "average" naming a unit measure within three
    words ("average ammonia price per ton"), not "the average of" or "averaged"."""
    found = False
    for i, word in enumerate(words):
        if word in _AVERAGE_WORDS:
            ahead = words[i + 1 : i + 4]
            if word != "average" or ahead[:1] == ["of"] or not set(ahead) & _AVERAGED_MEASURES:
                return False
            found = True
    return found


def _names_an_average_metric(before: list[str], after: list[str]) -> bool:
    for words in (before[-6:], after[:4]):
        for i, word in enumerate(words):
            if word == "average" and tuple(words[i + 1 : i + 3]) in _AVERAGE_METRICS:
                return True
    return False


_OTHER_SIDE = re.compile(
    r"\s*(?:(?:(?:higher|lower|more|less|greater|smaller|above|below)\s+)?"
    r"(?:than|of|times|compared\s+with|versus|vs\.?)|above|below)\s+(?:the\s+|its\s+|their\s+)?"
    r"((?:[^,;.()$€£0-9]|[0-9]{4}|Q[1-4]|FY)[^,;()$€£]{1,119}?)(?=[,;()$€£]|\.(?:\s|\Z)|\Z|\s+(?:of|at|in)\s+[$€£0-9])",
    re.IGNORECASE,
)
_OTHER_SIDE_CUES = frozenset({SHARE, RATIO_CUE, COMPARISON})


def _other_label(claim: Claim, after: str, cues: frozenset[str]) -> frozenset[str]:
    """The other side named after a claim: "of fair value in 2009", "than beginning balance"."""
    if not cues & _OTHER_SIDE_CUES:
        return frozenset()  # only a share, a ratio or a comparison has another side
    if claim.kind == RATIO and (claim.text.lower().endswith("times") or claim.text[-1:] in "xX×"):
        # "7.9 times 2023 adjusted EBITDA", "**3.34x** 2024 revenue": the word is the figure's
        after = " times " + after.lstrip(" *_")
    match = _OTHER_SIDE.match(after)
    if not match:
        return frozenset()
    return labels.label_words(match.group(1))


# A list item that leaves its verb out: ", Europe for", "and Asia Pacific for".
# A table row whose label is one word that is also an operator: "| Plus |", "| **Plus** |".
_NAMED_LIKE_AN_OPERATOR = re.compile(r"\s*\|?\s*\**(?:Plus|Minus|Less|Net)\**\s*\|", re.IGNORECASE)
# A rate right after the amount of a change, restating it: ", or ", "**, or **".
_OR_ITS_RATE = re.compile(r"\**\s*,\s*or\s+\**")
# The later item of a list of changes with its verb left out: ", and UAN about ", " while
# Europe roughly ", ", the urea price about ": a name of one to three words (capitalised, or
# after "the"), perhaps hedged, and nothing else.
_ELIDED_CHANGE = re.compile(
    r"\s*(?:,\s*(?:(?:and|while|but)\s+)?|\s(?:and|while|with|but)\s+)"
    r"(?:the\s+(?!(?:year|quarter|period|prior|previous|same)\b)[A-Za-z][\w&.'-]*"
    r"|(?!(?:Q[1-4]|H[12]|FY)\b)[A-Z][\w&.'-]*)"
    r"(?:\s+[A-Za-z][\w&.'-]*){0,2}?\s+"
    r"(?:(?:about|roughly|around|nearly|almost|approximately|some|by)\s+)?"
)
_ELIDED_VERB = re.compile(r"^\s*,?\s*(?:and\s+)?[A-Za-z][\w .&'-]{0,40}?\s+(?:for|at)\s*$")


_SPAN_OF_TIME = re.compile(
    r"[ -]?(?:weeks?|days?|months?|years?|quarters?|hours?)\b", re.IGNORECASE
)


# "Morgan County and the City of Decatur together contribute": two names summed.
_NAMED_TOGETHER = re.compile(
    r"\b((?:[A-Z][\w&'’.-]*\s+){0,3}[A-Z][\w&'’.-]*)\s+and\s+(?:the\s+)?"
    r"((?:[A-Z][\w&'’.-]*\s+)(?:(?:of|de|du)\s+)?(?:[A-Z][\w&'’.-]*\s+){0,2}?)(?:together|combined)\b"
)


_NAMES_A_RATIO = re.compile(r"\b(?:ratio|turnover|multiple|coverage)\b", re.IGNORECASE)


def _with_answer_caption(text: str, claims: list[Claim]) -> list[Claim]:
    """An answer that states its own scale ("the following figures (in millions): $4,835")
    has the bare figures after it read at that scale."""
    # Every caption names one of the scale words: a quick test, sure for ASCII text.
    lowered = text.lower()
    if text.isascii() and not any(word in lowered for word in _CAPTION_SCALES):
        return claims
    captions = list(_ANSWER_CAPTION.finditer(text))
    # The answer's table cells, read once, when a caption may sit in a table row.
    cells = tables.find_tables(text).cells if captions and ("|" in text or "\t" in text) else []
    found = [m for m in captions if not _row_label_unit(text, m, cells)]
    if not found:
        return claims
    out = []
    for claim in claims:
        caption = None
        for m in found:
            if m.start() <= claim.start or (0 <= m.start() - claim.end <= 3):
                caption = m
        if (
            caption is not None
            and claim.kind == NUMBER
            and _NAMES_A_RATIO.search(
                text, max(caption.end(), text.rfind("\n", 0, claim.start)), claim.start
            )
        ):
            # "(in thousands):" over the amounts, then "Quick ratio = ... ≈ 1.05": a ratio
            # has no scale.
            caption = None
        if (
            caption is None
            or claim.kind not in _AMOUNT_KINDS
            or claim.scale != 1
            or claim.kind == DATE
            or claim.label in lx.PER_SHARE_LABELS  # "(C$ millions)" does not scale EPS
            or _SPAN_OF_TIME.match(text, claim.end)  # nor "53 weeks"
        ):
            out.append(claim)
            continue
        scale = _CAPTION_SCALES[(caption.group(1) or caption.group(2)).lower()]
        out.append(
            replace(
                claim,
                value=claim.value * scale,
                precision=(claim.precision or Decimal(1)) * scale,
                scale=scale,
                scale_origin=INHERITED,
            )
        )
    return out


def _row_label_unit(text: str, caption: re.Match, cells: list[tables.Cell]) -> bool:
    """A caption inside the label of a table row with figures ("| RMR (in thousands) |
    $57,893 |") states that row's unit, which the table reads, not the answer's."""
    line_end = text.find("\n", caption.end())
    if line_end < 0:
        line_end = len(text)
    row = text[caption.end() : line_end]
    if "|" not in row and "\t" not in row:
        return False
    return any(caption.end() <= cell.start < line_end for cell in cells)


def periods_in_order(periods: tuple[str, ...]) -> list[str]:
    """The distinct periods, earliest first."""
    seen = []
    for period in periods:
        if period and period not in seen:
            seen.append(period)
    return sorted(seen, key=_period_sort_key)


def _period_sort_key(period: str) -> tuple[str, str]:
    year = lx.period_year(period)
    return (year or "9999", period)


__all__ = ["AnswerReading", "Reading", "read_answer"]


# ------------------------------------------------------------------ formulas in words

MINUS = "minus"
PLUS = "plus"
OVER = "over"
_WORDED_OPERATORS = {
    "less": MINUS,
    "minus": MINUS,
    "net of": MINUS,
    "plus": PLUS,
    "divided by": OVER,
    "as a percentage of": OVER,
    "as a share of": OVER,
    "as a percent of": OVER,
    "÷": OVER,  # "(income tax expense ÷ income before income taxes)"
}
# Words of bounded length, each starting a word: the scan stays linear on any text.
_OPERAND_WORDS = r"[A-Za-z][A-Za-z&'’/-]{0,30}(?:[ ][A-Za-z][A-Za-z&'’/-]{0,30}){0,5}"
_WORDED = re.compile(
    rf"(?<![A-Za-z&'’/-])(?P<a>{_OPERAND_WORDS})\s+(?P<op>less|minus|net of|plus|divided by|"
    rf"as a (?:percentage|percent|share) of|÷)\s+(?P<b>{_OPERAND_WORDS})",
    re.IGNORECASE,
)
# "(net income over year-end total assets)": "over" divides only as a bracket's whole
# content, where it cannot be a span of time ("over the two years").
_BRACKETED_OVER = re.compile(
    rf"\((?P<a>{_OPERAND_WORDS})\s+(?:over|/)\s+(?P<b>{_OPERAND_WORDS})\)", re.IGNORECASE
)
_AVERAGE_TERM = re.compile(r"\s*(?:the\s+)?(?:average|avg\.?|mean)\s", re.IGNORECASE)
# Every operator `_WORDED` reads contains one of these (lower-case ASCII text only: under
# IGNORECASE a few other letters match too).
_WORDED_OPERATOR_HINT = re.compile(r"less|minus|net of|plus|divided by|as a ")
_DEFINING = re.compile(
    r"^(?:.*\b(?:defined as|calculated as|computed as|measured as|i\.e\.|that is|being))\s+",
    re.IGNORECASE,
)


MAX_WORDED_FORMULAS = 4  # a sentence that spells out more is no formula a claim follows


@dataclass(frozen=True, slots=True)
class WordedFormula:
    """A formula a sentence spells out over named lines: "revenue less non-interest
    expenses", "free cash flow, defined as operating cash flow less capital expenditures"."""

    operator: str  # MINUS, PLUS or OVER
    first: frozenset[str]  # label words of each operand
    second: frozenset[str]
    # An operand that is itself a sum of lines ("net interest income plus noninterest
    # income" after "divided by"): each line's sign and words; empty for one line.
    second_parts: tuple[tuple[int, frozenset[str]], ...] = ()
    first_parts: tuple[tuple[int, frozenset[str]], ...] = ()
    # An operand taken on average over the period ("cost of sales over average inventory"):
    # the mean of the line's balance at the period's end and at the end of the one before.
    first_average: bool = False
    second_average: bool = False


def worded_formulas(sentence: str) -> list[WordedFormula]:
    """The formulas a sentence writes out in words, each over two named lines.

    >>> [(f.operator, sorted(f.first), sorted(f.second)) for f in worded_formulas(
    ...     "Pre-tax earnings (revenue less non-interest expenses) were C$3.08 billion.")]
    [('minus', ['@revenue', 'revenu'], ['expens', 'interest', 'non'])]
    """
    out: list[WordedFormula] = []
    if (" over " in sentence or " / " in sentence) and "(" in sentence:
        # "(net income over year-end total assets)", "(net sales / average total assets)": a
        # quotient written out in brackets
        for found in _BRACKETED_OVER.finditer(sentence):
            a, b = labels.label_words(found.group("a")), labels.label_words(found.group("b"))
            if a and b:
                out.append(
                    WordedFormula(
                        OVER,
                        a,
                        b,
                        # "(cash plus receivables over current liabilities)"
                        _worded_parts(found.group("b")),
                        _worded_parts(found.group("a")),
                        first_average=bool(_AVERAGE_TERM.match(found.group("a"))),
                        second_average=bool(_AVERAGE_TERM.match(found.group("b"))),
                    )
                )
    if sentence.isascii() and not _WORDED_OPERATOR_HINT.search(sentence.lower()):
        return out  # no operator word for the pattern to find (the common case)
    for found in _WORDED.finditer(sentence):
        first = _DEFINING.sub("", found.group("a"))
        a, b = labels.label_words(first), labels.label_words(found.group("b"))
        if a and b:
            operator = _WORDED_OPERATORS[found.group("op").lower()]
            out.append(
                WordedFormula(
                    operator,
                    a,
                    b,
                    _worded_parts(found.group("b")),
                    _worded_parts(first),
                    first_average=bool(_AVERAGE_TERM.match(first)),
                    second_average=bool(_AVERAGE_TERM.match(found.group("b"))),
                )
            )
            if len(out) == MAX_WORDED_FORMULAS:
                break
    return out


# "net interest income plus noninterest income less noninterest expense": the lines of a sum.
_PART_SIGN = re.compile(r"\s+(plus|less|minus)\s+", re.IGNORECASE)


def _worded_parts(words: str) -> tuple[tuple[int, frozenset[str]], ...]:
    """The signed lines of an operand written as a sum of lines, or () for one line."""
    pieces = _PART_SIGN.split(words)
    if len(pieces) < 3:
        return ()
    parts = [(1, labels.label_words(pieces[0]))]
    for sign, piece in zip(pieces[1::2], pieces[2::2], strict=True):
        parts.append((1 if sign.lower() == "plus" else -1, labels.label_words(piece)))
    return tuple(parts) if all(words for _sign, words in parts) else ()


# Metrics finance defines by a formula over statement lines, each with the kinds of figure
# it names and the ways filings name its operands: a figure called by the metric's name and
# no formula of its own is tried as these ("net debt was £4,370 million" over borrowings and
# cash).
_AMOUNT = frozenset({CURRENCY, NUMBER})
_DEFINITIONS: tuple[tuple[re.Pattern[str], frozenset[str], tuple[str, ...]], ...] = (
    (
        re.compile(r"\bnet debt\b(?![\s-]*(?:to|/|÷)\b)", re.IGNORECASE),
        _AMOUNT,
        (
            "(total debt less cash and cash equivalents)",
            "(total borrowings less cash and cash equivalents)",
            "(borrowings less cash)",
        ),
    ),
    (
        re.compile(r"\bfree cash flows?\b|\bFCF\b", re.IGNORECASE),
        _AMOUNT,
        (
            "(net cash provided by operating activities less capital expenditures)",
            "(operating cash flow less purchases of property and equipment)",
        ),
    ),
    (
        re.compile(r"\bgross profit\b", re.IGNORECASE),
        _AMOUNT,
        ("(revenue less cost of sales)", "(net sales less cost of goods sold)"),
    ),
    (
        re.compile(r"\bworking capital\b", re.IGNORECASE),
        _AMOUNT,
        ("(total current assets less total current liabilities)",),
    ),
    (
        re.compile(r"\boperating (?:profit )?margin\b", re.IGNORECASE),
        frozenset({PERCENT}),
        (
            "(operating income as a percentage of revenue)",
            "(income from operations as a percentage of net sales)",
            "(operating profit as a percentage of revenue)",
        ),
    ),
    (
        re.compile(r"\b(?:adjusted )?EBITDA margin\b", re.IGNORECASE),
        frozenset({PERCENT}),
        ("(adjusted EBITDA as a percentage of revenue)", "(EBITDA as a percentage of revenue)"),
    ),
    (
        re.compile(r"\b(?:free cash flow|FCF) margin\b", re.IGNORECASE),
        frozenset({PERCENT}),
        ("(free cash flow as a percentage of revenue)",),
    ),
    (
        re.compile(r"\bgross (?:profit )?margin\b", re.IGNORECASE),
        frozenset({PERCENT}),
        ("(gross profit as a percentage of revenue)",),
    ),
    (
        re.compile(r"\bnet (?:profit |income )?margin\b", re.IGNORECASE),
        frozenset({PERCENT}),
        ("(net income as a percentage of revenue)", "(net profit as a percentage of revenue)"),
    ),
    (
        re.compile(r"\bcash conversion cycle\b|\bCCC\b", re.IGNORECASE),
        frozenset({COUNT, NUMBER}),
        ("(DSO plus DIO less DPO)",),
    ),
    (
        re.compile(
            r"\breturn on average (?:(?:shareholders|stockholders)['’]? )?equity\b|\bROAE\b",
            re.IGNORECASE,
        ),
        frozenset({PERCENT}),
        ("(net income over average shareholders' equity)", "(net income over average equity)"),
    ),
    (
        re.compile(r"\b(?:return on equity|ROE)\b", re.IGNORECASE),
        frozenset({PERCENT}),
        (
            "(net income over average shareholders' equity)",
            "(net income over shareholders' equity)",
        ),
    ),
    (
        re.compile(r"\breturn on average (?:total )?assets\b|\bROAA\b", re.IGNORECASE),
        frozenset({PERCENT}),
        ("(net income over average total assets)",),
    ),
    (
        re.compile(r"\binventory turnover\b", re.IGNORECASE),
        frozenset({RATIO, NUMBER}),
        (
            "(cost of sales over average inventories)",
            "(cost of goods sold over average inventory)",
            "(cost of revenue over average inventory)",
            "(cost of sales over inventories)",
            "(cost of goods sold over inventory)",
        ),
    ),
    (
        re.compile(r"\b(?:total )?asset turnover\b", re.IGNORECASE),
        frozenset({RATIO, NUMBER}),
        (
            "(net sales over average total assets)",
            "(revenue over average total assets)",
            "(net sales over total assets)",
            "(revenue over total assets)",
        ),
    ),
    (
        re.compile(r"\bcurrent ratio\b", re.IGNORECASE),
        frozenset({RATIO, NUMBER}),
        ("(total current assets divided by total current liabilities)",),
    ),
    (
        re.compile(r"\bdiluted (?:EPS|earnings per share)\b", re.IGNORECASE),
        _AMOUNT,
        ("(net income divided by diluted shares)",),
    ),
    (
        re.compile(r"\bbasic (?:EPS|earnings per share)\b", re.IGNORECASE),
        _AMOUNT,
        ("(net income divided by basic shares)",),
    ),
    (
        re.compile(r"\bEPS\b|\bearnings per share\b", re.IGNORECASE),
        _AMOUNT,
        ("(net income divided by diluted shares)", "(net income divided by basic shares)"),
    ),
    (
        re.compile(r"\bnet assets\b", re.IGNORECASE),
        _AMOUNT,
        (
            "(total assets less total liabilities)",
            "(current assets plus noncurrent assets less current liabilities plus noncurrent"
            " liabilities)",
        ),
    ),
)
_DEFINED: dict[int, list[WordedFormula]] = {}
_ANY_DEFINED = re.compile("|".join(name.pattern for name, _k, _d in _DEFINITIONS), re.IGNORECASE)
_FIGURE_BETWEEN = re.compile(
    r"[$€£¥]\s?\d|\d\s?%|\d(?:[.,]\d+)?\s?(?:million|billion|thousand|bn|m)\b", re.IGNORECASE
)
MAX_DEFINITION_GAP = 60  # characters between a metric's name and its figure
MAX_ASIDE_CHARS = 80
_ASIDE = re.compile(rf"\([^()0-9]{{1,{MAX_ASIDE_CHARS}}}\)")


_PER_SHARE_NAMED = re.compile(r"\s+(?:per|a)\s+(diluted\s+|basic\s+)?share\b", re.IGNORECASE)


def per_share_formulas(text: str, claim: Claim) -> tuple[str, list[WordedFormula]]:
    """Earnings per share for an amount named only by the share it is per ("roughly $2.78
    per diluted share"): net income over diluted shares (basic, as the words say), with
    the name it goes by; nothing for an amount followed by no share."""
    named = _PER_SHARE_NAMED.match(text, claim.end)
    if named is None:
        return "", []
    name = f"{(named.group(1) or '').strip()} EPS".strip()
    for number, (pattern, kinds, definitions) in enumerate(_DEFINITIONS):
        if claim.kind in kinds and pattern.fullmatch(name):
            if number not in _DEFINED:
                _DEFINED[number] = [f for d in definitions for f in worded_formulas(d)]
            return name, _DEFINED[number]
    return "", []


def defined_formulas(
    text: str, claim: Claim, kind: str | None = None
) -> tuple[str, list[WordedFormula]]:
    """The metric named right before the claim, as written, and its definitions, when the
    claim (or `kind`, when given: an amount's change in percent) is of a kind that metric
    gives.

    >>> figure = Claim(text="£4,370 million", start=13, end=27, kind=CURRENCY, value=Decimal(1))
    >>> name, formulas = defined_formulas("Net debt was £4,370 million.", figure)
    >>> name, [f.operator for f in formulas]
    ('Net debt', ['minus', 'minus', 'minus'])
    """
    before = text[max(0, claim.start - MAX_DEFINITION_GAP - MAX_ASIDE_CHARS) : claim.start]
    if "(" in before:
        # "the current ratio (which also counts inventories and prepaids) is about 2.19": an
        # aside between the name and its figure is no distance
        before = _ASIDE.sub(" ", before)
    before = before[-MAX_DEFINITION_GAP:]
    if not _ANY_DEFINED.search(before):
        return "", []  # the common case: no such metric named
    for number, (name, kinds, definitions) in enumerate(_DEFINITIONS):
        if (kind or claim.kind) not in kinds:
            continue
        names = list(name.finditer(before))
        named = names[-1] if names else None
        if named is None or _FIGURE_BETWEEN.search(before, named.end()):
            continue  # not named, or another figure stands between the name and this one
        if number not in _DEFINED:
            _DEFINED[number] = [f for d in definitions for f in worded_formulas(d)]
        return named.group(), _DEFINED[number]
    return "", []
