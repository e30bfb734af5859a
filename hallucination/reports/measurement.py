"""Accuracy reports: measuring the detector on a corpus or reviewer decisions, and the
monitored LLM's own hallucination rate; the writes and reads behind measure_accuracy and /reports/.
"""

from __future__ import annotations

import dataclasses
import hashlib
import time
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Q, QuerySet, Sum

from audit import events
from audit.actors import Actor
from audit.services import audit_event_record
from audit.tracing import get_trace_id, new_trace_id
from reviews.models import DECIDED_STATUSES, VALID_LABELS, ClaimDecision, Review

from ..conf import detector_settings, engine_config
from ..engine import corpus as engine_corpus
from ..engine import detect
from ..engine import types as t
from ..models import AccuracyReport, Query
from . import accuracy

DEFAULT_CORPUS_DIR = Path(settings.BASE_DIR) / "tests" / "corpus"
REVIEWS_KIND = "reviewed"
# The detector settings a report records: everything that changes a verdict.
RECORDED_SETTINGS = (
    "PROFILE",
    "CURRENCY_TOLERANCE",
    "PERCENTAGE_TOLERANCE",
    "RATIO_TOLERANCE",
    "DATE_TOLERANCE_DAYS",
    "CONSISTENCY_THRESHOLD",
    "LABEL_QUORUM",
    "PROSE_SIMILARITY",
    "PROSE_EMBEDDINGS",
    "CONFIDENCE_PENALTY",
    "GATE_STANDARD",
    "GATE_AUDIT",
    "VERIFY_CURRENCY",
    "VERIFY_PERCENTAGES",
    "VERIFY_DATES",
    "VERIFY_RATIOS",
    "AUTO_FLAG",
    "TARGET_RATE",
)

Progress = Callable[[int, int], None]


class MeasurementError(ValueError):
    """The run cannot be measured as asked: a bad corpus path, line or filter."""


# ---------------------------------------------------------------- what a run is measured on


def default_corpus_paths() -> list[Path]:
    return sorted(DEFAULT_CORPUS_DIR.glob("*.jsonl"))


def _corpus_files(paths: Sequence[str | Path]) -> list[Path]:
    files = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = sorted(path.glob("*.jsonl"))
            if not found:
                raise MeasurementError(f"The corpus folder {path} holds no .jsonl file.")
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            raise MeasurementError(f"Corpus file {path} does not exist.")
    return files


def corpus_fingerprint(files: Sequence[Path], review_keys: Sequence[str] = ()) -> str:
    """SHA-256 over each corpus file's name and bytes and each review's decision key."""
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for key in review_keys:
        digest.update(key.encode() + b"\0")
    return digest.hexdigest()


