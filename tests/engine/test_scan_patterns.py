"""Patterns that scan whole texts are written with a character class first, so that the
search skips to the characters that can start a match instead of trying every branch at
every position. Each must find exactly what its plain form finds."""

from __future__ import annotations

import random
import re

import pytest

from hallucination.engine.clauses import _SENTENCE_END
from hallucination.engine.extraction import _CLAUSE_END, _GROUPED, _NUMBER_RUN, _TOKEN

PLAIN_FORMS = [
    (_NUMBER_RUN, re.compile(f"{_GROUPED.pattern}|{_TOKEN.pattern}")),
    (
        _CLAUSE_END,
        re.compile(r"[.!?](?=\s|\Z)|;|\n(?!(?<=[A-Za-z,]\n)[a-z$€£¥](?![^\n]*(?:  |\t|\|)))"),
    ),
    (
        _SENTENCE_END,
        re.compile(
            r"[.!?](?=\s+[A-Z0-9(\"'*-]|\s*\n|\s*\Z)|\n(?!(?<=[A-Za-z,]\n)[a-z$€£¥](?![^\n]*(?:  |\t|\|)))"
        ),
    ),
]
_CHARACTERS = "0123456789" * 3 + " .,'’\u00a0\u202f\u2009-a$%;!?\n\tA(\"*"
_TEXTS = (
    "Revenue was $1,234.5 million, up 14.8% from 2 314,6 and CHF 2'413 (11 960).",
    "in 2024 123 stores; 287,9; 9,870; 1.2.3; 12,34,567; 0.5 -7 1’000’000",
    "Net income rose.  EPS was $0.81!\nTotal assets? About $4 billion.\n\n(1) Note.",
    "Revenue was\n$2.87 billion and\nrose, while costs\nFell 3\n4% (up)\n(a) x",
    "",
    "1",
    ".5",
)


def _spans(pattern: re.Pattern, text: str, pos: int = 0) -> list[tuple[int, int]]:
    return [m.span() for m in pattern.finditer(text, pos)]


@pytest.mark.parametrize(("pattern", "plain"), PLAIN_FORMS)
def test_written_texts_give_the_same_matches(pattern, plain):
    for text in _TEXTS:
        assert _spans(pattern, text) == _spans(plain, text)


@pytest.mark.parametrize(("pattern", "plain"), PLAIN_FORMS)
def test_random_texts_give_the_same_matches(pattern, plain):
    rng = random.Random(11)
    for _ in range(10_000):
        text = "".join(rng.choice(_CHARACTERS) for _ in range(rng.randint(0, 30)))
        for pos in (0, 1, 2):
            assert _spans(pattern, text, pos) == _spans(plain, text, pos), text
