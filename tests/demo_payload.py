"""The canonical submission body (seed 004), for tests that only need a valid one."""

from hallucination.demo.queries import CANONICAL_ANSWER, CANONICAL_SOURCE

CANONICAL_PAYLOAD = {
    "answer": CANONICAL_ANSWER,
    "sources": [{"id": "filing", "text": CANONICAL_SOURCE}],
    "confidence": "0.9",
}
