"""App config for the detection domain."""

from django.apps import AppConfig


class HallucinationConfig(AppConfig):
    name = "hallucination"
    verbose_name = "Hallucination detection"

    def ready(self) -> None:
        # Register the tasks in every process, not only in workers: enqueueing by name
        # from the web process (and running eagerly in the embedded default) needs them.
        from . import integration_tasks  # noqa: F401, I001
        from . import tasks  # noqa: F401
