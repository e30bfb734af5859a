"""An item of several words in a caption's "except" list names its rows by all of them:
"(in thousands, except bitcoin mined, hash rate and power cost)" leaves the "Bitcoin mining"
revenue row in thousands and excepts the "Bitcoin mined" count."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

RESULTS = """(in thousands, except bitcoin mined, hash rate and power cost)
                                     Nine Months Ended September 30,
                                          2024          2023
Revenue:
  Bitcoin mining                     $ 171,230      $ 88,415
  Hosting                               19,655        22,307
Operating data:
  Bitcoin mined                          2,684         3,310
"""


def _flagged(answer: str) -> bool:
    return detect(source_input(answer, RESULTS)).flagged


def test_a_several_word_item_excepts_only_its_own_rows():
    assert not _flagged(
        "Bitcoin mining revenue for the nine months ended September 30, 2024 was $171.2 million."
    )
    assert _flagged(
        "Bitcoin mining revenue for the nine months ended September 30, 2024 was $171.2 billion."
    )
    assert not _flagged(
        "The company mined 2,684 bitcoin in the nine months ended September 30, 2024."
    )
