"""market_data compares a claim with a quote from a configurable JSON endpoint, through the guard."""

import json
from decimal import Decimal

import pytest

from verification.market_data import HttpJsonQuoteAdapter, value_at_path
from verification.verifiers import (
    CONTRADICTED,
    INCONCLUSIVE,
    VERIFIED,
    TransientCheckError,
    market_data,
    market_data_applies,
)

from .claims import target

QUOTE = {
    "quote": {
        "symbol": "NWND",
        "regularMarketPrice": 187.42,
        "regularMarketVolume": "51,234,567",
        "fiftyTwoWeekHigh": "199.62",
    },
    "history": [{"close": 180.1}, {"close": 185.0}],
}
FIELDS = {
    "share price": "quote.regularMarketPrice",
    "volume": "quote.regularMarketVolume",
    "52-week high": "quote.fiftyTwoWeekHigh",
    "dividend": "quote.dividendRate",
}
TOLERANCE = Decimal("0.005")


@pytest.fixture
def adapter(server, policy) -> HttpJsonQuoteAdapter:  # type: ignore[no-untyped-def]
    server.route("/v1/quote/NWND", body=json.dumps(QUOTE).encode(), content_type="application/json")
    return HttpJsonQuoteAdapter(
        endpoint=server.url("/v1/quote/{symbol}"),
        fields=FIELDS,
        policy=policy,
        headers={"Authorization": "Bearer test-key"},
    )


def _claim(label: str, value: str, precision: str | None = "0.01"):  # type: ignore[no-untyped-def]
    return target(
        text=value,
        kind="currency" if label != "volume" else "count",
        value=Decimal(value),
        precision=Decimal(precision) if precision else None,
        label=label,
        period="",
    )


def test_a_quote_that_confirms_verifies_the_claim(adapter, server):
    result = market_data(_claim("share price", "187.42"), adapter=adapter, tolerance=TOLERANCE)
    assert (result.status, result.outcome) == (VERIFIED, "grounded")
    assert result.found_value == Decimal("187.42")
    assert result.where == server.url("/v1/quote/NWND")
    assert server.requests[-1][1]["Authorization"] == "Bearer test-key"


def test_a_price_within_the_tolerance_is_verified_and_one_outside_is_contradicted(adapter):
    assert (
        market_data(_claim("share price", "187.9"), adapter=adapter, tolerance=TOLERANCE).status
        == VERIFIED
    )
    result = market_data(_claim("share price", "195.00"), adapter=adapter, tolerance=TOLERANCE)
    assert result.status == CONTRADICTED
    assert result.expected_value == Decimal("187.42")


def test_a_stale_52_week_high_is_contradicted(adapter):
    result = market_data(_claim("52-week high", "210.00"), adapter=adapter, tolerance=TOLERANCE)
    assert (result.status, result.found_value) == (CONTRADICTED, Decimal("199.62"))
    assert result.details["field"] == "quote.fiftyTwoWeekHigh"


def test_volume_with_thousands_separators_is_read(adapter):
    claim = _claim("volume", "51234567", precision=None)
    assert market_data(claim, adapter=adapter, tolerance=Decimal(0)).status == VERIFIED


def test_a_field_the_quote_lacks_is_inconclusive(adapter):
    result = market_data(_claim("dividend", "0.96"), adapter=adapter, tolerance=TOLERANCE)
    assert result.status == INCONCLUSIVE


def test_an_unavailable_endpoint_is_a_transient_failure(server, policy):
    server.route("/v1/quote/NWND", status=503, body=b"", content_type="application/json")
    adapter = HttpJsonQuoteAdapter(
        endpoint=server.url("/v1/quote/{symbol}"), fields=FIELDS, policy=policy
    )
    with pytest.raises(TransientCheckError):
        market_data(_claim("share price", "187.42"), adapter=adapter, tolerance=TOLERANCE)


def test_a_quote_that_times_out_is_a_transient_failure(server, policy):
    server.route("/v1/quote/NWND", body=b"{}", content_type="application/json", delay=2.0)
    adapter = HttpJsonQuoteAdapter(
        endpoint=server.url("/v1/quote/{symbol}"), fields=FIELDS, policy=policy
    )
    with pytest.raises(TransientCheckError) as failed:
        market_data(_claim("share price", "187.42"), adapter=adapter, tolerance=TOLERANCE)
    assert failed.value.code == "timeout"


def test_an_endpoint_on_a_refused_host_is_inconclusive(server, policy):
    adapter = HttpJsonQuoteAdapter(
        endpoint=f"http://localhost:{server.port}/v1/quote/{{symbol}}", fields=FIELDS, policy=policy
    )
    result = market_data(_claim("share price", "187.42"), adapter=adapter, tolerance=TOLERANCE)
    assert result.status == INCONCLUSIVE
    assert "refused" in result.reason
    assert server.connections == 0


def test_the_symbol_is_escaped_into_the_endpoint(server, policy):
    server.route(
        "/v1/quote/A%2FB%3FX", body=json.dumps(QUOTE).encode(), content_type="application/json"
    )
    adapter = HttpJsonQuoteAdapter(
        endpoint=server.url("/v1/quote/{symbol}"), fields=FIELDS, policy=policy
    )
    assert adapter.quote("a/b?x").values["share price"] == Decimal("187.42")


def test_the_verifier_applies_to_mapped_labels_of_a_query_with_an_entity(adapter):
    assert market_data_applies(_claim("share price", "1"), adapter)
    assert not market_data_applies(_claim("revenue", "1"), adapter)
    assert not market_data_applies(target(label="share price", entity=""), adapter)
    assert not market_data_applies(_claim("share price", "1"), None)


def test_field_paths_follow_keys_and_list_indexes():
    assert value_at_path(QUOTE, "quote.symbol") == "NWND"
    assert value_at_path(QUOTE, "history.1.close") == 185.0
    assert value_at_path(QUOTE, "history.-1.close") == 185.0
    assert value_at_path(QUOTE, "history.5.close") is None
    assert value_at_path(QUOTE, "quote.missing") is None


def test_an_endpoint_without_a_symbol_placeholder_is_a_configuration_error(policy):
    with pytest.raises(ValueError):
        HttpJsonQuoteAdapter(endpoint="http://127.0.0.1/quote", fields=FIELDS, policy=policy)
