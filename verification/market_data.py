"""Market-data adapters: quotes (last price, volume, 52-week high...) from a vendor's HTTP API.

An adapter turns a symbol into a `Quote`, a mapping from claim labels to values. The
default one calls a configurable JSON endpoint through the outbound guard and reads each
label's value at a configured field path; another vendor is another class named in
`VERIFICATION["MARKET_DATA_ADAPTER"]`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, Protocol
from urllib.parse import quote as url_quote

from hallucination.outbound.guard import (
    OutboundFailed,
    OutboundPolicy,
    Resolver,
    fetch,
    system_resolver,
)


class MarketDataError(Exception):
    """The quote could not be read: `transient` says whether a retry may help."""

    def __init__(self, code: str, message: str, *, transient: bool = False) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.transient = transient


@dataclass(frozen=True, slots=True)
class Quote:
    symbol: str
    values: dict[str, Decimal]
    url: str = ""
    fields: dict[str, str] = field(default_factory=dict)
    elapsed_ms: float = 0.0


class MarketDataAdapter(Protocol):
    def labels(self) -> frozenset[str]:
        """The claim labels this adapter can quote."""
        ...

    def quote(self, symbol: str) -> Quote: ...


def value_at_path(document: Any, path: str) -> Any:
    """Follow a dotted path through dicts and lists: `quote.0.regularMarketPrice`."""
    current = document
    for part in path.split("."):
        if isinstance(current, dict) and part in current:
            current = current[part]
        elif isinstance(current, list) and part.lstrip("-").isdigit():
            index = int(part)
            if not -len(current) <= index < len(current):
                return None
            current = current[index]
        else:
            return None
    return current


def _decimal(value: Any) -> Decimal | None:
    if isinstance(value, bool) or value is None:
        return None
    try:
        number = Decimal(str(value).replace(",", "").strip())
    except InvalidOperation:
        return None
    return number if number.is_finite() else None


class HttpJsonQuoteAdapter:
    """GET `endpoint` (with `{symbol}` filled in) and read each label at its JSON field path."""

    def __init__(
        self,
        *,
        endpoint: str,
        fields: dict[str, str],
        policy: OutboundPolicy,
        headers: dict[str, str] | None = None,
        resolver: Resolver = system_resolver,
    ) -> None:
        if "{symbol}" not in endpoint:
            raise ValueError("The market-data endpoint must contain {symbol}.")
        self.endpoint = endpoint
        self.fields = {label.strip().lower(): path for label, path in fields.items()}
        self.policy = policy
        self.headers = headers or {}
        self.resolver = resolver

    def labels(self) -> frozenset[str]:
        return frozenset(self.fields)

    def quote(self, symbol: str) -> Quote:
        url = self.endpoint.replace("{symbol}", url_quote(symbol.strip().upper(), safe=""))
        try:
            response = fetch(
                url,
                policy=self.policy,
                resolver=self.resolver,
                headers={"Accept": "application/json", **self.headers},
            )
        except OutboundFailed as exc:
            raise MarketDataError(exc.code, exc.message, transient=exc.transient) from exc
        try:
            document = json.loads(response.body)
        except (ValueError, UnicodeDecodeError):
            raise MarketDataError("bad_response", "The quote is not valid JSON.") from None
        values = {}
        for label, path in self.fields.items():
            number = _decimal(value_at_path(document, path))
            if number is not None:
                values[label] = number
        return Quote(
            symbol=symbol,
            values=values,
            url=response.final_url,
            fields=dict(self.fields),
            elapsed_ms=response.elapsed_ms,
        )
