"""Claim extraction: every number written with digits, with its span, value, unit and context.

The scanner finds digit runs with one linear pattern and reads a bounded window either side
of each; no pattern ever runs over an unbounded stretch of text, so a megabyte of digits and
separators costs no more than a megabyte of prose.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
import unicodedata
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation

import regex

from . import context, labels, numberwords, tables, values
from . import lexicon as lx
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
    STATED,
    Claim,
)

# Texts beyond this are cut: detection stays bounded whatever a client sends.
MAX_TEXT_CHARS = 2_000_000
MAX_TOKEN_CHARS = 40
REGEX_TIMEOUT = 0.05  # seconds, for the few patterns that see caller text of any length

_TOKEN = re.compile(r"[0-9]+(?:[.,][0-9]+)*")
# Digit groups written the European and Swiss ways: "2 314,6" (a space between groups, a
# decimal comma), "2'413", "11 960" (an apostrophe, a thin or no-break space). A plain
# space groups digits only with a decimal comma after it: "in 2024 123 stores" stays two
# numbers.
_GROUPED = re.compile(
    r"(?<![0-9.,'’])[0-9]{1,3}"
    r"(?:(?:['’\u00a0\u202f\u2009][0-9]{3})+(?:[.,][0-9]{1,2})?(?![0-9])"
    r"|(?: [0-9]{3})+,[0-9]{1,2}(?![0-9]))"
)
# "287,9": a comma before one or two digits is a decimal comma; before three it groups them.
_DECIMAL_COMMA = re.compile(r"[0-9]{1,3},[0-9]{1,2}")
_POINT_GROUPS = re.compile(r"[0-9]{1,3}(?:\.[0-9]{3})+,[0-9]{1,2}")
# "9.842.316": two or more points between groups of three group thousands, whatever the
# document's decimal mark ("2.186" alone stays a decimal).
_POINT_THOUSANDS = re.compile(r"[0-9]{1,3}(?:\.[0-9]{3}){2,}")
_ONE_POINT_GROUP = re.compile(r"[0-9]{1,3}\.[0-9]{3}")
_COMMA_THOUSANDS = re.compile(r"(?<![0-9.,])[0-9]{1,3},[0-9]{3}(?![0-9])")
# Indian grouping: pairs of digits above the thousands ("2,41,306", "48,72,16,54,310").
_INDIAN_GROUPS = re.compile(r"[0-9]{1,2}(?:,[0-9]{2})+,[0-9]{3}(?:\.[0-9]+)?")
_DECIMAL_TAIL = re.compile(r"[.,][0-9]{1,2}\Z")
_NOT_DIGIT = re.compile(r"[^0-9]")
# The runs of `_GROUPED` or else `_TOKEN` (f"{_GROUPED.pattern}|{_TOKEN.pattern}", as a test
# checks), with their first digit written once in front: a pattern that opens with a digit
# lets the search skip to the next digit rather than try both branches at every character.
_NUMBER_RUN = re.compile(
    r"[0-9](?:(?<![0-9.,'’][0-9])[0-9]{0,2}"
    r"(?:(?:['’\u00a0\u202f\u2009][0-9]{3})+(?:[.,][0-9]{1,2})?(?![0-9])"
    r"|(?: [0-9]{3})+,[0-9]{1,2}(?![0-9]))"
    r"|[0-9]*(?:[.,][0-9]+)*)"
)
_VALID_NUMBER = re.compile(r"(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?")
_BRACKETED = re.compile(r"\[(?:Source|Verified|Sources|Ref)\s*:[^\]\n]{0,400}\]", re.IGNORECASE)
_URL = re.compile(r"(?:https?://|www\.)[^\s)\]>]{1,400}")
_EMAIL_LOCAL = re.compile(r"[\w.+-]{1,64}\Z")
_EMAIL_DOMAIN = re.compile(r"@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}")
_SECURITY_WORDS = frozenset({"isin", "cusip", "sedol", "figi", "lei"})
_SECURITY_ID = re.compile(r"(?:ISIN|CUSIP|SEDOL|FIGI|LEI)\s*:?\s*[A-Z0-9]{6,20}\b", re.IGNORECASE)
# Clause ends: a sentence stop followed by space, a semicolon, a line break that is not a
# soft wrap of prose (`lx.SOFT_WRAP`). The character class comes first so that the search
# skips to candidates rather than trying every branch everywhere; a test checks it against
# the plain alternation.
_CLAUSE_END = re.compile(r"[.!?;\n](?:(?<=[.!?])(?=\s|\Z)|(?<=;)|(?<=\n)(?!" + lx.SOFT_WRAP + r"))")
_ABBREVIATIONS = frozenset(
    {"approx", "vs", "inc", "corp", "co", "ltd", "no", "u.s", "e.g", "i.e", "mr", "ms", "dr", "fig"}
)

_FY_BEFORE = re.compile(r"\b(?:(FY|CY)\s*|(fiscal)\s+(?:year\s+)?)['’]?\Z", re.IGNORECASE)
_QUARTER_WORDS_BEFORE = re.compile(
    r"\b(first|second|third|fourth)[\s-]+(quarter|half)\s+(?:of\s+)?(?:(?:fiscal\s+(?:year\s+)?|FY\s*)['’]?)?\Z",
    re.IGNORECASE,
)
# "the first nine months of 2024", "the nine months of fiscal 2025": a span from the
# year's start, its end month left to the calendar the sources keep.
_MONTHS_OF_BEFORE = re.compile(
    r"\b(?:first[\s-]+)?(nine|9)[\s-]+months\s+of\s+(?:(?:fiscal\s+(?:year\s+)?|FY\s*)['’]?)?\Z",
    re.IGNORECASE,
)
_SAME_QUARTER_BEFORE = re.compile(r"\bsame\s+quarter\s+(?:of\s+)?\Z", re.IGNORECASE)
_QUARTER_NAMED = re.compile(
    r"\b(first|second|third|fourth)[\s-]+quarter\b|\bQ([1-4])\b", re.IGNORECASE
)


def _last_quarter_named(text: str, end: int) -> int | None:
    """The quarter named last within the paragraph before `end` ("third quarter", "Q3")."""
    start = max(0, end - 400, text.rfind("\n\n", 0, end) + 1)
    named = list(_QUARTER_NAMED.finditer(text, start, end))
    if not named:
        return None
    found = named[-1]
    return lx.ORDINAL_QUARTERS[found.group(1).lower()] if found.group(1) else int(found.group(2))


_MONTH_BEFORE = re.compile(
    r"\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\Z",
    re.IGNORECASE,
)
_MONTH_SPAN_BEFORE = re.compile(r"\b" + lx.MONTH_NAME + r"\.?\s*[-–—]\s*\Z", re.IGNORECASE)
_MONTH_AFTER = re.compile(
    r"(?:st|nd|rd|th)?\s+(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|"
    r"aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?,?"
    r"(?:[ \t]+|[ \t]*\n[ \t]{0,3})([0-9]{4})(?![0-9])",
    re.IGNORECASE,
)
_MONTH_ONLY_AFTER = re.compile(
    r" (jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?(?![ \t]*,?[ \t]*[0-9])",
    re.IGNORECASE,
)
# A date's year on the next line only when that line starts with it: in a stacked column
# header ("Sep 28,        Sep 29," over "2025           2024") the year after the line
# break is another column's.
_DAY_YEAR_AFTER = re.compile(r"(?:st|nd|rd|th)?,?(?:[ \t]+|[ \t]*\n[ \t]{0,3})([0-9]{4})(?![0-9])")
_DAY_RANGE_AFTER = re.compile(r"\s?[-–]\s?([0-9]{1,2})(?![0-9])(?:,?\s+([0-9]{4})(?![0-9]))?")
_QUARTER_YEAR_AFTER = re.compile(
    r"[\s\-/]*(?:(FY|fiscal)\s*)?['’]?([0-9]{4}|[0-9]{2})(?![0-9])", re.IGNORECASE
)
_NM_AFTER = re.compile(r"M\s?['’]?([0-9]{4}|[0-9]{2})(?![0-9])")
_NQ_AFTER = re.compile(r"([QH])\s?['’]?([0-9]{4}|[0-9]{2})(?![0-9])")
_ORDINAL_QUARTER_AFTER = re.compile(
    r"(?:st|nd|rd|th)\s+(quarter|half)(?:\s+(?:of\s+)?(?:(fiscal)\s+(?:year\s+)?|(FY)\s*)?['’]?"
    r"([0-9]{4}|[0-9]{2})(?![0-9]))?",
    re.IGNORECASE,
)
# The second year of a fiscal year written across two: "2023-24", "2023/24", "FY24-25".
_SPLIT_YEAR_AFTER = re.compile(r"[-–/]((?:19|20)?[0-9]{2})(?![0-9]|[-/][0-9])")
_ISO_AFTER = re.compile(r"-([0-9]{2})(?:-([0-9]{2}))?(?![0-9])")
_SLASH_AFTER = re.compile(r"/([0-9]{1,2})/([0-9]{4}|[0-9]{2})(?![0-9])")
_ISO_SLASH_AFTER = re.compile(r"/([0-9]{1,2})/([0-9]{1,2})(?![0-9])")

_UNIT_AFTER = re.compile(
    r"""
    (?P<pp>[ \t]{0,4}(?:percentage[\s-]points?|ppts?|pts)(?![\w])|\s?pp(?![\w]))
    |(?P<bps>[ \t]{0,4}(?:bps|basis[\s-]points?)(?![\w])|\s?bp(?![\w]))
    |(?P<pct>\s?(?:%|percent(?![\w])|per\s?cent(?![\w])|pct(?![\w])|percentage(?![\w])|pc(?![\w])))
    |(?P<x>(?:x|X|×)(?![\w])|\s(?:times)(?![\w]))
    """,
    re.VERBOSE,
)
_SCALE_AFTER = re.compile(
    r"(?:\s?(thousand|million|billion|trillion|mn|mln|bn|bln|tn|MM"
    r"|lakh crores?|lakh crore|crores?|lakhs?|Cr|cr)(?![\w])"
    r"|(K|k|M|m|B|b|T)(?![\w])|\s(K|M|B|T)(?![\w]))",
)
_SPACED_SCALE = re.compile(r" (m|bn|k)(?=[ \t.,;:)\n]|\Z)")
_SCALE_AFTER_EMPHASIS = re.compile(
    r"(?:\*\*|__)[ \t](thousand|million|billion|trillion)(?![\w])", re.IGNORECASE
)
# A scale spelled out after the digits: "R46 million" is the rand's sign before an amount,
# where "K2" or "M4" alone stay names.
_SCALE_WORD_AFTER = re.compile(r"\s(?:thousand|million|billion|trillion|bn|mn)(?![\w])")
# A scale word wrapped to the next line of prose ("payments of A$21.6\nmillion"); a
# letter alone there is the next line's first word ("M&A").
_SCALE_WRAPPED = re.compile(r"\n[ \t]*(thousand|million|billion|trillion)(?![\w])")
_CURRENCY_AFTER = re.compile(
    r"\s?(" + lx.CURRENCY_CODE_PATTERN + r")(?![\w])"
    r"|\s(dollars?|euros?|pounds(?:\s+sterling)?|sterling|yen|francs|yuan|renminbi|rupees|"
    + "|".join(lx.LOCAL_CURRENCY_WORDS)
    + r")(?![\w])",
    re.IGNORECASE,
)

# "87 cents", "the 84-cent consensus", "139.8p", "198.3 pence"
_CENTS_AFTER = re.compile(r"[ -]cents?(?![\w])|¢|p(?![\w'’])| pence(?![\w])")
_OF_EVERY_DOLLAR = re.compile(
    r"\s+(?:of|on|from|for|out\s+of|per)\s+(?:(?:every|each|the|a)\s+)?(?:[a-z]+\s+)?dollar\b",
    re.IGNORECASE,
)
_THOUSANDS_IN_BRACKETS = re.compile(r" ?\((?:([A-Z]{3}|[$€£¥₹]) ?)['’]000s?\)")
_NAMED_CENTS = re.compile(r" (US|U\.S\.|euro)\s+cents?(?![\w])", re.IGNORECASE)
CENT = Decimal("0.01")
# (On the figure's own line: "4.85" over "Weighted average shares outstanding" counts none.)
_COUNT_AFTER = re.compile(
    r"(?:st|nd|rd|th)?[ \t]+(?:[a-z-]{2,20}[ \t]+){0,3}(" + "|".join(lx.COUNT_NOUNS) + r")(?![\w])",
    re.IGNORECASE,
)
_ANSWER_COMPOUNDS = frozenset(
    {"strong", "person", "star", "cent"}
)  # "the 84-cent consensus": money
_CLOCK_AFTER = re.compile(r" ?(?:[ap]\.m\.|[AaPp][Mm])(?![\w])")
_SUSPENDED_HYPHEN = re.compile(r"-[ \t]+(?:to|and|or)[ \t]+\d[\d.,]*-[A-Za-z]")
_COUNT_NOUN_SET = frozenset(lx.COUNT_NOUNS)
# The word a number is joined to by a hyphen ("144-bed", "720-megawatt-hour"), and the
# words after which it is a name or a ratio, not a quantity ("1-in-100-year", "2-for-1").
# "a 1-for-25 reverse split", "a 3-for-2 split": the factor after "-for-" is a quantity.
_SPLIT_RATIO_BEFORE = re.compile(r"(?<![\w.,])[0-9]{1,3}-for-\Z")
_HYPHEN_WORD = re.compile(r"[A-Za-z]{2,20}(?![A-Za-z])")
_HYPHEN_NOT_A_NOUN = frozenset({"in", "to", "for", "of", "by", "and", "or", "on", "per", "an"})
_SYMBOL_CHARS = frozenset(symbol for symbol in lx.CURRENCY_SYMBOLS if len(symbol) == 1)
# A dollar sign's longer forms ("US$", "C$", "EC$"), longest first: the first one written
# before the sign wins.
_PREFIXED_DOLLARS = tuple(
    sorted(
        (s for s in lx.CURRENCY_SYMBOLS if s.endswith("$") and s[:-1].isalpha()),
        key=len,
        reverse=True,
    )
)
_SCALE_CHARS = frozenset(" KkMmBbTtCcLl")
_UNIT_CHARS = frozenset(" %pbxX×")
_ORDINAL_AFTER = re.compile(r"(st|nd|rd|th)(?![\w])")
# A range stays on its line: "$356.99\n- 2023: ..." is a list item after a figure.
_RANGE_BEFORE = re.compile(r"(US\$|[$€£¥])[0-9][0-9.,]*[ \t]?(?:-|–|—|to)[ \t]?\Z")
_RATIO_BEFORE = re.compile(
    r"\b(?:ratio|coverage|multiple|multiplier)\s*(?:of|was|is|at|stood\s+at|came\s+in\s+at|:)?\s*\Z",
    re.IGNORECASE,
)
_LISTING_SUFFIX = re.compile(r"\.[A-Z]{1,3}(?![\w])")
# The number in a market index's name: "S&P 500", "Russell 2000", "FTSE 100", "Nasdaq-100".
_INDEX_NAME_BEFORE = re.compile(
    r"(?:S&P|Russell|FTSE|Nikkei|DAX|CAC|STOXX|Stoxx|Nasdaq|NASDAQ|ASX|KOSPI|Sensex|Nifty|"
    r"Dow\s+Jones\s+U\.S\.|MidCap|SmallCap|Stoxx\s+Europe|STOXX\s+Europe)[ \t-]?\Z"
)
# Words that make 100% a threshold the writer compares with ("above 100%", "under 100%").
_THRESHOLD_BEFORE = re.compile(
    r"\b(?:above|below|over|under|exceeds?|exceeded|exceeding|(?:more|less)\s+than"
    r"|at\s+(?:least|most))\s+\Z",
    re.IGNORECASE,
)
# The later numbers of a list of names: "Scope 1 and 2", "Tier 1, 2 and 3", "Phase 2 or 3".
_NAMED_LIST_BEFORE = re.compile(
    r"\b([A-Za-z]+)[ \t][0-9]{1,2}(?:(?:,|,?[ \t](?:and|or|&))[ \t][0-9]{1,2})*"
    r"(?:,|,?[ \t](?:and|or|to|&))[ \t]\Z"
)
_CODE_BEFORE = re.compile(
    r"(?<![A-Za-z])([MT](?=SEK|NOK|DKK|EUR|USD|CHF)|)"  # MSEK: millions, TSEK: thousands
    r"("
    + lx.CURRENCY_CODE_PATTERN
    + r"|Ps\.?|RM|Tk|RO|KSh|Rp|BD|DA|KM|MK|Nu\.?|Bs|Kz|TSh|USh|FCFA|Afl\.?)"
    r"\s?\Z"
)
_CODE_PREFIX_SCALE = {"M": Decimal("1e6"), "T": Decimal("1e3")}
_RANGE_LINK = re.compile(r"[ \t]?(?:-|–|—|to|and)[ \t]?(?:[A-Z]{0,3}[$€£¥₹]|US\$)?[ \t]?(?=[0-9])")
# "between R$1.2 and R$1.4 billion": "and" links a range only after "between".
_BETWEEN_BEFORE = re.compile(r"\bbetween[ \t]+(?:[A-Z]{0,3}[$€£¥₹]|US\$)?[ \t]?\Z", re.IGNORECASE)
# "At $61.35 a share", "trading at THB 18.40 a share", "priced at $20 per share": a price.
_PRICE_BEFORE = re.compile(
    r"(?:\b(?:at|price\s+of|priced\s+at|offer\s+of|paid)\s+(?:about\s+|around\s+)?)\Z",
    re.IGNORECASE,
)
_PER_SHARE_AFTER = re.compile(
    r"\s+(?:per|a)\s+(?:diluted\s+|basic\s+)?share(?![\w])", re.IGNORECASE
)

_PERIOD_LINK = regex.compile(
    r"[*_]{0,2}\s*,?\s*(?:\(?\s*(?:in|for|during|at|as\s+of|of|over|through|ended|ending|on)\s+)?"
    r"(?:the\s+)?(?:(?:fiscal\s+)?(?:year|quarter|period|month|three\s+months|six\s+months|"
    r"nine\s+months|twelve\s+months|(?:thirteen|twenty[\s-]six|thirty[\s-]nine|fifty[\s-]two|"
    r"fifty[\s-]three|13|26|39|52|53)[\s-]weeks)\s+(?:ended|ending)\s+)?\(?\s*\Z",
    regex.IGNORECASE,
)
# "In 2024, revenue grew from $8.0 million to $10.2 million": the figure a change arrives at
# is the period's own, whatever words of change come before it ("compared to" names a base).
_CHANGE_TARGET = re.compile(r"(?<!compared )(?<!relative )(?<!equal )\bto\s+\Z", re.IGNORECASE)
# "an $18.6 million charge in fiscal 2023": the figure's own noun, then its period. Words of
# comparison between them ("$5 million higher than in 2023") name another period's figure,
# and a date after "matures", "due" or "that" names a term, not the figure's period.
_NOUN_THEN_PERIOD = re.compile(
    r"\s+(?:(?!(?:than|from|versus|vs|compared|against|prior|previous|before|earlier|ago|up|"
    r"down|higher|lower|more|less|above|below|due|matur\w*|expir\w*|payable|through|until|"
    r"that|which|over|same)\b)[A-Za-z][\w-]*\s+){1,4}"
    r"(?:in|for|during|of)\s+(?:the\s+)?",
    re.IGNORECASE,
)
# "$1.49 billion (Q1 2024: $1.41 billion)": a period with a colon names the figure after it.
_INTRODUCES_FIGURE = re.compile(r"\s*[:=]")
_INTRODUCES_A_NUMBER = re.compile(r"\s*[:=]\s*(?:[A-Za-z]{1,3}\.?\s?)?[$€£¥₹]?\s?[-−(]?[0-9]")
MAX_INTRODUCED_GAP = 12  # how far after "2023:" its figure may start ("2023: € 1,234.5 million")
_LABEL_LINK = re.compile(
    r"\s*(?:(?:in|of|for)\s+)?(?:(?:the|its|their|total|adjusted|diluted|gaap|non-gaap|quarterly|"
    r"annual|annualized|reported|net|basic|weighted|average|weighted-average)\s+){0,3}\Z",
    re.IGNORECASE,
)
_LIST_MARKER_AFTER = re.compile(r"[.)]\s")
_TIMES_A_PRICE = re.compile(r"[ \t]*[×*][ \t]*(?:[A-Z]{0,3}[$£€¥₹]|[A-Z]{3}[ \t])")

_YEAR_PREPOSITIONS = frozenset(
    {"due", "in", "since", "until", "by", "through", "during", "maturing", "matures", "fiscal"}
)
# Words between a metric's name and a number that make the number another figure of the
# metric: "Share price: 52-week high $187.20" is not the share price, nor is "revenue
# guidance of $4.2 billion" the revenue.
_VARIANT = re.compile(
    r"\b(?:high|low|highs|lows|target|guidance|guided|forecast|outlook)\b", re.IGNORECASE
)
_GENERIC_COUNT_NOUNS = frozenset({"shares", "share", "units", "contracts", "contract"})
_KINDS_WITH_UNIT = {PERCENT: "%", PERCENTAGE_POINTS: "pp", BPS: "bps", RATIO: "x"}


@dataclass(slots=True)
class _Read:
    """A number being read: what the windows around its digits said."""

    start: int
    end: int
    digits: str
    value: Decimal
    decimals: int
    kind: str = NUMBER
    unit: str = ""
    scale: Decimal = Decimal(1)
    negative: bool = False
    approximate: bool = False
    label: str = ""
    period: str = ""
    nested: bool = False
    count_noun: str = ""
    per_share: bool = False
    link_end: int = 0  # where words that belong to the number end ("per diluted share")
    anchor_period: str = ""  # the period a date stands for ("three months ended" a date: Q3)
    in_table: bool = False
    extra: list[Claim] = field(default_factory=list)


def _decimal(digits: str) -> tuple[Decimal, int] | None:
    try:
        value = Decimal(digits.replace(",", ""))
    except InvalidOperation:
        return None
    decimals = len(digits.split(".", 1)[1]) if "." in digits else 0
    return value, decimals


def _split_year(text: str, end: int, first: int) -> tuple[int, int] | None:
    """Where a fiscal year written across two calendar years ends, and its second year,
    when the digits after `end` are the year after `first` ("2023-24", "2011/12")."""
    if not 1900 <= first <= 2100:
        return None
    found = _SPLIT_YEAR_AFTER.match(text, end)
    if found is None:
        return None
    second = found.group(1)
    # Two digits are the next year's last two, whatever century reads them ("FY 2080/81" of
    # the Bikram Sambat calendar).
    if (len(second) == 2 and int(second) != (first + 1) % 100) or (
        len(second) == 4 and int(second) != first + 1
    ):
        return None
    return found.end(), first + 1


def _letters_before(text: str, pos: int, limit: int = 8) -> str:
    i = pos
    while i > 0 and pos - i < limit and (text[i - 1].isalpha() or text[i - 1] == "$"):
        i -= 1
    return text[i:pos]


def _letters_after(text: str, pos: int, limit: int = 8) -> str:
    i = pos
    n = len(text)
    while i < n and i - pos < limit and text[i].isalpha():
        i += 1
    return text[pos:i]


_UNIT_SUFFIXES = frozenset(
    {
        "k",
        "K",
        "m",
        "M",
        "mm",
        "MM",
        "mn",
        "mln",
        "b",
        "B",
        "bn",
        "bln",
        "t",
        "T",
        "tn",
        "x",
        "X",
        "bps",
        "bp",
        "pp",
        "ppt",
        "ppts",
        "pct",
        "pc",  # "rose 14pc", as British papers write a percentage
        "st",
        "nd",
        "rd",
        "th",
        "Q",
        "H",
    }
)
# Units of measure written straight after the digits ("118.4koz", "1.62g/t", "52.4c",
# "3.5MW", "41,820bbl/d"): the figure is a quantity of that unit, not part of a name.
_MEASURE_SUFFIXES = frozenset(
    {
        "oz",
        "koz",
        "Moz",
        "Mozs",
        "lb",
        "lbs",
        "Mlb",
        "Mlbs",
        "g",
        "kg",
        "t",
        "kt",
        "Mt",
        "mt",
        "Mtpa",
        "mtpa",
        "ktpa",
        "km",
        "ha",
        "sqft",
        "sf",
        "MW",
        "GW",
        "kW",
        "MWh",
        "GWh",
        "TWh",
        "kWh",
        "bbl",
        "bbls",
        "boe",
        "boed",
        "bopd",
        "mcf",
        "Mcf",
        "mmcf",
        "MMcf",
        "Bcf",
        "bcf",
        "TEU",
        "TEUs",
        "c",
        "p",
        "GB",
        "TB",
    }
)
_ATTACHED_PREFIXES = frozenset({"Q", "H", "FY", "CY", "$", *_PREFIXED_DOLLARS})
# Currencies whose sign is one capital: the kwacha and kina (K), pula (P), lempira and leu
# (L), rand (R) and loti (M).
_ONE_LETTER_CURRENCIES = frozenset("KPLRM")


# Three space-separated groups ("1 284 615"), or two on either side of an operator ("65 342
# - 51 639 ="): digits grouped with spaces.
_HAS_SPACED_DIGITS = re.compile(
    r"[0-9] [0-9]{3} [0-9]{3}|(?<![0-9])[0-9]{1,3} [0-9]{3} ?(?:[/÷×+−=]| - ) ?[0-9]{1,3}"
    r"(?: [0-9]{3})?(?![0-9])"
)
_SPACE_GROUPED = re.compile(r"[0-9]{1,3}(?: [0-9]{3})+(?:[.,][0-9]{1,2})?")


# A text that groups digits with spaces shows it in an amount of three groups or more with
# its currency, scale or what it counts ("PLN 1 284 612 thousand", "3 150 000 shares"), or
# in an amount with its currency and a decimal comma ("CZK 4 218,6 million"), or in working
# over two such numbers ("727 378 / 8 412 306"); then every space-grouped number of its
# prose is one number ("4 812 persons", "(2023: 4 905)").
_SPACE_GROUPED_AMOUNT = re.compile(
    r"(?:\b[A-Z]{3}|[$€£¥₹]|\bKč|\bzł|\bkr)[ \u00a0]?[0-9]{1,3}(?: [0-9]{3}){2,}(?![0-9])"
    r"|(?:\b[A-Z]{3}|[$€£¥₹]|\bKč|\bzł|\bkr)[ \u00a0]?[0-9]{1,3}(?: [0-9]{3})+,[0-9]{1,2}(?![0-9])"
    r"|(?<![0-9.,])[0-9]{1,3}(?: [0-9]{3}){2,} (?:thousand|million|billion|zł|Kč|kr|[a-z]{3,})\b"
    r"|(?<![0-9.,])[0-9]{1,3}(?: [0-9]{3})+ ?(?:[/÷×+−=]| - ) ?[0-9]{1,3}(?: [0-9]{3})*(?![0-9.,])"
)
_PROSE_SPACE_GROUPED = re.compile(r"(?<![0-9.,])[0-9]{1,3}(?: [0-9]{3})+(?![0-9]|[.,][0-9]{3})")


def _joined_prose_groups(text: str, *, grouped: bool = False) -> str:
    """`text` with its space-grouped numbers written with no-break spaces, when the text
    shows that it groups digits that way (`grouped`: its table cells do)."""
    if not grouped and _SPACE_GROUPED_AMOUNT.search(text) is None:
        return text
    return _no_break_spaces(text, [m.span() for m in _PROSE_SPACE_GROUPED.finditer(text)])


def _no_break_spaces(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with the spaces inside `spans` written as no-break spaces, which the number
    reader takes as group marks ("8 412")."""
    chars = list(text)
    for start, end in spans:
        for k in range(start, end):
            if chars[k] == " ":
                chars[k] = "\u00a0"
    return "".join(chars)


