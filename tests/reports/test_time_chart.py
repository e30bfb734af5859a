"""Server-rendered charts over time: one series per kind of run, points placed by date."""

from datetime import UTC, datetime, timedelta

import pytest

from hallucination.reports.views import RunValue, time_chart

DAY = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)


def test_points_are_placed_by_date_not_by_run_number() -> None:
    runs = [
        RunValue(DAY, 0.1, "/reports/runs/1/"),
        RunValue(DAY + timedelta(days=1), 0.2, "/reports/runs/2/"),
        RunValue(DAY + timedelta(days=10), 0.3, "/reports/runs/3/"),
    ]
    chart = time_chart("rate", [("corpus", "Corpus runs", runs)], target=0.05)
    (series,) = chart.series
    plot_width = chart.width - chart.left - chart.right
    xs = [point.x for point in series.points]
    assert xs[0] == chart.left
    assert xs[2] == chart.left + plot_width
    # One day of ten: a tenth of the way, not half as equal spacing would put it.
    assert xs[1] == pytest.approx(chart.left + plot_width / 10)
    assert [point.url for point in series.points] == [
        "/reports/runs/1/",
        "/reports/runs/2/",
        "/reports/runs/3/",
    ]
    assert chart.x_ticks[0].label == "2026-11-01"
    assert chart.x_ticks[-1].label == "2026-11-11"


def test_corpus_and_reviewer_runs_are_separate_series_on_one_time_axis() -> None:
    corpus = [RunValue(DAY, 0.5), RunValue(DAY + timedelta(days=2), 0.5)]
    reviews = [RunValue(DAY + timedelta(days=1), 0.04)]
    chart = time_chart(
        "rate",
        [("corpus", "Corpus runs", corpus), ("reviews", "Reviewer-decision runs", reviews)],
        target=0.05,
    )
    assert [(s.key, len(s.points)) for s in chart.series] == [("corpus", 2), ("reviews", 1)]
    corpus_x = [p.x for p in chart.series[0].points]
    assert corpus_x[0] < chart.series[1].points[0].x < corpus_x[1]


def test_the_target_line_sits_on_a_scale_that_fits_the_values() -> None:
    chart = time_chart(
        "rate",
        [
            (
                "corpus",
                "Corpus runs",
                [RunValue(DAY, 0.1), RunValue(DAY, None), RunValue(DAY + timedelta(hours=1), 0.3)],
            )
        ],
        target=0.05,
    )
    plot_top, plot_height = chart.top, chart.height - chart.top - chart.bottom
    assert [tick.label for tick in chart.y_ticks] == ["0%", "25%", "50%"]
    assert len(chart.points) == 2  # the run without a value leaves no point
    assert chart.points[1].y == pytest.approx(plot_top + plot_height * (1 - 0.3 / 0.5))
    assert chart.target_y == pytest.approx(plot_top + plot_height * (1 - 0.05 / 0.5))
    assert chart.target_label == "target 5%"


def test_a_fixed_ceiling_keeps_f1_on_a_0_to_100_scale() -> None:
    chart = time_chart(
        "f1", [("reviews", "Reviewer-decision runs", [RunValue(DAY, 0.5)])], ceiling=1.0
    )
    assert chart.y_ticks[-1].label == "100%"
    assert chart.points[0].x == chart.left + (chart.width - chart.left - chart.right) / 2
    assert chart.target_y is None


def test_with_no_runs_it_draws_the_target_on_an_empty_chart() -> None:
    chart = time_chart("rate", [], target=0.05)
    assert chart.points == []
    assert chart.target_label == "target 5%"
