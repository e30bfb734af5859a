"""Figures an answer multiplies out of its own sentence, and industry measures named in full
or abbreviated: each a clean answer that grounds and a wrong one of the same shape.

Figures derived from the sources below:
    fuel cost            316 million gallons * $2.58          = 815.28 million -> $815 million
    wrong fuel cost                                             $851 million (digits swapped)
    share of the plan    35% of $18.6 billion                 = 6.51 billion   -> $6.5 billion
    wrong share                                                 $7.5 billion
    growth is no share   rose 12.5% on $440 million            55 million is not a product
"""

from __future__ import annotations

import pytest

from hallucination.engine import detect
from hallucination.engine.types import DERIVED

from .conftest import source_input

AIRLINE = """Harbor Air Group, Inc.
Operating Statistics (unaudited)

\tThree Months Ended March 31,
\t2026\t2025\tChange
Available seat miles (millions)\t21,406\t20,117\t6.4 %
Passenger revenue per ASM (cents)\t16.22\t16.41\t(1.2)%
Total revenue per ASM (cents)\t18.05\t18.30\t(1.4)%
Cost per ASM (cents)\t16.94\t16.60\t2.0 %
Fuel gallons consumed (millions)\t316\t301\t5.0 %
Average fuel price per gallon\t$2.58\t$2.71\t(4.8)%
"""

CAPITAL_PLAN = """Lakeshore Power - investor update, November 2026
The five-year capital plan for 2027-2031 is $18.6 billion. Net income for 2026 is expected to
rise 12.5% from $440 million in 2025.
"""

HOTELS = """Comparable hotel statistics, three months ended June 30, 2026
                           2026        2025
Occupancy                 81.2%       79.8%
Average daily rate      $231.40     $226.05
RevPAR                  $187.90     $180.39
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        (
            "Harbor Air used 316 million gallons of fuel at an average of $2.58 per gallon, "
            "about $815 million of fuel expense.",
            False,
        ),
        (
            "Harbor Air used 316 million gallons of fuel at an average of $2.58 per gallon, "
            "about $851 million of fuel expense.",
            True,
        ),
    ],
)
def test_a_quantity_at_a_price_is_their_product(answer, flagged):
    result = detect(source_input(answer, AIRLINE))
    assert result.flagged is flagged
    if not flagged:
        (cost,) = [v for v in result.verdicts if v.claim.text == "$815 million"]
        assert cost.outcome == DERIVED
        assert cost.formula == "2.58 * 316M"


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        (
            "Lakeshore's capital plan for 2027-2031 is $18.6 billion, with 35% (about "
            "$6.5 billion) going to transmission.",
            False,
        ),
        (
            "Lakeshore's capital plan for 2027-2031 is $18.6 billion, with 35% (about "
            "$7.5 billion) going to transmission.",
            True,
        ),
    ],
)
def test_a_share_of_an_amount_is_their_product(answer, flagged):
    assert detect(source_input(answer, CAPITAL_PLAN)).flagged is flagged


def test_a_rate_of_change_times_an_amount_is_no_figure():
    # 12.5% of $440 million is $55 million, but 12.5% is how much net income rises: an
    # answer calling $55 million the plan's transmission budget made it up.
    answer = (
        "Lakeshore expects net income to rise 12.5% from $440 million, and $55 million of the "
        "plan goes to transmission."
    )
    assert detect(source_input(answer, CAPITAL_PLAN)).flagged


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Total revenue per available seat mile was 18.05 cents in the first quarter.", False),
        ("TRASM was 18.05 cents in the first quarter of 2026.", False),
        ("Cost per available seat mile rose to 16.94 cents.", False),
        # Passenger unit revenue given as total unit revenue: another line's figure.
        ("Total revenue per available seat mile was 16.22 cents in the first quarter.", True),
        ("Available seat miles were 21,406 million in the quarter.", False),
        ("Available seat miles were 20,117 million in the first quarter of 2026.", True),
    ],
)
def test_airline_unit_measures_meet_their_abbreviations(answer, flagged):
    assert detect(source_input(answer, AIRLINE)).flagged is flagged


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        (
            "In the second quarter of 2026 RevPAR was $187.90 on 81.2% occupancy and a "
            "$231.40 average daily rate.",
            False,
        ),
        # The prior year's rate given as this year's.
        (
            "In the second quarter of 2026 RevPAR was $187.90 on 81.2% occupancy and a "
            "$226.05 average daily rate.",
            True,
        ),
    ],
)
def test_a_metric_named_average_after_its_figure_is_not_an_average(answer, flagged):
    assert detect(source_input(answer, HOTELS)).flagged is flagged


SEGMENTS = """Segment net sales (in millions)
                         2024      2023      2022      2021
Medical Devices         1,187     1,102     1,015       934
Diagnostics               612       640       655       671
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # ((1,187 / 934) ** (1 / 3) - 1) * 100 = 8.318...
        (
            "Medical Devices net sales grew from $934 million in 2021 to $1,187 million in "
            "2024, a compound annual growth rate of about 8.3%.",
            False,
        ),
        ("Medical Devices net sales compounded at an 8.3% CAGR from 2021 to 2024.", False),
        # The whole three-year change (27.1%) called a compound annual rate.
        (
            "Medical Devices net sales grew from $934 million in 2021 to $1,187 million in "
            "2024, a compound annual growth rate of about 27.1%.",
            True,
        ),
    ],
)
def test_a_compound_annual_rate_is_over_the_years_between(answer, flagged):
    assert detect(source_input(answer, SEGMENTS)).flagged is flagged