def detector_version() -> str:
    """The project's version and a digest of the engine's code: which detector was measured."""
    root = Path(settings.BASE_DIR)
    try:
        with (root / "pyproject.toml").open("rb") as handle:
            project = tomllib.load(handle)["project"]["version"]
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        project = "unknown"
    digest = hashlib.sha256()
    for path in sorted((root / "hallucination" / "engine").glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return f"{project}+engine.{digest.hexdigest()[:12]}"


def corpus_outcomes(
    files: Sequence[Path], *, stakes: str | None = None, progress: Progress | None = None
) -> list[accuracy.CaseOutcome]:
    """Run the engine on every corpus case and score it against its label."""
    try:
        cases = engine_corpus.load_corpus([str(path) for path in files])
    except (ValueError, KeyError, TypeError) as error:
        raise MeasurementError(f"The corpus could not be read: {error}") from error
    config = engine_config()
    outcomes = []
    for number, case in enumerate(cases, start=1):
        detection_input = case.to_input()
        if stakes:
            detection_input = dataclasses.replace(detection_input, stakes=stakes)
        started = time.perf_counter()
        result = detect(detection_input, config)
        elapsed_ms = (time.perf_counter() - started) * 1000
        try:
            outcomes.append(
                accuracy.case_from_result(
                    case_id=str(case.id),
                    label=case.label,
                    answer=detection_input.answer,
                    hallucinated_spans=list(case.hallucinated_spans or ()),
                    result=result,
                    kind=getattr(case, "kind", None),
                    elapsed_ms=elapsed_ms,
                )
            )
        except ValueError as error:
            raise MeasurementError(str(error)) from error
        if progress is not None:
            progress(number, len(cases))
    return outcomes


def decided_reviews(*, since: datetime | None = None, stakes: str | None = None) -> QuerySet:
    """Approved and rejected reviews with their query, claims and per-claim labels."""
    reviews = Review.objects.filter(status__in=DECIDED_STATUSES)
    if since is not None:
        reviews = reviews.filter(decided_at__gte=since)
    if stakes:
        reviews = reviews.filter(query__stakes=stakes)
    return (
        reviews.select_related("query")
        .prefetch_related("query__claims", "claim_decisions")
        .order_by("decided_at", "pk")
    )


def review_outcomes(
    *, since: datetime | None = None, stakes: str | None = None
) -> tuple[list[accuracy.CaseOutcome], list[str]]:
    """Decided reviews as ground truth: rejected is hallucinated, approved is clean.

    The claims a reviewer labelled `hallucination` are the case's hallucinated spans. Returns
    the cases and one key per review (id, status, labels) for the run's fingerprint.
    """
    outcomes, keys = [], []
    for review in decided_reviews(since=since, stakes=stakes):
        query = review.query
        labels = {d.claim_id: d.label for d in review.claim_decisions.all()}
        claims = sorted(query.claims.all(), key=lambda claim: claim.position)
        spans = tuple(
            accuracy.Span(text=c.text, start=c.start, end=c.end)
            for c in claims
            if labels.get(c.pk) == ClaimDecision.Label.HALLUCINATION
        )
        outcomes.append(
            accuracy.CaseOutcome(
                id=f"review-{review.pk}",
                label=(
                    accuracy.HALLUCINATED
                    if review.status == Review.Status.REJECTED
                    else accuracy.CLEAN
                ),
                flagged=query.flagged,
                claims=tuple(
                    accuracy.ClaimOutcome(
                        text=c.text,
                        start=c.start,
                        end=c.end,
                        outcome=c.outcome,
                        grounded=c.grounded,
                    )
                    for c in claims
                ),
                spans=spans,
                kind=REVIEWS_KIND,
                elapsed_ms=query.detection_ms,
            )
        )
        keys.append(f"review:{review.pk}:{review.status}:{sorted(labels.items())}")
    return outcomes, keys


# ---------------------------------------------------------------- the run


@dataclass(frozen=True)
class Run:
    """A stored run: the report row, its figures, and the cases for --show-errors."""

    report: AccuracyReport
    measurement: accuracy.Measurement

    def to_dict(self) -> dict[str, Any]:
        return accuracy_report_dict(self.report)


def accuracy_measure(
    *,
    corpus_paths: Sequence[str | Path] | None = None,
    from_reviews: bool = False,
    since: datetime | None = None,
    stakes: str | None = None,
    actor: Actor,
    trace_id: str | None = None,
    progress: Progress | None = None,
) -> Run:
    """Measure the detector and store the run as an AccuracyReport with its audit event.

    With neither corpus paths nor reviews, the shipped corpus (tests/corpus/*.jsonl) is used.
    `stakes` runs corpus answers at that stakes level and keeps only reviews of queries at it;
    `since` keeps reviews decided at or after it.
    """
    if stakes is not None and stakes not in t.STAKES:
        raise MeasurementError(f"Stakes {stakes!r} is not one of {', '.join(t.STAKES)}.")
    if since is not None and not from_reviews:
        raise MeasurementError("--since selects reviewer decisions: use it with --from-reviews.")
    if since is not None and since.tzinfo is None:
        raise MeasurementError("since must be timezone-aware.")
    if not corpus_paths and not from_reviews:
        corpus_paths = default_corpus_paths()
        if not corpus_paths:
            raise MeasurementError(f"No corpus found under {DEFAULT_CORPUS_DIR}.")
    files = _corpus_files(corpus_paths or [])
    cases = corpus_outcomes(files, stakes=stakes, progress=progress) if files else []
    review_keys: list[str] = []
    if from_reviews:
        reviewed, review_keys = review_outcomes(since=since, stakes=stakes)
        cases.extend(reviewed)
    conf = detector_settings()
    try:
        measurement = accuracy.measure(cases, target_rate=conf["TARGET_RATE"])
    except ValueError as error:
        raise MeasurementError(str(error)) from error
    if files and from_reviews:
        ground_truth = AccuracyReport.GroundTruth.BOTH
    elif files:
        ground_truth = AccuracyReport.GroundTruth.CORPUS
    else:
        ground_truth = AccuracyReport.GroundTruth.REVIEWS
    # A run is a trace of its own unless the caller (a request, a task) already has one.
    trace_id = trace_id or get_trace_id() or new_trace_id()
    report = accuracy_report_record(
        measurement=measurement,
        ground_truth=ground_truth,
        corpus_paths=[_display_path(path) for path in files],
        fingerprint=corpus_fingerprint(files, review_keys),
        scope={
            "since": since.isoformat() if since else None,
            "stakes": stakes,
            "reviews": len(review_keys) if from_reviews else None,
        },
        actor=actor,
        trace_id=trace_id,
    )
    return Run(report=report, measurement=measurement)


def _display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path(settings.BASE_DIR).resolve()))
    except ValueError:
        return str(path)


