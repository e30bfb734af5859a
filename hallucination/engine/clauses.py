"""The words that name each figure in prose: one reader for sources and answers alike.

A figure's label is the words back to the previous figure of its sentence ("Net cash
provided by operating activities of $3,547 million plus net cash used for investing
activities of -$319 million": each amount its own). Dates are not boundaries and are left
out ("Operating profit was $433 million in 2009"); a figure that is part of a name is not a
boundary either ("the 5.00% notes", "S&P 500 Index"). A figure with no words of its own
takes the metric linked after it ("$84,210 of pending disbursements", "$312 million in net
income") or, failing that, continues the one named before it in its sentence ("in 2007 the
figure was $4 billion", "$17 million in 2008"). A metric attached right after a figure by
the number reader ("$0.71 per diluted share", "48 trades") wins over words before it.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from . import labels
from . import lexicon as lx
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
)

MAX_WINDOW_CHARS = 160
# (The same as r"[.!?](?=\s+[A-Z0-9(\"'*-]|\s*\n|\s*\Z)|\n", as a test checks, with the
# character class first so that the search skips to candidates.)
# A line break ends a sentence unless it only wraps prose ("Revenue was\n$2.87 billion").
_SENTENCE_END = re.compile(
    r"[.!?\n](?:(?<=[.!?])(?=\s+[A-Z0-9(\"'*-]|\s*\n|\s*\Z)|(?<=\n)(?!" + lx.SOFT_WRAP + r"))"
)
_ABBREVIATION_END = re.compile(
    r"\b(?:approx|vs|inc|corp|co|ltd|no|u\.s|e\.g|i\.e|mr|ms|dr|dec|jan|feb|mar|apr|jun|jul|aug|"
    r"sep|sept|oct|nov|nu|rs|ps|tk|shs|ksh|afl|sh)\Z",  # and currencies: "Nu. 4,286.5 million"
    re.IGNORECASE,
)
_NEXT_WORD = re.compile(r"[ -]?([A-Za-z][A-Za-z&'-]*)")
# A new clause inside a sentence: what comes after it names its own figures.
_CLAUSE_JOIN = re.compile(
    r"[,;]\s+(?:and|but|while|whereas|with|as|although|though|on\s+top\s+of|in\s+addition\s+to|"
    r"alongside|besides)\s+|;\s+|\s+(?:and|but)\s+(?=(?:the|its|their|our)\s)",
    re.IGNORECASE,
)
# A metric named after its figure, linked by "in" or "of", up to the next figure or stop.
_LINKED_AFTER = re.compile(
    r"\s+(?:in|of)\s+((?:the\s+)?[A-Za-z][A-Za-z&'’ -]{1,80}?)"
    r"(?=[,.;:()]|\s+(?:and|or|in|at|for|on|with|while|compared|versus|vs|is|are|was|were|will|"
    r"would|has|have|had|to|from|during|over|as|due|driven|reflecting|which|because)\b|\s*$|\s+[$€£0-9])",
    re.IGNORECASE,
)
# The words a list item puts after its figure, then the comma before the next item.
_PREVIOUS_ITEM = re.compile(
    r"\s*(?:from|in|of|for|by)\s+[A-Za-z][^,;:$€£0-9]{0,80}?(?:,\s*(?:and\s+)?|\s+and\s+)",
    re.IGNORECASE,
)
_ITEM_AFTER = re.compile(
    r"\s+(?:from|in|of|for|by)\s+((?:the\s+)?[A-Za-z][A-Za-z&'’ -]{1,80}?)(?=[,.;:()]|\s+and\s|\s*$)",
    re.IGNORECASE,
)
# "a 10.0% decline in net sales", "a $3.1 million increase in interest expense", "a 14.3%
# increase for the first bag": a change named after its figure is a change of the metric
# after "in" or "for".
_CHANGE_IN_AFTER = re.compile(
    _LINKED_AFTER.pattern.replace(
        r"\s+(?:in|of)\s+",
        r"\s+(?:increase|decrease|decline|rise|drop|fall|reduction|gain|growth|improvement"
        r"|deterioration|jump|contraction|expansion|dip)\s+(?:in|for)\s+",
        1,
    ),
    re.IGNORECASE,
)
# "11,950 were professional drivers": a count, then the plural noun phrase it counts (not
# "were up", "were closed", "were in line").
_COUNTED_AS = re.compile(
    r"\s+(?:were|are)\s+((?!(?:up|down|flat|higher|lower|in|on|at|not|also|still|then|"
    r"about|approximately|expected|due|made|held|added|closed|opened)\b)"
    r"(?:[a-z][a-z-]*\s+){0,3}[a-z][a-z-]*s)(?=[,.;:()]|\s+(?:and|or|in|at|for|on|with|while)\b|\s*$)"
)
# "spent $60.0 million on share repurchases and $42.9 million on acquisitions": after a
# verb of spending, "on" and "for" link the figure to what the money went to.
_SPENT_ON = re.compile(_LINKED_AFTER.pattern.replace("(?:in|of)", "(?:on|for)", 1), re.IGNORECASE)
_SPENDING = re.compile(
    r"\b(?:spent|spend|spends|spending|invested|invests|paid|pays|allocated|returned|deployed)\b",
    re.IGNORECASE,
)
# In lower-case ASCII, every match of _SPENDING starts with one of these and every match of
# _CLAUSE_JOIN holds one: a figure with none in the words before it needs no search there.
_SPENDING_HINT = re.compile(r"spen[dt]|invest|pa(?:id|ys)|allocated|returned|deployed")
_CLAUSE_JOIN_HINT = re.compile(r"[,;]|and|but")
_PER_SHARE = re.compile(r"\s+(?:per|a)\s+(?:diluted\s+|basic\s+)?share\b", re.IGNORECASE)
# "in the prior-year period", "in the same quarter": a period, not a metric.
_PERIOD_QUALIFIERS = frozenset(
    {"prior", "previous", "preced", "comparabl", "same", "ago", "earlier"}
)
ANAPHORA = frozenset(
    {"figure", "amount", "number", "level", "it", "that", "this", "same", "one", "value", "total"}
)
# "$0.21 per diluted share on a non-GAAP basis", "up 6% on an organic basis".
_BASIS_AFTER = re.compile(
    r"[^.;,\n]{0,30}?\bon\s+an?\s+(non[\s-]?GAAP|GAAP|adjusted|reported|organic|underlying|"
    r"core|constant[\s-]currency|like-for-like)\s+basis\b",
    re.IGNORECASE,
)
# What a base of a change was, named by the kind of figure: "up from our prior range of".
_FORMER_FIGURES = frozenset(
    {"rang", "forecast", "guidanc", "outlook", "estimat", "projection", "target", "our", "its"}
)
# "¹ Includes SRD 42,300 thousand of sales to the Government": a verb of containing names
# nothing; the words after the figure do.
_INCLUDING = frozenset({"includ", "compris", "contain", "among"})
_PASSIVE_BY = re.compile(r"\b(?:were|was|are|is|been)\s+[a-z]+ed\s+by\s*\Z", re.IGNORECASE)
# Verbs of holding or taking in, folded: "holds", "held", "maintains", "carried",
# "collected", "generated", "earned", "recorded".
_HOLDING = frozenset(
    {"hold", "held", "maintain", "carri", "carry", "collect", "generat", "earn", "record"}
)
# The noun phrase right before a bracket: the words after the last verb or joining word.
_PHRASE_BEFORE_BRACKET = re.compile(
    r"(?:^|[,;:]|\b(?:as|and|while|but|than|with|fell|rose|grew|was|were|is|are|of|"
    r"excludes|excluding|includes|including|deducting))\s+"
    r"((?:[A-Za-z&'’/-]+\s+){0,4}[A-Za-z&'’/-]+)\s*\Z",
    re.IGNORECASE,
)
# Words before a bracket that say how much or how, not what: "grew by about a quarter
# (25.1%)", "rose sharply (+14%)" restate the clause's figure in words.
_HOW_MUCH = re.compile(
    r"[a-z]+ly|a|an|one|by|about|around|roughly|nearly|almost|some|over|under|more|less|than"
    r"|half|third|thirds|quarter|quarters|fourth|fifth|tenth|double|doubled|tripled|fold",
    re.IGNORECASE,
)


def _names_a_thing(phrase: str) -> bool:
    return any(not _HOW_MUCH.fullmatch(word) for word in re.findall(r"[A-Za-z]+", phrase))


# "a gain of", "a loss of" right before a change in points: the change's noun.
_GAIN_OF = re.compile(r"\b(?:an?\s+)?(?:gain|loss)\s+of\s*\Z", re.IGNORECASE)


# A sentence that opens on a pronoun for its subject: "It amounted to", "This came to".
_ANAPHORIC = re.compile(r"\s*(?:it|this|that)\s+(?:[a-z]+\s+){0,2}\Z", re.IGNORECASE)


@quick_init
@dataclass(frozen=True, slots=True)
class ClauseReading:
    """What the words around one figure say about it."""

    label: frozenset[str]
    inherited: bool  # the label continues the metric named before it in its sentence
    window: str  # the words the label was read from
    sentence: int
    # The words straight after the figure, when they may name it instead ("its $1.5
    # billion revolver", "a 24.0% adjusted EBITDA margin"); which reading is meant is for
    # the sources to tell (the one that names a source line better).
    after: frozenset[str] = frozenset()


_BASE_WORDS = frozenset({"from", "versus", "vs", "than", "against", "over", "compared"})
_WINDOW_WORD = re.compile(r"[A-Za-z][A-Za-z'&-]*")


def introduces_base(window: str) -> bool:
    """The words before a figure introduce it as the base of a change or comparison:
    "from $1.62 billion", "compared to $331.2 million", "against estimated EPS of $0.45"."""
    return bool(_BASE_WORDS & {w.lower() for w in _WINDOW_WORD.findall(window)})


def sentence_bounds(text: str) -> list[tuple[int, int]]:
    """Where each sentence starts and ends (a line break ends one too)."""
    bounds = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        end = m.start()
        if text[end] == "." and (
            _ABBREVIATION_END.search(text, max(0, end - 6), end) or text[end - 1 : end] == "."
        ):
            continue
        if end > start:
            bounds.append((start, end))
        start = m.end()
    if start < len(text):
        bounds.append((start, len(text)))
    return bounds or [(0, len(text))]


# "... over 212.4 million shares": a quotient's divisor right after its operator.
_OVER_BEFORE = re.compile(r"\b(?:over|divided\s+by|per)\s*\Z", re.IGNORECASE)
# "according to government data": an attribution, up to the clause's next comma.
_ATTRIBUTION = re.compile(r"\baccording\s+to\b[^,;.]*", re.IGNORECASE)


# Verbs a figure is the subject of: "80% works out to", "52% goes to", "12% represents".
_VERBS_AFTER_A_FIGURE = frozenset(
    {"works", "worked", "goes", "went", "comes", "came", "covers", "covered", "represents"}
    | {"represented", "accounts", "accounted", "equals", "equaled", "amounts", "amounted"}
    | {"translates", "translated", "means", "implies", "implied", "corresponds", "remains"}
)


def embedded(text: str, claim: Claim) -> bool:
    """A figure that is part of a name rather than a value of its own: the rate of "the 5.00%
    notes", the 500 of "S&P 500 Index". A bare number or a percentage followed straight by
    a content word; never an amount of money or a count ("15 trades")."""
    if claim.kind not in (NUMBER, PERCENT) or claim.scale != 1:
        return False
    if "," in claim.text:
        return False  # "41,206 departures": a quantity; names are not written with groups
    following = _NEXT_WORD.match(text, claim.end)
    if not following or not labels.words(following.group(1)):
        return False
    if following.group(1).lower() in _VERBS_AFTER_A_FIGURE:
        return False  # "80% works out to roughly €1.296 billion": the figure is a subject
    # "15 winners": a count whose noun the lexicon knows is a value, not a name.
    return not _names_its_label(claim, following.group(1))


def _names_its_label(claim: Claim, noun: str) -> bool:
    """The word after a figure is the metric the number reader gave it ("15 winners")."""
    return bool(claim.label) and "@" + claim.label in labels.label_words(noun)


def sentence_index(claims: list[Claim], sentences: list[tuple[int, int]]) -> list[int]:
    out = []
    k = 0
    for claim in claims:
        while k + 1 < len(sentences) and claim.start >= sentences[k][1]:
            k += 1
        out.append(k)
    return out


def without_dates(
    text: str, start: int, end: int, claims: list[Claim], starts: list[int] | None = None
) -> str:
    """The text between two figures with the dates inside it blanked out.

    `starts` (the claims' start offsets, sorted) keeps this a binary search rather than a
    pass over every claim of a long source.
    """
    if starts is None:
        starts = [c.start for c in claims]
    pieces = []
    cursor = start
    i = max(0, bisect.bisect_left(starts, start) - 4)  # a date may start a little before
    while i < len(claims) and claims[i].start < end:
        claim = claims[i]
        i += 1
        if claim.kind != DATE or claim.end <= start:
            continue
        pieces.append(text[cursor : max(cursor, claim.start)])
        cursor = max(cursor, claim.end)
    pieces.append(text[cursor:end])
    joined = " ".join(pieces)
    if "[" in joined:
        # "21 trades [Source: report.summary.trades]: 13 wins": a citation names a path,
        # not the next figure's metric.
        joined = _BRACKETED_TAG.sub(" ", joined)
    return joined


_BRACKETED_TAG = re.compile(r"\[(?:Source|Sources|Verified|Ref)\s*:[^\]\n]{0,400}\]", re.IGNORECASE)


def read_clauses(
    text: str, claims: list[Claim], sentences: list[tuple[int, int]] | None = None
) -> list[ClauseReading]:
    """One reading per claim, in order (a date's is empty)."""
    if sentences is None:
        sentences = sentence_bounds(text)
    sentence_of = sentence_index(claims, sentences)
    out: list[ClauseReading] = []
    previous_label: frozenset[str] = frozenset()
    # "net income was $41.8 million, or $0.87 per diluted share, compared to $35.0 million,
    # or $0.73": a per-share figure's own metric goes on to the next per-share figure, and
    # $35.0 million continues the one named before it.
    per_share_label: frozenset[str] = frozenset()
    previous_sentence = -1
    taken_until = 0  # words after a figure that it took as its own label
    listing = False  # the figure before was an item of a list naming each after its figure
    previous_noun: frozenset[str] = frozenset()  # the noun right after the figure before
    starts = [c.start for c in claims]
    # (Only for ASCII text, where lower-casing is exact: under IGNORECASE a few other
    # letters match too. None: search every window.)
    lowered = text.lower() if claims and text.isascii() else None
    spending = [m.start() for m in _SPENDING_HINT.finditer(lowered)] if lowered else None
    join_hints = [m.start() for m in _CLAUSE_JOIN_HINT.finditer(lowered)] if lowered else None
    sentences_with_figures = {
        sentence_of[i] for i, c in enumerate(claims) if c.kind != DATE and not c.nested
    }
    for i, claim in enumerate(claims):
        k = sentence_of[i]
        s_start, s_end = sentences[k]
        if k != previous_sentence:
            previous_label = per_share_label = frozenset()
            previous_sentence = k
            listing = False
            previous_noun = frozenset()
        if claim.kind == DATE or claim.nested or "operand" in claim.qualifiers:
            # A formula's operand ("(0.50 - 0.45) / 0.45") copies a value; it names nothing.
            out.append(ClauseReading(frozenset(), False, "", k, frozenset()))
            continue
        window_start = s_start
        window_end = claim.start
        for j in range(i - 1, -1, -1):
            if sentence_of[j] != k:
                break
            previous = claims[j]
            if "operand" in previous.qualifiers:
                # "Gross margin = $8,113M / $24,816M ≈ 32.7%": the result is named by the
                # words before the arithmetic, which names nothing itself.
                window_end = previous.start
                continue
            if previous.kind != DATE and not previous.nested and not embedded(text, previous):
                window_start = previous.end
                per_share = _PER_SHARE.match(text, previous.end)
                per_unit = None if per_share else _PER_UNIT_SUFFIX.match(text, previous.end)
                if per_share:
                    window_start = per_share.end()  # "$0.87 per diluted share" is one figure
                elif per_unit and previous.kind == CURRENCY:
                    # "US$1,284/oz (2022: US$1,196/oz)": the unit a price is per is that
                    # price's, and names nothing for the figure after it.
                    window_start = per_unit.end()
                elif previous.kind in (COUNT, NUMBER):
                    # "24 trades, 15 winners and 9 losers": a count's noun is its own.
                    noun = _NEXT_WORD.match(text, previous.end)
                    if noun and (
                        previous.kind == COUNT
                        or "," in previous.text  # "41,206 departures": a quantity's noun
                        or _names_its_label(previous, noun.group(1))
                    ):
                        window_start = previous.end + noun.end() - noun.start()
                break
        window_start = max(window_start, taken_until, window_end - MAX_WINDOW_CHARS)
        joins = (
            list(_CLAUSE_JOIN.finditer(text, window_start, window_end))
            if join_hints is None or _starts_between(join_hints, window_start, window_end)
            else []
        )
        subject: frozenset[str] = frozenset()
        if joins:
            window_start = joins[-1].end()  # ", and the company raised its EPS outlook to"
            if joins[-1].group().strip(" ,").lower() == "with" and window_start > s_start:
                # "E-commerce was Northcape's fastest-growing channel in fiscal 2024, with
                # revenue up 11.6%": the metric of a with-clause is the subject's.
                named = _SUBJECT.match(text, s_start, joins[-1].start())
                if named is not None and not _starts_between(starts, s_start, named.end()):
                    subject = labels.label_words(named.group(1))
        if claim.kind in (PERCENT, CURRENCY) and claim.start > 0 and text[claim.start - 1] == "(":
            # "the payout ratio fell as FFO per share (+10.6%) grew", "adjusted EBITDA excludes
            # stock-based compensation ($96.3 million in 2024)": a figure in brackets right
            # after a noun phrase is that phrase's, not the clause's subject's.
            named = _PHRASE_BEFORE_BRACKET.search(text, window_start, claim.start - 1)
            if named is not None and _names_a_thing(named.group(1)):
                window_start = max(window_start, named.start(1))
        opened = text.rfind("(", window_start, claim.start)
        if (
            opened >= 0
            and ")" not in text[opened : claim.start]
            and _VERB_IN_BRACKETS.match(text, opened + 1, claim.start)
        ):
            # "rather than volume alone (prescriptions rose about 9.3%)": a bracket that
            # names its figure and what it did is a clause of its own.
            window_start = opened + 1
        window = (
            without_dates(text, window_start, window_end, claims, starts)
            if window_start < window_end
            else ""
        )
        if "," in window and window_start > s_start and _after_a_figure(text, window_start):
            # "Net of the 1,250,000 shares repurchased, Brindle's shares outstanding
            # increased by": words up to a comma after a figure finish that figure's
            # phrase; the metric named after it is this one's.
            comma = window.find(",")
            tail = window[comma + 1 :]
            if lx.canonical_labels(tail) and not lx.canonical_labels(window[:comma]):
                window = tail
        if "ccording to" in window:
            # "..., according to government data, up from $548 million": who says so names
            # no line
            window = _ATTRIBUTION.sub(" ", window)
        own = labels.label_words(window)
        if claim.kind in (PERCENTAGE_POINTS, BPS) and _GAIN_OF.search(window):
            # "35.22%, a gain of 2.27 percentage points": a rate's change, no gain's figure
            own = labels.label_words(_GAIN_OF.sub(" ", window))
        if "@net income" in own and _PER_SHARE.match(text, claim.end):
            # "Adjusted earnings were 58 cents per share": earnings per share, not the
            # earnings themselves
            own = (own - {"@net income"}) | {"@eps"}
        basis = _BASIS_AFTER.match(text, claim.end, min(s_end, claim.end + 60))
        if basis is not None and own:
            # "earned $0.21 per diluted share on a non-GAAP basis": the basis said after
            # the figure is its variant
            own = own | labels.label_words(basis.group(1))
        window_words = labels.words(window)
        if subject and own and not own & subject:
            own = own | subject
        inherited = False
        following = starts[i + 1] if i + 1 < len(claims) else s_end
        # endpos reads the text as if it ended there, without copying all that comes before.
        # "**$233.5 million** of underwriting income": emphasis closes the figure, not its
        # words.
        after_end = claim.end
        while after_end < s_end and text[after_end] in "*_":
            after_end += 1
        linked = _LINKED_AFTER.match(text, after_end, min(s_end, following))
        spent_on = False
        spent_from = max(s_start, claim.start - 200)
        if (
            not linked
            and (spending is None or _starts_between(spending, spent_from, claim.start))
            and _SPENDING.search(text, spent_from, claim.start)
        ):
            linked = _SPENT_ON.match(text, after_end, min(s_end, following))
            spent_on = linked is not None
        change_in = False
        if not linked:
            linked = _CHANGE_IN_AFTER.match(text, after_end, min(s_end, following))
            change_in = linked is not None
        if not linked and claim.kind == NUMBER and not claim.unit:
            # "of whom approximately 11,950 were professional drivers and 1,870 were
            # maintenance technicians": a count, then what those counted were.
            linked = _COUNTED_AS.match(text, after_end, min(s_end, following))
            counted_as = linked is not None
        else:
            counted_as = False
        linked_words = set(labels.words(linked.group(1))) if linked else set()
        after_label = (
            labels.label_words(linked.group(1))
            if linked_words and not linked_words <= ANAPHORA | _PERIOD_QUALIFIERS
            else frozenset()
        )
        if after_label:
            # "$2.7 billion of cash and investments": those words are this figure's, never
            # the next one's.
            taken_until = linked.end(1)
        in_list = (
            _PREVIOUS_ITEM.fullmatch(window) is not None
            or window.rstrip().endswith(":")
            or (listing and not window.strip(" ,;").removeprefix("and").strip())
        )
        item = _ITEM_AFTER.match(text, after_end, min(s_end, following)) if in_list else None
        listing = item is not None
        if item is not None and labels.label_words(item.group(1)):
            # "totals $46.2 million: $28.5 million from the state, $10.0 million in Morgan
            # County property tax abatements, $4.2 million from the City of Decatur and ...":
            # in a list whose items name their figures after them, the words before a
            # figure are the item before's.
            own = after_label = labels.label_words(item.group(1))
            taken_until = item.end(1)
        elif after_label and (spent_on or change_in or counted_as):
            # what the money went to, not who spent it; what changed; what was counted
            own = after_label
        elif (
            after_label
            and 2 <= len(window_words) <= 4
            and window_words[-1] in _HOLDING
            and not lx.canonical_labels(window)
        ) or (after_label and _PASSIVE_BY.search(window)):
            # ("were collateralized by $398.7 million of receivables": the agent of a
            # passive verb, named after the figure)
            # "The Company holds $118.2 million in restricted trust accounts": a subject and
            # a verb of holding before the figure, what is held after it
            own = after_label
        elif (
            not own
            and claim.kind in (COUNT, NUMBER)
            and _OVER_BEFORE.search(window)
            and (counted := _noun_after(text, claim)[0])
            and not embedded(text, claim)
        ):
            # "net income of $590.1 million over 212.4 million shares": the count a
            # quotient is over is named by its noun, not by the figure before it
            own = counted
        elif after_label and window_words[-1:] and window_words[-1] in _INCLUDING:
            # "total assets include 2,104.6 of operating lease right-of-use assets": what
            # is included, not what includes it
            own = after_label
        elif (
            not own
            or set(window_words) <= ANAPHORA | _PERIOD_QUALIFIERS | _INCLUDING
            # "non-GAAP EPS of $4.45 to $4.55, up from our prior range of $4.35 to $4.50":
            # a base named by the kind of figure it was is the same metric's
            or (
                previous_label
                and set(window_words) <= ANAPHORA | _PERIOD_QUALIFIERS | _FORMER_FIGURES
                and introduces_base(window)
            )
            # "84.2 million tons in 2024 compared with 82.9 million tons": the unit the
            # figure before was counted in names nothing new
            or (
                previous_noun
                and previous_label
                and own <= previous_noun
                and introduces_base(window)
            )
        ):
            if after_label:
                own = after_label
            elif per_share_label and _per_share_shaped(claim):
                own = per_share_label
                inherited = True
            elif previous_label:
                own = previous_label
                inherited = True
            elif k > 0 and _ANAPHORIC.match(window) and k - 1 not in sentences_with_figures:
                # "Power remains the largest cost. It amounted to Nu. 1,572.4 million": "it"
                # is the subject of the sentence before, which gave no figure of its own.
                before_start, before_end = sentences[k - 1]
                own = labels.label_words(text[before_start:before_end])
                inherited = True
        attached = _attached_label(text, claim, own) if inherited or not own else frozenset()
        if attached:
            own = attached
            inherited = False
        if attached and _PER_SHARE.match(text, claim.end):
            per_share_label = attached
        elif own and not inherited:
            previous_label = own
        noun, noun_end = _noun_after(text, claim)
        if noun and _DETERMINER_BEFORE.search(text, max(0, claim.start - 12), claim.start):
            # "its $1.5 billion revolver", "a 24.0% margin": a figure between a determiner
            # and a noun measures that noun.
            own, inherited = noun, False
            previous_label = noun
        if (
            noun
            and claim.kind != RATIO
            and not labels.label_words(window)
            and not embedded(text, claim)
        ):
            # "on 4,687 million available seat miles": a figure with no words of its own
            # before it is named by those right after it, and they are never the next
            # figure's. (With a name before it, words after it are its predicate: "$612
            # million covered interest expense".)
            taken_until = max(taken_until, noun_end)
        out.append(ClauseReading(own, inherited, window, k, noun))
        previous_noun = noun
    return out


# A sentence's subject: a short name before its copula ("E-commerce was ...").
_SUBJECT = re.compile(
    r"\s*(?:The\s+)?([A-Z][\w&'’-]*(?:\s+[\w&'’-]+){0,2}?)\s+(?:was|were|is|are)\s"
)
# A verb of change after a name in brackets: "(prescriptions rose about 9.3%)".
_VERB_IN_BRACKETS = re.compile(
    r"\s*[A-Za-z][A-Za-z' -]{1,40}?\s+(?:rose|fell|grew|increased|decreased|declined|"
    r"climbed|dropped|was|were|up|down)\b",
    re.IGNORECASE,
)
# "/oz", " per ounce", " per night": the unit a price is per, one word.
_PER_UNIT_SUFFIX = re.compile(r"(?:\s*/\s*|\s+per\s+)[A-Za-z]{1,12}\b", re.IGNORECASE)


def _starts_between(positions: list[int], low: int, high: int) -> bool:
    """Some position of the sorted `positions` lies in [low, high)."""
    i = bisect.bisect_left(positions, low)
    return i < len(positions) and positions[i] < high


_DETERMINER_BEFORE = re.compile(
    r"\b(?:its|their|our|his|her|a|an|the|this|that)\s+"
    r"(?:(?:roughly|about|approximately|nearly|some|estimated)\s+)?\(?\Z",
    re.IGNORECASE,
)
# (Or joined by a hyphen, as a source writes a quantity: "a 96-bed patient tower".)
_NOUN_AFTER = re.compile(r"[ -]([A-Za-z][A-Za-z&'’-]*(?: [A-Za-z][A-Za-z&'’-]*){0,4})")
_NOT_A_NAME_AFTER = frozenset(
    {"last", "prior", "previous", "next", "this", "per", "a", "an", "the"}
)


def _after_a_figure(text: str, start: int) -> bool:
    """Whether a window opens right after a figure (its noun or unit aside): at a digit, a
    closing bracket or a percent sign, or a word after one."""
    before = text[max(0, start - 20) : start].rstrip()
    return bool(before) and (
        before[-1].isdigit() or before[-1] in "%)" or _FIGURE_NOUN_END.search(before) is not None
    )


_FIGURE_NOUN_END = re.compile(r"[0-9%][ \t]*[A-Za-z]{1,12}\Z")


def _per_share_shaped(claim: Claim) -> bool:
    """An amount of money with no scale word, as per-share figures are written ($0.73)."""
    return claim.kind == CURRENCY and claim.scale in (None, 1)


def _noun_after(text: str, claim: Claim) -> tuple[frozenset[str], int]:
    """The words straight after a figure, with no linking word ("its $1.5 billion revolver",
    "a 24.0% adjusted EBITDA margin", "4,687 million available seat miles"), and where they
    end."""
    found = _NOUN_AFTER.match(text, claim.end)
    if not found:
        return frozenset(), claim.end
    words: list[str] = []
    end = claim.end
    for word in found.group(1).split(" "):
        lowered = word.lower()
        if lowered in _NOT_A_NAME_AFTER or (not labels.words(lowered) and lowered != "average"):
            break  # "a $247.60 average daily rate" names a metric; "average" alone does not
        words.append(word)
        end = text.index(word, end) + len(word)
    if not words:
        return frozenset(), claim.end
    return labels.label_words(" ".join(words)), end


def _attached_label(text: str, claim: Claim, own: frozenset[str]) -> frozenset[str]:
    """The metric the number reader found attached right after a figure ("$0.71 per diluted
    share" is EPS, "48 trades" counts trades), when the words before it named another."""
    if not claim.label or "@" + claim.label in own:
        return frozenset()
    following = text[claim.end : claim.end + 40]
    if "@" + claim.label not in labels.label_words(following) and not (
        claim.label == "eps" and _PER_SHARE.match(following)
    ):
        return frozenset()
    return frozenset({"@" + claim.label, *labels.words(claim.label)})
