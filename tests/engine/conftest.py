"""Engine tests need no database: plain inputs in, dataclasses out."""

from __future__ import annotations

from decimal import Decimal

import pytest

from hallucination.engine.types import DetectionInput, SourceDocument

CANONICAL_SOURCE = (
    "Q3 2026 revenue: $1.85 billion. Prior-year revenue: $1.62 billion. "
    "Net income: $312 million. EPS: $0.78. Total assets: $4.2 billion."
)
CANONICAL_ANSWER = (
    "In Q3 2026, revenue was $1.85 billion, up 14.8% year over year from $1.62 billion. "
    "Net income was $312 million and EPS was $0.81. Total assets were approximately $4 billion."
)


def source_input(answer: str, *sources: str, **kwargs) -> DetectionInput:
    """An input whose sources are numbered doc1, doc2, ..."""
    documents = tuple(SourceDocument(id=f"doc{i}", text=text) for i, text in enumerate(sources, 1))
    return DetectionInput(answer=answer, sources=documents, **kwargs)


@pytest.fixture
def canonical_input() -> DetectionInput:
    return DetectionInput(
        answer=CANONICAL_ANSWER,
        sources=(SourceDocument(id="filing", text=CANONICAL_SOURCE),),
        original_confidence=Decimal("0.9"),
    )
