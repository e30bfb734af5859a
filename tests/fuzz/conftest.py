"""API clients for the fuzzing regressions."""

from tests.hallucination.conftest import alpha, canonical_payload

__all__ = ["alpha", "canonical_payload"]
