"""A bare percentage followed by a verb it is the subject of ("80% works out to roughly
€1.296 billion") is a value, not part of a name as the rate of "the 5.00% notes" is."""

from __future__ import annotations

import pytest

from hallucination.engine.clauses import embedded
from hallucination.engine.extraction import extract_document


def _first_rate(text: str):
    claims, _marks = extract_document(text)
    return next(c for c in claims if c.text.endswith("%"))


@pytest.mark.parametrize(
    "text",
    [
        "On the contract, 80% works out to roughly €1.296 billion.",
        "Of the fund, 52% goes to global equities.",
        "About 12% represents the licence fee.",
    ],
)
def test_a_share_that_is_the_subject_of_its_verb_is_a_value(text):
    assert not embedded(text, _first_rate(text))


@pytest.mark.parametrize(
    "text", ["It redeemed the 5.00% notes for $300 million.", "The 4.25% bonds mature in 2031."]
)
def test_a_rate_in_a_name_is_still_part_of_it(text):
    assert embedded(text, _first_rate(text))
