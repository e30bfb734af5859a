"""Every table rendering of docs/detection.md ("Sources" > "Tables"), read end to end: a clean
answer restating a table's values at its caption's scale grounds, a wrong one is caught.

Two data sets are used: a statement in thousands (2009, 2008), where 178,413 is restated as
`$178.4 million`, and one in millions (2011, 2010), where 2,143 is restated as `$2.14
billion`."""

from __future__ import annotations

from decimal import Decimal

import pytest

from hallucination.engine import detect, extract_claims
from hallucination.engine.tables import find_tables
from hallucination.engine.types import (
    DATE,
    GROUNDED,
    GROUNDED_OUTCOMES,
    PERIOD_MISMATCH,
    SCALE_DRIFT,
    SUBSTITUTION,
)

from .conftest import source_input


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def _ungrounded(result):
    return [(v.claim.text, v.outcome) for v in result.verdicts if not v.grounded]


# ------------------------------------------------------------------ the renderings

# Thousands, 2009 and 2008.
#   net sales         178,413  165,902
#   operating income   21,736   19,048
#   net income         14,215   12,630
THOUSANDS_ANSWER = (
    "Net sales were $178.4 million in 2009 and $165.9 million in 2008, "
    "and net income was $14.2 million in 2009."
)

# Millions, 2011 and 2010.
#   revenue           2,143  1,987
#   operating income    412    376
#   net income          268    231
MILLIONS_ANSWER = (
    "Revenue was $2.14 billion in 2011 and $1.99 billion in 2010, "
    "and net income was $268 million in 2011."
)

MARKDOWN = """Granby Foods, Inc.
Consolidated statements of income (in thousands)

| | 2009 | 2008 |
|---|---:|---:|
| Net sales | 178,413 | 165,902 |
| Operating income | 21,736 | 19,048 |
| Net income | 14,215 | 12,630 |
"""

PIPE = """Harlow Instruments consolidated results (in millions)
Metric | 2011 | 2010
Revenue | 2,143 | 1,987
Operating income | 412 | 376
Net income | 268 | 231
"""

CSV = """Granby Foods selected data (in thousands)
item,2009,2008
Net sales,"178,413","165,902"
Operating income,21736,19048
Net income,14215,12630
"""

SPACE_ALIGNED = (
    "Harlow Instruments consolidated statements of operations (in millions)\n"
    "                          2011        2010\n"
    "Revenue                  2,143       1,987\n"
    "Operating income           412         376\n"
    "Net income                 268         231\n"
)

TAB = (
    "Granby Foods, Inc. consolidated statements of income (in thousands)\n"
    "\t2009\t2008\n"
    "Net sales\t178,413\t165,902\n"
    "Operating income\t21,736\t19,048\n"
    "Net income\t14,215\t12,630\n"
)

LABEL_VALUE = """Harlow Instruments fiscal 2011 results (in millions)
Revenue: 2,143
Operating income: 412
Net income: 268
"""

LABEL_HEADER_VALUE = """Harlow Instruments selected financial data (in millions)
revenue — 2011: 2,143
revenue — 2010: 1,987
operating income — 2011: 412
operating income — 2010: 376
net income — 2011: 268
net income — 2010: 231
"""

JSON_ROWS = """Granby Foods, Inc. income statement rows (in thousands)
{"item": "Net sales", "2009": 178413, "2008": 165902}
{"item": "Operating income", "2009": 21736, "2008": 19048}
{"item": "Net income", "2009": 14215, "2008": 12630}
"""

PAIRS = """Harlow Instruments segment revenue for fiscal 2009 (in millions)
Industrial: 412.6 | Medical: 298.1 | Analytical: 176.4
"""

