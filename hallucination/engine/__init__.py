"""The detection engine: pure Python, no Django. See pipeline.detect()."""

from .pipeline import detect, summarize
from .sources import extract_claims

__all__ = ["detect", "extract_claims", "summarize"]
