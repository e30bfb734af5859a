"""Inputs the API fuzzing found answered with a 500, kept as plain regression tests."""

import pytest


@pytest.mark.parametrize(
    "created_after",
    [
        "0328-12-15T08:10:57.400000-23:24",  # an offset PostgreSQL refuses (beyond ±15:59)
        "2026-11-01T00:00:00+23:59",
    ],
)
def test_a_created_filter_with_a_far_offset_is_read_in_utc(alpha, canonical_payload, created_after):
    alpha.post("/api/v1/queries/", canonical_payload, format="json")

    response = alpha.get("/api/v1/queries/", {"created_after": created_after})

    assert response.status_code == 200
    assert response.json()["count"] == 1


def test_a_created_filter_that_leaves_the_calendar_in_utc_is_a_400(alpha):
    response = alpha.get("/api/v1/queries/", {"created_before": "0001-01-01T00:00:00+23:00"})

    assert response.status_code == 400
    assert "created" in str(response.json()["detail"])