# (source, clean answer, wrong answer, the wrong claim, its documented outcome, the value
# the source states for it)
RENDERINGS = [
    pytest.param(
        MARKDOWN,
        THOUSANDS_ANSWER,
        # Operating income's 2009 value (21,736) given as net sales.
        "Net sales were $21.7 million in 2009.",
        "$21.7 million",
        SUBSTITUTION,
        Decimal("178413000"),
        id="markdown",
    ),
    pytest.param(
        PIPE,
        MILLIONS_ANSWER,
        # Revenue's 2010 value given for 2011.
        "Revenue was $1.99 billion in 2011.",
        "$1.99 billion",
        PERIOD_MISMATCH,
        Decimal("2143000000"),
        id="pipe",
    ),
    pytest.param(
        CSV,
        THOUSANDS_ANSWER,
        # The right digits, read as billions.
        "Net sales were $178.4 billion in 2009.",
        "$178.4 billion",
        SCALE_DRIFT,
        Decimal("178413000"),
        id="csv",
    ),
    pytest.param(
        SPACE_ALIGNED,
        MILLIONS_ANSWER,
        # Net income's 2011 value given as operating income.
        "Operating income was $268 million in 2011.",
        "$268 million",
        SUBSTITUTION,
        Decimal("412000000"),
        id="space-aligned",
    ),
    pytest.param(
        TAB,
        THOUSANDS_ANSWER,
        # Net income's 2008 value given for 2009.
        "Net income was $12.6 million in 2009.",
        "$12.6 million",
        PERIOD_MISMATCH,
        Decimal("14215000"),
        id="tab",
    ),
    pytest.param(
        LABEL_VALUE,
        "In fiscal 2011, revenue was $2.14 billion and net income was $268 million.",
        # Operating income's value given as net income.
        "In fiscal 2011, net income was $412 million.",
        "$412 million",
        SUBSTITUTION,
        Decimal("268000000"),
        id="label-value-lines",
    ),
    pytest.param(
        LABEL_HEADER_VALUE,
        MILLIONS_ANSWER,
        # Operating income's 2010 value given for 2011.
        "Operating income was $376 million in 2011.",
        "$376 million",
        PERIOD_MISMATCH,
        Decimal("412000000"),
        id="label-header-value-lines",
    ),
    pytest.param(
        JSON_ROWS,
        THOUSANDS_ANSWER,
        # The digits of a thousands table stated in units (the doc's `$25,171`).
        "Net sales were $178,413 in 2009.",
        "$178,413",
        SCALE_DRIFT,
        Decimal("178413000"),
        id="json-rows",
    ),
    pytest.param(
        PAIRS,
        "In fiscal 2009, Industrial revenue was $412.6 million "
        "and Medical revenue was $298.1 million.",
        # Medical's value given for Industrial.
        "In fiscal 2009, Industrial revenue was $298.1 million.",
        "$298.1 million",
        SUBSTITUTION,
        Decimal("412600000"),
        id="pairs-in-a-row",
    ),
]


@pytest.mark.parametrize(("source", "clean", "wrong", "claim", "outcome", "stated"), RENDERINGS)
def test_a_clean_answer_restating_a_table_at_its_caption_scale_is_not_flagged(
    source, clean, wrong, claim, outcome, stated
):
    result = detect(source_input(clean, source))

    assert _ungrounded(result) == []
    assert result.flagged is False


@pytest.mark.parametrize(("source", "clean", "wrong", "claim", "outcome", "stated"), RENDERINGS)
def test_a_wrong_value_quoted_from_a_table_is_flagged_and_ungrounded(
    source, clean, wrong, claim, outcome, stated
):
    result = detect(source_input(wrong, source))

    verdict = _verdict(result, claim)
    assert result.flagged is True
    assert verdict.grounded is False
    assert verdict.outcome == outcome
    assert verdict.expected_value == stated


def test_the_space_aligned_headers_stand_over_their_value_columns():
    cells = {
        (c.row_label.lower(), c.column_header): SPACE_ALIGNED[c.start : c.end]
        for c in find_tables(SPACE_ALIGNED).cells
    }

    assert cells[("revenue", "2011")] == "2,143"
    assert cells[("revenue", "2010")] == "1,987"
    assert cells[("net income", "2010")] == "231"


