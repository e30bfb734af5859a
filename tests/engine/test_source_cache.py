"""Extracted sources are reused across detections, bounded, and never stale."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.sources import _SourceCache, clear_caches, extract_source
from hallucination.engine.types import DetectionInput, SourceDocument


def test_the_same_source_is_extracted_once():
    clear_caches()

    first = extract_source("filing", "Revenue: $1.85 billion.")
    second = extract_source("filing", "Revenue: $1.85 billion.")

    assert second is first


def test_a_changed_text_or_id_is_extracted_again():
    clear_caches()
    first = extract_source("filing", "Revenue: $1.85 billion.")

    assert extract_source("filing", "Revenue: $1.86 billion.") is not first
    assert extract_source("other", "Revenue: $1.85 billion.").claims[0].source_id == "other"


def test_a_resubmitted_answer_is_judged_against_the_same_facts():
    clear_caches()
    sources = (SourceDocument("filing", "EPS: $0.78."),)

    wrong = detect(DetectionInput(answer="EPS was $0.81.", sources=sources))
    corrected = detect(DetectionInput(answer=wrong.corrected_answer, sources=sources))

    assert wrong.flagged is True
    assert corrected.flagged is False


def test_the_cache_stays_within_its_size_and_skips_huge_sources():
    cache = _SourceCache(max_chars=100)
    extracted = extract_source("x", "EPS: $0.78.")

    for i in range(20):
        cache.put((f"s{i}", "x" * 10), extracted)
    cache.put(("huge", "y" * 60), extracted)

    assert cache._chars <= 100
    assert cache.get(("huge", "y" * 60)) is None
    assert cache.get(("s19", "x" * 10)) is extracted
    assert cache.get(("s0", "x" * 10)) is None
