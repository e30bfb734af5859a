"""A share whose own line gives no figure ("- **Cash as a share of the annuity:** roughly
45.6%") is of the amounts the answer gave just before it; "as a share of" names a share,
though "a share" alone (a price per share) does not."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

PASSAGE = (
    "Heavy ticket sales pushed the StarBall jackpot to an estimated $1.21 billion ahead of "
    "Wednesday night's drawing, lottery officials said, and the cash option is now $551.4 "
    "million. Federal law requires the lottery to withhold 24% of prizes; the top rate is 37%."
)

ANSWER = """The jackpot is **$1.21 billion** as an annuity, versus a **$551.4 million** cash option.

- **Difference:** about $658.6 million
- **Cash as a share of the annuity:** roughly {}"""


def test_a_share_of_the_amounts_given_just_before():
    assert not detect(source_input(ANSWER.format("45.6%"), PASSAGE)).flagged
    assert detect(source_input(ANSWER.format("47.6%"), PASSAGE)).flagged
