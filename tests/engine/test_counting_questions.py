"""Tables drawn as grids ("+------+------+" rules between "|" rows) are one table, and a
"How many ...?" question answered with a count is checked against the rows of the sources'
tables that pass the question's threshold for its period, or moved the way it says between
its two periods (total rows not counted). Each class has a clean case and a wrong one of the
same shape."""

from __future__ import annotations

from hallucination.engine import detect, extract_claims
from hallucination.engine.types import DATE, DERIVED

from .conftest import source_input

GRID = """Note 4. Revenue by category ($'000)

+--------------------------------+------------+------------+
|                                |       2025 |       2024 |
+================================+============+============+
| Government subsidies           |    268,417 |    231,905 |
+--------------------------------+------------+------------+
| Resident daily fees            |     78,362 |     71,840 |
+--------------------------------+------------+------------+
| Means-tested care fees         |     19,074 |     17,228 |
+--------------------------------+------------+------------+
| Accommodation revenue          |     41,596 |     36,117 |
+--------------------------------+------------+------------+
| Other revenue                  |      3,718 |      4,263 |
+--------------------------------+------------+------------+
| Total revenue                  |    411,167 |    361,353 |
+--------------------------------+------------+------------+
"""


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_a_grid_table_is_one_table_with_its_header_s_periods():
    cells = [c for c in extract_claims(GRID, source_id="note") if c.kind != DATE]

    assert {c.cell[0] for c in cells} == {0}
    assert {(c.text, c.period) for c in cells if c.text in ("19,074", "17,228")} == {
        ("19,074", "2025"),
        ("17,228", "2024"),
    }


def test_a_value_from_the_other_column_of_a_grid_table_is_flagged():
    result = detect(source_input("Other revenue was $4,263 thousand in 2025.", GRID))

    assert result.flagged is True


def test_a_count_of_rows_over_a_threshold_is_checked_against_the_table():
    result = detect(
        source_input(
            "3", GRID, question="How many revenue categories exceeded $40 million in 2025?"
        )
    )

    assert _verdict(result, "3").outcome == DERIVED
    assert result.flagged is False


def test_a_wrong_count_of_rows_over_a_threshold_is_flagged():
    result = detect(
        source_input(
            "4", GRID, question="How many revenue categories exceeded $40 million in 2025?"
        )
    )

    assert result.flagged is True


def test_a_count_of_rows_that_fell_between_two_periods_is_checked():
    # Only other revenue fell from 2024 to 2025.
    result = detect(
        source_input("1", GRID, question="How many revenue categories decreased from 2024 to 2025?")
    )

    assert result.flagged is False


def test_a_wrong_count_of_rows_that_fell_is_flagged():
    result = detect(
        source_input("2", GRID, question="How many revenue categories decreased from 2024 to 2025?")
    )

    assert result.flagged is True