def _joined_cell_groups(text: str, cells: list) -> str:
    """`text` with the spaces inside cells that are one space-grouped number ("8 412",
    "25 630") written as no-break spaces, which the number reader takes as group marks."""
    return _no_break_spaces(
        text,
        [(c.start, c.end) for c in cells if _SPACE_GROUPED.fullmatch(text, c.start, c.end)],
    )


class _Document:
    """One text, with the lookups every number on it shares."""

    def __init__(self, text: str, source_id: str) -> None:
        self.text = text
        self.source_id = source_id
        self.marks = context.find_marks(text)
        self.excluded = _excluded_spans(text, self.marks)
        self._excluded_starts = [s for s, _ in self.excluded]
        ends = []
        for m in _CLAUSE_END.finditer(text):
            pos = m.start()
            if text[pos] == ".":
                word = text[max(0, pos - 4) : pos].lower().rsplit(" ", 1)[-1]
                if word in _ABBREVIATIONS:
                    continue
                if pos > 0 and text[pos - 1] == ".":
                    continue  # dot leaders and ellipses: "contributions (2)..... 2899.5"
            ends.append(pos)
        self.clause_ends = ends
        self.tables = tables.find_tables(text)
        spaced = [c for c in self.tables.cells if " " in text[c.start : c.end]]
        # A cell of three space-separated groups ("1 284 615") shows that the text groups
        # digits with spaces, in its prose too ("41 820 tonnes").
        grouped = any(
            text.count(" ", c.start, c.end) >= 2 and _SPACE_GROUPED.fullmatch(text, c.start, c.end)
            for c in spaced
        )
        if spaced:
            # "8 412" alone in a table cell is one number grouped with a space, as Swedish
            # and French statements write it; in prose "in 2024 123 stores" stays two.
            text = _joined_cell_groups(text, spaced)
            self.text = text
        if grouped or _HAS_SPACED_DIGITS.search(text):
            joined = _joined_prose_groups(text, grouped=grouped)
            if joined is not text:
                text = joined
                self.text = text
        self._last_pos, self._last_word, self._last_between = -1, "", ""
        self.formulas = _formula_spans(text)
        self._formula_starts = [start for start, _ in self.formulas]
        # "(TT$'000; prior-year comparatives in brackets)": a figure in brackets right after
        # another is the earlier period's, not a negative.
        self.comparatives_in_brackets = (
            "(" in text and _COMPARATIVES_IN_BRACKETS.search(text) is not None
        )
        # "3.874.215" beside "657.733": a text that groups thousands with points, and never
        # with commas, groups them so in every number ("657.733" is 657,733).
        self.points_group = (
            "." in text
            and _POINT_THOUSANDS.search(text) is not None
            and _COMMA_THOUSANDS.search(text) is None
        )
        self._cell_starts = [c.start for c in self.tables.cells]
        self._scale_statement: object = _UNKNOWN  # where a scale caption first stands
        # (line start, end of the block under it, period or "")
        self._headings: list[tuple[int, int, str]] | None = None
        self._heading_starts: list[int] = []

    def heading_period(self, pos: int) -> str:
        """The period named by the heading line over `pos` that is a period and nothing else
        ("**Fiscal 2024**", "### FY2023"), within the block under it (to the first blank
        line); "" under a heading of anything else or none. Looked up when first asked."""
        if self._headings is None:
            self._headings = [
                (start, end, tables.header_period(inner) if _names_only_a_period(inner) else "")
                for start, end, inner in headings(self.text)
            ]
            self._heading_starts = [start for start, _, _ in self._headings]
        i = bisect.bisect_right(self._heading_starts, pos) - 1
        if i < 0 or pos >= self._headings[i][1]:
            return ""
        return self._headings[i][2]

    def scale_stated_before(self, pos: int) -> bool:
        """Whether a scale caption stands anywhere before `pos` (looked up when first asked:
        only a source's bare currency amounts ask)."""
        if self._scale_statement is _UNKNOWN:
            self._scale_statement = tables.first_scale_statement(self.text)
        return self._scale_statement is not None and self._scale_statement < pos

    def is_excluded(self, pos: int) -> bool:
        i = bisect.bisect_right(self._excluded_starts, pos) - 1
        return i >= 0 and self.excluded[i][0] <= pos < self.excluded[i][1]

    def clause(self, pos: int) -> tuple[int, int]:
        """Bounds of the clause holding `pos` (at most 400 characters either side)."""
        i = bisect.bisect_left(self.clause_ends, pos)
        start = self.clause_ends[i - 1] + 1 if i > 0 else 0
        end = self.clause_ends[i] if i < len(self.clause_ends) else len(self.text)
        return max(start, pos - 400), min(end, pos + 400)

    def in_table_label(self, pos: int) -> bool:
        spans = self.tables.label_spans
        i = bisect.bisect_right(spans, (pos, len(self.text))) - 1
        return i >= 0 and spans[i][0] <= pos < spans[i][1]

    def in_formula(self, pos: int) -> bool:
        i = bisect.bisect_right(self._formula_starts, pos) - 1
        return i >= 0 and self.formulas[i][0] <= pos < self.formulas[i][1]

    def cell(self, pos: int) -> tables.Cell | None:
        i = bisect.bisect_right(self._cell_starts, pos) - 1
        if i >= 0:
            cell = self.tables.cells[i]
            if cell.start <= pos < cell.end:
                return cell
        return None

    def previous_word(self, pos: int, gap: str = " ") -> str:
        """The lower-case word ending right before `pos`, when only `gap` characters separate them."""
        if pos != self._last_pos:
            i, word = self.marks.word_before(pos)
            between = self.text[self.marks.word_ends[i] : pos] if i >= 0 else ""
            self._last_pos = pos
            self._last_word = word if i >= 0 and len(between) <= 3 else ""
            self._last_between = between
        word = self._last_word
        if word and self._last_between.strip(gap):
            return ""
        return word

    def approximate_before(self, pos: int) -> bool:
        """An approximation word or sign right before `pos`: "about $4 billion", "~$5M"."""
        k = pos
        while k > 0 and pos - k < 2 and self.text[k - 1] == " ":
            k -= 1
        if k > 0 and self.text[k - 1] in "~≈":
            return True
        word = self.previous_word(pos, " ")
        if word in context.CATEGORIES["approximate"]:
            return True
        if word in ("to", "at", "of"):
            i, _ = self.marks.word_before(pos)
            earlier = self.marks.words[i - 1] if i > 0 else ""
            return (word, earlier) in (("to", "close"), ("at", "estimated"), ("of", "region"))
        return False


