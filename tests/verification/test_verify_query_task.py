"""The verification.verify_query task: external verdicts recorded, the query finished, reviews escalated."""

import json
from decimal import Decimal
from pathlib import Path

import pytest

from audit.models import AuditEvent
from hallucination.models import Query, Verdict
from reviews.models import Review
from tests.factories import ClaimFactory, QueryFactory, SourceFactory, VerdictFactory
from verification.tasks import verify_query

pytestmark = pytest.mark.django_db

PAGES = Path(__file__).parent / "pages"
ANSWER = "Northwind's Q3 2026 EPS was $0.81 on revenue of $4.1 billion."


@pytest.fixture(autouse=True)
def _loopback(loopback_allowed):  # type: ignore[no-untyped-def]
    """The task reads its outbound policy from settings: let it reach the test's servers."""


@pytest.fixture
def filing(server):  # type: ignore[no-untyped-def]
    return server.route("/q3.html", body=(PAGES / "northwind_q3_2026.html").read_bytes())


def _query(url: str, **overrides: object) -> Query:
    fields: dict[str, object] = {
        "answer": ANSWER,
        "stakes": "audit",
        "entity": "NWND",
        "status": Query.Status.VERIFYING,
        "total_claims": 2,
        "grounded_count": 1,
        "ungrounded_count": 1,
        "grounding_rate": Decimal("0.5"),
    }
    fields.update(overrides)
    fields.setdefault(
        "gate_threshold", Decimal("0.9") if fields["stakes"] == "audit" else Decimal("0.7")
    )
    query = QueryFactory(**fields)
    SourceFactory(query=query, source_id="filing", url=url, text="EPS $0.78; revenue $4.1B")
    return query


def _claim(query: Query, text: str, value: str, *, label: str, grounded: bool, **fields: object):  # type: ignore[no-untyped-def]
    start = query.answer.index(text)
    claim = ClaimFactory(
        query=query,
        text=text,
        start=start,
        end=start + len(text),
        value=Decimal(value),
        label=label,
        period="Q3 2026",
        outcome="grounded" if grounded else "fabrication",
        grounded=grounded,
        **fields,
    )
    VerdictFactory(claim=claim, nearest_source_id="filing")
    return claim


def _canonical(query: Query):  # type: ignore[no-untyped-def]
    eps = _claim(query, "$0.81", "0.81", label="eps", grounded=False, precision=Decimal("0.01"))
    revenue = _claim(
        query,
        "$4.1 billion",
        "4100000000",
        label="revenue",
        grounded=True,
        precision=Decimal("100000000"),
    )
    return eps, revenue


def test_it_records_external_verdicts_and_finishes_the_query(filing):
    query = _query(filing)
    eps, revenue = _canonical(query)

    assert verify_query.apply(args=[str(query.pk)]).get() == "done"

    query.refresh_from_db()
    assert query.status == Query.Status.DONE
    eps_verdict = Verdict.objects.get(claim=eps, layer="external")
    assert (eps_verdict.check_name, eps_verdict.outcome) == ("source_fetch", "contradicted")
    assert eps_verdict.nearest_value == Decimal("0.78")
    assert eps_verdict.nearest_source_id == "filing"
    assert eps_verdict.details["where"] == filing
    assert eps_verdict.details["elapsed_ms"] >= 0
    revenue_verdict = Verdict.objects.get(claim=revenue, layer="external")
    assert (revenue_verdict.outcome, revenue_verdict.grounded) == ("grounded", True)


def test_a_grounded_claim_the_source_contradicts_escalates_its_review(filing):
    # The submitted source said $0.81 and grounded it; the filing itself says $0.78:
    # internally consistent, externally wrong.
    query = _query(filing, flagged=False, grounded_count=1, ungrounded_count=0, total_claims=1)
    eps = _claim(query, "$0.81", "0.81", label="eps", grounded=True, precision=Decimal("0.01"))

    verify_query.apply(args=[str(query.pk)])

    eps.refresh_from_db()
    query.refresh_from_db()
    assert (eps.outcome, eps.grounded) == ("contradicted", False)
    assert query.flagged is True
    review = Review.objects.get(query=query)
    assert review.escalated is True
    assert AuditEvent.objects.filter(
        trace_id=query.trace_id, event_type="review.escalated"
    ).exists()


def test_an_ungrounded_claim_the_source_contradicts_goes_to_review(filing):
    query = _query(filing)
    eps, _ = _canonical(query)

    verify_query.apply(args=[str(query.pk)])

    assert Verdict.objects.get(claim=eps, layer="external").outcome == "contradicted"
    assert Review.objects.filter(query=query).exists()


