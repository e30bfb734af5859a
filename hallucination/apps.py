"""App config for the detection domain."""

from celery.signals import after_setup_logger, after_setup_task_logger
from django.apps import AppConfig

from .log_filters import worker_logs_as_json


class HallucinationConfig(AppConfig):
    name = "hallucination"
    verbose_name = "Hallucination detection"

    def ready(self) -> None:
        # Register the tasks in every process, not only in workers: enqueueing by name
        # from the web process (and running eagerly in the embedded default) needs them.
        from .delivery import tasks as delivery_tasks  # noqa: F401, I001
        from . import checks, tasks  # noqa: F401

        # Connected after the audit app's receivers (it comes first in INSTALLED_APPS), so a
        # worker's JSON lines come from the same library and configuration as the web
        # processes'.
        after_setup_logger.connect(worker_logs_as_json, weak=False)
        after_setup_task_logger.connect(worker_logs_as_json, weak=False)
