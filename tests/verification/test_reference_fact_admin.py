"""The reference-fact admin saves through the load service: validated, upserted and audited."""

from decimal import Decimal

import pytest
from django.contrib import admin

from audit.models import AuditEvent
from hallucination.models import ReferenceFact
from tests.factories import ReferenceFactFactory, UserFactory
from verification.admin import ReferenceFactAdmin

pytestmark = pytest.mark.django_db

ADD_URL = "/admin/hallucination/referencefact/add/"


@pytest.fixture
def superuser(client):  # type: ignore[no-untyped-def]
    user = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(user)
    return user


def _form(**overrides: str) -> dict[str, str]:
    data = {
        "entity": "Northwind Industries",
        "metric": "EPS",
        "period": "Q3 2026",
        "value": "0.78",
        "unit": "usd",
        "source": "10-Q",
        "as_of": "2026-10-28",
    }
    data.update(overrides)
    return data


def test_this_admin_is_the_one_registered():
    assert isinstance(admin.site._registry[ReferenceFact], ReferenceFactAdmin)


def test_adding_a_fact_goes_through_the_service_and_is_audited(client, superuser):
    response = client.post(ADD_URL, _form())
    assert response.status_code == 302
    fact = ReferenceFact.objects.get()
    assert (fact.metric, fact.unit, fact.value) == ("eps", "USD", Decimal("0.78"))
    event = AuditEvent.objects.filter(event_type="reference_facts.loaded").latest("seq")
    assert (event.actor_kind, event.actor_name, event.subject_id) == ("user", "root", "admin")


def test_an_invalid_value_is_refused_by_the_form(client, superuser):
    response = client.post(ADD_URL, _form(value="0.1234567890123"))
    assert response.status_code == 200
    assert "no more than 12 decimal places" in response.content.decode()
    assert not ReferenceFact.objects.exists()


def test_adding_a_fact_that_differs_only_in_case_updates_the_existing_one(client, superuser):
    ReferenceFactFactory(
        entity="Northwind Industries", metric="eps", period="Q3 2026", value=Decimal("0.78")
    )
    response = client.post(ADD_URL, _form(entity="NORTHWIND INDUSTRIES", value="0.79"))
    assert response.status_code == 302
    fact = ReferenceFact.objects.get()
    assert (fact.entity, fact.value) == ("NORTHWIND INDUSTRIES", Decimal("0.79"))


def test_changing_a_fact_keeps_its_key_and_records_the_change(client, superuser):
    fact = ReferenceFactFactory(
        entity="Northwind Industries", metric="eps", period="Q3 2026", value=Decimal("0.78")
    )
    response = client.post(
        f"/admin/hallucination/referencefact/{fact.pk}/change/",
        {"value": "0.79", "unit": "USD", "source": "10-Q/A", "as_of": "2026-11-02"},
    )
    assert response.status_code == 302
    fact.refresh_from_db()
    assert (fact.value, fact.source) == (Decimal("0.79"), "10-Q/A")
    assert ReferenceFact.objects.count() == 1
    assert AuditEvent.objects.filter(
        event_type="reference_facts.loaded", payload__updated=1
    ).exists()


def test_facts_cannot_be_deleted_from_the_admin(client, superuser):
    fact = ReferenceFactFactory()
    response = client.post(f"/admin/hallucination/referencefact/{fact.pk}/delete/", {"post": "yes"})
    assert response.status_code == 403
    assert ReferenceFact.objects.filter(pk=fact.pk).exists()