def test_a_claim_the_source_verifies_is_shown_grounded(server):
    url = server.route("/q3.html", body=b"<p>Q3 2026 EPS: $0.81</p>")
    query = _query(url, stakes="standard", flagged=True)
    eps = _claim(query, "$0.81", "0.81", label="eps", grounded=False, precision=Decimal("0.01"))

    verify_query.apply(args=[str(query.pk)])

    eps.refresh_from_db()
    query.refresh_from_db()
    assert (eps.outcome, eps.grounded) == ("grounded", True)
    assert query.grounded_count == 1
    assert not Review.objects.filter(query=query, escalated=True).exists()


def test_a_source_that_keeps_timing_out_is_retried_then_recorded_inconclusive(server):
    url = server.route("/slow.html", body=b"<p>EPS $0.81</p>", delay=1.5)
    query = _query(url)
    eps = _claim(query, "$0.81", "0.81", label="eps", grounded=False, precision=Decimal("0.01"))

    verify_query.apply(args=[str(query.pk)])

    query.refresh_from_db()
    assert query.status == Query.Status.DONE
    assert server.connections == verify_query.max_retries + 1
    assert not Verdict.objects.filter(claim=eps, layer="external").exists()
    (event,) = AuditEvent.objects.filter(
        event_type="external.checked", subject_id=str(eps.pk), trace_id=query.trace_id
    )
    assert event.payload["status"] == "inconclusive"
    assert event.payload["reason"].startswith("Gave up after retries: timeout")


def test_checks_recorded_by_an_earlier_attempt_are_not_run_again(filing, server):
    query = _query(filing)
    eps = _claim(query, "$0.81", "0.81", label="eps", grounded=False, precision=Decimal("0.01"))
    VerdictFactory(
        claim=eps,
        layer="external",
        check_name="source_fetch",
        outcome="contradicted",
        grounded=False,
    )

    verify_query.apply(args=[str(query.pk)])

    assert server.connections == 0
    query.refresh_from_db()
    assert query.status == Query.Status.DONE


def test_a_query_that_is_not_verifying_is_left_alone(filing, server):
    query = _query(filing, status=Query.Status.DONE)
    _canonical(query)
    assert verify_query.apply(args=[str(query.pk)]).get() == "done"
    assert server.connections == 0
    assert not Verdict.objects.filter(claim__query=query, layer="external").exists()


def test_an_unknown_query_is_ignored(db):
    assert verify_query.apply(args=["00000000-0000-0000-0000-000000000000"]).get() is None


def test_standard_stakes_send_only_ungrounded_claims(filing):
    query = _query(filing, stakes="standard")
    eps, _ = _canonical(query)
    verify_query.apply(args=[str(query.pk)])
    checked = set(Verdict.objects.filter(layer="external").values_list("claim_id", flat=True))
    assert checked == {eps.pk}


def test_which_claims_go_external_is_configurable(filing, settings):
    settings.VERIFICATION = {
        **settings.VERIFICATION,
        "STAKES": ["audit"],
        "UNGROUNDED_CLAIMS": False,
    }
    query = _query(filing, stakes="high")
    _canonical(query)
    verify_query.apply(args=[str(query.pk)])
    assert not Verdict.objects.filter(layer="external").exists()
    query.refresh_from_db()
    assert query.status == Query.Status.DONE


def test_a_derivation_formula_is_recomputed(filing):
    query = QueryFactory(
        answer="Revenue grew 14.8% year over year.",
        stakes="audit",
        status=Query.Status.VERIFYING,
        gate_threshold=Decimal("0.9"),
    )
    claim = ClaimFactory(
        query=query,
        kind="percent",
        text="14.8%",
        start=13,
        end=18,
        value=Decimal("14.8"),
        unit="%",
        precision=Decimal("0.1"),
        label="revenue",
        outcome="arithmetic_drift",
        grounded=False,
    )
    VerdictFactory(claim=claim, layer="derivation", formula="(4.1B - 3.6B) / 3.6B * 100")

    verify_query.apply(args=[str(query.pk)])

    verdict = Verdict.objects.get(claim=claim, layer="external", check_name="recompute")
    # The same formula over the same figures: it confirms the drift, it does not contradict.
    assert (verdict.outcome, verdict.details["status"]) == ("arithmetic_drift", "confirmed")
    assert verdict.expected_value == Decimal("13.9")
    assert verdict.formula == "(4.1e9 - 3.6e9) / 3.6e9 * 100"


