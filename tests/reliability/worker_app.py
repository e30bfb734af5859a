"""The real Celery app with a slowed and booby-trapped engine, loaded only by the fault tests.

`celery -A tests.reliability.worker_app worker` runs the production tasks unchanged; only the
engine call inside them is wrapped, so a test can hold queries in flight (every detection
takes DETECTION_DELAY_SECONDS) and submit a poison query that fails every time: an answer
containing RAISES makes detection raise, one containing KILLS ends the worker process.
"""

import os
import time

import django

from hallucination.celery import app

django.setup()

from hallucination import services  # noqa: E402  (needs the app registry)

__all__ = ["app"]

DETECTION_DELAY_SECONDS = 1.0
RAISES = "POISON-RAISES"
KILLS = "POISON-KILLS"

_real_detect = services.engine.detect


class _Engine:
    """Stands in for the engine module inside services; everything but detect() is the real one."""

    def __getattr__(self, name: str) -> object:
        return getattr(services.__dict__["_real_engine"], name)

    @staticmethod
    def detect(detection_input, config):  # type: ignore[no-untyped-def]
        if RAISES in detection_input.answer:
            raise RuntimeError("poison query: detection always fails on this answer")
        if KILLS in detection_input.answer:
            os._exit(1)  # as an out-of-memory kill or a segfault would
        time.sleep(DETECTION_DELAY_SECONDS)
        return _real_detect(detection_input, config)


services._real_engine = services.engine  # type: ignore[attr-defined]
services.engine = _Engine()  # type: ignore[assignment]
