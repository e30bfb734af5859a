"""A worked sum of some rows of a table column, given as the whole the question asks for
("How many parcels did the group deliver?" answered "18,067 + 23,423 = 41,490 thousand"),
is a partial sum when the column's total row says otherwise; a sum whose words name the
parts it adds ("Estonia and Lithuania together"), or of every row, is not."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.types import UNSUPPORTED_AGGREGATION

from .conftest import source_input

MARKETS = """| EUR k (unless stated)                |     2024 |     2023 |
|--------------------------------------|----------|----------|
| Parcels delivered, Estonia ('000)    |   18,067 |   16,204 |
| Parcels delivered, Latvia ('000)     |   13,171 |   11,588 |
| Parcels delivered, Lithuania ('000)  |   23,423 |   20,917 |
| Parcels delivered, total ('000)      |   54,661 |   48,709 |
| Total revenue                        |  133,411 |  117,444 |
"""

QUESTION = "How many parcels did the group deliver in 2024?"


def _result(answer: str):
    return detect(source_input(answer, MARKETS, question=QUESTION))


def test_some_rows_given_as_the_whole_are_a_partial_sum():
    wrong = _result("The group delivered 18,067 + 23,423 = 41,490 thousand parcels in 2024.")
    assert wrong.flagged
    (verdict,) = [v for v in wrong.verdicts if v.claim.text.startswith("41,490")]
    assert verdict.outcome == UNSUPPORTED_AGGREGATION
    assert verdict.nearest is not None and verdict.nearest.text == "54,661"


def test_every_row_or_the_parts_named_are_no_partial_sum():
    every = "The group delivered 18,067 + 13,171 + 23,423 = 54,661 thousand parcels in 2024."
    assert not _result(every).flagged
    named = "Estonia and Lithuania delivered 18,067 + 23,423 = 41,490 thousand parcels in 2024."
    assert not _result(named).flagged