# ------------------------------------------------------------------ header periods

DEC_31_HEADERS = """Balance sheet data (in millions)
| | dec. 31 2008 | dec. 31 2007 |
|---|---:|---:|
| Total assets | 9,870 | 9,412 |
| Total liabilities | 6,104 | 5,877 |
"""

SLASH_DAY_HEADERS = """Selected balance sheet data (in millions)
item,12/31/06,12/31/05
Total assets,4210,3980
Total liabilities,2630,2515
"""

MONTH_YEAR_HEADERS = """Deposits (in millions)
| | 12/10 | 12/09 |
|---|---:|---:|
| Total deposits | 7,412 | 6,988 |
| Noninterest-bearing deposits | 1,905 | 1,770 |
"""


@pytest.mark.parametrize(
    ("source", "header", "period"),
    [
        pytest.param(DEC_31_HEADERS, "dec. 31 2008", "2008-12-31", id="dec-31-2008"),
        pytest.param(SLASH_DAY_HEADERS, "12/31/06", "2006-12-31", id="12-31-06"),
        pytest.param(MONTH_YEAR_HEADERS, "12/10", "2010-12", id="12-10"),
    ],
)
def test_a_header_cell_that_names_a_period_is_read_as_that_period(source, header, period):
    periods = {source[h.start : h.end]: h.period for h in find_tables(source).header_periods}

    assert periods[header] == period


def test_a_header_of_dec_31_2008_grounds_the_answers_date_and_its_columns_values():
    result = detect(
        source_input("At December 31, 2008, total assets were $9.87 billion.", DEC_31_HEADERS)
    )

    assert _verdict(result, "December 31, 2008").outcome == GROUNDED
    assert _verdict(result, "$9.87 billion").outcome == GROUNDED
    assert result.flagged is False


def test_a_header_of_12_31_06_grounds_december_31_2006():
    result = detect(
        source_input("At December 31, 2006, total assets were $4,210 million.", SLASH_DAY_HEADERS)
    )

    assert _verdict(result, "December 31, 2006").outcome == GROUNDED
    assert _verdict(result, "$4,210 million").outcome == GROUNDED
    assert result.flagged is False


def test_a_header_of_12_10_grounds_december_2010():
    result = detect(
        source_input("As of December 2010, total deposits were $7.41 billion.", MONTH_YEAR_HEADERS)
    )

    assert _verdict(result, "December 2010").outcome == GROUNDED
    assert _verdict(result, "$7.41 billion").outcome == GROUNDED
    assert result.flagged is False


def test_a_value_from_the_other_header_date_is_a_period_mismatch():
    result = detect(
        source_input("At December 31, 2008, total assets were $9.41 billion.", DEC_31_HEADERS)
    )

    verdict = _verdict(result, "$9.41 billion")
    assert verdict.outcome == PERIOD_MISMATCH
    assert verdict.expected_value == Decimal("9870000000")
    assert result.flagged is True


# ------------------------------------------------------------------ periods down the side

PERIODS_DOWN_THE_SIDE = """Harlow Instruments five-year summary (in millions)
| Year | Revenue | Net income |
|---|---:|---:|
| 2011 | 2,143 | 268 |
| 2010 | 1,987 | 231 |
| 2009 | 1,802 | 204 |
"""


def test_a_table_with_periods_down_the_side_reads_each_column_as_a_line():
    result = detect(
        source_input(
            "Revenue was $2.14 billion in 2011 and net income was $231 million in 2010.",
            PERIODS_DOWN_THE_SIDE,
        )
    )

    assert _ungrounded(result) == []
    assert result.flagged is False


def test_a_value_from_another_row_of_a_column_is_a_period_mismatch():
    result = detect(source_input("Revenue was $1.99 billion in 2011.", PERIODS_DOWN_THE_SIDE))

    verdict = _verdict(result, "$1.99 billion")
    assert verdict.outcome == PERIOD_MISMATCH
    assert verdict.expected_value == Decimal("2143000000")
    assert result.flagged is True


