"""A rate named with "the" and a noun of change ("together drove the 14.7% increase") that
repeats, as written, one the answer gave and grounded before refers to it; another value so
named is checked as its own claim."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

RESULTS = """                          2024        2023
TCE revenues           367,906     320,825
Operating days           8,512       8,136
TCE per operating day  $43,222     $39,433
"""

ANSWER = (
    "TCE per operating day rose by $3,789, or about 9.6%. TCE revenues grew about 14.7%. More "
    "operating days (8,512 vs 8,136) and higher daily rates together drove the {} increase."
)


def test_the_rate_given_before_named_again():
    assert not detect(source_input(ANSWER.format("14.7%"), RESULTS)).flagged
    assert detect(source_input(ANSWER.format("15.7%"), RESULTS)).flagged
