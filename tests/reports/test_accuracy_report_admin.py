"""Accuracy reports are listed in the admin and can be neither changed nor added there."""

import pytest

from hallucination.models import AccuracyReport
from tests.factories import UserFactory


@pytest.fixture
def report(db) -> AccuracyReport:
    return AccuracyReport.objects.create(
        ground_truth="corpus",
        corpus_fingerprint="f" * 64,
        profile="strict",
        version="test",
        total_cases=4,
        tp=2,
        fp=0,
        fn=1,
        tn=1,
        f1=0.8,
        total_claims=10,
        verified_claims=8,
        unverified_claims=2,
        target_rate=0.05,
    )


def test_it_lists_reports_read_only_in_the_admin(client, report):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))

    listing = client.get("/admin/hallucination/accuracyreport/")
    detail = client.get(f"/admin/hallucination/accuracyreport/{report.pk}/change/")

    assert listing.status_code == 200
    assert report in listing.context["cl"].result_list
    assert not detail.context["has_change_permission"]
    assert client.get("/admin/hallucination/accuracyreport/add/").status_code == 403