@transaction.atomic
def accuracy_report_record(
    *,
    measurement: accuracy.Measurement,
    ground_truth: str,
    corpus_paths: list[str],
    fingerprint: str,
    scope: dict[str, Any],
    actor: Actor,
    trace_id: str | None = None,
) -> AccuracyReport:
    """Store one run and write `accuracy.measured` to the audit log in the same transaction."""
    conf = detector_settings()
    data = measurement.to_dict()
    report = AccuracyReport.objects.create(
        ground_truth=ground_truth,
        corpus_paths=corpus_paths,
        corpus_fingerprint=fingerprint,
        scope=scope,
        profile=conf["PROFILE"],
        detector_settings={name: conf[name] for name in RECORDED_SETTINGS if name in conf},
        version=detector_version(),
        run_by=actor.name[:200],
        total_cases=data["total_cases"],
        tp=data["tp"],
        fp=data["fp"],
        fn=data["fn"],
        tn=data["tn"],
        accuracy=data["accuracy"],
        precision=data["precision"],
        recall=data["recall"],
        f1=data["f1"],
        false_positive_rate=data["false_positive_rate"],
        total_claims=data["total_claims"],
        verified_claims=data["verified_claims"],
        unverified_claims=data["unverified_claims"],
        hallucination_rate=data["hallucination_rate"],
        target_rate=data["target_rate"],
        meets_target=data["meets_target"],
        per_kind=data["per_kind"],
        latency_ms=data["latency_ms"],
        details={key: data[key] for key in _DETAIL_KEYS},
    )
    event = audit_event_record(
        event_type=events.ACCURACY_MEASURED,
        actor=actor,
        trace_id=trace_id,
        subject_type="accuracy_report",
        subject_id=str(report.pk),
        payload={
            "ground_truth": ground_truth,
            "corpus_fingerprint": fingerprint,
            "corpus_paths": corpus_paths,
            "scope": scope,
            "profile": report.profile,
            "version": report.version,
            **{key: data[key] for key in _AUDITED_KEYS},
        },
    )
    report.trace_id = event.trace_id
    report.save(update_fields=["trace_id"])
    return report


_DETAIL_KEYS = (
    "passed_cases",
    "patterns_meet_bars",
    "spans",
    "claims",
    "escalations",
    "claims_per_escalation",
    "errors",
    "errors_total",
)
_AUDITED_KEYS = (
    "total_cases",
    "tp",
    "fp",
    "fn",
    "tn",
    "precision",
    "recall",
    "f1",
    "false_positive_rate",
    "hallucination_rate",
    "target_rate",
    "meets_target",
)


# ---------------------------------------------------------------- reads


def accuracy_report_dict(report: AccuracyReport) -> dict[str, Any]:
    """A stored report as the DESIGN.md JSON, with its identity and provenance."""
    return {
        "id": report.pk,
        "created_at": report.created_at.isoformat(),
        "ground_truth": report.ground_truth,
        "corpus_paths": report.corpus_paths,
        "corpus_fingerprint": report.corpus_fingerprint,
        "scope": report.scope,
        "profile": report.profile,
        "settings": report.detector_settings,
        "version": report.version,
        "trace_id": report.trace_id,
        "total_cases": report.total_cases,
        "tp": report.tp,
        "fp": report.fp,
        "fn": report.fn,
        "tn": report.tn,
        "accuracy": report.accuracy,
        "precision": report.precision,
        "recall": report.recall,
        "f1": report.f1,
        "false_positive_rate": report.false_positive_rate,
        "total_claims": report.total_claims,
        "verified_claims": report.verified_claims,
        "unverified_claims": report.unverified_claims,
        "hallucination_rate": report.hallucination_rate,
        "target_rate": report.target_rate,
        "meets_target": report.meets_target,
        "per_kind": report.per_kind,
        "latency_ms": report.latency_ms,
        **report.details,
    }


