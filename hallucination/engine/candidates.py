"""Stage 3, find candidates: for one claim, the source values that could decide it.

Three kinds of candidate, each with the evidence a verdict will cite:

- **matches**: source values equal to the claim after normalisation, at the precision it was
  written with, under the scale rules (`value_matches`);
- **the binding**: the source values whose label and period are the claim's own (`bind`):
  what the sources state for this metric and period, if they state it;
- **derivations**: formulas over the values the claim's sentence names and the rows its
  labels point to (`derivations`): a change between two periods, a share of a whole, a
  ratio, a sum or an average.

Nothing here decides: `decide` weighs these in the order of trust.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, DivisionByZero, InvalidOperation

from . import labels
from . import lexicon as lx
from .answer import (
    ANNUALIZED,
    AVERAGE,
    CHANGE,
    COMPARISON,
    COMPOUND,
    MIDPOINT,
    QUARTER_AGO,
    RATIO_CUE,
    SHARE,
    SUM,
    YEAR_AGO,
    Reading,
)
from .sources import COMPATIBLE_FAMILIES, FAMILY, SourceIndex, norm, written_norm
from .types import (
    BPS,
    COUNT,
    CURRENCY,
    DATE,
    NUMBER,
    PERCENT,
    PERCENTAGE_POINTS,
    RATIO,
    Claim,
    quick_init,
    replace_claim,
)
from .values import at_precision, plain

_AMOUNTS = frozenset({CURRENCY, NUMBER, COUNT})
_CENT = Decimal("0.01")
THOUSANDS = tuple(Decimal(1000) ** k for k in range(1, 5))
MIN_RECALL = 0.75  # a claim binds a source label only when it names most of that label
BIND_MARGIN = 0.12  # ... and names it clearly better than any other label
COLUMN_SLACK = 0.3  # how much less a column of the bound line may be named and still count
PERIOD_BONUS = 0.3  # a line with a value for the claim's period is the likelier one
TABLE_BONUS = 0.2  # a table row names its line; the words around a figure in prose less surely
MAX_OPERANDS = 14
MAX_SUM_SIZE = 4


# ------------------------------------------------------------------ value matching


def significant_digits(claim: Claim) -> int:
    return _significant_digits(claim.text)


@functools.lru_cache(maxsize=16384)
def _significant_digits(text: str) -> int:
    return len("".join(ch for ch in text if ch.isdigit()).lstrip("0"))


def other_currency(claim: Claim, source: Claim) -> bool:
    """The two amounts are in different currencies, each said. A bare `$` is any dollar
    (or peso): a Canadian filing writes `$` where an answer writes `C$`; only `US$`, `USD`
    or `U.S.` make a dollar American. Likewise the word `pounds` is any pound: an Egyptian
    call's "twelve point four billion pounds" is the answer's `EGP 12.4 billion`; only `£`,
    `GBP` or `sterling` make a pound British."""
    if not (
        claim.kind == CURRENCY
        and source.kind == CURRENCY
        and claim.unit
        and source.unit
        and claim.unit != source.unit
    ):
        return False
    if claim.unit not in lx.CURRENCY_CODES and source.unit in lx.CURRENCY_CODES:
        # A sign the reader cannot name in the answer ("K262,905 million") may be the local
        # sign of the sources' currency (the kina of "PGK thousand"); a named one ("US$")
        # against a sign the sources write ("K'000") is another currency.
        return False
    for family, default, said in (
        (_DOLLARS, "USD", _SAID_AMERICAN),
        (_POUNDS, "GBP", _SAID_BRITISH),
    ):
        if claim.unit in family and source.unit in family:
            for side in (claim, source):
                if side.unit == default and not said.search(side.text):
                    return False
    return True


# Currencies written with a bare `$`: the dollars, and the pesos that use the sign at home.
_DOLLARS = frozenset(
    {"USD", "CAD", "AUD", "NZD", "HKD", "SGD", "TWD", "TTD", "JMD", "NAD", "FJD"}
    | {"MXN", "CLP", "COP", "ARS", "UYU", "DOP"}
)
_SAID_AMERICAN = re.compile(r"US|U\.S\.", re.IGNORECASE)
_POUNDS = frozenset({"GBP", "EGP", "LBP", "SYP", "SDG", "SSP"})
_SAID_BRITISH = re.compile(r"£|GBP|sterling|UK|U\.K\.|British", re.IGNORECASE)


def kind_compatible(claim: Claim, source: Claim) -> bool:
    if FAMILY[source.kind] not in COMPATIBLE_FAMILIES[claim.kind]:
        return False
    if claim.kind == PERCENT and source.kind != PERCENT:
        return bool(claim.label) and claim.label == source.label
    return not other_currency(claim, source)


def usable_for(claim: Claim, source: Claim) -> bool:
    """Superseded values ground only a claim carrying the same qualifier; hypothetical ones
    a hypothetical or estimated claim."""
    if not source.qualifiers:
        return True  # most values carry none
    if "injected" in source.qualifiers:
        return False
    if "superseded" in source.qualifiers and "superseded" not in claim.qualifiers:
        return False
    # "the estimated withdrawal liability of about $412 million" of one that "would be
    # approximately $412 million": an estimate is not told as what happened either
    return "hypothetical" not in source.qualifiers or bool(
        claim.qualifiers & {"hypothetical", "estimate"}
    )


# Label words of metrics that are amounts going out, whichever sign they are written with:
# "net loss of $4.2 million" and "$(4.2)" are one value.
_OUTFLOW_WORDS = frozenset(
    {
        "loss",
        "@losses",
        "used",
        "outflow",
        "deficit",
        "expens",
        "cost",
        "charg",
        "impairment",
        "payment",
        "paid",
        "repurchas",
        "dividend",
        "@dividend",
        "withdraw",
        "redemption",
        "expenditur",
        "@capex",
        "writedown",
        "provision",
        "tax",
    }
)


_MINUS = re.compile(r"[^0-9]*[-−]")


def signs_agree(claim: Claim, source: Claim) -> bool:
    """`-$312 million` of net income is not the `$312 million` the sources give. Only an
    amount the answer writes negative is checked: answers write losses as positive
    figures with words ("a net loss of $4.2 million") as often as sources write them
    negative."""
    if claim.kind in _AMOUNTS and claim.value > 0 > source.value:
        # "Net income of 4.2 million" for the "(4.2)" of a line "Net income (loss)": the
        # profit named where the line gives a loss.
        return not (
            {"loss", "losses"} & source.label_words
            and _PROFIT_WORDS & source.label_words
            and _names_a_profit(claim)
        )
    if claim.value >= 0 or source.value <= 0 or claim.kind not in _AMOUNTS:
        return True
    if not _MINUS.match(claim.text):
        return True  # "(254,000)" in prose is as often an aside as a sign
    return bool((claim.label_words | source.label_words) & _OUTFLOW_WORDS)


def a_loss_named_a_profit(claim: Claim, value: Decimal) -> bool:
    """A figure its words call income or profit (no loss named) that a formula gives
    negative: "net other comprehensive income of $22.2 million" for -12.5 + -9.7."""
    return (
        claim.kind in _AMOUNTS
        and value.is_finite()
        and claim.value > 0 > value
        and (_names_a_profit(claim))
    )


def _names_a_profit(claim: Claim) -> bool:
    """Its words call it income or profit and name no loss."""
    return bool(_PROFIT_WORDS & claim.label_words) and not (
        {"loss", "losses", "deficit"} & claim.label_words
    )


def scales_known(claim: Claim, source: Claim) -> bool:
    """Both sides state their scale (their own words, a caption, a header): only then can
    the scale be wrong. A bare number, or a table with no caption, matches any scale."""
    return bool(claim.scale_origin) and bool(source.scale_origin)


def _readings_of(claim: Claim, source: Claim) -> Iterator[Decimal]:
    """The magnitudes the source value can stand for, in the claim's units."""
    if claim.kind not in _AMOUNTS or source.kind not in _AMOUNTS or scales_known(claim, source):
        yield norm(source)
        return
    yield norm(source)
    if not claim.scale_origin:
        yield written_norm(source)  # a bare answer figure: the digits as the table shows them
        if claim.scale == _CENT and source.scale == 1:
            yield norm(source) * _CENT  # "19 cents" of a "(cents)" row's 19
    if not source.scale_origin:
        base = written_norm(source)
        for factor in THOUSANDS:
            yield base * factor


def value_matches(claim: Claim, source: Claim, tolerance: Decimal = Decimal(0)) -> bool:
    """The claim states the source value: equal at the claim's precision (a claim of one
    significant digit needs the value itself), or within `tolerance`, relatively; never in
    another currency ("$4.1 billion" is not "€4.1 billion")."""
    return _states(claim, source, tolerance, *_matching_terms(claim))


def _matching_terms(claim: Claim) -> tuple[Decimal, Decimal, bool]:
    """What a source value is compared with: the claim's magnitude, its precision, and
    whether only the value itself will do (worked out once for all the values tried)."""
    # "$4 billion" is one significant digit: rounding $4.2 billion to it would accept almost
    # anything, so only the value itself grounds it. A whole percentage is how a rate is
    # normally written ("grew 9%" for 9.3%).
    exact_only = significant_digits(claim) < 2 and claim.kind not in (
        PERCENT,
        PERCENTAGE_POINTS,
        BPS,
    )
    return norm(claim), _precision(claim), exact_only


def _states(
    claim: Claim,
    source: Claim,
    tolerance: Decimal,
    target: Decimal,
    precision: Decimal,
    exact_only: bool,
) -> bool:
    """`value_matches`, with the claim's `_matching_terms` given."""
    if other_currency(claim, source):
        return False
    if norm(source) == target:
        return True  # the first reading of every source value, and the usual match
    for reading in _readings_of(claim, source):
        if reading == target:
            return True
        if not exact_only and at_precision(target, reading, precision):
            return True
        if tolerance and reading and abs(target - reading) / reading <= tolerance:
            return True
    return False


def _precision(claim: Claim) -> Decimal:
    precision = claim.precision or Decimal(1)
    return precision * 100 if claim.kind == PERCENTAGE_POINTS else precision


