"""Through the API: external verification after detection, reference facts and calculator grounding.

Tasks run in-process here (no broker); test_full_run.py does the same with a real worker.
"""

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from hallucination.demo.queries import CANONICAL_ANSWER, CANONICAL_SOURCE
from hallucination.models import Query
from reviews.models import Review
from tests.result_picture import assert_one_picture

pytestmark = pytest.mark.django_db

PAGES = Path(__file__).parent / "pages"


def _submit(api, payload, django_capture_on_commit_callbacks, **headers):  # type: ignore[no-untyped-def]
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post("/api/v1/queries/", payload, format="json", **headers)
    assert response.status_code in (201, 202), response.content
    query_id = response.json()["id"]
    return Query.objects.get(pk=query_id), api.get(f"/api/v1/queries/{query_id}/").json()


def _claims(result: dict) -> dict[str, dict]:
    return {claim["text"]: claim for claim in result["claims"]}


def _external(claim: dict) -> list[dict]:
    return [verdict for verdict in claim["verdicts"] if verdict["layer"] == "external"]


def test_an_audit_submission_is_checked_against_its_source_page_and_escalated(
    llm_service, server, loopback_allowed, django_capture_on_commit_callbacks
):
    url = server.route("/q3.html", body=(PAGES / "northwind_q3_2026_restated.html").read_bytes())
    payload = {
        "question": "Summarise the Q3 2026 results.",
        "answer": CANONICAL_ANSWER,
        "sources": [{"id": "filing", "text": CANONICAL_SOURCE, "url": url}],
        "stakes": "audit",
        "confidence": "0.9",
        "entity": "Northwind Industries",
        "period": "Q3 2026",
    }

    query, result = _submit(llm_service, payload, django_capture_on_commit_callbacks)

    assert query.status == Query.Status.DONE
    claims = _claims(result)
    # The submitted snippet said $312 million; the filing at its URL says $298 million.
    (net_income,) = _external(claims["$312 million"])
    assert (net_income["check"], net_income["outcome"]) == ("source_fetch", "contradicted")
    assert claims["$312 million"]["outcome"] == "contradicted"
    (revenue,) = _external(claims["$1.85 billion"])
    assert revenue["outcome"] == "grounded"
    assert revenue["details"]["where"] == url
    (eps,) = _external(claims["$0.81"])
    assert eps["outcome"] == "contradicted"
    # Last year's revenue, quoted in a Q3 2026 sentence, is on the page for Q3 2025: no verdict.
    assert _external(claims["$1.62 billion"]) == []
    assert claims["$1.62 billion"]["grounded"] is True
    review = Review.objects.get(query=query)
    assert review.escalated is True


def test_after_the_external_layer_the_result_is_one_picture(
    llm_service, server, loopback_allowed, django_capture_on_commit_callbacks
):
    url = server.route("/q3.html", body=(PAGES / "northwind_q3_2026_restated.html").read_bytes())
    payload = {
        "answer": CANONICAL_ANSWER,
        "sources": [{"id": "filing", "text": CANONICAL_SOURCE, "url": url}],
        "stakes": "audit",
        "confidence": "0.9",
        "entity": "Northwind Industries",
        "period": "Q3 2026",
    }

    _, result = _submit(llm_service, payload, django_capture_on_commit_callbacks)

    # The snippet grounded $312 million; the filing says $298 million. Detection's summary
    # and corrections had it right; after the filing spoke they must say so too.
    assert "$312 million" in result["validation"]["suspicious"]
    (net_income,) = [c for c in result["corrections"] if c["text"] == "$312 million"]
    assert net_income["replacement"] == "$298 million"
    assert net_income["reason"] == "contradicted: the source gives $298 [filing]"
    assert "Net income was $298 million" in result["corrected_answer"]
    # Corrections detection made read as it wrote them, not as the database pads them.
    assert "up 14.20% year over year" in result["corrected_answer"]
    assert_one_picture(result, CANONICAL_ANSWER)


def test_a_standard_submission_sends_only_its_ungrounded_claims_out(
    llm_service, server, loopback_allowed, django_capture_on_commit_callbacks
):
    url = server.route("/q3.html", body=(PAGES / "northwind_q3_2026_restated.html").read_bytes())
    payload = {
        "answer": CANONICAL_ANSWER,
        "sources": [{"id": "filing", "text": CANONICAL_SOURCE, "url": url}],
        "entity": "Northwind Industries",
        "period": "Q3 2026",
    }
    _, result = _submit(llm_service, payload, django_capture_on_commit_callbacks)
    checked = {text for text, claim in _claims(result).items() if _external(claim)}
    assert "$1.85 billion" not in checked
    assert "$0.81" in checked