_COMPARATIVES_IN_BRACKETS = re.compile(
    r"\b(?:comparatives?|comparative figures|prior[- ]year(?: figures| amounts| comparatives)?"
    r"|previous[- ]year(?: figures| amounts)?|(?:19|20)\d\d(?: figures| amounts)?)"
    r"\s+(?:are\s+)?(?:shown\s+|given\s+|stated\s+)?in\s+(?:brackets|parenthes[ei]s)\b",
    re.IGNORECASE,
)
_FIGURE_BEFORE_BRACKET = re.compile(r"[0-9%][ \t]*\Z")  # "214,318 (198,604)"
_FORMULA_CHARS = frozenset("0123456789.,$£€¥¢%()+-*/×÷−–^ \t")
# "=", "≈", and the arrow of working rounded to its result ("4,628.9 / 4,862.4 → 95.2%")
_EQUALS = re.compile("[=≈→]")
_OPERAND_SCALE = r"(?:\s?(?:thousand|million|billion|trillion|bn|mn|crores?|lakhs?|[BMK])\b)?"
# What an operand of working in parentheses counts: "(2,184,306 thousand / 431,560 tonnes)".
_OPERAND_UNIT = r"(?:\s[a-z]{3,12})?"
_TRAILING_FORMULA = re.compile(
    r"(?<=[0-9a-z%*]) ?\((\s?\(?[$€£¥₹]?[0-9][0-9.,]{0,20}"  # "((48,216 + 21,874) thousand ÷"
    + _OPERAND_SCALE
    + _OPERAND_UNIT
    + r"(?:(?:\)"
    + _OPERAND_SCALE
    + r")?(?:\s?[×*÷/+−–]\s?|\s-\s)\(?[$€£¥₹]?[0-9][0-9.,]{0,20}"
    + _OPERAND_SCALE
    + _OPERAND_UNIT
    + r"){1,6}\)?"
    + _OPERAND_SCALE
    + r"\s?)\)"
)
_FORMULA_CONTINUES = re.compile(r"[-+*/×÷−–(]\s*\Z")  # an operator before a currency code
_FORMULA_OPERATORS = frozenset("+*/×÷")
# Scale letters after an operand, and the pence of one ("412,000 × 139.8p =").
_FORMULA_SUFFIXES = frozenset({"B", "M", "K", "bn", "mn", "m", "b", "k", "p"})
# Words a written-out formula may carry: scale words after an operand ("$84,210 thousand ÷
# 21.0%") and currency codes before one ("MSEK 7,914 + MSEK 7,286").
_FORMULA_SCALE_WORDS = frozenset({"thousand", "million", "billion", "trillion"})
_FORMULA_CURRENCY_WORDS = frozenset(
    {
        "USD",
        "EUR",
        "GBP",
        "JPY",
        "CHF",
        "CAD",
        "AUD",
        "SEK",
        "NOK",
        "DKK",
        "INR",
        "CNY",
        "RMB",
        "HKD",
        "MSEK",
        "MEUR",
        "MNOK",
        "MDKK",
        "MUSD",
    }
)
# Any other ISO 4217 code before an operand: "GTQ 567,985.3 thousand / 5,067.1 t".
_ISO_CODE = re.compile(r"[A-Z]{3}")
# Units of quantity written short after an operand: "÷ 5,067.1 t", "÷ 412 kg", "835 MW ×
# 8,760 h".
_SHORT_UNITS = frozenset({"t", "kg", "oz", "lb", "h"})
_UNIT_SYMBOLS = frozenset({"kW", "MW", "GW", "kWh", "MWh", "GWh", "TWh"})
MAX_FORMULA_CHARS = 160
# The column of an IFRS statement that refers each line to its note.
_NOTE_HEADERS = frozenset({"note", "notes", "note no.", "ref", "ref."})
_OPERAND_WORDS = re.compile(r"[0-9] ((?:[a-z]{2,} ){1,2}[a-z]{2,})$")
_NAMED_OPERAND = re.compile(r"[-+−–×÷*/] ((?:[a-z&]{2,20} ){0,3}[a-z&]{2,20})$")
_OPERAND_START = re.compile(r" (?:[$€£¥]|[A-Z]{1,3}\$)?[0-9]")


def _formula_spans(text: str) -> list[tuple[int, int]]:
    """Arithmetic written out before an equals sign: "(0.50 - 0.45) / 0.45 * 100 = 11.11%".

    Its operands are copies of source values, not statements about a metric, and its
    constants (the 100 of a percentage) are not claims at all.
    """
    spans: list[tuple[int, int]] = []
    found = _EQUALS.search(text)
    while found is not None and len(spans) < 10_000:
        eq = found.start()
        start = eq
        while start > 0 and eq - start < MAX_FORMULA_CHARS:
            ch = text[start - 1]
            if ch in _FORMULA_CHARS:
                start -= 1
                continue
            if ch.isalpha() and text[start] == "$" and start - 1 > 0 and text[start - 2] in " (\t":
                start -= 1  # "C$42,286", "A$76.0"
                continue
            if ch.isalpha() and text[start : start + 1] == ")":
                named = _NAMED_IN_BRACKETS.search(text, max(0, start - 80), start + 1)
                if named is not None:
                    # "311,250 − 56,788 (cash and cash equivalents) =": an operand's name in
                    # brackets after it
                    start = named.start(1)
                    continue
            if ch.isalpha():
                k = start - 1
                while k > 0 and text[k - 1].isalpha() and start - k < 3:
                    k -= 1
                if text[k:start] in _FORMULA_SUFFIXES and k > 0 and text[k - 1].isdigit():
                    start = k
                    continue
                while k > 0 and text[k - 1].isalpha() and start - k < 9:
                    k -= 1
                word = text[k:start]
                if (
                    word in _FORMULA_SCALE_WORDS
                    and k > 1
                    and text[k - 1] == " "
                    and text[k - 2].isdigit()
                ):
                    start = k
                    continue
                if (
                    (word.islower() or word in _UNIT_SYMBOLS)
                    and word.isalpha()
                    and (len(word) > 2 or word in _SHORT_UNITS or word in _UNIT_SYMBOLS)
                    and k > 2
                    and text[k - 1] == " "
                    and (text[k - 2].isdigit() or (text[k - 2] in "KMB" and text[k - 3].isdigit()))
                    and (not text[start:eq].strip() or text[start:eq].lstrip()[:1] in "+-−–×÷*/")
                ):
                    # "÷ 1,032 locations ≈", "18.0 cents + ...", "÷ 3,180K cases ≈": the unit
                    # of an operand, before an operator or the sign
                    start = k
                    continue
                named = _NAMED_OPERAND.search(text, max(0, start - 60), start)
                if named is not None and _OPERAND_START.match(text, start):
                    # "£321.1m + depreciation and amortisation £96.4m =": the words that
                    # name an operand, after an operator
                    start = named.start(1)
                    continue
                words = _OPERAND_WORDS.search(text, max(0, start - 40), start)
                if words is not None and (
                    not text[start:eq].strip() or text[start:eq].lstrip()[:1] in "+-−–×÷*/"
                ):
                    # "372 + 9 de novo + 36 acquired − 4 closed = 413": a few words after an
                    # operand say what it counts
                    start = words.start(1)
                    continue
                if (
                    word.islower()
                    and word.isalpha()
                    and len(word) > 2
                    and text[start : start + 1] == " "
                    and text[start + 1 : start + 2].isdigit()
                    and start < eq
                    and not text[max(0, k - 2) : k].strip(" ").endswith(tuple("0123456789,"))
                ):
                    # "interim 18.0 cents + final 24.5 cents =": an operand's name, after an
                    # operator or where the working starts (not "fiscal 2021 total 8,742.6")
                    start = k
                    continue
                if (
                    (word in _FORMULA_CURRENCY_WORDS or _ISO_CODE.fullmatch(word))
                    and text[start : start + 1] == " "
                    and (k == 0 or not text[k - 1].isalnum())
                ):
                    start = k
                    if k > 0 and _FORMULA_CONTINUES.search(text, max(0, k - 4), k):
                        continue
                    # the code before the first operand: the formula starts here
            break
        if start == eq or not text[start:eq].strip(" \t"):
            start = _working_of_the_line_above(text, start, eq)
        while start < eq and text[start] in " ,\t":
            start += 1  # the clause's comma before the arithmetic: "Grossing that up, $84,210"
        while start < eq and text[start] in "/*×÷":
            # "S/ 541,454 thousand / 48,315 =": the sol's sign, no division; working never
            # opens on an operator
            start += 1
            while start < eq and text[start] in " \t":
                start += 1
        if (
            start < eq
            and text[start] in "-*•"
            and (start == 0 or text[start - 1] == "\n")
            and text[start + 1 : start + 2] in (" ", "\t")
        ):
            # "- \\( \\frac{5,909}{18,426} ... \\)": a list item's marker, no minus
            start += 1
            while start < eq and text[start] in " \t":
                start += 1
        lead = _FORMULA_LEAD.match(text, start, eq)
        while lead is not None and lead.end() > start:
            # "**2024:** $811,492K ÷ ...", "In 2024, $811,492K ÷ ...": bold marks and a year
            # that heads the line come before the arithmetic, not in it.
            start = lead.end()
            lead = _FORMULA_LEAD.match(text, start, eq)
        expression = text[start:eq]
        # Bold marks are no multiplication: "≈ **26.92%** (≈ $400.1 million ...)".
        operators = expression.replace("**", "") if "**" in expression else expression
        has_operator = (
            any(ch in _FORMULA_OPERATORS for ch in operators)
            or any(minus in expression for minus in (" - ", " − ", " – "))
            # "Weekly discount of 10%: −£109.50 → £985.50": a step of a running balance
            or (text[eq] == "→" and expression.lstrip()[:1] in ("-", "−", "–"))
        )
        if has_operator and any(ch.isdigit() for ch in expression):
            spans.append((start, eq))
        found = _EQUALS.search(text, eq + 1)
    if "|" in text:
        # "| Capex ÷ depreciation | $214,830K ÷ $58,214K | 3.69× |": a cell of working in
        # the answer's own table; its result stands in the next cell.
        for m in _ARITHMETIC_CELL.finditer(text):
            cell = m.group(1)
            if len(spans) < 10_000 and values.evaluate(cell.replace("**", "")) is not None:
                start = m.start(1) + len(cell) - len(cell.lstrip())
                spans.append((start, m.start(1) + len(cell.rstrip())))
        spans.sort()
    if "(" in text:
        # "about €6.74 million (22,940 × 24.50 × 12)": the arithmetic in parentheses right
        # after a figure, its working; its operands are copies as before an equals sign.
        for m in _TRAILING_FORMULA.finditer(text):
            if len(spans) >= 10_000:
                break
            spans.append((m.start(1), m.end(1)))
        spans.sort()
        merged: list[tuple[int, int]] = []
        for start, end in spans:
            if merged and start < merged[-1][1]:
                # "grew at (2,287.9 / 1,842.6)^(1/2) - 1 = 11.43%": working in parentheses
                # inside a longer formula is part of it.
                merged[-1] = (merged[-1][0], max(merged[-1][1], end))
            else:
                merged.append((start, end))
        spans = merged
    return spans


def _working_of_the_line_above(text: str, start: int, eq: int) -> int:
    """Where the working a line's `=` opens on starts, when the line opens on it and the
    line above ends a step of working ("= $806.2M ÷ $4,812.6M × 365" over "= **61.1
    days**"): after the above line's last `=`; `start` otherwise."""
    if start < 1 or text[start - 1] != "\n":
        return start
    above = text.rfind("\n", 0, start - 1) + 1
    sign = max(text.rfind("=", above, start - 1), text.rfind("≈", above, start - 1))
    if sign < 0 or start - above > MAX_FORMULA_CHARS:
        return start
    step = text[sign + 1 : start - 1].replace("**", "")
    if any(ch in _FORMULA_OPERATORS for ch in step) and any(ch.isdigit() for ch in step):
        return sign + 1
    return start


_NAMED_IN_BRACKETS = re.compile(r"[0-9](\s*\([a-z][a-z&'-]*(?:[ ,]+[a-z&'-]+){0,7})\)\Z")
_ARITHMETIC_CELL = re.compile(r"(?<=\|)([^|\n]*?[0-9][^|\n]*?(?:[÷×]|\s[*/]\s)[^|\n]*?)(?=\|)")
# ... and the rest of a currency sign the scan stopped inside ("B/. 412,806.3 thousand / ..."
# begins after the balboa's "B/.").
_FORMULA_LEAD = re.compile(r"[*_]+[ \t]*|(?:19|20)\d{2}[ \t]*[,:][ \t]+|/?\.[ \t]+")
_RANGE_BETWEEN = re.compile(r"(?:[-–—]| to )(?:US\$|[A-Z]{1,2}\$|[$€£¥₹])?")


