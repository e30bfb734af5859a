"""Figures worked from units and their prices: pence and cents as hundredths of the
currency inside working ("412,000 × 139.8p = £575,976"), a share of revenue said as cents
of every dollar, a table's count of units at the price per unit beside it, and a short
total row read under the columns its values end in. Each rule has a clean case and a wrong
case of the same shape."""

from __future__ import annotations

from hallucination.engine import detect, tables
from hallucination.engine.types import ARITHMETIC_DRIFT, DERIVED

from .conftest import source_input

OPTIONS = """Share options (numbers of options; weighted average exercise prices in pence)
Options exercised during 2025: 265,500 at a weighted average exercise price of 212.4p.
Options granted during 2025: 310,000 at 288.0p.
"""

BUYBACK = """Purchases of Equity Securities by the Issuer
                              Total Number       Average    Total Number of Shares    Approximate Dollar Value
                                 of Shares    Price Paid      Purchased as Part of      of Shares that May Yet
                             Purchased (1)     per Share        Publicly Announced      Be Purchased Under the
Period                                                                        Plan          Plan (in millions)
July 2025                          214,600      $ 88.15                   210,000                     $ 341.5
August 2025                        305,250      $ 91.40                   305,250                     $ 313.6
September 2025                     162,800      $ 94.72                   160,400                     $ 298.4
Total                              682,650      $ 91.15                   675,650
"""

BANK = """Summary results (dollars in thousands)
                                        2025          2024
Net interest income                  512,460       498,310
Noninterest income                    96,480        91,250
Noninterest expense                  371,230       359,880
"""


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_pence_in_working_are_hundredths_of_a_pound():
    answer = "Proceeds from the options exercised: 265,500 × 212.4p = {}."
    clean = detect(source_input(answer.format("£563,922"), OPTIONS))
    assert not clean.flagged
    assert _verdict(clean, "£563,922").outcome == DERIVED
    wrong = detect(source_input(answer.format("£593,922"), OPTIONS))
    assert wrong.flagged
    verdict = _verdict(wrong, "£593,922")
    assert verdict.outcome == ARITHMETIC_DRIFT
    assert verdict.expected_value == 563922


def test_cents_in_working_are_hundredths_of_a_dollar():
    answer = "Dividends for the year: interim 21.5¢ + final 27.0¢ = {} a share."
    source = (
        "The board declared an interim dividend of 21.5 cents and a final dividend of 27.0 cents."
    )
    assert not detect(source_input(answer.format("48.5¢"), source)).flagged
    assert detect(source_input(answer.format("52.5¢"), source)).flagged


def test_cents_of_every_dollar_is_a_share():
    answer = (
        "Noninterest expense over total revenue is $371,230 ÷ ($512,460 + $96,480) = 60.96%, "
        "so about {} cents of every revenue dollar went to operating costs."
    )
    assert not detect(source_input(answer.format("61"), BANK)).flagged
    wrong = detect(source_input(answer.format("66"), BANK))
    assert wrong.flagged
    assert not _verdict(wrong, "66 cents").grounded


def test_spend_is_the_units_at_their_average_price():
    answer = "The company spent approximately {} buying back its shares over the quarter."
    clean = detect(source_input(answer.format("$62.2 million"), BUYBACK))
    assert not clean.flagged
    assert _verdict(clean, "$62.2 million").outcome == DERIVED
    assert detect(source_input(answer.format("$68.2 million"), BUYBACK)).flagged


def test_a_short_total_row_sits_under_the_columns_its_values_end_in():
    # The Total row leaves its last cell blank: its average price is the price column's,
    # and its plan shares the plan column's, not the columns to their right.
    found = tables.find_tables(BUYBACK)
    total = {
        BUYBACK[c.start : c.end].strip(): c.column_header
        for c in found.cells
        if c.row_label == "Total"
    }
    assert "Price Paid per Share" in total["$ 91.15"]
    assert "Publicly Announced Plan" in total["675,650"]
    # ... while a row whose values stray from the columns' edges keeps the header's reading.
    ragged = BUYBACK.replace(
        "Total                              682,650", "Total                            682,650"
    )
    assert {
        ragged[c.start : c.end].strip()
        for c in tables.find_tables(ragged).cells
        if c.row_label == "Total"
    } >= {"682,650", "$ 91.15", "675,650"}


def test_a_change_that_is_its_own_operand_says_nothing_of_direction():
    # "$94.6 million (3.8 points)": less the points, the amount is itself; a lower loss
    # written beside its points is no change going the wrong way.
    source = (
        "Catastrophe losses were $94.6 million in 2025 (3.8 points of the combined ratio) "
        "compared with $131.7 million in 2024 (5.6 points)."
    )
    answer = "- Lower catastrophe losses: {} (3.8 points) in 2025\n- Prior year: $131.7 million (5.6 points)"
    assert not detect(source_input(answer.format("$94.6 million"), source)).flagged
    assert detect(source_input(answer.format("$97.6 million"), source)).flagged
    # A real change said the wrong way is still one.
    sign = detect(source_input("Catastrophe losses rose by $37.1 million in 2025.", source))
    assert sign.flagged


def test_pence_after_a_figure_are_hundredths_of_a_pound():
    source = "The final dividend is 14.6p per share (2024: 13.2p), payable on 20 June 2025."
    assert not detect(source_input("The final dividend is £0.146 per share.", source)).flagged
    assert not detect(source_input("The final dividend is 14.6 pence per share.", source)).flagged
    # The pence written as pounds.
    assert detect(source_input("The final dividend is £14.6 per share.", source)).flagged
