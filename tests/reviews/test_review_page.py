"""The review page: the highlighted answer, a claim's evidence, and the trace link."""

import re

import pytest

from audit.actors import Actor
from reviews.services import review_claim, review_decide, review_open
from tests.factories import (
    CANONICAL_SOURCE,
    VerdictFactory,
    canonical_example,
    canonical_labels,
)


def _claim_marks(body: str) -> dict[str, str]:
    """Top-level claim marks in the answer: claim text -> their class attribute."""
    answer = body.split('id="answer"', 1)[1].split("</div>", 1)[0]
    return {
        text: classes
        for classes, text in re.findall(r'<a class="(claim [^"]+)"[^>]*>([^<]+)', answer)
    }


def _claim_texts(body: str) -> dict[str, str]:
    """Top-level claim marks in the answer: claim text -> the text a copy of the mark gives."""
    answer = body.split('id="answer"', 1)[1].split("</div>", 1)[0]
    marks = re.findall(r'<a class="claim [^"]+"[^>]*>(.*?)</a>', answer)

    def text(html: str) -> str:
        return re.sub(r"<[^>]+>", "", html)

    return {text(mark.split('<span class="claim-tag">')[0]): text(mark) for mark in marks}


def test_it_requires_a_login(client, review):
    response = client.get(f"/reviews/{review.pk}/")

    assert response.status_code == 302


def test_someone_in_no_role_is_forbidden(client, outsider, review):
    client.force_login(outsider)

    assert client.get(f"/reviews/{review.pk}/").status_code == 403


def test_an_unknown_review_is_404(client, reviewer, review):
    client.force_login(reviewer)

    assert client.get(f"/reviews/{review.pk + 1000}/").status_code == 404


def test_the_three_flagged_claims_are_highlighted_with_their_outcome_in_words(
    client, reviewer, review
):
    client.force_login(reviewer)

    body = client.get(f"/reviews/{review.pk}/").content.decode()

    marks = _claim_marks(body)
    assert "tone-bad" in marks["14.8%"]
    assert "tone-bad" in marks["$0.81"]
    assert "tone-warn" in marks["$4 billion"]
    for grounded in ("$1.85 billion", "$1.62 billion", "$312 million"):
        assert "tone-ok" in marks[grounded]
    # Colour is never the only cue: each flagged claim carries its outcome as text.
    text = _claim_texts(body)
    assert text["14.8%"] == "14.8% (claim 4: ✗ arithmetic drift)"
    assert text["$0.81"] == "$0.81 (claim 7: ✗ fabrication)"
    assert text["$4 billion"] == "$4 billion (claim 8: ≈ approximation)"
    assert 'aria-label="Legend"' in body


def test_each_claim_is_named_for_screen_readers_without_the_number_glued_on(
    client, reviewer, review
):
    client.force_login(reviewer)

    body = client.get(f"/reviews/{review.pk}/").content.decode()

    names = re.findall(r'<a class="claim [^"]+"[^>]* aria-label="([^"]+)"', body)
    assert "$0.81 (claim 7: fabrication)" in names
    assert "14.8% (claim 4: arithmetic drift)" in names
    # The grounded year nested in the quarter adds no second tag.
    assert "Q3 2026 (claim 1: grounded)" in names
    # Copied, the figure keeps its own digits: "$0.81 (claim 7: ...", never "$0.817".
    assert _claim_texts(body)["Q3 2026"] == "Q3 2026 (claim 1: ✓ grounded)"


def test_the_year_inside_the_quarter_is_nested_not_lost(client, reviewer, review):
    client.force_login(reviewer)

    body = client.get(f"/reviews/{review.pk}/").content.decode()

    assert re.search(
        r'>Q3 <span class="claim tone-ok" data-claim="\d+" title="2: grounded">2026</span>', body
    )


def test_the_first_flagged_claim_is_selected_with_its_recomputation(client, reviewer, review):
    client.force_login(reviewer)

    response = client.get(f"/reviews/{review.pk}/")

    assert response.context["selected"].claim.text == "14.8%"
    evidence = response.content.decode().split('id="evidence"', 1)[1]
    assert "(1850000000 - 1620000000) / 1620000000 * 100" in evidence
    assert "<strong>14.2</strong>" in evidence


def test_selecting_a_claim_shows_the_nearest_value_highlighted_in_its_source(
    client, reviewer, review
):
    eps = review.query.claims.get(text="$0.81")
    client.force_login(reviewer)

    body = client.get(f"/reviews/{review.pk}/", {"claim": eps.pk}).content.decode()

    evidence = body.split('id="evidence"', 1)[1]
    start = CANONICAL_SOURCE.index("$0.78")
    assert "Nearest source value" in evidence
    assert f"at {start}–{start + 5}" in evidence
    assert (
        'Net income: $312 million. EPS: <mark class="source-span">$0.78</mark>. Total assets'
        in evidence
    )