def test_a_value_from_another_column_of_a_row_is_a_substitution():
    result = detect(source_input("Revenue was $268 million in 2011.", PERIODS_DOWN_THE_SIDE))

    verdict = _verdict(result, "$268 million")
    assert verdict.outcome == SUBSTITUTION
    assert verdict.expected_value == Decimal("2143000000")
    assert result.flagged is True


# ------------------------------------------------------------------ per-share rows

PER_SHARE = """Harlow Instruments consolidated statements of operations
(in millions, except per share data)

| | 2011 | 2010 |
|---|---:|---:|
| Net income | 268 | 231 |
| Diluted earnings per share | 1.42 | 1.23 |
| Weighted average diluted shares | 188.7 | 187.9 |
"""


def test_a_per_share_row_is_not_scaled_by_an_except_per_share_caption():
    values = {(c.label, c.period): c.value for c in extract_claims(PER_SHARE) if c.kind != DATE}

    assert values[("eps", "2011")] == Decimal("1.42")
    assert values[("net income", "2011")] == Decimal("268000000")


def test_per_share_figures_and_amounts_of_the_same_table_both_ground():
    result = detect(
        source_input("In 2011, net income was $268 million and diluted EPS was $1.42.", PER_SHARE)
    )

    assert _ungrounded(result) == []
    assert result.flagged is False


# ------------------------------------------------------------------ no caption

NO_CAPTION = """| | 2012 | 2011 |
|---|---:|---:|
| Total revenues | 1,720.8 | 1,654.2 |
| Operating expenses | 1,251.0 | 1,198.7 |
"""


def test_a_table_without_a_caption_leaves_its_scale_unknown():
    (revenue,) = [c for c in extract_claims(NO_CAPTION) if c.text == "1,720.8"]

    assert revenue.value == Decimal("1720.8")
    assert revenue.scale_origin == ""


def test_an_amount_in_millions_grounds_against_a_table_of_unknown_scale():
    result = detect(source_input("Total revenues were $1,720.8 million in 2012.", NO_CAPTION))

    assert _verdict(result, "$1,720.8 million").outcome == GROUNDED
    assert result.flagged is False


def test_a_bare_number_grounds_against_a_table_of_unknown_scale():
    result = detect(source_input("Total revenues were 1,720.8 in 2012.", NO_CAPTION))

    assert _verdict(result, "1,720.8").outcome == GROUNDED
    assert result.flagged is False


def test_a_wrong_figure_against_a_table_of_unknown_scale_is_still_caught():
    result = detect(source_input("Total revenues were $1,654.2 million in 2012.", NO_CAPTION))

    verdict = _verdict(result, "$1,654.2 million")
    assert verdict.outcome == PERIOD_MISMATCH
    assert result.flagged is True


# ------------------------------------------------------------------ numbers inside labels

NOTES = """Long-term debt (in millions)
| | December 31, 2018 | December 31, 2017 |
|---|---:|---:|
| 5.00% notes due 2019 | 300 | 300 |
| 3.25% notes due 2024 | 750 | 750 |
| Total long-term debt | 1,050 | 1,050 |
"""


def test_a_number_inside_a_row_label_is_part_of_the_name_not_a_value():
    tables = find_tables(NOTES)
    rate = NOTES.index("5.00%")

    assert all(not (c.start <= rate < c.end) for c in tables.cells)
    assert any(start <= rate < end for start, end in tables.label_spans)
    assert [NOTES[c.start : c.end] for c in tables.cells if c.row_label.startswith("5.00%")] == [
        "300",
        "300",
    ]


def test_an_answer_repeating_a_number_from_a_row_label_is_grounded():
    result = detect(
        source_input(
            "At December 31, 2018, $300 million of the 5.00% notes due 2019 were outstanding.",
            NOTES,
        )
    )

    assert _verdict(result, "5.00%").outcome == GROUNDED
    assert _verdict(result, "$300 million").outcome in GROUNDED_OUTCOMES
    assert _ungrounded(result) == []
    assert result.flagged is False


