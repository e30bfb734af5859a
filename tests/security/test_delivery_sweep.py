"""Deliveries that lost their task are sent again (issue 16, expected): a real worker is
killed in the middle of a send, and the periodic sweep has another worker deliver it."""

import threading
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from audit.actors import Actor
from hallucination.delivery.tasks import sweep_deliveries
from hallucination.models import WebhookDelivery
from hallucination.services import api_client_key_create
from tests.delivery.conftest import SECRET
from tests.delivery.documented import documented_verify_webhook
from tests.delivery.receiver import Receiver
from tests.demo_payload import CANONICAL_PAYLOAD
from tests.integration.conftest import celery_broker, start_worker, stop_process, wait_for

__all__ = ["celery_broker"]

pytestmark = pytest.mark.integration


class HangingReceiver(Receiver):
    """Holds the first POST open until released: the sender is stuck mid-send."""

    def start(self) -> "HangingReceiver":
        super().start()
        self.first_arrived = threading.Event()
        self.release = threading.Event()
        handler = self._server.RequestHandlerClass  # type: ignore[union-attr]
        original = handler.do_POST
        owner = self

        def do_post(request_handler) -> None:  # type: ignore[no-untyped-def]
            if not owner.first_arrived.is_set():
                owner.first_arrived.set()
                owner.release.wait(60)
                return  # hang up without an answer
            original(request_handler)

        handler.do_POST = do_post
        return self


def _worker(broker: str, receiver: Receiver, name: str):  # type: ignore[no-untyped-def]
    return start_worker(
        broker,
        name=name,
        extra_env={
            "WEBHOOK_SIGNING_SECRET": SECRET,
            "WEBHOOK_TIMEOUT": "30",
            "VERIFICATION_ALLOWED_HOSTS": "127.0.0.1",
            "VERIFICATION_ALLOWED_PORTS": str(receiver.port),
            "VERIFICATION_ALLOWED_PRIVATE_NETWORKS": "127.0.0.1/32",
        },
    )


def test_a_delivery_whose_worker_was_killed_mid_send_is_swept_and_delivered(
    transactional_db, celery_broker, settings
):
    receiver = HangingReceiver().start()
    first = _worker(celery_broker, receiver, "doomed")
    try:
        _, key = api_client_key_create(client_name="sweep-client", actor=Actor.system("tests"))
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
        response = api.post(
            "/api/v1/queries/", {**CANONICAL_PAYLOAD, "callback_url": receiver.url()}, format="json"
        )
        query_id = response.json()["id"]
        assert receiver.first_arrived.wait(90), "the worker never started sending"
        first.kill()  # SIGKILL between saving the delivery and recording its send
        first.wait(20)
    finally:
        receiver.release.set()
        stop_process(first)

    delivery = WebhookDelivery.objects.get(query_id=query_id)
    assert (delivery.status, delivery.attempts) == ("pending", 0)
    # Later: the row's hold has run out and the sweep comes round.
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        due_at=timezone.now() - timedelta(minutes=10)
    )
    second = _worker(celery_broker, receiver, "survivor")
    try:
        assert sweep_deliveries() == 1
        delivered = wait_for(
            lambda: WebhookDelivery.objects.filter(pk=delivery.pk, status="delivered").first(),
            timeout=90,
        )
    finally:
        stop_process(second)
        receiver.stop()

    assert delivered.attempts == 1
    assert len(receiver.requests) == 1  # the killed send never completed
    result = documented_verify_webhook()(
        SECRET, receiver.requests[0].headers, receiver.requests[0].body
    )
    assert result["id"] == query_id


def test_the_sweep_leaves_deliveries_that_are_not_overdue(db, settings):
    from tests.factories import QueryFactory

    query = QueryFactory()
    fresh = WebhookDelivery.objects.create(
        query=query,
        kind="result",
        channel="callback",
        target="https://example.com/h",
        trace_id=query.trace_id,
        due_at=timezone.now(),
    )
    settled = WebhookDelivery.objects.create(
        query=QueryFactory(),
        kind="result",
        channel="callback",
        target="https://example.com/h",
        trace_id="t",
        due_at=timezone.now() - timedelta(hours=1),
        status="delivered",
    )

    assert sweep_deliveries() == 0
    fresh.refresh_from_db()
    settled.refresh_from_db()
    assert (fresh.status, settled.status) == ("pending", "delivered")
