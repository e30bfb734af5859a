"""A figure written with a trailing minus in a report's cell (`134,284.7-`), as mainframe,
COBOL and ERP reports write a negative, is negative, as `(134,284.7)` is; a clean answer
that gives the fall passes and one that calls it a rise is flagged."""

from __future__ import annotations

import pytest

from hallucination.engine import detect
from hallucination.engine.sources import extract_source

from .conftest import source_input

REPORT = """\
NET SALES BY PRODUCT GROUP (J$ THOUSANDS)
PRODUCT GROUP              FY24          FY23        VARIANCE
AGED RUM              4,812,650.4   4,365,118.2     447,532.2
WHITE RUM             3,204,117.9   3,338,402.6     134,284.7-
LIQUEURS              1,418,260.8   1,296,905.1     121,355.7
"""
QUESTION = "What was the change in White Rum net sales from FY23 to FY24?"


def test_a_trailing_minus_is_a_negative_cell():
    cells = {c.text: c for c in extract_source("report", REPORT).claims}
    assert cells["134,284.7-"].value < 0
    assert cells["447,532.2"].value > 0
    # the row is still a row of cells: its other figures are its columns', not words
    assert cells["3,204,117.9"].cell is not None


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("-J$134,284.7 thousand", False),
        ("A decrease of J$134,284.7 thousand", False),
        ("+J$134,284.7 thousand", True),
    ],
)
def test_the_sign_of_a_change_given_with_a_trailing_minus(answer, flagged):
    assert detect(source_input(answer, REPORT, question=QUESTION)).flagged is flagged


def test_a_hyphen_in_prose_is_no_minus():
    text = "Revenue was 412.6 - up from 398.1 - in FY24 (in millions)."
    values = {c.text: c.value for c in extract_source("prose", text).claims}
    assert values.get("412.6", 0) > 0
