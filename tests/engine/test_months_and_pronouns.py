"""A month named without its year in an answer that gives a month with its year ("2.3% in
February 2025 ... In January, the rate was 2.5%") is that year's month, and dates the figure
it opens or follows, in the sources too; and a spread said of a pronoun ("It remains 0.3
percentage points above the ECB's 2% target") may be over any rate the answer gave before.
Each class has a clean case and a wrong one of the same shape."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.types import PERIOD_MISMATCH

from .conftest import source_input

FLASH = """Statistics office | Flash estimate, 4 March 2025
Annual inflation is expected to be 2.6% in February 2025, down from 2.9% in January.
"""
POST = """Business Post | 5 February 2025
Inflation rose to 2.9% in January, keeping it above the central bank's 2% target.
"""


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_a_month_without_its_year_is_the_answers_year_and_dates_its_figure():
    answer = "Annual inflation was 2.6% in February 2025. In January, annual inflation was {}."
    clean = detect(source_input(answer.format("2.9%"), FLASH))
    assert not clean.flagged
    assert _verdict(clean, "2.9%").claim.period == "2025-01"
    wrong = detect(source_input(answer.format("2.6%"), FLASH))  # February's
    assert wrong.flagged
    (_february, january) = [v for v in wrong.verdicts if v.claim.text == "2.6%"]
    assert january.outcome == PERIOD_MISMATCH


def test_a_spread_said_of_a_pronoun_may_be_over_a_rate_given_before():
    answer = (
        "Annual inflation was 2.6% in February 2025. In January, the rate was 2.9%.\n"
        "- It remains {} percentage points above the central bank's 2% target."
    )
    clean = detect(source_input(answer.format("0.6"), FLASH, POST))  # 2.6 - 2
    assert not clean.flagged
    wrong = detect(source_input(answer.format("1.4"), FLASH, POST))
    assert wrong.flagged


OFFER = """Machinists ratify Halvard Marine contract
May 9, 2025
The agreement raises wages by 17% over four years: 5% immediately and 4% in each of the
following three years. It restores a pension contribution cut in 2016. Members had rejected an
earlier offer of
11% over four years, with 68% voting against it.
"""


def test_a_spread_with_no_rate_of_its_own_before_it_is_over_one_given_before():
    answer = (
        "The contract raises wages by 17% over four years, 5% right away and 4% a year after "
        "that. It also restores a pension contribution that was cut in 2016. That is {} "
        "percentage points more than the 11% offer members rejected by a 68% vote."
    )
    clean = detect(source_input(answer.format("6"), OFFER))  # 17 - 11
    assert not clean.flagged
    wrong = detect(source_input(answer.format("8"), OFFER))
    assert wrong.flagged
