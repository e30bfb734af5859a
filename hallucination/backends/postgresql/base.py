"""Django's PostgreSQL backend, whose connection health check sends `SELECT 1` only when needed.

With CONN_HEALTH_CHECKS Django checks a persistent connection with a `SELECT 1` round trip
before its first use in every request and every Celery task (hallucination/celery.py closes
old connections around tasks as Django does around requests). The check is what lets the
first request after PostgreSQL restarted, or after the server process of a connection was
ended, still succeed: without it that request fails (503) and the broken connection is only
replaced afterwards, once per connection of every process.

A server process that ends tells its client so (an error message, then the end of the
stream) or at least closes its socket; either leaves the socket readable. So a connection
that sits idle between statements with nothing to read, and that was last used moments ago,
is taken as healthy without a statement. Anything else gets Django's `SELECT 1`: a readable
socket, a connection not idle, or one unused for QUIET_SECONDS, which covers a server that
vanished without a word (a host lost, an address moved to a standby) once it has been
quiet that long.
"""

import select
import time
from typing import Any

from django.db.backends.postgresql import base
from psycopg import pq

# How long after its last use a quiet connection is trusted without a statement. Under load
# every connection is used far more often than this, so the check costs nothing there; a
# connection idle for longer pays one `SELECT 1`, as with Django's own check.
QUIET_SECONDS = 5.0


class DatabaseWrapper(base.DatabaseWrapper):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # When the connection was made or last asked for (a cursor, a transaction), monotonic.
        self.last_used = 0.0

    def connect(self) -> None:
        super().connect()
        self.last_used = time.monotonic()

    def close_if_health_check_failed(self) -> None:
        now = time.monotonic()
        last_used, self.last_used = self.last_used, now
        if (
            self.connection is not None
            and self.health_check_enabled
            and not self.health_check_done
            and not self.pool
            and now - last_used < QUIET_SECONDS
            and self._quiet()
        ):
            self.health_check_done = True
            return
        super().close_if_health_check_failed()

    def _quiet(self) -> bool:
        """Whether the connection is idle between statements and the server has sent nothing
        since the last one: no error, no notice, no end of stream."""
        if not hasattr(select, "poll"):
            return False
        connection = self.connection
        if connection.closed or connection.broken:
            return False
        if connection.info.transaction_status != pq.TransactionStatus.IDLE:
            return False
        poller = select.poll()
        poller.register(connection.fileno(), select.POLLIN | select.POLLPRI)
        return not poller.poll(0)
