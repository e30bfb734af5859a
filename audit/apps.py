"""App config for the append-only audit log."""

from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "audit"
    verbose_name = "Audit log"

    def ready(self) -> None:
        from celery.signals import after_setup_logger, after_setup_task_logger

        from . import checks  # noqa: F401  (registers the system checks)
        from .tracing import add_trace_id_to_worker_logs

        after_setup_logger.connect(add_trace_id_to_worker_logs, weak=False)
        after_setup_task_logger.connect(add_trace_id_to_worker_logs, weak=False)