RATIOS = """Asset quality                      31.03.2026    31.03.2025
Gross non-performing assets (%)          2.48          2.93
Net non-performing assets (%)            0.61          0.77
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # (2.93 - 2.48) * 100 = 45 basis points; the percentages as the answer writes them,
        # though the table gives plain numbers in a "(%)" row.
        ("Gross NPAs fell to 2.48% from 2.93%, a 45 basis point decline.", False),
        ("Gross NPAs fell to 2.48% from 2.93%, a 54 basis point decline.", True),
        ("Gross NPAs were 2.48% against 2.93% a year earlier, a 45 basis point increase.", True),
        ("Gross NPAs were 2.48% against 2.93% a year earlier, a 45 basis point reduction.", False),
    ],
)
def test_a_noun_of_change_after_a_figure_says_which_way(answer, flagged):
    assert detect(source_input(answer, RATIOS)).flagged is flagged


BANK = """Harrow Bancorp - fourth quarter 2026 supplementary information
(C$ millions)

Total revenue: 8,215
Non-interest expenses: 4,690
Net income: 2,377
"""

CASH_FLOWS = """CONSOLIDATED STATEMENTS OF CASH FLOWS
(In thousands)
                                                  Year Ended December 31,
                                               2026            2025
Net cash provided by operating activities   412,600         388,150
Capital expenditures                         (97,300)        (91,420)
Repurchases of common stock                  (75,000)        (20,000)
Acquisitions, net of cash acquired           (18,250)              -
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # 8,215 - 4,690 = 3,525
        (
            "Pre-provision earnings (revenue less non-interest expenses) were about "
            "C$3.53 billion in the quarter.",
            False,
        ),
        (
            "Pre-provision earnings (revenue less non-interest expenses) were about "
            "C$3.35 billion in the quarter.",
            True,
        ),
        # 412,600 - 97,300 = 315,300: the outflow's size, though the statement writes (97,300)
        (
            "Free cash flow, defined as operating cash flow less capital expenditures, was "
            "$315.3 million in 2026.",
            False,
        ),
        (
            "Free cash flow, defined as operating cash flow less capital expenditures, was "
            "$509.9 million in 2026.",
            True,
        ),
    ],
)
def test_a_formula_spelled_out_in_words_is_computed(answer, flagged):
    source = BANK if "C$" in answer else CASH_FLOWS
    assert detect(source_input(answer, source)).flagged is flagged


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        (
            "In 2026 the company spent $75.0 million on share repurchases and $18.3 million "
            "on acquisitions.",
            False,
        ),
        # The two swapped: each figure is the other line's.
        (
            "In 2026 the company spent $18.3 million on share repurchases and $75.0 million "
            "on acquisitions.",
            True,
        ),
    ],
)
def test_after_a_verb_of_spending_each_figure_names_what_it_went_to(answer, flagged):
    assert detect(source_input(answer, CASH_FLOWS)).flagged is flagged


GUIDANCE = """Full-year 2026 outlook. We now expect adjusted EBIT of $3.0 billion to $3.5 billion,
compared with our previous range of $2.5 billion to $4.0 billion.
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Adjusted EBIT guidance was narrowed to $3.0–3.5 billion from $2.5–4.0 billion.", False),
        ("Adjusted EBIT guidance was narrowed to $3.0–3.8 billion from $2.5–4.0 billion.", True),
    ],
)
def test_a_range_s_upper_end_is_read_as_its_lower_end(answer, flagged):
    assert detect(source_input(answer, GUIDANCE)).flagged is flagged


CAPEX = """Capital expenditures (in millions)
                                                        2026        2025
Capital expenditures on a GAAP basis                   2,140.5     1,980.2
Less: proceeds from equipment sale-leasebacks           (185.0)     (120.4)
Capital expenditures on a non-GAAP basis               1,955.5     1,859.8
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # 1,955.5 / 2,140.5 = 0.9136...
        (
            "The ratio of capital expenditures on a non-GAAP basis to capital expenditures on "
            "a GAAP basis in 2026 is 0.91.",
            False,
        ),
        (
            "The ratio of capital expenditures on a non-GAAP basis to capital expenditures on "
            "a GAAP basis in 2026 is 0.87.",
            True,
        ),
    ],
)
def test_a_ratio_of_two_named_lines_of_one_metric(answer, flagged):
    assert detect(source_input(answer, CAPEX)).flagged is flagged


LEVERAGE = """Net financial debt increased to €21.4 billion at 31 December 2026.
The ratio of net debt to adjusted EBITDA was 5.2x (2025: 4.6x).
Adjusted EBITDA was €4.1 billion.
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Net debt rose to €21.4 billion, taking leverage to 5.2x at 31 December 2026.", False),
        ("Net debt / EBITDA was 5.2x at 31 December 2026.", False),
        # Last year's multiple given as this year's.
        ("Net debt rose to €21.4 billion, taking leverage to 4.6x at 31 December 2026.", True),
    ],
)
def test_net_debt_to_ebitda_is_leverage_however_written(answer, flagged):
    assert detect(source_input(answer, LEVERAGE)).flagged is flagged
