"""The reports page: the latest accuracy run, the trend over runs and the monitored LLM's rates."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from ..conf import detector_settings
from ..delivery.notifications import paging_figures
from ..models import AccuracyReport
from . import accuracy, measurement
from .accuracy import percent_text

VIEW_PERMISSION = "hallucination.view_query"
TREND_RUNS = 30


# ---------------------------------------------------------------- server-rendered SVG charts


@dataclass(frozen=True)
class ChartPoint:
    x: float
    y: float
    title: str
    url: str = ""


@dataclass(frozen=True)
class Tick:
    position: float
    label: str
    anchor: str = "middle"  # the SVG text-anchor: the first and last x labels stay inside


@dataclass
class ChartSeries:
    """One kind of run (corpus, reviewer decisions) drawn as its own line and marker shape."""

    key: str
    name: str
    points: list[ChartPoint] = field(default_factory=list)

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


@dataclass
class TimeChart:
    """Everything the template needs to draw one chart over time; no script runs in the browser."""

    title: str
    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    series: list[ChartSeries] = field(default_factory=list)
    y_ticks: list[Tick] = field(default_factory=list)
    x_ticks: list[Tick] = field(default_factory=list)
    target_y: float | None = None
    target_label: str = ""

    @property
    def points(self) -> list[ChartPoint]:
        return [point for series in self.series for point in series.points]


@dataclass(frozen=True)
class RunValue:
    """One run's value for a chart: when it ran, what it measured, where its details are."""

    when: datetime
    value: float | None
    url: str = ""
    label: str = ""


def _nice_ceiling(value: float) -> float:
    """The next of 1, 2, 2.5 or 5 times a power of ten at or above the value."""
    if value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 2.5, 5, 10):
        if value <= step * power + 1e-12:
            return step * power
    return 10 * power


def time_chart(
    title: str,
    series: Sequence[tuple[str, str, Sequence[RunValue]]],
    *,
    ceiling: float | None = None,
    target: float | None = None,
    width: int = 640,
    height: int = 220,
) -> TimeChart:
    """A chart of one fraction per run, placed by date, one line per kind of run.

    `series` is (key, name, runs) per kind. Runs without a value leave no point. Without a
    ceiling the scale fits the values and twice the target, so the target line sits at a
    readable height.
    """
    chart = TimeChart(title=title, width=width, height=height, left=48, right=16, top=12, bottom=30)
    values = [run.value for _, _, runs in series for run in runs if run.value is not None]
    top_value = ceiling or _nice_ceiling(max([*values, (target or 0) * 2, 0.01]))
    plot_width = width - chart.left - chart.right
    plot_height = height - chart.top - chart.bottom
    moments = [run.when for _, _, runs in series for run in runs]
    first, last = (min(moments), max(moments)) if moments else (None, None)
    span = (last - first).total_seconds() if first and last else 0

    def x_of(when: datetime) -> float:
        if not span:
            return chart.left + plot_width / 2
        return chart.left + plot_width * (when - first).total_seconds() / span  # type: ignore[operator]

    def y_of(value: float) -> float:
        return chart.top + plot_height * (1 - min(value, top_value) / top_value)

    for key, name, runs in series:
        line = ChartSeries(key=key, name=name)
        for run in sorted(runs, key=lambda run: run.when):
            if run.value is None:
                continue
            line.points.append(
                ChartPoint(
                    x=x_of(run.when),
                    y=y_of(run.value),
                    title=f"{run.label or name} {run.when:%Y-%m-%d %H:%M}: {run.value:.2%}",
                    url=run.url,
                )
            )
        chart.series.append(line)
    if first is not None and last is not None:
        days = {when.date() for when in moments}
        # Runs of one day are told apart by the hour; longer spans by the day.
        shape = "%Y-%m-%d" if len(days) > 1 else "%Y-%m-%d %H:%M"
        if span:
            count = min(5, max(2, len(days)))
            for index in range(count):
                when = first + (last - first) * (index / (count - 1))
                anchor = "start" if index == 0 else "end" if index == count - 1 else "middle"
                chart.x_ticks.append(
                    Tick(position=x_of(when), label=f"{when:{shape}}", anchor=anchor)
                )
        else:
            chart.x_ticks.append(Tick(position=x_of(first), label=f"{first:{shape}}"))
    for fraction in (0, 0.5, 1):
        tick_value = top_value * fraction
        chart.y_ticks.append(Tick(position=y_of(tick_value), label=f"{tick_value:.0%}"))
    if target is not None:
        chart.target_y = y_of(target)
        chart.target_label = f"target {target:.0%}"
    return chart


# ---------------------------------------------------------------- the page


def confusion_cells(report: AccuracyReport) -> list[list[dict[str, Any]]]:
    """The 2×2 matrix, rows actual, columns predicted, each shaded by its share of the max."""
    counts = {"tp": report.tp, "fn": report.fn, "fp": report.fp, "tn": report.tn}
    largest = max(counts.values()) or 1
    names = {
        "tp": "True positives",
        "fn": "False negatives",
        "fp": "False positives",
        "tn": "True negatives",
    }

    def cell(key: str) -> dict[str, Any]:
        return {
            "key": key,
            "name": names[key],
            "count": counts[key],
            "shade": f"{counts[key] / largest:.2f}",
            "correct": key in ("tp", "tn"),
        }

    return [[cell("tp"), cell("fn")], [cell("fp"), cell("tn")]]


