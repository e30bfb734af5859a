"""On-call pages per 100 flagged answers on the corpus: writes bench/results/paging.json.

Seed 003 pages the on-call analyst on red flags only: an external check contradicting a
claim, and (this project's rule) a review opening on an `audit`-stakes answer. This runs every
corpus case through the whole service, as a client would submit it: detection, the external
layer (recompute; the corpus gives no source URLs and no market data, so nothing is fetched),
the review queue and escalation notices, on a throwaway SQLite database with Celery tasks run
in-process. A page is an answer with an escalation notice, however many channels carry it;
the figure is pages per 100 answers flagged at the end.

Runs twice: at the stakes each case is labelled with (most are `standard`), and with every
case at `high` stakes, where every claim goes to the external layer (and no review pages by
stakes alone), so every page there is an external contradiction.

Usage: .venv/bin/python bench/paging.py [--corpus FILE ...] [--output FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "paging.json"
MODES = (("labelled", None), ("high", "high"))


def _setup(database: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.pop("CELERY_BROKER_URL", None)  # tasks run in-process
    os.environ["ESCALATION_EMAILS"] = "oncall@example.com"
    os.environ["EMAIL_BACKEND"] = "django.core.mail.backends.locmem.EmailBackend"
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hallucination.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", "--noinput", verbosity=0)


def _run(cases: list, stakes: str | None) -> dict[str, Any]:
    from audit.actors import Actor
    from hallucination.models import Query, WebhookDelivery
    from hallucination.services import (
        SourceInput,
        SubmissionInput,
        api_client_key_create,
        query_submit,
    )
    from reviews.models import Review

    actor = Actor.system("bench")
    client, _ = api_client_key_create(
        client_name=f"paging-{stakes or 'labelled'}",
        actor=actor,
        stakes=["standard", "high", "audit"],
    )
    flagged, pages = 0, 0
    paged: list[dict[str, Any]] = []
    external = Counter()
    started = time.perf_counter()
    for case in cases:
        submission = SubmissionInput(
            answer=case.answer,
            question=case.question,
            sources=tuple(SourceInput(id=s.id, text=s.text) for s in case.sources),
            stakes=stakes or case.stakes,
            samples=case.samples,
        )
        query, _ = query_submit(
            client=client,
            submission=submission,
            trace_id=f"paging-{stakes or 'labelled'}-{case.id}",
            actor=actor,
        )
        query = Query.objects.get(pk=query.pk)
        for status in query.claims.filter(verdicts__layer="external").values_list(
            "verdicts__details__status", flat=True
        ):
            external[status or "?"] += 1
        if not query.flagged:
            continue
        flagged += 1
        if WebhookDelivery.objects.filter(query=query, kind="escalation").exists():
            pages += 1
            review = Review.objects.filter(query=query).first()
            paged.append(
                {
                    "id": case.id,
                    "label": case.label,
                    "stakes": query.stakes,
                    "escalated": bool(review and review.escalated),
                    "contradicted": sorted(
                        query.claims.filter(
                            verdicts__layer="external", verdicts__outcome="contradicted"
                        ).values_list("text", flat=True)
                    ),
                }
            )
    return {
        "stakes": stakes or "as labelled",
        "cases": len(cases),
        "flagged": flagged,
        "pages": pages,
        "pages_per_100_flagged": round(100 * pages / flagged, 2) if flagged else None,
        "external_verdicts": dict(sorted(external.items())),
        "paged": paged,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", action="append", metavar="FILE")
    parser.add_argument("--output", default=str(RESULTS))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        _setup(Path(folder) / "paging.sqlite3")
        from hallucination.engine.corpus import load_corpus
        from hallucination.reports.measurement import default_corpus_paths

        paths = args.corpus or default_corpus_paths()
        cases = load_corpus(paths)
        runs = [_run(cases, stakes) for _, stakes in MODES]
    result = {
        "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "corpus": [str(Path(p).resolve().relative_to(ROOT)) for p in paths],
        "runs": runs,
    }
    output = Path(args.output)
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(json.dumps(result, indent=2) + "\n")
    for run in runs:
        print(
            f"{run['stakes']:>12}: {run['flagged']} flagged, {run['pages']} paged, "
            f"{run['pages_per_100_flagged']} pages per 100 flagged ({run['seconds']} s)"
        )


if __name__ == "__main__":
    main()