def accuracy_reports_recent(*, limit: int = 30) -> list[AccuracyReport]:
    """The latest runs, newest first."""
    return list(AccuracyReport.objects.all()[:limit])


def _rate(numerator: int, denominator: int) -> float | None:
    return round(numerator / denominator, 6) if denominator else None


def _against(rate: float | None, target: float) -> dict[str, Any]:
    return {
        "rate": rate,
        "target_rate": target,
        "meets_target": None if rate is None else rate < target,
    }


def monitored_llm_rates(
    *, since: datetime, until: datetime, stakes: str | None = None
) -> dict[str, Any]:
    """The monitored LLM's own rates over the queries finished in [since, until).

    - production: unverified claims over all claims, as the detector judged them;
    - reviewer_confirmed: claims reviewers labelled `hallucination` over claims they labelled;
    - claims_per_escalation: claims over reviews opened for those queries (seed 003: 100-1000);
    - composite_false_positive_rate: flagged claims a reviewer called valid, over the claims
      not confirmed as hallucinations (seed 003: 1-3%). Unreviewed claims count as valid:
      the estimate is a lower bound until every flag is decided.
    """
    if since.tzinfo is None or until.tzinfo is None:
        raise ValueError("since and until must be timezone-aware.")
    target = float(detector_settings()["TARGET_RATE"])
    queries = Query.objects.filter(
        status=Query.Status.DONE, created_at__gte=since, created_at__lt=until
    )
    if stakes:
        queries = queries.filter(stakes=stakes)
    totals = queries.aggregate(
        queries=Count("id"),
        flagged=Count("id", filter=Q(flagged=True)),
        claims=Sum("total_claims"),
        unverified=Sum("ungrounded_count"),
    )
    claims = totals["claims"] or 0
    unverified = totals["unverified"] or 0
    escalations = Review.objects.filter(query__in=queries).count()
    decisions = ClaimDecision.objects.filter(
        claim__query__in=queries, review__status__in=DECIDED_STATUSES
    ).aggregate(
        reviewed=Count("id"),
        confirmed=Count("id", filter=Q(label=ClaimDecision.Label.HALLUCINATION)),
        flagged_valid=Count(
            "id",
            # "Unsure" is neither: it counts as reviewed, not as a valid claim flagged.
            filter=Q(label__in=VALID_LABELS, claim__grounded=False),
        ),
    )
    valid = claims - decisions["confirmed"]
    return {
        "since": since.isoformat(),
        "until": until.isoformat(),
        "stakes": stakes,
        "queries": totals["queries"],
        "flagged_queries": totals["flagged"],
        "total_claims": claims,
        "verified_claims": claims - unverified,
        "unverified_claims": unverified,
        "production": _against(_rate(unverified, claims), target),
        "reviewed_claims": decisions["reviewed"],
        "confirmed_hallucinations": decisions["confirmed"],
        "reviewer_confirmed": _against(
            _rate(decisions["confirmed"], decisions["reviewed"]), target
        ),
        "escalations": escalations,
        "claims_per_escalation": round(claims / escalations, 2) if escalations else None,
        "flagged_valid_claims": decisions["flagged_valid"],
        "composite_false_positive_rate": _rate(decisions["flagged_valid"], valid),
    }


DEFAULT_WINDOW_DAYS = 30
MAX_WINDOW_DAYS = 366


def window_days(raw: str | None) -> int:
    """The `days` of a dashboard request: a whole number of days, 1 to 366; 30 when absent."""
    if raw in (None, ""):
        return DEFAULT_WINDOW_DAYS
    try:
        days = int(raw)
    except ValueError:
        raise ValueError(f"days must be a whole number of days, not {raw!r}.") from None
    if not 1 <= days <= MAX_WINDOW_DAYS:
        raise ValueError(f"days must be between 1 and {MAX_WINDOW_DAYS}, not {days}.")
    return days
