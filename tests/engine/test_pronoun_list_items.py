"""A list item opened by a pronoun ("- That was up about 8.7% on the year before.") is a
change of the figure the item before gave, from the year before's value its source sentence
gives beside it ("collected $1.12 billion in baggage fees in 2024, up from $1.03 billion in
2023"); and a verb of taking in ("collected", "generated", "earned") leaves a source figure
named by what was taken in."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.sources import extract_source

from .conftest import source_input

NEWS = (
    "SkyLark Airways is the latest U.S. carrier to raise checked bag fees. SkyLark collected "
    "$1.12 billion in baggage fees in 2024, up from $1.03 billion in 2023, according to "
    "Department of Transportation data."
)

ANSWER = """- **2024 baggage fee revenue:** **$1.12 billion**.
- That was up about **{}** on the year before."""


def test_a_collected_amount_is_named_by_what_was_collected():
    (fees,) = [c for c in extract_source("news", NEWS).claims if c.text == "$1.12 billion"]
    assert {"baggag", "fee"} <= fees.label_words
    assert "collect" not in fees.label_words


def test_a_list_item_opened_by_a_pronoun_changes_the_figure_before():
    assert not detect(source_input(ANSWER.format("8.7%"), NEWS)).flagged
    assert detect(source_input(ANSWER.format("9.7%"), NEWS)).flagged
