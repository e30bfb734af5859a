"""A bond price a source gives in cents on the dollar ("rose 2.1 cents to 68.4 cents on the
dollar") is read as a rate, 68.4%; an answer that writes it in cents without the dollar
("rose 2.1 cents to 68.4 cents") gives the same figure, which is grounded. Another figure in
cents is not."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

WIRE = (
    "Analysts estimated the loss to investors in net present value terms at about 41%. The "
    "2029 bonds rose 2.1 cents to 68.4 cents on the dollar after the results were published."
)


def test_a_price_in_cents_on_the_dollar_written_in_cents():
    said = "The 2029 bonds rose 2.1 cents to {} cents."
    assert not detect(source_input(said.format("68.4"), WIRE)).flagged
    assert detect(source_input(said.format("64.8"), WIRE)).flagged


def test_the_same_price_in_cents_on_the_dollar_and_as_a_rate():
    assert not detect(
        source_input("Those bonds now trade at 68.4 cents on the dollar.", WIRE)
    ).flagged
    assert detect(source_input("Those bonds now trade at 64.8 cents on the dollar.", WIRE)).flagged