def matches(claim: Claim, index: SourceIndex, tolerance: Decimal = Decimal(0)) -> list[Claim]:
    """Every source value the claim states, of a compatible kind, in text order."""
    if claim.kind == DATE:
        return []
    target = norm(claim)
    precision = _precision(claim)
    spread = max(precision / 2, target * tolerance)
    low, high = target - spread, target + spread
    found: dict[int, Claim] = {}
    for source in index.between(claim.kind, low, high):
        found[id(source)] = source
    if claim.kind in _AMOUNTS:
        if not claim.scale_origin:
            for source in index.written_between(claim.kind, low, high):
                found[id(source)] = source
            if claim.scale == _CENT:
                for source in index.between(claim.kind, low / _CENT, high / _CENT):
                    found[id(source)] = source
        if index.has_unscaled(claim.kind):  # else nothing below can be found
            for factor in THOUSANDS:
                for source in index.written_between(claim.kind, low / factor, high / factor):
                    if not source.scale_origin:
                        found[id(source)] = source
    terms = _matching_terms(claim)
    out = [
        s
        for s in found.values()
        if kind_compatible(claim, s) and _states(claim, s, tolerance, *terms)
    ]
    out.sort(key=lambda s: (s.source_id, s.start))
    return out


def scaled_matches(claim: Claim, index: SourceIndex) -> list[tuple[Claim, Decimal]]:
    """Source values the claim equals only at another power of a thousand, both scales
    stated: `$409 billion` for 409 in a table "in millions"."""
    if claim.kind not in _AMOUNTS or not claim.scale_origin or claim.value == 0:
        return []
    target = norm(claim)
    precision = _precision(claim)
    # A figure of one significant digit is another scale's value only in those digits:
    # "roughly 9 billion pesos" is no $9,380 a million times over.
    rounded = significant_digits(claim) >= 2
    out = []
    for factor in (*THOUSANDS, *(1 / f for f in THOUSANDS)):
        low, high = (target - precision / 2) / factor, (target + precision / 2) / factor
        for source in index.between(claim.kind, low, high):
            if not source.scale_origin or not kind_compatible(claim, source):
                continue
            if (
                rounded and at_precision(target / factor, norm(source), precision / factor)
            ) or norm(source) == target / factor:
                out.append((source, factor))
    return out


# ------------------------------------------------------------------ binding


@quick_init
@dataclass(frozen=True, slots=True)
class Binding:
    """The source line the claim's label names, and its values for the claim's period."""

    label: frozenset[str]  # the label of the best-named value on that line
    facts: tuple[Claim, ...]  # the line's values best named by the claim (every period)
    in_period: tuple[Claim, ...]  # those whose period is compatible with the claim's
    strong: bool  # the line is named clearly better than any other
    score: float

    @property
    def structured(self) -> bool:
        """The line is a table row or a tool output's key: its label is the source's own,
        not words read around a figure in prose."""
        return all(c.cell is not None or c.citation for c in self.facts)

    @property
    def stated(self) -> Claim | None:
        """The one value the sources state for this metric and period, if they agree on it."""
        if not self.strong or not self.in_period:
            return None
        first = self.in_period[0]
        if all(norm(c) == norm(first) for c in self.in_period[1:]):
            return first
        return None


def periods_compatible(a: str, b: str) -> bool:
    return lx.periods_compatible(a, b)


def line_of(source: Claim) -> tuple:
    """A table row, or a prose value on its own: the unit a label names."""
    if source.cell is not None:
        return (source.source_id, source.cell[0], source.cell[1])
    return (source.source_id, -1, source.start)


def _score(recall: float, precision: float) -> float:
    # Naming all of a line's label matters most; explaining more of the claim's words
    # breaks ties ("pmi peer group" names both "pmi" and "pmi peer group" fully).
    return recall + 0.5 * precision


def bind(
    words: frozenset[str],
    period: str,
    kind: str,
    index: SourceIndex,
    claim: Claim | None = None,
) -> Binding | None:
    """The source line `words` name, with its values for `period`.

    Every source value sharing a word is scored by how much of its label the words name
    (recall) and how much of the words its label explains (precision), rare words counting
    more. The best line binds when the words name most of its label and no other line
    comes close; within the line, the values best named (the right column) for the period.
    """
    if not words or index.weights is None:
        return None
    # One answer asks the same question of its sources many times (a label shared by the
    # figures of a sentence, the operands of each derivation): remember the answers.
    key = (
        words,
        period,
        kind,
        claim.qualifiers & _QUALIFIERS if claim is not None else None,
        claim.unit if claim is not None and claim.kind == CURRENCY else "",
    )
    cached = index.bindings.get(key, _MISSING)
    if cached is not _MISSING:
        return cached  # type: ignore[return-value]
    binding = _bind(words, period, kind, index, claim)
    index.bindings[key] = binding
    return binding


_MISSING = object()
_QUALIFIERS = frozenset({"superseded", "hypothetical"})


def _bind(
    words: frozenset[str],
    period: str,
    kind: str,
    index: SourceIndex,
    claim: Claim | None,
) -> Binding | None:
    weight = index.weights
    assert weight is not None
    scored: dict[tuple[frozenset[str], frozenset[str]], tuple[float, float]] = {}
    lines: dict[tuple, list[tuple[float, Claim]]] = {}
    line_best: dict[tuple, tuple[float, float, frozenset[str]]] = {}
    named: dict[tuple, float] = {}  # how well each line's best column is named, period aside
    # Which source kinds can state the claim, and which source periods are the claim's: each
    # asked once per kind and per period rather than once per value on the lines named.
    fitting_kinds = _fitting_kinds(kind)
    period_fits: dict[str, bool] = {}
    for source in index.sharing_words(words):
        if source.kind not in fitting_kinds:
            continue
        if claim is not None and source.qualifiers and not usable_for(claim, source):
            continue
        label = source.label_words
        header = source.header_words
        found = scored.get((label, header))
        if found is None:
            recall, precision = labels.similarity(words, label, weight)
            section = source.section_words
            own = label - section if section else label
            if (
                own is not label
                and recall < 1
                and sum(1 for w in own if w[0] != "@") > 1
                and own & words
                and not words & section
            ):
                # "depreciation and amortisation" names in full the row of that name under
                # "Cash flows from operating activities": a heading the words leave out only
                # places it ("diluted EPS" names "Earnings per share" over "Diluted", and is
                # scored on both; a one-word "Diluted" is a part of its heading's metric).
                recall = max(recall, labels.similarity(words, own, weight)[0])
            value = _score(recall, precision)
            if header:
                # A column header the claim names ("payments due by period total") picks the
                # column; one it does not name costs nothing.
                column_recall, _p = labels.similarity(words - label, header - label, weight)
                _r, precision = labels.similarity(words, label | header, weight)
                value = recall + 0.5 * precision + 0.25 * column_recall
            found = scored[(label, header)] = (recall, value)
        recall, value = found
        bonus = 0.0
        if period and source.period:
            compatible = period_fits.get(source.period)
            if compatible is None:
                compatible = period_fits[source.period] = periods_compatible(period, source.period)
            if compatible:
                bonus = PERIOD_BONUS  # the line states this metric for the claim's own period
        if source.cell is not None:
            value += TABLE_BONUS
        # line_of(source), written out: this loop runs for every value sharing a word.
        cell = source.cell
        key = (
            (source.source_id, cell[0], cell[1])
            if cell is not None
            else (source.source_id, -1, source.start)
        )
        lines.setdefault(key, []).append((value, source))
        if key not in line_best or value + bonus > line_best[key][0]:
            line_best[key] = (value + bonus, recall, label)
        best_named = named.get(key, 0.0)
        named[key] = value if value > best_named else best_named
    if not lines:
        return None
    # (Lists rather than generators inside max() and tuple() below: they are short, and
    # bind runs for every claim and every operand.)
    ranked = sorted(line_best.items(), key=lambda item: -item[1][0])
    _best_key, (best, recall, best_label) = ranked[0]
    # Another line with the same label is no rival if it says the same; one with another
    # label that scores close is.
    runner_up = max([v for key, (v, _r, label) in ranked[1:] if label != best_label], default=0.0)
    strong = recall >= MIN_RECALL and best - runner_up >= BIND_MARGIN
    same_label_lines = [key for key, (v, _r, label) in ranked if label == best_label]
    # The line's values: its best-named column(s), and the columns whose headers add words
    # the claim did not use ("(losses) earnings 2014" beside "2013").
    near = [
        (value, source)
        for key in same_label_lines
        for value, source in lines[key]
        if value >= named[key] - COLUMN_SLACK
    ]
    facts = tuple([source for _value, source in near])
    # A value for the claim's own period. A value of no stated period says nothing of it,
    # unless the line gives no period at all (a release about one quarter: "EPS: $0.78";
    # a segment table under an "FY2025" caption): then its best-named value.
    fitting = (
        [(v, c) for v, c in near if c.period and periods_compatible(period, c.period)]
        if period
        else []
    )
    if not fitting and (not period or all(not c.period for _v, c in near)):
        top = max([v for v, _c in near])
        fitting = [(v, c) for v, c in near if v >= top - 1e-9]
        if len({c.period for _v, c in fitting}) > 1:
            fitting = []
    if claim is not None and any(not other_currency(claim, c) for _v, c in fitting):
        fitting = [(v, c) for v, c in fitting if not other_currency(claim, c)]
    top_fitting = max([v for v, _c in fitting], default=0.0)
    in_period = tuple([c for v, c in fitting if v >= top_fitting - 1e-9])
    return Binding(label=best_label, facts=facts, in_period=in_period, strong=strong, score=best)


OPERAND = "operand"  # `bind` for a derivation's operand: any kind of value will do


_FITTING_KINDS: dict[str, frozenset[str]] = {}


def _fitting_kinds(kind: str) -> frozenset[str]:
    """The source kinds whose values can state a claim of this kind (worked out once per
    kind: there are a handful)."""
    found = _FITTING_KINDS.get(kind)
    if found is None:
        found = frozenset(k for k in FAMILY if k != DATE and _kind_fits(kind, k))
        _FITTING_KINDS[kind] = found
    return found