def test_loaded_facts_ground_a_submission_about_their_entity_and_period(
    llm_service, tmp_path, django_capture_on_commit_callbacks
):
    facts = tmp_path / "northwind.csv"
    facts.write_text(
        "entity,metric,period,value,unit,source,as_of\n"
        "Northwind Industries,eps,Q3 2026,0.78,USD,10-Q,2026-10-28\n"
        "Northwind Industries,revenue,Q3 2026,1850000000,USD,10-Q,2026-10-28\n"
        "Northwind Industries,eps,Q3 2025,0.69,USD,10-Q,2025-10-29\n"
    )
    call_command("load_facts", str(facts), stdout=StringIO())
    payload = {
        "answer": "In Q3 2026 Northwind's revenue was $1.85 billion and EPS was $0.81.",
        "entity": "Northwind Industries",
        "period": "Q3 2026",
    }

    _, result = _submit(llm_service, payload, django_capture_on_commit_callbacks)

    claims = _claims(result)
    assert claims["$1.85 billion"]["grounded"] is True
    assert claims["$0.81"]["grounded"] is False
    assert claims["$0.81"]["nearest"]["value"] == "0.78"
    assert claims["$0.81"]["nearest"]["source_id"] == "reference:Northwind Industries"


def test_an_answer_quoting_a_recorded_calculator_result_grounds_as_calculated(
    llm_service, django_capture_on_commit_callbacks
):
    calculation = llm_service.post(
        "/api/v1/calculate/",
        {"expression": "(0.50 - 0.45) / 0.45 * 100", "trace_id": "trace-surprise-1"},
        format="json",
    )
    assert calculation.json()["recorded"] is True
    payload = {
        "answer": "Reported EPS of $0.50 beat the $0.45 estimate, an earnings surprise of 11.11%.",
        "sources": [
            {"id": "estimates", "text": "Reported EPS: $0.50. Consensus EPS estimate: $0.45."}
        ],
        "trace_id": "trace-surprise-1",
    }

    _, result = _submit(llm_service, payload, django_capture_on_commit_callbacks)

    assert _claims(result)["11.11%"]["outcome"] == "calculated"


def test_the_reviewer_sees_the_external_results_on_the_review_page(
    llm_service, server, loopback_allowed, django_capture_on_commit_callbacks, client
):
    from reviews import roles
    from tests.factories import UserFactory

    url = server.route("/q3.html", body=(PAGES / "northwind_q3_2026_restated.html").read_bytes())
    payload = {
        "answer": CANONICAL_ANSWER,
        "sources": [{"id": "filing", "text": CANONICAL_SOURCE, "url": url}],
        "stakes": "audit",
        "entity": "Northwind Industries",
        "period": "Q3 2026",
    }
    query, _ = _submit(llm_service, payload, django_capture_on_commit_callbacks)
    roles.ensure_roles()
    client.force_login(UserFactory(username="rita", roles=[roles.REVIEWER]))
    claim = query.claims.get(text="$312 million")

    page = client.get(f"/reviews/{query.review.pk}/", {"claim": claim.pk})

    assert page.status_code == 200
    html = page.content.decode()
    assert "source_fetch" in html
    assert "$298" in html  # the value the filing gives
    assert url in html  # where it was found


def test_a_high_stakes_partial_sum_stays_flagged_after_the_external_layer(
    llm_service, django_capture_on_commit_callbacks
):
    # Seed 000: two expirations' volumes summed and presented as the day's total.
    payload = {
        "question": "What is AVGO's total options volume today?",
        "answer": "Total options volume today is 97,271 contracts.",
        "sources": [
            {
                "id": "by-expiration",
                "text": "AVGO options volume by expiration: Nov 21 expiry: 20,893 contracts. "
                "Dec 19 expiry: 76,378 contracts.",
            },
            {"id": "summary", "text": "AVGO total options volume (all expirations): 20,875."},
        ],
        "stakes": "high",
    }

    query, result = _submit(llm_service, payload, django_capture_on_commit_callbacks)

    assert query.status == Query.Status.DONE
    claim = _claims(result)["97,271"]
    assert claim["outcome"] == "unsupported_aggregation"
    assert not [v for v in _external(claim) if v["check"] == "recompute"]
    assert result["flagged"] is True
    assert Review.objects.filter(query=query).exists()


_QUOTE_PAGE = (
    b"<html><body><h1>Northwind Industries: market data</h1>"
    b"<p>Share price: $142.50 at the close on November 20, 2026.</p>"
    b"<p>52-week high: $187.20. 52-week low: $118.05.</p></body></html>"
)


@pytest.mark.parametrize(
    ("current", "outcome"),
    [("$142.50", "grounded"), ("$152.50", "contradicted")],
)
def test_a_figure_named_by_a_qualified_label_is_not_checked_as_the_metric_itself(
    current, outcome, llm_service, server, loopback_allowed, django_capture_on_commit_callbacks
):
    # "52-week high $187.20" follows "Share price:" but is not the share price: neither the
    # first pass nor the re-fetch may compare it with the page's $142.50.
    url = server.route("/quote.html", body=_QUOTE_PAGE)
    answer = f"Share price: 52-week high $187.20, current {current}."
    payload = {
        "answer": answer,
        "sources": [
            {"id": "quote", "text": "Share price $142.50; 52-week high $187.20.", "url": url}
        ],
        "stakes": "audit",
        "confidence": "0.9",
        "entity": "Northwind Industries",
    }

    _, result = _submit(llm_service, payload, django_capture_on_commit_callbacks)

    claims = _claims(result)
    assert claims["$187.20"]["outcome"] == "grounded"
    assert all(v["outcome"] != "contradicted" for v in _external(claims["$187.20"]))
    assert claims["$187.20"]["label"] == ""
    assert claims[current]["label"] == "share price"
    external = _external(claims[current])
    assert [v["outcome"] for v in external] == [outcome]
