"""A preposition that opens a heading ("**Step 3 – Per unit:**") names no business unit:
the figures after it keep the line they are of, while a name before "unit" still is a
segment ("The Americas unit")."""

from __future__ import annotations

from hallucination.engine.answer import read_answer

ANSWER = (
    "**Step 2 – Volume:** 6,842,100 MMBtu produced\n"
    "**Step 3 – Per unit:** $240,625K ÷ 6,842,100 MMBtu ≈ **$35.17/MMBtu**\n"
    "The Americas unit grew revenue to $5.2 million."
)


def test_a_per_unit_heading_names_no_segment():
    segments = {r.claim.text: r.claim.segment for r in read_answer(ANSWER).readings}
    assert segments["$35.17"] == ""
    assert segments["$240,625K"] == ""


def test_a_name_before_unit_is_a_segment():
    segments = {r.claim.text: r.claim.segment for r in read_answer(ANSWER).readings}
    assert segments["$5.2 million"] == "americas"
