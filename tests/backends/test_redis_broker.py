"""The broker transport: kombu's Redis transport, keeping one Redis client per connection pool."""

import os
import uuid

import pytest
from kombu import Connection

TRANSPORT = "hallucination.backends.broker:Transport"


@pytest.fixture
def broker():  # type: ignore[no-untyped-def]
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.fail("TEST_REDIS_URL is not set: the broker tests need a real Redis.")
    with Connection(url, transport=TRANSPORT) as connection:
        yield connection


def test_messages_go_through_and_back_in_order(broker):
    name = f"backends-test-{uuid.uuid4().hex}"
    with broker.SimpleQueue(name) as queue:
        for n in range(3):
            queue.put({"n": n})
        received = []
        for _ in range(3):
            message = queue.get(timeout=5)
            received.append(message.payload["n"])
            message.ack()
        queue.queue.delete()

    assert received == [0, 1, 2]


def test_it_keeps_one_client_per_pool_and_a_new_one_with_a_new_pool(broker):
    channel = broker.default_channel
    first = channel._create_client()
    name = f"backends-test-{uuid.uuid4().hex}"
    with broker.SimpleQueue(name) as queue:
        queue.put({"n": 1})
        assert channel._create_client() is first

        channel._disconnect_pools()  # as after a fork or a lost connection
        queue.put({"n": 2})
        replaced = channel._create_client()

        assert replaced is not first and replaced.connection_pool is channel.pool
        assert [queue.get(timeout=5).payload["n"] for _ in range(2)] == [1, 2]
        queue.queue.delete()
