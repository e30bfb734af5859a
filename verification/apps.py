"""App config for external verification."""

from django.apps import AppConfig


class VerificationConfig(AppConfig):
    name = "verification"
    verbose_name = "External verification"

    def ready(self) -> None:
        from . import checks  # noqa: F401, I001  (registers the system checks)
        from . import tasks  # noqa: F401  (detection enqueues them by name, in every process)
