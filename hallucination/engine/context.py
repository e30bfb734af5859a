"""The words around numbers, found in one pass: metric labels and the qualifiers rules read.

Each category is a set of first words (a dictionary lookup per word of the text) confirmed,
when it is a phrase, by a pattern matched at that word only. Nothing here scans a window
with an unanchored pattern, so a text costs one pass whatever its length; later questions
("is there a superseded marker between these two positions?") are binary searches.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from . import lexicon as lx

WORD = re.compile(r"[A-Za-z][A-Za-z&'’/]*")
_SEPARATOR_GAP = frozenset(" \t_-")
MAX_PHRASE_WORDS = 6

# category -> {first word: pattern confirming the phrase there, or None for the word alone}
# Every phrase pattern is anchored at its first word and bounded, so plain `re` is safe.
_P = re.compile
_I = re.IGNORECASE
# "reported within Other", "reported in cost of sales", "reported as part of other income":
# the line an amount was classified in; "reported in our 2024 annual report" stays a marker.
# "its previous forecast", "the prior guidance range", "an earlier outlook": guidance since
# replaced.
_FORMER_OUTLOOK = (
    r"(?:previous|prior|earlier|original)\s+(?:full[\s-]year\s+|annual\s+|\d{4}\s+)?"
    r"(?:forecasts?|guidance|outlooks?|projections?|targets?)\b"
)
FORMER_OUTLOOK = re.compile(_FORMER_OUTLOOK, re.IGNORECASE)
_RECLASSIFIED = (
    r"(?!\s+(?:within|under|among|as\s+part\s+of|"
    r"in\s+(?!(?:our|the|its|their|a|an|last|prior|fiscal|fy|q[1-4]|\d)\b)))"
)
CATEGORIES: dict[str, dict[str, re.Pattern | None]] = {
    "superseded": {
        # Not where an amount used to be classified ("cloud costs of 418 previously reported
        # within Other" is a reclassification, the 418 itself never superseded).
        "originally": _P(r"originally\s+reported\b" + _RECLASSIFIED, _I),
        "previously": _P(r"previously\s+(?:reported|disclosed|stated)\b" + _RECLASSIFIED, _I),
        # "down from its previous forecast of $6.6 billion to $6.8 billion": guidance since cut
        "previous": _P(_FORMER_OUTLOOK, _I),
        "earlier": _P(_FORMER_OUTLOOK, _I),
        "original": _P(_FORMER_OUTLOOK, _I),
        "initially": _P(r"initially\s+reported\b" + _RECLASSIFIED, _I),
        "as": _P(r"as\s+(?:originally|first|previously)\s+reported\b", _I),
        "before": _P(r"before\s+(?:the\s+)?restatement\b", _I),
        "prior": _P(r"prior\s+to\s+(?:the\s+)?restatement\b|" + _FORMER_OUTLOOK, _I),
        "pre": _P(r"pre-restatement\b", _I),
        "superseded": None,
        "unrestated": None,
    },
    "current": {
        word: None for word in ("restated", "revised", "corrected", "amended", "actual", "actually")
    },
    "hypothetical": {
        "would": _P(r"would\s+have\b", _I),
        "pro": _P(r"pro[\s-]forma\b", _I),
        "had": _P(r"had\s+[^.;\n]{0,60}?\bnot\b", _I),
        "if": _P(r"if\s+not\s+for\b", _I),
        "hypothetical": None,
        "hypothetically": None,
        # "the fee could rise to R46 million if add-ons are met": a figure that may come
        "could": _P(r"could\s+(?:rise|reach|climb|grow|increase|total|top|exceed)\b", _I),
        "might": _P(r"might\s+(?:rise|reach|climb|grow|increase|total|top|exceed)\b", _I),
    },
    "estimate": {
        word: None
        for word in (
            "estimate",
            "estimates",
            "estimated",
            "consensus",
            "expected",
            "expectation",
            "expectations",
            "forecast",
            "forecasts",
            "projected",
            "analyst",
            "analysts",
            "guidance",
            "target",
        )
    },
    "total": {
        "total": None,
        "overall": None,
        "combined": None,
        "altogether": None,
        "aggregate": None,
        "daily": None,
        "in": _P(r"in\s+all\b", _I),
        "all": _P(r"all\s+expirations\b", _I),
    },
    "consolidated": {
        "consolidated": None,
        "company": _P(r"company[\s-]wide\b", _I),
        "group": _P(r"group[\s-]wide\b", _I),
        "companywide": None,
    },
    "prior": {
        "prior": _P(r"prior[\s-](?:year|quarter|period)\b", _I),
        "previous": _P(r"previous[\s-](?:year|quarter|period)\b", _I),
        "last": _P(r"last\s+(?:year|quarter)\b", _I),
        "year": _P(r"year[\s-]ago\b", _I),
        "a": _P(r"a\s+year\s+(?:earlier|ago|before)\b", _I),
    },
    "blocker": {
        word: None
        for word in (
            "from",
            "versus",
            "vs",
            "compared",
            "against",
            "prior",
            "previous",
            "preceding",
            "before",
            "earlier",
            "ago",
            "restated",
            "originally",
            "up",
            "down",
            "rose",
            "fell",
            "grew",
            "increased",
            "decreased",
            "declined",
            # "at 30 June 2024, after growth capital of A$48.3 million": the balance's date,
            # not the period of the flows that led to it.
            "after",
            "following",
            # "the €(246.9) million loss of 2022, because interest expense reached €286.7
            # million": a cause is not the period of the figure before it.
            "because",
        )
    },
    "injection": {
        "ignore": _P(
            r"ignore\s+(?:all\s+|any\s+|the\s+)?(?:previous|prior|above|earlier|preceding|other)\b",
            _I,
        ),
        "disregard": _P(
            r"disregard\s+(?:all\s+|any\s+|the\s+)?(?:previous|prior|above|earlier|preceding|other|the)\b",
            _I,
        ),
        "forget": _P(r"forget\s+(?:all\s+|any\s+|the\s+)?(?:previous|prior|above|earlier)\b", _I),
        "report": _P(r"report\s+(?:the\s+)?[\w\s-]{0,30}?\bas\s+(?=[$€£0-9])", _I),
        "state": _P(
            r"state\s+(?:that\s+)?(?:the\s+)?[\w\s-]{0,30}?\b(?:as|is|was)\s+(?=[$€£0-9])", _I
        ),
        "say": _P(r"say\s+(?:that\s+)?(?:the\s+)?[\w\s-]{0,30}?\b(?:as|is|was)\s+(?=[$€£0-9])", _I),
        "you": _P(
            r"you\s+(?:must|should|are\s+required\s+to)\s+(?:state|say|report|write|claim|output|use|answer)\b",
            _I,
        ),
        "system": _P(r"system\s*:", _I),
        "assistant": _P(r"assistant\s*:", _I),
        "note": _P(
            r"note\s+to\s+(?:ai|llms?|language\s+models?|assistants?|the\s+model|models?)\b", _I
        ),
        "instruction": _P(
            r"instructions?\s+(?:to|for)\s+(?:ai|llms?|language\s+models?|assistants?|the\s+model)\b",
            _I,
        ),
        "instructions": _P(
            r"instructions?\s+(?:to|for)\s+(?:ai|llms?|language\s+models?|assistants?|the\s+model)\b",
            _I,
        ),
        "new": _P(r"new\s+instructions?\b", _I),
        "ai": _P(r"ai\s+(?:systems?|assistants?|models?)\s+(?:must|should|reading)\b", _I),
        "override": _P(r"override\s+(?:the\s+)?(?:reported|previous|prior|source)\b", _I),
    },
    "segment": {"segment": None, "segments": None, "division": None, "unit": None},
    "identifier": {
        word: None
        for word in (
            "rule",
            "rules",
            "item",
            "items",
            "note",
            "notes",
            "section",
            "sections",
            "sec",
            "part",
            "exhibit",
            "article",
            "schedule",
            "form",
            "page",
            "pages",
            "passage",
            "passages",
            "chapter",
            "regulation",
            "level",
            "tier",
            "phase",
            "scope",
            "magic",
            "footnote",
            "appendix",
            "table",
            "figure",
            "fig",
            "no",
            "version",
            "ver",
            "step",
            "tranche",
            "series",
            "class",
            "region",
            "zone",
            "ticker",
            "cusip",
            "isin",
            "sedol",
            "lei",
            "figi",
            "basel",
        )
    },
    "approximate": {
        word: None
        for word in (
            "approximately",
            "approx",
            "about",
            "around",
            "roughly",
            "nearly",
            "almost",
            "some",
            "circa",
            "ca",
            "estimated",
        )
    },
}
_LINE_START_ONLY = frozenset({"system", "assistant"})
# Words before which "state", "report" or "say" is a noun, not a command to a model.
_BEFORE_A_NOUN = frozenset(
    {"the", "a", "an", "this", "that", "each", "every", "per", "its", "their", "our", "his"}
    | {"her", "any", "same", "whole", "home", "annual", "quarterly", "market", "which"}
)
_SEGMENT_STOPWORDS = frozenset(
    {"the", "its", "our", "their", "each", "this", "that", "a", "an", "every", "one"}
    # "**Step 3 – Per unit:**": a preposition opening a heading names no business unit
    | {"per", "by", "for", "from", "in", "on", "at", "to", "with"}
)


def _index_first_words() -> dict[str, list[tuple[str, re.Pattern | None]]]:
    table: dict[str, list[tuple[str, re.Pattern | None]]] = {}
    for category, words in CATEGORIES.items():
        for word, pattern in words.items():
            table.setdefault(word, []).append((category, pattern))
    return table


_TRIGGERS = _index_first_words()


def _label_first_words() -> dict[str, int]:
    firsts: dict[str, int] = {}
    for phrase in lx.folded_phrases():
        words = phrase.split(" ")
        firsts[words[0]] = max(firsts.get(words[0], 0), len(words))
    return firsts


_LABEL_FIRST = _label_first_words()
_INTERESTING = frozenset(_TRIGGERS) | frozenset(_LABEL_FIRST)


@dataclass(slots=True)
class Marks:
    """Positions of labels and qualifier words in one text."""

    word_starts: list[int] = field(default_factory=list)
    word_ends: list[int] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    label_starts: list[int] = field(default_factory=list)
    label_ends: list[int] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    label_segments: list[str] = field(default_factory=list)
    label_totals: list[bool] = field(default_factory=list)  # "total revenue", "consolidated sales"
    starts: dict[str, list[int]] = field(default_factory=dict)
    ends: dict[str, list[int]] = field(default_factory=dict)
    segment_names: list[str] = field(default_factory=list)

    def any_between(self, category: str, low: int, high: int) -> bool:
        """A mark of `category` starting in [low, high)."""
        starts = self.starts.get(category)
        if not starts:
            return False
        i = bisect.bisect_left(starts, low)
        return i < len(starts) and starts[i] < high

    def last_between(self, category: str, low: int, high: int) -> int:
        """Index of the last mark of `category` ending in (low, high], or -1."""
        ends = self.ends.get(category)
        if not ends:
            return -1
        i = bisect.bisect_right(ends, high) - 1
        if i >= 0 and self.starts[category][i] >= low:
            return i
        return -1

    def word_before(self, pos: int) -> tuple[int, str]:
        """The word ending right before `pos` with only spaces between, as (start, lowercase)."""
        i = bisect.bisect_right(self.word_ends, pos) - 1
        if i < 0:
            return -1, ""
        return i, self.words[i]


def _gap_is_separator(text: str, start: int, end: int) -> bool:
    if end <= start or end - start > 3:
        return False
    return all(ch in _SEPARATOR_GAP for ch in text[start:end])


def find_marks(text: str) -> Marks:
    marks = Marks()
    word_starts, word_ends, words = marks.word_starts, marks.word_ends, marks.words
    # Lower-casing ASCII keeps every offset, so the words can be read off the lowered text.
    lowered = text.lower() if text.isascii() else None
    for m in WORD.finditer(lowered if lowered is not None else text):
        word_starts.append(m.start())
        word_ends.append(m.end())
        words.append(m.group() if lowered is not None else m.group().lower())
    starts: dict[str, list[int]] = {}
    ends: dict[str, list[int]] = {}
    n = len(words)
    skip_until = -1
    # Most words are neither labels nor qualifiers; one set test each leaves the rest.
    interesting = _INTERESTING
    for i in [k for k, w in enumerate(words) if w in interesting]:
        word = words[i]
        triggers = _TRIGGERS.get(word)
        if triggers:
            for category, pattern in triggers:
                start = word_starts[i]
                if category == "injection" and word in _LINE_START_ONLY:
                    line_start = text.rfind("\n", 0, start) + 1
                    if text[line_start:start].strip(" \t>*-#"):
                        continue
                if category == "injection" and i > 0 and words[i - 1] in _BEFORE_A_NOUN:
                    continue  # "premiums in the state was $1,872": a noun, no command
                if pattern is None:
                    end = word_ends[i]
                else:
                    matched = pattern.match(text, start)
                    if not matched:
                        continue
                    end = matched.end()
                starts.setdefault(category, []).append(start)
                ends.setdefault(category, []).append(end)
                if category == "segment":
                    marks.segment_names.append(_segment_name(text, marks, i))
        if i < skip_until:
            continue
        longest = _LABEL_FIRST.get(word)
        if not longest:
            continue
        widest = min(longest, MAX_PHRASE_WORDS, n - i)
        # A phrase of `size` words needs separator gaps between all of them: count the gaps
        # once rather than again for every size tried.
        joined = 1
        while joined < widest and _gap_is_separator(
            text, word_ends[i + joined - 1], word_starts[i + joined]
        ):
            joined += 1
        for size in range(joined, 0, -1):
            label = lx.label_of_folded(" ".join(words[i : i + size]))
            if label:
                marks.label_starts.append(word_starts[i])
                marks.label_ends.append(word_ends[i + size - 1])
                marks.labels.append(label)
                marks.label_segments.append(_qualifying_name(text, marks, i))
                marks.label_totals.append(
                    word in _WHOLE_WORDS or (i > 0 and words[i - 1] in _WHOLE_WORDS)
                )
                skip_until = i + size
                break
    marks.starts = starts
    marks.ends = ends
    return marks


def _segment_name(text: str, marks: Marks, i: int) -> str:
    """The capitalised words before "segment": "Intelligent Cloud segment" -> "intelligent cloud"."""
    parts: list[str] = []
    k = i - 1
    while k >= 0 and len(parts) < 3:
        if text[marks.word_ends[k] : marks.word_starts[k + 1]] != " ":
            break
        original = text[marks.word_starts[k] : marks.word_ends[k]]
        if (
            not original[:1].isupper()
            or text[marks.word_starts[k] - 1 : marks.word_starts[k]].isdigit()
            or marks.words[k] in _SEGMENT_STOPWORDS
            or marks.words[k].endswith(("'s", "’s"))
        ):
            break
        parts.append(marks.words[k])
        k -= 1
    return " ".join(reversed(parts))


_NOT_SEGMENTS = frozenset(
    {
        "total",
        "net",
        "gross",
        "operating",
        "consolidated",
        "diluted",
        "basic",
        "adjusted",
        "reported",
        "quarterly",
        "annual",
        "fiscal",
        "gaap",
        "non-gaap",
        "company",
        "group",
        "year",
        "quarter",
        "full",
        "first",
        "second",
        "third",
        "fourth",
        "record",
        "core",
        "organic",
        "comparable",
        "cash",
        "free",
        "average",
        "weighted",
        "current",
        "prior",
        "last",
        "next",
        "both",
        "and",
        "of",
        # "Segment operating income" heads the segments' rows: no segment's name.
        "segment",
        "segments",
        # "Ending backlog", "Opening balance": a roll-forward's ends, no segment's name.
        "beginning",
        "ending",
        "opening",
        "closing",
        "starting",
        *_SEGMENT_STOPWORDS,
        *lx.MONTHS,
        # A metric named by its abbreviation is not a segment: "EPS guidance", "EBITDA margin".
        *(name for name, synonyms in lx.METRIC_SYNONYMS.items() if " " not in name),
        *(s for synonyms in lx.METRIC_SYNONYMS.values() for s in synonyms if " " not in s),
    }
)


_WHOLE_WORDS = frozenset({"total", "consolidated", "overall", "companywide", "group"})
_SENTENCE_PUNCTUATION = frozenset(".:|-•*;!?(")


def _qualifying_name(text: str, marks: Marks, i: int, first_word_counts: bool = False) -> str:
    """Capitalised words right before a metric: "Industrial Solutions" revenue, "International"
    revenue. A possessive ("Granby's") is the company, not a segment, and ends the name."""
    parts: list[str] = []
    k = i - 1
    while k >= 0 and len(parts) < 3:
        if text[marks.word_ends[k] : marks.word_starts[k + 1]] != " ":
            break
        original = text[marks.word_starts[k] : marks.word_ends[k]]
        word = marks.words[k]
        if (
            not original[:1].isupper()
            # "181,990K weighted average shares": a scale glued to its digits, no name
            or text[marks.word_starts[k] - 1 : marks.word_starts[k]].isdigit()
            or word in _NOT_SEGMENTS
            or word.endswith(("'s", "’s", "'", "’"))
        ):
            break
        gap = text[marks.word_ends[k - 1] : marks.word_starts[k]] if k > 0 else ""
        starts_sentence = k == 0 or "\n" in gap or gap.strip()[-1:] in _SENTENCE_PUNCTUATION
        if starts_sentence and not parts and not first_word_counts:
            break  # a sentence's first word is capitalised anyway: a name only if more follow
        parts.append(word)
        k -= 1
    return " ".join(reversed(parts))


def labels_in(text: str) -> list[str]:
    """The metric labels named in a short text, in order."""
    return find_marks(text[:400]).labels


def label_and_segment(text: str) -> tuple[str, str]:
    """The first metric a short text names (a row label, a header) and its segment."""
    text = text[:400]
    marks = find_marks(text)
    if not marks.labels:
        return "", ""
    # In a row label the first word is a name like any other: "International revenue".
    first = bisect.bisect_left(marks.word_starts, marks.label_starts[0])
    return marks.labels[0], _qualifying_name(text, marks, first, first_word_counts=True)