def _kind_fits(kind: str, source_kind: str) -> bool:
    """A source value of `source_kind` can state a claim of this kind."""
    family = FAMILY[source_kind]
    if kind == OPERAND:
        return family != "date"
    if kind == PERCENT:
        return family in ("percent", "number")
    if kind in (PERCENTAGE_POINTS, BPS):
        return family in ("percent", "spread")
    if kind == RATIO:
        return family in ("ratio", "number")
    if kind == CURRENCY:
        # "MAD 612.3 million, or 1.5 times EBITDA": an amount of money never states a multiple.
        return family in ("currency", "number", "count")
    return family in ("currency", "number", "count", "ratio")


def operands_for(
    words: frozenset[str], periods: Iterable[str], index: SourceIndex, *, named: bool = False
) -> list[Claim]:
    """The values a label names, one per period asked for (all of them when none is asked):
    the operands of a derivation, of whatever kind the line holds. `named`: the answer
    names this line as an operand ("operating cash flow less capital expenditures")."""
    binding = bind(words, "", OPERAND, index)
    if binding is None or not binding.facts:
        return []
    if not binding.strong and not _names_its_metric(
        _naming_lines(words, index), binding.label, loosely=named
    ):
        return []
    wanted = [p for p in periods if p]
    if not wanted:
        return list(binding.facts[:MAX_OPERANDS])
    out = []
    for period in wanted:
        in_period = [f for f in binding.facts if f.period and periods_compatible(period, f.period)]
        if in_period:
            # A line across segment columns and their Total ("Charge-offs  (3,418) ...
            # (7,143)"), named as a term of the answer's formula: the total's.
            totals = [f for f in in_period if named and "total" in f.header_words]
            out.append((totals or in_period)[0])
        else:
            # "adjusted EBITDA rose to €512.3 million (2022: €208.6 million)": the one value
            # without a period is the current one, when the others name other periods; so
            # is the one of two that is no base ("Noninterest expense was $201.8 million
            # compared with $194.7 million").
            unnamed = [f for f in binding.facts if not f.period and "base" not in f.qualifiers]
            if len(unnamed) == 1 and len(binding.facts) > 1 and len(wanted) == 1:
                out.append(unnamed[0])
                continue
            # "Net interest income on a fully taxable-equivalent basis was $287.4 million for
            # the third quarter": another line holding every word, for that period.
            stems = labels.without_metrics(words)
            kinds = {f.kind for f in binding.facts}  # of the kind the line holds
            other = {
                line_of(c): c
                for c in index.sharing_words(words, limit=400)
                if c.period
                and periods_compatible(period, c.period)
                and stems <= c.label_words
                and c.kind in kinds
                and not _CHANGE_BEFORE.search(
                    index.texts.get(c.source_id, ""), max(0, c.start - 24), c.start
                )
            }
            if named and len(other) == 1:
                out.extend(other.values())
    return out


# "an increase of $18.9 million": a change of the line, not its value.
_CHANGE_BEFORE = re.compile(
    r"\b(?:increase|decrease|rise|decline|growth|change|up|down)\s+(?:of\s+)?\Z", re.IGNORECASE
)


def _rates_for(words: frozenset[str], periods: list[str], index: SourceIndex) -> list[Claim]:
    """The rates of the line of rates that shares most of the words, one per period asked
    for, when one such line has them all."""
    lines: dict[tuple, list[Claim]] = {}
    for fact in index.sharing_words(words, limit=400):
        if fact.kind == PERCENT and fact.period:
            lines.setdefault(line_of(fact), []).append(fact)
    best: list[Claim] = []
    best_score = 1  # at least two of the words
    for facts in lines.values():
        score = len(words & facts[0].label_words)
        found = [
            next((f for f in facts if periods_compatible(period, f.period)), None)
            for period in periods
        ]
        if score > best_score and all(found):
            best, best_score = [f for f in found if f is not None], score
    return best


def _naming_lines(words: frozenset[str], index: SourceIndex) -> frozenset[str]:
    """The words that name a line: "Northfield's diluted EPS" names the diluted net income
    per share line by its metric and `diluted`; the company's own name does not, nor an
    abbreviation of the metric it names that no line of the sources writes."""
    metrics = {w for w in words if w.startswith("@")}
    if not metrics:
        return words
    companies = index.companies()
    company_words = index.company_words()  # "Brindle's" is `brindl`
    return frozenset(
        w
        for w in words
        if w in metrics
        or not (
            w in companies
            or w in company_words
            or (w not in index.by_word and labels.label_words(w) & metrics)
        )
    )


def _names_its_metric(words: frozenset[str], line: frozenset[str], *, loosely: bool) -> bool:
    """A weak binding that still names the line: the words are the known metric the line is
    and nothing it lacks ("revenue" for "Total revenue"); `loosely`, where the sentence
    names the line as an operand in so many words, any words of that metric ("operating
    cash flow" for "Net cash provided by operating activities"), or with no known metric
    among them, every one of its words."""
    metrics = {w for w in words if w.startswith("@")}
    if loosely and not metrics and len(words) > 1:
        # "operating profit divided by finance costs" over "Finance costs recognised in
        # profit or loss were ...": a line that holds every word the formula names it by.
        return words <= line
    return bool(metrics) and metrics <= line and (loosely or words <= line)


# ------------------------------------------------------------------ derivations

GROWTH = "growth"
DIFFERENCE = "difference"
RATIO_OF = "ratio"
SHARE_OF = "share"
SUM_OF = "sum"
AVERAGE_OF = "average"
SPREAD = "spread"
MARGIN_OF = "margin"  # (revenue - costs) / revenue * 100
ANNUALIZING = "annualized"  # a quarter's figure times 4, a month's times 12, a half's times 2
CAGR = "cagr"  # ((later / earlier) ** (1 / years) - 1) * 100
PRODUCT = "product"  # a quantity times a price per unit, or a share of an amount
SIGNED = frozenset({GROWTH, DIFFERENCE, SPREAD, CAGR})  # kinds whose sign says which way
_SIGNED = SIGNED
_PERIODS_A_YEAR = (4, 12, 2)


@quick_init
@dataclass(frozen=True, slots=True)
class Derivation:
    """One formula over source values (or the answer's own cited figures).

    `oriented`: the operands are in (later, earlier) or (subject, reference) order, so the
    sign of a change means something. `described`: these are the operands the sentence
    names, so a claim that disagrees with it is wrong rather than unexplained.
    """

    kind: str
    operands: tuple[Claim, ...]
    oriented: bool = False
    described: bool = False
    factor: int = 1  # basis points: a spread of percentages times 100

    @property
    def value(self) -> Decimal:
        # Formulas of two operands read them directly: a wide search tries hundreds of them.
        operands = self.operands
        kind = self.kind
        try:
            if kind == GROWTH:
                base = operands[1].value
                if base < 0 and operands[0].value < 0:
                    # Two costs in parentheses, two losses: the change of their size ("cost
                    # of sales rose 13.2%" from (3,310,917) to (3,748,118)).
                    return (base - operands[0].value) / base * -100
                return (operands[0].value - base) / abs(base) * 100
            if kind == DIFFERENCE:
                return operands[0].value - operands[1].value
            if kind == SPREAD:
                return (operands[0].value - operands[1].value) * self.factor
            if kind == RATIO_OF:
                if operands[1].kind == PERCENT and operands[0].kind != PERCENT:
                    return operands[0].value / operands[1].value * 100  # £186m for 75%
                return operands[0].value / operands[1].value
            if kind == SHARE_OF:
                return operands[0].value / operands[1].value * 100
            values = [c.value for c in operands]
            if kind == SUM_OF:
                return sum(values, Decimal(0))
            if kind == AVERAGE_OF:
                return sum(values, Decimal(0)) / len(values)
            if kind == ANNUALIZING:
                return values[0] * self.factor
            if kind == MARGIN_OF:
                return (values[0] - values[1]) / values[0] * 100
            if kind == CAGR:
                ratio = operands[0].value / operands[1].value
                return (ratio ** (Decimal(1) / self.factor) - 1) * 100
            if kind == PRODUCT:
                first, second = operands
                rate = (
                    first.value / 100 if first.kind in (PERCENT, PERCENTAGE_POINTS) else first.value
                )
                return rate * second.value
        except (InvalidOperation, DivisionByZero, IndexError):
            pass
        return Decimal("NaN")

    @property
    def formula(self) -> str:
        names = [short(c) for c in self.operands]
        if self.kind == GROWTH:
            return f"({names[0]} - {names[1]}) / {names[1]} * 100"
        if self.kind == DIFFERENCE:
            return f"{names[0]} - {names[1]}"
        if self.kind == SPREAD:
            return f"({names[0]}% - {names[1]}%)" + (" * 100" if self.factor != 1 else "")
        if self.kind == RATIO_OF:
            if self.operands[1].kind == PERCENT and self.operands[0].kind != PERCENT:
                return f"{names[0]} / {names[1]}%"
            return f"{names[0]} / {names[1]}"
        if self.kind == SHARE_OF:
            return f"{names[0]} / {names[1]} * 100"
        if self.kind == SUM_OF:
            return " + ".join(names)
        if self.kind == AVERAGE_OF:
            return f"({' + '.join(names)}) / {len(names)}"
        if self.kind == ANNUALIZING:
            return f"{names[0]} * {self.factor}"
        if self.kind == MARGIN_OF:
            return f"({names[0]} - {names[1]}) / {names[0]} * 100"
        if self.kind == CAGR:
            return f"(({names[0]} / {names[1]}) ** (1 / {self.factor}) - 1) * 100"
        if self.kind == PRODUCT:
            if self.operands[0].kind == PERCENT:
                return f"{names[0]}% * {names[1]}"
            return f"{names[0]} * {names[1]}"
        return ""


_SCALES_LARGEST_FIRST = sorted(lx.SCALE_SUFFIX.items(), reverse=True)
# A number as digits write it, group marks and decimals included: "412,806.3".
WRITTEN_NUMBER = re.compile(r"[0-9][0-9,]*(?:\.[0-9]+)?")