def ranges_share_labels(text: str, claims: list[Claim]) -> list[Claim]:
    """The two ends of a range name one metric for one period: "Core FFO of $2.55 to $2.63
    per diluted share" gives both ends the words before the range and after it, and "For
    fiscal 2025, ... GAAP EPS of $1.60 to $1.75" the period either end was given."""
    out = list(claims)
    for i in range(1, len(out)):
        a, b = out[i - 1], out[i]
        if (
            a.kind != b.kind
            or a.kind == DATE
            or a.cell is not None
            or b.cell is not None
            or (
                a.label_words == b.label_words
                and (a.period == b.period or bool(a.period and b.period))
            )
            or not _RANGE_BETWEEN.fullmatch(text, a.end, b.start)
        ):
            continue
        words = a.label_words | b.label_words
        # (Not "from $1,840.0 million to $2,225.0 million" nor "by $2,656 million to $61,047
        # million": a change has two periods, or is no range.)
        period = (
            "" if _FROM_BEFORE.search(text, max(0, a.start - 12), a.start) else a.period or b.period
        )
        out[i - 1] = replace(
            a, label_words=words, label=a.label or b.label, period=a.period or period
        )
        out[i] = replace(b, label_words=words, label=b.label or a.label, period=b.period or period)
    return out


_FROM_BEFORE = re.compile(r"\b(?:from|by)\s+(?:about\s+|roughly\s+)?\Z", re.IGNORECASE)


def formula_spans(text: str) -> list[tuple[int, int]]:
    """Where arithmetic is written out before an equals sign (or `≈`), and where it ends."""
    return _formula_spans(text[:MAX_TEXT_CHARS])


_HTML_ELEMENTS = frozenset(
    {
        *("table", "tr", "td", "th", "thead", "tbody", "tfoot", "col", "colgroup", "caption"),
        *("div", "span", "p", "font", "br", "hr", "img", "a", "center"),
        *("b", "i", "u", "strong", "em", "sup", "sub", "small"),
    }
)


_RATING_SCALE = re.compile(
    r"\b[0-9]+(?:\.[0-9]+)?\s+out\s+of\s+(?P<top>5|10|100)(?:\.0)?"
    r"(?=[ \t]*-?[ \t]*stars?\b|[ \t]*(?:[.,;:)!]|$))",
    re.IGNORECASE | re.MULTILINE,
)


def _excluded_spans(text: str, marks: context.Marks) -> list[tuple[int, int]]:
    """Citations, checksums, links, addresses and security identifiers: never claims."""
    spans: list[tuple[int, int]] = []
    if "[" in text:
        spans.extend(m.span() for m in _BRACKETED.finditer(text))
    if "<" in text:
        # HTML's own markup: `<td colspan="2">`, `<col width="120">` hold no claims (a data
        # format's elements, `<line current="48215.4">`, hold its values).
        spans.extend(
            m.span()
            for m in tables.MARKUP_TAG.finditer(text)
            if (m.group(2) or "").lower() in _HTML_ELEMENTS
        )
    if "http" in text or "www." in text:
        spans.extend(m.span() for m in _URL.finditer(text))
    if "out of" in text:
        # "a 4 out of 5 star rating", "rated 8.5 out of 10.": the top of the scale
        spans.extend(m.span("top") for m in _RATING_SCALE.finditer(text))
    at = text.find("@")
    while at != -1 and len(spans) < 100_000:
        local = _EMAIL_LOCAL.search(text[max(0, at - 64) : at])
        domain = _EMAIL_DOMAIN.match(text, at)
        if local and domain:
            spans.append((at - len(local.group()), domain.end()))
        at = text.find("@", at + 1)
    if not _SECURITY_WORDS.isdisjoint(marks.words):  # one pass in C before the loop
        for i, word in enumerate(marks.words):
            if word in _SECURITY_WORDS:
                code = _SECURITY_ID.match(text, marks.word_starts[i])
                if code:
                    spans.append(code.span())
    spans.sort()
    return spans


def extract_document(
    text: str, *, source_id: str = "", number_words: bool = False
) -> tuple[list[Claim], context.Marks]:
    """The claims of a prose or table text and the word marks found on the way.

    With `number_words`, numbers written in words ("two hundred eighteen point four billion
    dollars", as call transcripts give them) are read too, each claim's span covering the
    words; sources are read so, answers are not.
    """
    text = text[:MAX_TEXT_CHARS]
    read_as = ascii_numerals(text)
    if "$" in read_as:
        # "$      486,215$      431,904": a statement converted from HTML glues each column's
        # dollar sign to the figure before it; it belongs to the figure after (same length).
        read_as = _GLUED_DOLLAR.sub(" $", read_as)
    if number_words:
        read_as = numberwords.with_digits(read_as)
    doc = _Document(read_as, source_id)
    reads = _scan(doc)
    claims = _finish(doc, reads)
    claims = ranges_share_labels(doc.text, claims)
    if "respectively" in read_as:
        claims = _respectively(doc, claims)
    claims = _over_year_spans(doc, claims)
    if doc.text is not text:
        claims = [_as_written(text, doc.text, c) for c in claims]
    return claims, doc.marks


# A row that counts things: customers, subscribers, net additions, accounts, employees.
_UNKNOWN = object()
# Constants an arithmetic sign before them marks wherever they stand: percentages, thousands,
# days, weeks and months of a year, quarters.
_FORMULA_CONSTANTS = frozenset(
    {"100", "1000", "1,000", "1000000", "1,000,000", "365", "366", "360", "52", "12", "4", "2"}
    # the hours of a year: "835 MW × 8,760 h × 93.6%"
    | {"8760", "8,760", "8784", "8,784"}
)
_GLUED_DOLLAR = re.compile(r"(?<=[0-9])\$ (?= *[0-9(])")
# A row of money about shares: "Cost of shares repurchased", "Dividends paid per share".
_MONEY_ROW = re.compile(
    r"\b(?:cost|value|amount|price|paid|proceeds|consideration|dividends?)\b", re.IGNORECASE
)
_COUNTED_ROW = re.compile(
    r"\b(?:customers|subscribers|accounts(?!\s+(?:receivable|payable))|additions|members|"
    r"users|employees|stores|"
    r"locations|units|households|connections|lines|policies|patients)\b",
    re.IGNORECASE,
)
_YEAR_SPAN_JOIN = re.compile(r"\s*(?:[-–—]|through|thru|to)\s*", re.IGNORECASE)


def _over_year_spans(doc: _Document, claims: list[Claim]) -> list[Claim]:
    """ "its 2026–2030 capital plan of $29.4 billion", "the plan, 2026 through 2030, totals":
    a figure over a span of years has neither year as its period; its period is unknown."""
    years = [
        c
        for c in claims
        if c.kind == DATE and not c.nested and len(c.period) == 4 and c.period.isdigit()
    ]
    spans = [
        (a, b)
        for a, b in itertools.pairwise(years)
        if b.period > a.period and _YEAR_SPAN_JOIN.fullmatch(doc.text, a.end, b.start)
    ]
    if not spans:
        return claims
    out = []
    for claim in claims:
        if claim.kind != DATE and claim.period and claim.cell is None:
            clause_start, clause_end = doc.clause(claim.start)
            for a, b in spans:
                if clause_start <= a.start < clause_end and claim.period in (a.period, b.period):
                    claim = replace(claim, period="")
                    break
        out.append(claim)
    return out


_RESPECTIVELY = re.compile(r"\brespectively\b", re.IGNORECASE)


_LIST_JOIN = re.compile(r",\s*(?:and\s+)?|\s+and\s+")  # "$12.9 million, $12.1 million and"


def _respectively(doc: _Document, claims: list[Claim]) -> list[Claim]:
    """ "$108.3 million and $86.9 million for the six months ended June 30, 2025 and 2024,
    respectively": the figures take the periods in the order the clause lists them."""
    text = doc.text
    out = list(claims)
    starts = [c.start for c in claims]
    for match in _RESPECTIVELY.finditer(text):
        sentence_start = max(text.rfind(". ", 0, match.start()), text.rfind("\n", 0, match.start()))
        low = bisect.bisect_left(starts, sentence_start + 1)
        high = bisect.bisect_left(starts, match.start())
        inside = list(range(low, high))
        figures = [k for k in inside if claims[k].kind != DATE and not claims[k].nested]
        dates = [k for k in inside if claims[k].kind == DATE and not claims[k].nested]
        if len(figures) < 2 or len(figures) != len(dates) or max(figures) > min(dates):
            continue
        periods = _listed_periods(text, [claims[k] for k in dates])
        if periods is None:
            continue
        for k, period in zip(figures, periods, strict=True):
            out[k] = replace(out[k], period=period)
        # "..., respectively, and the related income tax benefit was $12.9 million, $12.1
        # million and $10.2 million": a list as long, later in the sentence and with no
        # periods of its own, takes the same periods in the same order.
        sentence_end = text.find(". ", match.end())
        end = bisect.bisect_left(starts, sentence_end if sentence_end >= 0 else len(text))
        after = [
            k for k in range(high, end) if not claims[k].nested and claims[k].start > match.end()
        ]
        if (
            len(after) == len(periods)
            and all(claims[k].kind != DATE for k in after)
            and all(
                _LIST_JOIN.fullmatch(text, claims[a].end, claims[b].start)
                for a, b in itertools.pairwise(after)
            )
        ):
            for k, period in zip(after, periods, strict=True):
                if not out[k].period or out[k].period in periods:
                    out[k] = replace(out[k], period=period)
    return out


def _listed_periods(text: str, dates: list[Claim]) -> list[str] | None:
    """The periods of a list of dates ("June 30, 2025 and 2024"), each later bare year
    standing for the first date's span in its own year ("six months ended" H1 2025, then
    H1 2024); None when they do not read as one list."""
    first = dates[0]
    span = first.period
    duration = _DURATION_BEFORE.search(text[max(0, first.start - 40) : first.start])
    if duration and len(first.period) == 10:
        months = duration.group(1) or (
            "3" if duration.group(2) else "6" if duration.group(4) else "12"
        )
        span = lx.duration_period(months, int(first.period[5:7]), int(first.period[:4]))
    year = lx.period_year(span)
    if not year:
        return None
    periods = [span]
    for date in dates[1:]:
        other = lx.period_year(date.period)
        if date.period == other:
            periods.append(span.replace(year, other))  # a bare year: the same span then
        else:
            periods.append(date.period)
    return periods


def _as_written(text: str, read_as: str, claim: Claim) -> Claim:
    """A claim read from the rewritten text, with its span and text as the text wrote it. A
    number written in words was rewritten as spaces then digits: its span starts where its
    words do, the first position back from the digits where the two texts differ."""
    start = claim.start
    if text[start : start + 1] != read_as[start : start + 1]:
        k = start
        while k > 0 and read_as[k - 1] == " ":
            k -= 1
        while k < start and text[k] == read_as[k]:
            k += 1
        start = k
    return replace(claim, start=start, text=text[start : claim.end])


# Digits of every script (category Nd: ٠١٢, ۰۱۲, ０１２, ०१२) and the Arabic decimal and
# thousands separators and the minus sign, as the ASCII characters they stand for. One
# character for one, so every span still points at what the text wrote.
_OTHER_NUMERALS = re.compile(r"(?:(?![0-9])\d)|[\u066b\u066c\u2212]")
_NUMERAL_ROLES = {"\u066b": ".", "\u066c": ",", "\u2212": "-"}


def ascii_numerals(text: str) -> str:
    """`text` with its numerals in ASCII, the same length; the same object when all ASCII."""
    if text.isascii() or not _OTHER_NUMERALS.search(text):
        return text
    return _OTHER_NUMERALS.sub(
        lambda m: _NUMERAL_ROLES.get(m.group()) or str(unicodedata.decimal(m.group())), text
    )


_APPROXIMATION_PHRASE = regex.compile(
    r"(?:\b(?:approximately|approx\.?|about|around|roughly|nearly|almost|some|circa|ca\.|"
    r"close\s+to|an\s+estimated|estimated\s+at|in\s+the\s+region\s+of)\s+|[~≈]\s*)\Z",
    regex.IGNORECASE,
)


def approximation_start(text: str, start: int) -> int:
    """Where the approximation word before a claim starts ("approximately $4 billion")."""
    found = _APPROXIMATION_PHRASE.search(text[max(0, start - 24) : start], timeout=REGEX_TIMEOUT)
    return start - len(found.group()) if found else start


def _scan(doc: _Document) -> list[_Read]:
    text = doc.text
    reads: list[_Read] = []
    consumed = 0
    for m in _NUMBER_RUN.finditer(text):
        grouped = not m.group().replace(",", "").replace(".", "").isdigit()
        for s, e in [m.span()] if grouped else _cell_pieces(doc, *m.span()):
            if s < consumed or e - s > MAX_TOKEN_CHARS:
                continue
            if doc.is_excluded(s):
                continue
            written = text[s:e]
            if doc.points_group and _ONE_POINT_GROUP.fullmatch(written):
                written = written.replace(".", "")
            read = _read_number(doc, s, e, _plain_digits(written))
            if read is None:
                continue
            if read.kind == DATE:
                _with_duration(doc, read)
            consumed = read.end
            reads.append(read)
            for extra in read.extra:
                consumed = max(consumed, extra.end)
    if doc.tables.header_periods:
        reads = _with_header_periods(doc, reads)
    return reads


def _with_header_periods(doc: _Document, reads: list[_Read]) -> list[_Read]:
    """A table header that names a period is a date, even where its digits alone are not
    ("12/10" over a column is December 2010, not twelve and ten)."""
    starts = [r.start for r in reads]
    drop: set[int] = set()
    added: list[_Read] = []
    for header in doc.tables.header_periods:
        low = bisect.bisect_left(starts, header.start)
        high = bisect.bisect_left(starts, header.end)
        inside = range(low, high)
        if any(reads[k].kind == DATE for k in inside):
            continue
        drop.update(inside)
        added.append(_period_read(header.start, header.end, header.period, None))
    if not added:
        return reads
    kept = [r for k, r in enumerate(reads) if k not in drop]
    return sorted(kept + added, key=lambda r: r.start)


def _cell_pieces(doc: _Document, start: int, end: int) -> list[tuple[int, int]]:
    """A digit run cut at cell boundaries: "612.4,655.1" in a CSV row is two numbers."""
    spans = doc.tables.spans
    if not spans:
        return [(start, end)]
    pieces = []
    while start < end:
        i = bisect.bisect_right(spans, (start, len(doc.text))) - 1
        cell_end = spans[i][1] if i >= 0 and spans[i][0] <= start < spans[i][1] else end
        if cell_end >= end:
            pieces.append((start, end))
            break
        pieces.append((start, cell_end))
        start = cell_end + 1
        while start < end and not doc.text[start].isdigit():
            start += 1
    return pieces


def _states_no_currency(label: str) -> bool:
    """A row label that states its own scale and no currency: "U.S. units sold (K)"."""
    unit = tables.label_unit(label)
    return unit is not None and not unit[1]


def _plain_digits(written: str) -> str:
    """A number as written, in the form `Decimal` reads: "2 314,6" -> "2314.6",
    "14.226,8" -> "14226.8" (points between groups and a decimal comma, as Brazil and much
    of Europe write)."""
    if written.isdigit():
        return written  # most numbers: no separator for the patterns below to read
    if _DECIMAL_COMMA.fullmatch(written):
        return written.replace(",", ".")
    if _POINT_GROUPS.fullmatch(written):
        return written.replace(".", "").replace(",", ".")
    if _POINT_THOUSANDS.fullmatch(written):
        return written.replace(".", "")
    if _INDIAN_GROUPS.fullmatch(written):
        return written.replace(",", "")
    if _TOKEN.fullmatch(written):
        return written
    decimal = _DECIMAL_TAIL.search(written)
    whole = written[: decimal.start()] if decimal else written
    return _NOT_DIGIT.sub("", whole) + ("." + decimal.group()[1:] if decimal else "")


