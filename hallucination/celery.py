"""The Celery application; configured from Django settings under the CELERY_ namespace."""

import os

from celery import Celery
from celery.signals import before_task_publish, task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hallucination.settings")

app = Celery("hallucination")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_after_configure.connect
def _in_process_broker(sender: Celery, **_: object) -> None:
    """With no broker configured tasks run in-process, yet sending one still takes a producer
    from the pool, whose connection without a URL warns that it falls back to 'localhost'.
    The in-memory transport is what in-process means, and warns about nothing."""
    if not sender.conf.broker_url:
        sender.conf.broker_url = "memory://localhost/"


@task_prerun.connect
@task_postrun.connect
def _close_old_connections(task: object = None, **_: object) -> None:
    """Around every task, what Django does around every request: close a connection that is
    broken or older than CONN_MAX_AGE, keep the others (CELERY_DB_REUSE_MAX stops Celery's
    own fixup from closing every connection after every task)."""
    request = getattr(task, "request", None)
    if getattr(request, "is_eager", False):
        return  # in-process: the caller's connection, perhaps mid-transaction, is not ours
    # Imported here: the package imports without Django, so the engine runs without it.
    from django.db import close_old_connections

    close_old_connections()


@before_task_publish.connect
def _leave_time_limits_to_the_worker(headers: dict | None = None, **_: object) -> None:
    """Publish tasks without time limits, so the worker that runs them applies its own.

    Celery stamps the publisher's CELERY_TASK_*TIME_LIMIT into every message, and a worker
    obeys the message over its own settings: limits set on the worker hosts (where the work
    runs) never fired, and a web process's defaults decided instead. Without the stamp the
    worker's task and pool settings apply.
    """
    if headers is not None and "timelimit" in headers:
        headers["timelimit"] = (None, None)
