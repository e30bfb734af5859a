"""Kombu's Redis transport, keeping one Redis client per connection pool instead of making one
per command."""

from typing import Any

from kombu.transport import redis


class Channel(redis.Channel):
    """Kombu builds a new `redis.Redis` for each command it sends outside a worker's consuming
    loop, every published task among them (its LPUSH), and building one copies redis-py's
    table of response callbacks: 0.19 ms, more than the LPUSH. A `redis.Redis` over a
    connection pool is safe to share (it takes a connection from the pool per command), so
    one is kept per pool; a channel that replaces its pool (after a fork, or when it closes)
    gets a new one with it."""

    _kept_client: Any = None

    def _create_client(self, asynchronous: bool = False) -> Any:
        if asynchronous:
            return super()._create_client(asynchronous=True)
        pool = self.pool
        client = self._kept_client
        if client is None or client.connection_pool is not pool:
            client = self._kept_client = super()._create_client()
        return client


class Transport(redis.Transport):
    """`kombu.transport.redis.Transport` with the channel above; the same URLs and options."""

    Channel = Channel
