"""App config for the append-only audit log."""

from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "audit"
    verbose_name = "Audit log"

    def ready(self) -> None:
        from celery.signals import (
            after_setup_logger,
            after_setup_task_logger,
            before_task_publish,
            task_postrun,
            task_prerun,
        )

        from . import checks, tasks  # noqa: F401  (registers the system checks and the task)
        from .tracing import (
            add_trace_id_to_worker_logs,
            attach_trace_id_to_task,
            clear_trace_id_after_task,
            restore_trace_id_in_task,
        )

        after_setup_logger.connect(add_trace_id_to_worker_logs, weak=False)
        after_setup_task_logger.connect(add_trace_id_to_worker_logs, weak=False)
        # The trace ID travels with every task: in its headers, then in the worker's context.
        before_task_publish.connect(attach_trace_id_to_task, weak=False)
        task_prerun.connect(restore_trace_id_in_task, weak=False)
        task_postrun.connect(clear_trace_id_after_task, weak=False)