def short(claim: Claim) -> str:
    """A value as a formula writes it: 1.85B, 312M, 0.50 (as written), -7."""
    value = claim.value
    written = WRITTEN_NUMBER.search(claim.text)
    if written and abs(value) < 1_000_000:
        digits = written.group().replace(",", "")
        try:
            if Decimal(digits) == abs(value):
                return ("-" if value < 0 else "") + digits
        except InvalidOperation:
            pass
    if claim.kind == CURRENCY or (claim.kind in _AMOUNTS and abs(value) >= 1_000_000):
        for scale, (letter, _word) in _SCALES_LARGEST_FIRST:
            if abs(value) >= scale:
                return f"{plain((value / scale).normalize())}{letter}"
    return plain(value)


def _chronological(a: Claim, b: Claim) -> tuple[Claim, Claim] | None:
    """(later, earlier) when both periods are known and differ."""
    if not a.period or not b.period or a.period == b.period:
        return None
    key_a, key_b = _period_key(a.period), _period_key(b.period)
    if key_a == key_b:
        return None
    return (a, b) if key_a > key_b else (b, a)


def _period_key(period: str) -> str:
    year = lx.period_year(period)
    if len(period) >= 10 and period[4] == "-":
        return period
    if period.startswith(("Q", "H")) and year:
        return f"{year}-{period[:2]}"
    return f"{year}-99" if year else period


@quick_init
@dataclass(frozen=True, slots=True)
class Cited:
    """A figure the claim's sentence restates, as the sources give it, and whether the
    sentence introduces it as the base of a change ("from $1.62 billion", "than 23.5")."""

    value: Claim
    base: bool = False
    borrowed: bool = False  # from the sentence before: not what this sentence describes
    # The answer's own figure, when `value` is the unrounded result the answer worked out
    # for it: a writer may go on from either.
    written: Claim | None = None


def derivations(
    reading: Reading, cited_figures: list[Cited], index: SourceIndex
) -> list[Derivation]:
    """The formulas worth trying for one claim (`_derivations`). Over figures borrowed from
    the sentence before, none is what the claim's own sentence describes: such a formula
    may explain the claim but never makes it a drift ("The purchase price is therefore
    roughly 12.5 times ..." is not revenue over operating profit)."""
    out = _derivations(reading, cited_figures, index)
    borrowed = {id(c.value) for c in cited_figures if c.borrowed}
    if borrowed:
        out = [
            replace(d, described=False)
            if d.described and any(id(o) in borrowed for o in d.operands)
            else d
            for d in out
        ]
    return out


def _derivations(
    reading: Reading, cited_figures: list[Cited], index: SourceIndex
) -> list[Derivation]:
    """The formulas worth trying for one claim, the ones its sentence describes first.

    `cited_figures` are the answer's other figures in the same sentence, in text order (the
    claim's own operands, when the answer restates them: "from 60,786 in 2008 to 74,843").
    """
    claim = reading.claim
    kind = claim.kind
    out: list[Derivation] = []
    cited = [c.value for c in cited_figures if c.value.kind != DATE][:MAX_OPERANDS]
    bases = {id(c.value) for c in cited_figures if c.base}
    periods = [p for p in reading.periods if p]
    subject = operands_for(claim.label_words, periods, index) if claim.label_words else []
    if len(subject) < 2 and claim.label_words and not periods:
        subject = []
    other = (
        operands_for(reading.other_label, periods or [claim.period], index)
        if reading.other_label
        else []
    )
    cues = reading.cues
    if CHANGE in cues and not cues & {COMPARISON, SHARE, RATIO_CUE} and claim.label_words:
        # "revenue grew 6.3% to €4.2bn, ..., lifting the EBIT margin to 9.2% from 8.6%": a
        # change of one metric is over figures of that metric, not the sentence's others.
        variant = bool(claim.label_words & VARIANTS)
        cited = [
            c for c in cited if _same_metric(claim, c) and bool(c.label_words & VARIANTS) == variant
        ]
    if kind == PERCENT and COMPOUND in cues:
        return _compound_rates(reading, subject, cited, bases, periods, index)
    if cues & {YEAR_AGO, QUARTER_AGO} and claim.label_words:
        year_ago = year_over_year(reading, periods, index, cited)
        if year_ago:
            return year_ago  # "year over year": not the change from any other period
    if ANNUALIZED in cues:
        # "a quarterly dividend of $0.62 per share, or $2.48 annualized"
        for c in _distinct([c for c in cited if c.kind == kind]):
            out.extend(Derivation(ANNUALIZING, (c,), False, True, n) for n in _PERIODS_A_YEAR)
        return out
    if cues & {CHANGE} and len(set(periods)) < 2 and claim.label_words and len(subject) < 2:
        # "revenue rose 15.2% year over year to $1.94 billion": one period named, the base
        # is the line's value for the period before it.
        out.extend(over_the_line(reading, operands_for(claim.label_words, [], index), periods))
        if kind == PERCENT and not subject and not _canonical_words(claim.label_words):
            # "Cascade Harbor earned $187.4 million, or $1.21 per diluted share, ..., 15.0%
            # more than a year earlier": no metric of its own; the lines of the sentence's
            # figures, as the sources state them, are what it may have changed over.
            for figure in _amounts(cited)[:MAX_OPERANDS]:
                for stated in matches(figure, index)[:2]:
                    line = operands_for(stated.label_words, [], index) if stated.label_words else []
                    out.extend(over_the_line(reading, line, periods))

    if kind in (PERCENTAGE_POINTS, BPS):
        factor = 100 if kind == BPS else 1
        for group in (subject, cited):
            percents = _distinct([c for c in group if c.kind == PERCENT])
            for a, b in itertools.combinations(percents, 2):
                ordered = _chronological(a, b) or ((b, a) if reading.from_to else None)
                if COMPARISON in cues and reading.other_label and not reading.from_to:
                    # "22.63% in the fourth quarter of 2023, about 1.89 percentage points
                    # above the survey's new-offer average" of May 2024: levels compared,
                    # not a change over time; the one the words name is the base.
                    named_a = len(a.label_words & reading.other_label)
                    named_b = len(b.label_words & reading.other_label)
                    ordered = (a, b) if named_b > named_a else (b, a) if named_a > named_b else None
                if ordered is not None:
                    out.append(Derivation(SPREAD, ordered, True, True, factor))
                else:
                    out.append(Derivation(SPREAD, (a, b), False, True, factor))
        if not subject and CHANGE in cues:
            out.extend(_margin_change(reading, periods, index, factor))
        return out

    if kind == PERCENT:
        if cues & {SHARE, RATIO_CUE} or not cues:
            if subject and other and subject[0].value != other[0].value:
                out.append(Derivation(SHARE_OF, (subject[0], other[0]), True, True))
            if other and cues & {SHARE, RATIO_CUE}:
                # "$312.4 million (about 54.6% of total NOI)": the sentence's figure over the
                # whole it names.
                for a in _amounts(cited):
                    if a.value != other[0].value:
                        out.append(Derivation(SHARE_OF, (a, other[0]), True, True))
            for a, b in itertools.permutations(_amounts(cited), 2):
                if a.value == b.value:
                    continue  # a figure over itself describes nothing
                out.append(Derivation(SHARE_OF, (a, b), True, bool(cues & {SHARE, RATIO_CUE})))
        if cues & {CHANGE, COMPARISON} or not cues:
            for a, b in _ordered_pairs(subject, reading):
                out.append(Derivation(GROWTH, (a, b), True, True))
            ordered = list(_ordered_pairs(cited, reading, bases))
            for a, b in ordered:
                out.append(Derivation(GROWTH, (a, b), True, True))
            amounts = _amounts(cited)
            if not ordered and len(amounts) == 2:
                # "Reported EPS of $0.50 beat the $0.45 estimate, a surprise of 10.96%": two
                # figures and no word that orders them; the subject comes first.
                out.append(Derivation(GROWTH, (amounts[0], amounts[1]), False, True))
            if subject and other and COMPARISON in cues:
                out.append(Derivation(GROWTH, (subject[0], other[0]), True, True))
            if other and not subject and COMPARISON in cues:
                # "a midpoint of $2.59, roughly 2.4% above 2023 Core FFO": the sentence's
                # figure against the one it names.
                for a in _amounts(cited):
                    if a.value != other[0].value:
                        out.append(Derivation(GROWTH, (a, other[0]), True, True))
        if cues & {SUM, AVERAGE}:
            out.extend(_totals(reading, subject, cited, index))
        if not cues:
            out.extend(_unordered(_amounts(cited), (GROWTH,)))
        return out

    if kind == RATIO or RATIO_CUE in cues:
        if subject and other:
            out.append(Derivation(RATIO_OF, (subject[0], other[0]), True, True))
        if other and RATIO_CUE in cues:
            # "Net debt stood at €4.07 billion, about 7.9 times 2023 adjusted EBITDA": the
            # sentence's figure over the line it names.
            for a in _amounts(cited):
                if a.value != other[0].value:
                    out.append(Derivation(RATIO_OF, (a, other[0]), True, True))
        if len(subject) >= 2:
            # "2.25 times its level in 2017": the periods in the order the sentence names them.
            out.append(Derivation(RATIO_OF, (subject[0], subject[1]), True, True))
        for a, b in itertools.permutations(_amounts(cited), 2):
            if a.value != b.value:
                out.append(Derivation(RATIO_OF, (a, b), False, True))
        return out

    # Amounts: changes, differences, sums and averages.
    if cues & {CHANGE, COMPARISON} or not cues:
        for a, b in _ordered_pairs(subject, reading):
            out.append(Derivation(DIFFERENCE, (a, b), True, bool(cues)))
        for a, b in _ordered_pairs(cited, reading, bases):
            out.append(Derivation(DIFFERENCE, (a, b), True, bool(cues)))
        if subject and other and COMPARISON in cues:
            out.append(Derivation(DIFFERENCE, (subject[0], other[0]), True, True))
    if cues & {SUM, AVERAGE} or not cues:
        out.extend(_totals(reading, subject, cited, index))
    return out


# A margin named by its line: "operating margin" is operating income over revenue.
_MARGIN_LINES = {
    "operat": frozenset({"@operating income"}),
    "gross": frozenset({"@gross profit"}),
    "ebitda": frozenset({"@ebitda"}),
    "net": frozenset({"@net income"}),
}


