"""A change between two bracketed amounts of a line that is no outflow (a pension plan's
funded status "from $(217.3) million to $(135.7) million") goes the way the signed values
go: written with a minus it is a sign error, while a cost's bracketed amounts still allow
either sign. A clean case and a wrong one of the same shape."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.types import ARITHMETIC_DRIFT

from .conftest import source_input

PENSION = """Note 15. Retirement Plans
The funded status of the plans at December 31 was as follows (in millions):
                                              U.S. Plans           Non-U.S. Plans
                                            2024       2023       2024       2023
Fair value of plan assets               $ 1,294.1  $ 1,188.6    $ 512.4    $ 486.0
Projected benefit obligation              1,429.8    1,405.9      580.8      571.2
Funded status                             $ (135.7)  $ (217.3)    $ (68.4)   $ (85.2)
"""


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_a_deficit_that_shrinks_rises_in_signed_terms():
    answer = (
        "The U.S. plans' funded status changed by {} in 2024, moving from $(217.3) million "
        "to $(135.7) million."
    )
    clean = detect(source_input(answer.format("+$81.6 million"), PENSION))
    assert not clean.flagged
    wrong = detect(source_input(answer.format("-$81.6 million"), PENSION))
    assert wrong.flagged
    assert _verdict(wrong, "-$81.6 million").outcome == ARITHMETIC_DRIFT
