"""An amount in one currency that is an amount given in another, at an exchange rate the
answer or the sources state ("HTG 131.45 per US dollar", "€1 = US$1.0832"), is derived
from them at its precision; the same amount at another value is not."""

from __future__ import annotations

import pytest

from hallucination.engine import detect

from .conftest import source_input

AUCTION = (
    "Konekte paid US$ 96.3 million for the 3.5 GHz licence. The central bank reference rate "
    "was HTG 131.45 per US dollar on the auction date."
)
EURO = "The licence fee was US$ 96.3 million. Translated at €1 = US$1.0832."


@pytest.mark.parametrize(
    ("said", "source", "right", "wrong"),
    [
        # 96.3 million × 131.45 = 12.659 billion
        ("The licence cost US$ 96.3 million, or about HTG {} billion.", AUCTION, "12.66", "13.55"),
        # 96.3 million ÷ 1.0832 = 88.9 million
        ("The licence cost about €{} million.", EURO, "88.9", "95.1"),
    ],
)
def test_an_amount_converted_at_a_stated_rate(said, source, right, wrong):
    assert not detect(source_input(said.format(right), source)).flagged
    assert detect(source_input(said.format(wrong), source)).flagged


def test_no_stated_rate_no_conversion():
    source = "Konekte paid US$ 96.3 million for the 3.5 GHz licence."
    said = "The licence cost US$ 96.3 million, or about HTG 12.66 billion."
    assert detect(source_input(said, source)).flagged
