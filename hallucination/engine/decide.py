"""Stage 4, decide: one outcome per claim, from the candidates, in the order of trust.

The order (DESIGN.md "How a verdict is decided", docs/detection.md "From claim to outcome"):

1. A value the sources **state for this metric and period** decides, full stop: equal is
   `grounded`; anything else is wrong, and which field disagrees names the outcome (another
   period of the same metric: `period_mismatch`; another metric's value: `substitution`;
   the same digits at another scale: `scale_drift`; a hedged figure: `approximation`; a sum
   of parts: `unsupported_aggregation`; none of these: `fabrication`).
2. A figure the wording says is **derived** (a change, a share, a ratio, a sum) is checked
   against the formula its sentence describes: a match is `derived`; the right size with
   the wrong direction, or a described formula that gives another value, is
   `arithmetic_drift`.
3. Otherwise a value **anywhere in the sources** grounds the claim (weak evidence grounds,
   with a lower confidence), then a formula over the values its sentence and labels name.
4. Only **positive evidence** flags what is left: a hedged figure near a value, the same
   digits at another stated scale, or nothing near it anywhere (`fabrication`). A derived
   figure whose operands the sources do not identify is not flagged on absence alone.
"""

from __future__ import annotations

import bisect
import calendar
import itertools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from decimal import Decimal

from . import candidates as cd
from . import clauses, labels, numberwords, values
from . import lexicon as lx
from .answer import (
    AVERAGE,
    CHANGE,
    COMPARISON,
    COMPOUND,
    MAX_FIGURES_ASKED,
    MIDPOINT,
    MINUS,
    OVER,
    PLUS,
    SHARE,
    SUM,
    YEAR_AGO,
    AnswerReading,
    Reading,
    WordedFormula,
    defined_formulas,
    per_share_formulas,
    question_periods,
    worded_formulas,
)
from .candidates import Binding, Derivation
from .extraction import CENT as _CENT
from .extraction import NAME_AFTER_YEAR, extract_document
from .sources import SourceIndex, norm, written_norm
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
    SIGN_REASON,
    SUBSTITUTION,
    UNSUPPORTED_AGGREGATION,
    WITHIN_TOLERANCE,
    Claim,
    ClaimVerdict,
    EngineConfig,
    NearestValue,
    replace_claim,
)

MAX_LIST_ITEMS = 4  # list items an average or a total may gather its figures from
# The words after a figure up to its clause's end: "spent $60.0 million on share repurchases".
_CLAUSE_AFTER = re.compile(
    r"(?:(?!\b(?:and|while|whereas|but|compared|versus|vs|against)\b)[^,;:.()\n]){0,80}"
)
MAX_EARLIER_FIGURES = 12
MAX_BASE_GAP = 60  # characters between a source figure and the base named right after it
_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)")  # what ends a source sentence between two figures
MAX_RANGE_LINK = 12
# Where one clause of a sentence ends and the next begins.
_CLAUSE_BREAK = re.compile(r"[,;]\s|\s(?:and|while|whereas|but)\s")
# Words that place a figure in an earlier period than the sentence's main one.
_EARLIER_WORDS = re.compile(
    r"\b(?:a\s+year\s+(?:earlier|ago|before)|prior[- ]year|previous|previously|originally|"
    r"last\s+year|year[- ]ago|from|compared|versus|vs\.?|than|earlier|before|restat\w*|"
    r"(?:19|20)[0-9]{2})\b",
    re.IGNORECASE,
)
_BASE_WORDS = re.compile(
    r"\b(?:from|compared\s+(?:with|to)|versus|vs\.?|against)\s+(?:about\s+|approximately\s+)?"
    r"(?:US|C|A|S|HK)?\$?\S{0,3}\Z",
    re.IGNORECASE,
)
_ATTRIBUTIVE = re.compile(
    r"\s+(?:[A-Za-z-]+\s+){0,2}(?:program|programme|facility|revolver|notes|loan|authorization|"
    r"buyback|offering|bonds?|debentures|tranche|plan|series|principal|issue)\b",
    re.IGNORECASE,
)
_EVENT_BEFORE = re.compile(
    r"\b(?:founded|established|incorporated|listed|launched|formed|since|inception|"
    r"went\s+public|ipo)\b[^,;.]{0,10}\Z",
    re.IGNORECASE,
)
# "as if the deal had closed at the start of 2024": when a pro forma event is supposed to
# have happened, not the period of the figures it restates.
_AS_IF_BEFORE = re.compile(r"\bas\s+if\b[^,;.]{0,50}\Z", re.IGNORECASE)
# The predicate of "X% of W were classified as current", "... was held in cash": what the
# share's part is.
_SHARE_PREDICATE = re.compile(
    r"\b(?:were|was|are|is)\s+(?:(?:classified|recorded|reported|presented|held|included)"
    r"\s+(?:as|in|within|under)\s+)?([a-z][a-z -]{1,40}?)\s*(?:[,;.]|\Z)"
)
_BALANCE_DATE_BEFORE = re.compile(r"\b(?:at|as\s+of)\s+\Z", re.IGNORECASE)
# "the 12.1 million tonnes of drought-hit 2023": a year the figure's own noun phrase ends
# with, after "of", "in", "for" or "during" and up to two words more.
_OWN_YEAR_BETWEEN = re.compile(
    r"(?:\s+[A-Za-z'’-]+){0,3}?\s+(?:of|in|for|during)\s+(?:the\s+)?(?:[A-Za-z'’-]+\s+){0,2}",
    re.IGNORECASE,
)
_PERIOD_NOUN = re.compile(
    r"\b(?:quarter|year|half|month|period|week)s?\b", re.IGNORECASE
)  # the answer's earlier figures a share may be of
_POINTS_AFTER = re.compile(r" points?(?![\w])")
# A span of time a figure counts, and how many of it make a year: "in roughly 16 months".
_TIME_UNIT_AFTER = re.compile(r"\s+(months|quarters|weeks|days|years)\b", re.IGNORECASE)
_PER_YEAR = {"months": 12, "quarters": 4, "weeks": 52, "days": 365, "years": 1}
_ANNUAL = re.compile(r"\b(?:annual|annually|a\s+year|per\s+year|each\s+year|yearly)\b", re.I)
# A rate taken off an amount (group 1) or put on it: "their 20% discount", "plus 15% VAT".
_DISCOUNT = re.compile(
    r"\b(?:(discount|off|rebate|reduction)|(markup|mark-up|surcharge|premium|VAT|sales\s+tax))\b",
    re.IGNORECASE,
)
# The larger and the smaller unit of one measure, a thousand apart, as words right after a
# figure: tonnes and kilos, megawatts and kilowatts, gigawatt-hours and megawatt-hours.
_UNIT_PAIRS = tuple(
    (re.compile(larger, re.IGNORECASE), re.compile(smaller, re.IGNORECASE))
    for larger, smaller in (
        (r"\s*(?:metric\s+)?(?:tonnes?|tons?)\b", r"\b(?:kilos?|kilograms?|kg)\b"),
        (r"\s*(?:MW|megawatts?)\b", r"\b(?:kW|kilowatts?)\b"),
        (r"\s*(?:kW|kilowatts?)\b", r"\b(?:W|watts?)\b"),
        (r"\s*(?:GWh|gigawatt-hours?)\b", r"\b(?:MWh|megawatt-hours?)\b"),
        (r"\s*(?:km|kilometres?|kilometers?)\b", r"\b(?:metres?|meters?)\b"),
    )
)
# "a concession fee of 12.5% of revenue": the line a source's rate is of.
_OF_LINE = re.compile(
    r"\s+of\s+(?:the\s+|its\s+|total\s+|gross\s+)?([A-Za-z][A-Za-z -]{2,40}?)(?=[,.;)]|\s+(?:and|for|in|from|which|recognised|recognized)\b)"
)
MAX_POOL_RATES = 200  # a source's percentages searched for one that defines the claim
# "pays for itself after about", "breaks even after roughly", "to recoup it in".
_BREAK_EVEN_BEFORE = re.compile(
    r"\b(?:pays?\s+(?:for\s+)?itself|paid\s+for\s+itself|breaks?\s+even|recoup\w*)\b"
    r"[^.;]{0,30}\Z",
    re.IGNORECASE,
)
MAX_BREAK_EVEN_AMOUNTS = 10
BREAK_EVEN_SENTENCES = 4
_WORDS_AFTER = re.compile(r"(?:\s+[A-Za-z][\w.'-]*){1,3}")  # up to three words after a figure
# "£2.47 per affected customer", "$12,700 per finisher", "€4.10 a head".
_PER_UNIT_AFTER = re.compile(r"\s+(?:per|a|each)\s+(?:[a-z-]+\s+)?[a-z]{3,}", re.IGNORECASE)
_A_YEAR_AFTER = re.compile(r"\s+(?:a|per|each)\s+year\b|\s+annually\b|\s+yearly\b", re.IGNORECASE)
_OVER_SPAN = re.compile(
    r"\bover\s+(?:the\s+|its\s+)?(?:next\s+|following\s+|coming\s+)?(\d{1,2}|[a-z]+)\s+"
    r"(years|days|weeks|months|quarters)\b"
    # "an eight-year, $38.6 million contract": the span as the total's adjective.
    r"|\b(\d{1,2}|[a-z]+)-(year|day|week|month|quarter)\b",
    re.IGNORECASE,
)
# "46,600 visitors a day": a count or an amount for each day, week, month or quarter.
_A_SPAN_AFTER = re.compile(
    r"(?:\s+[a-z]+){0,2}?\s+(?:a|per|each)\s+(day|week|month|quarter)\b", re.IGNORECASE
)
_COUNTS = frozenset({COUNT, NUMBER})
# A line of a bulleted or numbered list, and the words that make its figure a deduction.
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+(?:\*\*|__)?")
_SUBTRACTED = re.compile(r"(?:less|minus|deduct|subtract)\b", re.IGNORECASE)
WRITTEN_ROUNDING = Decimal("0.005")  # `≈` before a figure: rounded, at most half a percent off
WRITTEN_SCALE_SLACK = Decimal("0.05")  # within 5% at another power of 1,000: no evidence
APPROXIMATION_CORRECTABLE = Decimal("0.1")  # ... and this near, corrected to that value
APPROXIMATION_RANGE = Decimal("0.5")  # a hedged figure this near a value is its approximation
PLAUSIBLE_DRIFT = (Decimal("0.33"), Decimal("3"))  # beyond, a different quantity, not a slip
WEAK = Decimal("0.5")  # confidence of a claim grounded on weak evidence
_PERCENT_WORD_AFTER = re.compile(r"\s+(?:percent|per\s+cent)\b", re.IGNORECASE)
_SPELLED_MULTIPLIER = re.compile(
    r"\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b(?=[ -](?:each|times|"
    r"doses?|years?|months?|weeks?|days?|shifts?|units?|per\b|a\b|an\b))",
    re.IGNORECASE,
)
MAX_COMPOUNDED_RATES = 3  # rates of one sentence compounded, each once to three times
MAX_COUNTED_ROWS = 40
_HOW_MANY = re.compile(r"\bhow many\b", re.IGNORECASE)
_ABOVE = re.compile(
    r"\b(?:exceed(?:ed|s)?|above|more than|greater than|over|higher than|larger than)\b",
    re.IGNORECASE,
)
_BELOW = re.compile(r"\b(?:below|less than|lower than|under|smaller than)\b", re.IGNORECASE)
_ROSE = re.compile(r"\b(?:increas(?:e|ed|es)|r[io]se|grew|grow|went up)\b", re.IGNORECASE)
_FELL = re.compile(
    r"\b(?:decreas(?:e|ed|es)|fell|fall|declined?|dropped|went down)\b", re.IGNORECASE
)
MAX_DATES_SCANNED = 5_000
MAX_COLUMN_SUM = 12
MAX_PROSE_MENTIONS = 8  # sentences naming a line that a worked line is checked against
MAX_COMPARED_FIGURES = 4  # the answer's last figures a difference said of no figure may be between
_AMOUNTS = frozenset({CURRENCY, NUMBER, COUNT})
# "about €76 per seat", "2.29 points per game", "$3.4 million for each job": the unit a
# figure is a quotient over, and the words after a figure that count that unit ("26,200-seat
# stadium", "120 permanent jobs").
_PER_UNIT = re.compile(
    r"(?:\s+[a-z]+){0,2}?\s+(?:per|for\s+each|for\s+every)\s+"
    # "per new job", "per average subscriber": the unit after a word that qualifies it
    r"(?:(?:new|additional|incremental|net|average|active|full-time)\s+)?([a-z][a-z-]*)",
    re.IGNORECASE,
)
_UNIT_WORDS = re.compile(r"(?:-|\s+)((?:[a-z][a-z-]*\s+){0,2}[a-z][a-z-]*)", re.IGNORECASE)
# A count the number reader leaves as part of a compound word: "a 26,200-seat stadium".
_HYPHENATED_COUNT = re.compile(r"(?<![\w.,])([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)-([a-z]+)\b")
# What follows "per" without naming a thing counted: a percentage, a share (earnings per
# share is read as its own metric), a rate per head of a population.
_NOT_A_UNIT = frozenset({"cent", "centum", "mille", "share", "capita", "cent.", "annum"})
# Words that count one unit under other names: "4,812 people" for "per employee", "34
# matches" for "per game", "90 MW" for "per megawatt" (label word stems, as labels.py folds
# them).
_UNIT_ALIASES = {
    "peopl": "employee",
    "staff": "employee",
    "worker": "employee",
    "@headcount": "employee",
    "match": "game",
    "fixture": "game",
    "megawatt": "mw",
    "gigawatt": "gw",
    "kilowatt": "kw",
    "kilogram": "kg",
    "kilo": "kg",
    "tonn": "ton",
    "oz": "ounc",
    "bbl": "barrel",
    "ha": "hectar",
    "hl": "hectolitr",
}
# What is left of a whole once a part is taken: "close 148 of its 1,912 stores, leaving
# 1,764", "sells 12 of 40 hotels, leaving it with 28".
_REMAINDER_AFTER = re.compile(
    r"\s+(?:remain(?:s|ed)?|(?:is|was|were)\s+(?:left|still\s+available)|left)\b", re.IGNORECASE
)
_BROUGHT_TO = re.compile(
    r"\bbring(?:s|ing)?\s+(?:the|its|their|our|his|her)\s+(?:[a-z-]+\s+){0,3}to\s+"
    r"(?:about\s+|around\s+|roughly\s+|approximately\s+|nearly\s+|some\s+)?\Z",
    re.IGNORECASE,
)
# "so it implies roughly", "implying about", "which means some": a figure the answer's
# figures before it give.
_IMPLIES_BEFORE = re.compile(
    r"\b(?:impl(?:y|ies|ying|ied)|which\s+means|that\s+means|meaning)\b[^.;:!?0-9]{0,40}\Z",
    re.IGNORECASE,
)
_BEFORE_IT_AFTER = re.compile(
    r"\s+(?:before|prior\s+to|ahead\s+of)\s+(?:the|its|this|that)\b", re.IGNORECASE
)
# Column headers of an answer's table of figures before a change ("Previous", "Prior
# guidance", "Old", "Original", "Year ago"), as label words.
_EARLIER_HEADER = frozenset({"previous", "prior", "old", "original", "earlier", "former", "ago"})


def _pipe_column_header(text: str, pos: int) -> str:
    """The header cell over the column of a pipe table that `pos` lies in, or ""."""
    start = text.rfind("\n", 0, pos) + 1
    if not text.startswith("|", start):
        return ""
    column = text.count("|", start, pos)
    while start > 0:
        above = text.rfind("\n", 0, start - 1) + 1
        if not text.startswith("|", above):
            break
        start = above
    end = text.find("\n", start)
    cells = text[start : end if end >= 0 else len(text)].split("|")
    return cells[column] if column < len(cells) else ""


# "(96,214 - 71,385) / 96,214 × 100": a change over one of its own terms.
_FIGURE_TERM = r"[$€£¥]?\s?[0-9][0-9,]*(?:\.[0-9]+)?\s?[KMB%]?"
_CHANGE_OVER = re.compile(
    rf"\(\s*(?P<a>{_FIGURE_TERM})\s*[-−–]\s*(?P<b>{_FIGURE_TERM})\s*\)\s*[/÷]\s*"
    rf"(?P<c>{_FIGURE_TERM})(?:\s*[×x*]\s*100)?"
)
# The second step of a change worked in two ("Increase: $1.36 − $1.20 = $0.16", then
# "Growth: 0.16 ÷ 1.36"), and the first.
_DIFFERENCE_OVER = re.compile(
    rf"(?P<d>{_FIGURE_TERM})\s*[/÷]\s*(?P<c>{_FIGURE_TERM})(?:\s*[×x*]\s*100)?"
)
_DIFFERENCE = re.compile(rf"(?P<a>{_FIGURE_TERM})\s*[-−–]\s*(?P<b>{_FIGURE_TERM})")
# A line named for both its signs: "asset/(liability)", "income (loss)", "gain/(loss)".
_BOTH_SIGNS = re.compile(r"\b([A-Za-z]{3,12})\s*/?\s*\(([A-Za-z]{3,12})\)")
_SIGN_SIDES = frozenset(
    (labels.stem(a), labels.stem(b))
    for a, b in (
        ("asset", "liability"),
        ("gain", "loss"),
        ("surplus", "deficit"),
        ("inflow", "outflow"),
        ("benefit", "expense"),
        ("benefit", "provision"),
    )
)
_PART_ASKED = re.compile(r"\b(?:percentage|proportion|share|portion|fraction)\s+of\b", re.I)
_AVERAGE_ASKED = re.compile(r"\b(?:average|mean|turnover)\b", re.IGNORECASE)
MAX_BARE_ANSWER_CHARS = 120  # "US$860.0 million", "13.40; 11.10": a gold-style answer
# "the 14.7% increase": a rate named with the article before it and a noun of change after.
_THE_FIGURE = re.compile(
    r"\bthe\s+[+−-]?[0-9][0-9.,]*\s?%\s+(?:increase|rise|growth|gain|decline|decrease|drop|fall)\b",
    re.IGNORECASE,
)
# A sentence opened by "This", "It" or "That", after a list item's marker or bold too ("- That
# was up about **8.7%**").
_OPENED_BY_A_PRONOUN = re.compile(
    r"\s*(?:[-*•]\s+|[0-9]{1,2}[.)]\s+)?\**(?:This|It|That)(?:\s+(?:is|was|rate))?\b"
)
_CHANGE_ASKED = re.compile(r"\b(?:percentage\s+change|growth|increase|decrease|change)\b", re.I)
_A_YEAR = re.compile(r"\b(?:19|20)[0-9]{2}\b")
# A row that is a mean already: "Average full-time equivalents", "Weighted average shares".
_AVERAGED_ROW = re.compile(r"\b(?:average|mean|weighted)\b", re.IGNORECASE)
# "was increased to", "raised to", "reduced to", "set at": a level from then on.
_SET_TO_BEFORE = re.compile(
    r"\b(?:increased|raised|reduced|decreased|lowered|amended|expanded|cut|set|reset)\s+"
    r"(?:\w+\s+)?(?:to|at)\s+\Z",
    re.IGNORECASE,
)
_MONTH_KEY = re.compile(r"(?:19|20)[0-9]{2}-[01][0-9]")
# A price per the smaller unit of a measure, and the larger unit in working: "per kg" over
# tonnes, "per kWh" over MWh, "per litre" over cubic metres.
_PER_SMALLER_UNIT = re.compile(
    r"\s*(?:per|a|/)\s*(?:kg|kilo(?:gram)?s?|kwh|litres?|liters?|metres?|meters?)\b", re.IGNORECASE
)
_LARGER_UNIT_IN = re.compile(
    r"[0-9]\s*(?:tonnes?|tons?|t|mwh|m3|m³|cubic\s+met(?:re|er)s?|km|kilomet(?:re|er)s?)\b",
    re.IGNORECASE,
)
# "its 40% share of Tidewater's 2024 net income was", "a 25% interest in the venture's
# profit of": a rate, the word for a holder's part, and the line it is a part of.
_RATE_SHARE_OF = re.compile(
    r"([0-9]{1,2}(?:\.[0-9]+)?)\s?%\s+(?:share|interest|stake|portion)\s+(?:of|in)\s+"
    r"((?:[A-Z][\w&.'’-]*['’]s\s+)?(?:(?:19|20)[0-9]{2}\s+)?[a-z][a-z -]{2,40}?)"
    r"\s+(?:was|were|is|came|amounted|totall?ed|of)\b"
)
MAX_CHANGE_NOUN_CHARS = 16  # " increase", " decline" after a rate
_SAID_OTHERWISE = frozenset({"hypothetical", "superseded"})
# "per average member", "revenue per average subscriber": a figure over a mean count.
_PER_AVERAGE = re.compile(r"\bper\s+average\s+([a-z]+)", re.IGNORECASE)
_SOME_OF_THE_ROWS = "a sum of some of the rows the total row adds up"
# The whole a question or sentence asks for: "the group", "in total", "overall".
_THE_WHOLE_ASKED = re.compile(
    r"\b(?:in\s+total|total|overall|altogether|all\s+(?:markets|segments|regions|countries)"
    r"|the\s+(?:group|company|whole\s+company|business\s+as\s+a\s+whole))\b",
    re.IGNORECASE,
)
_TOTAL_ASKED = re.compile(r"\b(?:total|combined|aggregate)\b", re.IGNORECASE)
_OVERALL_ASKED = re.compile(r"\b(?:overall|total|weighted|blended|aggregate)\b", re.IGNORECASE)
_MEAN_OF_TERMS = re.compile(r"\(\s*([0-9.,]+(?:\s*\+\s*[0-9.,]+)+)\s*\)\s*[/÷]\s*([0-9]{1,2})")
_CHANGE_BEFORE_RATE = re.compile(
    r"\b(?:ris(?:e|es|en|ing)|rose|increas\w*|gr[eo]w\w*|up|down|fell|fall\w*|declin\w*|"
    r"gain\w*|jump\w*|drop\w*|climb\w*|slid|slip\w*|by|grow\w*|decreas\w*)\W+"
    r"(?:(?:about|approximately|roughly|nearly|some|around)\s+)?\Z",
    re.IGNORECASE,
)
_CHANGE_AFTER_RATE = re.compile(
    r"\s*(?:\w+\s+){0,1}(?:increase|growth|rise|decline|decrease|drop|gain|jump|higher|lower|"
    r"more|less|up|down|year[- ]over[- ]year)\b",
    re.IGNORECASE,
)
# "from over 350 reviews", "more than 1,800", "nearly 400 stores", "just under $50".
_BOUND_BEFORE = re.compile(
    r"\b(?:(?P<above>more\s+than|over|at\s+least|upwards\s+of|in\s+excess\s+of|above)|"
    r"(?P<below>less\s+than|fewer\s+than|under|just\s+under|below|just\s+shy\s+of))"
    r"\s+\**\s*\Z",
    re.IGNORECASE,
)
# A bound is no further from the value than its last written digit's place, nor a tenth.
BOUND_SLACK = Decimal("0.1")
# "$61 a year", "$5 per month", "$1,250 monthly", "€40 a week".
_PER_TIME_AFTER = re.compile(
    r"\**\s*(?:(?:a|an|per|each)\s+(year|month|quarter|week|day)\b|(annually|yearly|monthly|"
    r"quarterly|weekly|daily)\b)",
    re.IGNORECASE,
)
# How many of each unit of time a year holds.
_PER_YEAR_IN = {
    "year": Decimal(1),
    "quarter": Decimal(4),
    "month": Decimal(12),
    "week": Decimal(52),
    "day": Decimal(365),
}
_TIME_ADVERBS = {"annually": "year", "yearly": "year", "monthly": "month", "quarterly": "quarter",
                 "weekly": "week", "daily": "day"}  # fmt: skip


def _time_unit(found: re.Match[str]) -> str:
    word = (found.group(1) or found.group(2)).lower()
    return _TIME_ADVERBS.get(word, word)


MAX_PRODUCT_SOURCE_CHARS = 50_000
MAX_SOURCE_PRODUCTS = 2_000
_PRICE_PER_UNIT_AFTER = re.compile(
    r"\s+(?:per|a|each)\s+(?:unit|share|award|option|RSU|item)\b", re.IGNORECASE
)
_REMAINDER_BEFORE = re.compile(
    r"\b(?:leaving|leaves|remaining|left\s+with)(?:\s+(?:it|them|the\s+\w+|\w+)\s+with)?\s+"
    r"(?:about\s+|roughly\s+|approximately\s+|some\s+)?\Z",
    re.IGNORECASE,
)
# "revenue per passenger carried", "Excise tax / barrel", "yield per hectare of ponds": the
# unit a figure is over, named before or after it on its line (not "per share", "per cent").
_PER_LINE_UNIT = re.compile(
    r"\s*(?:\bper|\bfor\s+(?:each|every)|\s/|÷)\s+(?:an?\s+)?([a-z][a-z-]*(?:\s+(?:sold|available|[a-z-]+ed))?)",  # "passenger carried", "tonne sold"
    re.IGNORECASE,
)
# "at roughly US$4,255 a tonne": the unit right after the figure, as "per" would name it; not a
# span of time ("a year" is the figure a year of a total), nor "a share".
_A_UNIT_AFTER = re.compile(
    r"\s+an?\s+(?!(?:year|day|week|month|quarter|share|head|time|piece|further|total)\b)"
    r"([a-z][a-z-]*)\b",
    re.IGNORECASE,
)
_OWN_UNIT = re.compile(r"\s?([a-z][a-z-]*)(?=\s)", re.IGNORECASE)  # "3.8 tonnes per hectare"
PER_UNIT_REACH = 80  # characters before and after a figure where its unit may be named
# "above 1.0", "below 1x", "more than 100%": parity a comparison measures against.
_COMPARED_WITH = re.compile(
    r"\b(?:above|below|over|under|exceeds?|exceeding|(?:greater|more|less|lower|higher)\s+than|"
    r"at\s+least|at\s+most)\s*\**\s*\Z",
    re.IGNORECASE,
)
BENCHMARK_REACH = 24
# "CCC = DSO + DIO − DPO" before a figure on its line: a formula of two or more names.
_NAMED_FORMULA = re.compile(
    r"[A-Za-z][\w&.' ]{0,40}?\s*=\s*(?P<terms>[A-Za-z][\w&.' ]{0,40}?"
    r"(?:\s*[-+−–]\s*[A-Za-z][\w&.' ]{0,40}?){1,5})\s*(?:\*\*)?\s*(?:[|:=≈]|\s)[^0-9=\n]{0,20}$"
)
_NAMED_TERM = re.compile(r"(^|\s*[-+−–]\s*)([A-Za-z][\w&.' ]{0,40}?)(?=\s*[-+−–]|\s*$)")
# "+£28.9 million", "+ $4.2 million": a plus sign written before an amount.
# The basis a sentence names: "On a GAAP basis", "GAAP EPS", "non-GAAP", "adjusted".
_BASIS = re.compile(r"\b(non[- ]?GAAP|GAAP|adjusted)\b", re.IGNORECASE)
# Label words of a line that is a variant of the reported figure.
_ADJUSTED_WORDS = frozenset({"non", "adjust", "nongaap"})


# A unit of energy, power or mass with its metric prefix after a figure: "6.85 TWh", "12 GW".
_PREFIXED_UNIT_AFTER = re.compile(r"\s?(?:[kMGT]Wh?|[kMG]t)\b")
_RANGE_JOIN = re.compile(r"\s*(?:to|-|–|—)\s*")
_A_CHANGE_BEFORE = re.compile(r"\b(?:by|from)\s+(?:about\s+|roughly\s+)?\Z", re.IGNORECASE)
# The other end of a range an answer writes out: "$1,150 million to $1,490 million",
# "$5.6-$5.8 billion", "between $5.6 and $5.8 billion".
_OTHER_END = r"\s*(?:US\$|[A-Z]{0,2}[$€£¥])?\s?[0-9]"
_A_RANGE_END_AFTER = re.compile(r"\s*(?:to|-|–|—|and)" + _OTHER_END, re.IGNORECASE)
# ... as a source writes one, where "and" joins two figures of anything
_RANGE_JOIN_AND_END = re.compile(r"\s*(?:to|-|–|—)" + _OTHER_END)
_A_RANGE_END_BEFORE = re.compile(
    r"[0-9](?:\.[0-9]+)?\s*(?:thousand|million|billion|[kKmMbB]n?)?\s*(?:to|-|–|—|and)\s*"
    r"(?:US\$|[A-Z]{0,2}[$€£¥])?\s?\Z",
    re.IGNORECASE,
)


def _measure_after(text: str, end: int) -> str:
    """The unit of measure a price right before `end` is per ("per gram", "an ounce",
    "/oz", "a barrel"), folded to one name, or ""."""
    found = _PER_MEASURE.match(text, end)
    return _MEASURES[found.group(1).lower()] if found else ""


_MEASURES = {
    **dict.fromkeys(("ounce", "oz", "troy ounce"), "ounce"),
    **dict.fromkeys(("gram", "g"), "gram"),
    **dict.fromkeys(("kilogram", "kg", "kilo"), "kilogram"),
    **dict.fromkeys(("tonne", "metric ton", "ton", "t"), "tonne"),
    **dict.fromkeys(("pound", "lb"), "pound"),
    **dict.fromkeys(("barrel", "bbl"), "barrel"),
    **dict.fromkeys(("gallon", "gal"), "gallon"),
    **dict.fromkeys(("litre", "liter", "l"), "litre"),
    **dict.fromkeys(("bushel", "bu"), "bushel"),
    **dict.fromkeys(("mwh", "megawatt hour", "megawatt-hour"), "MWh"),
    **dict.fromkeys(("kwh", "kilowatt hour", "kilowatt-hour"), "kWh"),
}
_PER_MEASURE = re.compile(
    r"\s*(?:per|an?|/)\s*(troy ounce|metric ton|megawatt[ -]hour|kilowatt[ -]hour|"
    r"ounce|oz|gram|g|kilogram|kg|kilo|tonne|ton|t|pound|lb|barrel|bbl|gallon|gal|litre|"
    r"liter|l|bushel|bu|mwh|kwh)\b",
    re.IGNORECASE,
)
_PLUS_BEFORE = re.compile(r"\+\s?(?=[$€£¥]|[A-Z]{1,3}\$|[0-9])")
_OPERAND_BEFORE = re.compile(r"[0-9)%][A-Za-z]{0,2}\*{0,2}\s*\+\s?[$€£¥]?\Z")
# "since it bought ...", "since its acquisition of ...": a figure of an earlier event.
_SINCE_AN_EVENT = re.compile(r"\bsince\s+(?:it|they|its|their|the)\b", re.IGNORECASE)
# "Dividing the equity value ... by the offer price": a quotient spelled out.
_DIVIDING = re.compile(r"\b(?:dividing|divide|divided)\b", re.IGNORECASE)
_CALCULATED_BY_DIVIDING = re.compile(
    r"\s*(?:this|that|it|which)\s+(?:is|was|has\s+been)\s+(?:calculated|computed|derived|"
    r"obtained|found|arrived\s+at)\s+by\s+dividing\b",
    re.IGNORECASE,
)
# "from 2025 through 2027", "2026-2030": a span of years, and an amount a year.
MAX_SPAN_YEARS = 10
MAX_SPELLED_COUNT = 100
_EACH_AFTER = re.compile(r"\s+(?:each|apiece)\b", re.IGNORECASE)
_DAYS_AFTER = re.compile(r"\s+days\b", re.IGNORECASE)
_DAYS_OF = {
    "inventory": frozenset({"inventory", "@inventory", "dio", "@dio"}),
    "receivables": frozenset({"receivabl", "@receivables", "dso", "@dso"}),
    "payables": frozenset({"payabl", "@accounts payable", "dpo", "@dpo"}),
}
_DAYS_LINES = {
    "inventory": (frozenset({"inventory", "@inventory"}), frozenset({"cost", "@cost of revenue"})),
    "receivables": (frozenset({"receivabl", "@receivables"}), frozenset({"revenu", "@revenue"})),
    "payables": (
        frozenset({"payabl", "account", "@accounts payable"}),
        frozenset({"cost", "@cost of revenue"}),
    ),
}


def _years_of(period: str) -> set[str]:
    """The calendar years a fiscal period may end in ("FY2024": 2024 or early 2025)."""
    year = lx.period_year(period)
    return {year, str(int(year) + 1)} if year else set()


PAR = Decimal(100)  # a bond's price at par, per 100 of face value
_FROM_PAR_AFTER = re.compile(r"\s+(?:points?\s+)?(below|above|under|over)\s+par\b", re.IGNORECASE)
BESIDE_CHARS = 80  # how far from a whole in a source's prose a part given with it may stand
MAX_PRIOR_PERIODS = 4
_PRIOR_YEAR_BEFORE = re.compile(
    r"\b(?:prior|previous|preceding|last)[- ]year(?:'s)?\b|\byear[- ]ago\b", re.IGNORECASE
)
# A bracketed part of a step of working, innermost brackets aside: "((402,118 + 431,906) / 2)"
# gives "(402,118 + 431,906) / 2" and "402,118 + 431,906".
_BRACKETED_PART = re.compile(r"(?=\(((?:[^()]|\([^()]*\))*)\))")
_AVERAGE_VERB = re.compile(r"\b(?:averag(?:e|es|ed|ing)|mean)\b", re.IGNORECASE)
_NOUN_AFTER_FIGURE = re.compile(r"[ -]([A-Za-z]{3,20})\b")
_RATE_WORDS = frozenset({"rate", "@interest rate", "yield", "return", "interest"})


def _less_every_part(whole: Claim, parts: list[Claim]) -> Derivation:
    """The whole less the sum of the parts, the parts written as one operand."""
    if len(parts) == 1:
        return Derivation(cd.DIFFERENCE, (whole, parts[0]), True, False)
    taken = replace_claim(
        parts[0], value=sum(p.value for p in parts), text=" + ".join(p.text for p in parts)
    )
    return Derivation(cd.DIFFERENCE, (whole, taken), True, False)


def _like_its_operands(claim: Claim, derivation: Derivation) -> bool:
    """A difference or sum of figures of the claim's own kind, money over a count, or a
    change between two amounts for a percentage: formulas whose result is plainly of the
    claim's kind (a dollar figure is no quotient of two counts)."""
    if derivation.kind in (cd.DIFFERENCE, cd.SUM_OF):
        return all(o.kind == claim.kind for o in derivation.operands)
    if derivation.kind == cd.RATIO_OF and claim.kind == CURRENCY:
        # "€59.1 million over 1.47 million skier days came to roughly €40": money per unit
        amount, per = derivation.operands
        return amount.kind == CURRENCY and per.kind in (COUNT, NUMBER)
    return derivation.kind == cd.GROWTH and claim.kind == PERCENT


# "net of measurement-period adjustments": the line a figure is given after.
_NET_OF = re.compile(
    r"\bnet\s+of\s+((?:the\s+)?[A-Za-z][A-Za-z&' -]{2,80}?)"
    r"(?=[,.;:()]|\s+(?:and|or|in|at|for|on|with|while|about|which|to|from)\b|\s*$)",
    re.IGNORECASE,
)


def _down_one_column_by_period(operands: tuple[Claim, ...]) -> bool:
    """Cells of one table column, each of its own period: one line over periods."""
    cells = {(o.source_id, o.cell[0], o.cell[2]) for o in operands if o.cell is not None}
    periods = {o.period for o in operands if o.period}
    return len(cells) == 1 and len(periods) == len(operands) and all(o.cell for o in operands)


_YEAR_SPAN = re.compile(r"\b((?:19|20)\d\d)\s*(?:-|–|—|to|through|thru)\s*((?:19|20)\d\d)\b")
# "implying a previous close of about A$4.52": the level before a change.
_EARLIER_LEVEL = re.compile(
    r"\b(?:previous|prior|earlier|former|starting|opening|original)\b", re.IGNORECASE
)
# "$118.6 million annual rate increase": a noun of change a few words after a figure.
_CHANGE_NOUN_AFTER = re.compile(
    r"\s+(?:[A-Za-z-]+\s+){0,3}?(increase|decrease|rise|decline|reduction|cut|gain|loss)\b",
    re.IGNORECASE,
)
# "57.4% of the total net sales increase": a share of a change.
_OF_A_CHANGE = re.compile(
    r"\s+of\s+[^.;:\n]{0,60}?\b(?:increase|growth|rise|decline|decrease|change|gain)\b",
    re.IGNORECASE,
)
# Words that set a figure in an earlier period than the answer's own.
_EARLIER_PERIOD = re.compile(
    r"\b(?:prior|previous|preceding|last|a\s+year\s+(?:earlier|ago)|year-ago|comparative)\b",
    re.IGNORECASE,
)
# "59 cents to generate each dollar of revenue", "for every dollar of sales".
_EACH_DOLLAR = re.compile(r"\b(?:each|every|per|a)\s+dollar\b", re.IGNORECASE)
# The words of a metric a formula defines, beside its operands' ("operating margin").
_METRIC_NAME_WORDS = frozenset({"margin", "ratio", "operat", "gross", "net", "profit"})
_DAYS_WORD = re.compile(r"\bdays\b", re.IGNORECASE)
# A year's count of days, and another the sentence sets beside it: "364 days instead of 365",
# "a 360-day year".
_DAY_COUNT = re.compile(
    r"\b36[0456][\s-]days?\b(?:\s+(?:instead\s+of|rather\s+than|or|vs\.?|versus)\s+36[0456]\b)?",
    re.IGNORECASE,
)
# "The Group defines free cash flow as A less B and of C", "Adjusted EBITDA is calculated as
# A plus B": a metric a source defines by its lines.
_DEFINES_HINT = re.compile(r"\b(?:defines?|defined|calculates?|calculated|computes?|computed)\b")
_SOURCE_DEFINITION = re.compile(
    r"\b(?:defines?|calculates?|computes?)\s+(?P<name>[A-Za-z][A-Za-z &'-]{2,60}?)\s+as\s+"
    r"(?P<body>(?:[^.;:\n]|\n(?![ \t]*\n)){5,300})"
    r"|\b(?P<name2>[A-Za-z][A-Za-z &'-]{2,60}?)\s+(?:is|are)\s+(?:defined|calculated|computed)"
    r"\s+as\s+(?P<body2>(?:[^.;:\n]|\n(?![ \t]*\n)){5,300})",
    re.IGNORECASE,
)
_DEFINITION_OPERATOR = re.compile(r"\s+(less|minus|plus)\s+", re.IGNORECASE)
# The lines after the operator: "purchases of property, plant and equipment and of
# intangible assets" lists two ("and of" repeats the head), "property, plant and
# equipment" alone is one.
_DEFINITION_TERMS = re.compile(r",?\s+and\s+of\s+|\s*;\s*", re.IGNORECASE)
MAX_DEFINED_TERMS = 4
# A metric a source defines: its words, the operator ("less", "minus", "plus"), its terms' words.
_Definition = tuple[frozenset[str], str, list[frozenset[str]]]
PER_UNIT_QUESTION_CHARS = 400
PER_UNIT_POOL = 40  # values of each line the quotient may take
# A line that names its total and nothing else ("5. **Total: ", "- Total:"), a step's
# result right after its sign ("→ £985.50", "= £1,095"), and a step's signed amount ("+ £60").
_TOTAL_LINE = re.compile(
    r"[ \t]*(?:[-*•]|[0-9]{1,2}[.)])?[ \t]*[*_]*(?:grand\s+)?total[*_]*\s*:?[*_]*\s*",
    re.IGNORECASE,
)
_STEP_RESULT_BEFORE = re.compile(r"[=→][ \t*_]*\Z")
_STEP_SIGN = re.compile(r"([-+−–])[ \t]*[$£€¥]?\s*(?:[0-9]|\Z)")
# An item of a list that adds nothing to its total: "- Up to 12,000 crowns at 0%: nothing".
_NOTHING = re.compile(r"[\s*_]*(?:nothing|none|nil|zero)\b", re.IGNORECASE)
# Words a change names itself by that name no metric ("a decline of about 19.4%").
_GENERIC_CHANGE_WORDS = frozenset({"prior", "previous", "declin", "decreas", "increas", "chang"})
# An amount a month or a year, and a year's amount named so before it.
_A_MONTH_AFTER = re.compile(r"[*_]*\s+(?:a|per|each)\s+month\b|[*_]*/(?:mo|month)\b", re.IGNORECASE)
_PER_YEAR_AFTER = re.compile(
    r"[*_]*\s+(?:a|per|each)\s+year\b|[*_]*/(?:yr|year)\b|[*_]*\s+annually\b", re.IGNORECASE
)
_ANNUAL_BEFORE = re.compile(r"\b(?:annual|yearly|annually)\b[^.;\n]{0,24}\Z", re.IGNORECASE)
MAX_PRICED_CELLS = 40  # a table's prices per unit, and the counts beside each
SPELLED_WINDOW = 80  # characters either side of a number in words that tie it to a sentence
MIN_PER_UNIT_DIGITS = 2  # a quotient of one significant digit matches too many pairs
_TOTAL_WORDS = frozenset({"total", "@total"})
_WHOLE_COLUMN_WORDS = frozenset({"group", "consolidat", "total"})  # the column of the whole


def tolerance(claim: Claim, config: EngineConfig) -> Decimal:
    if claim.kind in (CURRENCY, NUMBER):
        return config.currency_tolerance
    if claim.kind in (PERCENT, PERCENTAGE_POINTS, BPS):
        return config.percentage_tolerance
    if claim.kind == RATIO:
        return config.ratio_tolerance
    return Decimal(0)  # counts are exact: there were 15 trades, not 15.1


def nearest_value(claim: Claim) -> NearestValue:
    return NearestValue(
        text=claim.text,
        value=claim.value,
        source_id=claim.source_id,
        start=claim.start,
        end=claim.end,
    )


def _relative(a: Decimal, b: Decimal) -> Decimal:
    if b == 0:
        return Decimal(0) if a == 0 else Decimal("Infinity")
    return abs(a - b) / abs(b)


def _relative_at_scale(a: Decimal, b: Decimal) -> Decimal:
    """`_relative` at the power of 1,000 that brings `b` nearest `a`: a value of unknown
    scale ("17.161.955" in a table with no caption) is close to "17,116,955 thousand" at
    that scale, and the difference reported is 0.26%, not 99,638%."""
    best = _relative(a, b)
    for factor in cd.THOUSANDS:
        best = min(best, _relative(a, b * factor), _relative(a, b / factor))
    return best


@dataclass(slots=True)
class _Claimed:
    """One claim's candidates, found once."""

    reading: Reading
    binding: Binding | None
    stated: Claim | None
    exact: list[Claim]
    close: list[Claim]
    unusable: list[Claim]
    # What prose seems to state for the metric when neither side names a period: the value a
    # wrong figure should have been, once nothing else explains it.
    prose_stated: Claim | None = None


_PERCENT_KEY = re.compile(r"pct|percent|perc\b|%", re.IGNORECASE)


def _fraction_field(fact: Claim) -> bool:
    """A tool output's rate below one whose key does not say percent ("dividend_yield_ttm":
    0.0912, as market-data tools write yields and margins): a fraction of one, perhaps.
    ("change_pct": 0.84 is 0.84%.)"""
    if fact.kind not in (PERCENT, NUMBER) or not fact.citation or not abs(fact.value) < 1:
        return False
    return _PERCENT_KEY.search(fact.citation.rsplit(".", 1)[-1]) is None


def _in_the_claims_terms(claim: Claim, stated: Claim) -> Claim:
    """The stated value as the claim writes it: a tool's fraction of one as the percentage
    it is (9.12% for 0.0912) when the claim is a percentage; else the value itself."""
    if claim.kind != PERCENT or not _fraction_field(stated):
        return stated
    return replace(
        stated,
        kind=PERCENT,
        unit="%",
        value=stated.value * 100,
        precision=stated.precision * 100 if stated.precision is not None else None,
    )


def _totals_of_rows(totals: list[Claim], operands: tuple[Claim, ...]) -> list[Claim]:
    """The total rows of a column that can be the total of the operands' rows: the first
    total below them, or the row right above them (statements that put the total first). A
    total elsewhere in the column ("Total revenue" over a reconciliation's add-backs) is
    another group's."""
    if not totals or any(o.cell is None for o in operands):
        return totals
    rows = [o.cell[1] for o in operands]  # type: ignore[index]
    if len(set(rows)) == 1 and len(operands) > 1:
        # Columns of one row: the total column of that row.
        return [t for t in totals if t.cell is not None and t.cell[1] == rows[0]]
    below = [t for t in totals if t.cell is not None and t.cell[1] > max(rows)]
    first_below = min(below, key=lambda t: t.cell[1]) if below else None  # type: ignore[index]
    return [
        t for t in totals if t is first_below or (t.cell is not None and t.cell[1] == min(rows) - 1)
    ]


class Decider:
    """Decides every claim of one answer against one source index."""

    def __init__(self, index: SourceIndex, config: EngineConfig, answer: AnswerReading) -> None:
        self.index = index
        self.config = config
        self.answer = answer
        self._formulas: dict[int, list] = {}  # sentence -> the formulas it spells out
        self._question_formulas: list[WordedFormula] | None = None
        # The quotients over a line's average that a sentence spells out, by id.
        self._averaged: set[int] = set()
        self._priced_cells: list[tuple[Claim, Claim]] | None = None  # (price, count)
        self._rates: list[tuple[str, str, Claim]] | None = None  # (quoted, base, rate)
        self._money: dict[str, list[Claim]] | None = None  # source id -> its money
        self._changes: list[tuple[Claim, int, int, int]] | None = None  # rates with a way
        self._definitions: list[_Definition] | None = None
        # Figures the answer computed and got right, unrounded: what a later change over
        # them was computed from ("32.7% ... 32.2% ... expanded by 51 basis points").
        self._exact: dict[int, Decimal] = {}
        # The formula each derived claim was found with, by claim: a figure for another
        # period in the same sentence may be the same formula over that period's values.
        self._formula_of: dict[int, tuple[int, Derivation]] = {}
        # Arithmetic the answer wrote out and that gave its figure: (sentence, expression,
        # where the expression starts), by the index of the figure.
        self._written: dict[int, tuple[int, str, int]] = {}
        self._source_products: list[tuple[Claim, Claim]] | None = None
        self._named: list[tuple[frozenset[str], Claim]] | None = None
        self._shifted: dict[tuple[int, str], Claim] = {}  # (that figure, period): the claim
        self._shift_of: dict[int, int] = {}  # a formula moved to another period: whose it was
        self._words_of: dict[int, frozenset[str]] = {}  # claim -> its clause's label words
        self._source_order: dict[str, tuple[list[int], list[Claim]]] | None = None
        self._by_sentence: dict[int, list[Claim]] | None = None
        self._totals: dict[tuple[str, int, int], Claim] | None = None

    def decide_all(self) -> list[ClaimVerdict]:
        readings = self.answer.readings
        found = [self._candidates(r) for r in readings]
        verdicts: list[ClaimVerdict] = []
        for i in range(len(readings)):
            verdict = (
                self._restated(readings, verdicts, i)
                or self._the_figure_given_before(readings, verdicts, i)
                or self._decide(found[i], found)
            )
            # Grounded figures checked once more against what their words say: the sign,
            # the basis (GAAP or not), the one period the question asks.
            verdict = self._with_plus_sign(verdict)
            verdict = self._per_another_measure(verdict)
            verdict = self._named_by_the_other_side(verdict, found[i].reading)
            verdict = self._midpoint_at_an_end(verdict, found[i].reading)
            verdict = self._on_its_basis(verdict, found[i].reading)
            verdict = self._in_the_period_asked(verdict, found[i].reading)
            verdicts.append(self._in_the_column_asked(verdict))
        verdicts = self._operands_of_the_year_asked(verdicts)
        if self._exact:
            verdicts = self._headlines(readings, found, verdicts)
        settled = self._worked_elsewhere(readings, verdicts)
        if settled != verdicts:
            # A restatement may stand on one that only just stood ("768.5 / 871.7" after
            # "(≈ $871.7 million)" after "= $871,724K"): one more round.
            settled = self._worked_elsewhere(readings, settled)
        return settled

    def _named_by_the_other_side(self, verdict: ClaimVerdict, reading: Reading) -> ClaimVerdict:
        """A figure of a line named for both its signs ("Net deferred tax asset/(liability)
        (22.7)") that the answer names by the side its sign is not ("22.7 million, i.e. a net
        deferred tax asset"): the wrong sign, `fabrication`."""
        claim, nearest = verdict.claim, verdict.nearest
        if (
            verdict.outcome != GROUNDED
            or nearest is None
            or nearest.value >= 0
            or claim.value <= 0
            or claim.kind not in _AMOUNTS
            or "operand" in claim.qualifiers  # "... - 96.2": the working gives the sign
        ):
            return verdict
        text = self.index.texts.get(nearest.source_id, "")
        line_start = max(text.rfind("\n", 0, nearest.start) + 1, nearest.start - 300)
        # (the last pair before the value: a JSON table's rows share one line)
        sides = next(reversed(list(_BOTH_SIGNS.finditer(text, line_start, nearest.start))), None)
        if sides is None:
            return verdict
        positive, negative = (labels.stem(w.lower()) for w in sides.groups())
        if (positive, negative) not in _SIGN_SIDES and (negative, positive) not in _SIGN_SIDES:
            # ("Actuarial losses/(gains)": either side may be the one written first)
            return verdict
        start, end = self.answer.sentences[reading.sentence]
        said = set(labels.words(self.answer.text[start:end]))
        if positive not in said or negative in said:
            return verdict
        return ClaimVerdict(
            claim=claim,
            outcome=FABRICATION,
            nearest=nearest,
            details={
                "reason": f"the line's negative side: {sides.group(2).lower()}",
                "stated": nearest.text,
            },
        )

    def _midpoint_at_an_end(self, verdict: ClaimVerdict, reading: Reading) -> ClaimVerdict:
        """A figure called a range's midpoint that is one of its ends, and the middle of no
        range ("raised its guidance, which now has a midpoint of $5.8 billion" for a range
        of $5.6 billion to $5.8 billion): `substitution`, the midpoint expected."""
        claim = verdict.claim
        if (
            verdict.outcome != GROUNDED
            or MIDPOINT not in reading.cues
            or verdict.nearest is None
            or claim.kind not in _AMOUNTS
        ):
            return verdict
        text = self.answer.text
        start = self.answer.sentences[reading.sentence][0]
        before = text[start : claim.start].lower()
        named = max(before.rfind(w) for w in ("midpoint", "mid-point"))
        if named < 0 or any(ch.isdigit() for ch in before[named:]):
            return verdict  # "(midpoint 480koz) and AISC of A$2,150-2,350/oz": another's word
        if _A_RANGE_END_AFTER.match(text, claim.end) or _A_RANGE_END_BEFORE.search(
            text, max(start, claim.start - 40), claim.start
        ):
            # "$1,320 million was the midpoint of a $1,150 million to $1,490 million range":
            # an end of the range the answer writes out, as an end
            return verdict
        place = claim.precision or Decimal(1)
        ranges = [d for d in self._midpoints(reading, any_line=True) if d.kind == cd.AVERAGE_OF]
        if any(values.at_precision(claim.value, d.value, place) for d in ranges):
            return verdict
        for derivation in ranges:
            low, high = derivation.operands
            if any(values.at_precision(claim.value, end.value, place) for end in (low, high)):
                return ClaimVerdict(
                    claim=claim,
                    outcome=SUBSTITUTION,
                    nearest=verdict.nearest,
                    expected_value=derivation.value,
                    details={
                        "reason": "the value is an end of the range, not its midpoint",
                        "range": f"{low.text} to {high.text}",
                    },
                )
        return verdict

    def _per_another_measure(self, verdict: ClaimVerdict) -> ClaimVerdict:
        """A price per one unit of measure grounded on the same price the sources give per
        another ("gold is trading at about $2,372.40 per gram" against "$2,372.40 an
        ounce"): `substitution`, the unit being wrong."""
        claim, nearest = verdict.claim, verdict.nearest
        if verdict.outcome != GROUNDED or nearest is None or claim.kind != CURRENCY:
            return verdict
        mine = _measure_after(self.answer.text, claim.end)
        if not mine:
            return verdict
        theirs = _measure_after(self.index.texts.get(nearest.source_id, ""), nearest.end)
        if not theirs or theirs == mine:
            return verdict
        return ClaimVerdict(
            claim=claim,
            outcome=SUBSTITUTION,
            nearest=nearest,
            # No correction: the unit is in the words after the figure.
            details={"reason": f"the sources give the value per {theirs}, not per {mine}"},
        )

    def _with_plus_sign(self, verdict: ClaimVerdict) -> ClaimVerdict:
        """An amount written with a plus sign ("Working capital movement was +£28.9
        million") grounded on a value the sources give negative (`(28.9)`, an outflow) is the
        wrong sign: `fabrication`. An amount written without a sign stays grounded: answers
        write outflows without one as often as not."""
        claim = verdict.claim
        nearest = verdict.nearest
        if (
            verdict.outcome != GROUNDED
            or nearest is None
            or nearest.value >= 0
            or claim.kind not in _AMOUNTS
            or not _PLUS_BEFORE.search(self.answer.text, max(0, claim.start - 2), claim.start + 1)
            # "78.7 + 58.8 = 137.5": a sum's operator after the figure before, not a sign
            or _OPERAND_BEFORE.search(self.answer.text, max(0, claim.start - 12), claim.start)
        ):
            return verdict
        return ClaimVerdict(
            claim=claim,
            outcome=FABRICATION,
            nearest=nearest,
            # No correction: the sign belongs to the words as much as to the figure.
            details={"reason": "the sources give the value negative", "stated": nearest.text},
        )

    def _in_the_period_asked(self, verdict: ClaimVerdict, reading: Reading) -> ClaimVerdict:
        """A bare figure answering a question about one period ("What were the finance costs
        in FY 2023-24?" answered "₹80.13 crore") that is a table cell of another period, on a
        row that holds a cell for the period asked: `period_mismatch`, that cell its expected
        value. A cell whose column names no period proves nothing."""
        if not reading.asked_period or verdict.outcome != GROUNDED or verdict.nearest is None:
            return verdict
        fact = self._fact_at(verdict.nearest)
        if (
            fact is None
            or fact.cell is None
            or not fact.period
            or lx.periods_compatible(reading.asked_period, fact.period)
        ):
            return verdict
        asked = next(
            (
                f
                for f in self.index.row_of(fact)
                if f is not fact
                and f.period
                and f.header_words == fact.header_words
                and f.kind == fact.kind
                and lx.periods_compatible(reading.asked_period, f.period)
                and not lx.periods_compatible(fact.period, f.period)
            ),
            None,
        ) or self._same_line_under_another_heading(fact, reading.asked_period)
        if asked is None:
            return verdict
        return ClaimVerdict(
            claim=verdict.claim,
            outcome=PERIOD_MISMATCH,
            nearest=verdict.nearest,
            expected_value=asked.value,
            details={
                "reason": f"the value is the {fact.period} figure; the question asks for "
                f"{reading.asked_period}",
                "matched": fact.text,
                "matched_period": fact.period,
            },
        )

    def _same_line_under_another_heading(self, fact: Claim, period: str) -> Claim | None:
        """The cell of the same line and column for the period asked, where a table gives
        each date its own block of rows ("As at 31 December 2023" over its rows, then "As at
        31 December 2022" over the same rows again)."""
        if fact.cell is None or not fact.label_words:
            return None
        return next(
            (
                f
                for f in self._column_of(fact)
                if f.label_words == fact.label_words
                and f.header_words == fact.header_words
                and f.kind == fact.kind
                and f.period
                and lx.periods_compatible(period, f.period)
                and not lx.periods_compatible(fact.period, f.period)
            ),
            None,
        )

    def _operands_of_the_year_asked(self, verdicts: list[ClaimVerdict]) -> list[ClaimVerdict]:
        """A short answer's working over table cells for a question that names one year
        ("What percentage of the 2023 gross deferred tax assets relates to tax loss
        carryforwards?" answered "71.5 / 154.4 = 46.31%"): an operand that is another year's
        cell, on a row with a cell for the year asked, beside an operand of that year, is
        `period_mismatch`, the asked year's cell expected."""
        question = self.answer.question
        if (
            not question
            or len(self.answer.text) > MAX_BARE_ANSWER_CHARS
            # a part of a whole of the year asked, not a change or an average over years
            or not _PART_ASKED.search(question)
            or _CHANGE_ASKED.search(question)
            or _AVERAGE_ASKED.search(question)
        ):
            return verdicts
        years = set(_A_YEAR.findall(question))
        if len(years) != 1:
            return verdicts
        year = years.pop()
        cells: dict[int, Claim] = {}
        for k, verdict in enumerate(verdicts):
            if (
                verdict.outcome == GROUNDED
                and verdict.nearest is not None
                and "operand" in verdict.claim.qualifiers
            ):
                fact = self._fact_at(verdict.nearest)
                if fact is not None and fact.cell is not None and lx.period_year(fact.period):
                    cells[k] = fact
        if not any(lx.period_year(f.period) == year for f in cells.values()):
            return verdicts
        out = list(verdicts)
        for k, fact in cells.items():
            if lx.period_year(fact.period) == year:
                continue
            asked = [
                f
                for f in self.index.row_of(fact)
                if f is not fact
                and lx.period_year(f.period) == year
                and f.header_words == fact.header_words
                and f.value != fact.value
            ]
            if len(asked) != 1:
                continue
            out[k] = ClaimVerdict(
                claim=verdicts[k].claim,
                outcome=PERIOD_MISMATCH,
                nearest=verdicts[k].nearest,
                expected_value=asked[0].value,
                details={
                    "reason": f"the value is the {fact.period} figure; the question asks for "
                    f"{year}",
                    "matched": fact.text,
                    "matched_period": fact.period,
                },
            )
        return out

    def _in_the_column_asked(self, verdict: ClaimVerdict) -> ClaimVerdict:
        """A bare answer to a question that names one column of a table ("What was the
        goodwill of the Life Sciences segment at December 31, 2023?" answered "US$860.0
        million") that is the cell of a column the question does not name, on a row whose
        cell under the named column is another value: `substitution`, that cell expected."""
        question = self.answer.question
        if (
            not question
            or len(self.answer.text) > MAX_BARE_ANSWER_CHARS
            or verdict.outcome != GROUNDED
            or verdict.nearest is None
        ):
            return verdict
        if sum(1 for r in self.answer.readings if r.claim.kind != DATE) != 1:
            return verdict  # one figure answers; working's operands name their own columns
        fact = self._fact_at(verdict.nearest)
        if fact is None or fact.cell is None or not fact.header_words:
            return verdict
        asked = labels.label_words(question)
        if fact.header_words & asked:
            return verdict
        named = [
            f
            for f in self.index.row_of(fact)
            if f is not fact
            and f.header_words
            and f.header_words <= asked
            and f.kind == fact.kind
            and f.period == fact.period
            and f.value != fact.value
        ]
        if len(named) != 1:
            return verdict
        return ClaimVerdict(
            claim=verdict.claim,
            outcome=SUBSTITUTION,
            nearest=verdict.nearest,
            expected_value=named[0].value,
            details={
                "reason": "the value is another column's; the question names this one",
                "matched": fact.text,
                "stated": named[0].text,
            },
        )

    def _fact_at(self, nearest: NearestValue) -> Claim | None:
        """The source value a verdict's nearest value was read from."""
        self._order_sources()
        assert self._source_order is not None
        starts, facts = self._source_order.get(nearest.source_id, ([], []))
        i = bisect.bisect_left(starts, nearest.start)
        return facts[i] if i < len(facts) and starts[i] == nearest.start else None

    def _on_its_basis(self, verdict: ClaimVerdict, reading: Reading) -> ClaimVerdict:
        """A figure its sentence says is GAAP ("On a GAAP basis ... operating income of
        $80.1 million") grounded on a non-GAAP or adjusted line (`Non-GAAP operating income
        80,053`) is that line's figure under the wrong basis: `substitution`, the GAAP line of
        the metric and period its expected value. A sentence that names no basis, or says
        non-GAAP, stays as it was."""
        claim, nearest = verdict.claim, verdict.nearest
        if verdict.outcome not in (GROUNDED, WITHIN_TOLERANCE) or nearest is None:
            return verdict
        if not nearest.source_id or claim.label_words & _ADJUSTED_WORDS:
            return verdict
        start = self.answer.sentences[reading.sentence][0]
        bases = _BASIS.findall(self.answer.text, start, claim.start)
        if not bases or bases[-1].lower() != "gaap":
            return verdict  # the nearest basis before the figure: "..., non-GAAP X of $Y"
        fact = self._fact_at(nearest)
        if fact is None or not fact.label or not fact.label_words & _ADJUSTED_WORDS:
            return verdict
        gaap = next(
            (
                f
                for f in self.index.labelled(fact.label)
                if f.source_id == fact.source_id
                and f.period == fact.period
                and f is not fact
                and f.kind == fact.kind
                and not f.label_words & _ADJUSTED_WORDS
            ),
            None,
        )
        return ClaimVerdict(
            claim=claim,
            outcome=SUBSTITUTION,
            nearest=nearest,
            expected_value=gaap.value if gaap is not None else None,
            details={
                "reason": "the value is the non-GAAP figure, and the sentence says GAAP",
                "matched": fact.text,
            },
        )

    def _headlines(
        self, readings: tuple[Reading, ...], found: list[_Claimed], verdicts: list[ClaimVerdict]
    ) -> list[ClaimVerdict]:
        """A change stated before the working it stands on ("**ROE rose about 0.6
        percentage points to 13.3%**" above "- 2024: 1,012 / 7,600 = 13.3%", "- 2023: 894 /
        7,044 = 12.7%"): tried, once every figure is worked out, between the answer's figures
        of its metric for two periods wherever they stand, on weak evidence."""
        out = list(verdicts)
        given = [
            replace_claim(o.reading.claim, value=self._exact[j])
            if j in self._exact
            else o.reading.claim
            for j, o in enumerate(found)
            if o.exact or o.stated is not None or j in self._exact
        ]
        for i, verdict in enumerate(verdicts):
            reading = readings[i]
            if verdict.grounded or CHANGE not in reading.cues or not reading.claim.label_words:
                continue
            signed = cd.DerivationTest(reading, signed=True)
            others = [c for c in given if c.start != reading.claim.start]
            for derivation in self._between_figures(reading, others):
                if signed(derivation):
                    out[i] = replace(
                        self._derived(reading.claim, derivation, found, reading), confidence=WEAK
                    )
                    break
        return out

    def _worked_elsewhere(
        self, readings: tuple[Reading, ...], verdicts: list[ClaimVerdict]
    ) -> list[ClaimVerdict]:
        """A figure the answer works out in one place and states in another ("**R&D
        intensity in 2023: about 22.8%**" above "= £2,212M / £9,702M ≈ 22.8%", "average
        equity of about ¥762 billion" after "¥761,857.5 million"): it stands on the worked
        figure's evidence when the two agree at its precision and name no different metric."""
        worked = [
            (r, v)
            for r, v in zip(readings, verdicts, strict=True)
            if v.outcome == DERIVED and r.claim.kind != DATE
        ]
        if not worked:
            return verdicts
        out = list(verdicts)
        for i, (reading, verdict) in enumerate(zip(readings, verdicts, strict=True)):
            if verdict.grounded or reading.claim.kind == DATE:
                continue
            if verdict.details.get("reason") == _SOME_OF_THE_ROWS:
                continue  # its own working, some rows of a total: no other figure undoes that
            mine = _comparable(reading.claim)
            if mine is None:
                continue
            # A bare operand of a written formula ("365 ÷ 2.99" after "≈ 2.99x") copies a
            # figure without its sign or unit: any worked figure of its digits may be it.
            bare = reading.claim.kind == NUMBER and "operand" in reading.claim.qualifiers
            for other, evidence in worked:
                theirs = _comparable(other.claim)
                if other is reading or theirs is None or (theirs[1] != mine[1] and not bare):
                    continue
                own_name = self._named_in_sources(reading.own_name)
                if own_name and not own_name & other.claim.label_words:
                    continue  # "and UAN about 25.6%" is not ammonia's 25.6%, worked above
                exact = self._exact.get(other.index, other.claim.value)
                if mine[1] == "rate" and other.claim.kind == BPS:
                    exact = exact / 100
                target, place = mine[0], mine[2]
                scale = other.claim.scale or Decimal(1)
                if not reading.claim.scale_origin and reading.claim.scale == 1 and scale != 1:
                    # "768.5 / 871.7" after "$871.7 million": the bare digits at its scale.
                    target, place = target * scale, place * scale
                if not values.at_precision(target, abs(exact), place):
                    continue
                if (
                    not self._is_result(other.claim)
                    and other.claim.cell is None
                    and not _names_alike(reading.claim, other.claim)
                ):
                    # A result of the answer's arithmetic or a cell of its own table it
                    # worked out ("| +4.0% |" above "volume (+4.0%)") is named by its working.
                    continue
                out[i] = _on_evidence_of(
                    reading.claim,
                    evidence,
                    f"{other.claim.text}, worked out in the answer",
                    "worked elsewhere",
                    WEAK,
                )
                break
        return out

    def _same_formula_other_period(
        self, reading: Reading, found: list[_Claimed]
    ) -> list[Derivation]:
        """ "A payout ratio of 40.0% in 2024 ($2.48 against $6.20), down from 41.3% in 2023":
        the formula of a figure the answer derived, in its sentence or an earlier one ("Net
        debt: $1,480.0 million − $212.6 million = $1,267.4 million ... 2024 net debt was
        $1,347.7 million"), over the same lines' values for the claim's own period. A figure
        of the same kind and unit only, each operand taken from the line it was read from."""
        claim = reading.claim
        if claim.kind not in (PERCENT, RATIO, *_AMOUNTS) or not claim.period:
            return []
        read_from = {id(o.reading.claim): o.exact[0] for o in found if o.exact}
        shifted = self._shifted_by_value()
        out = []
        for index, (sentence, derivation) in self._formula_of.items():
            result = self.answer.readings[index].claim
            if (
                sentence > reading.sentence
                or derivation.kind in (cd.SUM_OF, cd.AVERAGE_OF)
                or result.kind != claim.kind
                or result.unit != claim.unit
            ):
                continue
            operands = []
            for operand in derivation.operands:
                line = (
                    self._shifted_operand(shifted, operand, reading)
                    if not operand.source_id
                    else None
                )
                if line is None:
                    line = self._line_for_period(read_from.get(id(operand), operand), claim.period)
                if line is None:
                    break
                if line.value < 0 < operand.value:
                    # "operating cash flow less capital expenditures" took the outflow by its
                    # size; so does the same formula for the other period.
                    line = replace_claim(line, value=abs(line.value))
                operands.append(line)
            else:
                shifted_derivation = replace(derivation, operands=tuple(operands), described=False)
                self._shift_of[id(shifted_derivation)] = index
                out.append(shifted_derivation)
        return out

    def _written_other_period(self, reading: Reading, found: list[_Claimed]) -> ClaimVerdict | None:
        """ "Net debt: $1,480.0 million − $212.6 million = $1,267.4 million ... For comparison,
        2024 net debt was $1,347.7 million": arithmetic the answer wrote out before the claim
        (in an earlier sentence, or earlier in its own) for a figure of the same kind and
        unit, over the values for the claim's own period of the lines its operands were read
        from: `derived`, weakly, when that gives the claim."""
        claim = reading.claim
        if claim.kind not in (PERCENT, RATIO, *_AMOUNTS) or not claim.period:
            return None
        read_from = {o.reading.index: o.exact[0] for o in found if o.exact}
        shifted = self._shifted_by_value()
        for index, (sentence, expression, at) in self._written.items():
            result = self.answer.readings[index].claim
            if (
                sentence > reading.sentence
                # "... ≈ R$1,034 per tonne, down from about R$1,255 in 4Q22": the same
                # sentence, after the working
                or (sentence == reading.sentence and result.end > claim.start)
                or result.kind != claim.kind
                or result.unit != claim.unit
            ):
                continue
            end = at + len(expression)
            # "R$2,813 million ÷ ...": an operand's sign may stand before the expression
            operands = [r for r in self.answer.readings if at < r.claim.end and r.claim.end <= end]
            rewritten, cursor = [], at
            for operand in operands:
                source = read_from.get(operand.index)
                written = values.evaluate(operand.claim.text)
                if not written:
                    break
                if source is None:
                    again = self._shifted_operand(shifted, operand.claim, reading)
                    if again is None:
                        break
                    source, line = operand.claim, again
                else:
                    line = self._line_for_period(source, claim.period)
                if line is None or not source.value:
                    break
                rewritten += [
                    self.answer.text[cursor : max(cursor, operand.claim.start)],
                    values.plain(line.value * written / source.value),
                ]
                cursor = operand.claim.end
            else:
                if not operands:
                    continue
                formula = "".join(rewritten) + self.answer.text[cursor:end]
                value = values.evaluate(formula)
                if value is None:
                    continue
                scale = claim.scale or Decimal(1)
                precision = claim.precision or Decimal(1)
                for target, place, unit in (
                    (claim.value, precision, Decimal(1)),
                    (claim.value / scale, precision / scale, scale),
                ):
                    if values.at_precision(target, value, place):
                        self._shifted[(index, claim.period)] = claim
                        return _derived_weakly(
                            claim, value * unit, formula.strip(), "written, another period"
                        )
        return None

    def _written_prior_period(self, reading: Reading, found: list[_Claimed]) -> ClaimVerdict | None:
        """ "(slightly below the prior year's 1.07x)" after "Current ratio = $4,664M ÷ $4,412M
        = 1.06x": a figure its clause dates only as the year before, worked as the answer
        worked a figure of its kind and unit before, over each other period of the lines its
        operands were read from."""
        claim = reading.claim
        if claim.period or claim.kind not in (PERCENT, RATIO, *_AMOUNTS) or not self._written:
            return None
        start = self.answer.sentences[reading.sentence][0]
        if not _PRIOR_YEAR_BEFORE.search(
            self.answer.text, max(start, claim.start - 40), claim.start
        ):
            return None
        periods: list[str] = []  # the other columns of the rows the answer's figures are on
        for o in found:
            for fact in o.exact[:1]:
                for cell in self.index.row_of(fact):
                    if cell.period and cell.period not in periods and cell is not fact:
                        periods.append(cell.period)
        for period in periods[:MAX_PRIOR_PERIODS]:
            dated = replace(reading, claim=replace_claim(claim, period=period))
            verdict = self._written_other_period(dated, found)
            if verdict is not None:
                return replace(verdict, claim=claim)
        return None

    def _shifted_by_value(self) -> dict[tuple[Decimal, str], Claim]:
        """The figures a formula was moved to another period for, by the value of the figure
        it was first worked out for and that period: the net debt of 2024 is the operand of
        2024's leverage."""
        return {(self.answer.readings[i].claim.value, p): v for (i, p), v in self._shifted.items()}

    def _shifted_operand(
        self, shifted: dict[tuple[Decimal, str], Claim], operand: Claim, reading: Reading
    ) -> Claim | None:
        """The answer's own figure for the claim's period standing for a figure it derived
        for another: the one moved there by a formula, else the only figure of that period,
        kind and unit the answer derived before the claim."""
        period = reading.claim.period
        moved = shifted.get((operand.value, period))
        if moved is not None:
            return moved
        derived = [
            r.claim
            for r in self.answer.readings[: reading.index]
            if r.index in self._formula_of
            and r.claim.period == period
            and r.claim.kind == operand.kind
            and r.claim.unit == operand.unit
            and r.claim.value != operand.value
        ]
        return derived[0] if len(derived) == 1 else None

    def _line_for_period(self, operand: Claim, period: str) -> Claim | None:
        """The value for `period` on the line an operand was read from, or that its label
        names; none when the operand is already of that period."""
        if operand.period == period:
            return None
        if operand.source_id and operand.cell is not None:
            for fact in self.index.rows.get(cd.line_of(operand), ()):
                if fact.period and lx.periods_compatible(period, fact.period):
                    return fact
        if not operand.label_words:
            return None
        line = cd.operands_for(operand.label_words, [period], self.index)
        return line[0] if line else None

    def _own_column(self, reading: Reading, found: list[_Claimed]) -> list[Derivation]:
        """A cell of a table the answer draws itself ("| Working capital | 407,625 |" under
        the current assets and liabilities it lists): a sum or difference of two other
        cells of its column, or for a rate or a multiple their quotient ("| Payout ratio |
        59.6% |" under the dividend and the EPS)."""
        claim = reading.claim
        if claim.cell is None or (
            claim.kind not in _AMOUNTS and claim.kind not in (PERCENT, RATIO)
        ):
            return []
        table, row, column = claim.cell
        column_cells = [
            o.reading.claim
            for o in found
            if o.reading.claim.cell is not None
            and o.reading.claim.cell[0] == table
            and o.reading.claim.cell[2] == column
            and o.reading.claim.cell[1] != row
            and o.reading.claim.kind in _AMOUNTS
        ][: MAX_LIST_ITEMS * 2]
        out = []
        for a, b in itertools.permutations(column_cells, 2):
            if claim.kind == PERCENT:
                # "| Payout ratio | 59.6% |" under the dividend and EPS it divides.
                out.append(Derivation(cd.SHARE_OF, (a, b), False, False))
            elif claim.kind == RATIO:
                out.append(Derivation(cd.RATIO_OF, (a, b), False, False))
            else:
                if (a.value < 0) == (b.value < 0):
                    # A bracketed cell is taken off already: "$702.4M" over "($146.2M)" gives
                    # their sum, never 702.4 + 146.2.
                    out.append(Derivation(cd.DIFFERENCE, (a, b), False, False))
                if a.cell[1] < b.cell[1]:
                    out.append(Derivation(cd.SUM_OF, (a, b), False, False))
                if claim.kind == NUMBER and claim.precision and claim.precision < 1:
                    # "| **Book-to-bill** | **1.12** |" under bookings and sales: a multiple
                    # written without its "x".
                    out.append(Derivation(cd.RATIO_OF, (a, b), False, False))
        if claim.kind in _AMOUNTS and claim.period:
            # "| 2024 | 41,862 | 252 | 10,549,224 |": a cell the product of two cells of its
            # period before it (shipments a day times work days), whichever way the table runs.
            row_cells = [
                o.reading.claim
                for o in found[: reading.index]
                if o.reading.claim.cell is not None
                and o.reading.claim.cell[0] == table
                and o.reading.claim.period == claim.period
                and o.reading.claim.kind in _AMOUNTS
            ][:MAX_LIST_ITEMS]
            out.extend(
                Derivation(cd.PRODUCT, (a, b), False, False)
                for a, b in itertools.combinations(row_cells, 2)
            )
            if "per_share" in claim.qualifiers and claim.kind == CURRENCY:
                # "| 2024 | $801.6 million | 49,870 | $16,073 |" under "Revenue per student":
                # an amount over a count of its row, each as the sources give it.
                exact = {id(o.reading.claim): o.exact[0] for o in found if o.exact}
                row = [exact.get(id(c), c) for c in row_cells]
                out.extend(
                    Derivation(cd.RATIO_OF, (a, b), False, False)
                    for a, b in itertools.permutations(row, 2)
                    if a.kind == CURRENCY and b.kind in (NUMBER, COUNT) and b.value
                )
        return out

    def _named_averages(self, reading: Reading, found: list[_Claimed]) -> list[Derivation]:
        """A figure named an average with nothing in its sentence to average ("- Average
        equity: ¥761,857.5 million" under the two year-end balances): the averages of the
        figures of its metric the list gives just before it."""
        claim = reading.claim
        start, _end = self.answer.sentences[reading.sentence]
        if claim.kind not in _AMOUNTS or not _AVERAGE_NAMED.search(
            self.answer.text, start, claim.start
        ):
            return []
        words = {w for w in claim.label_words if not w.startswith("#")}
        figures = [
            o.reading.claim
            for o in found[: reading.index]
            if o.reading.sentence >= reading.sentence - MAX_LIST_ITEMS
            and o.reading.claim.kind in _AMOUNTS
            and (
                (o.reading.claim.kind == claim.kind and words & o.reading.claim.label_words)
                # "total 8,742.6 + 8,915.3 + 8,206.9 = $25,864.8 million. Dividing by the
                # three years gives average net sales of $8,621.6 million"
                or "operand" in o.reading.claim.qualifiers
            )
        ][-MAX_LIST_ITEMS:]
        out = []
        for size in range(2, len(figures) + 1):
            out.append(Derivation(cd.AVERAGE_OF, tuple(figures[-size:]), True, False))
        return out

    def _is_result(self, claim: Claim) -> bool:
        """The figure follows `=`, `≈` or `→`: a result, named by the arithmetic before it, not
        by the words next to it ("... ÷ revenue of £9,684 million = **22.8%**")."""
        before = self.answer.text[max(0, claim.start - 8) : claim.start].rstrip(" *_~")
        return before.endswith(("=", "≈", "→"))

    def _restated(
        self, readings: tuple[Reading, ...], verdicts: list[ClaimVerdict], i: int
    ) -> ClaimVerdict | None:
        """A figure that restates the one before it in other words ("£50.87 thousand, i.e.
        about £50,873", "38 basis points, or 0.38% of loans") stands on that figure's
        evidence, when that figure is grounded and the two agree at the coarser precision."""
        if i == 0:
            return None
        reading, previous = readings[i], readings[i - 1]
        before = verdicts[i - 1]
        if previous.sentence != reading.sentence or not before.grounded:
            return None
        claim, other = reading.claim, previous.claim
        # "−0.06 points, about −6 bps": points beside a restatement in basis points are
        # percentage points
        points = (
            _POINTS_AFTER.match(self.answer.text, other.end)
            if other.kind == NUMBER and claim.kind in (BPS, PERCENTAGE_POINTS)
            else None
        )
        restated_from = points.end() if points is not None else other.end
        if not _RESTATING.fullmatch(self.answer.text, restated_from, claim.start):
            return None
        mine, theirs = _comparable(claim), _comparable(other)
        if points is not None and theirs is not None:
            theirs = (theirs[0], "rate", theirs[2])
        if mine is None or theirs is None or mine[1] != theirs[1]:
            return None
        place = max(mine[2], theirs[2])
        if not values.at_precision(mine[0], theirs[0], place) and not values.at_precision(
            theirs[0], mine[0], place
        ):
            return None
        return _on_evidence_of(claim, before, f"{other.text} restated", "restated")

    def _named_in_sources(self, words: frozenset[str]) -> frozenset[str]:
        """The words some source value's label or header holds."""
        return frozenset(w for w in words if w in self.index.by_word)

    def _the_figure_given_before(
        self, readings: tuple[Reading, ...], verdicts: list[ClaimVerdict], i: int
    ) -> ClaimVerdict | None:
        """A rate named with "the" and a noun of change ("together they drove the 14.7%
        increase") that is, as written, one the answer gave before and grounded
        ("TCE revenues grew about 14.7%"): a reference to that figure, on its evidence."""
        claim = readings[i].claim
        if claim.kind != PERCENT or not _THE_FIGURE.match(
            self.answer.text, max(0, claim.start - 4), claim.end + MAX_CHANGE_NOUN_CHARS
        ):
            return None
        for k in range(i - 1, -1, -1):
            other, before = readings[k].claim, verdicts[k]
            if other.kind == claim.kind and other.value == claim.value and before.grounded:
                return _on_evidence_of(claim, before, f"{other.text}, given before", "restated")
        return None

    # ------------------------------------------------------------ candidates

    def _clause_period(self, reading: Reading) -> str | None:
        """The claim's period as its own clause gives it, when that differs from the one its
        reading carried over (None: keep the reading's).

        A balance date in the claim's own clause is its period ("... during the six months
        ended June 30, 2024, and $1.04 billion remained available at June 30, 2024": the
        balance's date, not the half). A period carried from another clause of a sentence that names several
        ("... to ₩684.2 billion in 2023 from ₩571.9 billion in 2022, and operating profit
        climbed to ₩58.7 billion") says too little about the figure to call it another
        period's: none. A clause that names its period in words ("capex for the quarter",
        "that year's ratio") or a period opening the sentence keeps the reading's."""
        claim = reading.claim
        if not claim.period or claim.kind == DATE:
            return None
        if _ATTRIBUTIVE.match(self.answer.text, claim.end):
            # "of the $2.0 billion program", "its 5.125% senior notes": the figure names an
            # instrument; the period around it is not the figure's.
            return ""
        sentence = self._claims_of(reading.sentence)
        dates = [c for c in sentence if c.kind == DATE and not c.nested and c.period]
        if not dates:
            return None  # from a caption, a heading or the fiscal calendar: kept
        start, end = self.answer.sentences[reading.sentence]
        text = self.answer.text

        def inside_a_figure(pos: int) -> bool:  # "December 29, 2012": no break at its comma
            return any(c.start <= pos < c.end for c in sentence)

        breaks = [
            m for m in _CLAUSE_BREAK.finditer(text, start, end) if not inside_a_figure(m.start())
        ]
        left = max((m.end() for m in breaks if m.end() <= claim.start), default=start)
        right = min((m.start() for m in breaks if m.start() >= claim.end), default=end)
        own = [d for d in dates if left <= d.start < right]
        if own:
            balance = [
                d
                for d in own
                if _BALANCE_DATE_BEFORE.search(text, max(start, d.start - 8), d.start)
                and len(d.period) == 10
                and d.period[:4].isdigit()
            ]
            if balance and not any(lx.periods_compatible(claim.period, d.period) for d in own):
                return balance[0].period  # "remained available at June 30, 2024"
            after = [d for d in own if d.start >= claim.end]
            if (
                not reading.derived
                and len(after) == 1
                and len(own) == 1
                and not lx.periods_compatible(claim.period, after[0].period)
                and _OWN_YEAR_BETWEEN.fullmatch(text, claim.end, after[0].start)
            ):
                return after[0].period  # "than the 12.1 million tonnes of drought-hit 2023"
            return None
        if any(
            d.period == claim.period
            and (
                _EVENT_BEFORE.search(text, max(start, d.start - 24), d.start)
                or _AS_IF_BEFORE.search(text, max(start, d.start - 60), d.start)
            )
            for d in dates
        ):
            return ""  # "Founded in 2012 ..., the company has 6,820 employees": an event's year
        if _SINCE_AN_EVENT.search(text, left, claim.start):
            # "its largest deal since it bought Tundra Systems for C$145 million": an earlier
            # event's figure, of no period the sentence names.
            return ""
        if len({d.period for d in dates}) < 2:
            return None  # "revenue was $1.35 billion in 2023, and net income was ...": one
            # period for the sentence, which every clause shares
        if _PERIOD_NOUN.search(text, left, right):
            return None
        first_figure = min((c.start for c in sentence if c.kind != DATE), default=claim.start)
        if any(
            d.end <= first_figure and lx.periods_compatible(d.period, claim.period) for d in dates
        ):
            return None  # "In 2024, ...": the sentence's period
        return ""

    def _claims_of(self, sentence: int) -> list[Claim]:
        """The claims of one sentence of the answer, in order (read once per sentence)."""
        if self._by_sentence is None:
            by_sentence: dict[int, list[Claim]] = {}
            for r in self.answer.readings:
                by_sentence.setdefault(r.sentence, []).append(r.claim)
            self._by_sentence = by_sentence
        return self._by_sentence.get(sentence, [])

    def _claims_around(
        self, reading: Reading, back: int, *, before_it: bool = False
    ) -> list[Claim]:
        """The other claims of a reading's sentence and the `back` sentences before it, in
        order; `before_it`: only those that stand before the reading's own claim."""
        claim = reading.claim
        return [
            c
            for sentence in range(max(0, reading.sentence - back), reading.sentence + 1)
            for c in self._claims_of(sentence)
            if c.start != claim.start and (not before_it or c.start < claim.start)
        ]

    def _candidates(self, reading: Reading) -> _Claimed:
        claim = reading.claim
        if claim.kind == DATE:
            return _Claimed(reading, None, None, [], [], [])
        period = self._clause_period(reading)
        if period is not None:
            claim = replace(claim, period=period)
            reading = replace(reading, claim=claim)
        if reading.own_name:
            # "and the daily rate about 9.6%": a part no source names holds no derivation
            # to its own figures.
            reading = replace(reading, own_name=self._named_in_sources(reading.own_name))
        if self.index.aliases:
            named = self.index.with_aliases(claim.label_words)
            if named is not claim.label_words:
                claim = replace(claim, label_words=named)
                reading = replace(reading, claim=claim)
        binding = cd.bind(claim.label_words, claim.period, claim.kind, self.index, claim)
        if reading.after_label and reading.after_label != claim.label_words:
            # Words right after the figure may name it instead ("its $1.5 billion revolver"):
            # the reading that names a source line clearly better wins.
            other = cd.bind(reading.after_label, claim.period, claim.kind, self.index, claim)
            if (
                other is not None
                and other.strong
                and (
                    binding is None
                    or not binding.strong
                    or reading.label_inherited  # "15 winners and 9 losers": the noun names it
                    or other.score > binding.score + 0.25
                )
            ):
                binding = other
                claim = replace(claim, label_words=reading.after_label)
                reading = replace(reading, claim=claim)
        stated = binding.stated if binding is not None else None
        if (
            stated is not None
            and claim.kind == PERCENT
            and (stated.kind == CURRENCY or (stated.kind in (NUMBER, COUNT) and stated.value > 100))
        ):
            # "Consolidated adjusted EBITDA margin was 9.65%" bound to the EBITDA line,
            # "11,950 of them professional drivers (roughly 65%)" to the drivers' count: a
            # rate is no value of a line of amounts or counts, which its formula takes.
            stated = None
        elif (
            stated is not None
            and "per_share" in stated.qualifiers
            and "per_share" not in claim.qualifiers
            and abs(norm(claim)) > abs(norm(stated)) * 1000
        ):
            # "a cash dividend totalling VND 267.3 billion" of a "VND 1,800 per share"
            # dividend: the total is no value of the per-share line.
            stated = None
        elif (
            stated is not None
            and "per_share" in claim.qualifiers
            and "per_share" not in stated.qualifiers
            and abs(norm(stated)) > abs(norm(claim)) * 1000
        ):
            # "Revenue per student ... $16,265" of revenue of $1,058.9 million: a figure per
            # unit is no value of the total's line either.
            stated = None
        prose_stated = None
        if stated is not None and not binding.structured and not (claim.period and stated.period):
            # Words around a figure in prose name it less surely than a table row: a value
            # read from prose is the stated one only when both sides name the same period.
            if (
                not claim.period
                and not stated.period
                and not reading.base
                # "a sell-through rate of about 90%" says nothing of the 43 lots sold
                and (claim.kind == PERCENT) == (stated.kind == PERCENT)
            ):
                prose_stated = stated
            stated = None
        if reading.base and not claim.period:
            # "up 14.8% from $1.62 billion": the base of a change is the metric at another,
            # unnamed period; what the sources state for the current one says nothing of it.
            stated = None
        found_anywhere = cd.matches(claim, self.index)
        # A figure written negative is not a positive value of a metric that is no outflow.
        found_anywhere = [s for s in found_anywhere if cd.signs_agree(claim, s)]
        exact = [
            s
            for s in found_anywhere
            if cd.usable_for(claim, s) or self._told_with_what_replaced_it(reading, s)
        ]
        # A value the sources give only as superseded or hypothetical ("as previously
        # reported", "would have been"): its own evidence, before any formula that gives it.
        unusable = [s for s in found_anywhere if s not in exact and "injected" not in s.qualifiers]
        tol = tolerance(claim, self.config)
        # Tolerance is for values copied from the sources, never for a figure the answer
        # computed (docs/detection.md, rule 3).
        close = (
            [
                s
                for s in cd.matches(claim, self.index, tol)
                if cd.usable_for(claim, s) and cd.signs_agree(claim, s)
            ]
            if tol and not exact and not reading.derived
            else []
        )
        return _Claimed(reading, binding, stated, exact, close, unusable, prose_stated)

    def _source_sentence(self, source: Claim) -> tuple[int, int]:
        """Where the sentence of a source value starts and ends in its source's text."""
        text = self.index.texts.get(source.source_id, "")
        # (a line break before a lower-case word wraps the sentence: "up from its previous
        # / forecast of $4.40 to $4.70")
        stop = text.rfind(". ", 0, source.start)
        start = text.rfind("\n", 0, source.start)
        while start > stop and text[start + 1 : start + 2].islower():
            start = text.rfind("\n", 0, start)
        end = text.find("\n", source.end)
        while end >= 0 and text[end + 1 : end + 2].islower():
            end = text.find("\n", end + 1)
        ends = [e for e in (text.find(". ", source.end), end) if e >= 0]
        return max(stop, start) + 1, min(ends, default=len(text))

    def _told_with_what_replaced_it(self, reading: Reading, source: Claim) -> bool:
        """A superseded value the answer gives in a sentence that also gives a value of the
        source's sentence that is not ("now expects revenue of $6.1 billion to $6.3
        billion, down from $6.6 billion to $6.8 billion" over "expects ... $6.1 billion to
        $6.3 billion, down from its previous forecast of $6.6 billion to $6.8 billion"): the
        answer tells the change, not the old value as current."""
        if "superseded" not in source.qualifiers or "injected" in source.qualifiers:
            return False
        start, end = self._source_sentence(source)
        for other in self.answer.readings:
            if other.sentence != reading.sentence or other is reading:
                continue
            if other.claim.kind == DATE:
                continue
            for match in cd.matches(other.claim, self.index):
                if (
                    match.source_id == source.source_id
                    and start <= match.start < end
                    and not match.qualifiers & {"superseded", "hypothetical", "injected"}
                ):
                    return True
        return False

    def _in_an_answer_table(self, claim: Claim) -> bool:
        """Whether a figure of the answer stands in a row of the answer's own pipe table."""
        text = self.answer.text
        line = text.rfind("\n", 0, claim.start) + 1
        return text.startswith("|", line)

    def _cited(self, reading: Reading, found: list[_Claimed]) -> list[cd.Cited]:
        """The answer's other figures in the claim's sentence, as the sources give them; when
        the sentence has none, those of the sentence before it ("Reported EPS was $0.50
        versus estimated EPS of $0.45. Earnings surprise: 11.11%.")."""
        out = self._cited_in(reading, found, reading.sentence)
        if (
            out
            and reading.cues & {AVERAGE, SUM}
            and reading.sentence > 0
            and sum(1 for c in out if c.value.kind == reading.claim.kind) < 2
        ):
            # "- 2024: MSEK 91 / - 2023: MSEK 79 / - 2022: MSEK 97 / Their sum is MSEK 267,
            # so ... an average of MSEK 89.0": a list's items before a sentence that sums
            # or averages them, whatever else that sentence holds.
            back = reading.sentence - 1
            while back >= max(0, reading.sentence - MAX_LIST_ITEMS):
                out = [
                    replace(c, borrowed=True) for c in self._cited_in(reading, found, back)
                ] + out
                back -= 1
        if not out and reading.sentence > 0:
            out = [
                replace(c, borrowed=True)
                for c in self._cited_in(reading, found, reading.sentence - 1)
            ]
            if reading.cues & {AVERAGE, SUM}:
                # "- Equity at March 31, 2024: ¥788,016 million / - Equity at March 31, 2023:
                # ¥735,699 million / - Average equity: ¥761,857.5 million": a list's items
                # are sentences of their own.
                back = reading.sentence - 2
                while len(out) < 2 and back >= max(0, reading.sentence - MAX_LIST_ITEMS):
                    out = self._cited_in(reading, found, back) + out
                    back -= 1
        claim = reading.claim
        if claim.kind in (BPS, PERCENTAGE_POINTS) and reading.sentence > 0:
            out = out + self._the_rate_it_refers_to(reading, found)
        if (
            claim.kind in (BPS, PERCENTAGE_POINTS)
            and sum(1 for c in out if c.value.kind == PERCENT) < 2
        ):
            # "Gross margin = ... ≈ 32.7% ... ≈ 32.2% ... expanded by 51 basis points": the
            # answer's own rates of the metric, from wherever it gave them.
            earlier = [
                o
                for o in found[: reading.index]
                if o.reading.claim.kind == PERCENT and o.reading.sentence != reading.sentence
            ]
            if not earlier:
                # "**Operating margin improved to 16.23%, about 0.42 points above the prior
                # year.**" over "| **Operating margin** | **16.23%** | **15.81%** |": a
                # headline before the answer's own table of the rates
                earlier = [
                    o
                    for o in found[reading.index + 1 :]
                    if o.reading.claim.kind == PERCENT
                    and o.reading.sentence != reading.sentence
                    and self._in_an_answer_table(o.reading.claim)
                ]
            own_levels = [
                o
                for o in found[: reading.index]
                if o.reading.sentence == reading.sentence
                and o.reading.claim.kind == PERCENT
                and not _a_change(o.reading)
            ]
            if own_levels:
                # "... up 38.9%, or 39.4% of deliveries. A year earlier EVs were 29.0% of
                # deliveries, so the mix shifted by about 10.4 percentage points": a level's
                # spread is from another level, never from a rate of change.
                earlier = [o for o in earlier if not _a_change(o.reading)]
            rates = (
                [o for o in earlier if _shares_a_metric(claim, o.reading.claim)]
                or [
                    # "17.8% EBIT margin ... = 17.0%. The segment's margin widened by 0.8
                    # percentage points": the rates the answer itself computed last.
                    o
                    for o in earlier
                    if o.reading.index in self._exact
                ]
                # "| Operating ratio | 90.1% | 89.1% | ... roughly 101 bps": the rates the
                # answer gave last, when it computed none.
                or earlier
            )
            own = _for_the_period(claim.period, rates)
            single = sum(1 for c in out if c.value.kind == PERCENT) == 1
            named = _the_one_named(reading, earlier) if single else []
            if named:
                # "the average APR on new credit card offers at 20.74%" ... "22.63% ..., about
                # 1.89 percentage points above the survey's new-offer average": the earlier
                # rate the words after the spread name.
                own = named
            if len(own) == 2 or (
                # "2023 lease yield ≈ 10.81%" ... "Against a 3.87% composite cost of funds,
                # that leaves a gross spread of roughly 6.94 percentage points": the one
                # rate the sentence gives and the last the answer gave before it.
                own and sum(1 for c in out if c.value.kind == PERCENT) == 1
            ):
                out = out + [
                    cd.Cited(replace_claim(o.reading.claim, value=self._exact[o.reading.index]))
                    if o.reading.index in self._exact
                    else cd.Cited(o.reading.claim)
                    for o in (own if len(own) == 2 else own[-1:])
                ]
        elif claim.kind == PERCENT and CHANGE in reading.cues and claim.label:
            out = out + self._other_period_of_its_metric(reading, found, out)
        return out

    def _opened_by_a_pronoun(self, reading: Reading) -> bool:
        """The claim's sentence opens on "This", "It" or "That" ("That is an effective rate
        of about 11.5%"): it is about a figure the answer gave before."""
        start = self.answer.sentences[reading.sentence][0]
        return _OPENED_BY_A_PRONOUN.match(self.answer.text, start) is not None

    def _the_rate_it_refers_to(self, reading: Reading, found: list[_Claimed]) -> list[cd.Cited]:
        """ "... the current average rate ... is 6.88%. This is down 0.06 percentage points
        from 6.94% the week before": a sentence opened by a pronoun is about the one rate
        the sentence before gave, which a change in points is measured from."""
        if not self._opened_by_a_pronoun(reading):
            return []
        before = [
            c
            for c in self._cited_in(reading, found, reading.sentence - 1)
            if c.value.kind == PERCENT
        ]
        return [replace(before[0], borrowed=True)] if len(before) == 1 else []

    def _other_period_of_its_metric(
        self, reading: Reading, found: list[_Claimed], cited: list[cd.Cited]
    ) -> list[cd.Cited]:
        """ "FY2023 EBITDA ... = $2,528 million" and then "FY2022 EBITDA on the same basis was
        ... = $2,151 million, so EBITDA grew about 17.5%": a change whose sentence gives its
        metric for one period is also over the figure an earlier sentence of the answer gave
        for another, the latest such."""
        label = reading.claim.label
        mine = [c.value for c in cited if c.value.label == label and c.value.period]
        if len(mine) != 1:
            return []
        given = mine[0]
        for other in reversed(found[: reading.index]):
            r = other.reading
            if (
                r.sentence != reading.sentence
                and r.claim.label == label
                and r.claim.kind == given.kind
                and r.claim.period
                and r.claim.period != given.period
            ):
                value = self._exact.get(r.index)
                return [
                    cd.Cited(replace_claim(r.claim, value=value) if value is not None else r.claim)
                ]
        return []

    @staticmethod
    def _cites(reading: Reading, other: _Claimed, sentence: int) -> bool:
        r = other.reading
        return (
            r.sentence == sentence
            and r.index != reading.index
            and r.claim.kind != DATE
            and not r.claim.nested
        )

    def _cited_in(self, reading: Reading, found: list[_Claimed], sentence: int) -> list[cd.Cited]:
        out = []
        for other in found:
            if not self._cites(reading, other, sentence):
                continue
            r = other.reading
            source = other.exact[0] if other.exact else None
            if other.stated is not None and (
                cd.value_matches(r.claim, other.stated)
                # "roughly $5.2 billion, up 10.5%" where the sources state 5,004.3: the change
                # is over the value the hedge stands for, however loosely it is rounded, and
                # not over another line's that rounds to it ("roughly $1.3 billion" of corn
                # seed sales, 1,184.6, is not the 1,262.4 of cost of goods sold).
                or (
                    r.claim.approximate
                    and (
                        source is None
                        or (
                            other.binding is not None
                            and other.binding.strong
                            and cd.line_of(source) != cd.line_of(other.stated)
                        )
                    )
                )
            ):
                source = other.stated
            written = None
            if r.index in self._exact:
                source = replace_claim(r.claim, value=self._exact[r.index])
                written = r.claim
            elif source is None and r.claim.kind == PERCENT:
                # "+133 bps (about 34.8% vs 33.5%)" after "≈ 34.80%" and "≈ 33.46%" worked out
                # before: a hedged rate restating one the answer computed stands for it.
                earlier = self._computed_before(reading, r.claim)
                if earlier is not None:
                    source = replace_claim(r.claim, value=earlier)
                    written = r.claim
            if source is None or (
                r.claim.scale_origin
                and r.claim.scale != 1
                and not source.scale_origin
                # "nearly 1.9 million" of 1,862,400: the digits already say their scale
                and not values.at_precision(r.claim.value, norm(source), r.claim.precision)
            ):
                # "$8,214 million" for a cell of a table whose scale the reader did not
                # find: the answer's own scale is the one stated.
                source = r.claim
            elif source.kind != r.claim.kind and r.claim.kind in (PERCENT, CURRENCY):
                # "2.41%" for a cell of a "(%)" row read as a plain number: the answer says
                # what the figure is, and a spread is between percentages.
                source = replace_claim(source, kind=r.claim.kind)
            out.append(cd.Cited(source, r.base, False, written))
        return out

    def _computed_before(self, reading: Reading, rate: Claim) -> Decimal | None:
        """The unrounded value of the one rate the answer worked out before `reading` that
        `rate`, written more loosely, restates."""
        restated = [
            self._exact[r.index]
            for r in self.answer.readings[: reading.index]
            if r.index in self._exact
            and r.claim.kind == rate.kind
            and values.at_precision(rate.value, self._exact[r.index], rate.precision or Decimal(1))
        ]
        return restated[0] if len(restated) == 1 else None

    def _as_written(self, reading: Reading, cited_figures: list[cd.Cited]) -> list[Derivation]:
        """The formulas over the sentence's figures as the answer writes them, where some
        stand for an unrounded result worked out in the answer: "$2.57 ... from $2.41,
        roughly 6.6% growth" after working that gives 2.5722 is growth over 2.57 (6.64%),
        not over 2.5722 (6.73%). Only the claim's own sentence's figures: none when none of
        them has such a result."""
        if not any(c.written is not None and not c.borrowed for c in cited_figures):
            return []
        as_written = [
            cd.Cited(c.written, c.base) if c.written is not None and not c.borrowed else c
            for c in cited_figures
        ]
        return cd.derivations(reading, as_written, self.index)

    def _worked(self, reading: Reading) -> ClaimVerdict | None:
        """A figure the answer computes in so many symbols ("58,301 / 1,146 = £50.87
        thousand", "$1,234M / $15,678M ≈ 7.9%"): `derived` when the arithmetic gives it at
        its precision (in its own digits or as a percentage), `arithmetic_drift` when it
        gives something else at every scale, and no verdict when the arithmetic cannot be
        read."""
        claim = reading.claim
        worked = self.answer.worked(claim) if claim.kind != DATE else None
        if worked is None:
            return None
        expression, rounded = worked
        value = values.evaluate(expression)
        if value is None:
            return None
        results = [value, value * 100] if claim.kind == PERCENT else [value]
        if claim.kind == CURRENCY and _PER_SMALLER_UNIT.match(self.answer.text, claim.end):
            larger = _LARGER_UNIT_IN.search(expression)
            if larger is not None:
                # "ISK 31,196.9 million / 16,247 tonnes ≈ ISK 1,920 per kg": a price per
                # thousandth of the unit the working divides by
                results.append(value / 1000)
        if claim.kind in (PERCENTAGE_POINTS, BPS) and "%" in expression:
            # "20.92% − 14.83% = 6.09 pp": percentages are hundredths in the arithmetic.
            results.append(value * (100 if claim.kind == PERCENTAGE_POINTS else 10_000))
        precision = claim.precision or Decimal(1)
        scale = claim.scale or Decimal(1)
        # The claim in its own units and in the digits it writes ("£50.87 thousand" is
        # 50,870 and 50.87): arithmetic over table cells gives the latter.
        readings = [
            (claim.value, precision, Decimal(1)),
            (claim.value / scale, precision / scale, scale),
        ]
        for result in results:
            for target, place, unit in readings:
                near = values.at_precision(target, result, place) or (
                    rounded
                    and result
                    and abs(abs(target) - abs(result)) <= abs(result) * WRITTEN_ROUNDING
                )
                if near:
                    later_base = self._over_the_later_value(reading, expression)
                    if later_base is not None:
                        return later_base
                    self._exact[reading.index] = _with_written_sign(result * unit, claim)
                    at = self.answer.text.rfind(expression, 0, claim.start + len(expression))
                    if at < 0:
                        # "£288.0 billion (4,610.1 - 4,322.1)": the working after the figure
                        at = self.answer.text.find(expression, claim.end)
                    if at >= 0:
                        self._written[reading.index] = (reading.sentence, expression, at)
                        other = self._operand_of_another_period(reading, at, at + len(expression))
                        if other is None:
                            other = self._operands_of_another_row(reading, at, at + len(expression))
                        if other is None and unit != 1:
                            other = self._in_the_operands_units(
                                reading, at, at + len(expression), result
                            )
                        if other is None:
                            other = self._partial_total(claim, expression, result * unit)
                        if other is None:
                            other = self._part_of_a_total_row(reading, expression, result * unit)
                        if other is None:
                            other = self._per_average_over_an_end(reading, expression, result)
                        if other is None:
                            other = self._line_stated_otherwise(
                                claim, at, expression, result * unit
                            )
                        if other is None:
                            other = self._over_another_whole(claim, expression)
                        if other is None:
                            other = self._mean_for_a_stated_rate(claim, expression, result)
                        if other is not None:
                            return other
                    return ClaimVerdict(
                        claim=claim,
                        outcome=DERIVED,
                        layer=LAYER_DERIVATION,
                        expected_value=quantize_like(result * unit, claim),
                        formula=" ".join(expression.split()),
                        details={"derivation": "written"},
                    )
        written = abs(claim.value / scale)
        prefixed = _PREFIXED_UNIT_AFTER.match(self.answer.text, claim.end)
        for result in results:
            for factor in (*cd.THOUSANDS, *(1 / f for f in cd.THOUSANDS)):
                scaled = abs(result * factor)
                if prefixed and values.at_precision(written, scaled, precision):
                    # "835 MW × 8,760 h × 93.6% ≈ 6.85 TWh": the working in MWh, the result
                    # in the unit a power of 1,000 larger its prefix names
                    return ClaimVerdict(
                        claim=claim,
                        outcome=DERIVED,
                        layer=LAYER_DERIVATION,
                        expected_value=quantize_like(result * factor, claim),
                        formula=" ".join(expression.split()),
                        details={"derivation": "written", "unit": prefixed.group().strip()},
                    )
                if scaled and abs(written - scaled) <= scaled * WRITTEN_SCALE_SLACK:
                    return None  # near it at a scale the writing leaves open: not evidence
        expected = value * 100 if claim.kind == PERCENT and abs(value) < 1 else value
        if len(results) > 1 and claim.kind == CURRENCY:
            expected = results[-1]  # the price per the smaller unit the claim names
        if claim.scale and claim.scale != 1 and abs(expected) < abs(claim.value) / 10:
            expected *= claim.scale  # the arithmetic is in the digits the claim writes
        return ClaimVerdict(
            claim=claim,
            outcome=ARITHMETIC_DRIFT,
            layer=LAYER_DERIVATION,
            expected_value=quantize_like(expected, claim),
            formula=" ".join(expression.split()),
            details={
                "derivation": "written",
                "reason": "the answer's own arithmetic gives another value",
            },
        )

    def _over_the_later_value(self, reading: Reading, expression: str) -> ClaimVerdict | None:
        """A percentage change worked as "(96,214 - 71,385) / 96,214 = 25.81%" where the
        sources give 96,214 for the later period and 71,385 for the earlier: the change
        is over the earlier value, so the working's base is wrong (`arithmetic_drift`,
        expected (96,214 - 71,385) / 71,385)."""
        claim = reading.claim
        if claim.kind != PERCENT or not (
            reading.cues & {CHANGE} or _CHANGE_ASKED.search(self.answer.question)
        ):
            return None
        found = _CHANGE_OVER.fullmatch(expression.strip())
        if found is not None:
            terms = (found.group("a"), found.group("b"), found.group("c"))
        else:
            terms = self._over_a_worked_difference(reading, expression)
            if terms is None:
                return None
        first, second, base = (values.evaluate(term) for term in terms)
        if first is None or second is None or first != base or first == second or not second:
            return None

        def period_of(value: Decimal) -> str:
            periods = {
                c.period
                for kind in (NUMBER, CURRENCY)
                for c in self.index.written_between(kind, abs(value), abs(value))
                if c.period and c.written == abs(value)
            }
            return periods.pop() if len(periods) == 1 else ""

        later, earlier = period_of(first), period_of(second)
        if not later or not earlier or not _comes_after(later, earlier):
            return None
        expected = quantize_like((first - second) / second * 100, claim)
        # No correction: the working beside the figure would still give the old one.
        return ClaimVerdict(
            claim=claim,
            outcome=ARITHMETIC_DRIFT,
            layer=LAYER_DERIVATION,
            formula=f"({terms[0].strip()} - {terms[1].strip()}) / {terms[1].strip()}",
            details={
                "derivation": "growth",
                "reason": "the change is over the later period's value, not the earlier one's",
                "over_the_earlier_value": str(expected),
            },
        )

    def _over_a_worked_difference(
        self, reading: Reading, expression: str
    ) -> tuple[str, str, str] | None:
        """ "Growth: 0.16 ÷ 1.36" after "Increase: $1.36 − $1.20 = $0.16": the terms of
        the change the two steps work out, (later, earlier, base)."""
        found = _DIFFERENCE_OVER.fullmatch(expression.strip())
        if found is None:
            return None
        worked = values.evaluate(found.group("d"))
        if worked is None:
            return None
        for r in reversed(self.answer.readings[: reading.index]):
            written = self._written.get(r.index)
            if written is None or abs(r.claim.written) != abs(worked):
                continue
            step = _DIFFERENCE.fullmatch(written[1].strip())
            if step is None:
                return None
            return step.group("a"), step.group("b"), found.group("c")
        return None

    def _over_given_lines(self, claim: Claim, derivation: Derivation) -> bool:
        """The formula's operands are figures the answer gave, and the claim's words name
        nothing those lines and the metric's name do not."""
        if any(o.source_id for o in derivation.operands):
            return False
        named = set(_METRIC_NAME_WORDS)
        for operand in derivation.operands:
            named |= operand.label_words
        return labels.without_metrics(claim.label_words) <= named

    def _partial_total(self, claim: Claim, expression: str, value: Decimal) -> ClaimVerdict | None:
        """A sum the answer works out and calls the total ("Total operating income in 2024
        was $608.6 million (318.7 + 201.5 + 88.4)") where the sources state that total for
        the period with another value (512.4, after corporate costs):
        `unsupported_aggregation`, their total the nearest value."""
        if claim.kind not in _AMOUNTS or not (
            claim.label_words & _TOTAL_WORDS or self._total_asked(claim)
        ):
            return None
        if "+" not in expression or any(op in expression for op in "×÷*/−–") or " - " in expression:
            return None
        total = self._total_for(claim)
        if (
            total is None
            or not lx.periods_compatible(claim.period, total.period)
            or cd.value_matches(claim, total, tolerance(claim, self.config))
        ):
            return None
        if values.at_precision(abs(total.value), abs(value), claim.precision or Decimal(1)):
            return None
        return _beside_its_working(
            claim, total, expression, derivation="sum", reason="the sources' total is another value"
        )

    def _part_of_a_total_row(
        self, reading: Reading, expression: str, value: Decimal
    ) -> ClaimVerdict | None:
        """A sum of some rows of a table column whose total row says otherwise, given as
        the whole the question or its sentence asks for ("How many parcels did the group
        deliver?" answered "18,067 + 23,423 = 41,490 thousand", Estonia and Lithuania, where
        `Parcels delivered, total` is 54,661): `unsupported_aggregation`, the total row the
        nearest value. A sum its words give as the parts it adds is no such claim."""
        claim = reading.claim
        if claim.kind not in _AMOUNTS or "+" not in expression:
            return None
        if any(op in expression for op in "×÷*/−–") or " - " in expression:
            return None
        start, end = self.answer.sentences[reading.sentence]
        asked = f"{self.answer.question} {self.answer.text[start:end]}"
        if not _THE_WHOLE_ASKED.search(asked):
            return None
        written = cd.WRITTEN_NUMBER.findall(expression)
        if len(written) != expression.count("+") + 1:
            return None
        terms = [values.evaluate(t) for t in written]
        if len(terms) < 2 or any(t is None or not t for t in terms):
            return None
        cells = []
        for term in terms:
            found = self._cells_written(abs(term))
            if len(found) != 1:
                return None
            cells.extend(found)
        column = {(c.source_id, c.cell[0], c.cell[2]) for c in cells}
        if len(column) != 1 or any(c.label_words & _TOTAL_WORDS for c in cells):
            return None  # not one column's rows, or totals of their own added up
        # Rows of one line, the part named apart ("Parcels delivered, Estonia", "...,
        # Lithuania"): the words they share are the total row's too.
        shared = frozenset.intersection(*(c.label_words for c in cells))
        if not shared:
            return None
        source_id, table, position = column.pop()
        totals = [
            c
            for c in self.index.claims
            if c.source_id == source_id
            and c.cell is not None
            and (c.cell[0], c.cell[2]) == (table, position)
            and c.label_words & _TOTAL_WORDS
            and abs(c.written) > sum(abs(t) for t in terms)
            and shared <= c.label_words
        ]
        if len(totals) != 1:
            return None
        # "Estonia and Lithuania together": a sum its words give as the parts it adds.
        parts = set().union(*(cell.label_words - totals[0].label_words for cell in cells))
        if parts & labels.label_words(asked):
            return None
        return _beside_its_working(
            claim,
            totals[0],
            expression,
            derivation="sum",
            reason=_SOME_OF_THE_ROWS,
        )

    def _cells_written(self, value: Decimal) -> list[Claim]:
        """The table cells whose digits as written are `value`, one per cell."""
        found = {
            (c.source_id, c.cell): c
            for kind in (NUMBER, CURRENCY, COUNT)
            for c in self.index.written_between(kind, value, value)
            if c.cell is not None and c.written == value
        }
        return list(found.values())

    def _per_average_over_an_end(
        self, reading: Reading, expression: str, result: Decimal
    ) -> ClaimVerdict | None:
        """A figure per average unit ("What was club revenue per average member?") worked
        over the count at the period's end ("$462,718K ÷ 2,214K members ≈ $209") where the
        sources give that count at the end of the period before too: `arithmetic_drift`,
        the amount over the mean of the two counts expected."""
        claim = reading.claim
        start, end = self.answer.sentences[reading.sentence]
        asked = _PER_AVERAGE.search(f"{self.answer.question} {self.answer.text[start:end]}")
        if asked is None or expression.count("÷") + expression.count("/") != 1:
            return None
        written = cd.WRITTEN_NUMBER.findall(expression.replace("÷", "/").split("/")[-1])
        if len(written) != 1:
            return None
        divisor = values.evaluate(written[0])
        if divisor is None or not divisor:
            return None
        noun = labels.stem(asked.group(1).lower())
        found = [c for c in self._cells_written(divisor) if noun in c.label_words]
        if len(found) != 1:
            return None
        (count,) = found
        source = self.index.texts.get(count.source_id, "")
        if _AVERAGED_ROW.search(source, source.rfind("\n", 0, count.start) + 1, count.start):
            return None  # "Average full-time equivalents": the mean already
        before = lx.year_before(count.period) if count.period else ""
        earlier = [
            f
            for f in self.index.row_of(count)
            if before and lx.periods_compatible(before, f.period) and f.value
        ]
        if len(earlier) != 1:
            return None
        mean = (count.written + earlier[0].written) / 2
        expected = result * divisor / mean
        if values.at_precision(claim.value, expected, claim.precision or Decimal(1)):
            return None
        return ClaimVerdict(
            claim=claim,
            outcome=ARITHMETIC_DRIFT,
            layer=LAYER_DERIVATION,
            nearest=nearest_value(count),
            formula=" ".join(expression.split()),
            details={
                "derivation": "ratio",
                "reason": "a figure per average unit over the count at the period's end only",
                "over_the_average": str(quantize_like(expected, claim)),
            },
        )

    def _line_stated_otherwise(
        self, claim: Claim, at: int, expression: str, value: Decimal
    ) -> ClaimVerdict | None:
        """A sum or difference the answer works out on a line it opens with a line's name
        ("Net financial debt = gross financial debt - cash and cash equivalents = 4 227,8 -
        1 312,6 = € 2 915,2 m") where the sources state that line, for the period, with
        another value (2 709,9, after short-term investments too): its working leaves a part
        out (`unsupported_aggregation`, the stated value the nearest)."""
        if claim.kind not in _AMOUNTS or at < 0:
            return None
        if not any(op in expression for op in "+−–") and " - " not in expression:
            return None
        if any(op in expression for op in "×÷*/"):
            return None
        text = self.answer.text
        line_start = text.rfind("\n", 0, at) + 1
        # The name opens the line before the working, or the working itself ("- **Total
        # debt:** current portion of long-term debt $150.0M + long-term debt $1,640.0M =").
        head = _NAMED_LINE.match(_unbolded(text, line_start, at)) or _NAMED_LINE.match(
            _unbolded(expression, 0, len(expression))
        )
        if head is None:
            return None
        words = labels.label_words(head.group(1))
        periods = [claim.period] if claim.period else list(question_periods(self.answer.question))
        if not words or len(set(periods)) != 1:
            return None
        binding = cd.bind(words, periods[0], claim.kind, self.index, claim)
        stated: tuple[Claim, ...] | list[Claim] = ()
        if binding is not None and binding.strong and binding.structured:
            stated = binding.in_period
            if len(stated) == 1 and not stated[0].label_words <= words | _TOTAL_WORDS:
                stated = ()
        else:
            stated = self._stated_in_prose(head.group(1), periods[0], claim)
        if len(stated) != 1:
            return None
        if values.at_precision(abs(stated[0].value), abs(value), claim.precision or Decimal(1)):
            return None
        return _beside_its_working(
            claim,
            stated[0],
            expression,
            derivation="written",
            reason="the sources state that line otherwise",
        )

    def _stated_in_prose(self, name: str, period: str, claim: Claim) -> list[Claim]:
        """The values of `period` a source sentence gives for the line `name` names in so
        many words before them ("Supplemental information: total debt, consisting of ...,
        was $1,875.0 million at December 31, 2024"), the one kind of the claim."""
        phrase = " ".join(name.lower().split())
        if len(phrase) < 5:
            return []
        out: list[Claim] = []
        for source_id, text in self.index.texts.items():
            lowered = text.lower()
            at = lowered.find(phrase)
            if at < 0:
                continue
            facts = [
                f
                for f in self.index.claims
                if f.source_id == source_id
                and f.cell is None
                and f.kind == claim.kind
                and lx.periods_compatible(period, f.period)
            ]
            for _mention in range(MAX_PROSE_MENTIONS):
                if at < 0 or len(out) > 1:
                    break
                end = text.find(". ", at)
                end = len(text) if end < 0 else end
                out.extend(f for f in facts if at < f.start < end)
                at = lowered.find(phrase, end)
        # (a value whose date the sentence gives on a wrapped line may have none of its own)
        dated = [f for f in out if f.period]
        return dated or out

    def _over_another_whole(self, claim: Claim, expression: str) -> ClaimVerdict | None:
        """A share the question asks of a whole it names ("What share of gross financial
        debt did lease liabilities represent at 31 December 2023?") worked over another
        figure ("1 128,7 / 2 709,9 = 41.65%", net financial debt): the wrong denominator
        (`arithmetic_drift`, expected the part over the whole the sources state)."""
        if claim.kind != PERCENT:
            return None
        asked = _WHOLE_ASKED.search(self.answer.question)
        quotient = _PLAIN_QUOTIENT.fullmatch(expression.replace("**", ""))
        if asked is None or quotient is None:
            return None
        part, base = values.evaluate(quotient.group("a")), values.evaluate(quotient.group("b"))
        periods = [claim.period] if claim.period else list(question_periods(self.answer.question))
        if part is None or not base or len(set(periods)) != 1:
            return None
        words = labels.label_words(asked.group("whole"))
        binding = cd.bind(words, periods[0], CURRENCY, self.index, None) if words else None
        if binding is None or not binding.strong or not binding.structured:
            return None
        named = {w for w in words if not w.startswith("@")}
        if len(binding.in_period) != 1 or not named <= binding.in_period[0].label_words:
            return None  # (the line must hold every word the question names it by)
        whole = values.evaluate(binding.in_period[0].text)
        if not whole or whole == base or abs(whole) <= abs(part):
            return None
        expected = part / whole * 100
        if values.at_precision(claim.value, expected, claim.precision or Decimal(1)):
            return None
        return ClaimVerdict(
            claim=claim,
            outcome=ARITHMETIC_DRIFT,
            layer=LAYER_DERIVATION,
            nearest=nearest_value(binding.in_period[0]),
            # No correction: the working beside the figure would still give the old one.
            formula=f"{quotient.group('a').strip()} / {binding.in_period[0].text} * 100",
            details={
                "derivation": "written",
                "reason": "the share is of another whole than the one the question names",
                "expected": str(quantize_like(expected, claim)),
            },
        )

    def _another_periods_total(self, aggregation: Derivation, stated: Claim) -> bool:
        """The sources' total is the same sum with one part's value for another period: "For
        2023, you can defer up to $22,800 ... add a $7,800 catch-up contribution, for a total
        of $30,600" against the answer's 2024 "$23,400 ... $7,800 ... so your total can reach
        $31,200". Its total is no sum cut short."""
        parts = aggregation.operands
        for part in parts:
            rest = sum((p.value for p in parts if p is not part), Decimal(0))
            for source in cd.matches(part, self.index):
                if not source.period or not source.label_words:
                    continue
                for other in self.index.claims:
                    if (
                        other.label_words == source.label_words
                        and other.source_id == source.source_id
                        and other.period
                        and other.period != source.period
                        and other.kind == source.kind
                        and values.at_precision(stated.value, rest + other.value, stated.precision)
                    ):
                        return True
        return False

    def _mean_for_a_stated_rate(
        self, claim: Claim, expression: str, value: Decimal
    ) -> ClaimVerdict | None:
        """A plain mean of a column's rates given as the overall rate ("What was the overall
        expected credit loss rate ...?" answered "(0.3 + 1.2 + 4.5 + 15.0 + 40.0 + 100.0) /
        6 = 26.83%") where the sources' total row states that rate (1.65%, weighted by the
        balances): `unsupported_aggregation`, their total the nearest value."""
        question = self.answer.question
        if claim.kind != PERCENT or not question or not _OVERALL_ASKED.search(question):
            return None
        mean = _MEAN_OF_TERMS.fullmatch(expression.strip())
        if mean is None or int(mean.group(2)) != mean.group(1).count("+") + 1:
            return None
        asked = question_periods(question)
        words = claim.label_words - _TOTAL_WORDS
        weight = self.index.weights
        totals = [
            fact
            for fact in self.index.sharing_words(words, limit=256)
            if fact.kind in (PERCENT, NUMBER)
            and (fact.label_words | fact.header_words) & _TOTAL_WORDS
            and weight is not None
            and labels.similarity(words, fact.label_words | fact.header_words, weight)[0] >= 0.5
            and (not asked or any(lx.periods_compatible(p, fact.period) for p in asked))
        ]
        if len(totals) != 1 or values.at_precision(
            totals[0].value, value, claim.precision or Decimal("0.01")
        ):
            return None
        return _beside_its_working(
            claim,
            totals[0],
            expression,
            derivation="average",
            reason="a plain mean of the rates, not the rate the sources state in total",
            stated=totals[0].text,
        )

    def _total_asked(self, claim: Claim) -> bool:
        """The question asks for a total and the claim carries its words ("What were total
        accrued expenses and other current liabilities at December 28, 2019?" answered
        "42,816 + 8,392 + 12,604 + 3,117 = 66,929 thousand")."""
        question = self.answer.question
        return bool(
            question
            and claim.label_words
            and _TOTAL_ASKED.search(question)
            and claim.label_words <= labels.label_words(question)
            # not "the total lease payments due in 2026 to 2028": a total over some years
            and len(set(_A_YEAR.findall(question))) <= 1
        )

    def _in_the_operands_units(
        self, reading: Reading, start: int, end: int, result: Decimal
    ) -> ClaimVerdict | None:
        """A sum or difference of bare figures the sources state at one scale and in one
        currency ("Net debt increased by £288.0 billion (4,610.1 - 4,322.1)" under a `£m`
        caption; "US$87 million (305 - 218)" under an `A$m` one): the result is in their
        units. Another scale is `scale_drift`, another currency `substitution`."""
        claim = reading.claim
        if claim.kind != CURRENCY:
            return None
        expression = self.answer.text[start:end]
        if any(op in expression for op in "×÷*/"):
            return None  # a quotient or product: the units need not carry over
        operands = [
            r.claim
            for r in self.answer.readings
            if start <= r.claim.start < end and r.claim.kind in _AMOUNTS
        ]
        if len(operands) < 2 or any(o.scale != 1 or o.scale_origin for o in operands):
            return None  # the operands state their own units
        found = [cd.matches(o, self.index) for o in operands]
        units = {(s.scale, s.unit) for sources in found for s in sources}
        if not all(found) or len(units) != 1:
            return None
        scale, currency = units.pop()
        if scale == 1 or not all(s.scale_origin for sources in found for s in sources):
            return None
        details = {"derivation": "written", "formula": " ".join(expression.split())}
        if currency and claim.unit and currency != claim.unit:
            outcome, details["reason"] = SUBSTITUTION, f"the operands are in {currency}"
        elif claim.scale and claim.scale != scale and claim.scale_origin:
            outcome, details["reason"] = (
                SCALE_DRIFT,
                f"the operands are at {scale} times their digits",
            )
            details["factor"] = str(claim.scale / scale)
        else:
            return None
        return ClaimVerdict(
            claim=claim,
            outcome=outcome,
            layer=LAYER_DERIVATION,
            expected_value=quantize_like(result * scale, claim),
            details=details,
        )

    def _operands_of_another_row(
        self, reading: Reading, start: int, end: int
    ) -> ClaimVerdict | None:
        """Working whose operands are all one table row's figures, where the question names
        another row of that table and not theirs, is `substitution`: "Kuda Lagoon Villas'
        revenue per occupied room night" worked as "MVR 254,118 thousand / 17,385 room
        nights", Thundi Beach Resort's revenue and room nights. The row meant is the one
        the question names, with a figure in each of the operands' columns."""
        question = self.answer.question
        if not question:
            return None
        operands = [
            r.claim
            for r in self.answer.readings
            if start <= r.claim.start < end and r.claim.kind in _AMOUNTS
        ]
        if len(operands) < 2:
            return None
        lines: set[tuple] = set()
        positions: list[int] = []
        for operand in operands:
            cells = [s for s in cd.matches(operand, self.index) if s.cell is not None]
            if not cells or len({cd.line_of(s) for s in cells}) != 1:
                return None
            lines.add(cd.line_of(cells[0]))
            positions.append(cells[0].cell[2])
        if len(lines) != 1:
            return None
        line = lines.pop()
        asked = labels.label_words(question)

        def named(row: list[Claim]) -> frozenset[str]:
            # The row's own name: its label's words that name no metric (an entity, a
            # segment), which a question asking about it repeats.
            return labels.without_metrics(row[0].label_words - row[0].header_words)

        meant = [
            row
            for key, row in self.index.rows.items()
            if key[:2] == line[:2] and key != line and (words := named(row)) and words <= asked
        ]
        if len(meant) != 1:
            return None
        # What sets the operands' row apart from the one asked ("thundi beach", not the
        # "resort" both rows' names share) is nowhere in the question, and the question's
        # row is not a part of the name of the operands' row either ("pawn loan" of "pawn
        # loans outstanding").
        taken = named(self.index.rows[line]) - named(meant[0])
        if not taken or taken & asked or not named(meant[0]) - named(self.index.rows[line]):
            return None
        by_position = {c.cell[2]: c for c in meant[0] if c.cell is not None}
        if not all(p in by_position for p in positions):
            return None
        return self._wrong_working(
            reading.claim,
            SUBSTITUTION,
            by_position[positions[0]],
            (start, end),
            f"the working takes the figures of {' '.join(sorted(taken))}, "
            f"the question asks about {' '.join(sorted(named(meant[0])))}",
        )

    def _wrong_working(
        self, claim: Claim, outcome: str, meant: Claim, span: tuple[int, int], reason: str
    ) -> ClaimVerdict:
        """The verdict on a figure whose written working (at `span`) takes the wrong
        operand, the figure meant the nearest."""
        return ClaimVerdict(
            claim=claim,
            outcome=outcome,
            layer=LAYER_DERIVATION,
            nearest=nearest_value(meant),
            formula=self.answer.text[span[0] : span[1]].strip(),
            details={"derivation": "written", "reason": reason},
        )

    def _operand_of_another_period(
        self, reading: Reading, start: int, end: int
    ) -> ClaimVerdict | None:
        """Working for one period that takes an operand of another is `arithmetic_drift`, the
        other period's figure named: a ratio for 2024 over one line's 2024 figure and another
        line's 2023 one ("- **2024:** $2,418,300 ÷ $1,048,900 ≈ 2.31x", $1,048,900 being
        the 2023 equity); six-month growth over a three-month column. The working's period is
        the claim's, or the one period the answer's figures have when its sentence names
        none."""
        claim = reading.claim
        period = claim.period or self._answer_period(reading)
        span = _span_of(period)
        if not span:
            return None
        operands = [
            r.claim
            for r in self.answer.readings
            if start <= r.claim.start < end and r.claim.kind in _AMOUNTS and not r.claim.period
        ]
        matched = {id(o): cd.matches(o, self.index) for o in operands}
        for operand in operands:
            sources = matched[id(operand)]
            if not sources or len({cd.line_of(s) for s in sources}) != 1:
                continue
            if any(not s.period or lx.periods_compatible(period, s.period) for s in sources):
                continue
            row = [
                s
                for s in self.index.row_of(sources[0])
                if s.period and lx.periods_compatible(period, s.period)
            ]
            if len(row) != 1 or row[0].value == sources[0].value:
                continue
            line = cd.line_of(sources[0])
            others = [matched[id(o)] for o in operands if o is not operand]
            spans_differ = span != "Y" and _span_of(sources[0].period) not in ("", span)
            # A ratio of two lines for the period, one of them another year's figure.
            other_line_of_period = bool(others) and all(
                found
                and all(
                    cd.line_of(s) != line and lx.periods_compatible(period, s.period) for s in found
                )
                for found in others
            )
            if not spans_differ and not other_line_of_period:
                continue
            # The figure meant: the line's value for the working's span in the operand's
            # year (a base of a change stays a year earlier), else for its period.
            year = lx.period_year(sources[0].period)
            meant = next(
                (
                    s
                    for s in self.index.row_of(sources[0])
                    if spans_differ
                    and _span_of(s.period) == span
                    and lx.period_year(s.period) == year
                ),
                row[0],
            )
            return self._wrong_working(
                claim,
                ARITHMETIC_DRIFT,
                meant,
                (start, end),
                f"the {period} working takes {operand.text}, the "
                f"{sources[0].period} figure, for {meant.text.strip()}",
            )
        return None

    def _answer_period(self, reading: Reading) -> str:
        """The one period of time the answer's figures and dates name (points in time
        aside), when the claim's sentence names none and no earlier period: "" otherwise."""
        periods = {
            r.claim.period
            for r in self.answer.readings
            if _span_of(r.claim.period) and not r.claim.nested
        }
        if len(periods) != 1 or reading.periods:
            return ""
        sentence_start, sentence_end = self.answer.sentences[reading.sentence]
        if _EARLIER_PERIOD.search(self.answer.text, sentence_start, sentence_end):
            return ""
        return periods.pop()

    def _states(self, metric: frozenset[str], reading: Reading) -> bool:
        """The sources give a figure of the metric, every word of it, of the claim's kind
        (any amount for an amount), for the claim's period."""
        claim = reading.claim
        periods = [claim.period] if claim.period else list(reading.periods[:1])
        kinds = _AMOUNTS if claim.kind in _AMOUNTS else (claim.kind,)
        return any(
            c.kind in kinds and metric <= c.label_words
            for c in cd.operands_for(metric, periods, self.index)
        )

    def _worded(self, reading: Reading) -> list[Derivation]:
        """The formulas the claim's sentence spells out over named lines ("pre-tax earnings
        (revenue less non-interest expenses) were C$3.08 billion"), over those lines' values
        for the claim's period."""
        claim = reading.claim
        if claim.kind not in _AMOUNTS and claim.kind not in (
            PERCENT,
            RATIO,
            PERCENTAGE_POINTS,
            BPS,
        ):
            return []
        formulas = self._formulas.get(reading.sentence)
        if formulas is None:
            start, end = self.answer.sentences[reading.sentence]
            formulas = worded_formulas(self.answer.text[start:end])
            self._formulas[reading.sentence] = formulas
        spelled = bool(formulas)  # by the sentence itself, not by the metric's definition
        if not formulas:
            name, formulas = defined_formulas(self.answer.text, claim)
            if not formulas and "per_share" in claim.qualifiers:
                # "roughly $2.78 per diluted share": earnings per share, as named after it
                name, formulas = per_share_formulas(self.answer.text, claim)
            if formulas and self._states(labels.label_words(name), reading):
                # "Diluted EPS was $2.78" where the statement gives diluted EPS: the figure
                # is the stated one, not net income over shares worked again
                formulas = []
        if not formulas and len(self.answer.readings) <= MAX_FIGURES_ASKED:
            # "What was the interest cover (operating profit divided by finance costs) in
            # 2024?" answered "4.31": the formula its question spells out.
            formulas = self._asked_formulas()
        if not formulas and claim.kind == PERCENT and CHANGE in reading.cues:
            # "Free cash flow rose 24.0%": the change of a metric defined by a formula
            _name, defined = defined_formulas(self.answer.text, claim, CURRENCY)
            return self._growth_of_defined(reading, defined)
        if not formulas:
            return []
        if claim.kind in (PERCENTAGE_POINTS, BPS):
            return self._ratio_spreads(reading, formulas)
        periods = [claim.period] if claim.period else list(reading.periods[:1])
        given = [
            r.claim
            for r in self.answer.readings[: reading.index]
            if r.claim.kind in _AMOUNTS
            and r.claim.label_words
            and lx.periods_compatible(claim.period, r.claim.period)
        ]
        out = []
        for formula in formulas:
            # "- Segment operating income: $58.4 million / - Segment revenue: $386.2 million /
            # - Operating margin: 17.1%": the lines the answer gave the formula's terms on.
            first = [c for c in given if _names_term(c, formula.first)][-1:]
            second = [c for c in given if _names_term(c, formula.second)][-1:]
            if first and second and first[0] is second[0]:
                first = second = []
            # A term the answer gave no line for is the sources' ("FCF margin on total
            # revenue" over the answer's free cash flow and the statement's revenue).
            if formula.first_parts:
                first = self._sum_of_lines(formula.first_parts, periods, given)
            if formula.first_average:
                first = self._average_balance(formula.first, periods)
            first = first or cd.operands_for(formula.first, periods, self.index, named=True)[:1]
            if formula.second_parts:
                # "noninterest expense divided by net interest income plus noninterest
                # income": the sum of the lines after the operator.
                second = self._sum_of_lines(formula.second_parts, periods, given)
            if formula.second_average:
                # "cost of sales over average inventory": the mean of two year ends
                second = self._average_balance(formula.second, periods)
                if not second:
                    continue
            second = second or cd.operands_for(formula.second, periods, self.index, named=True)[:1]
            if not first or not second:
                continue
            operands = (first[0], second[0])
            if formula.operator == MINUS:
                # "operating cash flow less capital expenditures": the outflow's size, however
                # the statement writes its sign; "charge-offs less recoveries" over a row of
                # charge-offs in brackets: the first line's size too.
                operands = (
                    replace_claim(first[0], value=abs(first[0].value)),
                    replace_claim(second[0], value=abs(second[0].value)),
                )
                out.append(Derivation(cd.DIFFERENCE, operands, True, True))
            elif formula.operator == PLUS:
                out.append(Derivation(cd.SUM_OF, operands, True, True))
            else:
                kind = cd.SHARE_OF if claim.kind == PERCENT else cd.RATIO_OF
                out.append(Derivation(kind, operands, True, True))
                if spelled and (formula.first_average or formula.second_average):
                    self._averaged.add(id(out[-1]))
        return out

    def _growth_of_defined(
        self, reading: Reading, formulas: list[WordedFormula]
    ) -> list[Derivation]:
        """The change of a metric finance defines as a difference or sum of lines ("free
        cash flow rose 24.0%": operating cash flow less capital expenditures, the year's
        over the year before's)."""
        out = []
        for formula in formulas:
            if formula.operator not in (MINUS, PLUS) or formula.first_parts:
                continue
            terms = self._terms_over_two_years(reading, formula)
            if terms is None:
                continue
            firsts, seconds = terms
            sign = -1 if formula.operator == MINUS else 1
            levels = tuple(
                replace_claim(
                    first,
                    value=abs(first.value) + sign * abs(second.value),
                    text=f"({first.text.strip()} {'-' if sign < 0 else '+'} {second.text.strip()})",
                )
                for first, second in zip(firsts, seconds, strict=True)
            )
            out.append(Derivation(cd.GROWTH, levels, True, True))
        return out

    def _terms_over_two_years(
        self, reading: Reading, formula: WordedFormula
    ) -> tuple[list[Claim], list[Claim]] | None:
        """A formula's two terms, each for the claim's year and the year before (the latest
        year the sources give the first term for, when the sentence names none), or None."""
        claim = reading.claim
        anchor = (
            claim.period
            or (reading.periods[0] if reading.periods else "")
            or cd.latest_year_of(formula.first, self.index)
        )
        earlier = lx.year_before(anchor) if anchor else ""
        if not earlier:
            return None
        firsts = cd.operands_for(formula.first, [anchor, earlier], self.index, named=True)
        seconds = cd.operands_for(formula.second, [anchor, earlier], self.index, named=True)
        if len(firsts) != 2 or len(seconds) != 2:
            return None
        return firsts, seconds

    def _ratio_spreads(self, reading: Reading, formulas: list[WordedFormula]) -> list[Derivation]:
        """ "SG&A as a percentage of net sales fell 0.3 percentage points in 2024": the ratio
        the words spell out, for the year and the year before (the latest year the sources
        give the line for, when none is named), and the spread between them."""
        factor = 100 if reading.claim.kind == BPS else 1
        out = []
        for formula in formulas:
            if formula.operator != OVER or formula.first_parts or formula.second_parts:
                continue
            terms = self._terms_over_two_years(reading, formula)
            if terms is None or not all(b.value for b in terms[1]):
                continue
            tops, bottoms = terms
            ratios = tuple(
                replace_claim(
                    top,
                    value=top.value / bottom.value * 100,
                    kind=PERCENT,
                    text=f"{top.text}/{bottom.text}",
                )
                for top, bottom in zip(tops, bottoms, strict=True)
            )
            out.append(Derivation(cd.SPREAD, ratios, True, True, factor))
        return out

    def _average_balance(self, words: frozenset[str], periods: list[str]) -> list[Claim]:
        """One operand standing for a line's average over the period: the mean of its
        balance at the period's end and at the end of the year before; [] without both."""
        if not periods or not (before := lx.year_before(periods[0])):
            return []
        ends = cd.operands_for(words, [periods[0], before], self.index, named=True)
        if len(ends) != 2 or ends[0].period == ends[1].period:
            return []
        mean = (ends[0].value + ends[1].value) / 2
        text = f"({ends[0].text.strip()} + {ends[1].text.strip()}) / 2"
        return [replace_claim(ends[0], value=mean, text=text)]

    def _sum_of_lines(
        self,
        parts: tuple[tuple[int, frozenset[str]], ...],
        periods: list[str],
        given: list[Claim],
    ) -> list[Claim]:
        """One operand standing for the signed sum of the lines the words name (the
        answer's own figures for them first, else the sources'), or [] when one is missing."""
        values = []
        for sign, words in parts:
            line = [c for c in given if _names_term(c, words)][-1:] or cd.operands_for(
                words, periods, self.index, named=True
            )[:1]
            if not line:
                return []
            values.append((sign, line[0]))
        total = sum((sign * abs(c.value) for sign, c in values), Decimal(0))
        text = " ".join(
            ("+ " if sign > 0 else "- ") + c.text.strip() for sign, c in values
        ).removeprefix("+ ")
        return [replace_claim(values[0][1], value=total, text=f"({text})")]

    def _source_definitions(self) -> list[_Definition]:
        """The metrics the sources define as a formula of their lines: (the metric's words,
        the operator, the terms' words), read once."""
        if self._definitions is None:
            self._definitions = []
            for text in self.index.texts.values():
                if " as " not in text or not _DEFINES_HINT.search(text):
                    continue
                for m in _SOURCE_DEFINITION.finditer(text):
                    name = labels.label_words(m.group("name") or m.group("name2"))
                    body = m.group("body") or m.group("body2")
                    parts = _DEFINITION_OPERATOR.split(body)
                    if len(parts) != 3 or not name:
                        continue  # one operator: "A less B" (B may list several lines)
                    first, operator, rest = parts
                    terms = [labels.label_words(first)]
                    terms += [labels.label_words(t) for t in _DEFINITION_TERMS.split(rest)]
                    if all(terms) and len(terms) <= MAX_DEFINED_TERMS:
                        self._definitions.append((name, operator.lower(), terms))
        return self._definitions

    def _defined_in_sources(self, reading: Reading) -> list[Derivation]:
        """The formula the sources define the claim's metric by, over its lines' values for
        the claim's period: the first term less (or plus) the others."""
        claim = reading.claim
        if claim.kind not in _AMOUNTS or not claim.label_words or not self.index.texts:
            return []
        definitions = self._source_definitions()
        if not definitions:
            return []
        periods = [claim.period] if claim.period else list(reading.periods[:1])
        out = []
        for name, operator, terms in definitions:
            if not name <= claim.label_words:
                continue
            values = [cd.operands_for(t, periods, self.index, named=True)[:1] for t in terms]
            if not all(values):
                continue
            first, rest = values[0][0], [v[0] for v in values[1:]]
            if operator == "plus":
                total = sum((r.value for r in rest), Decimal(0))
                kind = cd.SUM_OF
            else:
                # "less purchases of property ... (21,470)": an outflow by its size.
                total = sum((abs(r.value) for r in rest), Decimal(0))
                kind = cd.DIFFERENCE
            others = replace_claim(rest[0], value=total, text=" + ".join(r.text for r in rest))
            out.append(Derivation(kind, (first, others), True, True))
        return out

    def _asked_formulas(self) -> list[WordedFormula]:
        if self._question_formulas is None:
            question = self.answer.question
            self._question_formulas = worded_formulas(question) if question else []
            ratio = _ASKED_RATIO.search(question) if "ratio" in question.lower() else None
            if ratio is not None:
                # "What was the ratio of net income to revenue in 2024?" answered "0.12"
                first, second = (
                    labels.label_words(ratio.group(1)),
                    labels.label_words(ratio.group(2)),
                )
                if first and second:
                    self._question_formulas = [
                        *self._question_formulas,
                        WordedFormula(OVER, first, second),
                    ]
        return self._question_formulas

    def _factors(self, reading: Reading, found: list[_Claimed]) -> list[Claim]:
        """The sentence's figures a product may be of, as the sources give them: amounts,
        prices and rates that are shares rather than changes ("40%", not "rose 18.5%")."""
        out = []
        for other in found:
            r = other.reading
            if not self._cites(reading, other, reading.sentence):
                continue
            if r.claim.kind == PERCENT and (r.direction or r.cues & {CHANGE, COMPARISON}):
                continue
            out.append(r.claim)
        if reading.claim.kind in (NUMBER, COUNT) and out:
            # "about 4.2 million doses a year, three each for roughly 1.4 million newborns",
            # "12.6 million over the three-year contract": a multiplier written as a word.
            start, end = self.answer.sentences[reading.sentence]
            for m in _SPELLED_MULTIPLIER.finditer(self.answer.text, start, end):
                times = numberwords.small_number(m.group(1))
                if times is not None and 2 <= times <= 12:
                    out.append(_spelled_figure(reading.claim, m.start(1), m.end(1), times, NUMBER))
        if reading.claim.kind in _AMOUNTS:
            # "twelve gorilla families, each limited to eight visitors a day, so 96 people",
            # "if ten percent of that revenue went to the scheme, about $7.4 million": numbers
            # news style writes in words, as factors of the sentence's figure.
            start, end = self.answer.sentences[reading.sentence]
            text = self.answer.text
            taken = {c.start for c in out}
            for value, s, e in numberwords.numbers_in(text, start, end)[:MAX_LIST_ITEMS]:
                if s not in taken:
                    kind = PERCENT if _PERCENT_WORD_AFTER.match(text, e) else NUMBER
                    out.append(_spelled_figure(reading.claim, s, e, value, kind))
        return out

    # ------------------------------------------------------------ the rules

    def _decide(self, c: _Claimed, found: list[_Claimed]) -> ClaimVerdict:
        reading = c.reading
        claim = reading.claim
        if claim.kind == DATE:
            return self._date(claim)
        calculated = self._calculated(claim, c.stated or c.prose_stated)
        if calculated is not None:
            return calculated

        # An ordinal the sources write in words ("1st" for "the first checked bag").
        if not c.exact and _ORDINAL.fullmatch(claim.text):
            in_words = self._ordinal_in_words(claim)
            if in_words is not None:
                return in_words

        # A number that is part of a name in the sources ("the 5.00% notes due 2019").
        named = [s for s in c.exact if "name" in s.qualifiers]
        if named and claim.kind != DATE and not reading.derived:
            return ClaimVerdict(claim=claim, outcome=GROUNDED, nearest=nearest_value(named[0]))

        # Arithmetic the answer writes out right before the figure: its own working.
        worked = (
            self._worked(reading)
            or self._step_of_working(reading)
            or self._over_named_results(reading)
        )
        if worked is not None:
            return worked

        # A metric the sources define by a formula of their lines ("The Group defines free
        # cash flow as net cash from operating activities less purchases of property, plant
        # and equipment and of intangible assets").
        defined = self._defined_in_sources(reading)
        for derivation in defined:
            if cd.derivation_matches(reading, derivation):
                return self._derived(claim, derivation, found, reading)
        if len(defined) == 1 and not c.exact:
            # The sources' own definition gives another value, and no source states this
            # one: the figure follows some other formula than theirs.
            return self._drift(reading, defined[0], "")

        # A formula the sentence spells out over named lines, which the claim's own words
        # would otherwise bind to one of them.
        worded = self._worded(reading)
        for derivation in worded:
            if cd.derivation_matches(reading, derivation):
                return self._derived(claim, derivation, found, reading)
        if worded and not c.exact and id(worded[0]) in self._averaged:
            # "Asset turnover (net sales / average total assets) was 1.16x": a quotient over a
            # line's average its words spell out, both year ends found, gives another value.
            return self._drift(reading, worded[0], "")
        if worded and not c.exact and self._over_given_lines(claim, worded[0]):
            # "- Segment operating income: $58.4 million / - Segment revenue: $386.2 million
            # / - Operating margin: 17.1%": the metric's formula over the lines the answer
            # gave it gives another value.
            return self._drift(reading, worded[0], "")

        # A figure per unit the answer counts: a quotient of its own figures, whatever the
        # unit's own line says ("19 robots per customer" is no count of customers).
        for derivation in self._per_unit(reading):
            if cd.derivation_matches(reading, derivation):
                return self._derived(claim, derivation, found, reading)

        # What is left of a whole the sentence gives once the part it gives is taken.
        for derivation in self._remainders(reading):
            if cd.derivation_matches(reading, derivation):
                return self._derived(claim, derivation, found, reading)

        # An amount a year of a total its sentence spreads over so many years.
        for derivation in self._a_year_of_a_total(reading, found):
            if cd.derivation_matches(reading, derivation):
                return self._derived(claim, derivation, found, reading)

        # A line's value with another line netted against it, as its sentence says; the
        # mean of a list's items, as its sentence says.
        net = self._net_of(reading) or self._items_averaged(reading)
        if net is not None:
            return net

        # A total over a span of years its sentence names, summed down its table's line.
        for derivation in self._summed_over_a_span(reading):
            if cd.derivation_matches(reading, derivation):
                return self._derived(claim, derivation, found, reading)

        # A figure per unit of what a line counts, named so on its own line ("| Excise tax /
        # barrel | $20.51 |"): the value the sources state for the line is not its value.
        if (c.stated is not None or c.prose_stated is not None) and not c.exact:
            per_unit = self._per_unit_of_lines(reading)
            if per_unit is not None:
                return per_unit

        # An amount no source states that is a table's count of units at its price per
        # unit, as one row gives them ("spent $289.2 million on purchases" over "Total
        # 1,652,560  $ 175.02"), or a month's of a year's the sentence gives.
        if not c.exact and claim.kind == CURRENCY:
            at_price = self._units_at_their_price(claim) or self._a_month_of_a_year(reading, found)
            if at_price is not None:
                return at_price

        # A figure kept as what would have been, or as what was first reported, where the
        # sources give it so: not the line's reported value, and no error.
        said_otherwise = [s for s in c.exact if claim.qualifiers & s.qualifiers & _SAID_OTHERWISE]
        if said_otherwise:
            return ClaimVerdict(
                claim=claim, outcome=GROUNDED, nearest=nearest_value(said_otherwise[0])
            )

        # A stated share of the line the claim's words name ("its 40% share of Tidewater's
        # net income was about $33.8 million"): that share of the line, not the line.
        shared = self._share_of_a_named_line(reading)
        if shared is not None:
            return shared

        # 1. The value the sources state for this metric and period.
        if c.stated is not None and not reading.derived:
            return self._against_stated(c, found)

        # A change the sources state as one, in the same words: "the approved $118.6 million
        # increase" of "approved a $118.6 million annual rate increase".
        stated_change = self._stated_change(reading, c.exact) if reading.derived else None
        if stated_change is not None:
            return ClaimVerdict(claim=claim, outcome=GROUNDED, nearest=nearest_value(stated_change))

        # 2. Derived wording: the formula its sentence describes.
        derived: list[Derivation] = []
        # The sentence's other figures, as the sources give them: read once, when first asked.
        cited_figures: list[cd.Cited] | None = None
        if reading.derived:
            gives_claim = cd.DerivationTest(reading)
            for derivation in self._share_of_a_change(reading):
                # "57.4% of the total net sales increase": the words say which formula; a
                # share of the levels instead is the wrong one.
                if gives_claim(derivation):
                    return self._derived(claim, derivation, found, reading)
                return self._drift(reading, derivation, "")
            cited_figures = self._cited(reading, found)
            derived = cd.derivations(reading, cited_figures, self.index)
            for derivation in derived:
                if gives_claim(derivation):
                    return self._derived(claim, derivation, found, reading)
            for derivation in self._as_written(reading, cited_figures):
                if gives_claim(derivation):
                    return self._derived(claim, derivation, found, reading)
            for derivation in derived:
                if derivation.described and cd.sign_contradicted(reading, derivation):
                    return self._drift(reading, derivation, SIGN_REASON)
            if COMPOUND in reading.cues:
                compounded = self._compounded(reading)
                if compounded is not None:
                    return compounded

        # 3. The metric's line is stated, but not for this period (or the claim names none):
        #    a value that is nowhere on that line and sits on another is another line's.
        if (
            c.exact
            and not reading.derived
            and c.binding is not None
            and c.binding.strong
            and (
                (c.binding.structured and not c.binding.in_period)
                # Prose that gives the line one value, with no period on either side, and the
                # value on a sibling line of the same metric: "Basic EPS: $1.12. Diluted EPS:
                # $1.08." against "Diluted EPS was $1.12".
                or (
                    c.prose_stated is not None
                    and _sibling_line(c.binding.label, c.exact[0], claim.label_words)
                )
            )
            and not any(cd.value_matches(claim, f) for f in c.binding.facts)
            and not self._clause_names_line(reading, c.exact[0])
            # "cemetery revenue would have been $466.3 million without that sale": a value
            # the sources too give as what would have been, which is why no line states it
            and not claim.qualifiers & c.exact[0].qualifiers & _SAID_OTHERWISE
        ):
            other = c.exact[0]
            right = c.prose_stated or c.binding.stated
            return ClaimVerdict(
                claim=claim,
                outcome=SUBSTITUTION,
                nearest=nearest_value(other),
                expected_value=right.value if right is not None else None,
                details={
                    "reason": "the value belongs to another line",
                    "matched": other.text,
                    "matched_period": other.period,
                },
            )

        # 4. Anywhere in the sources, where its context fits: the claim's period, canonical
        #    metric and segment do not contradict the value's.
        fitting = [s for s in c.exact if self._fits(reading, s)]
        if c.exact and not fitting and not reading.derived:
            return self._misplaced(claim, c.exact, c.binding)
        if fitting:
            current = self._current_for_base(reading, fitting)
            if current is not None:
                return self._wrong(
                    claim,
                    PERIOD_MISMATCH,
                    current,
                    "the value is the sources' earlier figure, given as the current one",
                    matched=fitting[0],
                )
            best = self._best_match(claim, fitting, c.binding)
            confidence = Decimal(1) if self._labels_agree(c, best) else WEAK
            return ClaimVerdict(
                claim=claim,
                outcome=GROUNDED,
                nearest=nearest_value(best),
                confidence=confidence,
                details={} if confidence == 1 else {"reason": "value found under another label"},
            )
        close = [s for s in c.close if self._fits(reading, s)]
        if close:
            best = self._best_match(claim, close, c.binding)
            relative = _relative_at_scale(norm(claim), norm(best)).quantize(Decimal("0.0001"))
            return ClaimVerdict(
                claim=claim,
                outcome=WITHIN_TOLERANCE,
                nearest=nearest_value(best),
                details={"relative_difference": str(relative)},
            )

        if c.unusable and not c.exact:
            return self._superseded(c)

        if reading.derived:
            described = [d for d in derived if d.described and d.value.is_finite()]
            drift = self._closest_plausible(reading, described)
            if drift is not None:
                # A drift needs the formula to be the one the writer used: when another
                # formula over the sentence's figures or the metric's lines gives the claim
                # ("$2.14, $0.18 above the $1.96 consensus and up from $1.71"), the sentence
                # was read with the wrong operands, and the claim stands on that formula.
                paired = self._paired_otherwise(reading, drift, cited_figures or [], found)
                if paired is None and drift.kind == cd.AVERAGE_OF:
                    # "lifts the midpoint to $4.70 from $4.55": the midpoint of a range the
                    # sources give, whatever line holds it ("previous forecast of $4.40 to
                    # $4.70").
                    gives_claim = cd.DerivationTest(reading)
                    paired = next(
                        (d for d in self._midpoints(reading, any_line=True) if gives_claim(d)),
                        None,
                    )
                if paired is not None:
                    return self._derived(claim, paired, found, reading)
                return self._drift(reading, drift, "")
        else:
            cited_figures = self._cited(reading, found)
            fallback = cd.derivations(reading, cited_figures, self.index)
            fallback.extend(self._as_written(reading, cited_figures))
            fallback.extend(self._column_sums(c))
            gives_claim = cd.DerivationTest(reading)
            for derivation in fallback:
                if gives_claim(derivation) and not cd.a_loss_named_a_profit(
                    claim, derivation.value
                ):
                    return self._derived(claim, derivation, found, reading)

        # 5. Positive evidence only.
        scaled = cd.scaled_matches(claim, self.index)
        if scaled:
            source, factor = scaled[0]
            return ClaimVerdict(
                claim=claim,
                outcome=SCALE_DRIFT,
                nearest=nearest_value(source),
                expected_value=source.value,
                details={"factor": str(factor)},
            )
        explained = (
            self._explained_widely(reading, found, cited_figures)
            if c.prose_stated is None or reading.derived
            # "Dividing ... by the CHF 86.50 offer price implies 16.4 million shares": the
            # sentence computes the figure, whatever value its words name
            else self._worded_division(reading)
        )  # else "EPS was $0.81" where the prose gives EPS one value: that decides
        if explained is not None:
            return explained
        if claim.kind in _AMOUNTS and claim.label_words & _TOTAL_WORDS:
            # "Total options volume today is 97,271 contracts": nowhere stated, but the sum of
            # parts the sources list, presented as the whole (seed 000).
            total = self._total_for(claim)
            parts = self._sum_of_parts(
                claim, total, self._cited_around(reading, found, cited_figures)
            )
            if parts is not None:
                return self._aggregation(claim, parts, total)
        # A small whole number the sources spell out ("Seven of the nine members voted for
        # the move" under "The vote was 7-2"), as news style writes numbers under ten.
        # Then points read as percentage points, a fraction of one that a source gives as a
        # percentage, and a count of the rows a "How many" question asks about.
        last_resort = (
            self._within_its_bound(reading, c.binding)
            or self._benchmark(reading)
            or self._days_in_year(claim)
            or self._spelled_out(reading)
            or self._as_points(reading, found)
            or self._as_fraction(claim)
            or self._counted_rows(reading)
            or self._cents_on_the_dollar(reading)
            or self._in_cents_on_the_dollar(claim)
            or self._implied_by_earlier(reading, found)
            or self._in_another_unit_of_time(reading)
            or self._product_in_a_source_sentence(reading)
        )
        if last_resort is not None:
            return last_resort
        # A hedged figure near a value of its metric that no formula explains.
        if claim.approximate:
            near = self._nearest(claim, c.binding, within=APPROXIMATION_RANGE)
            if near is not None:
                return ClaimVerdict(
                    claim=claim,
                    outcome=APPROXIMATION,
                    nearest=nearest_value(near),
                    # The value to correct to only when it is the claim's own metric's and
                    # near enough for the hedge to have meant it: "about ¥535.9 billion" of a
                    # second half is no rounding of the year's ¥1,050.0 billion.
                    expected_value=near.value
                    if c.binding is not None
                    and c.binding.strong
                    and (not _canonical(claim) or _canonical(claim) & near.label_words)
                    and _relative(claim.value, near.value) <= APPROXIMATION_CORRECTABLE
                    # not another period's value, which the corrected answer would misstate
                    and lx.periods_compatible(claim.period, near.period)
                    # nor a range's end for a figure called its midpoint
                    and MIDPOINT not in reading.cues
                    else None,
                )
        if c.prose_stated is not None and not reading.derived:
            # Nothing explains the figure, and the sources' prose gives the metric one value.
            stated = _in_the_claims_terms(claim, c.prose_stated)
            if stated is not c.prose_stated and cd.value_matches(claim, stated):
                return ClaimVerdict(
                    claim=claim, outcome=GROUNDED, nearest=nearest_value(c.prose_stated)
                )
            if cd.other_currency(claim, stated) and cd.value_matches(
                replace(claim, unit=stated.unit), stated
            ):
                return self._wrong(claim, SUBSTITUTION, stated, f"the value is in {stated.unit}")
            return self._wrong(claim, FABRICATION, stated, "the sources state another value")
        nearest = self._nearest(claim, c.binding)
        return ClaimVerdict(
            claim=claim,
            outcome=FABRICATION,
            nearest=nearest_value(nearest) if nearest else None,
        )

    def _against_stated(self, c: _Claimed, found: list[_Claimed]) -> ClaimVerdict:
        """Rule 1: the sources state this metric for this period; the claim is that value or
        it is wrong, and the field that disagrees names how."""
        claim = c.reading.claim
        stated = c.stated
        assert stated is not None and c.binding is not None
        stated = _in_the_claims_terms(claim, stated)
        if cd.value_matches(claim, stated) and not cd.signs_agree(claim, stated):
            agreeing = [f for f in c.binding.in_period if cd.signs_agree(claim, f)]
            if not agreeing:
                sign = "negative, a loss" if stated.value < 0 else "positive"
                return self._wrong(claim, FABRICATION, stated, f"the sources give the value {sign}")
            stated = agreeing[0]
        if cd.value_matches(claim, stated):
            if not segments_compatible(claim, stated, self.index):
                # "Lumeris's Enterprise segment posted revenue of $1.46 billion": the figure
                # is the company's, and the sources give none for that segment.
                return self._wrong(
                    claim, SUBSTITUTION, stated, f"the value is not the {claim.segment} segment's"
                )
            return ClaimVerdict(claim=claim, outcome=GROUNDED, nearest=nearest_value(stated))
        tol = tolerance(claim, self.config)
        if tol and cd.value_matches(claim, stated, tol):
            relative = _relative_at_scale(norm(claim), norm(stated)).quantize(Decimal("0.0001"))
            return ClaimVerdict(
                claim=claim,
                outcome=WITHIN_TOLERANCE,
                nearest=nearest_value(stated),
                details={"relative_difference": str(relative)},
            )
        if cd.other_currency(claim, stated) and cd.value_matches(
            replace(claim, unit=stated.unit), stated
        ):
            return self._wrong(claim, SUBSTITUTION, stated, f"the value is in {stated.unit}")
        if claim.kind in _AMOUNTS:
            # "Export revenue was approximately TRY 50.5 billion in 2025, 58.4% of total
            # revenue of TRY 86,412 million": the words name a line, the sentence the share
            # of it the figure is.
            matches = cd.DerivationTest(c.reading)
            for derivation in cd.products(claim, self._factors(c.reading, found)):
                if any(o.kind == PERCENT for o in derivation.operands) and matches(derivation):
                    verdict = self._derived(claim, derivation, found, c.reading)
                    return replace(verdict, confidence=WEAK)
        if claim.approximate:
            # "Of Quintara's RPO ..., about $2.0 billion is expected to be recognized" where
            # the sources give RPO of $3,482.6 million "of which approximately 58%" is: a
            # share of the value its words name, as the source's sentence gives it.
            # A sum of money bound to a count ("spent approximately $89.5 million
            # repurchasing shares" to the shares repurchased) may be any product.
            share = self._product_in_a_source_sentence(
                c.reading, of=None if claim.kind == CURRENCY != stated.kind else stated
            )
            if share is not None:
                return share
            return self._wrong(claim, APPROXIMATION, stated, "the hedged figure is not the value")
        if cd.scales_known(claim, stated):
            for source, factor in cd.scaled_matches(claim, self.index):
                if norm(source) == norm(stated):
                    return self._wrong(
                        claim, SCALE_DRIFT, stated, f"the digits match at {factor} times the scale"
                    )
        same_metric = [s for s in c.exact if s.label_words == c.binding.label]
        if same_metric:
            return self._wrong(
                claim,
                PERIOD_MISMATCH,
                stated,
                f"the value is the {same_metric[0].period or 'another period'} figure",
                matched=same_metric[0],
            )
        named_after = _named_after(c, stated) if c.exact else None
        if named_after is not None:
            # (before any sum: "a 4 out of 5 star rating based on 58 reviews" is no sum of a
            # record's hours, stars and minutes)
            return named_after
        aggregation = self._sum_of_parts(
            claim, stated, [c.value for c in self._cited(c.reading, found)]
        )
        if aggregation is not None and self._a_subtotal_of_its_own(c.reading, stated):
            # "Total quick assets: $389,990" beside "Total current assets 811,445": the sum
            # the words name is one the sources do not total, not their total cut short.
            return _derived_weakly(
                claim, aggregation.value, aggregation.formula, "a subtotal of its own"
            )
        if aggregation is not None:
            return ClaimVerdict(
                claim=claim,
                outcome=UNSUPPORTED_AGGREGATION,
                layer=LAYER_DERIVATION,
                nearest=nearest_value(stated),
                expected_value=stated.value,
                formula=aggregation.formula,
                details={"derivation": aggregation.kind},
            )
        if c.exact:
            other = c.exact[0]
            if self._clause_names_line(c.reading, other):
                moved = self._another_period_of_its_line(claim, other)
                if moved is not None:
                    return moved
                return _weakly_grounded(
                    claim, other, "value found on a line or period its sentence names"
                )
            named_after = _named_after(c, stated)
            if named_after is not None:
                return named_after
            money = [x for x in c.exact if x.kind == CURRENCY]
            if claim.kind == CURRENCY and stated.kind != CURRENCY and money:
                # "bought the tower ... for €148.0 million", its words nearest a line of
                # floors: no amount of money substitutes a line that holds none.
                return _weakly_grounded(
                    claim, money[0], "the money is stated; the line its words name holds none"
                )
            return self._wrong(
                claim, SUBSTITUTION, stated, "the value belongs to another line", matched=other
            )
        if c.unusable:
            return self._superseded(c)
        return self._wrong(claim, FABRICATION, stated, "the sources state another value")

    def _superseded(self, c: _Claimed) -> ClaimVerdict:
        """Rule 8: the value the sources give only as superseded or hypothetical."""
        source = c.unusable[0]
        qualifier = next(q for q in ("superseded", "hypothetical") if q in source.qualifiers)
        right = c.stated or (c.binding.stated if c.binding is not None else None)
        if right is not None and qualifier == "superseded":
            # What replaced it is told with it ("expects $6.1 billion to $6.3 billion, down
            # from its previous forecast of $6.6 billion to $6.8 billion") or named as it is
            # (the "As restated" column); a value of the period that shares no word with it
            # (first-quarter revenue) is no correction.
            start, end = self._source_sentence(source)
            told_with_it = right.source_id == source.source_id and start <= right.start < end
            if not told_with_it and not right.label_words & source.label_words:
                right = None
        return ClaimVerdict(
            claim=c.reading.claim,
            outcome=SUBSTITUTION,
            nearest=nearest_value(right or source),
            expected_value=right.value if right is not None else None,
            details={"reason": f"value is {qualifier}", "matched": source.text},
        )

    def _wrong(
        self,
        claim: Claim,
        outcome: str,
        stated: Claim,
        reason: str,
        matched: Claim | None = None,
    ) -> ClaimVerdict:
        details: dict = {"reason": reason, "stated": stated.text}
        if stated.unit and claim.unit and stated.unit != claim.unit:
            details["currency"] = stated.unit
        if matched is not None:
            details["matched"] = matched.text
            details["matched_period"] = matched.period
        return ClaimVerdict(
            claim=claim,
            outcome=outcome,
            nearest=nearest_value(stated),
            expected_value=stated.value,
            details=details,
        )

    def _derived(
        self, claim: Claim, derivation: Derivation, found: list[_Claimed], reading: Reading
    ) -> ClaimVerdict:
        contradicted = self._contradicting_total(reading, derivation)
        if contradicted is not None:
            return contradicted
        meant = self._at_the_midpoint(reading, derivation)
        if meant is not None and not cd.derivation_matches(reading, meant):
            # "At the midpoint, ... $5.75 to $5.85 implies growth of about 8.3%": growth
            # over the low end
            return self._drift(reading, meant, "the sentence puts it at the midpoint")
        exact = cd.derivation_values(reading, derivation)
        if exact:
            self._exact[reading.index] = _with_written_sign(exact[0], claim)
        self._formula_of[reading.index] = (reading.sentence, derivation)
        return ClaimVerdict(
            claim=claim,
            outcome=DERIVED,
            layer=LAYER_DERIVATION,
            expected_value=quantize_like(derivation.value, claim),
            formula=derivation.formula,
            nearest=nearest_value(derivation.operands[0]),
            details={"derivation": derivation.kind},
        )

    def _at_the_midpoint(self, reading: Reading, derivation: Derivation) -> Derivation | None:
        """The derivation over a range's midpoint where the claim's sentence puts it there
        ("At the midpoint, guidance of $5.75 to $5.85 implies growth of about 9.2% over
        $5.31") and one of its operands is an end of the range the sentence writes; None
        otherwise. "by A$30 million to A$390 million" is a change, not a range, and a
        change from another range is left alone."""
        if derivation.kind not in (cd.GROWTH, cd.RATIO_OF, cd.SHARE_OF):
            return None
        start, end = self.answer.sentences[reading.sentence]
        sentence = self.answer.text[start:end].lower()
        if "midpoint" not in sentence and "mid-point" not in sentence:
            return None
        own = [
            r.claim
            for r in self.answer.readings
            if r.sentence == reading.sentence and r.claim.kind in _AMOUNTS
        ]
        for low, high in itertools.pairwise(own):
            if (
                low.kind != high.kind
                or not low.value < high.value
                or not _RANGE_JOIN.fullmatch(self.answer.text, low.end, high.start)
                or _A_CHANGE_BEFORE.search(self.answer.text, max(start, low.start - 12), low.start)
            ):
                continue
            for k, operand in enumerate(derivation.operands):
                others = derivation.operands[:k] + derivation.operands[k + 1 :]
                if operand.value in (low.value, high.value) and not any(
                    self._an_end_of_a_range(other) for other in others
                ):
                    # (Not a change from another range: its other end would move too.)
                    middle = replace_claim(operand, value=(low.value + high.value) / 2)
                    operands = (*derivation.operands[:k], middle, *derivation.operands[k + 1 :])
                    return replace(derivation, operands=operands)
        return None

    def _an_end_of_a_range(self, source: Claim) -> bool:
        """Whether a source value is written as an end of a range ("$1.265 billion to $1.275
        billion")."""
        text = self.index.texts.get(source.source_id, "")
        if not text or source.end > len(text):
            return False
        return bool(
            _RANGE_JOIN_AND_END.match(text, source.end)
            or _A_RANGE_END_BEFORE.search(text, max(0, source.start - 40), source.start)
        )

    def _drift(self, reading: Reading, derivation: Derivation, reason: str) -> ClaimVerdict:
        claim = reading.claim
        meant = self._at_the_midpoint(reading, derivation)
        if meant is not None:
            if cd.derivation_matches(reading, meant):
                # the arithmetic over the range's end is off; over its midpoint, where the
                # sentence puts it, it is right
                return self._derived(claim, meant, [], reading)
            derivation = meant  # what it should be: the figure over the midpoint
        values = cd.derivation_values(reading, derivation)
        # Of the readings of the result (its scale), the one nearest the claim's.
        value = (
            min(values, key=lambda v: abs(abs(v) - abs(claim.value)))
            if values
            else derivation.value
        )
        expected = quantize_like(value, claim)
        details: dict = {"derivation": derivation.kind, "exact": str(value)}
        if reason:
            details["reason"] = reason
        return ClaimVerdict(
            claim=claim,
            outcome=ARITHMETIC_DRIFT,
            layer=LAYER_DERIVATION,
            expected_value=expected,
            formula=derivation.formula,
            nearest=nearest_value(derivation.operands[0]),
            details=details,
        )

    def _closest_plausible(
        self, reading: Reading, described: list[Derivation]
    ) -> Derivation | None:
        claim = reading.claim
        target = abs(claim.value)
        sign = cd.signed_direction(reading)
        mine = _canonical(claim)
        best, best_distance = None, None
        for derivation in described:
            values = cd.derivation_values(reading, derivation)
            if not values:
                continue
            if mine and _of_other_metrics(mine, derivation.operands):
                continue  # "revenue fell 7.4%" is no change of the R&D figures beside it
            if (
                sign
                and derivation.oriented
                and derivation.kind in cd.SIGNED
                and all(o.value >= 0 for o in derivation.operands)
                and all(v and (v > 0) != (sign > 0) for v in values)
            ):
                # Wrong in size and in direction: not the formula the writer used (a line
                # written negative, an allowance in parentheses, rises as it grows in size).
                continue
            got = min((abs(v) for v in values), key=lambda v: abs(v - target))
            if got == 0 or target == 0:
                continue
            ratio = target / got
            # A compound rate the sentence describes is what the claim says, however far off
            # (the whole change of five years called a CAGR).
            if derivation.kind != cd.CAGR and not PLAUSIBLE_DRIFT[0] <= ratio <= PLAUSIBLE_DRIFT[1]:
                continue
            distance = abs(got - target)
            if best_distance is None or distance < best_distance:
                best, best_distance = derivation, distance
        return best

    def _cited_around(
        self, reading: Reading, found: list[_Claimed], cited_figures: list[cd.Cited] | None
    ) -> list[Claim]:
        """The sentence's figures and the sentence before's: "... or $2.48 annualized. At
        $61.35, that annualized dividend implies a yield of about 4.0%": a figure computed
        without saying how may use the sentence before."""
        if cited_figures is None:
            cited_figures = self._cited(reading, found)
        cited = [x.value for x in cited_figures]
        if reading.sentence > 0:
            cited += [x.value for x in self._cited_in(reading, found, reading.sentence - 1)]
        return cited

    def _paired_otherwise(
        self,
        reading: Reading,
        drift: Derivation,
        cited_figures: list[cd.Cited],
        found: list[_Claimed],
    ) -> Derivation | None:
        """Another pairing of the sentence's own figures that gives the claim, when the one
        a drift would rest on is not plainly the writer's: the sentence holds more figures
        than one formula needs ("lifts its target to A$4.85 from A$4.58, about 18% above
        the A$4.12 share price"), the drift's operands are of two metrics ("EPS rose 19.0%
        to $1.38, while non-GAAP EPS increased to $1.62"), or one of them is not in the
        sentence at all (the restated base it names instead). A change must still go the
        way the words say, later over earlier where both periods are known."""
        claim = reading.claim
        own = [c.value for c in cited_figures if not c.borrowed and c.value.kind != DATE]
        figures = cd.pair_candidates(claim, own)
        in_sentence = {id(f) for f in own}
        plain = (
            len(figures) == 2
            and all(id(o) in in_sentence for o in drift.operands)
            and cd.one_metric(drift.operands)
            # "fell 12.9%, from 1.92% to 1.68%": the sentence says which figures; "65% above
            # its low of $51.06" leaves the subject to an earlier sentence.
            and (reading.from_to or any(c.base for c in cited_figures))
        )
        if plain:
            return None
        test = cd.DerivationTest(reading, signed=True)
        candidates: list[Derivation] = list(cd.pairings(claim, figures))
        # The figure a share is of may be one the answer gave before ("values the studio
        # at about ¥48.6 billion. ... the price equals about 26% of Kitsune's annual
        # revenue"); a change, the metric's own line.
        # (Those it worked out too: "about $46.5 million a year. That is roughly 1.7% of the
        # system's annual revenue of $2.67 billion".)
        earlier = cd.pair_candidates(claim, self._given_before(reading, found))[
            -MAX_EARLIER_FIGURES:
        ]
        if claim.kind == PERCENT and figures:
            # ... and a part the sentence gives may be of a total given before ("Life
            # insurance is its biggest line at HUF 168.2 billion, about 40.8% of the total").
            candidates += [
                Derivation(cd.SHARE_OF, pair, False, True)
                for a in earlier
                for b in figures
                if a.value != b.value and _same_unit(a, b)
                for pair in ((a, b), (b, a))
            ]
            # "a midpoint of $2.59, roughly 2.4% above 2023 Core FFO" (given before as $2.53):
            # the sentence's figure against an earlier one of its unit.
            candidates += [
                d
                for a in figures
                for b in earlier
                if a.value != b.value and _same_unit(a, b)
                for d in cd.pairings(claim, [a, b])
                if d.kind == cd.GROWTH
            ]
        candidates += self._spreads_over_a_named_rate(reading, earlier)
        if claim.label_words:
            periods = [claim.period] if claim.period else list(reading.periods[:1])
            candidates += cd.year_over_year(reading, periods, self.index)
        # "fell by $57.4 million from the 2023 period to $154.2 million": the base the
        # sentence names by its period is on the line of the figure it arrives at.
        candidates += self._along_cited_lines(reading, cited_figures)
        candidates += self._midpoints(reading)
        if claim.label_words and CHANGE in reading.cues:
            # "- Total revenue: $2,556,017 (FY2023) vs $2,760,298 (FY2022) ... while revenue
            # fell 7.4%": a change between two figures of its metric the answer gave before.
            same = [
                o.reading.claim
                for o in found[: reading.index]
                if o.reading.sentence < reading.sentence
                and (o.exact or o.stated is not None)
                and o.reading.claim.label_words & claim.label_words
            ]
            same = cd.pair_candidates(claim, same)[-MAX_EARLIER_FIGURES:]
            candidates += [
                d for a, b in itertools.combinations(same, 2) for d in cd.pairings(claim, [a, b])
            ]
        if claim.kind == PERCENT and CHANGE in reading.cues:
            # "will make 60,000 cubic metres a day, taking the island's capacity to 142,000 -
            # roughly 73% more than today": the level before, which the sentence implies.
            recent = [f for f in figures if f.kind in _AMOUNTS][-3:]
            for change, level in itertools.permutations(recent, 2):
                if change.unit != level.unit or not 0 < abs(change.value) < abs(level.value):
                    continue
                before = level.value - change.value
                implied = replace_claim(level, value=before, text=f"{level.text} - {change.text}")
                candidates.append(Derivation(cd.GROWTH, (level, implied), True, True))
        arrived_at = self._levels_arrived_at(reading)
        for derivation in candidates:
            if derivation.operands == drift.operands and derivation.kind == drift.kind:
                continue
            if _over_the_later_value(derivation, drift) or (
                derivation.kind == cd.SHARE_OF and norm(derivation.operands[1]) in arrived_at
            ):
                continue
            if test(derivation):
                return derivation
        return None

    def _along_cited_lines(
        self, reading: Reading, cited_figures: list[cd.Cited]
    ) -> list[Derivation]:
        """A change whose base the sentence leaves to the sources ("diluted EPS rose 16.9% year
        over year to $1.66", "the combined ratio improved by 360 basis points to 94.2%"): the
        figure it arrives at, as the sources state it, against the other values of that line,
        later over earlier."""
        claim = reading.claim
        if CHANGE not in reading.cues:
            return []
        out: list[Derivation] = []
        for cited in cited_figures:
            arrived = cited.value
            if cited.borrowed or (not arrived.label_words and arrived.cell is not None):
                continue
            line = (
                cd.operands_for(arrived.label_words, [], self.index) if arrived.label_words else []
            )
            if arrived.cell is None:
                # Prose ("a combined ratio of 93.8%, compared with 96.4% a year earlier"):
                # the base the sources themselves name for the figure, on its line or right
                # after it.
                bases = [o for o in line if "base" in o.qualifiers and o.value != arrived.value]
                bases += self._base_after(arrived)
                if YEAR_AGO in reading.cues and not arrived.period:
                    # "Profit after tax was UGX 47.2 billion (2023: UGX 61.9 billion)": the
                    # current figure and the earlier year's right after it.
                    bases += [
                        o
                        for o in self._figures_after(arrived)
                        if o.period and o.kind == arrived.kind and o.value != arrived.value
                    ][:1]
                elif arrived.period and YEAR_AGO in reading.cues:
                    # "generated 412.68 GWh during FY 2080/81 (FY 2079/80: 398.15 GWh)": the
                    # line's value a year before, wherever the prose gives it.
                    year_ago = lx.year_before(arrived.period)
                    bases += [
                        o
                        for o in [*line, *self._figures_after(arrived)]
                        if o.period
                        and o.kind == arrived.kind
                        and o.value != arrived.value
                        and lx.periods_compatible(year_ago, o.period)
                    ]
                for base in cd.pair_candidates(claim, [arrived, *bases])[1:]:
                    out.extend(
                        replace(d, oriented=True)
                        for d in cd.pairings(claim, [arrived, base])
                        if d.operands[0] is arrived
                    )
                continue
            others = [
                o
                for o in line
                if o.value != arrived.value and o.period and o.period != arrived.period
            ]
            if YEAR_AGO in reading.cues:
                # "year over year": from the same period a year before, nothing else.
                year_ago = lx.year_before(arrived.period)
                others = [o for o in others if lx.periods_compatible(year_ago, o.period)]
            for other in cd.pair_candidates(claim, [arrived, *others])[1:]:
                # Later over earlier: both values carry the periods of their columns.
                out.extend(d for d in cd.pairings(claim, [arrived, other]) if d.oriented)
        return out

    def _an_earlier_period(self, claim: Claim) -> bool:
        """The claim's period is earlier than another the answer gives figures for."""
        year = lx.period_year(claim.period) if claim.period else ""
        return bool(year) and any(
            r.claim.kind != DATE and r.claim.period and lx.period_year(r.claim.period) > year
            for r in self.answer.readings
        )

    def _current_for_base(self, reading: Reading, fitting: list[Claim]) -> Claim | None:
        """ "C1 cash costs in the quarter were US$1.74" where the source says "US$1.86 per
        pound, up from US$1.74 a year earlier": the claim gives, as the current figure, the
        value the sources name only as the base of a change. The current figure the source
        sentence gives right before that base, when the claim's clause says nothing of an
        earlier period."""
        claim = reading.claim
        base = fitting[0]
        if (
            reading.base
            # (a share's words, "filling 85.2% of its seats", compute nothing the sources
            # do not state as the figure)
            or reading.cues - {SHARE}
            or "prior" in claim.qualifiers
            or "operand" in claim.qualifiers  # "$272.3M ÷ $1,012.3M": the base, as working
            or base.qualifiers & {"superseded", "hypothetical"}
            or not all(s.cell is None for s in fitting)
            # "| ARR, January 31, 2024 | $1,012.3M |": the claim names the base's own period
            or (claim.period and base.period and lx.periods_compatible(claim.period, base.period))
            # "| | Previous | New |": a cell of the answer's own column of earlier figures
            or not _EARLIER_HEADER.isdisjoint(
                labels.words(_pipe_column_header(self.answer.text, claim.start))
            )
        ):
            return None
        text = self.index.texts.get(base.source_id, "")
        if not _BASE_WORDS.search(text[max(0, base.start - 24) : base.start]):
            return None  # "rose A$148m ... to A$612m": a level, not a base
        start, end = self.answer.sentences[reading.sentence]
        for other in self._claims_of(reading.sentence):
            if other.kind == DATE:
                continue
            if other.end <= claim.start:
                start = max(start, other.end)
            elif other.start >= claim.end:
                end = min(end, other.start)
        if _EARLIER_WORDS.search(self.answer.text, start, end):
            return None  # "... a year earlier", "prior-year", "in 2023": its clause says which
        if self._an_earlier_period(claim):
            return None  # "| 2023 | $104,912K | 1.96 million |" under a 2024 row: the base
        self._order_sources()
        assert self._source_order is not None
        starts, claims = self._source_order.get(base.source_id, ([], []))
        i = bisect.bisect_left(starts, base.start)
        # "net profit of ₹3,162 crore for the September quarter (Q2 FY25), up 8.7% from
        # ₹2,909 crore": the periods and the rate between the figure and its base aside.
        nearby = [o for o in claims[max(0, i - 8) : i] if o.kind == claim.kind][-3:]
        for other in reversed(nearby):
            if base.start - other.end > MAX_BASE_GAP:
                break
            if (
                other.kind == claim.kind
                and "base" not in other.qualifiers
                and not cd.value_matches(claim, other)
                and (not base.label_words or other.label_words & base.label_words)
            ):
                return other
        return None

    def _order_sources(self) -> None:
        if self._source_order is None:
            order: dict[str, tuple[list[int], list[Claim]]] = {}
            for c in self.index.claims:
                starts, claims = order.setdefault(c.source_id, ([], []))
                starts.append(c.start)
                claims.append(c)
            self._source_order = order

    def _levels_arrived_at(self, reading: Reading) -> set[Decimal]:
        """The figures of a change's sentence that are not its base, which no rate of the
        change is a share of: "paying 38.5 cent a litre, down 2.5 cent or about 6.5%" is no
        share of the 38.5 it arrived at, nor "60,000 a day, taking capacity to 142,000 -
        roughly 42% more" of the 142,000."""
        if CHANGE not in reading.cues or SHARE in reading.cues or not reading.direction:
            return set()  # "wheat made up 70.8% of a total grain harvest": a share after all
        return {
            norm(r.claim)
            for r in self.answer.readings
            if r.sentence == reading.sentence and r is not reading and not r.base
        }

    def _over_level(self, reading: Reading, derivation: Derivation) -> bool:
        """A rate of a change (`an increase of 12.7%`) over the level the change reached: the
        share's part is the difference between its whole and another value of the whole's
        line ("FCFA 40" of 315 where the line also gives 275), the base the rate is of."""
        if CHANGE not in reading.cues or SHARE in reading.cues or not reading.direction:
            return False
        part, whole = derivation.operands
        if not whole.label_words or not part.value:
            return False
        line = cd.operands_for(whole.label_words, [], self.index)
        return any(
            other is not whole
            and abs(abs(whole.value - other.value) - abs(part.value)) * 1000 <= abs(part.value)
            for other in line
        )

    def _figures_after(self, source: Claim) -> list[Claim]:
        """The next figures of a source figure's sentence, up to three."""
        self._order_sources()
        assert self._source_order is not None
        starts, claims = self._source_order.get(source.source_id, ([], []))
        text = self.index.texts.get(source.source_id, "")
        i = bisect.bisect_right(starts, source.start)
        out = []
        for other in claims[i : i + 3]:
            if other.start - source.end > 2 * MAX_BASE_GAP or _SENTENCE_END.search(
                text, source.end, other.start
            ):
                break
            out.append(other)
        return out

    def _beside(self, source: Claim, chars: int) -> list[Claim]:
        """The other values of a source within `chars` characters of one of them."""
        self._order_sources()
        assert self._source_order is not None
        starts, claims = self._source_order.get(source.source_id, ([], []))
        low = bisect.bisect_left(starts, source.start - chars)
        high = bisect.bisect_right(starts, source.start + chars)
        return [c for c in claims[low:high] if c is not source and c.start != source.start]

    def _base_after(self, source: Claim) -> list[Claim]:
        """The base a source sentence gives right after a figure ("93.8%, compared with
        96.4% in 2022")."""
        self._order_sources()
        assert self._source_order is not None
        starts, claims = self._source_order.get(source.source_id, ([], []))
        i = bisect.bisect_right(starts, source.start)
        out = []
        text = self.index.texts.get(source.source_id, "")
        # (Dates between are no figures: "94 passengers ... in the year to March 2024, down
        # from 2,280".)
        figures = [c for c in claims[i : i + 6] if c.kind != DATE][:3]
        for k, other in enumerate(figures):
            gap = other.start - source.end
            # The next figure may stand further off when nothing ends the sentence between:
            # "A record 48,310 runners crossed the finish line of the Lakeport Marathon on
            # Sunday, up from 45,972 last year".
            if gap > MAX_BASE_GAP and not (
                k == 0
                and gap <= 2 * MAX_BASE_GAP
                and not _SENTENCE_END.search(text, source.end, other.start)
            ):
                break
            if "base" in other.qualifiers and other.kind == source.kind:
                out.append(other)
        return out

    def _stated_change(self, reading: Reading, exact: list[Claim]) -> Claim | None:
        """A source value of the claim's digits followed, as the claim is, by the same noun
        of change ("$118.6 million ... increase"), or None."""
        claim = reading.claim
        noun = _CHANGE_NOUN_AFTER.match(self.answer.text, claim.end)
        if noun is None or claim.kind not in _AMOUNTS:
            return None
        for source in exact:
            text = self.index.texts.get(source.source_id, "")
            theirs = _CHANGE_NOUN_AFTER.match(text, source.end)
            if theirs is not None and theirs.group(1).lower() == noun.group(1).lower():
                return source
        return None

    def _share_of_a_change(self, reading: Reading) -> list[Derivation]:
        """A share of a change ("Cardiovascular accounted for about 57.4% of the total net
        sales increase in 2024"): the part's line's change over the year to the period over
        the whole's line's change."""
        claim = reading.claim
        if claim.kind != PERCENT or SHARE not in reading.cues or not reading.other_label:
            return []
        if not _OF_A_CHANGE.match(self.answer.text, claim.end):
            return []
        period = claim.period or (reading.periods[0] if len(set(reading.periods)) == 1 else "")
        year = lx.period_year(period)
        if not year:
            return []
        changes = []
        for words in (claim.label_words, reading.other_label):
            facts = cd.operands_for(words, [], self.index)
            now = [f for f in facts if lx.period_year(f.period) == year]
            before = [f for f in facts if lx.period_year(f.period) == str(int(year) - 1)]
            if len(now) != 1 or len(before) != 1:
                return []
            changes.append(
                replace_claim(
                    now[0],
                    value=now[0].value - before[0].value,
                    text=f"({now[0].text.strip()} - {before[0].text.strip()})",
                )
            )
        return [Derivation(cd.SHARE_OF, (changes[0], changes[1]), True, True)]

    def _shares_of_a_whole(
        self, reading: Reading, found: list[_Claimed], cited_figures: list[cd.Cited]
    ) -> list[Derivation]:
        """A share of the whole its words name ("Scotch accounted for 63.3% of group net
        sales", "FCF was also about 7.1% of revenue of €6,412 million"): a figure of the
        sentence, or one the answer gave or worked out before, over the whole the sentence
        gives or the sources state for the line it names."""
        claim = reading.claim
        if claim.kind != PERCENT or SHARE not in reading.cues:
            return []
        own = cd.pair_candidates(
            claim, [c.value for c in cited_figures if not c.borrowed and c.value.kind != DATE]
        )
        earlier = cd.pair_candidates(claim, self._given_before(reading, found))[
            -MAX_EARLIER_FIGURES:
        ]
        wholes = list(own)
        parts = [*own, *earlier]
        if not own:
            # "- **Cash as a share of the annuity:** roughly 45.6%" under the two amounts it
            # compares and their difference: the whole is one of the last three it gave.
            wholes += [c for c in earlier if c.kind in _AMOUNTS][-3:]
        # "of Oakhurst's third-quarter 2024 net sales": a word no source label holds (the
        # company's name) names no line.
        whole = frozenset(w for w in reading.other_label if w in self.index.by_word)
        if whole:
            periods = [claim.period] if claim.period else list(reading.periods[:1])
            # "of net sales" is the whole of them, the total row where the sources have one
            total = {"total"} if "total" in self.index.by_word else set()
            wholes += cd.operands_for(whole | total, periods, self.index)[:2]
            if claim.label_words and not claim.label_words & whole:
                # "Diagnostics accounted for 30.6% of third-quarter net sales": the part is
                # the line of the whole's metric its subject names, read from the sources.
                parts += cd.operands_for(claim.label_words | whole, periods, self.index)[:2]
            if SUM in reading.cues and 2 <= len(reading.phrases) <= MAX_LIST_ITEMS:
                # "trust accounts and surety bonds together covered about 35.7% of its
                # undiscounted ARO estimate": the part is the sum of the lines it lists.
                listed = tuple((1, words) for words in reading.phrases if not words & whole)
                if len(listed) >= 2:
                    parts += self._sum_of_lines(listed, periods, []) or self._sum_of_lines(
                        listed, [], []
                    )
            predicate = self._predicate_of_a_share(reading)
            if predicate:
                # "About 34.3% of the reserves were classified as current": the part is the
                # row the predicate names, in a table of the whole's.
                tables = {(c.source_id, c.cell[0]) for c in wholes if c.cell is not None}
                parts += [
                    c
                    for c in self.index.sharing_words(predicate, limit=64)
                    if c.cell is not None
                    and (c.source_id, c.cell[0]) in tables
                    and predicate <= c.label_words
                    and (not periods or lx.periods_compatible(periods[0], c.period))
                ][:2]
        # "About 89.1% of Nordwald's 1,146 outlets are in leased premises": the part may be a
        # figure the source gives beside the whole ("1,146 outlets, of which 1,021 were in
        # leased premises").
        for fact in own:
            if fact.source_id and fact.cell is None:
                parts += [
                    c
                    for c in self._beside(fact, BESIDE_CHARS)
                    if c.kind == fact.kind and c.cell is None
                ][:MAX_LIST_ITEMS]
        # "Scotch accounted for 63.3% of group net sales": a part read from a table is a share
        # of its column's total row.
        for o in found[: reading.index]:
            source = o.exact[0] if o.exact else o.stated
            if source is not None and source.cell is not None:
                total = self._column_total(source)
                if total is not None:
                    wholes.append(total)
                    parts.append(source)
        out = []
        for part in parts:
            for whole in wholes:
                if part.value == whole.value or not whole.value:
                    continue
                if not part.scale_origin and part.scale == 1 and whole.scale != 1:
                    # "FCF = 1,140 − 684 = 456" in a working headed "(EUR million)": the
                    # bare figure is at the whole's scale.
                    part = replace_claim(part, value=part.value * whole.scale)
                if abs(part.value) < abs(whole.value):
                    out.append(Derivation(cd.SHARE_OF, (part, whole), True, False))
        return out

    def _predicate_of_a_share(self, reading: Reading) -> frozenset[str]:
        """The words a share's predicate names its part by, when the words before the
        figure name only the whole ("About 34.3% of the reserves were classified as
        current": "current"), else none."""
        claim = reading.claim
        if not reading.other_label or not claim.label_words <= reading.other_label:
            return frozenset()
        end = self.answer.sentences[reading.sentence][1]
        found = _SHARE_PREDICATE.search(self.answer.text, claim.end, end)
        return labels.label_words(found.group(1)) if found is not None else frozenset()

    def _column_total(self, cell_value: Claim) -> Claim | None:
        """The total row of the table column a cell stands in."""
        assert cell_value.cell is not None
        if self._totals is None:
            totals: dict[tuple[str, int, int], Claim] = {}
            for c in self.index.claims:  # one pass, the first time a share asks
                if c.cell is not None and "total" in c.qualifiers:
                    totals.setdefault((c.source_id, c.cell[0], c.cell[2]), c)
            self._totals = totals
        table, _row, column = cell_value.cell
        return self._totals.get((cell_value.source_id, table, column))

    def _midpoints(self, reading: Reading, *, any_line: bool = False) -> list[Derivation]:
        """A range's midpoint named in its sentence or the next ("raised its forecast to
        €1.45 billion–€1.55 billion ... The midpoint of the new range, €1.50 billion"), and
        the gap between two ranges' midpoints ("raised to $1.285 billion to $1.295 billion,
        $20 million higher at the midpoint")."""
        start, end = self.answer.sentences[reading.sentence]
        text = self.answer.text
        if "midpoint" not in text[start:end].lower() and "mid-point" not in text[start:end].lower():
            return []
        ranges: list[tuple[Claim, Claim]] = []
        for sentence in range(max(0, reading.sentence - 2), reading.sentence + 1):
            claims = [c for c in self._claims_of(sentence) if c.kind != DATE]
            for a, b in itertools.pairwise(claims):
                if a.kind == b.kind and a.value < b.value and cd.joins_range(text, a, b):
                    ranges.append((a, b))
        # ... or in the sources, on the claim's own line ("Total revenues of $2,410 million to
        # $2,470 million" under "The midpoint of the revenue outlook, $2,440 million").
        words = reading.claim.label_words
        if words or any_line:
            self._order_sources()
            assert self._source_order is not None
            for source_id, (_starts, claims) in self._source_order.items():
                source_text = self.index.texts.get(source_id, "")
                for a, b in itertools.pairwise(claims):
                    if (
                        a.kind == b.kind != DATE
                        and a.value < b.value
                        and (any_line or (a.label_words | b.label_words) & words)
                        and b.start - a.end <= MAX_RANGE_LINK
                        and cd.joins_range(source_text, a, b)
                    ):
                        ranges.append((a, b))
        if not ranges:
            return []
        middles = [
            replace_claim(a, value=(a.value + b.value) / 2, text=f"({a.text}–{b.text})/2")
            for a, b in ranges
        ]
        out = [Derivation(cd.AVERAGE_OF, pair, True, False) for pair in ranges]
        for later, earlier in itertools.permutations(middles, 2):
            out.append(Derivation(cd.DIFFERENCE, (later, earlier), False, False))
        return out

    def _per_unit(self, reading: Reading) -> list[Derivation]:
        """A figure per unit the answer counts before it ("a 26,200-seat stadium ... at €2
        million a year, about €76 per seat"): the answer's earlier figures over each earlier
        figure whose words name that unit. Only the units the answer counts; a quotient of
        one significant digit is left to the other rules."""
        claim = reading.claim
        text = self.answer.text
        if claim.kind not in _AMOUNTS or not claim.value:
            return []
        m = _PER_UNIT.match(text, claim.end)
        if m is None or m.group(1).lower() in _NOT_A_UNIT:
            return []
        if len(claim.value.normalize().as_tuple().digits) < MIN_PER_UNIT_DIGITS and not (
            claim.precision and abs(claim.value) / claim.precision >= 10
        ):
            return []
        unit = _unit_names(labels.label_words(m.group(1)))
        if not unit:
            return []
        earlier = [
            r.claim
            for r in self.answer.readings[: reading.index]
            if r.claim.kind in _AMOUNTS and not r.claim.nested and r.claim.value
        ]
        counts = []
        for other in earlier:
            after = _UNIT_WORDS.match(text, other.end)
            if after is not None and _unit_names(labels.label_words(after.group(1))) & unit:
                counts.append(other)
        # ... or in its own sentence after it ("US$14,500 per hectare for the 28,400-hectare
        # block").
        sentence_end = self.answer.sentences[reading.sentence][1]
        for hyphenated in _HYPHENATED_COUNT.finditer(text, 0, sentence_end):
            if _unit_names(labels.label_words(hyphenated.group(2))) & unit:
                digits = hyphenated.group(1)
                counts.append(
                    Claim(
                        digits,
                        hyphenated.start(),
                        hyphenated.end(1),
                        COUNT,
                        Decimal(digits.replace(",", "")),
                    )
                )
        numerators = [a for a in earlier if a not in counts and _like_money(a, claim)]
        return [
            Derivation(cd.RATIO_OF, (a, b), True, False)
            for b in counts
            if b.value
            for a in numerators
        ]

    def _remainders(self, reading: Reading) -> list[Derivation]:
        """A figure left of a whole ("will close 148 of its 1,912 stores, leaving 1,764"):
        the differences of the larger and the smaller of the sentence's earlier figures,
        money from money and counts from counts, whole first."""
        claim = reading.claim
        if claim.kind not in _AMOUNTS:
            return []
        start = self.answer.sentences[reading.sentence][0]
        window = self.answer.text[max(start, claim.start - 40) : claim.start]
        if _REMAINDER_AFTER.match(self.answer.text, claim.end):
            # "After $212.0 million of borrowings and $31.4 million of letters of credit,
            # $356.6 million remained available under the $600.0 million facility": the
            # whole named after the figure, less the parts named before it.
            return self._left_of_a_later_whole(reading)
        brought = _BROUGHT_TO.search(window) if "bring" in window.lower() else None
        if not brought and (
            not ("leav" in window or "remain" in window or "left" in window)
            or not (_REMAINDER_BEFORE.search(window))
        ):
            return []
        earlier = [
            c
            for c in self._claims_around(reading, 2, before_it=True)
            if c.kind in _AMOUNTS
            and _like_money(c, claim)
            and c.unit == claim.unit
            and not c.nested
        ][-MAX_LIST_ITEMS:]
        out = [
            Derivation(cd.DIFFERENCE, (whole, part), True, False)
            for whole, part in itertools.permutations(earlier, 2)
            if abs(whole.value) > abs(part.value)
        ]
        if brought:
            # "about 900 job cuts, which would bring the headcount to around 17,500": the
            # level a change takes the figure before to, down or up.
            out += [
                Derivation(cd.SUM_OF, (whole, part), True, False)
                for whole, part in itertools.combinations(earlier, 2)
            ]
        first = next(
            (
                c
                for c in self._claims_around(reading, reading.sentence, before_it=True)
                if c.kind == claim.kind and c.unit == claim.unit and not c.nested
            ),
            None,
        )
        if first is not None and first not in earlier and claim.kind == CURRENCY:
            # "will invest £48 million ... A £30 million bank loan covers most of the cost,
            # with the remaining £18 million from reserves": the answer's first amount is
            # the whole its later parts come out of.
            out.extend(
                Derivation(cd.DIFFERENCE, (first, part), True, False)
                for part in earlier
                if abs(first.value) > abs(part.value)
            )
        for i, whole in enumerate(earlier):
            # "The $62 million project ... a $27.5 million grant and $18.0 million from the
            # council. The remaining $16.5 million": the whole less every part after it.
            parts = [p for p in earlier[i + 1 :] if abs(p.value) < abs(whole.value)]
            if len(parts) >= 2:
                out.append(_less_every_part(whole, parts))
        return out

    def _left_of_a_later_whole(self, reading: Reading) -> list[Derivation]:
        """What remains of a whole named after the figure once every part named before it in
        its sentence is taken."""
        claim = reading.claim
        mine = [
            c
            for c in self._claims_of(reading.sentence)
            if c.kind in _AMOUNTS and c.unit == claim.unit and not c.nested and c is not claim
        ]
        parts = [c for c in mine if c.start < claim.start][-MAX_LIST_ITEMS:]
        wholes = [c for c in mine if c.start > claim.start][:MAX_LIST_ITEMS]
        out = []
        for whole in wholes:
            # every part named before the figure is taken: after borrowings and letters of
            # credit, not after one of them
            smaller = [p for p in parts if abs(p.value) < abs(whole.value)]
            if smaller:
                out.append(_less_every_part(whole, smaller))
        return out

    def _benchmark(self, reading: Reading) -> ClaimVerdict | None:
        """Parity a comparison measures against ("Above 1.0 in both years, so orders still
        exceed sales", "coverage below 1x", "more than 100% of net income"): no figure of the
        sources, and none the answer claims of them. `grounded` on weak evidence."""
        claim = reading.claim
        parity = Decimal(100) if claim.kind == PERCENT else Decimal(1)
        if claim.kind not in (NUMBER, COUNT, RATIO, PERCENT) or claim.value != parity:
            return None
        before = self.answer.text[max(0, claim.start - BENCHMARK_REACH) : claim.start]
        if not _COMPARED_WITH.search(before):
            return None
        return ClaimVerdict(
            claim=claim,
            outcome=GROUNDED,
            confidence=WEAK,
            details={"reason": "parity a comparison measures against"},
        )

    def _days_in_year(self, claim: Claim) -> ClaimVerdict | None:
        """The days of the claim's year on a line about days ("| Days | 366 | 365 |" under
        "2024 (leap year)" and "2023"): the calendar's count, no figure of the sources. A
        year of no period ("using 364 days instead of 365") is one of the day-count
        conventions: 360, 364 (52 weeks), 365 or 366 days."""
        if claim.kind not in (NUMBER, COUNT) or claim.value not in (360, 364, 365, 366):
            return None
        year = lx.period_year(claim.period)
        text = self.answer.text
        if not year:
            if claim.approximate or not any(
                m.start() <= claim.start < m.end()
                for m in _DAY_COUNT.finditer(text, max(0, claim.start - 40), claim.end + 8)
            ):
                return None
            return ClaimVerdict(
                claim=claim,
                outcome=GROUNDED,
                confidence=WEAK,
                details={"reason": f"a {claim.value}-day year"},
            )
        end = text.find("\n", claim.end)
        line = text[text.rfind("\n", 0, claim.start) + 1 : end if end >= 0 else len(text)]
        if not _DAYS_WORD.search(line):
            return None
        if claim.value != (366 if calendar.isleap(int(year)) else 365):
            return None
        return ClaimVerdict(
            claim=claim,
            outcome=GROUNDED,
            confidence=WEAK,
            details={"reason": f"the days of {year}"},
        )

    def _spelled_out(self, reading: Reading) -> ClaimVerdict | None:
        """`grounded`, on weak evidence, when a bare whole number from 2 to 99 is written in
        words in a source, near a word of the claim's own sentence ("The vote was 7-2" and
        "Seven of the nine members ... voted"). "One" is left out: it is a pronoun as often
        as a number."""
        claim = reading.claim
        if (
            claim.kind not in (NUMBER, COUNT)
            or not 2 <= claim.value <= 99
            or claim.scale != 1
            or claim.approximate
            or claim.value != claim.value.to_integral_value()
            or "." in claim.text
        ):
            return None
        words = numberwords.spelled(int(claim.value))
        if words is None:
            return None
        start, end = self.answer.sentences[reading.sentence]
        sentence = set(labels.words(self.answer.text[start:end]))
        for source_id, text in self.index.texts.items():
            for m in words.finditer(text):
                around = labels.words(
                    text[max(0, m.start() - SPELLED_WINDOW) : m.end() + SPELLED_WINDOW]
                )
                if not sentence.intersection(around):
                    continue
                return ClaimVerdict(
                    claim=claim,
                    outcome=GROUNDED,
                    nearest=NearestValue(m.group(), claim.value, source_id, m.start(), m.end()),
                    confidence=WEAK,
                    details={"reason": "the sources write the number in words"},
                )
        return None

    def _listed_before(self, reading: Reading, cited_figures: list[cd.Cited]) -> list[Derivation]:
        """A share or sum that totals the figures its sentence lists right before it ("Taiwan
        Semiconductor (7.8%), DBS Group (4.6%) and BHP Group (3.9%), make up 16.3% of
        assets"): the sums of the last two to five of them."""
        claim = reading.claim
        if not reading.cues & {SHARE, SUM}:
            return []
        listed = [
            c.value
            for c in cited_figures
            if not c.borrowed
            and c.value.kind == claim.kind
            and c.value is not claim
            and c.value.start < claim.start
            and c.value.source_id == ""
        ]
        if len(listed) < 2:
            # Cited figures stand for source values; the answer's own spans are read here.
            listed = [
                r.claim
                for r in self.answer.readings[: reading.index]
                if r.sentence == reading.sentence and r.claim.kind == claim.kind
            ]
        listed = listed[-MAX_LIST_ITEMS - 1 :]
        return [
            Derivation(cd.SUM_OF, tuple(listed[-size:]), True, False)
            for size in range(2, len(listed) + 1)
        ]

    def _rate_of_the_figure_before(
        self, reading: Reading, found: list[_Claimed]
    ) -> list[Derivation]:
        """A rate a sentence opened by a pronoun gives with no amount of its own before it
        ("... pays about 6,540 crowns ... on 57,000 crowns. That is an effective rate of
        about 11.5%"): a share of one of the last amounts the answer gave in another."""
        claim = reading.claim
        if claim.kind != PERCENT or not self._opened_by_a_pronoun(reading):
            return []
        if any(
            r.sentence == reading.sentence and r.claim.kind in _AMOUNTS
            for r in self.answer.readings[: reading.index]
        ):
            return []
        given = [c for c in self._given_before(reading, found) if c.kind in _AMOUNTS]
        text = self.answer.text
        # The part is a figure the answer set in bold (its headline) or one of its last; the
        # whole, any of its figures before.
        parts = [c for c in given if text.endswith("**", 0, c.start)]
        parts += [c for c in given[-MAX_COMPARED_FIGURES:] if c not in parts]
        wholes = list({c.value: c for c in given}.values())[-MAX_EARLIER_FIGURES:]
        return [
            Derivation(cd.SHARE_OF, (part, whole), False, False)
            for part in parts
            for whole in wholes
            if part.kind == whole.kind
            and part.unit == whole.unit
            and 0 < abs(part.value) < abs(whole.value)
        ]

    def _total_of_running_steps(self, reading: Reading) -> Derivation | None:
        """A total on a line of its own after steps of a running balance ("3. Cleaning fee:
        + £60 → £1,045.50", "4. Service fee ...: + £125.46", "5. **Total: £1,170.96**"): the
        last result a step gave, with the signed amounts of the steps after it."""
        claim = reading.claim
        if claim.kind not in _AMOUNTS:
            return None
        text = self.answer.text
        line_start = text.rfind("\n", 0, claim.start) + 1
        if not _TOTAL_LINE.fullmatch(text, line_start, claim.start):
            return None
        before = [
            r.claim
            for r in self.answer.readings[: reading.index]
            if r.claim.kind == claim.kind and r.claim.unit == claim.unit
        ]
        results = [
            c for c in before if _STEP_RESULT_BEFORE.search(text, max(0, c.start - 8), c.start)
        ]
        if not results:
            return None
        last = results[-1]
        steps = []
        for c in before:
            if c.start <= last.end:
                continue
            sign = _STEP_SIGN.search(text, max(0, c.start - 4), c.start + 1)
            if sign is None:
                return None
            negative = sign.group(1) in "-−–"
            steps.append(replace_claim(c, value=-abs(c.value) if negative else abs(c.value)))
        if not steps:
            return None
        return Derivation(cd.SUM_OF, (last, *steps), True, False)

    def _total_of_the_list_after(self, reading: Reading) -> Derivation | None:
        """A total the answer gives on a line that ends with a colon, over the list under
        it ("pays about **6,540 crowns** of income tax ...:" over "- 12,000 to 40,000 crowns
        at 10%: 2,800 crowns", "- 40,000 to 57,000 crowns at 22%: 3,740 crowns"): the sum of
        each item's figure after its own colon (or its last figure), an item of `nothing`
        adding none."""
        claim = reading.claim
        if claim.kind not in _AMOUNTS:
            return None
        text = self.answer.text
        line_end = text.find("\n", claim.end)
        if line_end < 0 or not text[claim.end : line_end].rstrip(" *_").endswith(":"):
            return None
        parts: list[Claim] = []
        pos = line_end + 1
        while text.startswith("\n", pos):
            pos += 1  # the blank line before the list
        while pos < len(text) and len(parts) <= MAX_LIST_ITEMS:
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            item = _LIST_ITEM.match(text, pos, end)
            if item is None:
                break
            colon = text.rfind(":", pos, end)
            in_item = [
                r.claim
                for r in self.answer.readings
                if pos <= r.claim.start < end and r.claim.kind == claim.kind
            ]
            after = [c for c in in_item if c.start > colon] if colon >= 0 else in_item[-1:]
            if after:
                parts.append(after[0])
            elif not (colon >= 0 and _NOTHING.match(text, colon + 1, end)):
                return None
            pos = end + 1
        if len(parts) < 2 or any(p.unit != claim.unit for p in parts):
            return None
        return Derivation(cd.SUM_OF, tuple(parts), True, False)

    def _given_before(
        self,
        reading: Reading,
        found: list[_Claimed],
        *,
        own_sentence: bool = False,
        as_written: bool = False,
    ) -> list[Claim]:
        """The answer's figures of the sentences before the claim's (`own_sentence`: and of
        its own sentence, before it) that the sources give or the answer worked out, each at
        its unrounded value where it was worked out (`as_written`: at the value it writes)."""
        last = reading.sentence + 1 if own_sentence else reading.sentence
        return [
            replace_claim(r.claim, value=self._exact[r.index])
            if r.index in self._exact and not as_written
            else r.claim
            for o in found[: reading.index]
            if (r := o.reading).sentence < last
            and (o.exact or o.stated is not None or r.index in self._exact)
        ]

    def _against_earlier_figures(
        self, reading: Reading, found: list[_Claimed], cited_figures: list[cd.Cited]
    ) -> list[Derivation]:
        """A change between a figure of the sentence and one of the same metric the answer
        gave or worked out before ("... = $2,528 million. ... FY2022 EBITDA was ... = $2,151
        million, so EBITDA grew about 17.5%"), later over earlier where their periods say."""
        claim = reading.claim
        if not reading.cues & {CHANGE, COMPARISON}:
            return []
        own_cited = [c for c in cited_figures if not c.borrowed and c.value.kind != DATE]
        own = cd.pair_candidates(claim, [c.value for c in own_cited])
        if not own:
            return []
        # "Spending was up from $301.8 million in fiscal 2022, an increase of 36.7%": with only
        # its base in the sentence, the figure it rose to is one the answer gave before, of
        # whatever label.
        base_only = len(own_cited) == 1 and own_cited[0].base
        if not claim.label_words and not base_only:
            return []
        earlier = cd.pair_candidates(
            claim,
            [
                c
                for c in self._given_before(reading, found)
                if base_only or c.label_words & claim.label_words
            ],
        )[-MAX_EARLIER_FIGURES:]
        out: list[Derivation] = []
        for a in own:
            for b in earlier:
                if base_only and not _same_unit(a, b):
                    continue
                out.extend(cd.pairings(claim, [a, b]))
        return out

    def _between_earlier_figures(self, reading: Reading, found: list[_Claimed]) -> list[Derivation]:
        """A change between two figures of its metric the answer gave or worked out before
        for two periods ("| Free cash flow | 511.5 | 456.6 |
        ... Free cash flow grew about 12.0%"), later over earlier."""
        if CHANGE not in reading.cues:
            return []
        given = self._given_before(reading, found, own_sentence=True)
        if not reading.claim.label_words:
            # "**Change:** up about $0.99 per subscriber": a change whose words name no line
            # is between the last two figures of its unit the answer gave for two periods,
            # unrounded or as written.
            written = self._given_before(reading, found, own_sentence=True, as_written=True)
            return (
                self._between_results(reading, given, named=True)
                + self._between_results(reading, written, named=True)
                + _between_states(reading, given)
            )
        return self._between_figures(reading, given)

    def _spreads_over_a_named_rate(
        self, reading: Reading, earlier: list[Claim]
    ) -> list[Derivation]:
        """ "It remains 0.3 percentage points above the ECB's 2% target", "That is 6
        percentage points more than the 12% offer": the rate the pronoun stands for may be
        any of `earlier` (rates the answer gave before), over the rate its sentence names."""
        claim = reading.claim
        if claim.kind not in (PERCENTAGE_POINTS, BPS) or COMPARISON not in reading.cues:
            return []
        named = [
            r.claim
            for r in self.answer.readings
            if r.sentence == reading.sentence and r.claim.kind == PERCENT
        ]
        return [
            d
            for a in earlier
            for b in named
            if a.value != b.value and a.kind == PERCENT
            for d in cd.pairings(claim, [a, b])
            if d.kind == cd.SPREAD
        ]

    def _a_month_of_a_year(self, reading: Reading, found: list[_Claimed]) -> ClaimVerdict | None:
        """An amount a month beside one a year in its sentence that the sources state
        ("Premium annual is $199.99, about $16.67 a month"; "$29.99 a month, or about $360 a
        year"): a twelfth of the year's, or twelve times the month's, `derived` weakly at the
        claim's precision. (Two figures of the answer's own stand on nothing by agreeing.)"""
        claim = reading.claim
        if claim.kind != CURRENCY:
            return None
        text = self.answer.text
        own = _A_MONTH_AFTER.match(text, claim.end) is not None
        if not own and _PER_YEAR_AFTER.match(text, claim.end) is None:
            return None
        start = self.answer.sentences[reading.sentence][0]
        for o in found:
            r, other = o.reading, o.reading.claim
            if r.sentence != reading.sentence or other is claim or other.kind != CURRENCY:
                continue
            if not o.exact:
                continue
            if other.unit != claim.unit or not other.value:
                continue
            if own:
                # the other figure is a year's: "a year" after it, or "annual" before it
                yearly = _PER_YEAR_AFTER.match(text, other.end) is not None or bool(
                    _ANNUAL_BEFORE.search(text, max(start, other.start - 30), other.start)
                )
                value = other.value / 12 if yearly else None
            else:
                value = other.value * 12 if _A_MONTH_AFTER.match(text, other.end) else None
            if value is not None and values.at_precision(claim.value, value, _hedged_place(claim)):
                formula = f"{other.text} / 12" if own else f"{other.text} × 12"
                return _derived_weakly(claim, value, formula, "a month of a year")
        return None

    def _change_of_the_figure_before(
        self, reading: Reading, found: list[_Claimed]
    ) -> list[Derivation]:
        """A change a sentence opened by a pronoun gives without naming its metric ("...
        fell to $2.91 per MMBtu in 2024. That is $0.70 less than the prior year, a decline of
        about 19.4%"): the change of the line of the last figure the sentence before gave,
        from the year before that figure's period to its period."""
        claim = reading.claim
        if CHANGE not in reading.cues or claim.label_words - _GENERIC_CHANGE_WORDS:
            return []
        if reading.sentence == 0 or not self._opened_by_a_pronoun(reading):
            return []
        # The source value of the last figure of the sentence before, and its line's value
        # a year before it.
        stated = [
            fact
            for o in found[: reading.index]
            if o.reading.sentence == reading.sentence - 1 and o.reading.claim.kind in _AMOUNTS
            for fact in o.exact[:1]
            if fact.period and fact.label_words
        ]
        if not stated or (claim.kind in _AMOUNTS and stated[-1].unit != claim.unit):
            return []
        later = stated[-1]
        earlier_period = lx.year_before(later.period)
        earlier = next(
            (
                c
                for c in self.index.sharing_words(later.label_words, limit=PER_UNIT_POOL)
                if c.label_words == later.label_words
                and c.kind == later.kind
                and c.unit == later.unit
                and c.period
                and lx.periods_compatible(earlier_period, c.period)
            ),
            None,
        )
        if earlier is None and later.cell is None:
            # "SkyLark collected $1.12 billion in baggage fees in 2024, up from $1.03 billion
            # in 2023": the year before's value its own source sentence gives beside it.
            start, end = self._source_sentence(later)
            earlier = next(
                (
                    c
                    for c in self._beside(later, BESIDE_CHARS)
                    if start <= c.start < end
                    and c is not later
                    and c.kind == later.kind
                    and c.unit == later.unit
                    and c.period
                    and lx.periods_compatible(earlier_period, c.period)
                ),
                None,
            )
        if earlier is None:
            return []
        kind = cd.GROWTH if claim.kind == PERCENT else cd.DIFFERENCE
        return [Derivation(kind, (later, earlier), True, True)]

    def _gap_between_rates_given(
        self, reading: Reading, rates_before: list[Claim]
    ) -> list[Derivation]:
        """A gap in points whose sentence gives no rate ("The readings differ by about 0.17
        percentage points" after "6.88% on June 16 ... 6.71% in the weekly survey"): the
        spread of two of the last rates the answer gave before, either way round."""
        claim = reading.claim
        if claim.kind not in (PERCENTAGE_POINTS, BPS) or not reading.cues & {COMPARISON, CHANGE}:
            return []
        if any(
            r.sentence == reading.sentence and r.claim.kind == PERCENT
            for r in self.answer.readings[: reading.index]
        ):
            return []
        given = rates_before[-MAX_COMPARED_FIGURES:]
        return [
            d
            for a, b in itertools.combinations(given, 2)
            if a.value != b.value
            for d in cd.pairings(claim, [a, b])
            if d.kind == cd.SPREAD
        ]

    def _between_the_figures_compared(
        self, reading: Reading, found: list[_Claimed]
    ) -> list[Derivation]:
        """A difference said to be higher or lower whose sentence gives no other figure of
        its unit ("For comparison, an older article put the 2023 average at $2,150. The
        newer estimate is $164 higher."): between two of the last figures of its unit the
        answer gave before, the way its words say."""
        claim = reading.claim
        rate = claim.kind == PERCENT
        if not reading.direction or CHANGE not in reading.cues:
            return []
        if not (claim.kind in _AMOUNTS or (rate and COMPARISON in reading.cues)):
            return []
        if any(
            r.sentence == reading.sentence and r is not reading and r.claim.kind in _AMOUNTS
            for r in self.answer.readings
        ):
            return []
        # "The March 14 close was therefore about 3.0% above that level": a rate of change
        # between two amounts of one unit given before.
        given = [
            c
            for c in self._given_before(reading, found)
            if (c.kind == CURRENCY if rate else c.kind == claim.kind and c.unit == claim.unit)
        ][-MAX_COMPARED_FIGURES:]
        kind = cd.GROWTH if rate else cd.DIFFERENCE
        return [
            d
            for a, b in itertools.permutations(given, 2)
            if a.value != b.value and a.kind == b.kind and a.unit == b.unit
            for d in cd.pairings(claim, [a, b])
            if d.kind == kind
        ]

    def _between_figures(self, reading: Reading, given: list[Claim]) -> list[Derivation]:
        """A change between two of `given` of the claim's metric for two periods, later
        over earlier; where none is labelled, the last two results of the answer's own
        formulas of one unit (rates, for a change in points)."""
        claim = reading.claim
        metric = {w for w in claim.label_words if w.startswith("@")}
        given = [c for c in given if c.period and c.kind != DATE]
        named = {w for w in claim.label_words if not w.startswith(("@", "#"))}
        earlier = [
            c
            for c in given
            if c.label_words == claim.label_words
            or (metric and {w for w in c.label_words if w.startswith("@")} == metric)
            # "| Margin |" of the answer's table under "Adjusted EBITDA margin expanded":
            # a column named by part of the claim's own words.
            or (c.cell is not None and c.label_words and c.label_words <= named)
        ]
        if len({c.period for c in earlier}) < 2:
            # "- **2024:** €371,512K ÷ 1,214.7K ÷ 12 = **€25.49**": results of the answer's
            # own formulas name nothing; the last two, for two periods, of one unit.
            return self._between_results(reading, given, named=False)
        figures = cd.pair_candidates(claim, earlier)[-MAX_EARLIER_FIGURES:]
        return [d for d in cd.pairings(claim, figures) if d.oriented]

    def _between_results(
        self, reading: Reading, given: list[Claim], *, named: bool
    ) -> list[Derivation]:
        """A change between the last two of `given` of one unit for two periods (`named`:
        whatever words name them; otherwise only figures no words name)."""
        claim = reading.claim
        points = claim.kind in (PERCENTAGE_POINTS, BPS)
        results = [
            c
            for c in given
            if c.period
            and c.kind != DATE
            and (named or not c.label_words)
            and "operand" not in c.qualifiers
            and (c.kind == PERCENT) == points
        ]
        if not results:
            return []
        # The last one, and the last before it of its kind and unit for another period:
        # "| $412,506K | 10,846 | ≈ $38,033 |" over "| $388,217K | 10,312 | ≈ $37,647 |" is
        # a change between the prices, not between a count and a price.
        last = results[-1]
        before = next(
            (
                c
                for c in reversed(results[:-1])
                if c.kind == last.kind and c.unit == last.unit and c.period != last.period
            ),
            None,
        )
        if before is None:
            return []
        results = [before, last]
        figures = cd.pair_candidates(claim, results)[-MAX_EARLIER_FIGURES:]
        return [d for d in cd.pairings(claim, figures) if d.oriented]

    def _compounded(self, reading: Reading) -> ClaimVerdict | None:
        """ "6.5% in the first year and 4% in each of the next two, a compounded increase of
        about 15.2%": the rates its sentence gives before it, each applied once to three
        times, compounded (1.065 × 1.04 × 1.04 − 1)."""
        claim = reading.claim
        if claim.kind != PERCENT:
            return None
        rates = [
            r.claim
            for r in self.answer.readings[: reading.index]
            if r.sentence == reading.sentence
            and r.claim.kind == PERCENT
            and Decimal(-50) < r.claim.value < Decimal(100)
        ][-MAX_COMPOUNDED_RATES:]
        # The rates right before it: "approved by 81% of those who voted, that raises wages
        # by 6.5% this year and by 6% in each of the next two years — about 19.7%
        # compounded" compounds the last two, not the vote.
        for first in range(len(rates) - 1, -1, -1):
            run = rates[first:]
            for counts in itertools.product(range(1, 4), repeat=len(run)):
                if len(run) == 1 and counts[0] == 1:
                    continue  # one rate once is the rate itself
                value = Decimal(1)
                for rate, times in zip(run, counts, strict=True):
                    value *= (1 + rate.value / 100) ** times
                value = (value - 1) * 100
                if values.at_precision(claim.value, value, claim.precision):
                    formula = " × ".join(
                        f"(1 + {rate.text})" + (f"^{times}" if times > 1 else "")
                        for rate, times in zip(run, counts, strict=True)
                    )
                    return _derived_weakly(claim, value, f"({formula} - 1) * 100", "compounded")
        return None

    def _as_points(self, reading: Reading, found: list[_Claimed]) -> ClaimVerdict | None:
        """ "the load factor improved by 1.9 points to 84.1%": a bare figure followed by
        "points" may be percentage points (or an index's or a price's points: it is not read
        as one when written). A source's percentage-point or basis-point value of its digits
        grounds it, on weak evidence; so does the spread of two rates of its metric the
        answer gave ("| Rest of World | 6.9% | 8.9% | ... compressed by about 2.0 points")."""
        claim = reading.claim
        if claim.kind != NUMBER or not _POINTS_AFTER.match(self.answer.text, claim.end):
            return None
        points = replace_claim(claim, kind=PERCENTAGE_POINTS)
        stated = cd.matches(points, self.index)
        if stated:
            return _weakly_grounded(claim, stated[0], "points read as percentage points")
        as_points = replace(reading, claim=points)
        gives_claim = cd.DerivationTest(as_points)
        for derivation in cd.derivations(as_points, self._cited(as_points, found), self.index):
            if derivation.kind == cd.SPREAD and gives_claim(derivation):
                verdict = self._derived(claim, derivation, found, as_points)
                return replace(verdict, confidence=WEAK)
        return None

    def _counted_rows(self, reading: Reading) -> ClaimVerdict | None:
        """ "How many revenue categories exceeded $40 million in 2025?" answered "3", "How
        many inventory lines decreased from 31.12.2023 to 31.12.2024?" answered "3": the rows
        of a source table whose value for the period the question names passes its
        threshold, or whose value moved the way it says between its two periods. Total
        rows are not counted. Only a count that some such reading of the tables gives is
        grounded by it; any other is left to the rules after."""
        claim = reading.claim
        question = self.answer.question
        if (
            claim.kind not in (NUMBER, COUNT)
            or not question
            or not _HOW_MANY.search(question)
            or claim.value != claim.value.to_integral_value()
            or not 0 <= claim.value <= MAX_COUNTED_ROWS
        ):
            return None
        asked = extract_document(question)[0]
        periods = [c.period for c in asked if c.kind == DATE and c.period]
        thresholds = [c for c in asked if c.kind != DATE]
        above = _ABOVE.search(question) is not None
        below = _BELOW.search(question) is not None
        rises = _ROSE.search(question) is not None
        falls = _FELL.search(question) is not None
        if not (thresholds and (above or below)) and not (rises or falls):
            return None
        by_table: dict[tuple[str, int], list[dict[str, Claim]]] = {}
        for (source_id, table, _row), row in self.index.rows.items():
            cells: dict[str, Claim] = {}
            for source in row:
                # "Total revenue": the rows' sum, no row of its own.
                if source.kind != DATE and source.period and "total" not in source.label_words:
                    cells.setdefault(source.period, source)
            if cells:
                by_table.setdefault((source_id, table), []).append(cells)
        counts: set[int] = set()
        for table_rows in by_table.values():
            columns = sorted({p for cells in table_rows for p in cells})
            named = [p for p in columns if any(lx.periods_compatible(q, p) for q in periods)]
            # A table that states no scale may be at any: "$40 million" of cells in $'000.
            unscaled = any(not c.scale_origin for cells in table_rows for c in cells.values())
            factors = (1, 1_000, 1_000_000) if unscaled else (1,)
            if thresholds and (above or below):
                for column, limit, factor in itertools.product(
                    named or columns, thresholds, factors
                ):
                    bound = norm(limit)
                    counts.add(
                        sum(
                            1
                            for cells in table_rows
                            if column in cells
                            and (
                                norm(cells[column]) * factor > bound
                                if above
                                else norm(cells[column]) * factor < bound
                            )
                        )
                    )
            if rises or falls:
                pairs = (
                    [tuple(named)] if len(named) == 2 else list(itertools.combinations(columns, 2))
                )
                for first, second in pairs:
                    earlier, later = sorted((first, second))
                    counts.add(
                        sum(
                            1
                            for cells in table_rows
                            if earlier in cells
                            and later in cells
                            and (
                                cells[later].value > cells[earlier].value
                                if rises
                                else cells[later].value < cells[earlier].value
                            )
                        )
                    )
        if int(claim.value) not in counts:
            return None
        if not any(0 < int(claim.value) < len(table_rows) for table_rows in by_table.values()):
            return None  # none or every row: what any threshold far enough off gives
        return _derived_weakly(
            claim,
            claim.value,
            "rows of the table the question's condition holds for",
            "count of rows",
        )

    def _as_fraction(self, claim: Claim) -> ClaimVerdict | None:
        """ "$34.4 million ÷ 0.4" of a 40% stake: an operand of the answer's arithmetic
        written as a fraction of one is a percentage the sources give, in other digits; so
        is one written without its sign ("(22.7 + 24.5) / 2 = 23.6%" of rates of 22.7% and
        24.5%)."""
        if claim.kind != NUMBER or "operand" not in claim.qualifiers or not claim.value:
            return None
        for percent in (claim.value * 100, claim.value):
            for source in self.index.between(PERCENT, percent, percent):
                if source.kind == PERCENT and source.value == percent:
                    return ClaimVerdict(
                        claim=claim, outcome=GROUNDED, nearest=nearest_value(source)
                    )
        return None

    def _sum_of_its_column_above(self, claim: Claim) -> ClaimVerdict | None:
        """The last amount of a column of the answer's own table that is the sum of the
        amounts above it, as the answer writes them (parentheses negative): "| **Remaining**
        | **43,171** |" under operating cash flow, capex and buybacks. `derived` on that
        weak evidence; no verdict otherwise."""
        if claim.cell is None or claim.kind not in _AMOUNTS:
            return None
        table, row, column = claim.cell
        above, below = [], False
        for r in self.answer.readings:
            other = r.claim
            if other.cell is None or other.cell[0] != table or other.cell[2] != column:
                continue
            if other.cell[1] > row and other.kind in _AMOUNTS:
                below = True
            elif other.cell[1] < row:
                above.append(other)
        if below or not 2 <= len(above) <= MAX_COLUMN_SUM:
            return None
        if any(a.kind not in _AMOUNTS or a.scale != claim.scale for a in above):
            return None
        total = sum((a.value for a in above), Decimal(0))
        if not values.at_precision(claim.value, total, claim.precision or Decimal(1)):
            return None
        formula = " + ".join(a.text for a in above)
        return _derived_weakly(claim, total, formula, "the sum of its column above")

    def _explained_widely(
        self, reading: Reading, found: list[_Claimed], cited_figures: list[cd.Cited] | None
    ) -> ClaimVerdict | None:
        """The wider search for a formula that gives the claim, tried before anything flags
        it: pairs of the sentence's figures and the values sharing its words, the formula of
        another figure of the sentence over this period, cells of the answer's own table,
        averages the answer names, and products of the sentence's figures. A match stands
        on weak evidence (lower confidence), except a named average."""
        claim = reading.claim
        summed = self._sum_of_its_column_above(claim)
        if summed is not None:
            return summed
        cited = self._cited_around(reading, found, cited_figures)
        # "nearly 18% bigger than the $41.3 million start": a comparison says which way its
        # change goes, whichever order a wide search takes two figures in.
        gives_claim = cd.DerivationTest(
            reading, broad=True, signed=COMPARISON in reading.cues or bool(reading.direction)
        )
        matches = cd.DerivationTest(reading)
        signed = cd.DerivationTest(reading, signed=True)
        rates: list[Claim] = []

        def rates_before() -> list[Claim]:
            if not rates:  # (read once, when a rule first asks)
                given = [c for c in self._given_before(reading, found) if c.kind == PERCENT]
                rates.extend(given[-MAX_EARLIER_FIGURES:])
            return rates

        cited_list = cited_figures or []
        # The formulas each rule tries, in order, and whether a change must go the way the
        # words say; the first that gives the claim stands, on weak evidence.
        searches: tuple[tuple[Callable[[], Iterable[Derivation]], cd.DerivationTest], ...] = (
            (lambda: self._along_cited_lines(reading, cited_list), signed),
            (lambda: self._against_earlier_figures(reading, found, cited_list), signed),
            (lambda: self._between_earlier_figures(reading, found), signed),
            (lambda: self._between_the_figures_compared(reading, found), signed),
            (lambda: self._spreads_over_a_named_rate(reading, rates_before()), signed),
            (lambda: self._change_of_the_figure_before(reading, found), signed),
            (lambda: self._gap_between_rates_given(reading, rates_before()), matches),
            (lambda: self._listed_before(reading, cited_list), matches),
            (lambda: self._rate_of_the_figure_before(reading, found), matches),
            (lambda: _one_or_none(self._total_of_running_steps(reading)), matches),
            (lambda: _one_or_none(self._total_of_the_list_after(reading)), matches),
            (lambda: self._midpoints(reading), matches),
            (lambda: self._shares_of_a_whole(reading, found, cited_list), matches),
        )
        for search, gives in searches:
            for derivation in search():
                if gives(derivation):
                    verdict = self._derived(claim, derivation, found, reading)
                    return replace(verdict, confidence=WEAK)
        bound = next((o.binding for o in found if o.reading is reading), None)
        if CHANGE in reading.cues and claim.label_words and (bound is None or not bound.strong):
            # A rate of change binds no line of amounts by its own kind: the line its words
            # name, whatever kind of value it holds.
            bound = cd.bind(claim.label_words, "", cd.OPERAND, self.index, claim)
        own_line = (
            {cd.line_of(f) for f in bound.facts}
            if bound is not None and bound.strong and CHANGE in reading.cues
            else set()
        )
        arrived_at = self._levels_arrived_at(reading)
        # Formulas over the sentence's own figures alone may round as the writer did ("will
        # receive R38.5 million ... a gain of about R34 million" over R4.1 million paid):
        # a wide search over other values needs every digit.
        own = {id(x.value) for x in cited_figures or () if not x.borrowed}
        rounded = cd.DerivationTest(
            reading, signed=COMPARISON in reading.cues or bool(reading.direction)
        )
        for derivation in cd.broad_derivations(reading, self.index, cited):
            if derivation.kind == cd.SHARE_OF and norm(derivation.operands[1]) in arrived_at:
                continue
            if derivation.kind == cd.SHARE_OF and self._over_level(reading, derivation):
                continue
            if (
                own_line
                and derivation.kind in (cd.GROWTH, cd.DIFFERENCE)
                and not any(cd.line_of(o) in own_line for o in derivation.operands)
            ):
                # "the percentage change in electricity revenue": a change the words name
                # a line for is that line's, never the ethanol line's beside it.
                continue
            if cd.a_loss_named_a_profit(claim, derivation.value):
                continue
            if _a_cost_ratio_as_a_margin(claim, derivation):
                continue
            if gives_claim(derivation) or (
                all(id(o) in own for o in derivation.operands)
                and _like_its_operands(claim, derivation)
                and rounded(derivation)
            ):
                verdict = self._derived(claim, derivation, found, reading)
                return replace(verdict, confidence=WEAK)
        for derivation in self._same_formula_other_period(reading, found):
            if matches(derivation):
                self._shifted[(self._shift_of[id(derivation)], claim.period)] = claim
                verdict = self._derived(claim, derivation, found, reading)
                return replace(verdict, confidence=WEAK)
        written = self._written_other_period(reading, found) or self._written_prior_period(
            reading, found
        )
        if written is not None:
            return written
        for derivation in self._own_column(reading, found):
            if matches(derivation):
                verdict = self._derived(claim, derivation, found, reading)
                return replace(verdict, confidence=WEAK)
        for derivation in self._named_averages(reading, found):
            if matches(derivation):
                return self._derived(claim, derivation, found, reading)
        factors = self._factors(reading, found)
        for derivation in cd.products(claim, factors):
            # Both factors are the sentence's own figures: the rounding it writes will do.
            if matches(derivation):
                verdict = self._derived(claim, derivation, found, reading)
                return replace(verdict, confidence=WEAK)
        for derivation in self._rate_of_an_earlier_amount(reading, found, factors):
            if matches(derivation):
                verdict = self._derived(claim, derivation, found, reading)
                return replace(verdict, confidence=WEAK)
        for derivation in self._at_an_earlier_price(reading, found, factors):
            if matches(derivation):
                verdict = self._derived(claim, derivation, found, reading)
                return replace(verdict, confidence=WEAK)
        return (
            self._built_up(reading)
            or self._complement(reading)
            or self._real_rate(reading)
            or self._from_par(reading)
            or self._days_of_a_flow(reading)
            or self._each_of_a_total(reading)
            or self._time_to_cover(reading)
            or self._break_even_count(reading)
            or self._after_discount(reading)
            or self._change_over_implied_base(reading)
            or self._level_before_a_change(reading)
            or self._a_year_of_a_span(reading)
            or self._worded_division(reading)
            or self._per_unit_of_earlier(reading, found)
            or self._across_units(reading)
            or self._rate_of_a_named_line(reading)
            or self._gross_margin_over_its_lines(reading)
            or self._per_unit_of_lines(reading)
            or self._named_formula(reading)
            or self._converted_at_a_stated_rate(reading)
            or self._base_of_a_stated_change(reading)
        )

    def _at_an_earlier_price(
        self, reading: Reading, found: list[_Claimed], factors: list[Claim]
    ) -> list[Derivation]:
        """An amount of money that is a quantity of its sentence at a price per unit the
        answer gave before ("priced its IPO at $24 a share ... If underwriters buy another
        2.775 million shares, the offering would bring in roughly $66.6 million more")."""
        claim = reading.claim
        if claim.kind != CURRENCY:
            return []
        quantities = [f for f in factors if f.kind in (COUNT, NUMBER) and f.value > 0]
        if not quantities:
            return []
        text = self.answer.text
        prices = [
            c
            for c in self._given_before(reading, found, own_sentence=True, as_written=True)
            if c.kind == CURRENCY
            and c.unit == claim.unit
            and _PRICE_PER_UNIT_AFTER.match(text, c.end)
        ][-MAX_EARLIER_FIGURES:]
        return [
            Derivation(cd.PRODUCT, (quantity, price), False, False)
            for quantity in quantities
            for price in prices
        ]

    def _implied_by_earlier(self, reading: Reading, found: list[_Claimed]) -> ClaimVerdict | None:
        """A figure the answer says its figures imply ("the $2.65 billion ... is the
        enterprise value ..., so it implies roughly $250 million of net debt" after "values
        Linden's equity at about $2.4 billion"): the difference or the sum of two figures of
        its kind and unit the answer gave before it, `derived` weakly."""
        claim = reading.claim
        if claim.kind not in _AMOUNTS:
            return None
        start = self.answer.sentences[reading.sentence][0]
        if not _IMPLIES_BEFORE.search(self.answer.text, max(start, claim.start - 40), claim.start):
            return None
        given = [
            c
            for c in self._given_before(reading, found, own_sentence=True, as_written=True)
            if c.kind == claim.kind and c.unit == claim.unit and c.start < claim.start
        ][-MAX_EARLIER_FIGURES:]
        matches = cd.DerivationTest(reading)
        rates = [
            c
            for c in self._given_before(reading, found, own_sentence=True, as_written=True)
            if c.kind == PERCENT and 0 < c.value < 100 and c.start < claim.start
        ][-MAX_EARLIER_FIGURES:]
        for part in given:
            for rate in rates:
                # "340 jobs, about 18% of its workforce ... implies a workforce of roughly
                # 1,900": the whole a part and its share give; "sales of EUR 11.9 billion at
                # an adjusted EBIT margin of 3.1% imply adjusted EBIT of roughly EUR 370
                # million": the part a whole and its share give
                whole = part.value / (rate.value / 100)
                if values.at_precision(claim.value, whole, _hedged_place(claim)):
                    formula = f"{part.text} / {rate.text}"
                    return _derived_weakly(claim, whole, formula, "the whole a share implies")
                share = part.value * rate.value / 100
                if values.at_precision(claim.value, share, _hedged_place(claim)):
                    formula = f"{part.text} × {rate.text}"
                    return _derived_weakly(claim, share, formula, "the part a share implies")
        for a, b in itertools.combinations(given, 2):
            for derivation in (
                Derivation(
                    cd.DIFFERENCE, (a, b) if abs(a.value) >= abs(b.value) else (b, a), True, False
                ),
                Derivation(cd.SUM_OF, (a, b), True, False),
            ):
                if matches(derivation):
                    return _derived_weakly(
                        claim, derivation.value, derivation.formula, "implied by earlier figures"
                    )
        return None

    def _within_its_bound(self, reading: Reading, binding: Binding | None) -> ClaimVerdict | None:
        """A round figure given as a bound ("from over 350 reviews", "more than 1,800",
        "under $50") of a source value of its metric that the bound holds for and that lies
        within its last digit's place of it, and within a tenth (356 reviews for "over
        350"), `grounded` weakly. A bound the value breaks ("over 360") or misses by more
        ("over 300") is left to the other rules; "nearly" and "almost" are hedges, which the
        approximation rules read."""
        claim = reading.claim
        if claim.kind not in (*_AMOUNTS, COUNT) or claim.value <= 0:
            return None
        start = self.answer.sentences[reading.sentence][0]
        bound = _BOUND_BEFORE.search(self.answer.text, max(start, claim.start - 24), claim.start)
        if bound is None:
            return None
        above = bound.group("above") is not None
        value = norm(claim)
        pools: list[Claim] = []
        if binding is not None and binding.strong:
            pools.extend(binding.in_period or binding.facts)
        # Values near it whose line shares a word of its own or of the noun after it ("350
        # reviews" and `review_count`).
        words = labels.without_metrics(claim.label_words | reading.after_label)
        pools.extend(s for s in self.index.near(claim.kind, value) if words & s.label_words)
        for source in pools:
            if source.kind == DATE or not cd.kind_compatible(claim, source):
                continue
            real = norm(source)
            inside = value < real if above else real < value
            slack = min(cd.last_digit_place(claim) * (claim.scale or 1), value * BOUND_SLACK)
            if inside and abs(real - value) <= slack:
                return _weakly_grounded(claim, source, "the value lies within the bound it states")
        return None

    def _in_another_unit_of_time(self, reading: Reading) -> ClaimVerdict | None:
        """An amount per year restated per month, week, quarter or day, or the other way
        round ("about $61 a year, or roughly $5 a month": 61 / 12): the figure of its kind
        and unit before it in its sentence, per its own unit of time, `derived` weakly."""
        claim = reading.claim
        if claim.kind not in _AMOUNTS:
            return None
        text = self.answer.text
        mine = _PER_TIME_AFTER.match(text, claim.end)
        if mine is None:
            return None
        start = self.answer.sentences[reading.sentence][0]
        for other in reversed(self._claims_of(reading.sentence)):
            if other.start >= claim.start or other.start < start:
                continue
            if other.kind != claim.kind or other.unit != claim.unit:
                continue
            theirs = _PER_TIME_AFTER.match(text, other.end)
            if theirs is None:
                continue
            from_unit, to_unit = _time_unit(theirs), _time_unit(mine)
            if from_unit == to_unit:
                continue
            value = other.value * _PER_YEAR_IN[from_unit] / _PER_YEAR_IN[to_unit]
            if values.at_precision(claim.value, value, claim.precision or Decimal(1)):
                formula = f"{other.text} a {from_unit} in {to_unit}s"
                return _derived_weakly(claim, value, formula, "another unit of time")
        return None

    def _product_in_a_source_sentence(
        self, reading: Reading, of: Claim | None = None
    ) -> ClaimVerdict | None:
        """An amount the sources give as the product of two figures of one sentence: a share
        of a whole ("Turnout was 38 per cent of the city's 241,000 registered voters" for
        "about 92,000 people voted"), or a count at a value per unit ("granted 1.42 million
        restricted stock units with a weighted-average grant-date fair value of $96.18 per
        unit" for "a total grant-date fair value of about $136.6 million"). `derived` weakly.
        `of`: only a share of that value."""
        claim = reading.claim
        if claim.kind not in _AMOUNTS or claim.value <= 0:
            return None
        for rate, amount in self._products_in_sentences():
            if of is not None and (amount is not of or rate.kind != PERCENT):
                continue
            value = rate.value * amount.value / (100 if rate.kind == PERCENT else 1)
            if claim.kind == CURRENCY and CURRENCY not in (rate.kind, amount.kind):
                continue
            if values.at_precision(claim.value, value, claim.precision or Decimal(1)):
                formula = f"{rate.text} × {amount.text}"
                return _derived_weakly(claim, value, formula, "a product its source gives")
        return None

    def _products_in_sentences(self) -> list[tuple[Claim, Claim]]:
        """Pairs of one source sentence whose product is an amount: a percentage and an
        amount, or money per unit and a count. Read once per answer."""
        if self._source_products is not None:
            return self._source_products
        out: list[tuple[Claim, Claim]] = []
        by_source: dict[str, list[Claim]] = {}
        for c in self.index.claims:
            if c.cell is None and c.kind != DATE and c.source_id:
                by_source.setdefault(c.source_id, []).append(c)
        for source_id, claims in by_source.items():
            text = self.index.texts.get(source_id, "")
            if len(text) > MAX_PRODUCT_SOURCE_CHARS:
                continue
            bounds = clauses.sentence_bounds(text)
            starts = [s for s, _e in bounds]
            groups: dict[int, list[Claim]] = {}
            for c in claims:
                groups.setdefault(bisect.bisect_right(starts, c.start) - 1, []).append(c)
            for members in groups.values():
                for a, b in itertools.permutations(members, 2):
                    per_unit = a.kind == CURRENCY and (
                        "per_share" in a.qualifiers
                        or _PRICE_PER_UNIT_AFTER.match(text, a.end) is not None
                    )
                    share = (
                        a.kind == PERCENT
                        and 0 < a.value < 100
                        and b.kind in _AMOUNTS
                        # "rise 12.5% from $440 million": a rate of change, no share
                        and not _CHANGE_BEFORE_RATE.search(text, max(0, a.start - 30), a.start)
                        and not _CHANGE_AFTER_RATE.match(text, a.end)
                    )
                    if share or (per_unit and b.kind in (NUMBER, COUNT)):
                        out.append((a, b))
                if len(out) > MAX_SOURCE_PRODUCTS:
                    break
        # "November 1 - November 30, 2023   1,138,115   $ 78.60": a row's count of units at
        # its price per unit, as an issuer-purchases table gives shares bought and the
        # average price paid per share.
        by_period: dict[tuple[str, int, str], list[Claim]] = {}
        for c in self.index.claims:
            if c.cell is not None and c.period and c.kind != DATE:
                by_period.setdefault((c.source_id, c.cell[0], c.period), []).append(c)
        for row in by_period.values():
            if len(out) > MAX_SOURCE_PRODUCTS:
                break
            prices = [c for c in row if "per_share" in c.qualifiers and c.value > 0]
            if len(prices) != 1:
                continue
            counts = {
                c.value: c
                for c in row
                if c.kind in (NUMBER, COUNT)
                and "per_share" not in c.qualifiers
                and c.value > prices[0].value
                and c.scale in (None, 1)
            }
            out.extend((replace(prices[0], kind=CURRENCY), c) for c in counts.values())
        self._source_products = out[:MAX_SOURCE_PRODUCTS]
        return self._source_products

    def _cents_on_the_dollar(self, reading: Reading) -> ClaimVerdict | None:
        """A rate restated as cents on each dollar ("the bank spent roughly 59 cents to
        generate each dollar of revenue" after an efficiency ratio of 59.35%): a percentage
        the answer gave before, in cents, `derived` weakly at the claim's precision."""
        claim = reading.claim
        if claim.kind != CURRENCY or claim.value >= 1 or claim.value <= 0:
            return None
        if not _EACH_DOLLAR.search(self.answer.text, claim.end, claim.end + 60):
            return None
        cents = claim.value * 100
        precision = (claim.precision or Decimal("0.01")) * 100
        for other in self.answer.readings[: reading.index]:
            rate = other.claim
            if rate.kind == PERCENT and values.at_precision(cents, abs(rate.value), precision):
                return _derived_weakly(claim, rate.value / 100, rate.text, "cents on the dollar")
        return None

    def _in_cents_on_the_dollar(self, claim: Claim) -> ClaimVerdict | None:
        """An amount in cents that a source gives in cents on the dollar, which it reads as a
        rate ("The 2029 bonds rose 2.1 cents to 68.4 cents" against "to 68.4 cents on the
        dollar"): the same figure, grounded with a lower confidence."""
        if claim.kind != CURRENCY or claim.scale != _CENT or not 0 < claim.value < 10:
            return None
        cents = claim.value * 100
        half = (claim.precision or _CENT) * 50
        for source in self.index.between(PERCENT, cents - half, cents + half):
            if "cent" in source.text or "¢" in source.text:
                return _weakly_grounded(claim, source, "the sources give it in cents on the dollar")
        return None

    def _named_formula(self, reading: Reading) -> ClaimVerdict | None:
        """A figure after a formula of names on its line ("| **CCC = DSO + DIO − DPO** | |
        **≈ 66.6 days** |", "Net debt = Borrowings − Cash: £1.2 billion"), each name that of
        a figure the answer gave before: that sum, `derived` weakly when it gives the claim at
        its precision (at the figures' unrounded values where the answer worked them out)."""
        claim = reading.claim
        text = self.answer.text
        if claim.kind not in (*_AMOUNTS, PERCENT, RATIO) or "=" not in text:
            return None
        line = text.rfind("\n", 0, claim.start) + 1
        formula = _NAMED_FORMULA.search(text, line, claim.start)
        if formula is None:
            return None
        terms = _NAMED_TERM.findall(formula.group("terms"))
        kinds = (NUMBER, COUNT) if claim.kind in (NUMBER, COUNT) else (claim.kind,)
        earlier = [r for r in self.answer.readings[: reading.index] if r.claim.kind in kinds]
        total, total_written, used = Decimal(0), Decimal(0), set()
        for sign, name in terms:
            words = labels.label_words(name)
            named = [r for r in earlier if words and words <= r.claim.label_words]
            if not named or named[-1].index in used:
                return None
            figure = named[-1]
            used.add(figure.index)
            value = self._exact.get(figure.index, figure.claim.value)
            negative = sign.strip() in ("-", "−", "–")
            total += -value if negative else value
            total_written += -figure.claim.value if negative else figure.claim.value
        precision = claim.precision or Decimal(1)
        for value in (total, total_written):
            if values.at_precision(claim.value, value, precision):
                return _derived_weakly(
                    claim, value, formula.group("terms").strip(), "named formula"
                )
        return None

    def _built_up(self, reading: Reading) -> ClaimVerdict | None:
        """The last line of a list the answer builds a figure up in, one figure a line:
        "- Operating profit: £1,934 / - Add depreciation: £412 / - Less cash: £(2,146) /
        - **Net debt = £200 million**". The signed sum of the lines before it in the list
        (`less`, `minus`, `deduct` or a negative figure subtract), `derived` weakly when it
        gives the claim at its precision."""
        claim = reading.claim
        text = self.answer.text
        if claim.kind not in _AMOUNTS:
            return None
        start = text.rfind("\n", 0, claim.start) + 1
        if not _LIST_ITEM.match(text, start):
            return None
        by_line: dict[int, list[Claim]] = {}
        for other in self.answer.readings[: reading.index]:
            c = other.claim
            if c.kind in _AMOUNTS:
                by_line.setdefault(text.rfind("\n", 0, c.start) + 1, []).append(c)
        parts: list[Claim] = []
        end = start - 1
        while end > 0 and len(parts) < MAX_LIST_ITEMS * 2:
            line = text.rfind("\n", 0, end) + 1
            item = _LIST_ITEM.match(text, line)
            figures = by_line.get(line, [])
            if item is None or len(figures) != 1 or figures[0].unit != claim.unit:
                break
            figure = figures[0]
            if figure.value < 0 or _SUBTRACTED.match(text, item.end()):
                figure = replace_claim(figure, value=-abs(figure.value))
            parts.append(figure)
            end = line - 1
        if len(parts) < 2:
            return None
        total = sum(p.value for p in parts)
        if not values.at_precision(claim.value, total, claim.precision or Decimal(1)):
            return None
        formula = " + ".join(p.text for p in reversed(parts))
        return _derived_weakly(claim, total, formula, "list built up")

    def _time_to_cover(self, reading: Reading) -> ClaimVerdict | None:
        """ "£38 million a year against £52 million of one-off costs, so the programme
        should pay for itself in roughly 16 months": a span of time that is one amount of
        its sentence (or the two before) over an annual amount of the same currency, in
        that unit of time (52 / 38 × 12). `derived`, weakly, when that gives the claim at
        its precision."""
        claim = reading.claim
        if claim.kind not in (NUMBER, COUNT) or not claim.value:
            return None
        unit = _TIME_UNIT_AFTER.match(self.answer.text, claim.end)
        start = self.answer.sentences[max(0, reading.sentence - 2)][0]
        end = self.answer.sentences[reading.sentence][1]
        if unit is None or not _ANNUAL.search(self.answer.text, start, end):
            return None
        per_year = _PER_YEAR[unit.group(1).lower()]
        amounts = [
            c for c in self._claims_around(reading, 2) if c.kind == CURRENCY and c.value > 0
        ][:MAX_LIST_ITEMS]
        text = self.answer.text
        # The amount a year is the one its words call annual, right before or after it.
        annual = [
            a
            for a in amounts
            if _ANNUAL.search(text, max(start, a.start - 30), a.start)
            or _A_YEAR_AFTER.match(text, a.end)
        ]
        for cost, saving in itertools.product(amounts, annual):
            if cost is saving or cost.unit != saving.unit or cost in annual:
                continue
            value = cost.value / saving.value * per_year
            if values.at_precision(claim.value, value, claim.precision or Decimal(1)):
                formula = f"{cost.text} / {saving.text} × {per_year}"
                return _derived_weakly(claim, value, formula, "time to cover")
        return None

    def _break_even_count(self, reading: Reading) -> ClaimVerdict | None:
        """ "The member saves $6.48 per session, so the membership pays for itself after
        about 2.0 such sessions a month" after "$12.99 a month": a count of uses after which
        a cost is covered: an amount of the last few sentences over a smaller one of the
        claim's own sentence before it (the saving), `derived` weakly when that gives the
        claim at its precision."""
        claim = reading.claim
        if claim.kind not in (NUMBER, COUNT) or not claim.value:
            return None
        start = self.answer.sentences[reading.sentence][0]
        if not _BREAK_EVEN_BEFORE.search(
            self.answer.text, max(start, claim.start - 60), claim.start
        ):
            return None
        # The cost may be priced a few sentences up ("membership is $12.99 a month"), the
        # saving in the claim's own sentence: its amounts and the last few before them.
        amounts = [
            c
            for c in self._claims_around(reading, BREAK_EVEN_SENTENCES, before_it=True)
            if c.kind == CURRENCY and c.value > 0
        ][-MAX_BREAK_EVEN_AMOUNTS:]
        own = [c for c in self._claims_of(reading.sentence) if c.start < claim.start]
        savings = [c for c in amounts if c in own]
        for cost, saving in itertools.product(amounts, savings):
            if cost.unit != saving.unit or cost.value <= saving.value:
                continue
            value = cost.value / saving.value
            if values.at_precision(claim.value, value, claim.precision or Decimal(1)):
                formula = f"{cost.text} / {saving.text}"
                return _derived_weakly(claim, value, formula, "break-even count")
        return None

    def _exchange_rates(self) -> list[tuple[str, str, Claim]]:
        """The exchange rates the answer and the sources state, each as (the currency it is
        in, the currency one unit of which it buys, the rate): "HTG 131.45 per US dollar"
        is (HTG, USD, 131.45); "€1 = US$1.08" is (USD, EUR, 1.08)."""
        if self._rates is None:
            found: list[tuple[str, str, Claim]] = []
            texts = [(self.answer.text, [r.claim for r in self.answer.readings])]
            texts += [
                (self.index.texts.get(sid, ""), claims)
                for sid, claims in self._money_by_source().items()
            ]
            for text, claims in texts:
                found += _rates_in(text, claims)
            self._rates = found[:MAX_RATES]
        return self._rates

    def _money_by_source(self) -> dict[str, list[Claim]]:
        """The sources' amounts of money in a named currency, by source, read once."""
        if self._money is None:
            self._money = {}
            for c in self.index.claims:
                if c.kind == CURRENCY and c.unit and c.value:
                    self._money.setdefault(c.source_id, []).append(c)
        return self._money

    def _base_of_a_stated_change(self, reading: Reading) -> ClaimVerdict | None:
        """The level a change in the sources left, which their rate and the level it
        reached imply ("carried 41.2 million passengers in 2024, 6% more than in 2023":
        about 38.9 million in 2023): an amount of the claim's kind whose sentence dates it
        or names an earlier time, `derived` weakly at its precision."""
        claim = reading.claim
        if claim.kind not in _AMOUNTS or not claim.value:
            return None
        sentence_start, sentence_end = self.answer.sentences[reading.sentence]
        if not (
            claim.period
            or reading.base
            or _EARLIER_WORDS.search(self.answer.text, sentence_start, sentence_end)
        ):
            return None
        place = cd.hedged_precision(claim)
        self._order_sources()
        assert self._source_order is not None
        for rate, start, end, way in self._stated_changes():
            factor = 1 + way * rate.value / 100
            starts, ordered = self._source_order.get(rate.source_id, ([], []))
            first = bisect.bisect_left(starts, start)
            last = bisect.bisect_left(starts, end)
            for level in ordered[first:last]:
                if (
                    level.kind != claim.kind
                    or (claim.unit and level.unit and level.unit != claim.unit)
                    or (claim.period and level.period == claim.period)
                ):
                    continue
                value = abs(level.value) / factor
                if values.at_precision(abs(claim.value), value, place):
                    sign = "+" if way > 0 else "-"
                    formula = f"{level.text} / (1 {sign} {rate.text})"
                    return _derived_weakly(claim, value, formula, "level before a stated change")
        return None

    def _stated_changes(self) -> list[tuple[Claim, int, int, int]]:
        """The sources' rates whose words say which way their line went, each with where
        its sentence starts and ends and the way (+1, -1), read once."""
        if self._changes is None:
            self._changes = []
            rates = [c for c in self.index.claims if c.kind == PERCENT and 0 < c.value < 100]
            for rate in rates[:MAX_STATED_RATES]:
                text = self.index.texts.get(rate.source_id, "")
                start, end = self._source_sentence(rate)
                around = text[max(start, rate.start - 30) : min(end, rate.end + 20)]
                way = _stated_direction(around)
                if way:
                    self._changes.append((rate, start, end, way))
        return self._changes

    def _ordinal_in_words(self, claim: Claim) -> ClaimVerdict | None:
        """ "1st", "3rd" where a source writes the ordinal as a word ("the first checked
        bag", "its third straight quarter"): grounded on that word."""
        word = _ORDINAL_WORDS.get(int(claim.value)) if claim.value == int(claim.value) else None
        if word is None:
            return None
        pattern = re.compile(rf"\b{word}\b", re.IGNORECASE)
        for source_id, text in self.index.texts.items():
            found = pattern.search(text)
            if found is not None:
                return ClaimVerdict(
                    claim=claim,
                    outcome=GROUNDED,
                    nearest=NearestValue(
                        text=found.group(),
                        value=claim.value,
                        source_id=source_id,
                        start=found.start(),
                        end=found.end(),
                    ),
                    details={"reason": "the ordinal is written in words"},
                )
        return None

    def _converted_at_a_stated_rate(self, reading: Reading) -> ClaimVerdict | None:
        """An amount of money in one currency that is an amount the answer or the sources
        give in another at an exchange rate they state ("US$ 96.3 million ... at the
        reference rate of HTG 131.45 per dollar, ... roughly HTG 12.66 billion"), at the
        claim's precision: `derived` weakly."""
        claim = reading.claim
        if claim.kind != CURRENCY or not claim.unit or not claim.value:
            return None
        rates = [r for r in self._exchange_rates() if claim.unit in r[:2]]
        if not rates:
            return None
        place = cd.hedged_precision(claim)
        amounts = [r.claim for r in self.answer.readings] + [
            c for claims in self._money_by_source().values() for c in claims
        ]
        for quoted, base, rate in rates:
            if rate.start == claim.start and rate.text == claim.text:
                continue  # the rate itself ("₹83.37 = US$1.00") is no converted amount
            other = base if claim.unit == quoted else quoted
            for amount in amounts[:MAX_CONVERTED]:
                if amount.kind != CURRENCY or amount.unit != other or amount.value == 1:
                    continue  # (one unit of a currency is the rate's other side)
                if claim.unit == quoted:
                    value, sign = amount.value * rate.value, "×"
                else:
                    value, sign = amount.value / rate.value, "÷"
                if values.at_precision(claim.value, value, place):
                    formula = f"{amount.text} {sign} {rate.text}"
                    return _derived_weakly(claim, value, formula, "converted at a stated rate")
        return None

    def _after_discount(self, reading: Reading) -> ClaimVerdict | None:
        """ "TollTag users keep their 20% discount, so a car trip ... will cost about
        $4.08" after "$5.10": an amount of its sentence or the one before less (or plus) a
        rate its sentence calls a discount (or a markup, a surcharge, a tax)."""
        claim = reading.claim
        if claim.kind != CURRENCY or not claim.value:
            return None
        start, end = self.answer.sentences[reading.sentence]
        found = _DISCOUNT.search(self.answer.text, start, end)
        if found is None:
            return None
        sign = -1 if found.group(1) else 1
        nearby = self._claims_around(reading, 1)
        rates = [c for c in nearby if c.kind == PERCENT and 0 < c.value < 100]
        prices = [c for c in nearby if c.kind == CURRENCY and c.unit == claim.unit and c.value]
        for rate in rates[:MAX_LIST_ITEMS]:
            for price in prices[:MAX_LIST_ITEMS]:
                value = price.value * (1 + sign * rate.value / 100)
                if values.at_precision(claim.value, value, claim.precision or Decimal(1)):
                    formula = f"{price.text} × (1 {'-' if sign < 0 else '+'} {rate.text})"
                    return _derived_weakly(claim, value, formula, "discount or markup")
        return None

    def _change_over_implied_base(self, reading: Reading) -> ClaimVerdict | None:
        """ "paying 38.5 cent a litre for May milk, down 2.5 cent or about 6.1%": a rate of
        change right after the amount of the change, over the level it left, which the
        sentence implies (38.5 + 2.5 for a fall, the level less the change for a rise)."""
        claim = reading.claim
        if claim.kind != PERCENT or CHANGE not in reading.cues or not reading.direction:
            return None
        before = [c for c in self._claims_around(reading, 0, before_it=True) if c.kind in _AMOUNTS]
        if len(before) < 2:
            return None
        # The change and the level among its last three figures, in either order ("will
        # make 60,000 cubic metres a day, taking the island's capacity to 142,000 - roughly
        # 73% more than today": 60,000 / (142,000 - 60,000)).
        recent = before[-3:]
        for change, level in itertools.permutations(recent, 2):
            if level.unit != change.unit or level.kind != change.kind:
                continue
            if abs(change.value) >= abs(level.value):
                continue
            base = abs(level.value) + abs(change.value) * (1 if reading.direction < 0 else -1)
            if base <= 0:
                continue
            value = abs(change.value) / base * 100
            if values.at_precision(abs(claim.value), value, claim.precision or Decimal(1)):
                formula = f"{change.text} / ({level.text} {'+' if reading.direction < 0 else '-'} {change.text})"
                return _derived_weakly(claim, value, formula, "change over its implied base")
        return None

    def _level_before_a_change(self, reading: Reading) -> ClaimVerdict | None:
        """The level a change left, which a rate and the level it reached imply ("shares
        slumped 14.6% to A$3.86, implying a previous close of about A$4.52": 3.86 / (1 -
        0.146)): an amount its words call earlier, after a rate with a direction and an
        amount of its unit in its sentence, `derived` weakly at its precision."""
        claim = reading.claim
        text = self.answer.text
        if claim.kind != CURRENCY or not (
            _EARLIER_LEVEL.search(text, max(0, claim.start - 40), claim.start)
            # "meaning it was trading at about $12.07 before the news"
            or _BEFORE_IT_AFTER.match(text, claim.end)
        ):
            return None
        start = self.answer.sentences[reading.sentence][0]
        before = [r for r in self.answer.readings[: reading.index] if r.claim.start >= start]
        rates = [r for r in before if r.claim.kind == PERCENT and r.direction]
        levels = [
            r.claim for r in before if r.claim.kind == CURRENCY and r.claim.unit == claim.unit
        ]
        for rate in rates:
            factor = 1 + rate.direction * abs(rate.claim.value) / 100
            for level in levels:
                if factor <= 0 or level.start < rate.claim.start:
                    continue
                value = abs(level.value) / factor
                if values.at_precision(abs(claim.value), value, claim.precision or Decimal(1)):
                    sign = "+" if rate.direction > 0 else "-"
                    formula = f"{level.text} / (1 {sign} {rate.claim.text})"
                    return _derived_weakly(claim, value, formula, "level before the change")
        return None

    def _worded_division(self, reading: Reading) -> ClaimVerdict | None:
        """A quotient the sentence spells out before its figure ("Dividing the equity value
        of about CHF 1.42 billion by the CHF 86.50 offer price implies roughly 16.4 million
        shares"): the first figure after "dividing" over the first after "by", `derived`
        weakly at the claim's precision."""
        claim = reading.claim
        text = self.answer.text
        if claim.kind not in (*_AMOUNTS, RATIO):
            return None
        start = self.answer.sentences[reading.sentence][0]
        dividing = _DIVIDING.search(text, start, claim.start)
        end = claim.start
        if dividing is None and reading.sentence + 1 < len(self.answer.sentences):
            # "... is 24.26. This is calculated by dividing total net revenues ($6,489
            # million) by average property and equipment, net ((253 + 282) / 2 = $267.5
            # million).": the working the next sentence says the figure came from.
            start, end = self.answer.sentences[reading.sentence + 1]
            dividing = _CALCULATED_BY_DIVIDING.match(text, start, end)
        if dividing is None:
            return None
        figures = [
            r.claim
            for r in self.answer.readings
            if dividing.end() <= r.claim.start < end
            and r.claim.kind in (*_AMOUNTS, RATIO)
            and "operand" not in r.claim.qualifiers
        ]
        by = text.find(" by ", dividing.end(), end)
        over = [f for f in figures if f.start < by]
        under = [f for f in figures if f.start > by]
        if by < 0 or not over or not under or not under[0].value:
            return None
        value = abs(over[0].value / under[0].value)
        if values.at_precision(abs(claim.value), value, claim.precision or Decimal(1)):
            self._exact[reading.index] = value  # what a later figure takes a share of
            formula = f"{over[0].text} / {under[0].text}"
            return _derived_weakly(claim, value, formula, "division spelled out")
        return None

    def _a_year_of_a_span(self, reading: Reading) -> ClaimVerdict | None:
        """An amount a year over a span of years its sentence names ("$2.1 billion on grid
        modernization from 2025 through 2027, about $700 million a year"): an amount of its
        unit before it over the span's count of years, `derived` weakly at its precision."""
        claim = reading.claim
        text = self.answer.text
        if claim.kind != CURRENCY or not _A_YEAR_AFTER.match(text, claim.end):
            return None
        start = self.answer.sentences[reading.sentence][0]
        span = _YEAR_SPAN.search(text, start, claim.start)
        if span is None:
            return None
        years = int(span.group(2)) - int(span.group(1)) + 1
        if not 2 <= years <= 30:
            return None
        for other in self.answer.readings[: reading.index]:
            amount = other.claim
            if amount.start < start or amount.kind != CURRENCY or amount.unit != claim.unit:
                continue
            value = abs(amount.value) / years
            if values.at_precision(abs(claim.value), value, claim.precision or Decimal(1)):
                formula = f"{amount.text} / {years} years ({span.group()})"
                return _derived_weakly(claim, value, formula, "a year of a span")
        return None

    def _per_unit_of_earlier(self, reading: Reading, found: list[_Claimed]) -> ClaimVerdict | None:
        """ "That works out at roughly £2.47 per affected customer" after "£8.4 million" and
        "3.4 million customers": an amount per unit, alone in its sentence, over an amount
        and a count the answer gave before."""
        claim = reading.claim
        per = _PER_UNIT_AFTER.match(self.answer.text, claim.end)
        if claim.kind != CURRENCY or per is None:
            return None
        given = self._given_before(reading, found)
        if any(c.kind != DATE for c in self._claims_around(reading, 0)):
            # "a $312 million provision ... (roughly $1,096 per recalled vehicle)": the
            # sentence's amount over a count of that unit the answer gave, wherever.
            unit = labels.stem(per.group().split()[-1].lower())
            amounts = [
                c
                for c in self._claims_around(reading, 0)
                if c.kind == CURRENCY and c.unit == claim.unit and c.value and c.end <= claim.start
            ]
            counts = [c for c in given if c.kind in (COUNT, NUMBER) and self._counts(c, unit)]
        else:
            amounts = [c for c in given if c.kind == CURRENCY and c.unit == claim.unit and c.value]
            counts = [c for c in given if c.kind in (COUNT, NUMBER) and c.value > 1]
        for amount in amounts[-MAX_LIST_ITEMS:]:
            for count in counts[-MAX_LIST_ITEMS:]:
                value = amount.value / count.value
                if values.at_precision(claim.value, value, claim.precision or Decimal(1)):
                    return _derived_weakly(
                        claim, value, f"{amount.text} / {count.text}", "per unit"
                    )
        return None

    def _counts(self, figure: Claim, unit: str) -> bool:
        """The answer writes the unit within three words after the figure ("284,610 U.S.
        vehicles" counts vehicles)."""
        after = _WORDS_AFTER.match(self.answer.text, figure.end)
        return (
            figure.value > 1
            and after is not None
            and any(labels.stem(word.lower()) == unit for word in after.group().split()[:3])
        )

    def _across_units(self, reading: Reading) -> ClaimVerdict | None:
        """ "2.1 tonnes ... €3,400 a kilo ... worth roughly €7.14 million", "2.1 tonnes from
        830 hectares ... about 2.5 kilos per hectare": a product or quotient of two figures of
        its sentence and the two before, one of them converted between the larger and the
        smaller unit of a measure both named there (tonnes and kilos, megawatts and
        kilowatts or watts, gigawatt-hours and megawatt-hours), a thousand times over."""
        claim = reading.claim
        if claim.kind not in _AMOUNTS or not claim.value:
            return None
        start = self.answer.sentences[max(0, reading.sentence - 2)][0]
        end = self.answer.sentences[reading.sentence][1]
        text = self.answer.text
        converted: list[Claim] = []
        figures = [c for c in self._claims_around(reading, 2) if c.kind in _AMOUNTS and c.value][
            :MAX_LIST_ITEMS
        ]
        for larger, smaller in _UNIT_PAIRS:
            if not (larger.search(text, start, end) and smaller.search(text, start, end)):
                continue
            for figure in figures:
                if larger.match(text, figure.end):
                    # "2.1 tonnes" is 2,100 kilos
                    converted.append(replace_claim(figure, value=figure.value * 1000))
        if not converted:
            return None
        precision = claim.precision or Decimal(1)
        for big in converted:
            for other in figures:
                if other.start == big.start:
                    continue
                for value, formula in (
                    (big.value * other.value, f"{big.text} × 1,000 × {other.text}"),
                    (big.value / other.value, f"{big.text} × 1,000 / {other.text}"),
                ):
                    if values.at_precision(claim.value, value, precision):
                        return _derived_weakly(claim, value, formula, "across units")
        return None

    def _units_at_their_price(self, claim: Claim) -> ClaimVerdict | None:
        """A count of units times the price per unit beside it in a table (the same period
        of the same table: a repurchase table's shares and average price paid), `derived`
        weakly when it gives the amount at its precision."""
        if self._priced_cells is None:
            cells = [c for c in self.index.claims if c.cell is not None and c.value > 0]
            prices = [
                c for c in cells if c.kind == CURRENCY and "pric" in c.label_words | c.header_words
            ][:MAX_PRICED_CELLS]
            self._priced_cells = [
                (price, count)
                for price in prices
                for count in cells
                if count.kind in (NUMBER, COUNT)
                and count.value > 1
                and count.source_id == price.source_id
                and count.cell[0] == price.cell[0]  # type: ignore[index]
                and count.cell[2] == price.cell[2]  # type: ignore[index]
            ][: MAX_PRICED_CELLS * MAX_PRICED_CELLS]
        place = _hedged_place(claim)
        for price, count in self._priced_cells:
            if price.unit and claim.unit and price.unit != claim.unit:
                continue
            value = price.value * count.value
            if values.at_precision(claim.value, value, place):
                formula = f"{count.text} × {price.text.strip()}"
                return _derived_weakly(claim, value, formula, "units at their price")
        return None

    def _per_unit_of_lines(self, reading: Reading) -> ClaimVerdict | None:
        """A figure per unit of what a source line counts ("revenue per passenger carried",
        "| Excise tax / barrel | $20.51 |", "3.8 tonnes per hectare", "US$4,255 a tonne", a
        bare answer to "What was the revenue per tonne sold?"): a value of a line its other
        words name (or of the unit written after it; for money no word names, any amount of
        its currency) over a value of a line that counts the unit, for one period."""
        claim = reading.claim
        if claim.kind not in _AMOUNTS or not claim.value:
            return None
        if len(claim.value.normalize().as_tuple().digits) < MIN_PER_UNIT_DIGITS:
            return None
        text = self.answer.text
        line_start = text.rfind("\n", 0, claim.start) + 1
        before = text[max(line_start, claim.start - PER_UNIT_REACH) : claim.start]
        after = text[claim.end : claim.end + PER_UNIT_REACH]
        own_unit = _OWN_UNIT.match(after)
        found = _PER_LINE_UNIT.search(before) or _A_UNIT_AFTER.match(after)
        after_own = _PER_LINE_UNIT.match(after, own_unit.end()) if own_unit is not None else None
        if found is None and after_own is None and len(self.answer.readings) <= 2:
            # A bare figure: the unit its question asks about.
            found = _PER_LINE_UNIT.search(self.answer.question[:PER_UNIT_QUESTION_CHARS])
        unit_words = (after_own or found).group(1) if (after_own or found) else ""
        if not unit_words or unit_words.split()[0].lower() in _NOT_A_UNIT:
            return None
        unit = _unit_names(labels.label_words(unit_words))
        if not unit:
            return None
        named = claim.label_words - unit
        if after_own is not None and own_unit is not None:
            # "3.8 tonnes per hectare": over a line of tonnes, whatever the figure's name.
            named = _unit_names(labels.label_words(own_unit.group(1))) - unit
        if not named:
            return None
        counts = [
            c
            for c in self.index.sharing_words(unit, limit=PER_UNIT_POOL)
            if c.kind in (NUMBER, COUNT)
            and c.value > 0
            and _unit_names(c.label_words | c.header_words) & unit
        ]
        amounts = [
            c
            for c in self.index.sharing_words(named, limit=PER_UNIT_POOL)
            if c.kind in _AMOUNTS
            and c.value
            and not _unit_names(c.label_words | c.header_words) & unit
        ]
        if counts and not amounts and claim.kind == CURRENCY:
            # "The largest lot was pricier, at roughly US$4,255 a tonne": the money is named
            # by no word the figure shares; any amount of its currency may be the numerator.
            amounts = [
                c
                for c in self.index.claims
                if c.kind == CURRENCY and c.value > 0 and not cd.other_currency(claim, c)
            ][:PER_UNIT_POOL]
        if not counts or not amounts:
            return None
        gives_claim = cd.DerivationTest(reading)
        for amount in amounts:
            for count in counts:
                if amount.period and count.period and amount.period != count.period:
                    continue
                period = amount.period or count.period
                if claim.period and period and not lx.periods_compatible(claim.period, period):
                    continue
                derivation = cd.Derivation(cd.RATIO_OF, (amount, count), False, False)
                if gives_claim(derivation):
                    verdict = self._derived(claim, derivation, [], reading)
                    return replace(verdict, confidence=WEAK)
        return None

    def _rate_of_a_named_line(self, reading: Reading) -> ClaimVerdict | None:
        """ "a concession fee of 12.5% of revenue" in a source, and "the concession fee came to
        about MZN 2,468 million": an amount the sources define as a rate of another line,
        that rate times the line's value for the claim's period (its only value when the
        claim names none)."""
        claim = reading.claim
        words = {w for w in claim.label_words if not w.startswith(("@", "#"))}
        if claim.kind != CURRENCY or len(words) < 2:
            return None
        for rate in self.index.between(PERCENT, Decimal(0), Decimal(100))[:MAX_POOL_RATES]:
            if rate.kind != PERCENT or len(words & rate.label_words) < 2:
                continue
            text = self.index.texts.get(rate.source_id, "")
            of = _OF_LINE.match(text, rate.end)
            if of is None:
                continue
            line_words = labels.label_words(of.group(1))
            periods = [claim.period] if claim.period else []
            for line in cd.operands_for(line_words, periods, self.index, named=True)[:2]:
                if line.kind != CURRENCY or cd.other_currency(claim, line):
                    continue
                value = rate.value / 100 * line.value
                if values.at_precision(claim.value, value, claim.precision or Decimal(1)):
                    return _derived_weakly(
                        claim, value, f"{rate.text} × {line.text}", "rate of a named line"
                    )
        return None

    def _share_of_a_named_line(self, reading: Reading) -> ClaimVerdict | None:
        """An amount that is a stated share of a line its sentence names ("Calder Rock's 40%
        share of Tidewater's 2024 net income was about $33.8 million"): the rate times the
        line's value for the claim's period, `derived` weakly when that gives the claim."""
        claim = reading.claim
        if claim.kind != CURRENCY:
            return None
        start = self.answer.sentences[reading.sentence][0]
        share = _RATE_SHARE_OF.search(self.answer.text, start, claim.start)
        if share is None:
            return None
        rate = values.evaluate(share.group(1))
        words = labels.label_words(share.group(2))
        if rate is None or not words:
            return None
        periods = [claim.period] if claim.period else list(reading.periods[:1])
        for line in cd.operands_for(words, periods, self.index, named=True)[:2]:
            if line.kind != CURRENCY or cd.other_currency(claim, line):
                continue
            value = rate / 100 * line.value
            if values.at_precision(claim.value, value, claim.precision or Decimal(1)):
                return _derived_weakly(
                    claim, value, f"{share.group(1)}% × {line.text}", "share of a named line"
                )
        return None

    def _gross_margin_over_its_lines(self, reading: Reading) -> ClaimVerdict | None:
        """A gross margin where no line states gross profit ("Lakeview's gross margin in
        fiscal 2024 was about 37.8%" over `Net sales 286,412` and `Cost of sales (178,215)`):
        revenue less cost of revenue, over revenue, for the claim's period."""
        claim = reading.claim
        if claim.kind != PERCENT or "@gross margin" not in claim.label_words:
            return None
        periods = [claim.period] if claim.period else []
        revenue = cd.operands_for(frozenset({"@revenue"}), periods, self.index, named=True)
        cost = cd.operands_for(frozenset({"@cost of revenue"}), periods, self.index, named=True)
        if len(revenue) != 1 or len(cost) != 1 or not revenue[0].value:
            return None
        if revenue[0].source_id != cost[0].source_id or cd.other_currency(revenue[0], cost[0]):
            return None  # one statement's lines
        sales, costs = revenue[0].value, abs(cost[0].value)
        value = (sales - costs) / sales * 100
        if not values.at_precision(claim.value, value, claim.precision or Decimal(1)):
            return None
        formula = (
            f"({revenue[0].text.strip()} - {cost[0].text.strip()}) / {revenue[0].text.strip()}"
        )
        return _derived_weakly(claim, value, formula, "gross margin over its lines")

    def _step_of_working(self, reading: Reading) -> ClaimVerdict | None:
        """An operand of working that the step before it worked out ("1,152,370 / ((402,118
        + 431,906) / 2) = 1,152,370 / 417,012 = 2.76": 417,012 is the bracketed average of
        the first step), `derived` when a bracketed part of that step gives it."""
        claim = reading.claim
        if "operand" not in claim.qualifiers:
            return None
        text = self.answer.text
        formulas = self.answer.formulas
        here = next((k for k, (s, e) in enumerate(formulas) if s <= claim.start < e), None)
        if not here:
            return None
        start, _eq = formulas[here]
        before, before_eq = formulas[here - 1]
        if text[before_eq:start].strip() not in ("=", "≈", "→"):
            return None  # not the next step of the same working
        expression = text[before:before_eq]
        for part in _BRACKETED_PART.finditer(expression):
            value = values.evaluate(part.group(1))
            if value is not None and values.at_precision(
                claim.value, value, claim.precision or Decimal(1)
            ):
                return ClaimVerdict(
                    claim=claim,
                    outcome=DERIVED,
                    layer=LAYER_DERIVATION,
                    expected_value=quantize_like(value, claim),
                    formula=" ".join(part.group(1).split()),
                    details={"derivation": "written"},
                )
        return None

    def _over_named_results(self, reading: Reading) -> ClaimVerdict | None:
        """A result of working whose operands are named in words: results the answer gave on
        lines of their own ("Average inventories = ... = $580.5M" before "Turnover = 1,938.4
        ÷ average inventories ≈ 3.34x"), or lines of the sources, read where the answer
        gives no such line. The working is on the claim's line, or on an earlier line that
        defines the metric the claim's line names ("Quick ratio = (Cash and cash equivalents
        + Accounts receivable) ÷ Total current liabilities", then "Quick ratio ≈ 1.05").
        `derived` when the arithmetic gives the figure at its precision; no verdict otherwise."""
        claim = reading.claim
        if claim.kind not in (RATIO, NUMBER, PERCENT, *_AMOUNTS):
            return None
        text = self.answer.text
        line_start = text.rfind("\n", 0, claim.start) + 1
        head = _RESULT_LINE.fullmatch(text, line_start, claim.start)
        if head is None:
            return None
        steps = [s.strip() for s in head.group(1).replace("*", "").split("=")]
        expression = steps[-1]
        if not _WORKING_OPERATOR.search(expression):
            if len(steps) != 1 or not steps[0]:
                return None
            expression = self._defined_on_an_earlier_line(steps[0], line_start)
            if expression is None:
                return None
        named = [(words, f) for words, f in self._named_results() if f.start < line_start]
        periods = [claim.period] if claim.period else list(reading.periods[:1])
        for as_written in (True, False):
            parts: list[str] = []
            for piece in _WORKING_PIECE.findall(expression):
                if not piece.strip():
                    continue
                if _WORKING_OPERATOR.fullmatch(piece) or _NUMBER_PIECE.fullmatch(piece):
                    parts.append(_SCALE_LETTERS.sub("", piece) if as_written else piece)
                    continue
                words = labels.label_words(piece)
                figure = next((f for label, f in reversed(named) if words and words <= label), None)
                if figure is None and words:
                    found = cd.operands_for(words, periods, self.index, named=True)[:1]
                    figure = found[0] if found else None
                if figure is None or figure.kind not in (*_AMOUNTS, RATIO):
                    break
                value = figure.written if as_written else figure.value
                parts.append(f"({values.plain(value)})")
            else:
                value = values.evaluate(" ".join(parts))
                if value is None:
                    continue
                results = [value, value * 100] if claim.kind == PERCENT else [value]
                scale = claim.scale or Decimal(1)
                for result in results:
                    target = claim.written if as_written else claim.value
                    place = (claim.precision or Decimal(1)) / (scale if as_written else 1)
                    if values.at_precision(target, result, place):
                        exact = result * (scale if as_written else 1)
                        partial = self._line_stated_otherwise(claim, line_start, expression, exact)
                        if partial is not None:
                            return partial
                        return _derived_weakly(
                            claim, exact, " ".join(expression.split()), "named results"
                        )
        return None

    def _defined_on_an_earlier_line(self, name: str, before: int) -> str | None:
        """The working an earlier line writes for the metric `name` ("Quick ratio = (Cash
        and cash equivalents + Accounts receivable) ÷ Total current liabilities")."""
        wanted = labels.label_words(name)
        if not wanted:
            return None
        text = self.answer.text
        for found in _DEFINITION_LINE.finditer(text, 0, before):
            steps = found.group(0).replace("*", "").split("=")
            if len(steps) == 2 and labels.label_words(steps[0]) == wanted:
                expression = steps[1].strip()
                if _WORKING_OPERATOR.search(expression) and not _NUMBER_PIECE.search(expression):
                    return expression
        return None

    def _named_results(self) -> list[tuple[frozenset[str], Claim]]:
        """The figures the answer gives on lines that open with their name ("- Quick assets:
        $148,302K + $241,688K = **$389,990K**", "**Total current liabilities:** $371,131K"),
        the last figure of each such line, in order. Read once per answer."""
        if self._named is not None:
            return self._named
        text = self.answer.text
        out: list[tuple[frozenset[str], Claim]] = []
        last_line = -1
        for r in reversed(self.answer.readings):
            claim = r.claim
            if claim.kind == DATE or claim.nested:
                continue
            line_start = text.rfind("\n", 0, claim.start) + 1
            if line_start == last_line:
                continue  # not the line's last figure
            last_line = line_start
            name = _NAMED_LINE.match(_unbolded(text, line_start, claim.start))
            if name is not None:
                words = labels.label_words(name.group(1))
                if words:
                    out.append((words, claim))
        out.reverse()
        self._named = out
        return out

    def _items_averaged(self, reading: Reading) -> ClaimVerdict | None:
        """ "The three reviews shown average about 3.7 stars": the mean of one field over
        every item of a list in a tool output or record (`reviews.*.stars`: 5, 2 and 4), the
        field the figure's words name."""
        claim = reading.claim
        if claim.kind not in (NUMBER, COUNT, CURRENCY, PERCENT):
            return None
        start = self.answer.sentences[reading.sentence][0]
        for other in self.answer.readings[: reading.index]:
            if other.sentence == reading.sentence and other.claim.kind != DATE:
                start = max(start, other.claim.end)  # the words since the figure before
        if not _AVERAGE_VERB.search(self.answer.text, max(start, claim.start - 60), claim.start):
            return None
        after = _NOUN_AFTER_FIGURE.match(self.answer.text, claim.end)
        words = labels.without_metrics(claim.label_words) | (
            labels.label_words(after.group(1)) if after else frozenset()
        )
        groups: dict[tuple[str, tuple[str, str]], list[Claim]] = {}
        for fact in self.index.claims:
            if fact.citation and fact.kind == claim.kind and words & fact.label_words:
                shape = _sibling_shape(fact.citation)
                if shape[0]:
                    groups.setdefault((fact.source_id, shape), []).append(fact)
        for items in groups.values():
            if not 2 <= len(items) <= MAX_COLUMN_SUM * 4:
                continue
            derivation = Derivation(cd.AVERAGE_OF, tuple(items), False, True)
            if cd.derivation_matches(reading, derivation):
                return _derived_weakly(
                    claim, derivation.value, derivation.formula, "average of the items"
                )
        return None

    def _each_of_a_total(self, reading: Reading) -> ClaimVerdict | None:
        """ "The two ferries will cost NOK 1.48 billion in total, or about NOK 740 million
        each": an amount each, the sentence's total of its currency over a count it gives,
        in digits or in words."""
        claim = reading.claim
        text = self.answer.text
        if claim.kind != CURRENCY or not _EACH_AFTER.match(text, claim.end):
            return None
        start, end = self.answer.sentences[reading.sentence]
        mine = self._claims_of(reading.sentence)
        totals = [
            c
            for c in mine
            if c.kind == CURRENCY and c.unit == claim.unit and abs(c.value) > abs(claim.value)
        ]
        counts = [Decimal(c.value) for c in mine if c.kind in (COUNT, NUMBER) and c.value > 1]
        counts += [
            Decimal(value)
            for value, _s, _e in numberwords.numbers_in(text, start, end)[:MAX_LIST_ITEMS]
            if 1 < value <= MAX_SPELLED_COUNT
        ]
        for total in totals[:MAX_LIST_ITEMS]:
            for count in counts[:MAX_LIST_ITEMS]:
                value = total.value / count
                if values.at_precision(claim.value, value, claim.precision or Decimal(1)):
                    return _derived_weakly(
                        claim, value, f"{total.text} / {count}", "each of a total"
                    )
        return None

    def _days_of_a_flow(self, reading: Reading) -> ClaimVerdict | None:
        """ "Days inventory outstanding were about 108 days in FY2024": a balance over the
        year's flow it turns over with, times the days of a year (inventories over cost of
        sales, receivables over revenue, payables over cost of sales), the balance at the
        period's end or averaged with the one before, a year of 365 or 360 days."""
        claim = reading.claim
        if claim.kind not in (NUMBER, COUNT) or not _DAYS_AFTER.match(self.answer.text, claim.end):
            return None
        words = self._clause_words(reading) | claim.label_words
        kind = next((k for k, names in _DAYS_OF.items() if words & names), None)
        if kind is None:
            return None
        balance_words, flow_words = _DAYS_LINES[kind]
        periods = [claim.period] if claim.period else list(reading.periods[:1])
        balances = cd.bind(balance_words, "", cd.OPERAND, self.index)
        flows = cd.operands_for(flow_words, periods, self.index, named=True)
        if balances is None or not balances.facts or not flows:
            return None
        flow = flows[0]
        if not flow.value:
            return None
        ending = [
            f for f in balances.facts if f.period and lx.periods_compatible(flow.period, f.period)
        ][:1] or [
            f
            for f in balances.facts
            if f.period and lx.period_year(f.period) in _years_of(flow.period)
        ][:1]
        for end in ending:
            averaged = [
                ((end.value + other.value) / 2, f"({end.text} + {other.text}) / 2")
                for other in balances.facts
                if other.period and other.period != end.period and other.period < end.period
            ][:1]
            levels = [(end.value, end.text), *averaged]
            for level, written in levels:
                for year in (365, 360):
                    value = level / flow.value * year
                    if values.at_precision(claim.value, value, claim.precision or Decimal(1)):
                        formula = f"{written} / {flow.text} × {year}"
                        return _derived_weakly(claim, value, formula, "days of a flow")
        return None

    def _from_par(self, reading: Reading) -> ClaimVerdict | None:
        """ "traded at a clean price of 98.42, 1.58 points below par": the distance of a
        price its sentence gives from par, 100."""
        claim = reading.claim
        side = _FROM_PAR_AFTER.match(self.answer.text, claim.end)
        if side is None or claim.kind not in (NUMBER, COUNT, CURRENCY):
            return None
        below = side.group(1).lower() in ("below", "under")
        for other in self._claims_of(reading.sentence):
            if other is claim or not PAR / 2 < other.value < PAR * 2:
                continue
            value = PAR - other.value if below else other.value - PAR
            if value > 0 and values.at_precision(claim.value, value, claim.precision or Decimal(1)):
                return _derived_weakly(claim, value, f"100 - {other.text}", "distance from par")
        return None

    def _real_rate(self, reading: Reading) -> ClaimVerdict | None:
        """ "With headline inflation at 3.93%, the real policy rate is roughly 4.3%" after a
        cut "to 8.25%": a real rate is the nominal rate its words name less inflation, both
        as the answer or the sources give them (the difference, as the Fisher relation is
        usually written)."""
        claim = reading.claim
        if claim.kind != PERCENT or "real" not in claim.label_words:
            return None
        nominal_words = claim.label_words - {"real"}
        if not nominal_words & _RATE_WORDS:
            return None
        percents = [r.claim for r in self.answer.readings if r.claim.kind == PERCENT]
        inflation = [c for c in percents if "@inflation" in c.label_words]
        inflation += [c for c in self.index.percent_pool() if "@inflation" in c.label_words]
        binding = cd.bind(nominal_words, claim.period, PERCENT, self.index)
        nominal = [c for c in percents if c is not claim and c not in inflation]
        if binding is not None and binding.strong:
            nominal += list(binding.in_period or binding.facts)
        for rate in nominal[:MAX_LIST_ITEMS]:
            for prices in inflation[:MAX_LIST_ITEMS]:
                value = rate.value - prices.value
                if values.at_precision(claim.value, value, claim.precision or Decimal(1)):
                    return _derived_weakly(
                        claim, value, f"{rate.text} - {prices.text}", "real rate"
                    )
        return None

    def _complement(self, reading: Reading) -> ClaimVerdict | None:
        """ "about 17.9% of agency premiums, consistent with the reported agent retention of
        82.1%": a percentage that with another of its sentence makes the whole, 100%."""
        claim = reading.claim
        if claim.kind != PERCENT or not 0 < claim.value < 100:
            return None
        for other in self.answer.readings:
            c = other.claim
            if (
                other.sentence == reading.sentence
                and other.index != reading.index
                and c.kind == PERCENT
                and 0 < c.value < 100
                and values.at_precision(claim.value, 100 - c.value, claim.precision)
            ):
                return _derived_weakly(claim, 100 - c.value, f"100% - {c.text}", "complement")
        return None

    def _net_of(self, reading: Reading) -> ClaimVerdict | None:
        """ "added $313.7 million of goodwill ... net of measurement-period adjustments": a
        line the claim's words name and the line its sentence nets against it, from one table
        column (318.4 and (4.7)), added as the sources sign them or taken away."""
        claim = reading.claim
        if claim.kind not in _AMOUNTS:
            return None
        end = self.answer.sentences[reading.sentence][1]
        named = _NET_OF.search(self.answer.text, claim.end, end)
        if named is None:
            return None
        words = labels.label_words(named.group(1))
        netted = cd.bind(words, "", claim.kind, self.index) if words else None
        if netted is None or not netted.strong:
            return None
        mine = labels.without_metrics(self._clause_words(reading)) - words
        test = cd.DerivationTest(reading)
        for other in netted.facts:
            if other.cell is None:
                continue
            for base in self._column_of(other):
                if base is other or not labels.without_metrics(base.label_words) & mine:
                    continue
                kind = cd.SUM_OF if other.value < 0 else cd.DIFFERENCE
                derivation = Derivation(kind, (base, other), True, True)
                if test(derivation):
                    return ClaimVerdict(
                        claim=claim,
                        outcome=DERIVED,
                        layer=LAYER_DERIVATION,
                        nearest=nearest_value(base),
                        expected_value=quantize_like(derivation.value, claim),
                        formula=derivation.formula,
                        details={"derivation": derivation.kind, "reason": "net of a line"},
                    )
        return None

    def _summed_over_a_span(self, reading: Reading) -> list[Derivation]:
        """ "principal maturing in 2025 through 2027 totals $912.5 million": the sum of one
        table line's values for each year of the span the sentence names before the figure
        (a maturity schedule's 2025, 2026 and 2027 rows), one value a year."""
        claim = reading.claim
        if claim.kind not in _AMOUNTS:
            return []
        start = self.answer.sentences[reading.sentence][0]
        span = _YEAR_SPAN.search(self.answer.text, start, claim.start)
        if span is None:
            return []
        first, last = int(span.group(1)), int(span.group(2))
        if not 2 <= last - first + 1 <= MAX_SPAN_YEARS:
            return []
        years = {str(y) for y in range(first, last + 1)}
        lines: dict[tuple, dict[str, Claim]] = {}
        for fact in self.index.claims:
            if (
                fact.cell is None
                or fact.kind not in _AMOUNTS
                or fact.period.removeprefix("FY") not in years
                or fact.kind != claim.kind
            ):
                continue
            table, row, column = fact.cell
            for line in (
                (fact.source_id, table, "row", row),
                (fact.source_id, table, "col", column),
            ):
                lines.setdefault(line, {}).setdefault(fact.period.removeprefix("FY"), fact)
        return [
            Derivation(cd.SUM_OF, tuple(by_year[y] for y in sorted(by_year)), False, True)
            for by_year in lines.values()
            if len(by_year) == len(years)
        ]

    def _a_year_of_a_total(self, reading: Reading, found: list[_Claimed]) -> list[Derivation]:
        """ "about $186 million over four years, or about $46.5 million a year": an amount a
        year is a total of the sentence (or the one before) over the years its sentence
        spreads it across; so is a count or amount a day, week, month or quarter ("186,500
        over four days, roughly 46,600 visitors a day")."""
        claim = reading.claim
        text = self.answer.text
        if claim.kind not in _AMOUNTS:
            return []
        each = _A_YEAR_AFTER.match(text, claim.end)
        unit = "year"
        if each is None:
            # "roughly 46,600 visitors a day on average" over "four days"
            each = _A_SPAN_AFTER.match(text, claim.end)
            if each is None:
                return []
            unit = each.group(1).lower()
        elif claim.kind != CURRENCY:
            return []
        start, end = self.answer.sentences[reading.sentence]
        over = next(
            (
                m
                for m in _OVER_SPAN.finditer(text, start, end)
                if (m.group(2) or m.group(4)).lower().rstrip("s") == unit
            ),
            None,
        )
        if over is None:
            return []
        written = over.group(1) or over.group(3)
        years = int(written) if written.isdigit() else numberwords.small_number(written)
        if not years or years < 2:
            return []
        span = Claim(
            text=over.group(),
            start=over.start(),
            end=over.end(),
            kind=COUNT,
            value=Decimal(years),
            precision=Decimal(1),
        )
        totals = [
            o.reading.claim
            for o in found[: reading.index]
            if o.reading.sentence in (reading.sentence, reading.sentence - 1)
            and (
                o.reading.claim.kind == claim.kind or {o.reading.claim.kind, claim.kind} <= _COUNTS
            )
            and abs(o.reading.claim.value) > abs(claim.value)
        ][-MAX_LIST_ITEMS:]
        return [Derivation(cd.RATIO_OF, (total, span), False, False) for total in totals]

    def _rate_of_an_earlier_amount(
        self, reading: Reading, found: list[_Claimed], factors: list[Claim]
    ) -> list[Derivation]:
        """A rate of the sentence times an amount of the claim's kind and unit the answer
        gave before: "the 4.35% yield implies net operating income of about €6.44 million"
        after "for €148.0 million", "92.5% let ..., or 22,940 square metres" after "24,800
        square metres"."""
        claim = reading.claim
        if claim.kind not in _AMOUNTS:
            return []
        rates = [f for f in factors if f.kind == PERCENT]
        if not rates:
            return []
        earlier = [
            c
            for c in self._given_before(reading, found)
            if c.kind == claim.kind and c.unit == claim.unit and c.value != claim.value
        ][-MAX_EARLIER_FIGURES:]
        return [
            Derivation(cd.PRODUCT, (rate, amount), False, False)
            for rate in rates
            for amount in earlier
        ]

    # ------------------------------------------------------------ aggregation

    def _column_sums(self, c: _Claimed) -> list[Derivation]:
        """Sums of values in one table column or one row, for an amount no source states:
        totals a table leaves to its reader."""
        claim = c.reading.claim
        if claim.kind not in _AMOUNTS or c.binding is None:
            return []
        out = []
        # The one line that is the claim's own known metric is no part of its total: net
        # sales plus net profit is no figure of net sales. (Several lines it names, "Wine in
        # bulk - vintage 2024", "- vintage 2023", ..., are the parts.)
        named = {w for w in claim.label_words if w.startswith("@")}
        own = {cd.line_of(f) for f in c.binding.facts if named & f.label_words}
        if len(own) > 1:
            own = set()
        for fact in c.binding.facts[:4]:
            if fact.cell is None:
                continue
            column = [
                f
                for f in self._column_of(fact)
                if f.kind in _AMOUNTS
                and cd.line_of(f) not in own
                # a total row sums rows of its own column: no part of another sum of them
                and not (f.label_words & _TOTAL_WORDS or "total" in f.qualifiers)
                # nor is a figure of another period than the claim's
                and lx.periods_compatible(claim.period, f.period)
            ][:MAX_COLUMN_SUM]
            for size in (2, 3):
                for combo in itertools.combinations(column, size):
                    out.append(Derivation(cd.SUM_OF, combo, True, False))
        return out

    def _total_for(self, claim: Claim) -> Claim | None:
        """The value the sources mark as the total of the claim's metric, if one is near."""
        words = claim.label_words - _TOTAL_WORDS
        weight = self.index.weights
        best, best_score = None, 0.0
        for fact in self.index.sharing_words(words, limit=256):
            # A total row, or a total column ("| | Flow Control | ... | Total |"; a segment
            # note's "Group" or "Consolidated" column).
            marked = (fact.label_words | fact.header_words) & _TOTAL_WORDS or (
                fact.header_words and fact.header_words <= _WHOLE_COLUMN_WORDS
            )
            if fact.kind not in _AMOUNTS or not marked or weight is None:
                continue
            recall, _precision = labels.similarity(words, fact.label_words - _TOTAL_WORDS, weight)
            if recall > best_score:
                best, best_score = fact, recall
        return best if best_score >= 0.5 else None

    def _a_subtotal_of_its_own(self, reading: Reading, stated: Claim) -> bool:
        """The sum's own words name something the stated total's line does not: a word of
        its name on the line it opens ("Total quick assets:") that line lacks."""
        claim = reading.claim
        text = self.answer.text
        line_start = text.rfind("\n", 0, claim.start) + 1
        name = _NAMED_LINE.match(_unbolded(text, line_start, claim.start))
        if name is None:
            return False
        own = labels.without_metrics(labels.label_words(name.group(1))) - _TOTAL_WORDS
        return bool(own - stated.label_words - stated.section_words)

    def _sum_of_parts(
        self, claim: Claim, stated: Claim | None, cited: list[Claim]
    ) -> Derivation | None:
        """The claim equals a sum of parts: the figures its sentence cites ("combining the
        20,893 contracts on the weekly expiration and the 76,378 on the monthly", seed 000)
        or values listed beside the stated total."""
        if claim.kind not in _AMOUNTS:
            return None
        precision = claim.precision or Decimal(1)
        target = abs(claim.value)
        cited = [f for f in cited if f.kind in _AMOUNTS and abs(f.value) >= precision]
        for size in (2, 3, 4):
            for combo in itertools.combinations(cited[:MAX_COLUMN_SUM], size):
                if values.at_precision(
                    target, sum((p.value for p in combo), Decimal(0)), claim.precision
                ):
                    return Derivation(cd.SUM_OF, combo, True, True)
        # Values listed beside the stated total, then values of the claim's metric in any
        # source (per-expiration volumes retrieved separately from the day's total).
        nearby = (
            [
                f
                for f in self.index.claims
                if f.source_id == stated.source_id and abs(f.start - stated.start) < 2_000
            ]
            if stated is not None
            else []
        )
        related = self.index.sharing_words(claim.label_words - _TOTAL_WORDS, limit=64)
        anchors = {(f.source_id, f.start) for f in related[:8]}
        beside = [
            f
            for f in self.index.claims
            if any(f.source_id == sid and abs(f.start - start) < 600 for sid, start in anchors)
        ]
        parts: list[Claim] = []
        for f in (*nearby, *related, *beside):
            if (
                f.kind in _AMOUNTS
                and abs(f.value) >= precision
                and f is not stated
                and f not in parts
                and not (f.label_words & _TOTAL_WORDS)
                and cd.periods_compatible(f.period, stated.period if stated else claim.period)
                and cd.usable_for(claim, f)
            ):
                parts.append(f)
        parts = parts[:MAX_COLUMN_SUM]
        for size in (2, 3, 4):
            for combo in itertools.combinations(parts, size):
                total = sum((p.value for p in combo), Decimal(0))
                if values.at_precision(target, total, claim.precision):
                    return Derivation(cd.SUM_OF, combo, True, False)
        return None

    def _contradicting_total(self, reading: Reading, derivation: Derivation) -> ClaimVerdict | None:
        """A sum of parts presented as the whole (seed 000's options volume, seed 002's
        anti-aggregation): the parts' own group states a total that differs, or the parts are
        only some of the group, or the claim's metric is stated as a total elsewhere."""
        claim = reading.claim
        if derivation.kind not in (cd.SUM_OF, cd.AVERAGE_OF) or claim.kind not in _AMOUNTS:
            return None
        presented_as_total = bool(
            claim.label_words & _TOTAL_WORDS
            or "total" in claim.qualifiers
            or SUM in reading.cues
            # "the restructuring reserve totaled $7,255 thousand": the verb says the whole
            or _TOTALED_BEFORE.search(self.answer.text, max(0, claim.start - 24), claim.start)
        )
        names_parts = (
            len(reading.phrases) >= 2
            and not _names_a_total(reading)
            # "the reserve totaled $7,255 thousand, covering severance and facility exit
            # costs": the whole is named before the figure, its parts after it.
            and not _PARTS_AFTER.match(self.answer.text, claim.end)
        )
        if not presented_as_total or reading.label_inherited or names_parts:
            return None  # "A and B together totaled X" names its parts: a sum, not the whole
        operands = derivation.operands
        lines = {cd.line_of(o) for o in operands}
        if len(lines) < 2 and not _columns_of_one_period(operands):
            return None  # one metric summed over periods is not a partial list of parts
        if _down_one_column_by_period(operands):
            return None  # nor is a schedule's years down the side ("2025", "2026", ...)
        partial = self._partial_list(operands)
        if partial is not None:
            # Seed 000: "total options volume" summed over the 2 expirations a tool listed
            # of the 10 it says exist. Partial data presented as a total.
            listed, available = partial
            verdict = self._aggregation(claim, derivation, None)
            details = {**verdict.details, "reason": f"the sum covers {listed} of {available} items"}
            return replace(verdict, details=details)
        group = self._group_of(operands)
        if group:
            totals = [
                f
                for f in group
                if (f.label_words | f.header_words) & _TOTAL_WORDS and f not in operands
            ]
            parts = [f for f in group if f not in totals]
            # The row naming the claim's own metric ("Adjusted EBITDA" under segments' lines
            # and corporate costs) is the parts' total too, marked or not.
            metric = claim.label_words - _TOTAL_WORDS
            named = [
                f
                for f in group
                if f not in operands
                and f not in totals
                and (
                    (claim.label and f"@{claim.label}" in f.label_words)
                    or (metric and f.label_words and f.label_words - _TOTAL_WORDS <= metric)
                )
            ]
            totals = _totals_of_rows(totals + named, operands)
            if totals and self._a_subtotal_of_its_own(reading, totals[0]):
                return None
            if totals and all(norm(t) != norm(claim) for t in totals):
                return self._aggregation(claim, derivation, totals[0])
            if not totals and len(parts) > len(operands) and all(o.citation for o in operands):
                # Some of one tool output's items ("positions.*.market_value") passed off as
                # all of them. (A table column mixes lines that are not parts of one whole.)
                missing = next(f for f in parts if f not in operands)
                return self._aggregation(claim, derivation, None, missing)
        binding = cd.bind(claim.label_words, claim.period, claim.kind, self.index, claim)
        if binding is None or not binding.strong:
            return None
        totals = [
            c
            for c in binding.in_period or binding.facts
            if cd.line_of(c) not in lines
            and (c.label_words & _TOTAL_WORDS or "total" in c.qualifiers)
            and norm(c) != norm(claim)
        ]
        if not totals:
            return None
        value = norm(claim)
        total = min(totals, key=lambda c: abs(norm(c) - value))
        if self._a_subtotal_of_its_own(reading, total):
            return None
        return self._aggregation(claim, derivation, total)

    def _aggregation(
        self,
        claim: Claim,
        derivation: Derivation,
        total: Claim | None,
        missing: Claim | None = None,
    ) -> ClaimVerdict:
        if total is not None and self._another_periods_total(derivation, total):
            return _derived_weakly(
                claim, derivation.value, derivation.formula, "the stated total is another period's"
            )
        details: dict = {"derivation": derivation.kind}
        if missing is not None:
            details["reason"] = f"a part of the whole is left out ({missing.text})"
        return ClaimVerdict(
            claim=claim,
            outcome=UNSUPPORTED_AGGREGATION,
            layer=LAYER_DERIVATION,
            nearest=nearest_value(total or missing or derivation.operands[0]),
            expected_value=total.value if total is not None else None,
            formula=derivation.formula,
            details=details,
        )

    def _partial_list(self, operands: tuple[Claim, ...]) -> tuple[int, int] | None:
        """(items listed, items that exist) when the operands are items of one list in a tool
        output whose sibling count says the list is partial ("expirations_available": 10
        beside two "expirations")."""
        lists = set()
        for operand in operands:
            parts = operand.citation.split(".") if operand.citation else []
            if len(parts) < 3 or not parts[-2].isdigit():
                return None
            lists.add(".".join(parts[:-2]))
        if len(lists) != 1:
            return None
        (list_path,) = lists
        parent, _dot, name = list_path.rpartition(".")
        listed = {
            key[len(list_path) + 1 :].split(".", 1)[0]
            for key in self.index.json_paths
            if key.startswith(list_path + ".")
        }
        stem = name.rstrip("s")[:6].lower()
        for key, value in self.index.json_paths.items():
            key_parent, _dot, segment = key.rpartition(".")
            segment = segment.lower()
            if key_parent != parent or not stem or stem not in segment:
                continue
            if not any(word in segment for word in _COUNT_SEGMENT_WORDS):
                continue
            if value == value.to_integral_value() and len(listed) < value <= 100_000:
                return len(listed), int(value)
        return None

    def _column_of(self, cell: Claim) -> list[Claim]:
        """The values of the table column a cell stands in, in index order."""
        assert cell.cell is not None
        key = (cell.source_id, cell.cell[0], cell.cell[2])
        return [
            f
            for f in self.index.claims
            if f.cell is not None and (f.source_id, f.cell[0], f.cell[2]) == key
        ]

    def _group_of(self, operands: tuple[Claim, ...]) -> list[Claim]:
        """The values the operands are listed among: one table column, or one JSON object's
        children under the same key ("positions.*.market_value")."""
        first = operands[0]
        if all(o.cell is not None for o in operands):
            keys = {(o.source_id, o.cell[0], o.cell[2]) for o in operands}  # type: ignore[index]
            rows = {(o.source_id, o.cell[0], o.cell[1]) for o in operands}  # type: ignore[index]
            if len(keys) == 1:
                column = self._column_of(first)
                return [f for f in column if f.kind in _AMOUNTS][: MAX_COLUMN_SUM * 4]
            if len(rows) == 1:
                # Columns of one row ("Severance | Facility exit | Other | Total" on a
                # "Balance at December 31, 2023" row): its Total column is their whole.
                (key,) = rows
                return [
                    f
                    for f in self.index.claims
                    if f.cell is not None
                    and (f.source_id, f.cell[0], f.cell[1]) == key
                    and f.kind in _AMOUNTS
                ][: MAX_COLUMN_SUM * 4]
            return []
        if all(o.citation for o in operands):
            shapes = {_sibling_shape(o.citation) for o in operands}
            if len(shapes) != 1 or first.source_id == "":
                return []
            shape = shapes.pop()
            return [
                f
                for f in self.index.claims
                if f.citation
                and f.source_id == first.source_id
                and _sibling_shape(f.citation) == shape
            ][: MAX_COLUMN_SUM * 4]
        return []

    # ------------------------------------------------------------ helpers

    def _fits(self, reading: Reading, source: Claim) -> bool:
        """Nothing known about the value contradicts the claim: its period, its canonical
        metric (both named in their own labels: "EPS" is not "net income") and its segment.
        A metric carried over from an earlier figure ("8 of 12 trades were winners, 4
        lost") or a count's name on a rate ("winners (66.67%)") proves nothing."""
        claim = reading.claim
        if (
            not lx.periods_compatible(claim.period, source.period)
            and not self._duration(claim)
            and not self._set_before(claim, source)
        ):
            return False
        mine, theirs = _canonical(claim), _canonical(source)
        if (
            mine
            and theirs
            and not _related(mine, theirs)
            and self._clause_names_line(reading, source)
        ):
            return segments_compatible(claim, source, self.index)
        counted = claim.kind in (PERCENT, PERCENTAGE_POINTS, BPS) and all(
            label[1:] in lx.COUNT_LABELS for label in mine
        )
        if (
            mine
            and theirs
            and not _related(mine, theirs)
            and not reading.label_inherited
            and not counted
        ):
            return False
        if (
            mine
            and theirs
            and self._other_variant(claim, source)
            # "would have been $466.3 million without that sale" for the sources' "Excluding
            # this sale, ... would have been": the variant is what both say would have been
            and not claim.qualifiers & source.qualifiers & _SAID_OTHERWISE
        ):
            return False
        return segments_compatible(claim, source, self.index)

    def _set_before(self, claim: Claim, source: Claim) -> bool:
        """A level the sources set at an earlier date of the claim's year ("In June 2024 the
        facility limit was increased to $300.0 million") still holds at the claim's later
        date ("which has a limit of $300.0 million" at December 31, 2024)."""
        mine, theirs = claim.period, source.period
        if len(mine) != 10 or not _MONTH_KEY.fullmatch(theirs[:7]) or mine[:4] != theirs[:4]:
            return False
        if mine[:7] <= theirs[:7]:
            return False
        text = self.index.texts.get(source.source_id, "")
        return bool(_SET_TO_BEFORE.search(text, max(0, source.start - 40), source.start))

    def _clause_words(self, reading: Reading) -> frozenset[str]:
        """The words of the claim's own clause: from the figure before it in its sentence (or
        the sentence's start) up to it, and the words right after it."""
        words = self._words_of.get(reading.index)
        if words is None:
            start, end = self.answer.sentences[reading.sentence]
            previous = None
            for other in self.answer.readings[: reading.index]:
                if other.sentence == reading.sentence and other.claim.kind != DATE:
                    start = max(start, other.claim.end)
                    previous = other
            for other in self.answer.readings[reading.index + 1 :]:
                if other.sentence == reading.sentence and other.claim.kind != DATE:
                    end = min(end, other.claim.start)
                    break
            text = self.answer.text
            before = labels.label_words(text[start : reading.claim.start])
            if not before and previous is not None:
                # "average payment days 41 vs 40": the second figure is the first one's line.
                before = self._clause_words(previous)
            after = _CLAUSE_AFTER.match(text, reading.claim.end, end)
            words = before | reading.after_label
            if after:
                words = words | labels.label_words(after.group())
            self._words_of[reading.index] = words
        return words

    def _another_period_of_its_line(self, claim: Claim, source: Claim) -> ClaimVerdict | None:
        """A cell of the line the clause names, but of another period than the one it names
        ("Long-term debt ... was $1,777.0 million at December 31, 2023" of the December 31,
        2022 column, where the 2023 column holds 2,153.6): `period_mismatch`, the named
        period's cell expected."""
        if (
            not claim.period
            or not source.period
            or source.cell is None
            or lx.periods_compatible(claim.period, source.period)
        ):
            return None
        named = [
            f
            for f in self.index.row_of(source)
            if f is not source and f.period and lx.periods_compatible(claim.period, f.period)
        ]
        if len(named) != 1:
            return None
        return self._wrong(
            claim,
            PERIOD_MISMATCH,
            named[0],
            f"the value is the {source.period} figure",
            matched=source,
        )

    def _clause_names_line(self, reading: Reading, source: Claim) -> bool:
        """The claim's own clause names the line the value sits on ("U.S. tariffs cut
        operating profit by ¥186.0 billion" of a "U.S. tariffs" line, "average payment days
        41" of an "Average payment days" row): the figure is that line's, whatever metric the
        reading bound it to. A figure swapped with its neighbour's ("dividends paid were $640
        million and share repurchases were $210 million") names its own line, not the other."""
        weights = self.index.weights
        if not source.label_words or weights is None:
            return False
        words = self._clause_words(reading)
        bound = self._bound_label(reading)
        shared = len(words & source.label_words)
        if source.cell is None and shared >= 3 and shared > 2 * len(bound):
            # "sold six office buildings for $412 million" names the source's sentence that
            # says so ("sold six office buildings for gross proceeds of $412 million") better
            # than an "Office" row does.
            return True
        recall, _precision = labels.similarity(words, source.label_words, weights)
        if recall < cd.MIN_RECALL:
            return False
        # ... and names it at least as well as the line the claim was bound to: "realized
        # gains were 20.3" names the realized line better than the unrealized one holding 20.3.
        own, _p = labels.similarity(words, bound, weights) if bound else (0.0, 0.0)
        return recall >= own

    def _bound_label(self, reading: Reading) -> frozenset[str]:
        claim = reading.claim
        binding = cd.bind(claim.label_words, claim.period, claim.kind, self.index, claim)
        return binding.label if binding is not None else claim.label_words

    def _other_variant(self, claim: Claim, source: Claim) -> bool:
        """An adjusted figure for the reported one, or the reported for the adjusted
        ("total CASM rose 4.4%" where 4.4% is CASM excluding fuel): one side names a variant
        of the metric (excluding, adjusted, underlying, core, organic) and the other does
        not, and the sources give the metric both ways."""
        mine = bool(claim.label_words & cd.VARIANTS)
        # (A figure that names no basis may be the non-GAAP one, as summaries of a release
        # often drop the word; one that names non-GAAP is never the GAAP figure.)
        variants = cd.VARIANTS if mine else cd.VARIANTS - {"nongaap"}
        theirs = bool((source.label_words | source.header_words) & variants)
        if mine == theirs or not source.label:
            return False
        return any(
            bool((other.label_words | other.header_words) & variants) == mine
            and lx.periods_compatible(other.period, source.period)
            for other in self.index.by_label.get(source.label, ())
            if other is not source and other.kind == source.kind
        )

    def _duration(self, claim: Claim) -> bool:
        """A length of time ("52 weeks ended January 28, 2023", "a 90-day term"): the
        period near it is what it measures, not a period it is a value for."""
        return claim.kind in (COUNT, NUMBER) and bool(
            _DURATION_AFTER.match(self.answer.text, claim.end)
        )

    def _misplaced(self, claim: Claim, found: list[Claim], binding: Binding | None) -> ClaimVerdict:
        """The value is in the sources, but for another period, metric or segment."""
        source = found[0]
        same_metric = (claim.label and source.label == claim.label) or (
            binding is not None and binding.strong and source.label_words == binding.label
        )
        if same_metric and not lx.periods_compatible(claim.period, source.period):
            outcome, reason = PERIOD_MISMATCH, f"the value is the {source.period} figure"
        elif (
            _canonical(claim)
            and _canonical(source)
            and not _related(_canonical(claim), _canonical(source))
        ):
            outcome, reason = SUBSTITUTION, f"value belongs to {source.label or 'another metric'}"
        elif not lx.periods_compatible(claim.period, source.period):
            outcome, reason = PERIOD_MISMATCH, f"the value is the {source.period} figure"
        else:
            outcome, reason = SUBSTITUTION, "value belongs to another segment"
        right = binding.stated if binding is not None else None
        return ClaimVerdict(
            claim=claim,
            outcome=outcome,
            nearest=nearest_value(right or source),
            expected_value=right.value if right is not None else None,
            details={"reason": reason, "matched": source.text, "matched_period": source.period},
        )

    def _labels_agree(self, c: _Claimed, source: Claim) -> bool:
        if not c.binding or not c.binding.strong:
            return True
        return source.label_words == c.binding.label

    def _best_match(self, claim: Claim, found: list[Claim], binding: Binding | None) -> Claim:
        """Of several matching values, the one under the claim's own label and period."""

        def rank(source: Claim) -> tuple[int, int, int, int]:
            same_label = binding is not None and source.label_words == binding.label
            same_period = bool(claim.period) and cd.periods_compatible(claim.period, source.period)
            return (
                1 if "name" in source.qualifiers else 0,  # a value before a name's number
                0 if same_label else 1,
                0 if same_period else 1,
                0 if source.kind == claim.kind else 1,
            )

        return min(found, key=rank)

    def _nearest(
        self, claim: Claim, binding: Binding | None, within: Decimal | None = None
    ) -> Claim | None:
        """The nearest compatible source value, the claim's own metric first."""
        value = norm(claim)
        pools: list[list[Claim]] = []
        if binding is not None and binding.strong:
            pools.append(list(binding.in_period) or list(binding.facts))
        pools.append(
            [s for s in self.index.near(claim.kind, value) if cd.kind_compatible(claim, s)]
        )
        for pool in pools:
            pool = [s for s in pool if "injected" not in s.qualifiers and s.kind != DATE]
            if not pool:
                continue
            best = min(pool, key=lambda s: abs(norm(s) - value))
            if within is not None and _relative(value, norm(best)) > within:
                continue
            return best
        return None

    def _calculated(self, claim: Claim, stated: Claim | None) -> ClaimVerdict | None:
        """Rule 2: a calculator output recorded for the trace, when every operand of its
        expression is a constant or a source value, and the sources state nothing else for
        the claim's metric and period (a calculator never outranks the sources)."""
        if stated is not None and not cd.value_matches(claim, stated):
            return None
        for output in self.index.calculator_outputs:
            if not self._operands_grounded(output.expression):
                continue
            results = [output.result]
            if claim.kind == PERCENT:
                results.append(output.result * 100)
            for result in results:
                if values.at_precision(claim.value, result, claim.precision):
                    return ClaimVerdict(
                        claim=claim,
                        outcome=CALCULATED,
                        layer=LAYER_DERIVATION,
                        formula=output.expression or None,
                        expected_value=result,
                    )
        return None

    def _operands_grounded(self, expression: str) -> bool:
        """Every number of a calculator expression is a constant (`* 100`, `/ 4`) or a value
        the sources give, at any scale they are written in."""
        for m in _EXPRESSION_NUMBER.finditer(expression):
            number = Decimal(m.group())
            if number in _CALCULATOR_CONSTANTS:
                continue
            if not any(
                norm(c) == number or written_norm(c) == number
                for kind in (CURRENCY, NUMBER, PERCENT)
                for c in (
                    *self.index.between(kind, number, number),
                    *self.index.written_between(kind, number, number),
                )
            ):
                return False
        return True

    # ------------------------------------------------------------ dates

    def _date(self, claim: Claim) -> ClaimVerdict:
        key = claim.period
        found = [c for c in self.index.dates_with_key(key) if "injected" not in c.qualifiers]
        if not found and len(key) == 10:
            found = self._dates_within_days(key, self.config.date_tolerance_days)
        if not found and len(key) == 7:
            found = [c for c in self.index.all_dates() if c.period.startswith(key)][:1]
        if not found and key.startswith("--"):
            # "the March 27 expiry" against "2026-03-27": a day without its year
            found = [c for c in self.index.all_dates() if c.period.endswith(key[1:])][:1]
        # {"revenue_2024": ...}: a year kept by a key is a period the sources state too
        plain_year = len(key) == 4 and key.isdigit()
        if not found and (
            ((key[:1] in "QH369" or key[:2] == "FY") and lx.period_year(key)) or plain_year
        ):
            # "January–September 2025" against a table whose columns are that period
            # ("Jan–Sep" over "2025"), "the first half of 2024" against "for the six months
            # ended June 30, 2025 and 2024, respectively": a period the sources give their
            # figures is a period they state.
            found = self.index.with_period(key)[:1]
        if not found and key.startswith("9M ") and len(key) == 7:
            # "the first nine months of 2025" against "Nine-month report 2025" over "(9M
            # 2024: ...)": such a span in the sources, and the year.
            spans = [c for c in self.index.all_dates() if c.period.startswith("9M ")]
            spans += [
                c
                for p in self.index.periods()
                if p.startswith("9M ")
                for c in self.index.with_period(p)[:1]
            ]
            same = [c for c in spans if c.period.startswith(key)]
            found = same[:1] or (spans[:1] if self.index.dates_with_key(key[3:]) else [])
        year = key[2:] if key.startswith("FY") else key
        if not found and len(year) == 4 and year.isdigit():
            # "2022" (or "fiscal 2022") for the year ended January 28, 2023, as retailers
            # name their years by the one they start in.
            found = [
                c
                for c in self.index.all_dates()
                if len(c.period) == 10
                and c.period[:4] == str(int(year) + 1)
                and lx.periods_compatible(key, c.period)
            ][:1]
        if not found and key.startswith("FY") and len(key) == 6:
            # "FY2024" for a calendar-year company whose columns are "December 31, 2024".
            found = [c for c in self.index.dates_with_key(key[2:]) if not c.nested][:1]
        if not found and key[:1] in "QH" and key[2:3] == " ":
            # "the third quarter of 2024" against a release on its "third-quarter profit"
            # dated "Nov 7, 2024": the quarter without its year, and the year.
            quarter = [c for c in self.index.dates_with_key(key[:2]) if not c.nested]
            if not quarter and key[0] == "Q" and key[1] in "1234":
                # "Three Months Ended June 30," over "2024   2023": the quarter's last day
                # without its year
                month = f"--{int(key[1]) * 3:02d}-"
                quarter = [
                    c for c in self.index.all_dates() if c.period.startswith(month) and not c.nested
                ]
            if quarter and self.index.dates_with_key(key[3:]):
                found = quarter[:1]
        if not found and len(key) == 10:
            # "September 28, 2025" against a stacked column header that writes the day over
            # its year ("Sep 28," above "2025"): the day without its year, and the year.
            day = [c for c in self.index.dates_with_key("-" + key[4:]) if not c.nested]
            if not day:
                # "Years ended March 31," over "2023 2024" as PDF text gives it, one cell a
                # line: the day was read with the first year, and the other years are
                # columns of their own.
                day = [
                    c
                    for c in self.index.all_dates()
                    if len(c.period) == 10 and c.period[4:] == key[4:] and not c.nested
                ]
            if day and self.index.dates_with_key(key[:4]):
                found = day[:1]
        if found:
            usable = [c for c in found if cd.usable_for(claim, c)] or found
            best = min(usable, key=lambda c: (c.period != key, c.nested != claim.nested))
            return ClaimVerdict(claim=claim, outcome=GROUNDED, nearest=nearest_value(best))
        named = NAME_AFTER_YEAR.match(self.answer.text, claim.end) if len(key) == 4 else None
        if named is not None and any(
            f"{claim.text} {named.group(1)}" in t for t in self.index.texts.values()
        ):
            # "a 2016 Accord" where a review says "my 2016 Accord": the name, as written
            return ClaimVerdict(claim=claim, outcome=GROUNDED)
        if len(key) == 4 and key.isdigit():
            # "TaxHelpNow blog | 2022": a page's year in a dateline the table reader took
            # for a cell, a whole number with no unit written as the year is
            dateline = [
                c
                for c in self.index.between(NUMBER, claim.value, claim.value)
                if c.text == key and c.cell is not None and not c.unit and c.scale in (None, 1)
            ]
            if dateline:
                return ClaimVerdict(
                    claim=claim, outcome=GROUNDED, nearest=nearest_value(dateline[0])
                )
        dates = [
            c
            for c in self.index.near(DATE, claim.value)
            if "injected" not in c.qualifiers and not c.nested
        ]
        if not dates:
            dates = [c for c in self.index.all_dates()[:256] if not c.nested]
        if not dates:
            return ClaimVerdict(claim=claim, outcome=FABRICATION)
        nearest = min(dates, key=lambda c: (_period_distance(claim.period, c.period), c.start))
        return ClaimVerdict(claim=claim, outcome=PERIOD_MISMATCH, nearest=nearest_value(nearest))

    def _dates_within_days(self, key: str, days: int) -> list[Claim]:
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
                if abs((other - target).days) <= days:
                    out.append(c)
        return out


_WHOLE_COMPANY = frozenset({"total", "consolidated"})
_COUNT_SEGMENT_WORDS = ("available", "count", "total", "num")
_EXPRESSION_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")
# Numbers a formula brings of its own: a percentage's 100, periods in a year, thousands.
_CALCULATOR_CONSTANTS = frozenset(
    Decimal(n) for n in ("0", "1", "2", "3", "4", "12", "52", "100", "365", "1000")
)


# Words that introduce the same figure again: "i.e. about", ", or", "(", "that is".
_RESTATING = re.compile(
    # "**1.0 percentage points** (roughly **101 bps**)": emphasis is not words
    r"\s*[*_]{0,3}\s*,?\s*(?:(?:\(|i\.e\.,?|ie|or|that is,?|equivalent to|which is|equal to)"
    r"\s*[*_]{0,3}\s*(?:(?:about|roughly|approximately|around|some|nearly|almost|~)\s*)?"
    # "−0.06 points, about −6 bps": a hedge after a comma restates the figure too
    r"|(?<=,)\s*(?:about|roughly|approximately|around|or\s+about|~))\s*"
    r"[*_]{0,3}",
    re.IGNORECASE,
)


def _like_money(operand: Claim, claim: Claim) -> bool:
    """An operand of the claim's sort: money in the claim's currency for a money claim, a
    figure that is not money for any other."""
    if claim.kind == CURRENCY:
        return operand.kind == CURRENCY and operand.unit == claim.unit
    return operand.kind != CURRENCY


def _unit_names(words: frozenset[str]) -> frozenset[str]:
    """A unit's words with the one name `_UNIT_ALIASES` gives each of them."""
    aliases = {_UNIT_ALIASES[w] for w in words if w in _UNIT_ALIASES}
    return words | aliases if aliases else words


def _of_other_metrics(mine: frozenset[str], operands: tuple[Claim, ...]) -> bool:
    """Every operand names a known metric, and none is the claim's."""
    for operand in operands:
        theirs = _canonical(operand)
        if not theirs or _related(mine, theirs):
            return False
    return True


def _same_unit(a: Claim, b: Claim) -> bool:
    """No unit says they differ: a tool output's bare number may be the answer's dollars."""
    return not a.unit or not b.unit or a.unit == b.unit


def _one_or_none(derivation: Derivation | None) -> list[Derivation]:
    return [derivation] if derivation is not None else []


def _a_change(reading: Reading) -> bool:
    """A rate its words give as a change ("up 38.9%"), not a level ("39.4% of deliveries")."""
    return (bool(reading.direction) or CHANGE in reading.cues) and SHARE not in reading.cues


def _comparable(claim: Claim) -> tuple[Decimal, str, Decimal] | None:
    """A figure as a magnitude in common units, its dimension and its precision in those
    units: basis points as percentages, amounts at their scale."""
    precision = claim.precision or Decimal(1)
    if claim.kind in (PERCENT, PERCENTAGE_POINTS):
        return abs(claim.value), "rate", precision
    if claim.kind == BPS:
        return abs(claim.value) / 100, "rate", precision / 100
    if claim.kind in _AMOUNTS:
        return abs(claim.value), "amount", precision
    if claim.kind == RATIO:
        return abs(claim.value), "ratio", precision
    return None


_AVERAGE_NAMED = re.compile(r"\b(?:average|mean)\b", re.IGNORECASE)
_DURATION_AFTER = re.compile(r"[\s-]*(?:weeks?|days?|months?|years?|hours?)\b", re.IGNORECASE)


def _on_evidence_of(
    claim: Claim,
    evidence: ClaimVerdict,
    formula: str,
    derivation: str,
    confidence: Decimal = Decimal(1),
) -> ClaimVerdict:
    """A figure that stands on another figure's verdict: the answer states it again."""
    return ClaimVerdict(
        claim=claim,
        outcome=DERIVED,
        layer=LAYER_DERIVATION,
        nearest=evidence.nearest,
        expected_value=evidence.expected_value,
        formula=formula,
        confidence=confidence,
        details={"derivation": derivation},
    )


def _names_alike(claim: Claim, other: Claim) -> bool:
    """Nothing in their names says they are different figures: the known metrics they name
    are related, or they share a word, or one names nothing."""
    mine, theirs = _canonical(claim), _canonical(other)
    if mine and theirs:
        return _related(mine, theirs)
    words = {w for w in claim.label_words if not w.startswith("#")}
    return not words or not other.label_words or bool(words & other.label_words)


def _for_the_period(period: str, rates: list[_Claimed]) -> list[_Claimed]:
    """The two rates a change "in 2024" is between: the one for that period and the latest
    before it; without a period, the last two the answer gave."""
    if period:
        dated = [o for o in rates if o.reading.claim.period]
        now = [o for o in dated if lx.periods_compatible(period, o.reading.claim.period)]
        if now:
            key = lx.period_year(now[-1].reading.claim.period)
            before = [
                o
                for o in dated
                if lx.period_year(o.reading.claim.period)
                and lx.period_year(o.reading.claim.period) < key
            ]
            if before:
                latest = max(lx.period_year(o.reading.claim.period) for o in before)
                prior = [o for o in before if lx.period_year(o.reading.claim.period) == latest]
                return [now[-1], prior[-1]]
    return rates[-2:]


def _the_one_named(reading: Reading, rates: list[_Claimed]) -> list[_Claimed]:
    """Of the answer's earlier rates, the one the words after a spread name, when one does."""
    if not reading.other_label:
        return []
    shared = [len(reading.other_label & o.reading.claim.label_words) for o in rates]
    most = max(shared, default=0)
    if most < min(2, len(reading.other_label)):
        return []
    # (a rate that only carries on the words of the one before is not the one they name)
    best = [
        o for o, n in zip(rates, shared, strict=True) if n == most and not o.reading.label_inherited
    ]
    return best if len(best) == 1 else []


def _comes_after(later: str, earlier: str) -> bool:
    """`later` is a later year than `earlier`, or a later quarter of the same year ("Q4
    2023" after "Q3 2023")."""
    if later <= earlier:
        return False
    later_year, earlier_year = lx.period_year(later), lx.period_year(earlier)
    if later_year and earlier_year and later_year > earlier_year:
        return True
    quarters = _QUARTER_OF_YEAR.fullmatch(later), _QUARTER_OF_YEAR.fullmatch(earlier)
    return bool(
        quarters[0]
        and quarters[1]
        and later_year == earlier_year
        and quarters[0].group(1) > quarters[1].group(1)
    )


_QUARTER_OF_YEAR = re.compile(r"Q([1-4]) [0-9]{4}")


def _shares_a_metric(claim: Claim, other: Claim) -> bool:
    """Both name one known metric (`@gross margin`)."""
    return any(w.startswith("@") and w in other.label_words for w in claim.label_words)


def _sibling_shape(path: str) -> tuple[str, str]:
    """ "positions.NWSC.market_value" -> ("positions", "market_value"): the siblings' shape."""
    parts = path.split(".")
    if len(parts) < 2:
        return ("", path)
    return (".".join(parts[:-2]), parts[-1])


def _related(mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """Known metrics that are one, or one a kind of the other ("@options volume" of
    "@volume", "@eps surprise" of "@eps"). Guidance is a forecast of some metric, so it
    is related to any ("fourth-quarter guidance of $7.9 billion" of revenue)."""
    if mine <= _FORECASTS or theirs <= _FORECASTS:
        return True
    if any(frozenset((a, b)) in _KINDRED for a in mine for b in theirs):
        return True
    return any(a[1:] in b[1:] or b[1:] in a[1:] for a in mine for b in theirs)


_FORECASTS = frozenset({"@guidance"})
# Metrics one answer may name by the other: a fund's "assets" are its assets under management.
_KINDRED = frozenset({frozenset({"@aum", "@total assets"})})


def _spelled_figure(claim: Claim, start: int, end: int, value: Decimal | int, kind: str) -> Claim:
    """A number the answer writes in words, as a figure a formula may take (never a claim)."""
    return replace_claim(
        claim,
        text=f"{value}",
        start=start,
        end=end,
        kind=kind,
        value=Decimal(value),
        precision=Decimal(1),
        scale=Decimal(1),
        unit="%" if kind == PERCENT else "",
        qualifiers=frozenset({"spelled"}),
    )


def _canonical(claim: Claim) -> frozenset[str]:
    """The known metrics a value's label names (`@eps`, `@net income`)."""
    if not claim.label_words:
        return frozenset()  # as for most values of a long text with no labels
    named = frozenset(w for w in claim.label_words if w.startswith("@"))
    if named and claim.section_words and len(claim.label_words - claim.section_words - named) > 1:
        # "Cash flows from financing activities - Repurchases of common stock": a row named in
        # words of its own is its own metric, not the heading's that groups it (a "Diluted"
        # under "Earnings per share" is a part of the heading's).
        named = named - claim.section_words
    if claim.label == "eps" and "@eps" not in named:
        # "trailing earnings of $2.19 per share": earnings per share, not net income.
        named = (named - {"@net income"}) | {"@eps"}
    elif claim.label == "dividend" and claim.kind == CURRENCY:
        named = named | {"@dividend"}  # "the company declared $0.96 per share"
    return named


def _sibling_line(label: frozenset[str], other: Claim, named: frozenset[str]) -> bool:
    """Another line of the same known metric: basic EPS beside diluted EPS. The claim's
    own words (`named`) must hold what sets its line apart ("diluted"); prose that names
    one metric twice with other verbs around it ("the company expects revenue of") is the
    same line."""
    known = {w for w in label if w.startswith("@")}
    apart = {w for w in (label - other.label_words) & named if not w.startswith("@")}
    return bool(known & other.label_words) and bool(apart)


def _columns_of_one_period(operands: tuple[Claim, ...]) -> bool:
    """Cells of one row under different columns, all of one period: parts side by side
    ("Severance | Facility exit | Other" of one balance), not one line over periods."""
    columns = {o.cell[2] for o in operands if o.cell is not None}
    periods = {o.period for o in operands}
    return len(columns) == len(operands) and len(periods) == 1 and "" not in periods


# "What share of gross financial debt did lease liabilities represent ...?"
_WHOLE_ASKED = re.compile(
    r"\b(?:proportion|percentage|share|portion|fraction|percent)\s+of\s+(?:the\s+|its\s+)?"
    r"(?P<whole>[A-Za-z][A-Za-z ,'’-]{2,60}?)\s+(?:did|was|were|is|are|does|do)\b",
    re.IGNORECASE,
)
_PLAIN_QUOTIENT = re.compile(
    r"\s*\(?\s*(?P<a>[^/÷()×*]+?)\s*[/÷]\s*(?P<b>[^/÷()×*]+?)\s*\)?\s*(?:[×*]\s*100\s*)?"
)
_TOTALED_BEFORE = re.compile(r"\btotall?ed[ \t]+(?:about[ \t]+|approximately[ \t]+)?[*_]*\Z")
_PARTS_AFTER = re.compile(
    r"[ \t]*(?:thousand|million|billion)?[ \t]*,?[ \t]*(?:covering|consisting[ \t]+of|comprising|"
    r"made[ \t]+up[ \t]+of|split[ \t]+between)\b",
    re.IGNORECASE,
)


def _names_a_total(reading: Reading) -> bool:
    """The claim's own name says it is the whole ("Total revenue, the sum of A and B, was
    X"), not only a verb of summing ("A and B together totaled X")."""
    return bool(reading.claim.label_words & _TOTAL_WORDS)


def segments_compatible(claim: Claim, source: Claim, index: SourceIndex) -> bool:
    """A segment's figure grounds only that segment; a total only the whole company. A value
    whose own label names the claim's segment ("Flow Control" in a segment table) is that
    segment's."""
    segment = claim.segment
    named = labels.words(segment) if segment else []
    if named and set(named) <= source.label_words | source.header_words:
        return True
    if segment and index.is_company(segment):
        segment = ""  # "Lumeris revenue": the company's own name, not a segment
    if segment and source.segment:
        return segment == source.segment
    if segment:
        if _WHOLE_COMPANY & source.qualifiers:
            return False
        if _under_run_in_heading(source, segment, index):
            return True  # "Americas. Net revenues increased 7% ...": that segment's paragraph
        return not index.segment_unreported(segment)
    if source.segment:
        return not (_WHOLE_COMPANY & claim.qualifiers)
    return True


def _under_run_in_heading(source: Claim, segment: str, index: SourceIndex) -> bool:
    """The source value's paragraph opens with the segment's name as a run-in heading
    ("Americas. Net revenues increased 7% to $2.3 billion ...")."""
    text = index.texts.get(source.source_id, "")
    start = text.rfind("\n", 0, source.start) + 1
    end = start + len(segment)
    return text[start:end].lower() == segment.lower() and _RUN_IN.match(text, end) is not None


_RUN_IN = re.compile(r"\s?[.:—–-]\s")


def quantize_like(value: Decimal, claim: Claim) -> Decimal:
    """`value` at the claim's precision, at least two decimals for a percentage (14.20)."""
    places = 2 if claim.kind in (PERCENT, PERCENTAGE_POINTS) else 0
    return values.quantize_like(value, claim.precision, places)


def _period_distance(a: str, b: str) -> tuple[int, int]:
    year_a, year_b = lx.period_year(a), lx.period_year(b)
    years = abs(int(year_a) - int(year_b)) if year_a and year_b else 100
    shape = 0 if a[:1] == b[:1] else 1
    return (years, shape)


def _with_written_sign(exact: Decimal, claim: Claim) -> Decimal:
    """A worked-out value as the answer writes it: a derivation that matched the figure's
    size ("511.5" from "231.4 - 742.9" with capital spending read as negative) carries the
    figure's own sign into the arithmetic that later uses it."""
    if exact and claim.value and (exact < 0) != (claim.value < 0):
        return -exact
    return exact


def _over_the_later_value(derivation: Derivation, drift: Derivation) -> bool:
    """ "up $0.85 or about 16.7% from $4.25" to $5.10: the change over the value it arrived
    at is the growth's wrong denominator, not another reading of the sentence."""
    if derivation.kind != cd.SHARE_OF or drift.kind != cd.GROWTH or len(drift.operands) != 2:
        return False
    later, earlier = drift.operands
    part, whole = derivation.operands
    return abs(part.value) == abs(later.value - earlier.value) and whole.value == later.value


def _span_of(period: str) -> str:
    """The length of time a flow's period covers: a quarter (`Q`), a half (`H`), nine
    months (`9M`) or a year (`Y`); "" for a point in time or no period."""
    if not period or (len(period) == 10 and period[4] == "-"):
        return ""
    if period[:1] == "Q" or period.startswith("3M"):
        return "Q"
    if period[:1] == "H" or period.startswith("6M"):
        return "H"
    if period.startswith("9M"):
        return "9M"
    return "Y" if lx.period_year(period) else ""


# The head of a line of working before its result: "Quick ratio = quick assets ÷ current
# liabilities ≈ ", "- Turnover = 1,938.4 ÷ average inventories ≈ **", "**Quick ratio ≈ ".
_RESULT_LINE = re.compile(
    r"[ \t>*•-]*((?:[^\n=≈→]{1,160}=)*[^\n=≈→]{1,160}?)\s*(?:=|≈|→|\bis\s+about)\s*[*_]*\s*"
)
_WORKING_OPERATOR = re.compile(r"[÷×*/+−–]|\s-\s|[()]")
_WORKING_PIECE = re.compile(
    r"[÷×*/+−–()]|\s-\s|[^÷×*/+−–()]+?(?=\s*(?:[÷×*/+−–()]|\s-\s|$))", re.DOTALL
)
_NUMBER_PIECE = re.compile(
    r"\s*(?:[$€£¥]\s?)?[0-9][0-9,]*(?:\.[0-9]+)?\s*(?:[KMB]|bn|mn|%)?\s*", re.IGNORECASE
)
_SCALE_LETTERS = re.compile(r"(?<=[0-9])\s*(?:[KMB]|bn|mn)\b", re.IGNORECASE)
# A line that defines a metric by working in words: "Quick ratio = (Cash ... + ...) ÷ ...".
_DEFINITION_LINE = re.compile(r"(?m)^[ \t>*•#-]*[A-Za-z][^\n=]{1,60}=[^\n=]{3,200}$")
# A line that opens with the name of its figure: "- Quick assets:", "Average inventories =".
_NAMED_LINE = re.compile(r"[ \t>*•-]*([A-Za-z][A-Za-z ,&'’/()-]{1,60}?)\s*[:=]")


def _unbolded(text: str, start: int, end: int) -> str:
    return text[start:end].replace("*", "").replace("_", " ")


def _named_after(c: _Claimed, stated: Claim) -> ClaimVerdict | None:
    """A value found on the line the words right after the figure name, weakly grounded:
    "a 4-star rating, with one 5-star and one 2-star review" (the metric carried over from
    the figure before is no evidence against that line), "a 5.0-star studio across 143
    reviews" (nor is the subject of a count's sentence against the noun it counts)."""
    claim, after = c.reading.claim, c.reading.after_label
    other = c.exact[0]
    if (
        c.reading.label_inherited
        or (claim.kind in (NUMBER, COUNT) and not claim.unit and not after & stated.label_words)
    ) and after & other.label_words:
        return _weakly_grounded(claim, other, "value found on the line the words after it name")
    return None


def _hedged_place(claim: Claim) -> Decimal:
    """The place a figure is rounded to: its last digit's, or for a hedged round figure
    ("roughly EUR 370 million") its last non-zero digit's."""
    precision = claim.precision or Decimal(1)
    if not claim.approximate:
        return precision
    return max(precision, cd.last_digit_place(claim) * (claim.scale or 1))


def _names_term(figure: Claim, term: frozenset[str]) -> bool:
    """The figure's words name a formula's term: all its words, or its metric."""
    plain = labels.without_metrics(term)
    metrics = term - plain
    return plain <= figure.label_words or bool(metrics and metrics <= figure.label_words)


def _beside_its_working(
    claim: Claim, nearest: Claim, expression: str, **details: str
) -> ClaimVerdict:
    """`unsupported_aggregation` for a figure the answer worked out beside its working, the
    value the sources state the nearest. No correction: the working beside the figure would
    still give the old one."""
    return ClaimVerdict(
        claim=claim,
        outcome=UNSUPPORTED_AGGREGATION,
        layer=LAYER_DERIVATION,
        nearest=nearest_value(nearest),
        formula=" ".join(expression.split()),
        details=details,
    )


# Words that name the earlier and the later state of one thing: "Old commission" and "New
# commission", "Current fee" and "Proposed fee".
_EARLIER_STATES = frozenset({"old", "previous", "prior", "current", "existing", "before"})
_LATER_STATES = frozenset({"new", "revised", "proposed", "updated", "after"})


def _between_states(reading: Reading, given: list[Claim]) -> list[Derivation]:
    """A change whose words name no line, right after two figures of its unit named as one
    thing's earlier and later states ("- **Old commission (28%):** £5.60", "- **New
    commission (30%):** £6.00", "- **Difference:** £0.40 more"): later less earlier."""
    claim = reading.claim
    figures = [c for c in given if c.kind == claim.kind and c.unit == claim.unit and c.kind != DATE]
    if len(figures) < 2:
        return []
    earlier, later = figures[-2], figures[-1]
    old, new = earlier.label_words, later.label_words
    if not (old & _EARLIER_STATES and new & _LATER_STATES):
        return []
    if old - _EARLIER_STATES != new - _LATER_STATES or not old - _EARLIER_STATES:
        return []  # the same thing, only its state differs
    return [Derivation(cd.DIFFERENCE, (later, earlier), True, False)]


def _a_cost_ratio_as_a_margin(claim: Claim, derivation: Derivation) -> bool:
    """A gross or operating margin is a profit over revenue, never the cost's share of it:
    62.2% cost of sales over net sales is no gross margin."""
    return (
        derivation.kind == cd.SHARE_OF
        and bool(claim.label_words & {"@gross margin", "@operating margin"})
        and "@cost of revenue" in derivation.operands[0].label_words
    )


# "the ratio of net income to revenue in 2024": the two lines a question's ratio is of.
_ASKED_RATIO = re.compile(
    r"\bratio\s+of\s+([A-Za-z][A-Za-z&'’ -]{1,80}?)\s+to\s+([A-Za-z][A-Za-z&'’ -]{1,80}?)"
    r"(?=\s+(?:in|for|at|during|as\s+of|between|from)\b|\s*[?.,]|\s*\Z)",
    re.IGNORECASE,
)
MAX_STATED_RATES = 200  # the sources' rates a level before a change is looked for over
# Words around a source's rate that say which way its line went.
_STATED_RISE = re.compile(
    r"\b(?:more than|higher than|above|up|rose|increased|grew|climbed|gain(?:ed)?|increase|growth)\b",
    re.IGNORECASE,
)
_STATED_FALL = re.compile(
    r"\b(?:less than|fewer than|lower than|below|down|fell|decreased|declined|dropped|decline|"
    r"decrease|drop)\b",
    re.IGNORECASE,
)


def _stated_direction(window: str) -> int:
    """+1 when the words around a source's rate say its line rose, -1 fell, 0 neither or
    both."""
    rise, fall = bool(_STATED_RISE.search(window)), bool(_STATED_FALL.search(window))
    return 1 if rise and not fall else -1 if fall and not rise else 0


_ORDINAL = re.compile(r"[0-9]{1,2}(?:st|nd|rd|th)", re.IGNORECASE)
_ORDINAL_WORDS = {
    1: "first",
    2: "second",
    3: "third",
    4: "fourth",
    5: "fifth",
    6: "sixth",
    7: "seventh",
    8: "eighth",
    9: "ninth",
    10: "tenth",
}
MAX_RATES = 16
MAX_CONVERTED = 400
# "HTG 131.45 per US dollar", "R18.20 to the dollar", "₹83.37/US$": the currency one unit
# of which the rate before it buys.
_PER_UNIT_OF_CURRENCY = re.compile(
    r"\s*(?:per|a|to\s+the|to\s+one|for\s+each|for\s+one|/)\s*(?:one\s+)?(?:U\.?S\.?\s*)?"
    r"(dollars?|euros?|pounds?|sterling|yen|[A-Z]{3}\b|US\$|\$|€|£|¥)",
)
_EQUALS = re.compile(r"\s*[=≈]\s*")


def _rates_in(text: str, claims: list[Claim]) -> list[tuple[str, str, Claim]]:
    """The exchange rates a text states over its claims of money: a rate "per" a currency's
    unit, and an equation of one unit with an amount of another ("€1 = US$1.08",
    "₹83.37 = US$1.00")."""
    out: list[tuple[str, str, Claim]] = []
    money = [c for c in claims if c.kind == CURRENCY and c.unit and c.value]
    for k, c in enumerate(money):
        per = _PER_UNIT_OF_CURRENCY.match(text, c.end)
        if per is not None:
            named = per.group(1)
            base = (
                lx.CURRENCY_WORDS.get(named.lower())
                or lx.CURRENCY_SYMBOLS.get(named)
                or (named if named.isupper() and len(named) == 3 else "")
            )
            if base and base != c.unit:
                out.append((c.unit, base, c))
            continue
        following = money[k + 1] if k + 1 < len(money) else None
        if following is None or following.unit == c.unit:
            continue
        if not _EQUALS.fullmatch(text, c.end, following.start):
            continue
        if c.value == 1:
            out.append((following.unit, c.unit, following))
        elif following.value == 1:
            out.append((c.unit, following.unit, c))
    return out


def _derived_weakly(claim: Claim, value: Decimal, formula: str, derivation: str) -> ClaimVerdict:
    """`derived` by a formula found without the sentence describing it: lower confidence."""
    return ClaimVerdict(
        claim=claim,
        outcome=DERIVED,
        layer=LAYER_DERIVATION,
        expected_value=quantize_like(value, claim),
        formula=formula,
        confidence=WEAK,
        details={"derivation": derivation},
    )


def _weakly_grounded(claim: Claim, source: Claim, reason: str) -> ClaimVerdict:
    """`grounded` on a source value, with a lower confidence and the reason why."""
    return ClaimVerdict(
        claim=claim,
        outcome=GROUNDED,
        nearest=nearest_value(source),
        confidence=WEAK,
        details={"reason": reason},
    )
