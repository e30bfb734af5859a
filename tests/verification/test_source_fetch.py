"""source_fetch re-fetches a claim's source from a real server and re-extracts its value."""

from decimal import Decimal
from pathlib import Path

import pytest

from hallucination.outbound.policy import outbound_policy
from tests.outbound.servers import start_server
from verification.conf import DEFAULT_LABEL_PHRASES, DEFAULT_XBRL_CONCEPTS
from verification.verifiers import (
    CONTRADICTED,
    INCONCLUSIVE,
    VERIFIED,
    SourceFetcher,
    TransientCheckError,
    source_fetch,
)

from .claims import target

PAGES = Path(__file__).parent / "pages"


@pytest.fixture
def pages(server):  # type: ignore[no-untyped-def]
    server.route("/q3.html", body=(PAGES / "northwind_q3_2026.html").read_bytes())
    server.route(
        "/q3-ixbrl.html",
        body=(PAGES / "northwind_q3_2026_ixbrl.html").read_bytes(),
        content_type="application/xhtml+xml",
    )
    server.route(
        "/fy2025.xml",
        body=(PAGES / "northwind_fy2025_instance.xml").read_bytes(),
        content_type="application/xml",
    )
    return server


def _check(claim, policy):  # type: ignore[no-untyped-def]
    return source_fetch(
        claim,
        fetcher=SourceFetcher(policy=policy),
        concepts=DEFAULT_XBRL_CONCEPTS,
        phrases=DEFAULT_LABEL_PHRASES,
    )


def test_a_page_that_confirms_verifies_the_claim(pages, policy):
    claim = target(text="$0.78", value=Decimal("0.78"), urls=[pages.url("/q3.html")])
    result = _check(claim, policy)
    assert (result.status, result.outcome) == (VERIFIED, "grounded")
    assert result.found_value == Decimal("0.78")
    assert result.where == pages.url("/q3.html")
    assert result.details["method"] == "text"
    assert result.details["line"] == "| Diluted EPS | $0.78 | $0.70"
    assert result.elapsed_ms > 0


def test_a_page_that_contradicts_gives_the_value_it_found(pages, policy):
    result = _check(target(urls=[pages.url("/q3.html")]), policy)  # claims $0.81
    assert (result.status, result.outcome) == (CONTRADICTED, "contradicted")
    assert result.found_value == Decimal("0.78")
    assert result.expected_value == Decimal("0.78")


def test_last_year_s_value_neither_verifies_nor_contradicts_this_year_s_claim(pages, policy):
    # $0.70 is on the page, as Q3 2025's EPS: a period substitution is the detector's call.
    claim = target(text="$0.70", value=Decimal("0.70"), urls=[pages.url("/q3.html")])
    result = _check(claim, policy)
    assert result.status == INCONCLUSIVE
    assert result.reason == "The source gives the claimed value for another period."
    assert result.details["periods"] == ["Q3 2025"]


def test_an_xbrl_value_of_another_context_is_inconclusive(pages, policy):
    claim = target(
        text="$3.6 billion",
        value=Decimal("3600000000"),
        precision=Decimal("100000000"),
        label="revenue",
        urls=[pages.url("/q3-ixbrl.html")],
    )
    result = _check(claim, policy)
    assert result.status == INCONCLUSIVE
    assert result.details["periods"] == ["2025-09-30"]


def test_the_statement_s_declared_scale_applies(pages, policy):
    claim = target(
        text="$4.1 billion",
        value=Decimal("4100000000"),
        precision=Decimal("100000000"),
        label="revenue",
        urls=[pages.url("/q3.html")],
    )
    assert _check(claim, policy).status == VERIFIED


def test_inline_xbrl_facts_of_the_claim_s_period_decide(pages, policy):
    url = pages.url("/q3-ixbrl.html")
    revenue = target(
        text="$4.1 billion",
        value=Decimal("4100000000"),
        precision=Decimal("100000000"),
        label="revenue",
        urls=[url],
    )
    result = _check(revenue, policy)
    assert result.status == VERIFIED
    assert result.confidence == Decimal("1")
    assert (result.details["method"], result.details["concept"]) == ("ixbrl", "us-gaap:Revenues")
    inflated = target(
        text="$4.3 billion",
        value=Decimal("4300000000"),
        precision=Decimal("100000000"),
        label="revenue",
        urls=[url],
    )
    assert _check(inflated, policy).status == CONTRADICTED


def test_an_xbrl_instance_document_is_read(pages, policy):
    claim = target(
        text="$15.2 billion",
        value=Decimal("15200000000"),
        precision=Decimal("100000000"),
        label="revenue",
        period="FY2025",
        urls=[pages.url("/fy2025.xml")],
    )
    result = _check(claim, policy)
    assert result.status == VERIFIED
    assert result.details["method"] == "xbrl"


def test_a_page_that_times_out_is_a_transient_failure(server, policy):
    url = server.route("/slow.html", body=b"<p>EPS $0.81</p>", delay=2.0)
    with pytest.raises(TransientCheckError) as failed:
        _check(target(urls=[url]), policy)
    assert failed.value.code == "timeout"


def test_a_redirect_to_a_refused_address_is_inconclusive_and_not_followed(
    server, loopback_allowed, settings
):
    # The host is allow-listed, so the address check is what refuses the hop.
    settings.VERIFICATION = {**loopback_allowed, "ALLOWED_HOSTS": ["127.0.0.1", "127.0.0.2"]}
    policy = outbound_policy()
    internal = start_server("127.0.0.2")
    try:
        internal.route("/", body=b"<p>EPS $0.81</p>")
        url = server.route(
            "/moved.html", status=302, headers={"Location": internal.url("/")}, body=b""
        )
        result = _check(target(urls=[url]), policy)
    finally:
        internal.stop()
    assert result.status == INCONCLUSIVE
    assert "refused (address_not_allowed)" in result.reason
    assert internal.connections == 0


def test_a_page_that_is_too_large_is_inconclusive(server, policy):
    url = server.route("/huge.html", body=b"<p>EPS $0.81</p>" * 10_000)
    result = _check(target(urls=[url]), policy)
    assert result.status == INCONCLUSIVE
    assert "too_large" in result.reason


def test_a_page_without_the_label_is_inconclusive(server, policy):
    url = server.route("/other.html", body=b"<p>Dividend declared: $0.20</p>")
    result = _check(target(urls=[url]), policy)
    assert result.status == INCONCLUSIVE
    assert "No value" in result.reason


def test_a_page_giving_the_label_several_disagreeing_values_is_inconclusive(server, policy):
    url = server.route("/mixed.html", body=b"<p>EPS: $0.81</p><p>EPS: $0.78</p>")
    claim = target(period="", urls=[url])
    result = _check(claim, policy)
    assert result.status == INCONCLUSIVE
    assert result.details["values"] == ["0.78", "0.81"]


def test_a_claim_without_a_source_url_is_inconclusive(policy):
    assert _check(target(), policy).status == INCONCLUSIVE


def test_each_url_is_fetched_once_per_run(pages, policy):
    fetcher = SourceFetcher(policy=policy)
    url = pages.url("/q3.html")
    for value in ("0.78", "0.81"):
        source_fetch(
            target(value=Decimal(value), urls=[url]),
            fetcher=fetcher,
            concepts=DEFAULT_XBRL_CONCEPTS,
            phrases=DEFAULT_LABEL_PHRASES,
        )
    assert pages.connections == 1
