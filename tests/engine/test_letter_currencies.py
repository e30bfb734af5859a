"""Working in a currency written with letters and a slash ("B/." for the balboa, "S/" for
the sol) is read as working: the sign before the first operand is no part of the
arithmetic, and the sign before the result no gap between the working and its result; a
price per kilogram over working that divides by tonnes is the quotient over a thousand."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

TABLE = """Key figures (in thousands of balboas, except passengers)
                                     2024         2023
Revenue                         412,806.3    381,552.0
Departing passengers (millions)      17.9         16.8
"""


def test_working_in_balboas():
    said = "B/. 412,806.3 thousand / 17.9 million passengers ≈ B/. {} per departing passenger"
    assert not detect(source_input(said.format("23.06"), TABLE)).flagged
    assert detect(source_input(said.format("25.06"), TABLE)).flagged


HARVEST = """Key figures (ISK million, except volumes)      2024        2023
Revenue                                     31,196.9    27,404.2
Harvested volume (tonnes)                     16,247      14,980
"""


def test_a_price_per_kg_over_working_in_tonnes():
    said = "ISK 31,196.9 million / 16,247 tonnes ≈ ISK {} per kg"
    assert not detect(source_input(said.format("1,920"), HARVEST)).flagged
    assert detect(source_input(said.format("1,820"), HARVEST)).flagged
