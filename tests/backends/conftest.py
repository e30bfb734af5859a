"""The API clients of the detection tests."""

from tests.hallucination.conftest import alpha

__all__ = ["alpha"]
