"""Counts in prose: "of whom approximately 11,950 were professional drivers and 1,870 were
maintenance technicians" names each count by what follows "were"; a share written beside a
count is a rate, never that count's value; and "would bring the headcount to around 17,500"
is the level a change in its sentence takes the figure before to. Each class has a clean
case and a wrong one of the same shape."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.sources import build_index

from .conftest import source_input

TEN_K = (
    "Human Capital. As of December 31, 2023, we had approximately 18,400 employees, of whom "
    "approximately 11,950 were professional drivers and 1,870 were maintenance technicians. "
    "None of our employees are represented by a union."
)
NEWS = (
    "Falcon Freight to cut about 900 jobs (May 14, 2024)\n"
    "Falcon Freight said it would cut about 900 jobs, mostly in back-office roles."
)


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_a_count_is_named_by_what_its_verb_says_it_counted():
    index = build_index(source_input("", TEN_K))
    labels = {c.text: c.label_words for c in index.claims}
    assert {"driver", "professional"} <= labels["11,950"]
    assert "technician" in labels["1,870"] and "driver" not in labels["1,870"]
    # Not "were up": a count's verb followed by no noun names nothing.
    index = build_index(source_input("", "Unit sales were 4,210, and 3,980 were up on the year."))
    assert not {c.text: c.label_words for c in index.claims}["3,980"] & {"up", "year"}


def test_a_share_beside_a_count_is_a_rate_not_the_count():
    answer = (
        "Falcon Freight had approximately 18,400 employees as of December 31, 2023, about "
        "11,950 of them professional drivers (roughly {})."
    )
    assert not detect(source_input(answer.format("65%"), TEN_K)).flagged
    wrong = detect(source_input(answer.format("75%"), TEN_K))
    assert not _verdict(wrong, "75%").grounded


def test_a_level_a_change_brings_a_figure_to():
    answer = (
        "According to its 10-K, Falcon Freight had approximately 18,400 employees.\n\n"
        "Caveats:\n"
        "- In May 2024 it announced about 900 job cuts, which would bring the headcount to "
        "around {} if nothing else changed."
    )
    assert not detect(source_input(answer.format("17,500"), TEN_K, NEWS)).flagged
    wrong = detect(source_input(answer.format("16,500"), TEN_K, NEWS))
    assert not _verdict(wrong, "16,500").grounded