def _read_number(doc: _Document, s: int, e: int, digits: str) -> _Read | None:
    text = doc.text
    if not _VALID_NUMBER.fullmatch(digits) or digits == "000":
        return None  # "000" is a scale marker ("$000", "in '000s"), never a value
    cell = doc.cell(s)
    # A line break stands in for the edges of the text, so membership tests stay honest.
    before_char = text[s - 1] if s > 0 else "\n"
    after_char = text[e] if e < len(text) else "\n"

    # A leading point: "$.75 million".
    if before_char == "." and (s < 2 or not text[s - 2].isalnum()) and "." not in digits:
        s -= 1
        digits = "0." + digits
        before_char = text[s - 1] if s > 0 else "\n"

    parsed = _decimal(digits)
    if parsed is None:
        return None
    value, decimals = parsed
    if digits in _FORMULA_CONSTANTS or (
        digits.isdigit() and int(digits) <= 20 and doc.formulas and doc.in_formula(s)
    ):
        k = s
        while k > 0 and s - k < 4 and text[k - 1] == " ":
            k -= 1
        if k > 0 and text[k - 1] in "*×/÷":
            # A formula's constant: "* 100", "/ 2", an average's count ("... ) / 3"), the
            # days of a year in a ratio defined in words ("÷ Net sales × 365").
            return None
        if digits.isdigit() and _TIMES_A_PRICE.match(text, e) and doc.in_formula(s):
            # "5 × £145 + 2 × £185": so many nights at a price, a count of the working's
            return None
        if digits == "1" and doc.formulas and doc.in_formula(s):
            m = e
            while m < len(text) and text[m] == " ":
                m += 1
            if (
                (k > 0 and text[k - 1] in "-−–+^(")
                and (m >= len(text) or text[m] in ")=≈*/ \n+-−–")
            ) or (m < len(text) and text[m] in "+/" and (k == 0 or text[k - 1] in "( ")):
                # "÷ $292.14 − 1 ≈ 5.6%", "(1 + 8.2%)", "^(1/2)": the one of a rate's formula
                return None
        if (k > 1 and text[k - 1] == "(" and text[k - 2] == "^") or (k > 0 and text[k - 1] == "^"):
            return None  # an exponent: "^(1/2)", "^2"
        if digits in _FORMULA_CONSTANTS and doc.formulas and doc.in_formula(s):
            m = e
            while m < len(text) and e - m > -4 and text[m] == " ":
                m += 1
            if m < len(text) and text[m] in "*×/÷" and (k == 0 or not text[k - 1].isdigit()):
                return None  # the constant a formula opens with: "365 ÷ 2.99 ≈ 122 days"

    letters_before = _letters_before(text, s)
    letters_after = _letters_after(text, e)

    # --- dates, which start with letters of their own: Q3 2026, H1 2024, FY2024
    if letters_before in ("Q", "q") and len(digits) == 1 and digits in "1234":
        return _quarter(doc, s - 1, e, "Q", int(digits))
    if letters_before in ("H", "h") and len(digits) == 1 and digits in "12":
        return _quarter(doc, s - 1, e, "H", int(digits))
    if len(digits) == 1 and letters_after[:1] in ("Q", "H") and digits in "1234":
        nq = _NQ_AFTER.match(text, e)
        if nq and not (nq.group(1) == "H" and digits not in "12"):
            return _period_read(
                s, nq.end(), f"{nq.group(1)}{digits} {lx.full_year(nq.group(2))}", nested_from=None
            )
    if letters_after == "M" and digits in ("6", "9", "12"):  # not 3M, the company
        nm = _NM_AFTER.match(text, e)
        if nm:
            # "9M23", "6M 2024": the months of a calendar year to their end.
            key = lx.duration_period(digits, int(digits), lx.full_year(nm.group(1)))
            return _period_read(s, nm.end(), key, nested_from=None)
    if letters_before.upper() in ("FY", "CY") or (
        before_char in " '’" and doc.previous_word(s, " '’") in ("fy", "cy", "fiscal", "year")
    ):
        quarter_words = _QUARTER_WORDS_BEFORE.search(text[max(0, s - 44) : s])
        if quarter_words and len(digits) == 4 and digits.isdigit():
            # "third quarter fiscal 2025", "fourth quarter of fiscal year 2025": the quarter.
            letter = "Q" if quarter_words.group(2).lower() == "quarter" else "H"
            number = lx.ORDINAL_QUARTERS[quarter_words.group(1).lower()]
            read = _period_read(
                s - len(quarter_words.group()), e, f"{letter}{number} {digits}", None
            )
            _nest_year(read, s, e, digits)
            return read
        months = _MONTHS_OF_BEFORE.search(text[max(0, s - 44) : s])
        if months and len(digits) == 4 and digits.isdigit():
            read = _period_read(s - len(months.group()), e, f"9M {digits}", None)
            _nest_year(read, s, e, digits)
            return read
        fy = _FY_BEFORE.search(text[max(0, s - 16) : s])
        if fy and len(digits) in (2, 4) and digits.isdigit():
            start = s - (len(fy.group()))
            end, year = _split_year(text, e, lx.full_year(digits)) or (e, lx.full_year(digits))
            return _period_read(start, end, f"FY{year}", nested_from=None)

    # --- identifiers: 10-K, S-1, 17a-4, A7B3C2D1, COVID-19, Rule 2010, (1), [2]
    if (
        letters_before
        and letters_before not in _ATTACHED_PREFIXES
        and letters_before.upper() not in lx.CURRENCY_PREFIXES
        # "K1,284.6 million", "P412.5": one capital glued to a grouped or decimal amount is
        # a currency's sign (kwacha, kina, pula, lempira); "K2", "B52" stay names.
        and not (
            letters_before in _ONE_LETTER_CURRENCIES
            and ("," in digits or "." in digits or _SCALE_WORD_AFTER.match(text, e))
        )
    ):
        return None
    if (
        before_char == "-"
        and s >= 2
        and text[s - 2].isalpha()
        and not _SPLIT_RATIO_BEFORE.search(text, max(0, s - 12), s)
    ):
        return None  # "COVID-19", "Series-A"; but the factor of a "1-for-25" split is read
    if (
        letters_after
        and letters_after not in _UNIT_SUFFIXES
        and letters_after not in _MEASURE_SUFFIXES
        and not _ORDINAL_AFTER.match(text, e)
    ):
        return None
    hyphen_noun = ""
    if after_char == "-" and _SUSPENDED_HYPHEN.match(text, e):
        return None  # "30- to 60-day terms": the first of two compounds sharing one word
    if after_char == "-" and e + 1 < len(text) and text[e + 1].isalpha():
        # "10-K", "COVID-19" aside, a source's "144-bed tower" or "180-MW battery" states a
        # quantity of what the word names (in an answer such a compound is left unread,
        # since a "3-year period" there states nothing to check).
        compound = _HYPHEN_WORD.match(text, e + 1)
        if (
            compound is not None
            and not doc.source_id
            and compound.group().lower() not in _ANSWER_COMPOUNDS
        ):
            # but "its 412-strong network" counts its members anywhere, and "a 4.5-star
            # rating" is a rating
            compound = None
        if compound is None or compound.group().lower() in _HYPHEN_NOT_A_NOUN:
            return None
        hyphen_noun = compound.group().lower()
    if after_char == ":" and text[e + 1 : e + 3].isdigit():
        return None  # a time of day
    if _CLOCK_AFTER.match(text, e) and len(digits) <= 2:
        return None  # "opens at 11 AM", "until 10 p.m.": a time of day too
    if before_char == ":" and s >= 2 and text[s - 2].isdigit():
        return None  # the minutes of a time of day
    if _LISTING_SUFFIX.match(text, e):
        return None  # a listing suffix: 0700.HK
    if before_char in " -\t" and _INDEX_NAME_BEFORE.search(text, max(0, s - 24), s):
        return None  # an index's name: S&P 500
    if (
        digits == "100"
        and text.startswith("%", e)
        and _THRESHOLD_BEFORE.search(text, max(0, s - 24), s)
    ):
        return None  # a threshold, not a figure: "conversion above 100% in both years"
    if before_char in "#№":
        return None
    if doc.previous_word(s, " .#:") in context.CATEGORIES["identifier"]:
        return None
    is_small_int = digits.isdigit() and len(digits) <= 2
    if is_small_int and before_char in " \t":
        named = _NAMED_LIST_BEFORE.search(text, max(0, s - 40), s)
        if named and named.group(1).lower() in context.CATEGORIES["identifier"]:
            return None  # "Scope 1 and 2": the second name of the list
    if cell is None and is_small_int and before_char in "([" and after_char in ")]":
        return None  # a footnote marker
    if (
        cell is None
        and before_char == "("
        and after_char == ")"
        and len(digits) == 4
        and digits.isdigit()
        and 1900 <= int(digits) <= 2100
        and not _SCALE_AFTER.match(text, e + 1)
    ):
        return _period_read(s, e, digits, None)  # "Payout ratio (2023)": a year, not a loss
    if cell is None and is_small_int and _LIST_MARKER_AFTER.match(text, e):
        line_start = text.rfind("\n", 0, s) + 1
        if not text[line_start:s].strip(" \t-*•>#"):
            return None  # "1. Revenue ..." list numbering

    # --- dates written with digits first: 2024-12-01, 12/01/2024, 31 December 2024
    if len(digits) == 4 and digits.isdigit():
        split = _split_year(text, e, int(digits)) if after_char in "-–/" else None
        if split is not None:
            # "in 2023-24", "(2023/24: Tk 4,012.6 million)": the fiscal year ending in 2024.
            return _period_read(s, split[0], f"FY{split[1]}", None)
        iso = _ISO_AFTER.match(text, e) if after_char == "-" else None
        if iso and 1 <= int(iso.group(1)) <= 12:
            if iso.group(2):
                return _period_read(s, iso.end(), f"{digits}-{iso.group(1)}-{iso.group(2)}", None)
            if after_char == "-" and cell is None:
                return _period_read(s, iso.end(), f"{digits}-{iso.group(1)}", None)
        slash = _ISO_SLASH_AFTER.match(text, e) if after_char == "/" else None
        if slash and 1 <= int(slash.group(1)) <= 12:
            return _period_read(
                s,
                slash.end(),
                f"{digits}-{int(slash.group(1)):02d}-{int(slash.group(2)):02d}",
                None,
            )
    if digits.isdigit() and len(digits) <= 2:
        slash = _SLASH_AFTER.match(text, e) if after_char == "/" else None
        if slash:
            first, second = int(digits), int(slash.group(1))
            month, day = (first, second) if first <= 12 else (second, first)
            if 1 <= month <= 12 and 1 <= day <= 31:
                year = lx.full_year(slash.group(2))
                return _period_read(s, slash.end(), f"{year}-{month:02d}-{day:02d}", None)
        month_after = _MONTH_AFTER.match(text, e) if after_char in " sntr" else None
        if month_after and 1 <= int(digits) <= 31:
            month = lx.MONTHS[month_after.group(1).lower()[:3]]
            return _period_read(
                s, month_after.end(), f"{month_after.group(2)}-{month:02d}-{int(digits):02d}", None
            )
        month_only = _MONTH_ONLY_AFTER.match(text, e) if after_char == " " else None
        if month_only and 1 <= int(digits) <= 31:
            # "Year ended 31 December" over a column "2023": the day, its year elsewhere.
            month = lx.MONTHS[month_only.group(1).lower()[:3]]
            return _period_read(s, month_only.end(), f"--{month:02d}-{int(digits):02d}", None)
        ordinal_quarter = (
            _ORDINAL_QUARTER_AFTER.match(text, e)
            if letters_after in ("st", "nd", "rd", "th")
            else None
        )
        if ordinal_quarter and digits in ("1", "2", "3", "4"):
            letter = "Q" if ordinal_quarter.group(1).lower() == "quarter" else "H"
            year_digits = ordinal_quarter.group(4)
            key = f"{letter}{digits}" + (f" {lx.full_year(year_digits)}" if year_digits else "")
            read = _period_read(s, ordinal_quarter.end(), key, None)
            if year_digits:
                _nest_year(read, ordinal_quarter.start(4), ordinal_quarter.end(4), year_digits)
            return read

    month_before = (
        _MONTH_BEFORE.search(text[max(0, s - 12) : s])
        if before_char == " " and doc.previous_word(s, " .") in lx.MONTHS
        else None
    )
    if month_before and digits.isdigit():
        month = lx.MONTHS[month_before.group(1).lower()[:3]]
        start = s - len(month_before.group())
        if len(digits) == 4:
            span = _MONTH_SPAN_BEFORE.search(text[max(0, start - 16) : start])
            if span:
                # "January–September 2025": nine months; "July–September 2025": Q3.
                first = lx.MONTHS[span.group(1).lower()[:3]]
                key = lx.span_period(first, month, int(digits))
                if key:
                    return _period_read(start - len(span.group()), e, key, None)
            return _period_read(start, e, f"{digits}-{month:02d}", None)
        if len(digits) <= 2 and 1 <= int(digits) <= 31:
            day_year = _DAY_YEAR_AFTER.match(text, e)
            if day_year:
                return _period_read(
                    start,
                    day_year.end(),
                    f"{day_year.group(1)}-{month:02d}-{int(digits):02d}",
                    None,
                )
            days = _DAY_RANGE_AFTER.match(text, e)
            if days and int(digits) < int(days.group(1)) <= 31:
                # "November 1-30": the month, as a share-repurchase table lists them.
                key = f"{days.group(2)}-{month:02d}" if days.group(2) else f"--{month:02d}"
                return _period_read(start, days.end(), key, None)
            return _period_read(start, e, f"--{month:02d}-{int(digits):02d}", None)
    if (
        len(digits) == 4
        and digits.isdigit()
        and before_char == " "
        and doc.previous_word(s, " '’") in ("of", "quarter", "half", "fiscal", "year", "fy")
    ):
        words = _QUARTER_WORDS_BEFORE.search(text[max(0, s - 44) : s])
        if words:
            letter = "Q" if words.group(2).lower() == "quarter" else "H"
            number = lx.ORDINAL_QUARTERS[words.group(1).lower()]
            read = _period_read(s - len(words.group()), e, f"{letter}{number} {digits}", None)
            _nest_year(read, s, e, digits)
            return read
        months = _MONTHS_OF_BEFORE.search(text[max(0, s - 44) : s])
        if months:
            read = _period_read(s - len(months.group()), e, f"9M {digits}", None)
            _nest_year(read, s, e, digits)
            return read
        same = _SAME_QUARTER_BEFORE.search(text[max(0, s - 30) : s])
        named = _last_quarter_named(text, s - (len(same.group()) if same else 0)) if same else None
        if same and named:
            # "fell to $187 million from $781 million in the same quarter of 2024", after
            # "In the third quarter of 2025": that quarter, a year apart.
            read = _period_read(s - len(same.group()), e, f"Q{named} {digits}", None)
            _nest_year(read, s, e, digits)
            return read

    read = _Read(
        start=s, end=e, digits=digits, value=value, decimals=decimals, in_table=cell is not None
    )

    # --- what precedes the digits: sign, parenthesis, currency, approximation word
    pos = s
    if pos > 0 and text[pos - 1] in "-−+" and (pos < 2 or not text[pos - 2].isalnum()):
        read.negative = text[pos - 1] != "+"
        pos -= 1
    # "(12.4)" and "$(12.4) million" are negatives; "(66.67%)" is an aside.
    inner_paren = pos > 0 and text[pos - 1] == "(" and after_char == ")"
    if inner_paren:
        pos -= 1
    currency = ""
    k = pos - 1 if pos > 0 and text[pos - 1] == " " else pos
    if k > 0 and text[k - 1] in _SYMBOL_CHARS:
        symbol = text[k - 1]
        if symbol == "$" and k >= 2 and text[k - 2].isupper():
            # Only a dollar sign has longer forms (a capital before it: "US$", "C$"); the
            # first one written before it wins.
            for prefixed in _PREFIXED_DOLLARS:
                if k - len(prefixed) >= 0 and text.startswith(prefixed, k - len(prefixed)):
                    symbol = prefixed
                    break
        currency = lx.CURRENCY_SYMBOLS[symbol]
        pos = k - len(symbol)
    prefix_scale = None
    if currency == "USD" and symbol == "$" and pos > 0 and text[pos - 1] == "M":
        # "M$ 318,426,150", "MM$ 318.4": Chilean thousands and millions of pesos, no dollars.
        millions = pos > 1 and text[pos - 2] == "M"
        start = pos - (2 if millions else 1)
        if start == 0 or not text[start - 1].isalnum():
            currency, pos = "CLP", start
            prefix_scale = Decimal("1e6") if millions else Decimal("1e3")
    if not currency and k > 1 and (text[k - 1].isupper() or text[k - 1] in "s.khpuz"):
        code = _CODE_BEFORE.search(text[max(0, pos - 6) : pos])
        if code:
            written = code.group(2).rstrip(".").upper()
            currency = lx.CURRENCY_ALIASES.get(written, written)
            prefix_scale = _CODE_PREFIX_SCALE.get(code.group(1))
            pos -= len(code.group())
    if not currency and pos > 2 and text[pos - 1] == " " and text[pos - 2].isalpha():
        # "Birr 2,180": a local currency's name right before the figure.
        space = text.rfind(" ", max(0, pos - 12), pos - 1)
        word_start = space + 1 if space >= 0 or pos <= 12 else -1
        local = (
            lx.LOCAL_CURRENCY_WORDS.get(text[word_start : pos - 1].lower())
            if word_start >= 0
            else None
        )
        if local:
            currency = local
            pos = word_start
    if (
        not currency
        and pos > 0
        and text[pos - 1] in _ONE_LETTER_CURRENCIES
        and (pos < 2 or not text[pos - 2].isalnum())
        and ("," in digits or "." in digits or _SCALE_WORD_AFTER.match(text, e))
    ):
        # "K1,284.6 million": the kwacha's sign, its own currency whichever country's it is.
        currency = text[pos - 1]
        pos -= 1
    if not currency:
        # The far end of a range written once with its currency: "$1.2-1.5 billion".
        window = text[max(0, pos - 24) : pos]
        ranged = (
            _RANGE_BEFORE.search(window)
            if ("-" in window or "–" in window or "—" in window or "to " in window)
            else None
        )
        if ranged:
            currency = lx.CURRENCY_SYMBOLS[ranged.group(1)]
    if currency and pos > 0 and text[pos - 1] in "-−" and (pos < 2 or not text[pos - 2].isalnum()):
        read.negative = True
        pos -= 1
    outer_paren = not inner_paren and pos > 0 and text[pos - 1] == "("
    read.start = pos
    read.approximate = doc.approximate_before(pos if not outer_paren else pos - 1)

    # --- what follows: closing parenthesis, scale, unit, currency word, count noun
    pos = e
    if inner_paren:
        pos += 1
    scale_char = text[pos] if pos < len(text) else "\n"
    scale_match = (
        _SCALE_AFTER.match(text, pos)
        if scale_char in _SCALE_CHARS
        else _SCALE_WRAPPED.match(text, pos)
        if scale_char == "\n"
        else None
    )
    if not scale_match and currency and scale_char == " ":
        # "CHF 158.4 m", "€ 2.4 bn": after a currency, a scale's letters standing apart
        scale_match = _SPACED_SCALE.match(text, pos)
    emphasised = (
        _SCALE_AFTER_EMPHASIS.match(text, pos) if not scale_match and scale_char in "*_" else None
    )
    if scale_match:
        word = next(g for g in scale_match.groups() if g)
        read.scale = lx.SCALE_WORDS[" ".join(word.lower().split())]
        pos = scale_match.end()
    elif emphasised:
        # "**$466,525** thousand": the scale after the emphasis closes is the figure's (the
        # figure's span stays what is emphasised)
        read.scale = lx.SCALE_WORDS[emphasised.group(1).lower()]
    elif prefix_scale is not None:
        read.scale = prefix_scale
    next_char = text[pos] if pos < len(text) else "\n"
    unit_match = (
        # "(10.2)%": a statement's negative percentage, its sign outside the brackets
        _UNIT_AFTER.match(text, pos)
        if next_char in _UNIT_CHARS and (not inner_paren or next_char == "%")
        else None
    )
    if unit_match:
        group = unit_match.lastgroup
        if group == "pct":
            read.kind = PERCENT
        elif group == "pp":
            read.kind = PERCENTAGE_POINTS
        elif group == "bps":
            read.kind = BPS
        elif group == "x":
            if unit_match.group().strip() != "times" or decimals:
                read.kind = RATIO
            else:
                unit_match = None
        if unit_match:
            pos = unit_match.end()
    named_cents = (
        _NAMED_CENTS.match(text, pos)
        if not currency
        and read.kind == NUMBER
        and read.scale == 1
        and not prefix_scale
        and text.startswith((" US", " U.S.", " euro", " Euro"), pos)
        else None
    )
    if named_cents:
        # "23 US cents per kg", "15 euro cents": hundredths of the currency named.
        read.kind, read.scale = CURRENCY, CENT
        currency = "EUR" if named_cents.group(1).lower().startswith("euro") else "USD"
        pos = named_cents.end()
    currency_after = (
        _CURRENCY_AFTER.match(text, pos)
        if text[pos : pos + 1] == " " and text[pos + 1 : pos + 2].isalpha()
        else None
    )
    if currency_after and not currency and read.kind == NUMBER:
        code = currency_after.group(1)
        currency = (
            code.upper() if code else lx.CURRENCY_WORDS[currency_after.group(2).split()[0].lower()]
        )
        if currency == "RMB":
            currency = "CNY"
        pos = currency_after.end()
    cents = (
        _CENTS_AFTER.match(text, pos)
        if not currency and read.kind == NUMBER and read.scale == 1 and not prefix_scale
        else None
    )
    if cents:
        # "up 85 cents", "312.4 cents" of earnings per share, "139.8p", "198.3 pence":
        # hundredths of whichever currency the text is in.
        read.kind, read.unit, read.scale = CURRENCY, "", CENT
        pos = cents.end()
        if _OF_EVERY_DOLLAR.match(text, pos):
            # "roughly 61 cents of every revenue dollar went to expenses": a share, 61%.
            read.kind, read.scale = PERCENT, Decimal(1)
    in_thousands = (
        _THOUSANDS_IN_BRACKETS.match(text, pos)
        if read.kind in (NUMBER, CURRENCY) and read.scale == 1 and not prefix_scale
        else None
    )
    if in_thousands:
        # "= 13 703 (PLN '000)", "20,470 (£'000)": the figure in thousands of that currency
        # (the brackets stay outside the figure).
        mark = in_thousands.group(1)
        code = mark if len(mark) == 3 else lx.CURRENCY_SYMBOLS.get(mark, "")
        read.kind, read.scale = CURRENCY, Decimal(1000)
        if code and not currency:
            currency = code
    if inner_paren and not (
        doc.comparatives_in_brackets and _FIGURE_BEFORE_BRACKET.search(text, max(0, s - 40), s - 1)
    ):
        read.negative = True
    elif (
        outer_paren
        and pos < len(text)
        and text[pos] == ")"
        and read.kind == NUMBER
        and cell is not None
    ):
        # "($12.4)" in a statement's cell is a negative; in prose a parenthesis is an aside.
        read.negative = True
        read.start -= 1
        pos += 1
    elif (
        cell is not None
        and pos < len(text)
        and text[pos] == "-"
        and (pos + 1 == len(text) or text[pos + 1] in " \t\r\n|")
        and read.kind in (NUMBER, CURRENCY)
    ):
        # "134,284.7-" in a mainframe or ERP report's cell: a negative, its minus trailing.
        read.negative = True
        pos += 1
    ordinal = _ORDINAL_AFTER.match(text, pos) if digits.isdigit() and not currency else None
    if ordinal and read.kind == NUMBER and read.scale == 1:
        pos = ordinal.end()
    read.end = pos

    if currency:
        read.kind = CURRENCY
        read.unit = currency
        per_share = _PER_SHARE_AFTER.match(text, pos)
        if per_share and not _PRICE_BEFORE.search(text, max(0, read.start - 24), read.start):
            read.per_share = True
            read.link_end = per_share.end()
    elif read.kind == NUMBER and hyphen_noun:
        plural = hyphen_noun if hyphen_noun in _COUNT_NOUN_SET else hyphen_noun + "s"
        if plural in _COUNT_NOUN_SET and read.scale == 1:
            read.kind = COUNT
            read.count_noun = plural
    elif read.kind == NUMBER:
        count = _COUNT_AFTER.match(text, e) if after_char in " snrt" else None
        if (
            count
            and len(digits) == 4
            and read.scale == 1
            and doc.previous_word(read.start) in _YEAR_PREPOSITIONS
        ):
            count = None  # "notes due 2032 trade at 94.10": a year, whatever follows
        if (
            count
            and len(digits) == 4
            and read.scale == 1
            and digits.isdigit()
            and 1900 <= int(digits) <= 2099
            and not count.group(1).lower().endswith("s")
        ):
            count = None  # "under the 2021 contract": a year naming one thing, no count
        if count and (read.scale == 1 or count.group(1).lower() in ("shares", "contracts")):
            read.kind = COUNT
            read.count_noun = count.group(1).lower()
        elif ordinal:
            read.kind = COUNT
        elif (
            read.scale == 1
            and len(digits) == 4
            and digits.isdigit()
            and 1900 <= int(digits) <= 2099
            and not read.negative
            and not read.approximate
            and not (cell is not None and cell.column > 0 and cell.row > 0)
        ):
            return _period_read(s, e, digits, None)

    # A range written once with its unit at the end ("10-12%", "$1.2-1.5 billion").
    if read.kind in (NUMBER, CURRENCY) and read.scale == 1 and pos == e:
        link = _RANGE_LINK.match(text, e) if after_char in " -–—t" else None
        if (
            link
            and "and" in link.group()
            and not _BETWEEN_BEFORE.search(text, max(0, s - 16), read.start)
        ):
            link = None
        if link and not (len(digits) == 4 and digits.isdigit()):
            nxt = _TOKEN.match(text, link.end())
            if nxt:
                after = nxt.end()
                scale2 = _SCALE_AFTER.match(text, after)
                if scale2:
                    word2 = next(g for g in scale2.groups() if g)
                    read.scale = lx.SCALE_WORDS[" ".join(word2.lower().split())]
                    after = scale2.end()
                unit2 = _UNIT_AFTER.match(text, after)
                if unit2 and read.kind == NUMBER and unit2.lastgroup != "x":
                    read.kind = {"pct": PERCENT, "pp": PERCENTAGE_POINTS, "bps": BPS}[
                        unit2.lastgroup
                    ]
                elif text[link.start() : link.end()].strip(" -–—to").startswith(("$", "€", "£")):
                    pass
    if read.kind in _KINDS_WITH_UNIT:
        read.unit = _KINDS_WITH_UNIT[read.kind]
    return read


