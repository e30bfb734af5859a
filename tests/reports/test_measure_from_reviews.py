"""--from-reviews: decided reviews are the ground truth (rejected = hallucinated, approved = clean)."""

import json
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from audit import events
from audit.models import AuditEvent
from hallucination.models import AccuracyReport
from reviews.models import Review
from tests.reports.conftest import decide, detected_query


def run(*args: str) -> dict:
    out = StringIO()
    call_command("measure_accuracy", "--from-reviews", "--format", "json", *args, stdout=out)
    return json.loads(out.getvalue())


def test_it_builds_the_confusion_matrix_from_decided_reviews(decided_reviews) -> None:  # type: ignore[no-untyped-def]
    report = run()
    assert (report["tp"], report["fp"], report["fn"], report["tn"]) == (2, 1, 1, 1)
    assert report["total_cases"] == 5  # the pending review is not ground truth
    assert report["precision"] == pytest.approx(2 / 3, abs=1e-6)
    assert report["recall"] == pytest.approx(2 / 3, abs=1e-6)
    assert report["f1"] == pytest.approx(4 / 6, abs=1e-6)
    assert report["false_positive_rate"] == pytest.approx(1 / 2, abs=1e-6)


def test_it_uses_the_per_claim_labels_for_spans_and_valid_claims(decided_reviews) -> None:  # type: ignore[no-untyped-def]
    report = run()
    # Confirmed: $1.5M (flagged), $0.81 (flagged), $2.1B (grounded: missed).
    assert report["spans"]["total"] == 3
    assert report["spans"]["caught"] == 2
    # Valid: Q3 2024, about 12% (flagged), 14.2% (flagged), $4.2B.
    assert report["claims"]["valid"] == 4
    assert report["claims"]["flagged_valid"] == 2
    assert (report["total_claims"], report["verified_claims"], report["unverified_claims"]) == (
        7,
        3,
        4,
    )
    assert report["per_kind"]["reviewed"]["cases"] == 5
    assert report["per_kind"]["reviewed"]["passed"] == 3
    assert report["latency_ms"]["p50"] == 12.5


def test_it_keeps_only_reviews_decided_since_a_date(decided_reviews) -> None:  # type: ignore[no-untyped-def]
    long_ago = timezone.now() - timedelta(days=40)
    Review.objects.filter(pk=decided_reviews.false_negative.pk).update(decided_at=long_ago)
    since = (timezone.now() - timedelta(days=7)).date().isoformat()
    report = run("--since", since)
    assert (report["tp"], report["fp"], report["fn"], report["tn"]) == (2, 1, 0, 1)
    assert report["scope"]["since"].startswith(since)


def test_it_keeps_only_reviews_of_queries_at_the_given_stakes(decided_reviews) -> None:  # type: ignore[no-untyped-def]
    report = run("--stakes", "audit")
    assert (report["tp"], report["fp"], report["fn"], report["tn"]) == (1, 0, 0, 0)


def test_it_stores_the_run_and_records_it_in_the_audit_log(decided_reviews) -> None:  # type: ignore[no-untyped-def]
    report = run()
    stored = AccuracyReport.objects.get(pk=report["id"])
    assert stored.ground_truth == "reviews"
    assert (stored.tp, stored.fp, stored.fn, stored.tn) == (2, 1, 1, 1)
    assert stored.profile == "strict"
    assert stored.detector_settings["CURRENCY_TOLERANCE"] == 1.0
    assert stored.version.startswith("0.1.0+engine.")
    assert len(stored.corpus_fingerprint) == 64
    event = AuditEvent.objects.get(event_type=events.ACCURACY_MEASURED, subject_id=str(stored.pk))
    assert event.subject_type == "accuracy_report"
    assert event.trace_id == stored.trace_id
    assert event.payload["tp"] == 2
    assert event.payload["corpus_fingerprint"] == stored.corpus_fingerprint


def test_a_new_decision_changes_the_fingerprint(decided_reviews, reviewer) -> None:  # type: ignore[no-untyped-def]
    first = run()["corpus_fingerprint"]
    assert run()["corpus_fingerprint"] == first
    decide(detected_query([("$7M", True)], flagged=False), reviewer, "approved", {"$7M": "correct"})
    assert run()["corpus_fingerprint"] != first


def test_with_no_decided_review_it_reports_zero_cases(db) -> None:  # type: ignore[no-untyped-def]
    report = run()
    assert report["total_cases"] == 0
    assert report["f1"] is None


def test_since_without_from_reviews_is_refused(db) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CommandError, match="--since selects reviewer decisions"):
        call_command("measure_accuracy", "--since", "2026-01-01", stdout=StringIO())


def test_a_malformed_since_is_refused(db) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CommandError, match="not an ISO date"):
        run("--since", "last tuesday")
