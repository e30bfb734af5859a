"""The reports page shows claims per on-call page: paged answers against every claim checked."""

import pytest
from django.test import Client

from hallucination.models import WebhookDelivery
from tests.factories import QueryFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_the_reports_page_shows_claims_per_page():
    paged = QueryFactory(total_claims=40)
    QueryFactory(total_claims=160)
    for channel in ("email", "chat"):  # one answer, two channels: one page
        WebhookDelivery.objects.create(
            query=paged, kind="escalation", channel=channel, target="x", trace_id=paged.trace_id
        )
    client = Client()
    client.force_login(UserFactory(username="rhea", roles=["reviewer"]))

    response = client.get("/reports/")

    assert response.status_code == 200
    assert response.context["paging"] == {
        "claims": 200,
        "pages": 1,
        "claims_per_page": 200.0,
        "ratio": "200.0:1",
    }
    assert "Claims per on-call page" in response.content.decode()


def test_without_pages_it_says_so():
    QueryFactory(total_claims=12)
    client = Client()
    client.force_login(UserFactory(username="rhea", roles=["reviewer"]))

    paging = client.get("/reports/").context["paging"]

    assert (paging["claims"], paging["pages"], paging["ratio"]) == (12, 0, "no pages")