_DURATION_BEFORE = re.compile(
    r"\b(?:(three|six|nine|twelve|3|6|9|12)[\s-]+months?|(quarter)|((?:fiscal\s+)?year)|(half(?:[\s-]year)?)"
    r"|(thirteen|twenty[\s-]six|thirty[\s-]nine|13|26|39)[\s-]+weeks?)"
    r"\s+(?:ended|ending)\s+\Z",
    re.IGNORECASE,
)


def _with_duration(doc: _Document, read: _Read) -> _Read:
    """A date after "three months ended" stands, as a period, for the quarter it closes."""
    if (
        read.kind == DATE
        and len(read.period) == 10
        and doc.previous_word(read.start) in ("ended", "ending")
    ):
        found = _DURATION_BEFORE.search(doc.text[max(0, read.start - 40) : read.start])
        if found:
            months = found.group(1) or ("3" if found.group(2) else "6" if found.group(4) else "12")
            month, year = int(read.period[5:7]), int(read.period[:4])
            read.anchor_period = (
                lx.weeks_period(found.group(5), month, int(read.period[8:10]), year)
                if found.group(5)
                else lx.duration_period(months, month, year)
            )
    return read


def _period_read(start: int, end: int, key: str, nested_from: str | None) -> _Read:
    year = lx.period_year(key)
    if year:
        value = Decimal(year)
    else:
        digits = "".join(ch for ch in key if ch.isdigit())[:2]
        value = Decimal(digits or 0)
    read = _Read(start=start, end=end, digits=key, value=value, decimals=0, kind=DATE)
    read.period = key
    return read


def _nest_year(read: _Read, start: int, end: int, digits: str) -> None:
    year = str(lx.full_year(digits))
    read.extra.append(
        Claim(
            text="",  # filled in by _finish from the text
            start=start,
            end=end,
            kind=DATE,
            value=Decimal(year),
            precision=Decimal(1),
            period=year,
            nested=True,
        )
    )


def _quarter(doc: _Document, start: int, e: int, letter: str, number: int) -> _Read:
    after = _QUARTER_YEAR_AFTER.match(doc.text, e)
    if after:
        year = lx.full_year(after.group(2))
        end = after.end()
        read = _period_read(start, end, f"{letter}{number} {year}", None)
        year_start = after.start(2)
        if after.group(1):
            year_start = after.start(1)
        _nest_year(read, year_start, end, after.group(2))
        return read
    return _period_read(start, e, f"{letter}{number}", None)


# ------------------------------------------------------------------ context


