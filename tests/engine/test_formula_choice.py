"""A drift is declared only on the formula the writer used: when the sentence offers more
figures than one formula needs, or the operands a drift would rest on are of two metrics,
another pairing that gives the claim explains it. Each class has a clean case and a wrong
one of the same shape."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.types import ARITHMETIC_DRIFT, DERIVED

from .conftest import source_input


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


BROKER = (
    "Rating: OUTPERFORM | Price target: A$4.85 (from A$4.58) | Price (15 Oct 2025): A$4.12. "
    "Diluted EPS came in at $2.14 against a consensus of $1.96 and $1.71 a year earlier."
)


def test_a_premium_over_a_third_figure_of_the_sentence_is_derived():
    result = detect(
        source_input(
            "The broker lifts its price target to A$4.85 from A$4.58, about 18% above the "
            "A$4.12 share price.",
            BROKER,
        )
    )
    assert _verdict(result, "18%").outcome == DERIVED
    assert not result.flagged


def test_a_wrong_premium_over_a_third_figure_is_a_drift():
    result = detect(
        source_input(
            "The broker lifts its price target to A$4.85 from A$4.58, about 24% above the "
            "A$4.12 share price.",
            BROKER,
        )
    )
    assert not _verdict(result, "24%").grounded
    assert result.flagged


def test_a_beat_measured_against_the_consensus_is_derived():
    result = detect(
        source_input(
            "Diluted EPS came in at $2.14, $0.18 above the $1.96 consensus and up from $1.71.",
            BROKER,
        )
    )
    assert _verdict(result, "$0.18").outcome == DERIVED


def test_a_wrong_beat_is_still_a_drift():
    result = detect(
        source_input(
            "Diluted EPS came in at $2.14, $0.28 above the $1.96 consensus and up from $1.71.",
            BROKER,
        )
    )
    assert _verdict(result, "$0.28").outcome == ARITHMETIC_DRIFT


def test_a_change_stated_the_wrong_way_round_finds_no_other_pairing():
    # 1.71 -> 2.14 is a rise of 25.1%; "fell 25.1%" must not be explained by 2.14 -> 1.71.
    result = detect(
        source_input(
            "Diluted EPS of $2.14 fell 25.1% from $1.71 a year earlier, against the $1.96 "
            "consensus.",
            BROKER,
        )
    )
    assert result.flagged


DEAL = (
    "Kitsune Games will acquire Hoshizora Interactive for ¥48.6 billion. Kitsune's revenue for "
    "the fiscal year was ¥187.4 billion and it held cash of ¥92.1 billion."
)


def test_a_share_of_a_figure_given_in_an_earlier_sentence_is_derived():
    result = detect(
        source_input(
            "Kitsune pays about ¥48.6 billion. Relative to its revenue of ¥187.4 billion and "
            "its ¥92.1 billion of cash, the price equals about 26% of revenue and 53% of cash.",
            DEAL,
        )
    )
    assert _verdict(result, "26%").outcome == DERIVED
    assert _verdict(result, "53%").outcome == DERIVED
    assert not result.flagged


def test_a_wrong_share_of_a_figure_given_earlier_is_flagged():
    result = detect(
        source_input(
            "Kitsune pays about ¥48.6 billion. Relative to its revenue of ¥187.4 billion and "
            "its ¥92.1 billion of cash, the price equals about 31% of revenue and 53% of cash.",
            DEAL,
        )
    )
    assert not _verdict(result, "31%").grounded
    assert result.flagged


QUARTER = """ARDEN PAYMENTS, INC.
(in millions, except per share data)
                                                   Three Months Ended September 30,
                                                        2025            2024
Net revenue                                         $1,486.2        $1,342.7
Earnings per share:
   Basic                                            $   1.68        $   1.44
   Diluted                                          $   1.66        $   1.42