def _margin_change(
    reading: Reading, periods: list[str], index: SourceIndex, factor: int
) -> list[Derivation]:
    """ "Operating margin expanded 215 basis points year over year to 14.5%" where no line
    states the margin: each period's margin from its line over revenue, and their spread."""
    claim = reading.claim
    words = claim.label_words
    if "margin" not in words:
        return []
    line = next(
        (_MARGIN_LINES[w] for w in ("gross", "ebitda", "operat", "net") if w in words), None
    )
    if line is None:
        return []
    anchor = claim.period or (periods[0] if periods else "") or latest_year_of(line, index)
    if not anchor:
        return []
    if YEAR_AGO in reading.cues:
        earlier = lx.year_before(anchor)
    else:
        # "EBITDA margin improved by about 1.9 percentage points in 2024": a change in a
        # year that names no other is over the year before
        earlier = next((p for p in periods if p != anchor), "") or lx.year_before(anchor)
    if not earlier:
        return []
    numerators = operands_for(line, [anchor, earlier], index)
    revenues = operands_for(frozenset({"@revenue"}), [anchor, earlier], index)
    if len(numerators) != 2 or len(revenues) != 2 or not all(r.value for r in revenues):
        return []
    margins = tuple(
        replace_claim(
            n,
            value=n.value / r.value * 100,
            kind=PERCENT,
            text=f"{short(n)}/{short(r)}",
        )
        for n, r in zip(numerators, revenues, strict=True)
    )
    return [Derivation(SPREAD, margins, True, True, factor)]


def latest_year_of(line: frozenset[str], index: SourceIndex) -> str:
    """ "Operating margin improved 1.8 percentage points", no year named, over a statement
    of years: the change into the latest year the sources give the line for, when they give
    the year before it too."""
    years = {f.period for f in operands_for(line, [], index) if _YEAR_KEY.fullmatch(f.period)}
    latest = max(years, default="")
    return latest if latest and lx.year_before(latest) in years else ""


_YEAR_KEY = re.compile(r"(?:FY)?[0-9]{4}")


def year_over_year(
    reading: Reading, periods: list[str], index: SourceIndex, cited: Sequence[Claim] = ()
) -> list[Derivation]:
    """A change "year over year": the line's value for the period named against its value
    for the same period a year before (Q1 2024 against Q1 2023, not Q4 2023); "from the
    linked quarter", against the quarter before (Q3 2025 against Q2 2025). With no period
    named, the period of the sentence's figure of the line, as the sources give it
    ("non-GAAP operating margin reached 15.1% in the fourth quarter, an improvement of 650
    basis points from the same quarter a year earlier": 15.1% is the three months')."""
    claim = reading.claim
    anchor = (
        claim.period
        or (periods[0] if periods else "")
        or _period_of_its_figure(claim, cited, index)
    )
    earlier_period = (
        lx.quarter_before(anchor) if QUARTER_AGO in reading.cues else lx.year_before(anchor)
    )
    if not earlier_period:
        return []
    line = operands_for(claim.label_words, [anchor, earlier_period], index)
    if claim.kind in (PERCENTAGE_POINTS, BPS) and (
        len(line) != 2 or any(c.kind != PERCENT for c in line)
    ):
        # "margin was 11.8%, 0.8 percentage points higher than a year earlier": a spread of
        # the line of rates its words name, not of the amounts beside it.
        line = _rates_for(claim.label_words, [anchor, earlier_period], index)
    if len(line) != 2:
        return []
    later, earlier = line
    if (later.kind == PERCENT) != (earlier.kind == PERCENT):
        return []
    if claim.kind in (PERCENTAGE_POINTS, BPS):
        factor = 100 if claim.kind == BPS else 1
        return [Derivation(SPREAD, (later, earlier), True, True, factor)]
    if claim.kind == PERCENT:
        return [Derivation(GROWTH, (later, earlier), True, True)]
    return [Derivation(DIFFERENCE, (later, earlier), True, True)]


def _period_of_its_figure(claim: Claim, cited: Sequence[Claim], index: SourceIndex) -> str:
    """The one period the sources give the sentence's figure of the claim's line."""
    if not claim.label_words:
        return ""
    kinds = (PERCENT,) if claim.kind in (PERCENTAGE_POINTS, BPS) else (claim.kind,)
    figures = [f for f in cited if f.kind in kinds]
    if not figures:
        return ""
    found = {
        source.period
        for source in index.sharing_words(claim.label_words, limit=64)
        if source.period
        and source.kind in kinds
        and _same_metric(claim, source)
        # (as written: a figure the answer worked out carries its unrounded value)
        and any(
            at_precision(source.value, f.value, f.precision or source.precision) for f in figures
        )
    }
    return found.pop() if len(found) == 1 else ""


def _compound_rates(
    reading: Reading,
    subject: list[Claim],
    cited: list[Claim],
    bases: set[int],
    periods: list[str],
    index: SourceIndex,
) -> list[Derivation]:
    """Growth per year over the years between two values, never the whole change: of the
    figures the sentence cites or the periods it names, or else from the period it names
    back along the metric's line ("the three-year CAGR for revenue through 2024")."""
    claim = reading.claim
    pairs = [*_ordered_pairs(subject, reading), *_ordered_pairs(cited, reading, bases)]
    if not pairs and claim.label_words:
        line = _distinct(operands_for(claim.label_words, [], index))
        anchor = periods[0] if periods else ""
        latest = [
            c for c in line if c.period and (not anchor or periods_compatible(anchor, c.period))
        ]
        pairs = [
            (later, earlier) for later in latest[:1] for earlier in line if earlier is not later
        ]
    out = []
    for later, earlier in pairs:
        years = _years_between(later, earlier, reading.periods)
        if years > 0:
            out.append(Derivation(CAGR, (later, earlier), True, True, years))
    return out


def _years_between(later: Claim, earlier: Claim, named: tuple[str, ...]) -> int:
    """Whole years from the earlier value to the later one: from their periods, or else from
    the first and last years the sentence names ("from 2022 to 2024")."""
    first, last = lx.period_year(earlier.period), lx.period_year(later.period)
    if not (first and last):
        years = sorted({lx.period_year(p) for p in named} - {""})
        if len(years) < 2:
            return 0
        first, last = years[0], years[-1]
    return max(0, int(last) - int(first))


def _canonical_words(words: frozenset[str]) -> bool:
    """Whether label words name a known metric (`@revenue`)."""
    return any(w.startswith("@") for w in words)


def _same_metric(claim: Claim, other: Claim) -> bool:
    """Unless both name known metrics and they are unrelated, the figures may be of one
    metric ("eps surprise" is of "eps"; "revenue" is not of "operating income")."""
    mine = {w[1:] for w in claim.label_words if w.startswith("@")}
    theirs = {w[1:] for w in other.label_words if w.startswith("@")}
    if not (mine and theirs):
        return True
    return any(a in b or b in a for a in mine for b in theirs)


def _ordered_pairs(
    group: list[Claim], reading: Reading, bases: frozenset[int] | set[int] = frozenset()
) -> Iterator[tuple[Claim, Claim]]:
    """(later, earlier) pairs: the base the sentence names ("from $1.62 billion") last; a
    comparison ("in 2007 ... higher than in 2011") in the order the sentence names them;
    else by period when both are known; else in the sentence's order ("from A to B").
    Pairs are of one kind: amounts with amounts, rates with rates ("rose 8.1%, from 3.95%
    to 4.3%")."""
    group = [c for c in _distinct(group) if c.kind not in (DATE, PERCENTAGE_POINTS, BPS)]
    comparison = COMPARISON in reading.cues

    def is_base(c: Claim) -> bool:
        return id(c) in bases or "base" in c.qualifiers

    for a, b in itertools.combinations(group, 2):
        if (a.kind == PERCENT) != (b.kind == PERCENT):
            continue
        if a.kind == PERCENT and reading.claim.kind != PERCENT:
            continue
        if is_base(a) != is_base(b):
            yield (b, a) if is_base(a) else (a, b)
            continue
        if comparison and a.period and b.period and a.period != b.period:
            yield (a, b)  # the subject first, then what it is compared with
            continue
        ordered = _chronological(a, b)
        if ordered is not None:
            yield ordered
        elif reading.from_to:
            yield (b, a)  # written earlier first: "from A to B"


def over_the_line(reading: Reading, line: list[Claim], periods: list[str]) -> list[Derivation]:
    """Changes between the values of one line, later over earlier. The one from the period
    the sentence names back to the period before it is what a "year over year" describes."""
    claim = reading.claim
    anchor = periods[0] if periods else claim.period
    dated = sorted((c for c in _distinct(line) if c.period), key=lambda c: _period_key(c.period))
    kind = {PERCENT: GROWTH, PERCENTAGE_POINTS: SPREAD, BPS: SPREAD}.get(claim.kind, DIFFERENCE)
    factor = 100 if claim.kind == BPS else 1
    out = []
    undated = [c for c in _distinct(line) if "base" not in c.qualifiers]
    bases = [c for c in _distinct(line) if "base" in c.qualifiers]
    for later in undated:
        for earlier in bases:
            # "Net income was $41.8 million, compared to $35.0 million in the second quarter
            # of 2024": the line's value and its base.
            if (later.kind == PERCENT) != (earlier.kind == PERCENT) or later is earlier:
                continue
            if (kind == SPREAD) != (later.kind == PERCENT) and claim.kind != PERCENT:
                continue
            described = len(undated) == 1 and len(bases) == 1
            out.append(Derivation(kind, (later, earlier), True, described, factor))
    unnamed = [c for c in undated if not c.period]
    if not bases and len(unnamed) == 1 and dated and lx.period_year(anchor):
        # "Revenue for the year increased to K1,284.6 million (2023: K1,031.9 million)": the
        # one value of no period, beside values of earlier periods only, is the one the
        # sentence names.
        later = unnamed[0]
        year = lx.period_year(anchor)
        earlier_only = all(
            lx.period_year(c.period) and lx.period_year(c.period) < year for c in dated
        )
        for earlier in dated if earlier_only else ():
            if (later.kind == PERCENT) != (earlier.kind == PERCENT):
                continue
            described = earlier is dated[-1]
            out.append(Derivation(kind, (later, earlier), True, described, factor))
    for i, later in enumerate(dated):
        for earlier in dated[:i]:
            rates = (later.kind == PERCENT, earlier.kind == PERCENT)
            if rates[0] != rates[1]:
                continue  # a rate and an amount are not two values of one line
            if kind == SPREAD and not rates[0]:
                continue  # a spread is between rates
            if kind == DIFFERENCE and rates[0]:
                continue  # an amount's change is between amounts
            described = (
                bool(anchor)
                and periods_compatible(anchor, later.period)
                and earlier is dated[i - 1]
            )
            out.append(Derivation(kind, (later, earlier), True, described, factor))
    return out