def test_a_wrong_coupon_for_the_notes_is_not_grounded():
    result = detect(
        source_input(
            "At December 31, 2018, $300 million of the 5.25% notes due 2019 were outstanding.",
            NOTES,
        )
    )

    assert _verdict(result, "5.25%").grounded is False
    assert result.flagged is True


# A statement whose first row carries "$" cells and whose other rows' digits stray a few
# places from the header's edges, as text exports of filings often do.
STRAYING_COLUMNS = (
    "Results of Operations (in millions)\n"
    "                                                   2024        2023\n"
    "Total revenues                                  $   3,846    $   3,612\n"
    "Depreciation of revenue earning vehicles, net           905          688\n"
    "Interest expense, vehicle debt                           318          241\n"
)


def test_a_row_of_as_many_values_as_the_header_takes_its_columns_in_order():
    answer = "Vehicle depreciation was $905 million in 2024 and $688 million in 2023."
    result = detect(source_input(answer, STRAYING_COLUMNS))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_straying_row_s_value_given_for_the_other_year_is_flagged():
    answer = "Vehicle depreciation was $688 million in 2024."
    result = detect(source_input(answer, STRAYING_COLUMNS))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "$688 million"]
    assert verdict.outcome == PERIOD_MISMATCH


# Stacked headers whose spans are each written over the first of their two columns.
SPANS_OVER_FIRST_COLUMNS = (
    "(In millions)\n"
    "                    Three Months Ended                  Nine Months Ended\n"
    "                       September 28,   September 30,   September 28,   September 30,\n"
    "                                2024            2023            2024            2023\n"
    "Revenue                      1,842.6         1,516.3         5,087.9         4,611.2\n"
    "Cost of revenue              1,004.2           874.9         2,812.5         2,648.3\n"
)


def test_a_span_header_reaches_to_the_next_span():
    answer = "Q3 2024 revenue was $1,842.6 million, up from $1,516.3 million in Q3 2023."
    result = detect(source_input(answer, SPANS_OVER_FIRST_COLUMNS))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_nine_months_figure_given_for_the_quarter_under_reaching_spans_is_flagged():
    answer = "Q3 2023 revenue was $4,611.2 million."
    result = detect(source_input(answer, SPANS_OVER_FIRST_COLUMNS))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "$4,611.2 million"]
    assert verdict.outcome == PERIOD_MISMATCH


# ------------------------------------------------------------------ MediaWiki markup

WIKI = """Statement of income (in millions of guaraníes)

{| class="wikitable"
! Item !! Note !! 2024 !! 2023
|-
| Sales revenue || 18 || 3.874.215 || 3.402.960
|-
| Cost of sales || 19 || (3.216.482) || (2.871.334)
|-
| '''Gross profit''' || || '''657.733''' || '''531.626'''
|}
"""


def test_a_mediawiki_table_is_one_table_of_its_rows_and_periods():
    claims = {c.text: c for c in extract_claims(WIKI) if c.kind != DATE}

    assert claims["3.874.215"].period == "2024"
    assert claims["3.874.215"].value == Decimal("3874215e6")
    # A text that groups thousands with points does so in every number.
    assert claims["657.733"].value == Decimal("657733e6")
    assert claims["3.874.215"].cell[0] == claims["657.733"].cell[0]


@pytest.mark.parametrize(("answer", "flagged"), [("16.98%", False), ("19.64%", True)])
def test_a_margin_over_a_mediawiki_table_is_recomputed(answer, flagged):
    # 657,733 / 3,874,215 = 16.98%; 19.64% is no ratio of the table.
    result = detect(
        source_input(answer, WIKI, question="What was the gross profit margin in 2024?")
    )

    assert result.flagged is flagged


# ------------------------------------------------------------------ Confluence, a unit column

