"""The Django admin lists and shows every detection and review model, and changes none."""

import pytest

from audit.actors import Actor
from reviews.services import review_open
from tests.factories import (
    CalculatorOutputFactory,
    ClaimDecisionFactory,
    UserFactory,
    canonical_example,
)


@pytest.fixture
def superuser(db):  # type: ignore[no-untyped-def]
    user = UserFactory(username="root", is_staff=True, is_superuser=True)
    return user


@pytest.fixture
def stored(db):  # type: ignore[no-untyped-def]
    query = canonical_example()
    review = review_open(query=query, actor=Actor.system("tests"))
    CalculatorOutputFactory(trace_id=query.trace_id)
    ClaimDecisionFactory(review=review, claim=query.claims.get(text="$0.81"))
    return review


@pytest.mark.parametrize(
    "model",
    [
        "hallucination/apiclient",
        "hallucination/query",
        "hallucination/source",
        "hallucination/claim",
        "hallucination/verdict",
        "hallucination/calculatoroutput",
        "reviews/review",
        "reviews/claimdecision",
    ],
)
def test_every_model_has_a_searchable_list_and_a_read_only_page(client, superuser, stored, model):
    client.force_login(superuser)

    listing = client.get(f"/admin/{model}/", {"q": "Northwind"})
    assert listing.status_code == 200
    first = listing.context["cl"].model.objects.first()
    detail = client.get(f"/admin/{model}/{first.pk}/change/")

    assert detail.status_code == 200
    assert not detail.context["has_change_permission"]
    assert not detail.context["has_delete_permission"]
    assert client.get(f"/admin/{model}/add/").status_code == 403


def test_a_query_shows_its_sources_and_claims_inline(client, superuser, stored):
    client.force_login(superuser)

    body = client.get(f"/admin/hallucination/query/{stored.query.pk}/change/").content.decode()

    assert "$0.81" in body
    assert "EPS: $0.78" in body
    listing = client.get("/admin/hallucination/query/").content.decode()
    assert f"/audit/traces/{stored.query.trace_id}/" in listing


def test_a_claim_shows_its_verdicts_inline(client, superuser, stored):
    claim = stored.query.claims.get(text="14.8%")
    client.force_login(superuser)

    body = client.get(f"/admin/hallucination/claim/{claim.pk}/change/").content.decode()

    assert "derivation" in body
    assert "(1850000000 - 1620000000) / 1620000000 * 100" in body


def test_a_verdict_cannot_be_changed_through_the_admin(client, superuser, stored):
    verdict = stored.query.claims.get(text="$0.81").verdicts.get()
    client.force_login(superuser)

    response = client.post(
        f"/admin/hallucination/verdict/{verdict.pk}/change/", {"outcome": "grounded"}
    )

    assert response.status_code == 403
    verdict.refresh_from_db()
    assert verdict.outcome == "fabrication"


def test_a_review_links_to_its_review_page(client, superuser, stored):
    client.force_login(superuser)

    body = client.get("/admin/reviews/review/").content.decode()

    assert f'href="/reviews/{stored.pk}/"' in body