def _amounts(group: list[Claim]) -> list[Claim]:
    return [c for c in group if c.kind in _AMOUNTS or c.kind == RATIO]


def _unordered(group: list[Claim], kinds: tuple[str, ...]) -> Iterator[Derivation]:
    for a, b in itertools.permutations(_distinct(group), 2):
        for kind in kinds:
            yield Derivation(kind, (a, b), False, False)


def _distinct(group: list[Claim]) -> list[Claim]:
    seen: set[tuple[Decimal, str]] = set()
    out = []
    for c in group:
        key = (c.value, c.period)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out[:MAX_OPERANDS]


def _totals(
    reading: Reading, subject: list[Claim], cited: list[Claim], index: SourceIndex
) -> Iterator[Derivation]:
    """Sums and averages: of the labels a sentence lists, of one label over the periods it
    names, or of the figures it cites."""
    claim = reading.claim
    cues = reading.cues
    kinds = tuple(kind for kind, cue in ((SUM_OF, SUM), (AVERAGE_OF, AVERAGE)) if cue in cues) or (
        SUM_OF,
    )
    groups: list[tuple[list[Claim], bool]] = []
    if len(reading.phrases) >= 2:
        period = [claim.period] if claim.period else list(reading.periods[:1])
        listed = []
        for phrase in reading.phrases:
            # Each listed name is an operand the sentence names in so many words.
            found = operands_for(phrase, period, index, named=True)
            if found:
                listed.append(found[0])
        if len(listed) == len(reading.phrases):
            groups.append((listed, True))
    if len(subject) >= 2:
        groups.append((subject, True))
    named_periods = subject if len(subject) > 2 else None
    if len(cited) >= 2:
        groups.append((cited, True))
    period = claim.period or (reading.periods[0] if len(reading.periods) == 1 else "")
    if SUM in reading.cues and claim.label and period:
        # "Combined 2024 revenue would be about €8.4 billion" over each company's 2024
        # revenue: the metric's values for the period, one per company or segment.
        entities = [
            c
            for c in index.labelled(claim.label, _AMOUNTS)
            if c.period == period and c.kind == claim.kind
        ]
        if 2 <= len(entities) <= MAX_SUM_SIZE:
            groups.append((entities, True))
    precision = claim.precision or Decimal(1)
    for members, described in groups:
        group = [
            c
            for c in _distinct(members)
            if (c.kind in _AMOUNTS) == (claim.kind in _AMOUNTS)
            and c.kind not in (PERCENTAGE_POINTS, BPS, DATE)
            and abs(c.value) >= precision  # a part smaller than the claim's last digit says nothing
        ]
        if len(group) < 2 or len(group) > MAX_SUM_SIZE + 2:
            continue
        for kind in kinds:
            if kind == AVERAGE_OF and MIDPOINT in cues:
                # A midpoint is the middle of two figures, never the mean of three, and of
                # the two ends of one range ("to $5.6 billion to $5.8 billion, from $5.5
                # billion to $5.7 billion": never $5.8 and $5.7 billion).
                for pair in itertools.combinations(group, 2):
                    if _ends_of_a_range(*pair, index):
                        yield Derivation(kind, pair, True, described)
                continue
            yield Derivation(kind, tuple(group), True, described and bool(cues))
            if len(group) > 2 and members is not named_periods:
                # (Of the line's values for the periods the words name, all of them: "from
                # 2021 to 2023" is no average of 2022 and 2023.)
                for size in range(2, min(len(group), MAX_SUM_SIZE) + 1):
                    for combo in itertools.combinations(group, size):
                        yield Derivation(kind, combo, True, False)


# The words between the two ends of a range: "A to B", "A–B"; and "between 312.4 cents and
# 326.8 cents", a range said with `between ... and`.
_RANGE_JOIN = re.compile(r"\s*(?:to|[-–—])\s*(?:US\$|[A-Z]{1,2}\$|[$€£¥₹])?")
_BETWEEN_BEFORE = re.compile(r"\bbetween\s+(?:US\$|[A-Z]{1,2}\$|[$€£¥₹])?\Z", re.IGNORECASE)
_BETWEEN_JOIN = re.compile(r"\s*(?:[A-Za-z%]{1,10}\s*)?and\s*(?:US\$|[A-Z]{1,2}\$|[$€£¥₹])?")


def joins_range(text: str, a: Claim, b: Claim) -> bool:
    """Whether the text between two figures makes them one range: `A to B`, `A–B`, or
    `between A and B`."""
    if _RANGE_JOIN.fullmatch(text, a.end, b.start):
        return True
    return bool(
        _BETWEEN_JOIN.fullmatch(text, a.end, b.start)
        and _BETWEEN_BEFORE.search(text, max(0, a.start - 16), a.start)
    )


def _ends_of_a_range(a: Claim, b: Claim, index: SourceIndex) -> bool:
    """Two figures of one source's prose written as one range's ends ("$5.6 billion to
    $5.8 billion"); figures of tables or of two texts are not told apart here."""
    if not a.source_id or a.source_id != b.source_id or a.cell is not None or b.cell is not None:
        return True
    first, second = (a, b) if a.start < b.start else (b, a)
    text = index.texts.get(a.source_id, "")
    return bool(text) and joins_range(text, first, second)


MAX_BROAD = 24
# Words that make a line a variant of its metric: CASM excluding fuel, adjusted EPS.
VARIANTS = frozenset({"exclud", "adjust", "underly", "core", "organic", "nongaap", "normaliz"})
# A formula the sentence does not describe, over values that merely share a word, explains
# an amount (not a rate or a multiple) of fewer significant digits than this only exactly: at two digits ("nearly
# C$1.5 billion") dozens of sums of unrelated lines land within rounding.
BROAD_DIGITS = 3


# Rates defined over other lines, which an answer need not name to state one: a margin is
# a line over revenue, a payout ratio the dividend over earnings, a yield the dividend over
# the price, an efficiency ratio expenses over revenue.
_DEFINED_BY = {
    "margin": frozenset({"@revenue", "@cost of revenue", "@operating expenses"}),
    "@net margin": frozenset({"@net income"}),
    "@operating margin": frozenset({"@operating income"}),
    "@gross margin": frozenset({"@gross profit"}),
    "@ebitda margin": frozenset({"@ebitda"}),
    "payout": frozenset({"@dividend", "@eps", "@net income"}),
    "yield": frozenset({"@dividend", "pric"}),
    "efficiency": frozenset({"@revenue", "noninterest", "expens"}),
}


# A market value (capitalization) is a price per share or unit times the shares or units.
_MARKET_VALUE = frozenset({"market", "@market cap"})
_UNITS = frozenset({"shar", "unit", "@shares outstanding"})
_PRICE_AND_UNITS = frozenset({"pric", "shar", "unit", "outstand"})


