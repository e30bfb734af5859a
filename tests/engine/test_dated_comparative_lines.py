"""A key figures list that gives each line's figure and, in brackets, the year before's
("Revenue: 4,812.6 (2023: 4,390.2)"): the undated figure is the year after the
comparative's, so a change year over year is between the two."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.sources import extract_source

from .conftest import source_input

KEY_FIGURES = """Key figures ($ millions):
Revenue: 4,812.6 (2023: 4,390.2)
Net income: 590.1 (2023: 471.6)
All figures for fiscal 2024 unless stated.
"""


def test_the_figure_before_a_dated_comparative_is_the_next_year():
    figures = {c.text: c for c in extract_source("s", KEY_FIGURES).claims}
    assert figures["4,812.6"].period == "2024"
    assert figures["4,390.2"].period == "2023"


def test_a_change_year_over_year_over_such_lines():
    said = "Revenue rose {} year over year."
    # (4,812.6 - 4,390.2) / 4,390.2 = 9.6%
    assert not detect(source_input(said.format("9.6%"), KEY_FIGURES)).flagged
    assert detect(source_input(said.format("10.3%"), KEY_FIGURES)).flagged


def test_prose_keeps_its_figures_undated():
    prose = (
        "Capital expenditure amounted to AZN 97.2 million (2023: AZN 88.5 million), including "
        "AZN 31.6 million for 5G radio equipment."
    )
    figures = {c.text: c for c in extract_source("s", prose).claims}
    assert figures["AZN 97.2 million"].period == ""