@pytest.mark.parametrize("stakes", ["standard", "high", "audit"])
def test_a_recomputation_that_confirms_a_drift_does_not_escalate(stakes):
    query = QueryFactory(
        answer="Revenue grew 14.8% year over year.",
        stakes=stakes,
        status=Query.Status.VERIFYING,
        gate_threshold=Decimal("0.9") if stakes == "audit" else Decimal("0.7"),
        total_claims=1,
        ungrounded_count=1,
        grounded_count=0,
        grounding_rate=Decimal("0"),
    )
    claim = ClaimFactory(
        query=query,
        kind="percent",
        text="14.8%",
        start=13,
        end=18,
        value=Decimal("14.8"),
        unit="%",
        precision=Decimal("0.1"),
        label="revenue",
        outcome="arithmetic_drift",
        grounded=False,
    )
    VerdictFactory(
        claim=claim,
        layer="derivation",
        outcome="arithmetic_drift",
        grounded=False,
        expected_value=Decimal("13.9"),
        formula="(4.1B - 3.6B) / 3.6B * 100",
    )

    verify_query.apply(args=[str(query.pk)])

    review = Review.objects.get(query=query)  # still flagged: a reviewer sees it
    assert review.escalated is False
    assert not AuditEvent.objects.filter(
        trace_id=query.trace_id, event_type="review.escalated"
    ).exists()
    claim.refresh_from_db()
    assert claim.outcome == "arithmetic_drift"


def test_a_market_data_claim_is_checked_against_the_configured_quote(server, settings):
    server.route(
        "/quote/NWND",
        body=json.dumps({"data": {"last": "187.42"}}).encode(),
        content_type="application/json",
    )
    settings.VERIFICATION = {
        **settings.VERIFICATION,
        "MARKET_DATA_ENDPOINT": server.url("/quote/{symbol}"),
        "MARKET_DATA_FIELDS": {"share price": "data.last"},
    }
    query = QueryFactory(
        answer="NWND last traded at $195.10.",
        entity="NWND",
        stakes="high",
        status=Query.Status.VERIFYING,
    )
    claim = ClaimFactory(
        query=query,
        text="$195.10",
        start=20,
        end=27,
        value=Decimal("195.10"),
        precision=Decimal("0.01"),
        label="share price",
        outcome="fabrication",
        grounded=False,
    )

    verify_query.apply(args=[str(query.pk)])

    verdict = Verdict.objects.get(claim=claim, layer="external")
    assert (verdict.check_name, verdict.outcome) == ("market_data", "contradicted")
    assert verdict.nearest_value == Decimal("187.42")


def test_an_unexpected_error_is_retried_and_the_query_still_finishes(filing, monkeypatch):
    from verification import tasks

    calls = []

    def broken(**kwargs):  # type: ignore[no-untyped-def]
        calls.append(kwargs["final_attempt"])
        raise RuntimeError("a bug in a verifier")

    # The service is replaced only to make it fail: what is under test is the task's handling.
    monkeypatch.setattr(tasks, "query_verify", broken)
    query = _query(filing)
    _canonical(query)

    assert verify_query.apply(args=[str(query.pk)]).get() == "done"

    assert calls == [False] * verify_query.max_retries + [True]
    query.refresh_from_db()
    assert query.status == Query.Status.DONE


def test_a_recomputation_that_contradicts_a_grounded_claim_escalates():
    # The first pass grounded 10.96% (a source quoted it); the answer's own formula gives
    # 11.11: a disagreement only the external layer saw.
    answer = "Surprise: (0.50 - 0.45) / 0.45 * 100 = 10.96%."
    query = QueryFactory(
        answer=answer,
        stakes="high",
        status=Query.Status.VERIFYING,
        gate_threshold=Decimal("0.7"),
        flagged=False,
        total_claims=1,
        grounded_count=1,
        ungrounded_count=0,
        grounding_rate=Decimal("1"),
    )
    start = answer.index("10.96%")
    claim = ClaimFactory(
        query=query,
        kind="percent",
        text="10.96%",
        start=start,
        end=start + 6,
        value=Decimal("10.96"),
        unit="%",
        precision=Decimal("0.01"),
        label="eps surprise",
        outcome="grounded",
        grounded=True,
    )
    VerdictFactory(claim=claim)

    verify_query.apply(args=[str(query.pk)])

    verdict = Verdict.objects.get(claim=claim, layer="external", check_name="recompute")
    assert (verdict.outcome, verdict.expected_value) == ("contradicted", Decimal("11.11"))
    assert Review.objects.get(query=query).escalated is True
