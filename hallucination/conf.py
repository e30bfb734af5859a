"""The one accessor for the detector's settings (settings.HALLUCINATION)."""

from decimal import Decimal
from typing import Any

from django.conf import settings

from .engine.embeddings import installed_embedder
from .engine.types import EngineConfig


def detector_settings() -> dict[str, Any]:
    return settings.HALLUCINATION


def engine_config() -> EngineConfig:
    """Translate the environment's percent-style tolerances into the engine's fractions."""
    conf = settings.HALLUCINATION

    def fraction(percent: float) -> Decimal:
        return Decimal(str(percent)) / 100

    embedder = installed_embedder() if conf["PROSE_EMBEDDINGS"] else None
    return EngineConfig(
        currency_tolerance=fraction(conf["CURRENCY_TOLERANCE"]),
        percentage_tolerance=fraction(conf["PERCENTAGE_TOLERANCE"]),
        ratio_tolerance=fraction(conf["RATIO_TOLERANCE"]),
        date_tolerance_days=conf["DATE_TOLERANCE_DAYS"],
        consistency_threshold=fraction(conf["CONSISTENCY_THRESHOLD"]),
        label_quorum=Decimal(str(conf["LABEL_QUORUM"])),
        prose_similarity_threshold=Decimal(str(conf["PROSE_SIMILARITY"])),
        prose_embedder=embedder,
        prose_model=embedder.name if embedder is not None else "",
        confidence_penalty=Decimal(str(conf["CONFIDENCE_PENALTY"])),
        gate_standard=Decimal(str(conf["GATE_STANDARD"])),
        gate_audit=Decimal(str(conf["GATE_AUDIT"])),
        verify_currency=conf["VERIFY_CURRENCY"],
        verify_percentages=conf["VERIFY_PERCENTAGES"],
        verify_dates=conf["VERIFY_DATES"],
        verify_ratios=conf["VERIFY_RATIOS"],
        auto_flag=conf["AUTO_FLAG"],
    )
