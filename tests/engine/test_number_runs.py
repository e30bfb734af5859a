"""The scanner's pattern for digit runs is the alternation of the grouped and plain forms,
written with its first digit in front so that the search skips to digits: the two must find
the same runs."""

from __future__ import annotations

import random
import re

from hallucination.engine.extraction import _GROUPED, _NUMBER_RUN, _TOKEN

_ALTERNATION = re.compile(f"{_GROUPED.pattern}|{_TOKEN.pattern}")
_CHARACTERS = "0123456789" * 3 + " .,'’\u00a0\u202f\u2009-a$%"


def _runs(pattern: re.Pattern, text: str, pos: int = 0) -> list[tuple[int, int]]:
    return [m.span() for m in pattern.finditer(text, pos)]


def test_written_forms_give_the_same_runs():
    for text in (
        "Revenue was $1,234.5 million, up 14.8% from 2 314,6 and CHF 2'413 (11 960).",
        "in 2024 123 stores; 287,9; 9,870; 1.2.3; 12,34,567; 0.5 -7 1’000’000",
        "",
        "1",
        ".5",
    ):
        assert _runs(_NUMBER_RUN, text) == _runs(_ALTERNATION, text)


def test_random_digit_strings_give_the_same_runs():
    rng = random.Random(11)
    for _ in range(20_000):
        text = "".join(rng.choice(_CHARACTERS) for _ in range(rng.randint(0, 30)))
        for pos in (0, 1, 2):
            assert _runs(_NUMBER_RUN, text, pos) == _runs(_ALTERNATION, text, pos), text
