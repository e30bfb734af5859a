"""Working in units of power and energy: "835 MW × 8,760 h × 93.6% ≈ 6.85 TWh" multiplies a
capacity by the hours of a year (a constant, like the days of a year) and a capacity factor,
and gives megawatt-hours; the result written in terawatt-hours is the same figure a power
of 1,000 larger. A result the working does not give at any prefix is flagged."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

RELEASE = (
    "Cirrus Compute will buy 835 MW of the 1,125 MW net capacity of the Prairie Dell "
    "Generating Station, a nuclear plant. The station ran at a capacity factor of 93.6% in "
    "2024."
)


def test_energy_a_year_from_capacity_hours_and_capacity_factor():
    said = "Energy per year: 835 MW × 8,760 h × 93.6% ≈ {} TWh (at the 2024 capacity factor)"
    assert not detect(source_input(said.format("6.85"), RELEASE)).flagged
    assert not detect(source_input(said.replace("TWh", "GWh").format("6,846"), RELEASE)).flagged
    wrong = detect(source_input(said.format("7.31"), RELEASE))
    assert [v.outcome for v in wrong.verdicts if not v.grounded] == ["arithmetic_drift"]


def test_a_share_of_capacity_worked_in_megawatts():
    said = "Share of the plant: 835 ÷ 1,125 MW ≈ {} of net capacity"
    assert not detect(source_input(said.format("74.2%"), RELEASE)).flagged
    assert detect(source_input(said.format("78.2%"), RELEASE)).flagged
