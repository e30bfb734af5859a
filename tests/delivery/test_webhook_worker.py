"""End to end with real processes: a Celery worker over Redis retries a webhook until it lands."""

import pytest
from rest_framework.test import APIClient

from audit.actors import Actor
from hallucination.demo.queries import CANONICAL_ANSWER, CANONICAL_SOURCE
from hallucination.models import WebhookDelivery
from hallucination.services import api_client_key_create
from tests.integration.conftest import (  # noqa: F401  (fixtures)
    celery_broker,
    start_worker,
    stop_process,
    wait_for,
)

from .conftest import SECRET
from .documented import documented_verify_webhook

pytestmark = pytest.mark.integration


def test_a_worker_delivers_the_signed_result_after_a_failed_attempt(
    transactional_db,
    celery_broker,  # noqa: F811
    receiver,
):
    receiver.script = [503]
    worker = start_worker(
        celery_broker,
        name="webhooks",
        extra_env={
            "WEBHOOK_SIGNING_SECRET": SECRET,
            "WEBHOOK_BACKOFF_SECONDS": "1",
            "VERIFICATION_ALLOWED_HOSTS": "127.0.0.1",
            "VERIFICATION_ALLOWED_PORTS": str(receiver.port),
            "VERIFICATION_ALLOWED_PRIVATE_NETWORKS": "127.0.0.1/32",
        },
    )
    try:
        _, key = api_client_key_create(client_name="webhook-worker", actor=Actor.system("tests"))
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
        response = api.post(
            "/api/v1/queries/",
            {
                "answer": CANONICAL_ANSWER,
                "sources": [{"id": "filing", "text": CANONICAL_SOURCE}],
                "callback_url": receiver.url(),
            },
            format="json",
        )
        query_id = response.json()["id"]
        delivery = wait_for(
            lambda: WebhookDelivery.objects.filter(query_id=query_id, status="delivered").first(),
            timeout=90,
        )
    finally:
        stop_process(worker)

    assert delivery.attempts == 2
    assert len(receiver.requests) == 2
    final = receiver.requests[-1]
    result = documented_verify_webhook()(SECRET, final.headers, final.body)
    assert result["id"] == query_id
    assert result["status"] == "done"
    assert final.headers["X-Webhook-Delivery"] == str(delivery.pk)
