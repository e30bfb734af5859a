"""The clause that introduces a table with a colon and names one year ("significant segment
expenses provided to the CODM for 2024 were (in millions):") dates the cells under it whose
columns and rows name no period, as a line of one period above a table does. A clause that
names two years dates nothing."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

TABLE = """
                                 Specialty       Water     Total
                                  Coatings   Treatment
Net sales                          1,184.6       742.3   1,926.9
Raw materials                        512.8       241.6     754.4
Segment adjusted EBITDA              253.3       194.3     447.6
"""
ONE_YEAR = (
    "Segment results for 2023 were reported under the previous standard. The Company "
    "adopted the new standard retrospectively; significant segment expenses "
    "provided to the CODM for 2024 were (in millions):\n" + TABLE
)
TWO_YEARS = (
    "Segment results for 2023 were reported under the previous standard. Significant "
    "segment expenses provided to the CODM for 2024 and 2023 were (in millions):\n" + TABLE
)


def test_a_caption_clause_of_one_year_dates_the_cells():
    said = "Water Treatment net sales were $742.3 million in {}."
    assert not detect(source_input(said.format("2024"), ONE_YEAR)).flagged
    wrong = detect(source_input(said.format("2023"), ONE_YEAR))
    assert [v.outcome for v in wrong.verdicts if not v.grounded] == ["period_mismatch"]


def test_a_caption_clause_of_two_years_dates_nothing():
    said = "Water Treatment net sales were $742.3 million in {}."
    assert not detect(source_input(said.format("2024"), TWO_YEARS)).flagged
    assert not detect(source_input(said.format("2023"), TWO_YEARS)).flagged
