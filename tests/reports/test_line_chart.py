"""Server-rendered charts: points placed on a 0..ceiling scale, gaps for runs without a value."""

import pytest

from hallucination.reports.views import line_chart


def test_it_places_points_and_the_target_on_a_scale_that_fits_them() -> None:
    chart = line_chart("rate", [("#1", 0.1), ("#2", None), ("#3", 0.3)], target=0.05)
    plot_top, plot_height = chart.top, chart.height - chart.top - chart.bottom
    # 0.3 is the largest value: the scale runs to the next round ceiling, 0.5.
    assert [tick.label for tick in chart.y_ticks] == ["0%", "25%", "50%"]
    assert len(chart.points) == 2  # the run without a value leaves no point
    assert chart.points[1].y == pytest.approx(plot_top + plot_height * (1 - 0.3 / 0.5))
    assert chart.target_y == pytest.approx(plot_top + plot_height * (1 - 0.05 / 0.5))
    assert chart.points[0].x == chart.left
    assert chart.points[1].x == chart.width - chart.right
    assert chart.points[1].title == "#3: 30.00%"
    assert chart.target_label == "target 5%"


def test_a_fixed_ceiling_keeps_f1_on_a_0_to_100_scale() -> None:
    chart = line_chart("f1", [("#1", 0.5)], ceiling=1.0)
    assert chart.y_ticks[-1].label == "100%"
    assert chart.points[0].x == chart.left + (chart.width - chart.left - chart.right) / 2
    assert chart.target_y is None


def test_with_no_runs_it_draws_an_empty_chart() -> None:
    chart = line_chart("rate", [], target=0.05)
    assert chart.points == []
    assert chart.polyline == ""
