"""Liveness and readiness endpoints."""

from django.test import Client


def test_it_reports_live_without_a_login(db):
    response = Client().get("/health/live/")

    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_it_reports_ready_when_the_database_answers(db):
    response = Client().get("/health/ready/")

    assert response.status_code == 200
    assert response.json()["database"] == "ok"


def test_it_reports_degraded_but_ready_when_only_the_broker_is_unreachable(db, settings):
    from hallucination.celery import app

    # A port nothing listens on: readiness must say so rather than hang or pass.
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    previous = app.conf.broker_url
    app.conf.broker_url = settings.CELERY_BROKER_URL
    try:
        response = Client().get("/health/ready/")
    finally:
        app.conf.broker_url = previous

    # Submissions are still saved (the sweeper enqueues them later): keep taking traffic.
    assert response.status_code == 200
    assert response.json()["status"] == "degraded"
    assert response.json()["database"] == "ok"
