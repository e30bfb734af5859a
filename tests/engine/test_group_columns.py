"""A segment note's `Group` (or `Consolidated`) column is the whole its segment columns add
to, with central costs or eliminations: a sum of some segments answered as the total is a
partial total, the Group's figure the nearest value; the Group's own figure is clean."""

from __future__ import annotations

import json
from decimal import Decimal

from hallucination.engine import detect
from hallucination.engine.types import UNSUPPORTED_AGGREGATION

from .conftest import source_input

SEGMENTS = json.dumps(
    [
        ["€'000", "Note", "Coatings", "Adhesives", "Central", "Group"],
        ["External revenue", "5", "418,260", "233,940", "—", "652,200"],
        ["Inter-segment revenue", "5", "6,310", "9,480", "—", "—"],
        ["Total segment revenue", "", "424,570", "243,420", "—", "652,200"],
        ["Capital expenditure", "", "14,620", "8,930", "1,140", "24,690"],
    ]
)


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_segments_summed_without_central_are_no_group_total():
    question = "What was the total capital expenditure?"
    assert not detect(source_input("24,690 (€'000)", SEGMENTS, question=question)).flagged
    wrong = detect(source_input("14,620 + 8,930 = 23,550 (€'000)", SEGMENTS, question=question))
    assert wrong.flagged
    verdict = _verdict(wrong, "23,550")
    assert verdict.outcome == UNSUPPORTED_AGGREGATION
    assert verdict.nearest is not None and verdict.nearest.value == Decimal("24690000")


def test_segment_revenue_summed_past_eliminations_is_no_group_revenue():
    question = "What was total revenue for the Group?"
    clean = "418,260 + 233,940 = 652,200"
    assert not detect(source_input(clean, SEGMENTS, question=question)).flagged
    wrong = detect(source_input("424,570 + 243,420 = 667,990", SEGMENTS, question=question))
    assert wrong.flagged
    assert _verdict(wrong, "667,990").outcome == UNSUPPORTED_AGGREGATION
