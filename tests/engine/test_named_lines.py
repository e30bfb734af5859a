"""A value the sources give on another line is a substitution only when the claim's own
clause does not name that line: "payment days 41 vs 40" under an inventory sentence is the
payment-days row's, while a figure swapped with its neighbour still names its own line.
Each class has a clean case and a wrong one of the same shape."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect
from hallucination.engine.types import PERIOD_MISMATCH

from .conftest import source_input

WORKING_CAPITAL = """Working capital
                                          1 March 2025       2 March 2024
                                                   £m                 £m
Inventories                                       583.4              548.9
Trade and other payables                        (612.8)            (587.3)

Inventory increased as we brought forward garden furniture intakes. Supplier payment terms were
unchanged, with average payment days of 41 (2023/24: 40).
"""


def test_a_figure_whose_clause_names_another_line_stands_on_that_line():
    result = detect(
        source_input(
            "Payables grew more slowly than inventory even though payment terms were unchanged "
            "(average payment days 41 vs 40).",
            WORKING_CAPITAL,
        )
    )
    assert not result.flagged


def test_a_figure_whose_clause_names_a_line_without_that_value_is_flagged():
    result = detect(
        source_input(
            "Payables grew more slowly than inventory even though payment terms were unchanged "
            "(average payment days 44 vs 40).",
            WORKING_CAPITAL,
        )
    )
    assert result.flagged


CAPITAL_RETURNS = """Fiscal 2024 capital returns (in millions)
| Item | FY2024 |
|---|---:|
| Dividends paid | 640 |
| Share repurchases | 210 |
"""


def test_two_figures_in_their_own_clauses_are_grounded():
    result = detect(
        source_input(
            "Dividends paid were $640 million in fiscal 2024 and share repurchases were "
            "$210 million.",
            CAPITAL_RETURNS,
        )
    )
    assert not result.flagged


def test_two_figures_swapped_between_their_clauses_are_still_flagged():
    result = detect(
        source_input(
            "Dividends paid were $210 million in fiscal 2024 and share repurchases were "
            "$640 million.",
            CAPITAL_RETURNS,
        )
    )
    assert result.flagged


RESULTS = """Results (in KRW billions)
| | 2023 | 2022 |
|---|---:|---:|
| Revenue | 684.2 | 571.9 |
| Operating profit | 58.7 | 41.3 |
"""


def test_a_clause_without_a_period_takes_none_from_a_sentence_that_names_two():
    result = detect(
        source_input(
            "Revenue rose to ₩684.2 billion in 2023 from ₩571.9 billion in 2022, and operating "
            "profit climbed to ₩58.7 billion from ₩41.3 billion.",
            RESULTS,
        )
    )
    assert not result.flagged


def test_a_clause_that_names_its_own_period_is_still_checked_against_it():
    result = detect(
        source_input(
            "Revenue rose to ₩684.2 billion in 2023 from ₩571.9 billion in 2022, and operating "
            "profit was ₩41.3 billion in 2023.",
            RESULTS,
        )
    )
    assert result.flagged


def test_one_period_for_the_sentence_carries_to_every_clause():
    result = detect(
        source_input(
            "Revenue was ₩684.2 billion in 2023, and operating profit was ₩41.3 billion.", RESULTS
        )
    )
    assert result.flagged


TEN_Q = """Liquidity and Capital Resources
In February 2023 our Board of Directors authorized a share repurchase program of up to $2.0
billion. During the six months ended June 30, 2024, we repurchased 4.1 million shares for
$512.0 million. As of June 30, 2024, $1.04 billion remained available under the program.
"""


def test_a_balance_dated_in_its_own_clause_takes_that_date():
    result = detect(
        source_input(
            "The company repurchased 4.1 million shares for $512 million during the six months "
            "ended June 30, 2024, and $1.04 billion remained available at June 30, 2024.",
            TEN_Q,
        )
    )
    assert not result.flagged


def test_a_wrong_balance_dated_in_its_own_clause_is_flagged():
    result = detect(
        source_input(
            "The company repurchased 4.1 million shares for $512 million during the six months "
            "ended June 30, 2024, and $1.40 billion remained available at June 30, 2024.",
            TEN_Q,
        )
    )
    assert result.flagged


def test_a_figure_naming_an_instrument_takes_no_period_from_its_sentence():
    result = detect(
        source_input(
            "At June 30, 2024, about $1.04 billion of the $2.0 billion program remained.", TEN_Q
        )
    )
    assert not result.flagged


def test_a_wrong_figure_naming_an_instrument_is_still_flagged():
    result = detect(
        source_input(
            "At June 30, 2024, about $1.04 billion of the $2.5 billion program remained.", TEN_Q
        )
    )
    assert result.flagged


NORDIC_SUMMARY = """Amounts in MSEK unless otherwise stated\t2024\t2023
Net sales\t18 412\t17 206
Profit for the year\t1 048\t921
  of which attributable to owners of the parent\t1 012\t894
  of which attributable to non-controlling interests\t36\t27
