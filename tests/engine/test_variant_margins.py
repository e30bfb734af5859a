"""A margin of a variant of a metric (adjusted EBITDA, underlying operating profit) is that
line over revenue, which is no variant of anything: the search for the lines its words name
keeps the revenue line beside the variant's, for a year as without one."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

SEGMENTS = """Segment expenses provided to the chief operating decision maker for 2024 were (in
millions):

                                 Specialty       Water     Total
                                  Coatings   Treatment
Net sales                          1,184.6       742.3   1,926.9
Raw materials                        512.8       241.6     754.4
Segment adjusted EBITDA              253.3       194.3     447.6
"""


def test_an_adjusted_margin_in_a_year_is_over_that_years_revenue():
    said = "Specialty Coatings earned an adjusted EBITDA margin of about {} in 2024."
    assert not detect(source_input(said.format("21.4%"), SEGMENTS)).flagged
    assert detect(source_input(said.format("23.4%"), SEGMENTS)).flagged


def test_an_adjusted_margin_without_a_year():
    said = "Specialty Coatings earned an adjusted EBITDA margin of about {}."
    assert not detect(source_input(said.format("21.4%"), SEGMENTS)).flagged
    assert detect(source_input(said.format("23.4%"), SEGMENTS)).flagged
