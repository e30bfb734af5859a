"""The review page: the highlighted answer, a claim's evidence, and the trace link."""

import re
from decimal import Decimal

import pytest

from audit.actors import Actor
from reviews.services import review_claim, review_decide, review_open
from tests.factories import (
    CANONICAL_SOURCE,
    ClaimFactory,
    QueryFactory,
    SourceFactory,
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


def _panel(body: str, text: str) -> str:
    """The evidence panel of the claim with this text."""
    for panel in body.split('<section class="card evidence"')[1:]:
        if f"<code>{text}</code>" in panel.split("</h2>", 1)[0]:
            return panel.split("</section>", 1)[0]
    raise AssertionError(f"no evidence panel for {text}")


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
    assert text["14.8%"] == "14.8% (claim 3: ✗ arithmetic drift)"
    assert text["$0.81"] == "$0.81 (claim 6: ✗ fabrication)"
    assert text["$4 billion"] == "$4 billion (claim 7: ≈ approximation)"
    assert 'aria-label="Legend"' in body


def test_each_claim_is_named_for_screen_readers_without_the_number_glued_on(
    client, reviewer, review
):
    client.force_login(reviewer)

    body = client.get(f"/reviews/{review.pk}/").content.decode()

    names = re.findall(r'<a class="claim [^"]+"[^>]* aria-label="([^"]+)"', body)
    assert "$0.81 (claim 6: fabrication)" in names
    assert "14.8% (claim 3: arithmetic drift)" in names
    assert "Q3 2026 (claim 1: grounded)" in names
    # Copied, the figure keeps its own digits: "$0.81 (claim 6: ...", never "$0.816".
    assert _claim_texts(body)["Q3 2026"] == "Q3 2026 (claim 1: ✓ grounded)"


def test_the_year_inside_the_quarter_is_one_claim_not_two(client, reviewer, review):
    client.force_login(reviewer)

    response = client.get(f"/reviews/{review.pk}/")

    body = response.content.decode()
    marks = re.findall(r'<a class="claim [^"]+"[^>]*>([^<]+)', body)
    assert marks == [
        "Q3 2026",
        "$1.85 billion",
        "14.8%",
        "$1.62 billion",
        "$312 million",
        "$0.81",
        "$4 billion",
    ]
    assert "7 claims · 3 flagged" in body
    # One label for the quarter and its year; the detector's own count is left as it is.
    form = response.context["form"]
    assert [group.text for group, _ in form.labelled_groups()] == marks
    quarter = review.query.claims.get(text="Q3 2026")
    year = review.query.claims.get(text="2026")
    assert form.groups[0].claim_ids == [quarter.pk, year.pk]
    assert f'name="label_{year.pk}"' not in body
    assert "5 of 8 spans it found" in body


def test_the_first_flagged_claim_is_selected_with_its_recomputation_and_operands(
    client, reviewer, review
):
    client.force_login(reviewer)

    response = client.get(f"/reviews/{review.pk}/")

    assert response.context["selected"].text == "14.8%"
    evidence = _panel(response.content.decode(), "14.8%")
    assert "(1850000000 - 1620000000) / 1620000000 * 100" in evidence
    # Read as a person writes it, the stored value on hover.
    assert 'Expected <strong title="14.2">14.20%</strong>' in evidence
    # Every operand with where it is written, highlighted in the source passage.
    assert '<strong title="1850000000">$1.85 billion</strong> in <code>filing</code>' in evidence
    assert '<strong title="1620000000">$1.62 billion</strong> in <code>filing</code>' in evidence
    assert '<mark class="source-span role-operand">$1.85 billion</mark>' in evidence
    assert '<mark class="source-span role-operand">$1.62 billion</mark>' in evidence
    assert "No percentage in the sources: the value below is recomputed from them." in evidence
    assert "Nearest source value" not in evidence


def test_a_percentage_is_never_shown_an_amount_as_its_nearest_value(client, reviewer):
    """The detector names the first operand ($1.85 billion) as a growth rate's nearest value."""
    query = canonical_example()
    growth = query.claims.get(text="14.8%")
    growth.verdicts.filter(layer="derivation").first()
    VerdictFactory(
        claim=growth,
        layer="policy",
        outcome="arithmetic_drift",
        grounded=False,
        nearest_text="$1.85 billion",
        nearest_value=Decimal("1850000000"),
        nearest_source_id="filing",
        nearest_start=CANONICAL_SOURCE.index("$1.85 billion"),
        nearest_end=CANONICAL_SOURCE.index("$1.85 billion") + len("$1.85 billion"),
    )
    review = review_open(query=query, actor=Actor.system("tests"))
    client.force_login(reviewer)

    evidence = _panel(client.get(f"/reviews/{review.pk}/").content.decode(), "14.8%")

    assert "Nearest source value" not in evidence
    assert (
        "The detector&#x27;s nearest value, $1.85 billion, is an amount, not a percentage."
        in evidence
    )
    assert "Expected <strong" in evidence


def test_a_percentage_claim_shows_the_nearest_percentage_in_the_sources(client, reviewer):
    text = "Revenue: $1.85 billion. Gross margin: 41.5%. Operating margin: 12.5%."
    query = QueryFactory(answer="Operating margin was 13.9%.", total_claims=1)
    SourceFactory(query=query, source_id="filing", text=text)
    margin = ClaimFactory(
        query=query,
        kind="percent",
        unit="%",
        text="13.9%",
        start=21,
        end=26,
        value=Decimal("13.9"),
        outcome="fabrication",
    )
    VerdictFactory(
        claim=margin,
        nearest_text="$1.85 billion",
        nearest_value=Decimal("1850000000"),
        nearest_source_id="filing",
        nearest_start=9,
        nearest_end=22,
    )
    review = review_open(query=query, actor=Actor.system("tests"))
    client.force_login(reviewer)

    evidence = _panel(client.get(f"/reviews/{review.pk}/").content.decode(), "13.9%")

    assert "Nearest percentage in the sources" in evidence
    assert '<mark class="source-span role-nearest">12.5%</mark>' in evidence
    assert "is an amount, not a percentage." in evidence


def test_selecting_a_claim_shows_the_nearest_value_highlighted_in_its_source(
    client, reviewer, review
):
    eps = review.query.claims.get(text="$0.81")
    client.force_login(reviewer)

    response = client.get(f"/reviews/{review.pk}/", {"claim": eps.pk})

    assert response.context["selected"].text == "$0.81"
    body = response.content.decode()
    evidence = _panel(body, "$0.81")
    start = CANONICAL_SOURCE.index("$0.78")
    assert "Nearest source value" in evidence
    assert f"at {start}–{start + 5}" in evidence
    assert (
        'Net income: $312 million. EPS: <mark class="source-span role-nearest">$0.78</mark>. Total assets'
        in evidence
    )
    # Every claim's evidence is on the page for the keyboard; only the selected one shows.
    shown = re.findall(
        r'<section class="card evidence" id="evidence-\d+" data-group="\d+"[^>]*>', body
    )
    assert len(shown) == 7
    assert [tag for tag in shown if "hidden" not in tag] == [
        f'<section class="card evidence" id="evidence-{eps.pk}" data-group="{eps.pk}" aria-labelledby="evidence-heading-{eps.pk}">'
    ]


def test_the_full_source_highlights_every_claim_it_grounds(client, reviewer, review):
    client.force_login(reviewer)

    body = client.get(f"/reviews/{review.pk}/").content.decode()

    source = body.split('id="sources-heading"', 1)[1]
    for text, number in (
        ("$1.85 billion", "2,3"),
        ("$1.62 billion", "3,4"),
        ("$0.78", "6"),
        ("$4.2 billion", "7"),
    ):
        assert re.search(
            rf'<mark class="source-mark [^"]+"[^>]*>{re.escape(text)}<sup>{number}</sup></mark>',
            source,
        ), text


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
        nearest_value=Decimal("0.78"),
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

    evidence = _panel(body, "$0.81")
    assert "External checks" in evidence
    assert "sec_filing_refetch" in evidence
    assert "contradicted" in evidence
    assert "10-Q page 4, diluted EPS" in evidence
    assert "0.81, 0.78, 0.81" in evidence
    assert "3 sampled answers" in evidence
    assert "EPS was $0.78." in evidence
    # The source highlight still comes from the query's own source, not the external one.
    assert '<mark class="source-span role-nearest">$0.78</mark>' in evidence


def test_a_calculator_recheck_is_a_line_of_the_recomputation_not_a_second_block(
    client, reviewer, review
):
    growth = review.query.claims.get(text="14.8%")
    VerdictFactory(
        claim=growth,
        layer="external",
        check_name="recompute",
        outcome="contradicted",
        grounded=False,
        nearest_text="14.19753086419753086419753086",
        nearest_value=Decimal("14.197530864198"),
        nearest_source_id="calculator",
        expected_value=Decimal("14.20"),
        formula="(1.85e9 - 1.62e9) / 1.62e9 * 100",
        details={"result": "14.19753086419753086419753086"},
    )
    client.force_login(reviewer)

    evidence = _panel(client.get(f"/reviews/{review.pk}/").content.decode(), "14.8%")

    assert evidence.count("Recomputed from the sources") == 1
    assert "Re-checked by <strong>recompute</strong>" in evidence
    assert '<span title="14.197530864198">14.20%</span>' in evidence
    assert "External checks" not in evidence


def test_it_links_to_the_trace_timeline(client, reviewer, review):
    client.force_login(reviewer)

    body = client.get(f"/reviews/{review.pk}/").content.decode()

    assert f'href="/audit/traces/{review.query.trace_id}/"' in body


def test_a_reviewer_gets_the_decision_form_with_grounded_claims_prefilled(client, reviewer, review):
    client.force_login(reviewer)

    response = client.get(f"/reviews/{review.pk}/")

    form = response.context["form"]
    initial = {group.text: form[form.label_field(group)].initial for group in form.groups}
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

    # session, user, permissions (2), review + query, sources, claims, verdicts, labels,
    # the review's history
    with django_assert_max_num_queries(10):
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
