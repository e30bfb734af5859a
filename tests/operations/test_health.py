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


def test_the_error_handler_renders_the_500_page_without_the_database(rf):
    """No `db` fixture: any query here would fail the test. The page is the app's, with the
    trace ID to quote."""
    from hallucination.operations.health import server_error

    request = rf.get("/reviews/1/", HTTP_ACCEPT="text/html")
    request.trace_id = "trace-500-page"
    try:
        raise RuntimeError("a bug")
    except RuntimeError:  # the handler runs while Django handles the exception
        response = server_error(request)

    body = response.content.decode()
    assert response.status_code == 500
    assert "<h1>Something went wrong on our side</h1>" in body
    assert "<code>trace-500-page</code>" in body
    assert "Retry-After" not in response
