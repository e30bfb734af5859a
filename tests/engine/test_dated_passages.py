"""Search answers over dated passages: a number after `passage` names a passage, not a
figure; past a join (`, and`) the part of a sentence that holds a figure may name its own
period after it. Each class has a clean case and a wrong one of the same shape."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.types import (
    DERIVED,
    FABRICATION,
    PERIOD_MISMATCH,
)

from .conftest import source_input

LIMITS_2024 = (
    "Published November 2, 2023 — The annual limit on employee elective deferrals to 401(k) "
    "plans will rise to $23,400 in 2024 from $22,800 in 2023, tax officials announced."
)
LIMITS_2023 = (
    "Updated January 10, 2023 | For 2023, you can defer up to $22,800 of your salary into a 401(k)."
)
PROJECTION = (
    "March 18, 2024 — Consultants expect the elective deferral limit to reach roughly "
    "$24,000 for 2025, although the official figure will not be announced until the autumn."
)


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_a_number_after_passage_names_the_passage():
    answer = "The 401(k) limit for 2024 is **{}** (passage 1); passages 2 and 3 are older or projections."
    clean = detect(source_input(answer.format("$23,400"), LIMITS_2024, LIMITS_2023, PROJECTION))
    assert not clean.flagged
    assert not [v for v in clean.verdicts if v.claim.text in ("1", "2", "3")]
    wrong = detect(source_input(answer.format("$23,900"), LIMITS_2024, LIMITS_2023, PROJECTION))
    assert wrong.flagged
    assert _verdict(wrong, "$23,900").outcome == FABRICATION


def test_the_part_after_a_join_takes_the_period_it_names_after_its_figure():
    answer = (
        "Passage 2 dates from January 2023 and describes that year's limits, and the roughly "
        "$24,000 figure in passage 3 is a consultants' projection for {}, not an official limit."
    )
    clean = detect(source_input(answer.format(2025), LIMITS_2024, LIMITS_2023, PROJECTION))
    assert not clean.flagged
    assert _verdict(clean, "$24,000").claim.period == "2025"
    wrong = detect(source_input(answer.format(2024), LIMITS_2024, LIMITS_2023, PROJECTION))
    assert wrong.flagged
    assert _verdict(wrong, "$24,000").outcome == PERIOD_MISMATCH


RECORD_RENT = (
    "September 2022 — Denver rents hit a record in August, with the median asking rent "
    "reaching $1,935, as demand from newcomers outpaced construction."
)
WINTER_RENT = "February 2023 — Denver rents eased in November, to a median of $1,850."


def test_a_month_without_its_year_is_the_last_before_the_dateline():
    answer = "The $1,935 figure in passage 1 was a record from {} and no longer reflects rents."
    clean = detect(source_input(answer.format("August 2022"), RECORD_RENT))
    assert not clean.flagged
    wrong = detect(source_input(answer.format("August 2021"), RECORD_RENT))
    assert wrong.flagged
    assert _verdict(wrong, "August 2021").outcome in (PERIOD_MISMATCH, FABRICATION)


def test_a_date_opening_a_passage_before_a_dash_dates_the_passage_not_its_figures():
    """ "February 2023 — Denver rents eased in November, to a median of $1,850": the
    figure is November's, a month after February's being the year before's."""
    answer = "Rents eased to a median of $1,850 in {}."
    assert not detect(source_input(answer.format("November 2022"), WINTER_RENT)).flagged
    assert detect(source_input(answer.format("November 2023"), WINTER_RENT)).flagged


LIMITS_WITH_CATCH_UP = (
    "Published November 2, 2023 — The annual limit on employee elective deferrals to 401(k) "
    "plans will rise to $23,400 in 2024 from $22,800 in 2023. The catch-up contribution for "
    "savers aged 50 and older stays at $7,800."
)
TOTAL_2023 = (
    "Updated January 10, 2023 | For 2023, you can defer up to $22,800 of your salary into a "
    "401(k). If you're 50 or older, add a $7,800 catch-up contribution, for a total of $30,600."
)


def test_a_sum_of_this_years_parts_against_last_years_stated_total():
    answer = (
        "The 401(k) limit for 2024 is $23,400. If you're 50 or older, you can contribute an "
        "additional $7,800 catch-up contribution, so your total can reach {}."
    )
    clean = detect(source_input(answer.format("$31,200"), LIMITS_WITH_CATCH_UP, TOTAL_2023))
    assert not clean.flagged
    assert _verdict(clean, "$31,200").outcome == DERIVED
    wrong = detect(source_input(answer.format("$31,400"), LIMITS_WITH_CATCH_UP, TOTAL_2023))
    assert wrong.flagged