def broad_derivations(
    reading: Reading, index: SourceIndex, cited: list[Claim] | None = None
) -> list[Derivation]:
    """A last, wider search for a figure the answer computed without saying how ("a gross
    margin of 53.1% on revenue of $2,486 million", "book value per share of $24.27"): pairs,
    in either order, of the figures its sentence cites and the source values that share a
    word with its labels (and its period, when it names one)."""
    claim = reading.claim
    if COMPOUND in reading.cues:
        return []  # a compound rate is a CAGR the sentence describes, or wrong
    words = claim.label_words | reading.other_label
    if claim.kind == PERCENT:
        for word in words & _DEFINED_BY.keys():
            words = words | _DEFINED_BY[word]  # "gross margin was 65.2%": over revenue
    market_value = claim.kind == CURRENCY and bool(words & _MARKET_VALUE)
    if market_value:
        words = words | _PRICE_AND_UNITS  # "a market value of about S$4.05 billion"
    pool = [c for c in (cited or []) if c.kind not in (DATE, PERCENTAGE_POINTS, BPS)]
    # "Ammonia sales volume fell about 3.8% in 2024": a change in a year is also over the
    # year before, whose values it may take as the earlier operand (and only as that).
    before = (
        lx.year_before(claim.period)
        if claim.period and CHANGE in reading.cues and YEAR_AGO not in reading.cues
        else ""
    )
    if words:
        sharing = [
            c
            for c in index.sharing_words(words, limit=400)
            if c.kind not in (DATE, PERCENTAGE_POINTS, BPS)
            and "injected" not in c.qualifiers
            and c.value != 0
            and (
                not claim.period
                or not c.period
                or periods_compatible(claim.period, c.period)
                or (before and periods_compatible(before, c.period))
            )
        ]
        variant = bool(claim.label_words & VARIANTS)
        alike = [c for c in sharing if bool((c.label_words | c.header_words) & VARIANTS) == variant]
        if alike and variant and claim.kind == PERCENT:
            # "a segment adjusted EBITDA margin of 21.4%": the variant is the numerator's;
            # the revenue it is over is no variant of anything.
            alike += [c for c in sharing if c.label == "revenue" and c not in alike]
        # "Total CASM rose 4.4%": of the lines the words name, not the one excluding fuel.
        pool += alike if alike else sharing
    pool = _distinct(pool)[:MAX_BROAD]
    named = {c.header_words for c in pool if c.header_words & claim.label_words}
    if len(named) == 1 and not reading.other_label:
        # "The ammonia price fell about 13.5%": the one column its words name, Ammonia, and
        # not Urea's cells beside it.
        column = named.pop()
        pool = [c for c in pool if not c.header_words or c.header_words == column]
    kinds: tuple[str, ...]
    if claim.kind == PERCENT:
        kinds = (GROWTH, SHARE_OF)
    elif claim.kind == RATIO:
        kinds = (RATIO_OF,)
    elif claim.kind == CURRENCY:
        kinds = (DIFFERENCE, SUM_OF, RATIO_OF)  # a per-share figure is a ratio of amounts
        if market_value:
            kinds = (*kinds, PRODUCT)
    elif claim.kind in _AMOUNTS:
        kinds = (DIFFERENCE, SUM_OF)
    elif claim.kind in (PERCENTAGE_POINTS, BPS) and COMPARISON in reading.cues:
        # "The rate is now 300 basis points below the 11.25% of March 2024" after "to 8.25%"
        # in the sentence before: a spread the comparison draws between two rates the
        # answer gives, this sentence's and the one before's
        kinds = (SPREAD,)
        # ... or the rate the comparison names ("27 basis points above the coupon")
        named = (
            [c for c in index.sharing_words(reading.other_label, limit=64) if c.kind == PERCENT]
            if reading.other_label
            else []
        )
        pool = _distinct([c for c in cited or () if c.kind == PERCENT] + named)[:MAX_BROAD]
    else:
        return []
    factor = 100 if claim.kind == BPS else 1
    year_apart: tuple[str, str] | None = None
    if YEAR_AGO in reading.cues:
        # A change over the year is over the year: not between any two values sharing a word,
        # only between one line's values for the period its sentence names and a year before.
        named_period = claim.period or (
            reading.periods[0] if len(set(reading.periods)) == 1 else ""
        )
        earlier = lx.year_before(named_period) if named_period else ""
        if earlier:
            year_apart = (named_period, earlier)
        else:
            kinds = tuple(k for k in kinds if k not in (GROWTH, DIFFERENCE))
    margin = claim.kind == PERCENT and "margin" in words
    pool_kinds = {claim.kind, *(c.kind for c in pool)}
    may_mix = CURRENCY in pool_kinds and COUNT in pool_kinds
    out = []
    of_metric = [_same_metric(claim, c) for c in pool]
    # "Mace accounted for about 16.3% of total sales in 2024/25": a share of the one period
    # its sentence names takes no part or whole the sources give for another.
    named = claim.period or (
        reading.periods[0]
        if len(set(reading.periods)) == 1
        and not reading.from_to
        and not reading.cues & {CHANGE, COMPARISON}
        else ""
    )
    year = lx.period_year(named)
    other_period = [bool(year and lx.period_year(c.period) not in ("", year)) for c in pool]
    earlier = [
        bool(before and c.period and not periods_compatible(claim.period, c.period)) for c in pool
    ]
    for i, j in itertools.permutations(range(len(pool)), 2):
        a, b = pool[i], pool[j]
        if (a.kind == PERCENT) != (b.kind == PERCENT):
            continue
        if (earlier[i] or earlier[j]) and not (
            earlier[j]
            and not earlier[i]
            and a.period
            and a.label_words == b.label_words
            and a.header_words == b.header_words
        ):
            continue  # the year before's value is the earlier operand of its own line only
        mixed = (may_mix or RATIO in pool_kinds) and _money_and_count(claim, a, b)
        one_metric = of_metric[i] and of_metric[j]
        ordered = _chronological(a, b)
        for kind in kinds:
            if kind == SUM_OF and i > j:
                continue  # a sum once, its operands in the pool's order
            if mixed and kind in (DIFFERENCE, SUM_OF):
                continue
            if kind == DIFFERENCE and (a.value < 0) != (b.value < 0) and line_of(a) != line_of(b):
                # An outflow in brackets is taken off by adding it: operating cash flow less
                # "(172.5)" of capex is 609.4, never 781.9 + 172.5.
                continue
            if kind == GROWTH and not one_metric:
                continue  # a growth rate of revenue is not one of EBIT margins
            if (
                year_apart is not None
                and kind in (GROWTH, DIFFERENCE)
                and not (
                    a.label_words == b.label_words
                    and periods_compatible(year_apart[0], a.period)
                    and periods_compatible(year_apart[1], b.period)
                    and a.period
                    and b.period
                )
            ):
                continue
            if kind == SUM_OF and of_metric[i] != of_metric[j]:
                continue  # net sales plus net profit is no figure of net sales
            if kind in (SHARE_OF, RATIO_OF) and (other_period[i] or other_period[j]):
                continue
            if kind == SPREAD:
                if a.kind == PERCENT and b.kind == PERCENT:
                    out.append(Derivation(kind, (a, b), False, False, factor))
                continue
            if kind == PRODUCT:
                # A market value: a price per share or unit times the shares or units.
                if a.kind == CURRENCY and b.kind in (NUMBER, COUNT) and b.label_words & _UNITS:
                    out.append(Derivation(kind, (a, b), False, False))
                continue
            if kind in _SIGNED and ordered is not None:
                # Two periods: a change runs from the earlier to the later, in the direction
                # the words say.
                if ordered == (a, b):
                    out.append(Derivation(kind, (a, b), True, False))
                continue
            out.append(Derivation(kind, (a, b), False, False))
        if margin and "@revenue" in a.label_words and a.kind != PERCENT:
            # "gross margin was 40.0% on revenue of $820 million": revenue less its costs
            out.append(Derivation(MARGIN_OF, (a, b), False, False))
    return out


def pair_candidates(claim: Claim, figures: list[Claim]) -> list[Claim]:
    """The figures a formula for `claim` may pair: rates for a spread, amounts otherwise."""
    if claim.kind in (PERCENTAGE_POINTS, BPS):
        return _distinct([c for c in figures if c.kind == PERCENT])
    return _distinct([c for c in figures if c.kind in _AMOUNTS or c.kind == RATIO])


def one_metric(operands: tuple[Claim, ...]) -> bool:
    """Two operands of one metric: neither a variant of the other (core FFO, non-GAAP EPS)
    nor two known metrics that differ."""
    first, second = operands[0], operands[-1]
    if bool(first.label_words & VARIANTS) != bool(second.label_words & VARIANTS):
        return False
    return _same_metric(first, second)


def pairings(claim: Claim, figures: list[Claim]) -> Iterator[Derivation]:
    """Every formula of two of `figures` that gives a figure of the claim's kind, in both
    orders unless their periods say which is later."""
    if claim.kind in (PERCENTAGE_POINTS, BPS):
        kinds: tuple[str, ...] = (SPREAD,)
    elif claim.kind == PERCENT:
        kinds = (GROWTH, SHARE_OF)
    elif claim.kind == RATIO:
        # "a net leverage of 1.84x sat 1.66 turns below the 3.50x covenant": a multiple's
        # headroom is a difference of multiples.
        kinds = (RATIO_OF, DIFFERENCE)
    else:
        kinds = (DIFFERENCE,)
    factor = 100 if claim.kind == BPS else 1
    for a, b in itertools.permutations(figures, 2):
        if a.value == b.value or (kinds == (DIFFERENCE,) and _money_and_count(claim, a, b)):
            continue
        ordered = _chronological(a, b)
        for kind in kinds:
            signed = kind in _SIGNED
            if signed and ordered is not None and ordered != (a, b):
                continue  # a change runs from the earlier period to the later
            yield Derivation(kind, (a, b), signed and ordered is not None, True, factor)


def _money_and_count(claim: Claim, a: Claim, b: Claim) -> bool:
    """Money and a count of things ("$236" and "2,000 stores"): no difference or sum of
    the two is a count, and none is money (a ratio may be: dollars per share). Nor is one
    of a multiple and an amount ("2.73x" and "$1,267.4 million")."""
    kinds = (claim.kind, a.kind, b.kind)
    return (CURRENCY in kinds and COUNT in kinds) or ((a.kind == RATIO) != (b.kind == RATIO))


def products(claim: Claim, factors: list[Claim]) -> Iterator[Derivation]:
    """Products of two figures the sentence itself gives: a quantity at a price ("208
    million gallons at $2.41 per gallon, roughly $501 million") or a share of an amount
    ("about 40% (roughly $11.8 billion) of the $29.4 billion plan"); and the whole an
    amount paid for a share of it implies. `factors` hold no rate
    of change: 18.5% growth times another line is no figure of anything."""
    if claim.kind not in _AMOUNTS:
        return
    figures = _distinct(
        [c for c in factors if c.kind in _AMOUNTS or c.kind in (PERCENT, PERCENTAGE_POINTS)]
    )
    for a, b in itertools.permutations(figures, 2):
        if a.kind == PERCENT:
            if b.kind == claim.kind:
                yield Derivation(PRODUCT, (a, b), False, False)
        elif a.kind == PERCENTAGE_POINTS:
            # "a margin of 15.4 percentage points, or roughly 48,100 of the 312,480 valid
            # votes": points of a whole counted, the gap between two shares of it
            if b.kind in (COUNT, NUMBER) and claim.kind in (COUNT, NUMBER):
                yield Derivation(PRODUCT, (a, b), False, False)
        elif a.kind == CURRENCY and b.kind in (COUNT, NUMBER) and claim.kind == CURRENCY:
            yield Derivation(PRODUCT, (a, b), False, False)
        elif (
            claim.kind in (COUNT, NUMBER)
            and a.kind in (COUNT, NUMBER)
            and "spelled" in b.qualifiers
            and ("spelled" not in a.qualifiers or a.start < b.start)
        ):
            # "three each for 1.4 million", "twelve families, each limited to eight visitors"
            yield Derivation(PRODUCT, (a, b), False, False)
        if (
            a.kind == CURRENCY
            and b.kind == PERCENT
            and claim.kind == CURRENCY
            and b.value > 0
            and not other_currency(claim, a)
        ):
            # "75% of the club for £186 million, a value of about £248 million for the
            # whole": the amount paid for a stake over the stake.
            yield Derivation(RATIO_OF, (a, b), False, False)


def _no_scale_stated(operands: tuple[Claim, ...]) -> bool:
    # A loop rather than all() over a generator, which costs five times as much: this runs
    # for every formula a wide search tries.
    for operand in operands:  # noqa: SIM110
        if operand.scale_origin:
            return False
    return True