def kind_rows(report: AccuracyReport) -> list[dict[str, Any]]:
    """Per-pattern rows: seed 003's seven patterns first, in the seed's order, then the rest."""
    order = {name: index for index, name in enumerate(accuracy.PATTERN_BARS)}
    rows = [
        {
            "kind": name,
            "cases": values.get("cases", 0),
            "passed": values.get("passed", 0),
            "pass_rate": percent_text(values.get("pass_rate")),
            "shade": f"{values.get('pass_rate') or 0:.2f}",
            "bar": percent_text(values.get("bar")) if values.get("bar") is not None else "",
            "meets_bar": values.get("meets_bar"),
        }
        for name, values in report.per_kind.items()
    ]
    return sorted(rows, key=lambda row: (order.get(row["kind"], len(order)), row["kind"]))


def metric_rows(report: AccuracyReport) -> list[dict[str, str]]:
    return [
        {"name": name, "value": percent_text(getattr(report, attribute))}
        for name, attribute in (
            ("Precision", "precision"),
            ("Recall", "recall"),
            ("F1", "f1"),
            ("Accuracy", "accuracy"),
            ("False-positive rate", "false_positive_rate"),
        )
    ]


def _in_range(value: float | None, low: float, high: float) -> bool | None:
    return None if value is None else low <= value <= high


def _ratio_text(value: float | None) -> str:
    return "n/a" if value is None else f"{value:,.1f}:1"


def escalation_figures(
    *, claims_per_escalation: float | None, composite_fpr: float | None
) -> dict[str, Any]:
    """Seed 003's two health figures of the human-in-the-loop step, each against its range."""
    low_ratio, high_ratio = accuracy.CLAIMS_PER_ESCALATION_RANGE
    low_fpr, high_fpr = accuracy.COMPOSITE_FPR_RANGE
    return {
        "ratio": _ratio_text(claims_per_escalation),
        "ratio_healthy": _in_range(claims_per_escalation, low_ratio, high_ratio),
        "ratio_range": f"{low_ratio}:1 to {high_ratio}:1",
        "fpr": percent_text(composite_fpr),
        # Seed 003: 1-3% ships without dedicated reviewers; fewer false positives never hurt.
        "fpr_healthy": _in_range(composite_fpr, 0, high_fpr),
        "fpr_range": f"{low_fpr:.0%} to {high_fpr:.0%}",
        "fpr_max": f"{high_fpr:.0%}",
    }


def history_rows(history: Sequence[AccuracyReport]) -> list[dict[str, Any]]:
    return [
        {
            "report": report,
            "f1": percent_text(report.f1),
            "fpr": percent_text(report.false_positive_rate),
            "rate": percent_text(report.hallucination_rate),
            "fingerprint": report.corpus_fingerprint[:12],
        }
        for report in history
    ]


# The kinds of run, each its own series: a labelled corpus and reviewer decisions measure
# different things and are not one trend.
SERIES = (
    (AccuracyReport.GroundTruth.CORPUS, "Corpus runs"),
    (AccuracyReport.GroundTruth.REVIEWS, "Reviewer-decision runs"),
    (AccuracyReport.GroundTruth.BOTH, "Corpus and reviewer runs"),
)


def _series(
    history: Sequence[AccuracyReport], metric: str
) -> list[tuple[str, str, list[RunValue]]]:
    return [
        (
            key,
            name,
            [
                RunValue(
                    when=report.created_at,
                    value=getattr(report, metric),
                    url=reverse("reports:run", args=[report.pk]) + "#latest-heading",
                    label=f"Run #{report.pk}",
                )
                for report in history
                if report.ground_truth == key
            ],
        )
        for key, name in SERIES
        if any(report.ground_truth == key for report in history)
    ]


@login_required
@require_GET
def reports_index(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    """The reports page; with a run's id, that run's matrix and metrics instead of the latest."""
    if not request.user.has_perm(VIEW_PERMISSION):
        raise PermissionDenied("Your role does not allow you to see accuracy reports.")
    try:
        days = measurement.window_days(request.GET.get("days"))
    except ValueError as error:
        return render(request, "reports/bad_request.html", {"message": str(error)}, status=400)
    now = timezone.now()
    rates = measurement.monitored_llm_rates(since=now - timedelta(days=days), until=now)
    history = measurement.accuracy_reports_recent(limit=TREND_RUNS)
    latest = history[0] if history else None
    if pk is not None:
        latest = next((report for report in history if report.pk == pk), None)
        if latest is None:
            latest = get_object_or_404(AccuracyReport, pk=pk)
    context: dict[str, Any] = {
        "latest": latest,
        "is_latest": latest is not None and history and latest.pk == history[0].pk,
        "history": history_rows(history),
        "days": days,
        "rates": rates,
        "production_rate": percent_text(rates["production"]["rate"]),
        "reviewer_rate": percent_text(rates["reviewer_confirmed"]["rate"]),
        "target_rate": percent_text(rates["production"]["target_rate"]),
        "paging": paging_figures(since=now - timedelta(days=days), until=now),
        "production_escalation": escalation_figures(
            claims_per_escalation=rates["claims_per_escalation"],
            composite_fpr=rates["composite_false_positive_rate"],
        ),
        "rate_chart": time_chart(
            "Hallucination rate by run date against the target",
            _series(history, "hallucination_rate"),
            target=float(detector_settings()["TARGET_RATE"]),
        ),
        "f1_chart": time_chart("F1 by run date", _series(history, "f1"), ceiling=1.0),
    }
    if latest is not None:
        details = latest.details
        context.update(
            matrix=confusion_cells(latest),
            metrics=metric_rows(latest),
            kinds=kind_rows(latest),
            details=details,
            latest_rate=percent_text(latest.hallucination_rate),
            latest_target=percent_text(latest.target_rate),
            span_recall=percent_text((details.get("spans") or {}).get("recall")),
            latest_escalation=escalation_figures(
                claims_per_escalation=details.get("claims_per_escalation"),
                composite_fpr=(details.get("claims") or {}).get("composite_false_positive_rate"),
            ),
        )
    return render(request, "reports/index.html", context)
