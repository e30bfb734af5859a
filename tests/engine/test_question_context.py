"""A short answer leans on its question: "-312" to "What was the change in rental income
between 2018 and 2019?" is that change, checked as one. A figure that names its own metric
reads as it stands. Each class has a clean case and a wrong one of the same shape."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.types import DERIVED

from .conftest import source_input

NOTE = """6. OTHER INCOME AND GAINS, NET
                                                        2019          2018
                                                     HK$'000       HK$'000
Bank interest income                                   4,186         3,052
Rental income from investment properties               9,734        10,046
Sundry income                                          1,508         1,296
"""

CHANGE = "What was the change in rental income from investment properties between 2018 and 2019?"
GROWTH = "What was the percentage change in bank interest income from 2018 to 2019?"


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_a_bare_figure_answering_a_change_is_that_change():
    result = detect(source_input("-312", NOTE, question=CHANGE))
    assert _verdict(result, "-312").outcome == DERIVED
    assert not result.flagged


def test_a_wrong_bare_figure_answering_a_change_is_flagged():
    result = detect(source_input("-321", NOTE, question=CHANGE))
    assert result.flagged


def test_a_change_with_the_wrong_sign_is_flagged():
    result = detect(source_input("312", NOTE, question=CHANGE))
    assert result.flagged


def test_a_short_sentence_answering_a_percentage_change_is_that_change():
    result = detect(source_input("It increased by 37.16%.", NOTE, question=GROWTH))
    assert _verdict(result, "37.16%").outcome == DERIVED
    assert not result.flagged


def test_a_wrong_percentage_change_in_a_short_sentence_is_flagged():
    result = detect(source_input("It increased by 27.16%.", NOTE, question=GROWTH))
    assert result.flagged


def test_without_its_question_a_bare_change_is_not_explained():
    assert detect(source_input("-312", NOTE)).flagged


def test_a_figure_that_names_its_metric_is_read_as_it_stands():
    # The question asks for a change; the answer states a level and names it: it is checked
    # as a level, and it is the 2019 rental income.
    result = detect(
        source_input(
            "Rental income from investment properties was 9,734 in 2019.", NOTE, question=CHANGE
        )
    )
    assert not result.flagged
