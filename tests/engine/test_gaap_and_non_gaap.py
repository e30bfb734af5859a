"""GAAP and non-GAAP figures: `non-GAAP` is one word of a variant (not `GAAP` with a
`non`), the basis said after a figure (`on a non-GAAP basis`) is its variant, and a base
named by the kind of figure it was (`up from our prior range of $4.35 to $4.50`) is the same
metric's. Each class has a clean case and a wrong one of the same shape."""

from __future__ import annotations

from hallucination.engine import detect, labels
from hallucination.engine.types import SUBSTITUTION

from .conftest import source_input

RELEASE = """Quenby Software Reports Fourth Quarter 2024 Results
Fourth Quarter 2024 Highlights
- Total revenue of $388.4 million, up 12% year over year.
- GAAP diluted net income per share of $0.19; non-GAAP diluted net income per share of $0.58.
"""
CALL = """Turning to the outlook. For the full year we now expect non-GAAP EPS of $4.45 to $4.55,
up from our prior range of $4.35 to $4.50, and revenue growth of 9% to 10%.
"""


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_non_gaap_is_one_word_of_a_variant():
    assert labels.label_words("non-GAAP EPS") == labels.label_words("Non GAAP EPS")
    assert "gaap" not in labels.label_words("non-GAAP EPS")


def test_the_basis_said_after_a_figure_is_its_variant():
    answer = "Quenby earned {} per diluted share on a non-GAAP basis in the fourth quarter of 2024."
    clean = detect(source_input(answer.format("$0.58"), RELEASE))
    assert not clean.flagged
    wrong = detect(source_input(answer.format("$0.19"), RELEASE))  # the GAAP figure
    assert wrong.flagged
    assert _verdict(wrong, "$0.19").outcome == SUBSTITUTION


def test_a_base_named_by_the_kind_of_figure_it_was_is_the_same_metrics():
    answer = "Full-year non-GAAP EPS guidance was raised to $4.45–$4.55 from {}–$4.50."
    clean = detect(source_input(answer.format("$4.35"), CALL))
    assert not clean.flagged
    wrong = detect(source_input(answer.format("$4.25"), CALL))
    assert wrong.flagged
