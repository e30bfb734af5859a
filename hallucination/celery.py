"""The Celery application; configured from Django settings under the CELERY_ namespace."""

import os

from celery import Celery
from celery.signals import before_task_publish, task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hallucination.settings")

app = Celery("hallucination")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@before_task_publish.connect
def _attach_trace_id(headers: dict | None = None, **_: object) -> None:
    """Carry the current trace ID to the worker in the task's headers."""
    from audit.tracing import get_trace_id

    trace_id = get_trace_id()
    if headers is not None and trace_id and "trace_id" not in headers:
        headers["trace_id"] = trace_id


@task_prerun.connect
@task_postrun.connect
def _close_old_connections(task: object = None, **_: object) -> None:
    """Around every task, what Django does around every request: close a connection that is
    broken or older than CONN_MAX_AGE, keep the others (CELERY_DB_REUSE_MAX stops Celery's
    own fixup from closing every connection after every task)."""
    request = getattr(task, "request", None)
    if getattr(request, "is_eager", False):
        return  # in-process: the caller's connection, perhaps mid-transaction, is not ours
    from django.db import close_old_connections

    close_old_connections()


@task_prerun.connect
def _restore_trace_id(task: object = None, **_: object) -> None:
    from audit.tracing import set_trace_id

    request = getattr(task, "request", None)
    trace_id = getattr(request, "trace_id", None) if request is not None else None
    if trace_id is None and request is not None:
        trace_id = (getattr(request, "headers", None) or {}).get("trace_id")
    set_trace_id(trace_id or "")


@task_postrun.connect
def _clear_trace_id(**_: object) -> None:
    from audit.tracing import set_trace_id

    set_trace_id("")
