"""The queue page: open reviews by risk, filters, counts per status, pagination, claim in one click."""

import datetime as dt
import re

import pytest
from django.utils import timezone

from audit.actors import Actor
from reviews.models import Review
from reviews.services import review_claim, review_open
from reviews.views import QUEUE_PAGE_SIZE
from tests.factories import ClaimFactory, QueryFactory, ReviewFactory, canonical_example


def _rows(response) -> list[int]:  # type: ignore[no-untyped-def]
    return [review.pk for review in response.context["page"].object_list]


def _open(**query_fields) -> Review:  # type: ignore[no-untyped-def]
    return review_open(query=canonical_example(**query_fields), actor=Actor.system("tests"))


def test_it_requires_a_login(client, review):
    response = client.get("/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_someone_in_no_role_is_forbidden(client, outsider, review):
    client.force_login(outsider)

    assert client.get("/").status_code == 403


def test_it_lists_open_reviews_highest_risk_first(client, reviewer):
    standard = _open(entity="Standard Co")
    audit = _open(entity="Audit Co", stakes="audit")
    decided = ReviewFactory(status=Review.Status.APPROVED, risk_score=99)
    client.force_login(reviewer)

    response = client.get("/")

    assert response.status_code == 200
    assert _rows(response) == [audit.pk, standard.pk]
    assert decided.pk not in _rows(response)
    body = response.content.decode()
    assert "Audit Co" in body
    assert "arithmetic drift" in body
    assert "fabrication" in body


def test_an_auditor_can_read_the_queue_but_gets_no_claim_button(client, auditor, review):
    client.force_login(auditor)

    response = client.get("/")

    assert response.status_code == 200
    assert _rows(response) == [review.pk]
    assert "Claim &amp; open" not in response.content.decode()


def test_it_filters_by_stakes_outcome_entity_and_status(client, reviewer):
    northwind = _open(entity="Northwind Holdings", stakes="audit")
    contoso = _open(entity="Contoso", stakes="standard")
    scaled = ReviewFactory(query=QueryFactory(entity="Fabrikam"))
    ClaimFactory(query=scaled.query, outcome="scale_drift")
    client.force_login(reviewer)

    assert _rows(client.get("/", {"stakes": "audit"})) == [northwind.pk]
    assert _rows(client.get("/", {"entity": "contoso"})) == [contoso.pk]
    assert _rows(client.get("/", {"outcome": "scale_drift"})) == [scaled.pk]
    assert set(_rows(client.get("/", {"outcome": "fabrication"}))) == {northwind.pk, contoso.pk}

    review_claim(review=contoso, user=reviewer)
    assert _rows(client.get("/", {"status": "in_review"})) == [contoso.pk]
    assert _rows(client.get("/", {"status": "pending", "entity": "Contoso"})) == []


def test_assigned_to_me_shows_only_mine(client, reviewer, reviewer2):
    mine = _open()
    theirs = _open()
    review_claim(review=mine, user=reviewer)
    review_claim(review=theirs, user=reviewer2)
    client.force_login(reviewer)

    assert _rows(client.get("/", {"mine": "on"})) == [mine.pk]


def test_it_filters_by_date_range(client, reviewer):
    old = _open()
    new = _open()
    Review.objects.filter(pk=old.pk).update(created_at=timezone.now() - dt.timedelta(days=10))
    client.force_login(reviewer)
    since = (timezone.now() - dt.timedelta(days=2)).date().isoformat()
    until = (timezone.now() - dt.timedelta(days=5)).date().isoformat()

    assert _rows(client.get("/", {"created_from": since})) == [new.pk]
    assert _rows(client.get("/", {"created_to": until})) == [old.pk]


def test_a_bad_filter_value_is_reported_and_lists_nothing(client, reviewer, review):
    client.force_login(reviewer)

    response = client.get("/", {"created_from": "yesterday-ish", "stakes": "galactic"})

    assert response.status_code == 200
    assert _rows(response) == []
    body = response.content.decode()
    assert "Must be a date as YYYY-MM-DD (got &#x27;yesterday-ish&#x27;)." in body
    assert "&#x27;galactic&#x27; is not one of: standard, high, audit." in body


def test_the_status_tabs_count_what_the_other_filters_select(client, reviewer):
    _open(stakes="audit")
    in_review = _open(stakes="audit")
    _open(stakes="standard")
    ReviewFactory(status=Review.Status.REJECTED, query=QueryFactory(stakes="audit"))
    review_claim(review=in_review, user=reviewer)
    client.force_login(reviewer)

    response = client.get("/", {"stakes": "audit"})

    counts = {tab["key"]: tab["count"] for tab in response.context["tabs"]}
    assert counts == {
        "open": 2,
        "pending": 1,
        "in_review": 1,
        "approved": 0,
        "rejected": 1,
        "all": 3,
    }


def test_it_paginates(client, reviewer):
    for _ in range(QUEUE_PAGE_SIZE + 2):
        ReviewFactory()
    client.force_login(reviewer)

    first = client.get("/")
    second = client.get("/", {"page": 2})

    assert len(_rows(first)) == QUEUE_PAGE_SIZE
    assert len(_rows(second)) == 2
    assert not set(_rows(first)) & set(_rows(second))
    assert "Page 1 of 2" in first.content.decode()


def test_claim_and_open_is_one_post_that_lands_on_the_review(client, reviewer, review):
    client.force_login(reviewer)

    response = client.post(f"/reviews/{review.pk}/claim/")

    assert response.status_code == 302
    assert response["Location"] == f"/reviews/{review.pk}/"
    stored = Review.objects.get(pk=review.pk)
    assert stored.assignee == reviewer
    assert stored.status == Review.Status.IN_REVIEW


def test_claiming_a_taken_review_says_who_has_it(client, reviewer, reviewer2, review):
    review_claim(review=review, user=reviewer2)
    client.force_login(reviewer)

    response = client.post(f"/reviews/{review.pk}/claim/", follow=True)

    assert "being reviewed by rafael" in response.content.decode()
    assert Review.objects.get(pk=review.pk).assignee == reviewer2


def test_an_auditor_cannot_claim_from_the_queue(client, auditor, review):
    client.force_login(auditor)

    assert client.post(f"/reviews/{review.pk}/claim/").status_code == 403
    assert Review.objects.get(pk=review.pk).assignee is None


@pytest.mark.parametrize("reviews", [3, 30])
def test_the_queue_page_query_count_does_not_grow_with_the_page(
    client, reviewer, django_assert_max_num_queries, reviews
):
    for _ in range(reviews):
        _open()
    client.force_login(reviewer)

    # session, user, permissions (2), status counts, page count, page rows, flagged claims
    with django_assert_max_num_queries(8):
        response = client.get("/")
    assert response.status_code == 200


def test_an_empty_queue_says_it_is_clear(client, reviewer):
    ReviewFactory(status=Review.Status.APPROVED)
    client.force_login(reviewer)

    body = client.get("/").content.decode()

    assert "Queue clear: nothing is waiting for review." in body
    assert "No reviews match these filters." not in body


def test_an_empty_result_of_a_filter_blames_the_filter(client, reviewer, review):
    client.force_login(reviewer)

    body = client.get("/", {"entity": "nobody by this name"}).content.decode()

    assert "No reviews match these filters." in body
    assert "Queue clear" not in body


def test_free_text_search_finds_question_answer_entity_and_any_part_of_the_trace(client, reviewer):
    northwind = _open(entity="Northwind Holdings", question="How did Q3 go?")
    contoso = _open(entity="Contoso", question="What about the dividend?")
    client.force_login(reviewer)

    assert _rows(client.get("/", {"q": "dividend"})) == [contoso.pk]
    assert _rows(client.get("/", {"q": "northwind"})) == [northwind.pk]
    assert set(_rows(client.get("/", {"q": "EPS was $0.81"}))) == {northwind.pk, contoso.pk}
    middle = contoso.query.trace_id[10:20]
    assert _rows(client.get("/", {"q": middle})) == [contoso.pk]


@pytest.mark.parametrize(
    ("sort", "expected"),
    [
        ("-risk", ["audit", "high", "standard"]),
        ("risk", ["standard", "high", "audit"]),
        ("-stakes", ["audit", "high", "standard"]),
        ("stakes", ["standard", "high", "audit"]),
        ("age", ["audit", "high", "standard"]),
        ("-age", ["standard", "high", "audit"]),
    ],
)
def test_columns_sort_both_ways(client, reviewer, sort, expected):
    reviews = {stakes: _open(stakes=stakes) for stakes in ("standard", "high", "audit")}
    # Oldest first: the standard review is the oldest.
    for days, stakes in enumerate(("audit", "high", "standard")):
        Review.objects.filter(pk=reviews[stakes].pk).update(
            created_at=timezone.now() - dt.timedelta(days=days)
        )
    client.force_login(reviewer)

    rows = _rows(client.get("/", {"sort": sort}))

    assert rows == [reviews[stakes].pk for stakes in expected]


def test_sorting_by_assignee_and_by_flagged_claims(client, reviewer, reviewer2):
    mine = _open()
    theirs = _open()
    few = ReviewFactory(query=QueryFactory(ungrounded_count=1))
    review_claim(review=mine, user=reviewer)
    review_claim(review=theirs, user=reviewer2)
    client.force_login(reviewer)

    assert _rows(client.get("/", {"sort": "assignee"}))[:2] == [theirs.pk, mine.pk]
    assert _rows(client.get("/", {"sort": "claims"}))[0] == few.pk


def test_the_sort_header_links_keep_the_filters_and_say_the_direction(client, reviewer, review):
    client.force_login(reviewer)

    body = client.get("/", {"stakes": "standard", "sort": "risk"}).content.decode()

    assert (
        '<th scope="col" aria-sort="ascending" class="sortable"><a href="?stakes=standard&amp;sort=-risk">'
        in body
    )
    assert 'aria-sort="none" class="sortable"><a href="?stakes=standard&amp;sort=-age">' in body


def test_an_unknown_sort_falls_back_to_risk(client, reviewer):
    low = _open()
    high = _open(stakes="audit")
    client.force_login(reviewer)

    assert _rows(client.get("/", {"sort": "password"})) == [high.pk, low.pk]


def test_the_filters_are_collapsed_and_say_which_are_active(client, reviewer, review):
    client.force_login(reviewer)

    plain = client.get("/").content.decode()
    filtered = client.get("/", {"stakes": "standard", "escalated": "on"}).content.decode()

    assert '<details class="filters card" id="filters">' in plain
    assert (
        '<span class="count">2</span> <span class="muted">Stakes, Escalated only</span>' in filtered
    )


def test_flagged_claims_inside_another_claim_are_listed_once(client, reviewer):
    query = QueryFactory(answer="Revenue in Q3 2025 was $2 billion.", total_claims=3)
    ClaimFactory(
        query=query, text="Q3 2025", start=11, end=18, kind="date", outcome="period_mismatch"
    )
    ClaimFactory(query=query, text="2025", start=14, end=18, kind="date", outcome="period_mismatch")
    ClaimFactory(query=query, text="$2 billion", start=23, end=33, outcome="fabrication")
    review = review_open(query=query, actor=Actor.system("tests"))
    client.force_login(reviewer)

    body = client.get("/").content.decode()

    row = body.split(f'data-review="{review.pk}"', 1)[1].split("</tr>", 1)[0]
    assert re.findall(r"<code>([^<]+)</code>", row) == ["Q3 2025", "$2 billion"]
