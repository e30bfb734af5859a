"""Working over scaled operands: a unit word after a scaled operand ("÷ 3,180K cases ≈")
belongs to the working, not to the line the bullet names; and a rate right after a worked
change ("≈ +$178.3M, or 16.1% year over year") is the change's rate, over the earlier value."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

WINERY = """(in thousands, except case volumes)
                                              Fiscal 2024        Fiscal 2023
Net sales
   Wholesale                                  $  412,610        $  398,270
   Direct-to-consumer                             126,480           131,905
Total net sales                                   539,090           530,175

Nine-liter case volume (thousands)
   Wholesale                                        3,180              3,105
   Direct-to-consumer                                 402                428
"""

PRODUCTS = """Revenue by product group (in millions)     Fiscal 2025     Fiscal 2024
Etch                                           1,284.5         1,106.2
Deposition                                       982.4           944.0
"""


def test_a_unit_word_after_a_scaled_operand_is_part_of_the_working():
    said = "- **Wholesale net sales per case:** $412,610K ÷ 3,180K cases ≈ **{} per case**."
    assert not detect(source_input(said.format("$129.75"), WINERY)).flagged
    assert detect(source_input(said.format("$133.75"), WINERY)).flagged


def test_a_rate_after_a_worked_change_is_over_the_earlier_value():
    said = "**Etch growth:** ($1,284.5M − $1,106.2M) ≈ +$178.3M, or **{}** year over year."
    assert not detect(source_input(said.format("16.1%"), PRODUCTS)).flagged
    # the change over the later year's value
    assert detect(source_input(said.format("13.9%"), PRODUCTS)).flagged
