"""A writer process for the concurrency test: waits for the start signal, then appends events.

Run as `python tests/audit/write_events.py --count N --trace T --ready FILE --go FILE` with
DATABASE_URL pointing at the database to write to.
"""

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hallucination.settings")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--trace", required=True)
    parser.add_argument("--ready", type=Path, required=True)
    parser.add_argument("--go", type=Path, required=True)
    args = parser.parse_args()

    import django

    django.setup()
    from django.db import connection

    from audit import events
    from audit.actors import Actor
    from audit.services import audit_event_record

    connection.ensure_connection()
    args.ready.touch()
    deadline = time.monotonic() + 120
    while not args.go.exists():
        if time.monotonic() > deadline:
            sys.exit("no start signal")
        time.sleep(0.01)
    actor = Actor.system(f"writer-{os.getpid()}")
    for number in range(args.count):
        # Each call is its own transaction, as each request or task would be.
        audit_event_record(
            event_type=events.CALCULATOR_USED,
            actor=actor,
            trace_id=args.trace,
            subject_type="calculator_output",
            subject_id=str(number),
            payload={"expression": f"{number} + 1", "result": str(number + 1)},
        )


if __name__ == "__main__":
    main()
