"""/api/v1/reference-facts/: bulk import for people allowed to, a filtered list for readers."""

from decimal import Decimal

import pytest

from hallucination.models import ReferenceFact
from tests.factories import ReferenceFactFactory

pytestmark = pytest.mark.django_db
URL = "/api/v1/reference-facts/"

ROWS = [
    {"entity": "Northwind Industries", "metric": "eps", "period": "Q3 2026", "value": 0.78, "unit": "USD"},
    {"entity": "Northwind Industries", "metric": "revenue", "period": "Q3 2026", "value": "4100000000", "unit": "USD", "as_of": "2026-10-28"},
    {"entity": "Northwind Industries", "metric": "gross margin", "period": "Q3 2026", "value": "14,2", "unit": "%"},
]  # fmt: skip


def test_a_permitted_person_loads_a_batch_and_gets_a_report(fact_keeper):
    response = fact_keeper.post(URL, {"facts": ROWS}, format="json")
    assert response.status_code == 200
    assert response.json() == {
        "created": 2,
        "updated": 0,
        "unchanged": 0,
        "accepted": 2,
        "loaded": True,
        "rejected": [{"row": 3, "reason": "value '14,2' is not a number"}],
    }
    assert ReferenceFact.objects.get(metric="eps").value == Decimal("0.78")


def test_a_bare_list_is_accepted_and_strict_loads_nothing_on_a_bad_row(fact_keeper):
    assert fact_keeper.post(URL, ROWS[:1], format="json").json()["created"] == 1
    response = fact_keeper.post(URL, {"facts": ROWS[1:], "strict": True}, format="json")
    assert response.json()["loaded"] is False
    assert ReferenceFact.objects.count() == 1


@pytest.mark.parametrize(
    "body", [{"facts": []}, {"facts": "eps"}, {"rows": ROWS}, {"facts": [1, 2]}]
)
def test_a_body_that_is_not_a_list_of_facts_is_a_400(fact_keeper, body):
    response = fact_keeper.post(URL, body, format="json")
    assert response.status_code == 400
    assert set(response.json()) == {"error", "detail", "trace_id"}
    assert not ReferenceFact.objects.exists()


def test_api_clients_cannot_write_the_values_they_are_checked_against(llm_service):
    response = llm_service.post(URL, {"facts": ROWS[:1]}, format="json")
    assert response.status_code == 403
    assert not ReferenceFact.objects.exists()


def test_a_reader_cannot_load_facts(fact_reader):
    assert fact_reader.post(URL, {"facts": ROWS[:1]}, format="json").status_code == 403


def test_the_list_filters_by_entity_metric_and_period(fact_reader, llm_service):
    ReferenceFactFactory(
        entity="Northwind Industries", metric="eps", period="Q3 2026", value=Decimal("0.78")
    )
    ReferenceFactFactory(
        entity="Northwind Industries", metric="eps", period="Q2 2026", value=Decimal("0.74")
    )
    ReferenceFactFactory(entity="Contoso", metric="eps", period="Q3 2026", value=Decimal("1.10"))

    response = fact_reader.get(URL, {"entity": "northwind industries", "period": "Q3 2026"})
    assert response.status_code == 200
    results = response.json()["results"]
    assert [(r["entity"], r["period"], r["value"]) for r in results] == [
        ("Northwind Industries", "Q3 2026", "0.78")
    ]
    assert len(llm_service.get(URL, {"metric": "EPS"}).json()["results"]) == 3
    assert len(llm_service.get(URL, {"search": "wind"}).json()["results"]) == 2


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"as_of_after": "last week"}, "as_of_after"),
        ({"as_of_before": "2026-02-30"}, "as_of_before"),
    ],
)
def test_a_date_it_cannot_read_is_a_400_naming_the_parameter(fact_reader, params, field):
    response = fact_reader.get(URL, params)

    assert response.status_code == 400, response.json()
    assert list(response.json()["detail"]) == [field]
    assert repr(next(iter(params.values()))) in response.json()["detail"][field][0]


def test_the_list_filters_by_as_of_dates(fact_reader):
    ReferenceFactFactory(entity="Northwind", metric="eps", period="Q2 2026", as_of="2026-07-30")
    ReferenceFactFactory(entity="Northwind", metric="eps", period="Q3 2026", as_of="2026-10-28")

    response = fact_reader.get(URL, {"as_of_after": "2026-08-01"})

    assert [r["period"] for r in response.json()["results"]] == ["Q3 2026"]


def test_a_person_without_the_view_permission_cannot_list(db):
    from rest_framework.test import APIClient

    from tests.factories import UserFactory

    api = APIClient()
    api.force_login(UserFactory(username="nobody"))
    assert api.get(URL).status_code == 403