def _finish(doc: _Document, reads: list[_Read]) -> list[Claim]:
    text = doc.text
    marks = doc.marks
    anchors = [r for r in reads if r.kind == DATE]
    anchor_starts = [r.start for r in anchors]
    number_ends = [r.end for r in reads]
    has_cells = bool(doc.tables.cells)
    # The qualifier categories the text has marks of: most texts have few, and a category
    # with no mark anywhere needs no lookup for each number.
    marked = marks.starts.keys()
    claims: list[Claim] = []
    for index, read in enumerate(reads):
        cell = doc.cell(read.start) if has_cells else None
        if cell is not None and cell.column_header.strip().lower() in _NOTE_HEADERS:
            continue  # "Revenue   3   2,391.6": the number of the note, not a value
        label = ""
        period = read.period
        segment = ""
        qualifiers: set[str] = set()
        clause_start, clause_end = doc.clause(read.start)
        prev_end = reads[index - 1].end if index > 0 else 0
        next_start = reads[index + 1].start if index + 1 < len(reads) else len(text)
        # The words that belong to this number: back to the previous number, on to the next.
        before = max(clause_start, prev_end, read.start - 80)
        after = min(clause_end, next_start, read.end + 50)

        if read.kind != DATE:
            label, segment, whole = _label_for(doc, read, clause_start, clause_end, number_ends)
            if whole:
                qualifiers.add("total")
            anchor_start = -1
            if not period:
                period, anchor_start = _period_for(
                    doc, read, anchors, anchor_starts, clause_start, clause_end, next_start
                )
            prior = (
                marks.last_between("prior", max(clause_start, read.start - 60), read.start)
                if "prior" in marked
                else -1
            )
            if prior >= 0 and marks.ends["prior"][prior] > anchor_start:
                # "a year earlier" with no period of its own after it: the period is unknown.
                period = ""
                qualifiers.add("prior")
            elif "prior" in marked and _prior_right_after(doc, read, min(after, clause_end)):
                # "the 1,800 it had a year earlier", "$5.0 billion in the prior year": the
                # figure's own words put it a period back, whatever period came before it.
                period = ""
                qualifiers.add("prior")
            heading = (
                doc.heading_period(read.start)
                if not period and "prior" not in qualifiers and cell is None
                else ""
            )
            if heading and _RESULT_BEFORE.search(text, max(0, read.start - 8), read.start):
                # "**Fiscal 2024**" over "- DIO = ... ≈ 118.3 days": a result the section
                # works out is the section's period's (its operands may be any period's:
                # an average of opening and closing balances).
                period = heading
        table_qualifiers: frozenset[str] = frozenset()
        if cell is not None:
            label, period, segment, table_qualifiers = _table_context(cell, label, period, segment)
        if read.count_noun and not label:
            label = lx.count_noun_label(read.count_noun)
        if (
            doc.formulas
            and doc.in_formula(read.start)
            and not _WORKED_IN_BRACKETS_AFTER.match(text, read.end)
        ):
            # An operand copies a value from wherever the writer took it: no name of its own,
            # and no period from the words around the arithmetic (not a figure its own sum
            # follows in brackets, "MGA 65,558.2 million (48,215.4 + 17,342.8) / 214,000
            # kg": that is a result the answer works out, then divides).
            label, period = "", ""
            qualifiers.add("operand")
        if cell is None and doc.tables.label_spans and doc.in_table_label(read.start):
            qualifiers.add("name")  # a number in a row label or header: "5.00% notes due 2019"

        kind, value, precision, unit, scale, scale_origin = _value_of(read, cell, label, doc)
        header_words: frozenset[str] = frozenset()
        section_words: frozenset[str] = frozenset()
        if cell is not None:
            if cell.transposed:
                label_words, header_words = _row_column_label(cell.column_header, cell.row_label)
                cell_key: tuple[int, int, int] | None = (cell.table, cell.column, cell.row)
            else:
                label_words, header_words = _row_column_label(cell.row_label, cell.column_header)
                table = doc.tables.tables[cell.table]
                metric = table.metric if doc.source_id else ""
                if metric and tables.BARE_TOTAL.fullmatch(cell.row_label):
                    # A source's "Total" under "Revenue by region": that metric's total.
                    label_words = label_words | labels.label_words(metric)
                if table.whole and tables.BARE_TOTAL.fullmatch(cell.row_label):
                    # "Total" under "Self-insurance reserves are classified ... as follows":
                    # the whole of them, which a claim need not name as "total".
                    whole = labels.label_words(table.whole)
                    section_words = whole - label_words
                    label_words = label_words | whole
                if (
                    table.subject
                    and _is_balance_row(cell.row_label)
                    and not _OPENING_BALANCE.search(cell.row_label)
                ):
                    # "Balance at December 31, 2024" under "the changes in shares of common
                    # stock outstanding:": the balance of what the caption names. (The
                    # year's balance is its closing one: "Balance at January 1" in the 2024
                    # column is 2023's, and names no change of 2024.)
                    # (Not its "total": "the total gross amount of unrecognized tax
                    # benefits" makes no balance a total row.)
                    # Like a section heading, a part of the label the claim need not name.
                    subject = labels.label_words(table.subject) - _TOTAL_OF_A_SUBJECT
                    section_words = subject - label_words
                    label_words = label_words | subject
                if cell.section:
                    own = labels.label_words(tables.own_row_label(cell))
                    section_words = label_words - own if own else frozenset()
                cell_key = (cell.table, cell.row, cell.column)
        else:
            label_words = frozenset()  # prose: read by `clauses`, for sources and answers alike
            cell_key = None

        for category in ("superseded", "hypothetical"):
            if category in marked and _qualified(text, marks, category, clause_start, read, after):
                qualifiers.add(category)
        if "estimate" in marked and (
            marks.any_between("estimate", max(before, read.start - 50), read.start)
            or marks.any_between("estimate", read.end, min(after, read.end + 25))
        ):
            qualifiers.add("estimate")
        if "total" in marked and marks.any_between(
            "total", max(before, read.start - 60), read.start
        ):
            qualifiers.add("total")
        if "consolidated" in marked and marks.any_between("consolidated", clause_start, clause_end):
            qualifiers.add("consolidated")
        if (
            doc.source_id
            and "injection" in marked
            and marks.any_between("injection", clause_start, clause_end)
        ):
            qualifiers.add("injected")
        qualifiers |= table_qualifiers
        if read.per_share or (cell is not None and cell.per_share):
            qualifiers.add("per_share")  # "VND 1,800 per share", a "per share" row
        found = -1
        if "segment" in marked:
            found = marks.last_between("segment", max(clause_start, read.start - 120), read.start)
        if found < 0 and "segment" in marked:
            following = marks.starts.get("segment", [])
            k = bisect.bisect_left(following, read.end)
            if k < len(following) and following[k] < min(clause_end, read.end + 60):
                found = k
        if (
            found >= 0
            and marks.segment_names[found]
            and not marks.any_between("total", marks.ends["segment"][found], read.start)
        ):
            # "the Industrial segment grew 8%, and total net sales were $711.0 million": a
            # total named after the segment is the whole company's.
            segment = marks.segment_names[found]
        if kind == DATE:
            qualifiers.discard("total")

        claims.append(
            Claim(
                text=text[read.start : read.end],
                start=read.start,
                end=read.end,
                kind=kind,
                value=value,
                unit=unit,
                precision=precision,
                label=label,
                period=period,
                approximate=read.approximate,
                source_id=doc.source_id,
                segment=segment,
                qualifiers=frozenset(qualifiers),
                scale=scale,
                scale_origin=scale_origin,
                label_words=label_words,
                header_words=header_words,
                cell=cell_key,
                section_words=section_words,
            )
        )
        for extra in read.extra:
            claims.append(
                Claim(
                    text=text[extra.start : extra.end],
                    start=extra.start,
                    end=extra.end,
                    kind=extra.kind,
                    value=extra.value,
                    precision=extra.precision,
                    period=extra.period,
                    source_id=doc.source_id,
                    qualifiers=frozenset(q for q in qualifiers if q != "total"),
                    nested=True,
                )
            )
    return claims


def _qualified(
    text: str, marks: context.Marks, category: str, clause_start: int, read: _Read, after: int
) -> bool:
    """A superseded or hypothetical marker that governs this number.

    Right after it, or earlier in its clause with no "restated" or "revised" in between:
    "Before restatement, FFO was $93.7 million, or $0.66 per diluted share" qualifies both
    numbers; "previously reported FFO was restated to $86.2 million" does not.
    """
    high = min(after, read.end + 30)
    starts = marks.starts.get(category)
    if starts:
        k = bisect.bisect_left(starts, read.end)
        if (
            k < len(starts)
            and starts[k] < high
            # ("¥1,050.0 billion (previous forecast announced August 6, 2025: ¥1,200.0
            # billion)": a former outlook names the figure after it, not the one before)
            and not context.FORMER_OUTLOOK.match(text, starts[k])
        ):
            # ... unless it leads into the next figure ("R38.5 million, a fee that could
            # reach R46 million": the next figure's, not this one's)
            return not _LEADS_INTO_FIGURE.match(text, marks.ends[category][k])
    i = marks.last_between(category, clause_start, read.start)
    return i >= 0 and not marks.any_between("current", marks.ends[category][i], read.start)


# What a qualifier right before a figure leaves between them: "could reach R46 million".
_LEADS_INTO_FIGURE = re.compile(r"(?:\s+(?:to|of|about|around|roughly))?\s+[A-Z]{0,3}[$€£¥]?[0-9]")


# The place value of the last digit of a number with 0, 1, 2, ... decimals: 1, 0.1, 0.01.
_PLACE_VALUES = tuple(Decimal(1).scaleb(-decimals) for decimals in range(12))


def _value_of(
    read: _Read, cell: tables.Cell | None, label: str, doc: _Document
) -> tuple[str, Decimal, Decimal, str, Decimal, str]:
    """Kind, value, precision, unit, scale and where the scale came from."""
    kind = read.kind
    unit = read.unit
    if kind == DATE:
        return DATE, read.value, Decimal(1), "", Decimal(1), ""
    scale = read.scale
    # A currency amount with no scale word states units ("$825"); a bare number states none.
    origin = STATED if scale != 1 or kind != NUMBER else ""
    if scale == CENT and not read.unit:
        # "19 cents" is $0.19 and also the 19 of a "(cents)" column: its scale is open.
        origin = ""
    if (
        kind == CURRENCY
        and scale == 1
        and origin == STATED
        and (cell is None or not cell.scale_stated)
        and doc.source_id
        and doc.scale_stated_before(read.start)
    ):
        # "(in thousands, except per share data) ... Net sales $ 412,306": a statement
        # flattened into prose keeps its caption, which a bare "$" does not override;
        # which figures it covers is no longer clear, so the scale is unknown.
        origin = ""
    if cell is not None and scale == 1 and kind in (NUMBER, COUNT, CURRENCY):
        if cell.percent and kind == NUMBER:
            kind, unit, origin = PERCENT, "%", STATED
        elif cell.bps and kind == NUMBER:
            kind, unit, origin = BPS, "bps", STATED
        elif cell.points and kind == NUMBER:
            kind, unit, origin = PERCENTAGE_POINTS, "pp", STATED
        elif label in lx.RATIO_LABELS and kind == NUMBER:
            kind, unit = RATIO, "x"
        elif cell.scale_stated:
            scale, origin = cell.scale, INHERITED
            if (
                kind == NUMBER
                # "Additions" in a table in $'000 are amounts; "U.S. units sold (K)" states
                # its own scale and no currency, whatever the caption's; shares outstanding
                # are shares under any caption ("Diluted shares outstanding" in "($ in
                # millions)")
                and (
                    not cell.currency
                    or _states_no_currency(cell.row_label)
                    or (label == "shares outstanding" and not _MONEY_ROW.search(cell.row_label))
                )
                and (label in lx.COUNT_LABELS or _COUNTED_ROW.search(cell.row_label))
                # "Catastrophe losses included above  $ 181.4  $ 264.9": a row of money
                and not any(sign in cell.row_text for sign in "$€£¥")
            ):
                # "Weighted average diluted shares" or "net additions (thousands)" in
                # thousands is still a count.
                kind = COUNT
            elif kind == NUMBER and not cell.quantity:
                kind = CURRENCY
                unit = cell.currency
        elif cell.currency and kind == NUMBER:
            kind, unit = CURRENCY, cell.currency
        if cell.per_share and kind == CURRENCY and origin == INHERITED:
            scale, origin = Decimal(1), STATED
    if (
        kind == NUMBER
        and (
            label in lx.RATIO_LABELS
            or _RATIO_BEFORE.search(doc.text[max(0, read.start - 30) : read.start])
        )
        # "Ratio: 452,118 / 761,782 × 100 ≈ 59.35%": the operands of the working are not
        # the ratio
        and not (doc.formulas and doc.in_formula(read.start))
    ):
        kind = RATIO
        unit = "x"
    if kind in (PERCENT, PERCENTAGE_POINTS, BPS, RATIO):
        origin = STATED
    value = read.value * scale
    if read.negative:
        value = -value
    place = (
        _PLACE_VALUES[read.decimals]
        if read.decimals < len(_PLACE_VALUES)
        else Decimal(1).scaleb(-read.decimals)
    )
    precision = place * scale
    if read.approximate and read.decimals == 0 and kind in (CURRENCY, COUNT, NUMBER):
        # "about 96,000" is written to the thousand: its zeros are not digits it claims. With
        # one digit before them ("roughly $200 million") the figure claims no such width.
        digits = str(read.value)
        zeros = len(digits) - len(digits.rstrip("0"))
        if zeros >= 2 and len(digits) - zeros >= 2:
            precision = Decimal(1).scaleb(zeros) * scale
    return kind, value, precision, unit, scale, origin


def _label_for(
    doc: _Document, read: _Read, clause_start: int, clause_end: int, number_ends: list[int]
) -> tuple[str, str, bool]:
    """The metric a number belongs to, the segment named with it, and whether it is a total."""
    text = doc.text
    marks = doc.marks
    starts, ends, labels = marks.label_starts, marks.label_ends, marks.labels
    backward = -1
    j = bisect.bisect_right(ends, read.start) - 1
    while j >= 0 and starts[j] >= clause_start:
        # A count noun right after another number is that number's ("12 trades"), not ours.
        k = bisect.bisect_right(number_ends, starts[j]) - 1
        owned = k >= 0 and starts[j] - number_ends[k] <= 2 and labels[j] in lx.COUNT_LABELS
        if not owned:
            backward = j
            break
        j -= 1
    end = max(read.end, read.link_end)
    i = bisect.bisect_left(starts, end)
    if i < len(starts) and starts[i] - end <= 2 and text[end : starts[i]] in ("", " "):
        # A metric named right after its number: "an 11.8% operating margin", "19 winning
        # positions", "$412 million revenue".
        return labels[i], marks.label_segments[i], marks.label_totals[i]
    noun_label = lx.count_noun_label(read.count_noun) if read.count_noun else ""
    if noun_label and (backward < 0 or read.count_noun not in _GENERIC_COUNT_NOUNS):
        # "48 trades", "4,120 employees": the noun says what is counted. A generic noun
        # ("4,821,300 shares") yields to the metric named before it ("volume of").
        return noun_label, "", False
    if read.per_share and (backward < 0 or labels[backward] not in lx.PER_SHARE_LABELS):
        if _DECLARED_BEFORE.search(text, max(clause_start, read.start - 30), read.start):
            # "the company declared $0.96 per share": what a board declares per share is a
            # dividend, not earnings
            return "dividend", "", False
        if backward < 0:
            return "eps", "", False
        return "eps", marks.label_segments[backward], marks.label_totals[backward]
    # A label linked right after the number: "$312 million in net income".
    if i < len(starts) and starts[i] <= min(end + 40, clause_end):
        gap = text[end : starts[i]]
        adjacent = not gap.strip()
        if _LABEL_LINK.fullmatch(gap) and (
            gap.strip() or backward < 0 or (adjacent and read.kind in (NUMBER, COUNT))
        ):
            return labels[i], marks.label_segments[i], marks.label_totals[i]
    if backward >= 0:
        label = labels[backward]
        k = bisect.bisect_right(number_ends, read.start) - 1
        gap_start = max(ends[backward], number_ends[k] if k >= 0 else 0)
        if _VARIANT.search(text, gap_start, read.start):
            # "Share price: 52-week high $187.20" names another figure; the words after
            # the previous number are this one's own ("..., current $142.50").
            return "", "", False
        if read.kind in (PERCENT, PERCENTAGE_POINTS, BPS) and label in lx.COUNT_LABELS:
            return "", "", False  # "66.67% of trades" is a rate, not a number of trades
        return label, marks.label_segments[backward], marks.label_totals[backward]
    return "", "", False


def _period_for(
    doc: _Document,
    read: _Read,
    anchors: list[_Read],
    anchor_starts: list[int],
    clause_start: int,
    clause_end: int,
    next_start: int,
) -> tuple[str, int]:
    """The period the clause gives a number, and where it is written (-1 when none)."""
    text = doc.text
    end = max(read.end, read.link_end)
    i = bisect.bisect_left(anchor_starts, end)
    if i < len(anchors) and anchors[i].start <= min(end + 40, clause_end):
        gap = text[end : anchors[i].start]
        if (
            gap.strip()
            and (
                _PERIOD_LINK.fullmatch(gap, timeout=REGEX_TIMEOUT)
                or _NOUN_THEN_PERIOD.fullmatch(gap) is not None
            )
            and not _INTRODUCES_FIGURE.match(text, anchors[i].end)
        ):
            return anchors[i].anchor_period or anchors[i].period, anchors[i].start
    j = i - 1
    while j >= 0 and anchors[j].end > read.start:
        j -= 1
    # The nearest date before it in its clause that is a period of its own: not a day with no
    # year ("balance at january 1"), not a maturity in a name ("notes due may 1 2024").
    k = j
    while (
        k >= 0
        and anchors[k].start >= clause_start
        and (
            _not_a_period(doc, anchors[k])
            # "(fiscal 2023: 10.1 years) and the rate was 5.8%": a period with a colon names
            # the figure right after it, not the later ones of its clause.
            or _introduces_another(text, anchors[k], read)
            # "a 5-star review from September 2023 ..., and a 4-star review": "from" and a
            # date after a figure's noun dates that noun, not the figures after it.
            or _dates_a_figure_before(doc, anchors[k], clause_start)
        )
    ):
        k -= 1
    if k >= 0 and anchors[k].start >= clause_start:
        j = k
    elif j >= 0 and (
        _introduces_another(text, anchors[j], read)
        or _is_dateline(text, anchors[j])
        or _dates_a_figure_before(doc, anchors[j], clause_start)
        or _names_a_model(doc, anchors[j])
    ):
        j = -1  # only periods that introduce other figures (or a dateline): none is this one's
    if (
        j >= 0
        and anchors[j].start >= clause_start
        and (
            not doc.marks.any_between("blocker", anchors[j].end, read.start)
            or _CHANGE_TARGET.search(text, max(0, read.start - 20), read.start) is not None
        )
    ):
        later = _its_parts_own_period(doc, read, anchors, i, anchors[j], clause_end, next_start)
        if later is not None:
            return later.anchor_period or later.period, later.start
        return anchors[j].anchor_period or anchors[j].period, anchors[j].start
    if (
        not doc.source_id
        and read.kind in (CURRENCY, NUMBER, COUNT)  # (a rate of change spans two periods)
        and i < len(anchors)
        and anchors[i].start < clause_end
        and anchors[i].start <= next_start
        and (i + 1 >= len(anchors) or anchors[i + 1].start >= clause_end)
        and (j < 0 or anchors[j].end <= clause_start)
        and _CLOSING_PERIOD_BEFORE.search(text, max(0, anchors[i].start - 8), anchors[i].start)
        and _CLOSES_THE_CLAUSE.match(text, anchors[i].end)
    ):
        # "Kestrel reclassified $7.4 million of pension losses, net of tax, out of AOCI into
        # earnings in 2023.": the clause's one period, closing it, with no other figure
        # between, dates the figure however far it stands
        return anchors[i].anchor_period or anchors[i].period, anchors[i].start
    return "", -1