CONFLUENCE = """Operational and financial highlights

||Indicator||Unit||2024||2023||
|Cement sales volume|'000 tonnes|1,482|1,356|
|Kiln capacity utilisation|%|82.4|79.9|
|Revenue|TZS million|468,915|411,384|
|of which energy costs|TZS million|(142,833)|(131,046)|
|Average selling price|TZS '000 per tonne|316|303|
"""


def test_a_confluence_table_with_a_unit_column_reads_each_rows_unit():
    claims = {c.text: c for c in extract_claims(CONFLUENCE) if c.kind != DATE}

    assert claims["1,482"].period == "2024"
    assert (claims["1,482"].kind, claims["1,482"].value) == ("number", Decimal("1482000"))
    assert claims["82.4"].kind == "percent"
    assert (claims["468,915"].unit, claims["468,915"].value) == ("TZS", Decimal("468915e6"))
    assert claims["316"].value == Decimal("316000")


@pytest.mark.parametrize(
    ("answer", "flagged"), [("About TZS 96,400", False), ("About TZS 85,500", True)]
)
def test_a_cost_per_tonne_over_a_unit_column_is_recomputed(answer, flagged):
    # 142,833 million / 1,482 thousand tonnes = TZS 96,379 a tonne.
    question = "What was the energy cost per tonne of cement sold in 2024?"
    result = detect(source_input(answer + " per tonne", CONFLUENCE, question=question))

    assert result.flagged is flagged


# ------------------------------------------------------------------ reStructuredText list-table

LIST_TABLE = """.. list-table:: Operating highlights
   :header-rows: 1

   * - Indicator
     - 2024
     - 2023
   * - Recovery (%)
     - 88.6
     - 89.1
   * - Gold sold (oz)
     - 193,870
     - 196,214

Ore throughput rose after the second ball mill was debottlenecked.
"""


def test_a_list_table_is_read_row_by_row():
    claims = {c.text: c for c in extract_claims(LIST_TABLE) if c.kind != DATE}

    assert (claims["89.1"].kind, claims["89.1"].period) == ("percent", "2023")
    assert claims["193,870"].period == "2024"


@pytest.mark.parametrize(("answer", "flagged"), [("89.1%", False), ("91.8%", True)])
def test_a_list_table_cell_answers_for_its_column(answer, flagged):
    result = detect(
        source_input(answer, LIST_TABLE, question="What was the recovery rate in 2023?")
    )

    assert result.flagged is flagged


# ------------------------------------------------------------------ Textile

TEXTILE = """table(production).
|_. Concept |_. Zafra 2023/24 |_. Zafra 2022/23 |
| Sugar produced (tonnes) |>. 431,560 |>. 452,018 |
| Sugar revenue (Q'000) |>. 2,184,306 |>. 2,039,771 |
| Ethanol revenue (Q'000) |>. 241,583 |>. 198,407 |
| Electricity revenue (Q'000) |>. 162,918 |>. 171,265 |
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Q5,061 per tonne (2,184,306 thousand / 431,560 tonnes)", False),
        ("Q5,016 per tonne (2,184,306 thousand / 431,560 tonnes)", True),
    ],
)
def test_working_over_a_textile_table_with_units_after_its_operands(answer, flagged):
    question = "What was sugar revenue per tonne of sugar produced in zafra 2023/24?"
    result = detect(source_input(answer, TEXTILE, question=question))

    assert result.flagged is flagged


@pytest.mark.parametrize(("answer", "flagged"), [("-4.87%", False), ("21.76%", True)])
def test_a_change_the_question_names_a_line_for_is_that_lines(answer, flagged):
    # Electricity: (162,918 − 171,265) / 171,265 = −4.87%; 21.76% is the ethanol line's.
    question = (
        "What was the percentage change in electricity revenue between zafra 2022/23 and "
        "zafra 2023/24?"
    )
    result = detect(source_input(answer, TEXTILE, question=question))

    assert result.flagged is flagged
