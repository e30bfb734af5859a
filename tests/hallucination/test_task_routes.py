"""Task routes: CPU-bound detection and the waiting kinds of work on queues of their own."""

import pytest

from hallucination.celery import app


def _queue(task_name: str) -> str:
    return app.amqp.router.route({}, task_name)["queue"].name


@pytest.mark.parametrize(
    ("task_name", "queue"),
    [
        ("hallucination.detect", "detection"),
        ("hallucination.detect_batch", "detection"),
        ("verification.verify_query", "verification"),
        ("hallucination.deliver_webhook", "delivery"),
        ("hallucination.send_notification", "delivery"),
        ("hallucination.sweep_deliveries", "delivery"),
        ("hallucination.requeue_stalled", "celery"),
        ("audit.checkpoint", "celery"),
    ],
)
def test_each_task_goes_to_the_queue_of_its_kind(task_name, queue):
    assert task_name in app.tasks
    assert _queue(task_name) == queue


def test_a_worker_started_without_q_consumes_every_queue_a_task_goes_to():
    consumed = {queue.name for queue in app.conf.task_queues}
    ours = [name for name in app.tasks if not name.startswith("celery.")]

    assert {_queue(name) for name in ours} <= consumed