def derivation_values(reading: Reading, derivation: Derivation) -> list[Decimal]:
    """What the derivation gives, in the claim's terms: a ratio as a percentage for a
    percentage claim, and for a bare amount ("a decline of 403") the result at the scale
    its operands were written in ("1,654" and "1,251" in a table in millions)."""
    claim = reading.claim
    value = derivation.value
    if not value.is_finite():
        return []
    if claim.kind == PERCENT and derivation.kind == RATIO_OF:
        value = value * 100
    if claim.kind == RATIO and derivation.kind == SHARE_OF:
        value = value / 100
    values = [value]
    if derivation.kind == DIFFERENCE and claim.kind in _AMOUNTS:
        a, b = derivation.operands
        if _across_break_even(a, b):
            # "swung to a net loss of $48.9 million from net income of $12.2 million, a swing
            # of $61.1 million": the loss, written without its sign, is below zero.
            values = [_signed_result(a) - _signed_result(b)]
    if claim.kind in _AMOUNTS and derivation.kind in (DIFFERENCE, SUM_OF, AVERAGE_OF):
        if not claim.scale_origin and claim.scale in (None, 1):  # "3 cents" has its scale
            scales = {o.scale for o in derivation.operands}
            if len(scales) == 1 and (scale := scales.pop()) != 1:
                values.append(value / scale)
        elif _no_scale_stated(derivation.operands):
            # Operands of unknown scale (a table with no caption): any scale of their digits.
            values.extend(value * factor for factor in THOUSANDS)
    return values


def _is_loss(claim: Claim) -> bool:
    """Named a loss alone ("a net loss of $48.9 million"), not "net income (loss)"."""
    return "loss" in claim.label_words and not claim.label_words & _PROFIT_WORDS


_PROFIT_WORDS = frozenset({"incom", "profit", "earn", "earning"})  # as `labels.stem` folds them


def _across_break_even(a: Claim, b: Claim) -> bool:
    """A loss and a profit of one bottom line, both written as positive amounts."""
    return (
        a.value > 0
        and b.value > 0
        and _is_loss(a) != _is_loss(b)
        and bool((a.label_words & b.label_words) - {"net", "loss", "incom"})
    )


def _signed_result(claim: Claim) -> Decimal:
    return -claim.value if _is_loss(claim) else claim.value


def derivation_matches(reading: Reading, derivation: Derivation, *, broad: bool = False) -> bool:
    """The derivation gives the claim at the precision written, with the sign its words say
    where the operands' order makes the sign meaningful. A formula the sentence does not
    describe (`broad`) must give a figure of one significant digit exactly, as a stated
    value must (`approximately $4 million` is not 2.8 + 1.5)."""
    return DerivationTest(reading, broad=broad)(derivation)


class DerivationTest:
    """`derivation_matches` for one claim, its terms read once: a wide search tries dozens
    of formulas for the same claim, and only the formula's value changes between them."""

    __slots__ = ("exact", "hedged", "precision", "reading", "sign", "signed", "target")

    def __init__(self, reading: Reading, *, broad: bool = False, signed: bool = False) -> None:
        claim = reading.claim
        self.reading = reading
        self.target = abs(claim.value)
        self.precision = claim.precision or Decimal(1)
        # A hedged round figure of a change or a ratio between two values, when the sentence
        # describes it ("increased by roughly $420 million"), is rounded where it stops; a
        # sum of rows or a formula found without words is held to the last digit written,
        # since a coincidence of rows is nearer at a round figure's place.
        self.hedged = self.precision if broad else hedged_precision(claim)
        self.sign = signed_direction(reading)
        # `signed`: a change must go the way the words say whatever order the formula takes
        # its operands in (a wide search tries both orders: one of them is the sign error).
        self.signed = signed
        digits = BROAD_DIGITS if claim.kind in _AMOUNTS else 2
        self.exact = (
            broad
            and significant_digits(claim) < digits
            and claim.kind not in (PERCENT, PERCENTAGE_POINTS, BPS)
        )

    def __call__(self, derivation: Derivation) -> bool:
        target, precision, exact = self.target, self.precision, self.exact
        if (
            len(derivation.operands) == 2
            and derivation.kind in _BETWEEN_TWO
            and (derivation.factor == 1 or _a_year_apart(*derivation.operands))
        ):
            # (a spread in basis points only over a year: "roughly 180 basis points year
            # over year" of 183, never a two-year spread that rounds to the figure)
            precision = self.hedged
        if derivation.kind in (DIFFERENCE, SUM_OF) and any(
            abs(o.value) * 2 < precision for o in derivation.operands
        ):
            # An operand too small to move the figure's last digit is no operand: "£4.37
            # billion less 298" is the £4.37 billion itself.
            return False
        claim = self.reading.claim
        named = self.reading.own_name
        if named and not all(
            named & (o.label_words | o.header_words | o.section_words)
            for o in derivation.operands
            if o.source_id
        ):
            return False  # "and UAN about 18.0%": over UAN's own figures, not ammonia's
        if (
            derivation.kind in (DIFFERENCE, SUM_OF, AVERAGE_OF)
            and claim.kind == CURRENCY
            and claim.unit
            and any(other_currency(claim, o) for o in derivation.operands)
        ):
            return False  # "US$214.7 million" is no difference of two kwacha amounts
        for value in derivation_values(self.reading, derivation):
            if exact and abs(value) != target:
                continue
            if not at_precision(target, value, precision) and not _within_its_rates(
                target, value, precision, derivation
            ):
                continue
            if (
                (derivation.oriented or self.signed)
                and self.sign
                and derivation.kind in _SIGNED
                and value
                and (value > 0) != (self.sign > 0)
                and not _outflows(derivation)
            ):
                continue
            return True
        return False


_BETWEEN_TWO = frozenset({DIFFERENCE, GROWTH, SPREAD, RATIO_OF, SHARE_OF})


def _a_year_apart(a: Claim, b: Claim) -> bool:
    return bool(a.period and b.period) and (
        lx.year_before(a.period) == b.period or lx.year_before(b.period) == a.period
    )


def hedged_precision(claim: Claim) -> Decimal:
    """The place a worked amount (or change in basis points) is rounded to: its last
    digit's, or for a hedged round figure that keeps two significant digits there ("roughly
    $420 million" of 422.4, "roughly 180 basis points" of 183) its last non-zero digit's. One
    digit left ("about $20 million" of 23.1) is no rounding."""
    precision = claim.precision or Decimal(1)
    if not claim.approximate or claim.kind not in (*_AMOUNTS, BPS):
        return precision  # "roughly 110%" is no rounding of 105.4%
    place = last_digit_place(claim)
    if abs(claim.written) < place * 10:
        return precision
    return max(precision, place * (claim.scale or 1))


def last_digit_place(claim: Claim) -> Decimal:
    """The place of the last digit that is not a trailing zero of a whole number as written:
    10 for "350", 100 for "1,800", 0.1 for "2.5"."""
    written = abs(claim.written)
    if written != written.to_integral_value() or written == 0:
        return (claim.precision or Decimal(1)) / (claim.scale or 1)
    place = Decimal(1)
    number = int(written)
    while number % 10 == 0:
        number //= 10
        place *= 10
    return place


def _within_its_rates(
    target: Decimal, value: Decimal, precision: Decimal, derivation: Derivation
) -> bool:
    """A spread written more finely than its two rates ("roughly 101 bps" between 90.1%
    and 89.1%) was worked from the rates unrounded: it holds if it lies within what the
    rates as written allow (90 to 110 basis points), and no more closely can it be checked.
    Both rates must be written to the same place, the one that rounded them."""
    if derivation.kind != SPREAD:
        return False
    if not all(o.text.rstrip().endswith("%") for o in derivation.operands):
        return False  # a rate worked out here from amounts is unrounded
    places = {o.precision for o in derivation.operands}
    if len(places) != 1 or None in places:
        # "from 3.95% to 4.3%": rates written to different places are exact as written
        return False
    place = places.pop()
    if any(o.value != o.value.quantize(place) for o in derivation.operands):
        # rates the answer worked out, unrounded: only the rounding of their own operands
        # is left ("≈ 54.8%" from $292.8M ÷ $534.3M), within the spread's last digit
        return abs(target - abs(value)) <= precision
    place = place * derivation.factor
    return precision < place and abs(target - abs(value)) <= place + precision / 2


def _outflows(derivation: Derivation) -> bool:
    """A difference of two bracketed amounts ("(371,206)" and "(349,517)" of cost of sales):
    a rise in the cost is a fall in the signed values, so either sign says the change."""
    return (
        derivation.kind == DIFFERENCE
        and all(o.value < 0 for o in derivation.operands)
        # (not a deficit of a line that is no outflow: a pension's funded status "from
        # $(217.3) million to $(135.7) million" improved by $81.6 million)
        and not any(
            o.label_words and not o.label_words & _OUTFLOW_WORDS for o in derivation.operands
        )
    )


def signed_direction(reading: Reading) -> int:
    """+1 or -1 when the words or a written minus say which way the figure goes, else 0."""
    if reading.direction:
        return reading.direction
    if reading.claim.value < 0:
        return -1
    return 0


def sign_contradicted(reading: Reading, derivation: Derivation) -> bool:
    """The magnitude is right but the words say the change went the other way."""
    claim = reading.claim
    sign = signed_direction(reading)
    if not sign or not derivation.oriented or derivation.kind not in _SIGNED:
        return False
    results = derivation_values(reading, derivation)
    if (
        derivation.kind == DIFFERENCE
        and all(operand.value for operand in derivation.operands)
        and any(
            at_precision(abs(operand.value), abs(value), claim.precision)
            for operand in derivation.operands
            for value in results
        )
    ):
        # "$151.2 million (4.9 points) in 2024; prior year: $202.9 million (7.1 points)":
        # a difference that is one of its own operands at the claim's precision (less 7.1
        # points) is no change of the amount, however its sign reads.
        return False
    return any(
        value
        and at_precision(abs(claim.value), value, claim.precision)
        and (value > 0) != (sign > 0)
        for value in results
    )
