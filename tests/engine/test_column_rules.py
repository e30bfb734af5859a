"""Rules of dashes or equals signs under a plain-text table's headers ("---------
---------" in a filing's text, "====== ======" of a reStructuredText simple table) are the
table's rules: the header above them still heads the rows below."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.tables import find_tables

from .conftest import source_input

FILING = """CONSOLIDATED STATEMENTS OF INCOME
(In thousands)
                                   Year Ended December 31,
                                   -----------------------
                                      2024          2023
                                   ---------     ---------
Net sales                          $ 771,918     $ 702,415
Cost of sales                        498,202       466,310
                                   ---------     ---------
Gross profit                         273,716       236,105
"""

SIMPLE = """Consolidated results (in millions)

============================== ========== ==========
Item                                 2024       2023
============================== ========== ==========
Revenue                           4,812.6    4,390.2
Net income                          590.1      471.6
============================== ========== ==========
"""


def test_a_header_over_column_rules_heads_the_rows():
    for text, figure in ((FILING, "273,716"), (SIMPLE, "590.1")):
        cells = {text[c.start : c.end]: c for c in find_tables(text).cells}
        assert "2024" in cells[figure].column_header


def test_figures_over_a_filing_s_text_table():
    said = "Gross profit was {} in 2024."
    assert not detect(source_input(said.format("$273.7 million"), FILING)).flagged
    # 2023's
    assert detect(source_input(said.format("$236.1 million"), FILING)).flagged
    growth = "Net sales rose {} year over year."
    # (771,918 - 702,415) / 702,415 = 9.9%
    assert not detect(source_input(growth.format("9.9%"), FILING)).flagged
    assert detect(source_input(growth.format("10.6%"), FILING)).flagged


def test_figures_over_a_simple_table():
    said = "Net income rose {} year over year."
    # (590.1 - 471.6) / 471.6 = 25.1%
    assert not detect(source_input(said.format("25.1%"), SIMPLE)).flagged
    assert detect(source_input(said.format("26.9%"), SIMPLE)).flagged
    change = "Net income increased by {} million."
    assert not detect(source_input(change.format("$118.5"), SIMPLE)).flagged
    assert detect(source_input(change.format("$181.5"), SIMPLE)).flagged
