"""The one accessor for external verification's settings (settings.VERIFICATION over defaults)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from hallucination.outbound.policy import OUTBOUND_DEFAULTS

VERIFIER_NAMES = ("recompute", "source_fetch", "market_data")

# Label (as the detector normalises it) -> XBRL concepts that report it, most specific first.
DEFAULT_XBRL_CONCEPTS: dict[str, list[str]] = {
    "eps": [
        "us-gaap:EarningsPerShareBasic",
        "us-gaap:EarningsPerShareDiluted",
        "us-gaap:EarningsPerShareBasicAndDiluted",
        "ifrs-full:BasicEarningsLossPerShare",
        "ifrs-full:DilutedEarningsLossPerShare",
    ],
    "revenue": [
        "us-gaap:Revenues",
        "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
        "us-gaap:SalesRevenueNet",
        "ifrs-full:Revenue",
    ],
    "net income": ["us-gaap:NetIncomeLoss", "us-gaap:ProfitLoss", "ifrs-full:ProfitLoss"],
    "operating income": ["us-gaap:OperatingIncomeLoss"],
    "gross profit": ["us-gaap:GrossProfit", "ifrs-full:GrossProfit"],
    "total assets": ["us-gaap:Assets", "ifrs-full:Assets"],
    "total liabilities": ["us-gaap:Liabilities", "ifrs-full:Liabilities"],
    "operating cash flow": [
        "us-gaap:NetCashProvidedByUsedInOperatingActivities",
        "ifrs-full:CashFlowsFromUsedInOperatingActivities",
    ],
    "cash": ["us-gaap:CashAndCashEquivalentsAtCarryingValue"],
    "dividend": ["us-gaap:CommonStockDividendsPerShareDeclared"],
}

# Extra phrases a page may use for a label, besides the label itself.
DEFAULT_LABEL_PHRASES: dict[str, list[str]] = {
    "eps": ["eps", "earnings per share", "diluted eps", "basic eps", "per diluted share"],
    "revenue": ["revenue", "revenues", "total revenue", "net revenue", "net sales", "sales"],
    "net income": ["net income", "net earnings", "net profit", "net loss"],
    "operating income": ["operating income", "income from operations"],
    "gross margin": ["gross margin"],
    "operating margin": ["operating margin"],
    "operating cash flow": ["operating cash flow", "cash from operations"],
    "share price": ["share price", "stock price", "closing price", "last price"],
}

DEFAULTS: dict[str, Any] = {
    # Which claims go to the external layer.
    "STAKES": ["high", "audit"],
    "UNGROUNDED_CLAIMS": True,
    "VERIFIERS": list(VERIFIER_NAMES),
    "MAX_CLAIMS": 50,
    # Kinds no verifier can check (a date is checked by grounding, not by re-fetching).
    "SKIP_KINDS": ["date"],
    # The Celery task.
    "TASK_MAX_RETRIES": 3,
    "TASK_BACKOFF_SECONDS": 2,
    "TASK_BACKOFF_MAX_SECONDS": 60,
    "TASK_SOFT_TIME_LIMIT": 120,
    "TASK_TIME_LIMIT": 150,
    # Outbound requests: the guard's policy reads these keys (hallucination/outbound/policy.py).
    **OUTBOUND_DEFAULTS,
    # source_fetch.
    "XBRL_CONCEPTS": DEFAULT_XBRL_CONCEPTS,
    "LABEL_PHRASES": DEFAULT_LABEL_PHRASES,
    "LABEL_WINDOW_CHARS": 120,
    # market_data: an HTTP JSON quote endpoint; blank endpoint means the verifier is off.
    "MARKET_DATA_ADAPTER": "verification.market_data.HttpJsonQuoteAdapter",
    "MARKET_DATA_ENDPOINT": "",
    "MARKET_DATA_FIELDS": {},
    "MARKET_DATA_HEADERS": {},
    "MARKET_DATA_API_KEY": "",
    "MARKET_DATA_API_KEY_HEADER": "Authorization",
    "MARKET_DATA_TOLERANCE": 0.5,
}


def verification_settings() -> dict[str, Any]:
    """Defaults overlaid with settings.VERIFICATION; unknown keys are configuration errors."""
    overrides = getattr(settings, "VERIFICATION", {}) or {}
    unknown = set(overrides) - set(DEFAULTS)
    if unknown:
        raise ImproperlyConfigured(f"Unknown VERIFICATION settings: {sorted(unknown)}.")
    return {**DEFAULTS, **overrides}


def market_data_tolerance() -> Decimal:
    """The relative tolerance of market-data comparisons, as a fraction (0.5 % -> 0.005)."""
    return Decimal(str(verification_settings()["MARKET_DATA_TOLERANCE"])) / 100
