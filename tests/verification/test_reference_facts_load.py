"""reference_facts_load validates row by row, upserts the valid rows and reports the rejected ones."""

from decimal import Decimal

import pytest

from audit.actors import Actor
from audit.models import AuditEvent
from hallucination.models import ReferenceFact
from verification.reference_facts import FactRow
from verification.services import reference_facts_load

pytestmark = pytest.mark.django_db

ACTOR = Actor.system("tests")


def _row(**overrides: object) -> dict:
    row = {
        "entity": "Northwind Industries",
        "metric": "EPS",
        "period": "Q3 2026",
        "value": "0.78",
        "unit": "usd",
        "source": "10-Q filed 2026-10-28",
        "as_of": "2026-10-28",
    }
    row.update(overrides)
    return row


def test_valid_rows_are_created_with_clean_values():
    report = reference_facts_load(
        rows=[_row(), _row(metric="revenue", value=4100000000)], actor=ACTOR
    )
    assert (report.created, report.updated, report.unchanged, report.rejected) == (2, 0, 0, ())
    eps = ReferenceFact.objects.get(metric="eps")
    assert (eps.entity, eps.period, eps.value, eps.unit) == (
        "Northwind Industries",
        "Q3 2026",
        Decimal("0.78"),
        "USD",
    )
    assert eps.as_of.isoformat() == "2026-10-28"


def test_loading_again_updates_changed_rows_and_counts_the_others_unchanged():
    reference_facts_load(rows=[_row(), _row(metric="revenue", value="4100000000")], actor=ACTOR)
    report = reference_facts_load(
        rows=[
            _row(entity="NORTHWIND INDUSTRIES", value="0.79"),
            _row(metric="revenue", value="4100000000"),
        ],
        actor=ACTOR,
    )
    assert (report.created, report.updated, report.unchanged) == (0, 1, 1)
    assert ReferenceFact.objects.count() == 2
    assert ReferenceFact.objects.get(metric="eps").value == Decimal("0.79")


@pytest.mark.parametrize(
    ("overrides", "reason"),
    [
        ({"entity": ""}, "entity is missing"),
        ({"value": "abc"}, "value 'abc' is not a number"),
        ({"value": "NaN"}, "is not a finite number"),
        ({"value": True}, "value must be a number"),
        ({"value": "1e40"}, "value is too large"),
        ({"value": "0.1234567890123"}, "more than 12 decimal places"),
        ({"value": "1.234,5"}, "is not a number"),
        ({"unit": None}, "unit is missing"),
        ({"as_of": "28/10/2026"}, "is not a date"),
        ({"metric": "x" * 101}, "metric is longer than 100 characters"),
        ({"vaule": "0.78"}, "unknown field(s): vaule"),
        ({"period": ["Q3"]}, "period must be text"),
    ],
)
def test_an_invalid_row_is_rejected_with_its_reason(overrides, reason):
    report = reference_facts_load(
        rows=[_row(metric="revenue", value="1"), _row(**overrides)], actor=ACTOR
    )
    assert report.created == 1
    assert len(report.rejected) == 1
    assert report.rejected[0].line == 2
    assert reason in report.rejected[0].reason


def test_a_row_that_is_not_an_object_is_rejected():
    report = reference_facts_load(rows=[FactRow(7, ["Northwind", "eps"])], actor=ACTOR)
    assert report.rejected[0].line == 7
    assert "must be an object" in report.rejected[0].reason


def test_a_duplicate_in_the_same_batch_names_the_first_line():
    report = reference_facts_load(
        rows=[FactRow(2, _row()), FactRow(3, _row(metric="eps ", value="0.80"))], actor=ACTOR
    )
    assert report.created == 1
    assert [(r.line, r.reason) for r in report.rejected] == [
        (3, "duplicate of 2 (same entity, metric, period)")
    ]
    assert ReferenceFact.objects.get().value == Decimal("0.78")


def test_thousands_separators_are_read_only_when_grouped_by_three():
    report = reference_facts_load(
        rows=[_row(value="4,100,000"), _row(metric="x", value="4,10")], actor=ACTOR
    )
    assert ReferenceFact.objects.get(metric="eps").value == Decimal("4100000")
    assert report.rejected[0].line == 2


def test_strict_mode_loads_nothing_when_a_row_is_rejected():
    report = reference_facts_load(
        rows=[_row(), _row(metric="revenue", value="?")], actor=ACTOR, strict=True
    )
    assert report.loaded is False
    assert report.created == 0
    assert not ReferenceFact.objects.exists()


def test_the_load_is_recorded_in_the_audit_log():
    reference_facts_load(
        rows=[_row(), _row(value="?", metric="y")], actor=ACTOR, origin="facts.csv"
    )
    event = AuditEvent.objects.filter(event_type="reference_facts.loaded").latest("seq")
    assert event.actor_name == "tests"
    assert event.subject_id == "facts.csv"
    assert event.payload["created"] == 1
    assert event.payload["rejected"] == 1
    assert event.payload["rejected_rows"] == [[2, "value '?' is not a number"]]