_CLOSING_PERIOD_BEFORE = re.compile(r"\b(?:in|during|for)\s+(?:fiscal\s+)?\Z", re.IGNORECASE)
_CLOSES_THE_CLAUSE = re.compile(r"\s*(?:[.;!?]|\Z)")


def _its_parts_own_period(
    doc: _Document,
    read: _Read,
    anchors: list[_Read],
    i: int,
    before: _Read,
    clause_end: int,
    next_start: int,
) -> _Read | None:
    """ "passage 2 dates from January 2023, and the roughly $24,000 figure in passage 3 is a
    consultants' projection for 2025": past a join (`, and`), the part of the sentence that
    holds the figure names its own period after it, with no other figure between; that
    period is the figure's, not the one of the part before."""
    if i >= len(anchors) or anchors[i].start >= clause_end or anchors[i].start > next_start:
        return None
    if not _JOINS_A_PART.search(doc.text, before.end, read.start):
        return None
    if doc.previous_word(anchors[i].start) in _BASE_WORDS:
        return None  # "..., and net income was $1M, up from 2022's": the base's period
    if (
        _INTRODUCES_A_NUMBER.match(doc.text, anchors[i].end)
        or "(" in doc.text[read.end : anchors[i].start]
    ):
        return None  # "..., and the network grew to 38,450 outlets (2023: 33,910)"
    return anchors[i]


_JOINS_A_PART = re.compile(r",\s+(?:and|but|while|whereas)\s", re.IGNORECASE)
_BASE_WORDS = frozenset({"from", "since", "versus", "vs", "over", "than", "against", "after"})


_DECLARED_BEFORE = re.compile(
    r"\b(?:declared|declares|declaring|distributed|distributes)\s+(?:a\s+|an\s+)?"
    r"(?:(?:quarterly|annual|interim|final|special|total)\s+)?(?:dividends?\s+of\s+)?\Z",
    re.IGNORECASE,
)
_NAME_DATE_WORDS = frozenset(
    {
        "due",
        "maturing",
        "matures",
        "mature",
        "expiring",
        "expires",
        "expire",
        "through",
        "until",
        "to",
        "thru",
    }
)


@functools.lru_cache(maxsize=16)
def headings(text: str) -> tuple[tuple[int, int, str], ...]:
    """The heading lines of a text, markdown `#` or wholly bold ("**Fiscal 2024**",
    "**Generic dispensing rate (GDR)**"): where each starts, where the block under it ends
    (its first blank line after the lines under it) and its words. (Asked by the number
    reader and the answer reader of one text: read once.)"""
    out: list[tuple[int, int, str]] = []
    if "#" not in text and "**" not in text and "__" not in text:
        return ()
    for m in _HEADING_LINE.finditer(text):
        inner = (m.group("h") or m.group("b") or "").strip(" :-—–")
        body = m.end()
        while body < len(text) and text[body] in " \t\n":
            body += 1
        blank = _BLANK_LINE.search(text, body)
        out.append((m.start(), blank.start() if blank else len(text), inner))
    return tuple(out)


# Words a heading may spell its period with: "First-half 2025 (twenty-six weeks ended ...)".
_PERIOD_WORDS = frozenset(
    {"first", "second", "third", "fourth", "half", "six", "nine", "three", "twelve", "twenty",
     "thirty", "thirteen", "fifty", "two", "end", "calendar"}
)  # fmt: skip


def _names_only_a_period(text: str) -> bool:
    """A heading that names a period and nothing else, in figures or words."""
    if _is_period_only(text):
        return True
    return bool(tables.header_period(text)) and set(labels.words(text)) <= _PERIOD_WORDS


_ITEM_NUMBER = re.compile(r"\(?(?:[0-9]{1,2}|[a-z])[.)]\s*[*_]*")  # "2.", "(b)", "3)"


def _introduces_another(text: str, anchor: _Read, read: _Read) -> bool:
    """A period with a colon inside a line ("(fiscal 2023: 10.1 years)") names the figure
    right after it, not a later one; at the head of its line ("- **2024:** ... = €25.49") it
    names the line."""
    if _INTRODUCES_A_NUMBER.match(text, anchor.end) is None:
        return False  # "pro forma information for fiscal 2024: had the acquisition ..."
    opened = text.rfind("(", max(0, anchor.start - 20), anchor.start)
    if (
        opened >= 0
        and ")" not in text[opened : anchor.start]
        and ")" in text[anchor.end : read.start]
    ):
        return True  # "58 marinas (2023: 54) with 21,460 slips": the brackets closed before it
    if read.start - anchor.end <= MAX_INTRODUCED_GAP:
        return False
    line_start = text.rfind("\n", 0, anchor.start) + 1
    head = text[line_start : anchor.start].strip(" \t-*•#>_")
    # "2. 2023: $355,904K ÷ 8.61B units ≈ $0.0413": a numbered item's period heads its line
    return bool(head) and not _ITEM_NUMBER.fullmatch(head)


def _dates_a_figure_before(doc: _Document, anchor: _Read, clause_start: int) -> bool:
    if _DATES_A_BASE.search(doc.text, max(0, anchor.start - 60), anchor.start):
        # "down 5.9% from $60.8 billion in FY2022, and operating margin fell to 7.0%": the
        # period of the base a change is measured from
        return True
    return (
        doc.previous_word(anchor.start) == "from"
        and _SPAN_ON.match(doc.text, anchor.end) is None  # "from January 2021 through ..."
        and bool(_DIGIT.search(doc.text, clause_start, max(clause_start, anchor.start - 5)))
    )


_DATES_A_BASE = re.compile(
    r"\bfrom\s+(?:about\s+|roughly\s+|approximately\s+)?[$€£¥]?\s?[0-9][0-9,.]*\s?"
    r"(?:%|[A-Za-z]{1,8})?\s+(?:in|for|during)\s+(?:the\s+)?\Z",
    re.IGNORECASE,
)


_DIGIT = re.compile(r"[0-9]")
_SPAN_ON = re.compile(r"\s*(?:through|thru|to|until|till|and|[-–—])\s", re.IGNORECASE)


def _names_a_model(doc: _Document, anchor: _Read) -> bool:
    """ "my 2016 Accord", "the 2024 Model Y": a year between a determiner and a name is
    part of the name, no period of the figures around it."""
    if len(anchor.period) != 4 or anchor.end - anchor.start != 4:
        return False
    name = NAME_AFTER_YEAR.match(doc.text, anchor.end)
    return (
        name is not None
        and name.group(1).lower() not in _PERIOD_NOUNS
        and doc.previous_word(anchor.start) in _DETERMINERS
    )


NAME_AFTER_YEAR = re.compile(r" ([A-Z][a-z]+)\b")  # "2016 Accord": the name after a year
_DETERMINERS = frozenset({"a", "an", "the", "my", "his", "her", "their", "our", "its", "your"})
_PERIOD_NOUNS = frozenset(
    {
        *lx.MONTHS,
        *("january", "february", "march", "april", "june", "july", "august", "september"),
        *("october", "november", "december", "annual", "fiscal", "first", "second", "third"),
        *("fourth", "full", "half", "quarter", "year", "outlook", "guidance", "budget", "plan"),
        *("results", "report", "form", "proxy", "financial", "financials", "season", "calendar"),
    }
)


def _not_a_period(doc: _Document, anchor: _Read) -> bool:
    return (
        _names_a_model(doc, anchor)
        or anchor.period.startswith("--")
        or doc.previous_word(anchor.start) in _NAME_DATE_WORDS
        or _is_dateline(doc.text, anchor)
    )


# A news item's dateline: "BENGALURU, Oct 10, 2024 —", "LONDON, March 3 (Reuters) -". The
# day it was written, never the period of the figures after it.
_DATELINE_BEFORE = re.compile(r"(?:^|\n)[ \t]*[A-Z][A-Za-z .'’-]{1,40},[ \t]*\Z")
_DATELINE_AFTER = re.compile(r"[ \t]*(?:\([A-Za-z .]{2,30}\)[ \t]*)?[—–-]{1,2}[ \t]")


def _is_dateline(text: str, anchor: _Read) -> bool:
    """ "LONDON, March 3 (Reuters) -", and a month or day that opens the text before a dash
    ("September 2022 — Denver rents hit a record in August"): when it was written."""
    if not _DATELINE_AFTER.match(text, anchor.end):
        return False
    if not text[: anchor.start].strip() and len(anchor.period) >= 7:
        return True
    return bool(_DATELINE_BEFORE.search(text, max(0, anchor.start - 48), anchor.start))


@functools.lru_cache(maxsize=4096)
def _header_context(text: str) -> tuple[str, str, str, frozenset[str]]:
    """Label, segment, period and qualifiers a row label or column header gives its cells."""
    label, segment = context.label_and_segment(text)
    marks = context.find_marks(text[:400])
    qualifiers = frozenset(
        name
        for name in ("superseded", "hypothetical", "estimate", "total")
        if marks.starts.get(name)
    )
    return label, segment, tables.header_period(text), qualifiers


# A line that is a heading: markdown "#" or wholly bold ("**Fiscal 2024**", "__Q3__:").
_HEADING_LINE = re.compile(
    r"^[ \t]*(?:#{1,6}[ \t]+(?P<h>[^\n]{1,60}?)|(?:\*\*|__)(?P<b>[^\n*_]{1,60}?)(?:\*\*|__)[ \t]*:?)"
    r"[ \t]*$",
    re.MULTILINE,
)
_BLANK_LINE = re.compile(r"\n[ \t]*\n")


_RESULT_BEFORE = re.compile(r"[=≈~][ \t*_]*\Z")
_WORKED_IN_BRACKETS_AFTER = re.compile(
    r"(?:\s?(?:thousand|million|billion|trillion))?\s?\(\s*[$£€¥]?[0-9][0-9,.]*\s*[-+−–]\s*[$£€¥]?[0-9]"
)
_BEFORE_PRIOR = re.compile(
    r"(?:\s+(?!(?:from|than|versus|vs|compared|against|up|down)\b)[A-Za-z]+){0,3}\s+"
)


def _prior_right_after(doc: _Document, read: _Read, limit: int) -> bool:
    """A prior-period phrase follows the figure within three plain words ("1,800 it had a
    year earlier"), not one a base introduces ("up from a year earlier")."""
    marks = doc.marks
    starts = marks.starts["prior"]
    i = bisect.bisect_left(starts, read.end)
    if i >= len(starts) or starts[i] >= limit:
        return False
    return _BEFORE_PRIOR.fullmatch(doc.text, read.end, starts[i]) is not None


@functools.lru_cache(maxsize=4096)
def _row_column_label(row_label: str, header: str) -> tuple[frozenset[str], frozenset[str]]:
    """A cell's label and column words: the row label names the metric and a column header
    that is not a period adds words ("payments due by period total"); when the row label is
    the period ("december 31 2011 — peer group"), the column header names the metric."""
    header_words = (
        labels.label_words(header) if header and not _is_period_only(header) else frozenset()
    )
    if not row_label or _is_period_only(row_label):
        return header_words, frozenset()
    row_words = labels.label_words(row_label)
    if header_words and row_words <= _BALANCE_WORDS and tables.header_period(row_label):
        # "Balance at December 31, 2023" under "Cash Flow Hedges": a roll-forward whose rows
        # are dates; the column names what the balance is of.
        return row_words | header_words, header_words
    return row_words, header_words


_TOTAL_OF_A_SUBJECT = frozenset({"total", "aggregate"})
_BALANCE_WORDS = frozenset({"balanc", "end", "ending", "beginn", "clos", "open"})


@functools.lru_cache(maxsize=4096)
def _is_balance_row(row_label: str) -> bool:
    """A roll-forward's row of a balance at a date ("Balance at December 31, 2023",
    "Ending balance, June 30, 2024"), naming nothing else."""
    row_words = labels.label_words(row_label)
    if not row_words or not row_words <= _BALANCE_WORDS:
        return False
    # "Balance at beginning of year", "Ending balance", "Balance at January 1": a column's
    # opening or closing balance
    return (
        bool(tables.header_period(row_label))
        or ("balanc" in row_words and len(row_words) > 1)
        or _AT_A_DAY_OF_THE_YEAR.search(row_label) is not None
    )


# An opening balance row: "Balance at beginning of year", "Opening balance", "Balance at
# January 1".
_OPENING_BALANCE = re.compile(
    r"\b(?:beginning|opening|start)\b|\bat\s+jan(?:uary)?\.?\s+1\s*$", re.IGNORECASE
)
_AT_A_DAY_OF_THE_YEAR = re.compile(
    r"\bat\s+" + lx.MONTH_NAME + r"\.?\s+[0-3]?[0-9]\s*$", re.IGNORECASE
)


@functools.lru_cache(maxsize=4096)
def _is_period_only(text: str) -> bool:
    """A header that names a period and nothing else ("2009", "dec. 31 2008", "FY24",
    "Three Months Ended June 30 2025")."""
    return bool(tables.header_period(text)) and not labels.words(_SPAN_LENGTH.sub(" ", text))


# The length of a span of time in a header ("Three Months Ended", "52 weeks ended"): part
# of its period, no metric's word.
_SPAN_LENGTH = re.compile(
    r"\b(?:one|two|three|four|six|nine|twelve|thirteen|twenty-six|fifty-two|fifty-three|"
    r"[0-9]{1,2})[- ](?=(?:months?|weeks?|quarters?)\b)",
    re.IGNORECASE,
)


def _table_context(
    cell: tables.Cell, label: str, period: str, segment: str
) -> tuple[str, str, str, frozenset[str]]:
    if cell.column == 0:
        return label, period, segment, frozenset()
    row_label, row_segment, row_period, row_qualifiers = _header_context(cell.row_label)
    if cell.section and row_label:
        # "Cash and cash equivalents" under "Current assets:": the row's own metric first.
        row_label = context.label_and_segment(tables.own_row_label(cell))[0] or row_label
    column_label, column_segment, column_period, column_qualifiers = _header_context(
        cell.column_header
    )
    qualifiers = row_qualifiers | column_qualifiers
    if column_label and row_period and not row_label:
        # Periods down the side, metrics across the top.
        return column_label, row_period, column_segment, qualifiers
    return (
        row_label or column_label or label,
        column_period or row_period or cell.period or period,
        row_segment or column_segment,
        qualifiers,
    )