def test_it_shows_external_checks_and_sampled_answer_values(client, reviewer):
    query = canonical_example(samples=["EPS was $0.81.", "EPS was $0.78.", "EPS was $0.81."])
    review = review_open(query=query, actor=Actor.system("tests"))
    eps = query.claims.get(text="$0.81")
    VerdictFactory(
        claim=eps,
        layer="external",
        check_name="sec_filing_refetch",
        outcome="contradicted",
        grounded=False,
        nearest_text="$0.78",
        nearest_source_id="10-Q",
        details={"value_found": "0.78", "where": "10-Q page 4, diluted EPS"},
    )
    VerdictFactory(
        claim=eps,
        layer="consistency",
        outcome="inconsistent",
        grounded=False,
        details={"values": ["0.81", "0.78", "0.81"], "dispersion": "0.0176"},
    )
    client.force_login(reviewer)

    body = client.get(f"/reviews/{review.pk}/", {"claim": eps.pk}).content.decode()

    evidence = body.split('id="evidence"', 1)[1]
    assert "External checks" in evidence
    assert "sec_filing_refetch" in evidence
    assert "contradicted" in evidence
    assert "10-Q page 4, diluted EPS" in evidence
    assert "0.81, 0.78, 0.81" in evidence
    assert "3 sampled answers" in evidence
    assert "EPS was $0.78." in evidence
    # The source highlight still comes from the query's own source, not the external one.
    assert '<mark class="source-span">$0.78</mark>' in evidence


def test_it_links_to_the_trace_timeline(client, reviewer, review):
    client.force_login(reviewer)

    body = client.get(f"/reviews/{review.pk}/").content.decode()

    assert f'href="/audit/traces/{review.query.trace_id}/"' in body


def test_the_evidence_fragment_for_htmx_moves_the_selection(client, reviewer, review):
    eps = review.query.claims.get(text="$0.81")
    client.force_login(reviewer)

    response = client.get(f"/reviews/{review.pk}/claims/{eps.pk}/", HTTP_HX_REQUEST="true")

    body = response.content.decode()
    assert "<html" not in body
    assert body.lstrip().startswith('<section id="evidence"')
    assert 'hx-swap-oob="true"' in body
    assert "is-selected" in _claim_marks(body)["$0.81"]


def test_the_evidence_link_without_htmx_goes_to_the_page(client, reviewer, review):
    eps = review.query.claims.get(text="$0.81")
    client.force_login(reviewer)

    response = client.get(f"/reviews/{review.pk}/claims/{eps.pk}/")

    assert response.status_code == 302
    assert response["Location"] == f"/reviews/{review.pk}/?claim={eps.pk}#evidence"


def test_a_reviewer_gets_the_decision_form_with_grounded_claims_prefilled(client, reviewer, review):
    client.force_login(reviewer)

    response = client.get(f"/reviews/{review.pk}/")

    form = response.context["form"]
    initial = {row.claim.text: form[form.label_field(row)].initial for row in form.rows}
    assert initial["$1.85 billion"] == "correct"
    assert initial["$0.81"] is None
    assert initial["14.8%"] is None
    assert 'name="decision" value="rejected"' in response.content.decode()


def test_an_auditor_sees_no_decision_form(client, auditor, review):
    client.force_login(auditor)

    body = client.get(f"/reviews/{review.pk}/").content.decode()

    assert 'id="decision-form"' not in body
    assert "can read reviews but not decide them" in body


def test_a_review_held_by_someone_else_shows_who_has_it(client, reviewer, reviewer2, review):
    review_claim(review=review, user=reviewer2)
    client.force_login(reviewer)

    body = client.get(f"/reviews/{review.pk}/").content.decode()

    assert 'id="decision-form"' not in body
    assert "Being reviewed by rafael" in body


def test_a_decided_review_shows_the_decision_and_labels(client, auditor, reviewer, review):
    review_decide(
        review=review,
        user=reviewer,
        decision="rejected",
        reason="EPS is $0.78.",
        labels=canonical_labels(review.query),
        expected_version=review.version,
    )
    client.force_login(auditor)

    body = client.get(f"/reviews/{review.pk}/").content.decode()

    assert "Rejected (confirmed hallucination)</strong> by rita" in body
    assert "Reason: EPS is $0.78." in body
    assert body.count('class="decided-label label-hallucination"') == 3


@pytest.mark.parametrize("extra_checks", [0, 6])
def test_the_review_page_query_count_does_not_grow_with_the_verdicts(
    client, reviewer, review, django_assert_max_num_queries, extra_checks
):
    for claim in review.query.claims.all()[:extra_checks]:
        VerdictFactory(claim=claim, layer="external", check_name="market", outcome="grounded")
    client.force_login(reviewer)

    # session, user, permissions (2), review + query, sources, claims, verdicts, labels
    with django_assert_max_num_queries(9):
        response = client.get(f"/reviews/{review.pk}/")
    assert response.status_code == 200


def test_markup_in_an_answer_or_a_source_is_shown_as_text(client, reviewer):
    query = canonical_example(question="<script>alert(1)</script> Q3?")
    query.answer = "<b>bold</b> " + query.answer
    query.save()
    shift = len("<b>bold</b> ")
    for claim in query.claims.all():
        claim.start += shift
        claim.end += shift
        claim.save()
    review = review_open(query=query, actor=Actor.system("tests"))
    client.force_login(reviewer)

    body = client.get(f"/reviews/{review.pk}/").content.decode()

    assert "<script>alert(1)</script>" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert "&lt;b&gt;bold&lt;/b&gt;" in body
    assert "tone-bad" in _claim_marks(body)["$0.81"]