"""


def test_a_change_to_a_stated_figure_is_over_that_figure_s_line():
    result = detect(
        source_input(
            "Arden's third-quarter diluted EPS rose 16.9% year over year to $1.66.", QUARTER
        )
    )
    assert _verdict(result, "16.9%").outcome == DERIVED
    assert not result.flagged


def test_a_wrong_change_to_a_stated_figure_is_flagged():
    result = detect(
        source_input(
            "Arden's third-quarter diluted EPS rose 18.3% year over year to $1.66.", QUARTER
        )
    )
    assert not _verdict(result, "18.3%").grounded


def test_a_change_to_a_stated_figure_in_the_wrong_direction_is_flagged():
    result = detect(
        source_input(
            "Arden's third-quarter diluted EPS fell 16.9% year over year to $1.66.", QUARTER
        )
    )
    assert result.flagged


FFO = (
    "Core FFO was $2.53 per diluted share in 2023. For 2024 we expect Core FFO of $2.55 to "
    "$2.63 per diluted share."
)


def test_a_comparison_with_a_figure_given_in_an_earlier_sentence_is_derived():
    result = detect(
        source_input(
            "Core FFO was $2.53 in 2023. The 2024 Core FFO range of $2.55 to $2.63 has a "
            "midpoint of $2.59, roughly 2.4% above 2023 Core FFO.",
            FFO,
        )
    )
    assert _verdict(result, "2.4%").outcome == DERIVED


def test_a_wrong_comparison_with_a_figure_given_in_an_earlier_sentence_is_flagged():
    result = detect(
        source_input(
            "Core FFO was $2.53 in 2023. The 2024 Core FFO range of $2.55 to $2.63 has a "
            "midpoint of $2.59, roughly 4.2% above 2023 Core FFO.",
            FFO,
        )
    )
    assert not _verdict(result, "4.2%").grounded


TOOLS = """(in thousands)                FY2023        FY2022
Research and development      402,117       371,560
Total revenue               2,556,017     2,760,298
Cost of revenue             1,842,615     2,104,388
"""

RD = (
    "- R&D: $402,117 (FY2023) vs $371,560 (FY2022)\n"
    "- Total revenue: $2,556,017 (FY2023) vs $2,760,298 (FY2022)\n\n"
    "R&D dollars grew 8.2% (≈ $402.1 million vs ≈ $371.6 million) while revenue fell {change}."
)


def test_a_change_of_one_metric_is_not_checked_against_another_metric_s_figures():
    result = detect(source_input(RD.format(change="7.4%"), TOOLS))
    assert _verdict(result, "7.4%").grounded


def test_a_wrong_change_of_a_metric_given_before_is_flagged():
    result = detect(source_input(RD.format(change="4.7%"), TOOLS))
    assert not _verdict(result, "4.7%").grounded


LEVERAGE = "Net leverage ratio of 1.84x at June 30, 2024; covenant maximum 3.50x."


def test_a_multiple_s_headroom_is_a_difference_of_multiples():
    right = detect(
        source_input(
            "The net leverage ratio of 1.84x sat 1.66 turns below the 3.50x covenant.", LEVERAGE
        )
    )
    wrong = detect(
        source_input(
            "The net leverage ratio of 1.84x sat 1.46 turns below the 3.50x covenant.", LEVERAGE
        )
    )
    assert not right.flagged
    assert wrong.flagged


SALES = "Net sales were $5,004.3 million in fiscal 2024 and $4,527.5 million in fiscal 2023."


def test_a_change_over_a_loosely_hedged_figure_is_over_the_value_it_stands_for():
    result = detect(
        source_input("Net sales were roughly $5.2 billion in fiscal 2024, up 10.5%.", SALES)
    )
    assert _verdict(result, "10.5%").grounded
    assert not _verdict(result, "$5.2 billion").grounded  # the hedge itself does not reach it


INSURER = (
    "Adjusted EBITDAC was $815.3 million in 2023, compared with $699.8 million in 2022. The "
    "combined ratio was 93.8%, compared with 96.4% in 2022."
)


def test_a_change_to_a_prose_figure_is_over_the_base_the_sources_name_for_it():
    result = detect(
        source_input(
            "Adjusted EBITDAC rose about 16.5% to $815.3 million in 2023, and the combined ratio "
            "fell 2.6 percentage points to 93.8%.",
            INSURER,
        )
    )
    assert not result.flagged


def test_a_wrong_change_to_a_prose_figure_is_flagged():
    result = detect(
        source_input("Adjusted EBITDAC rose about 19.5% to $815.3 million in 2023.", INSURER)
    )
    assert result.flagged


FUND = (
    "Top holdings (% of net assets): Taiwan Semiconductor 7.8, DBS Group 4.6, BHP Group 3.9. "
    "Assets under management: $2,847.6 million."
)


def test_a_share_that_totals_the_figures_listed_before_it_is_derived():
    result = detect(
        source_input(
            "Taiwan Semiconductor (7.8%), DBS Group (4.6%) and BHP Group (3.9%) make up 16.3% "
            "of assets.",
            FUND,
        )
    )
    assert _verdict(result, "16.3%").outcome == DERIVED


def test_a_share_that_does_not_total_the_figures_listed_before_it_is_flagged():
    result = detect(
        source_input(
            "Taiwan Semiconductor (7.8%), DBS Group (4.6%) and BHP Group (3.9%) make up 18.3% "
            "of assets.",
            FUND,
        )
    )
    assert not _verdict(result, "18.3%").grounded


def test_a_fund_s_assets_are_its_assets_under_management():
    assert not detect(source_input("The fund had $2.85 billion in assets.", FUND)).flagged
    assert detect(source_input("The fund had $2.58 billion in assets.", FUND)).flagged


UNDERWRITING = """($ in millions)                                       Q3 2025      Q3 2024
Net premiums earned                                   $3,642       $3,448
Combined ratio                                          94.2%        97.8%
"""


def test_a_combined_ratio_is_a_metric_with_a_line_of_its_own():
    right = detect(
        source_input(
            "The combined ratio improved by 360 basis points to 94.2% in Q3 2025.", UNDERWRITING
        )
    )
    wrong = detect(
        source_input(
            "The combined ratio improved by 630 basis points to 94.2% in Q3 2025.", UNDERWRITING
        )
    )
    assert not right.flagged
    assert wrong.flagged


OUTLOOK = (
    "Fiscal 2024 outlook. The Company expects total revenues of $2,410 million to $2,470 million."
)


def test_the_midpoint_of_a_range_the_sources_give_is_derived():
    right = detect(
        source_input("The midpoint of the fiscal 2024 revenue outlook is $2,440 million.", OUTLOOK)
    )
    wrong = detect(
        source_input("The midpoint of the fiscal 2024 revenue outlook is $2,520 million.", OUTLOOK)
    )
    assert not right.flagged
    assert wrong.flagged


RAISED = (
    "The company raised its operating profit forecast to €1.45 billion–€1.55 billion from "
    "€1.25 billion–€1.35 billion."
)


def test_the_midpoint_of_a_range_the_answer_gave_before_and_the_gap_between_midpoints():
    answer = (
        "It raised its forecast to €1.45 billion–€1.55 billion from €1.25 billion–€1.35 "
        "billion. The midpoint of the new range, {mid}, is {gap} above the old midpoint."
    )
    assert not detect(
        source_input(answer.format(mid="€1.50 billion", gap="€0.20 billion"), RAISED)
    ).flagged
    assert detect(
        source_input(answer.format(mid="€1.60 billion", gap="€0.20 billion"), RAISED)
    ).flagged
    assert detect(
        source_input(answer.format(mid="€1.50 billion", gap="€0.35 billion"), RAISED)
    ).flagged


CATEGORIES = """Net sales by category
                        Year ended     Year ended
                      30 June 2024   30 June 2023
                                £m             £m
Scotch whisky                1,786          1,702
Gin                            412            438
Total                        2,820          2,722
"""


def test_a_part_s_share_of_its_table_s_total_row_is_derived():
    answer = "Scotch whisky net sales were £1,786 million. Scotch accounted for {share} of group net sales."
    assert not detect(source_input(answer.format(share="63.3%"), CATEGORIES)).flagged
    assert detect(source_input(answer.format(share="65.6%"), CATEGORIES)).flagged


WORKING = """Consolidated cash flow (EUR million)        2023
Net cash from operating activities          1,140
Capital expenditure                          (684)
Revenue                                     6,412
"""


def test_a_share_of_a_bare_figure_the_answer_worked_out_is_at_the_whole_s_scale():
    answer = (
        "Working (EUR million): free cash flow = 1,140 − 684 = 456.\n\n"
        "FCF was also about {share} of revenue of €6,412 million."
    )
    assert not detect(source_input(answer.format(share="7.1%"), WORKING)).flagged
    assert detect(source_input(answer.format(share="8.1%"), WORKING)).flagged