"""


def test_an_of_which_row_is_a_part_of_the_row_above_it():
    result = detect(
        source_input(
            "Profit attributable to owners of the parent was MSEK 1,012 in 2024.", NORDIC_SUMMARY
        )
    )
    assert not result.flagged


def test_a_wrong_value_for_an_of_which_row_is_flagged():
    result = detect(
        source_input(
            "Profit attributable to owners of the parent was MSEK 1,102 in 2024.", NORDIC_SUMMARY
        )
    )
    assert result.flagged


def test_a_formula_s_operands_after_a_currency_code_carry_no_label():
    result = detect(
        source_input(
            "- ROE: MSEK 1,012 ÷ MSEK 7,600 ≈ 13.3%", NORDIC_SUMMARY + "Equity\t7 600\t7 044\n"
        )
    )
    assert [v.claim.text for v in result.verdicts if not v.grounded] == []


GUIDANCE = (
    "Core FFO, which excludes debt extinguishment costs, was $2.53 per diluted share. "
    "2024 guidance. We expect Core FFO of $2.55 to $2.63 per diluted share."
)


def test_both_ends_of_a_range_name_one_metric():
    result = detect(
        source_input("The 2024 Core FFO guidance range is $2.55 to $2.63 per share.", GUIDANCE)
    )
    assert not result.flagged


def test_a_range_end_the_sources_do_not_give_is_flagged():
    result = detect(
        source_input("The 2024 Core FFO guidance range is $2.55 to $2.68 per share.", GUIDANCE)
    )
    assert result.flagged


MINER = (
    "SANTIAGO, July 24 (Newswire) - Shares of Andes Cobre fell 3.7% to 9,840 pesos on Friday. "
    "C1 cash costs in the second quarter of 2024 were US$1.86 per pound, up from US$1.74 a "
    "year earlier."
)


def test_a_yearless_dateline_fits_the_year_the_answer_names():
    result = detect(
        source_input(
            "The company kept its 2024 plan, but the shares fell 3.7% to 9,840 pesos.", MINER
        )
    )
    assert not result.flagged


def test_a_price_the_sources_do_not_give_is_still_flagged():
    result = detect(
        source_input(
            "The company kept its 2024 plan, but the shares fell 3.7% to 9,480 pesos.", MINER
        )
    )
    assert result.flagged


def test_the_base_of_a_change_given_as_the_current_figure_is_a_period_mismatch():
    result = detect(
        source_input("C1 cash costs in the second quarter of 2024 were US$1.74 per pound.", MINER)
    )
    (verdict,) = [v for v in result.verdicts if v.claim.text == "US$1.74"]
    assert verdict.outcome == PERIOD_MISMATCH
    assert verdict.expected_value == Decimal("1.86")


def test_the_base_of_a_change_given_as_the_earlier_figure_is_grounded():
    result = detect(
        source_input("C1 cash costs were US$1.86 per pound, up from US$1.74 a year earlier.", MINER)
    )
    assert not result.flagged


# ------------------------------------------------------------------ a metric a source defines

DEFINED = """Consolidated statement of cash flows (all amounts in KM thousand)

                                                          2024        2023
Net cash from operating activities                      53,555      56,040
Purchase of property, plant and equipment             (21,470)    (15,388)
Purchase of intangible assets                          (2,905)     (3,640)

The Group defines free cash flow as net cash from operating activities less purchases of
property, plant and equipment and of intangible assets.
"""


def test_a_metric_the_source_defines_is_its_formula_over_the_lines_it_names():
    question = "What was the free cash flow in 2024?"
    clean = detect(source_input("KM 29,180 thousand", DEFINED, question=question))
    # Operating cash flow less property purchases only, the usual definition: not this one's.
    wrong = detect(source_input("KM 32,085 thousand", DEFINED, question=question))

    assert clean.flagged is False
    assert wrong.flagged is True


AIRLINE = (
    "July 18, 2024 — Skyvale Airlines reports second-quarter 2024 results. Load factor was "
    "86.3%, up 1.1 points from 85.2% a year earlier, and the airline carried 6.92 million "
    "passengers."
)


def test_a_share_worded_figure_that_is_the_base_of_a_change_is_a_period_mismatch():
    """ "filling 85.2% of its seats": the share's words compute nothing; 85.2% is the
    sources' load factor of a year earlier, given as the quarter's."""
    answer = "In the second quarter of 2024 the airline carried 6.92 million passengers, filling {} of its seats."
    assert not detect(source_input(answer.format("86.3%"), AIRLINE)).flagged
    wrong = detect(source_input(answer.format("85.2%"), AIRLINE))
    (verdict,) = [v for v in wrong.verdicts if v.claim.text == "85.2%"]
    assert verdict.outcome == PERIOD_MISMATCH and verdict.expected_value == Decimal("86.3")
