"""Numbers written in words, as call transcripts give them, are read in sources: a correct
answer quoting them in digits is grounded, a wrong one is flagged with the words as the
nearest value. Answers are not read so."""

from __future__ import annotations

from decimal import Decimal

import pytest

from hallucination.engine import detect
from hallucination.engine.numberwords import with_digits
from hallucination.engine.sources import extract_source

from .conftest import source_input

CALL = (
    "CFO: Total payment volume for the quarter was about two hundred eighteen point four "
    "billion dollars, up 14%. Transaction revenue came in at one point nine six billion, a "
    "take rate of roughly ninety basis points. Non-transaction revenue was three hundred "
    "twelve million dollars. Fuel averaged two dollars and forty-four cents per gallon. We "
    "now expect EBIT between three and three and a half billion dollars."
)


@pytest.mark.parametrize(
    ("words", "digits"),
    [
        ("two hundred eighteen point four billion dollars", "218.4 billion dollars"),
        ("one point nine six billion", "1.96 billion"),
        ("fourteen hundred and eighty dollars", "1480 dollars"),
        ("twenty-nine point four billion", "29.4 billion"),
        ("ten and a half percent", "10.5 percent"),
        ("four hundred ten thousand units", "410 thousand units"),
        ("two thousand five hundred units", "2500 units"),
        ("between three and three and a half billion", "between 3 and 3.5 billion"),
        ("two dollars and forty-four cents", "2.44 dollars"),
    ],
)
def test_a_number_in_words_is_rewritten_as_digits_in_place(words, digits):
    rewritten = with_digits(words)

    assert len(rewritten) == len(words)
    assert " ".join(rewritten.split()) == digits


@pytest.mark.parametrize(
    "text",
    [
        "one of our segments grew, and the first one did too",
        "a five-year plan with one-time charges",
        "twelve-inch equivalents",
        "The one to watch is two",
        "(Millions of yen; amounts less than one million yen are truncated)",
    ],
)
def test_words_that_are_not_an_amount_stay_as_written(text):
    assert with_digits(text) == text


def test_a_source_value_in_words_keeps_the_span_of_its_words():
    claims = extract_source("call", CALL).claims
    (volume,) = [c for c in claims if c.value == Decimal("218.4E9")]

    assert volume.text == "two hundred eighteen point four billion dollars"
    assert CALL[volume.start : volume.end] == volume.text


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        (
            "Total payment volume was roughly $218 billion.",
            "Total payment volume was $228 billion.",
        ),
        ("Transaction revenue was $1.96 billion.", "Transaction revenue was $1.69 billion."),
        ("Non-transaction revenue was $312 million.", "Non-transaction revenue was $321 million."),
        ("Fuel averaged $2.44 a gallon.", "Fuel averaged $2.64 a gallon."),
        ("EBIT guidance is $3.0-3.5 billion.", "EBIT guidance is $3.0-4.5 billion."),
    ],
)
def test_an_answer_is_checked_against_the_numbers_a_transcript_writes_in_words(answer, wrong):
    assert not detect(source_input(answer, CALL)).flagged
    assert detect(source_input(wrong, CALL)).flagged


def test_an_answer_s_own_number_words_are_not_claims():
    result = detect(source_input("Revenue grew for the third year, one of three segments.", CALL))

    assert result.verdicts == ()


VOTE = (
    "Seven of the nine members of the monetary policy committee voted for the move, while "
    "two preferred to keep the rate at 4.50%. The committee meets again in May."
)


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("The vote was 7-2, with two members preferring to hold at 4.50%.", False),
        ("The vote was 8-1, with one member preferring to hold at 4.50%.", True),
        # "seven" and "two" are in the source, but nowhere near anything this sentence says.
        ("The lender opened 2 branches in Oslo.", True),
    ],
)
def test_a_small_number_the_sources_spell_out_grounds_the_same_digits(answer, flagged):
    assert detect(source_input(answer, VOTE)).flagged is flagged


def test_one_written_as_a_word_is_no_evidence_for_1():
    source = "One of the members voted against the move; the committee has nine members."
    result = detect(source_input("The committee has 1 dissenting member.", source))
    assert result.flagged
