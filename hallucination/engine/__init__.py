"""The detection engine: pure Python, no Django. See pipeline.detect()."""

from .extraction import extract_claims
from .pipeline import detect

__all__ = ["detect", "extract_claims"]
