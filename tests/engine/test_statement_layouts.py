"""Statement layouts seen in filings and tool outputs: "Label: value" lists under a scale
caption, units in column headers, dates and money-valued margin fields in JSON."""

from __future__ import annotations

from decimal import Decimal

import pytest

from hallucination.engine import detect, extract_claims
from hallucination.engine.types import (
    CURRENCY,
    DATE,
    GROUNDED,
    GROUNDED_OUTCOMES,
    PERCENT,
    PERIOD_MISMATCH,
    SCALE_DRIFT,
)

from .conftest import source_input

KEY_VALUE_LIST = """Quantra Robotics - Q1 2025 summary (in millions)
Revenue: 96.3
Operating loss: (12.4)
Net loss: (15.8)
"""

CSV_WITH_UNITS_IN_HEADERS = """period,revenue_usd_m,adj_ebitda_usd_m,adj_ebitda_margin_pct
Q1 FY2025,418.6,97.3,23.2
Q2 FY2025,436.1,104.8,24.0
"""


def _by_text(text: str) -> dict[str, object]:
    claims = extract_claims(text, source_id="s")
    for claim in claims:
        assert text[claim.start : claim.end] == claim.text
    return {c.text: c for c in claims}


def test_a_list_of_label_value_lines_takes_the_scale_of_its_caption():
    claims = _by_text(KEY_VALUE_LIST)

    assert claims["96.3"].value == Decimal("96300000")
    assert claims["96.3"].label == "revenue"
    assert claims["(12.4)"].value == Decimal("-12400000")


def test_amounts_quoted_from_a_label_value_list_ground_at_its_scale():
    answer = "Q1 2025 revenue was $96.3 million and the net loss was $(15.8) million."
    result = detect(source_input(answer, KEY_VALUE_LIST))

    outcomes = {v.claim.text: v.outcome for v in result.verdicts}
    assert outcomes["$96.3 million"] == GROUNDED
    assert outcomes["$(15.8) million"] == GROUNDED
    assert result.flagged is False


def test_a_label_value_list_read_at_the_wrong_scale_is_scale_drift():
    result = detect(source_input("Q1 2025 revenue was $96.3 billion.", KEY_VALUE_LIST))

    verdict = next(v for v in result.verdicts if v.claim.text == "$96.3 billion")
    assert verdict.outcome == SCALE_DRIFT


def test_one_label_value_line_right_under_a_scale_caption_takes_its_scale():
    claims = _by_text(
        "Condensed cash flow statement (in thousands)\n"
        "Net cash provided by operating activities: 412,000"
    )

    assert claims["412,000"].value == Decimal("412000000")


def test_one_label_value_line_without_a_caption_above_it_keeps_its_value():
    claims = _by_text(
        "All figures below are in thousands unless noted.\n\nTrades closed today: 412\n"
    )

    assert claims["412"].value == Decimal("412")


def test_a_unit_in_a_column_header_scales_that_column_only():
    claims = _by_text(CSV_WITH_UNITS_IN_HEADERS)

    revenue = next(c for c in claims.values() if c.text == "436.1")
    assert (revenue.kind, revenue.value, revenue.unit) == (CURRENCY, Decimal("436100000"), "USD")
    assert revenue.period == "Q2 2025"
    margin = next(c for c in claims.values() if c.text == "24.0")
    assert (margin.kind, margin.value) == (PERCENT, Decimal("24.0"))


def test_an_answer_read_from_a_csv_with_units_in_headers_grounds():
    answer = (
        "In Q2 FY2025 revenue was $436.1 million and adjusted EBITDA was $104.8 million, "
        "a 24.0% adjusted EBITDA margin."
    )
    result = detect(source_input(answer, CSV_WITH_UNITS_IN_HEADERS))

    outcomes = {v.claim.text: v.outcome for v in result.verdicts if v.claim.kind != DATE}
    assert outcomes["$436.1 million"] == GROUNDED
    assert outcomes["$104.8 million"] == GROUNDED
    assert outcomes["24.0%"] in GROUNDED_OUTCOMES
    assert result.flagged is False


def test_a_one_letter_scale_needs_a_currency_or_an_underscore_in_front():
    claims = _by_text("Share class,Class B,Class A\nVotes per share,10,1\n")

    assert claims["10"].value == Decimal("10")


def test_dates_in_a_tool_output_ground_the_dates_an_answer_quotes():
    tool = '{"period": {"from": "2025-09-01", "to": "2025-09-30"}, "total_trades": 24}'
    result = detect(source_input("Between 2025-09-01 and 2025-09-30 you closed 24 trades.", tool))

    assert [v.outcome for v in result.verdicts] == [GROUNDED, GROUNDED, GROUNDED]


def test_a_date_a_tool_output_does_not_hold_is_still_ungrounded():
    tool = '{"as_of": "2025-10-31", "cash": 4874.8}'
    result = detect(source_input("As of 2025-11-30 cash was $4,874.80.", tool))

    outcomes = {v.claim.text: v.outcome for v in result.verdicts}
    assert outcomes["2025-11-30"] != GROUNDED
    # The tool's own date is its figures' period: cash as of October 31 given for November 30.
    assert outcomes["$4,874.80"] == PERIOD_MISMATCH
    assert result.flagged


def test_a_trading_accounts_margin_fields_are_money_not_percentages():
    tool = (
        '{"balance": 25430.18, "margin": 3184.5, "free_margin": 22927.97, "margin_level": 819.99}'
    )
    result = detect(source_input("Margin in use is $3,184.50 and free margin is $22,927.97.", tool))

    assert {v.claim.text: v.outcome for v in result.verdicts} == {
        "$3,184.50": GROUNDED,
        "$22,927.97": GROUNDED,
    }


CAPTION_IN_HEADER = """Meridian Payments Inc.
                                            Three Months Ended September 30,
(in millions, except per share data)             2026            2025
Net revenue                                  $ 1,204.7       $ 1,072.9
Operating income                                 318.2           271.5
Earnings per share:
  Diluted                                      $  1.38         $  1.16
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Net revenue for the quarter rose to $1.20 billion in 2026.", False),
        ("Operating income for the quarter was $318.2 million in 2026.", False),
        ("Diluted EPS for the quarter was $1.38 in 2026.", False),
        ("Net revenue for the quarter rose to $1.20 million in 2026.", True),
    ],
)
def test_a_scale_in_the_header_s_first_cell_is_the_table_s_caption(answer, flagged):
    assert detect(source_input(answer, CAPTION_IN_HEADER)).flagged is flagged


POSITION = """CONSOLIDATED STATEMENT OF FINANCIAL POSITION
(Millions of yen)

                                                         March 31,
                                                          2026          2025
ASSETS
Current assets:
  Cash and cash equivalents                          ¥ 184,206     ¥ 162,558
  Trade receivables                                    301,447       288,016
Total current assets                                   741,844       710,852
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Cash and cash equivalents were ¥184,206 million at March 31, 2026.", False),
        ("Cash and cash equivalents were ¥162,558 million at March 31, 2026.", True),
        ("Cash and cash equivalents were ¥184,206 at March 31, 2026.", True),
    ],
)
def test_a_period_header_above_section_headings_heads_the_rows_below(answer, flagged):
    assert detect(source_input(answer, POSITION)).flagged is flagged


DAY_FIRST = """CONSOLIDATED STATEMENT OF FINANCIAL POSITION
(£ million)

                                                         31 December
                                                           2026          2025
Cash and cash equivalents                                  1,234         1,111
Borrowings                                                 2,000         1,900
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Borrowings were £2,000 million at 31 December 2026.", False),
        ("Borrowings were £2,000 million at 31 December 2024.", True),
        ("Borrowings were £2,000 million at 30 June 2026.", True),
    ],
)
def test_a_day_written_before_its_month_over_a_year_column(answer, flagged):
    assert detect(source_input(answer, DAY_FIRST)).flagged is flagged


RELEASE = """Boreal Air posts higher third-quarter profit as summer demand holds up
CALGARY, Alberta, Nov 7, 2026

Operating revenues rose 7.1% to C$1,382.6 million from C$1,291.4 million a year earlier.
Operating income was C$214.8 million.
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("In the third quarter of 2026, operating income was C$214.8 million.", False),
        ("In the second quarter of 2026, operating income was C$214.8 million.", True),
    ],
)
def test_a_quarter_named_in_words_with_its_year_elsewhere(answer, flagged):
    assert detect(source_input(answer, RELEASE)).flagged is flagged


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # 1,382.6 rounds to 1.4 billion: stated, not derived.
        ("Operating revenues were about C$1.4 billion in the quarter.", False),
        # 1,291.4 + 214.8 = 1,506.2 rounds to 1.5 billion, but no sentence says so: a
        # two-digit amount is explained by a formula nobody described only exactly.
        ("Operating revenues were nearly C$1.5 billion in the quarter.", True),
    ],
)
def test_a_two_digit_amount_is_not_explained_by_an_undescribed_sum(answer, flagged):
    assert detect(source_input(answer, RELEASE)).flagged is flagged


CALENDAR_YEAR = """CONSOLIDATED BALANCE SHEETS (In millions)
                                  December 31, 2026    December 31, 2025
Total assets                           $ 4,212.0            $ 3,980.5
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Total assets at the end of FY2026 were $4,212.0 million.", False),
        ("Total assets at the end of FY2024 were $4,212.0 million.", True),
    ],
)
def test_a_fiscal_year_label_for_a_calendar_year_company(answer, flagged):
    assert detect(source_input(answer, CALENDAR_YEAR)).flagged is flagged


# ------------------------------------------------------------------ 52/53-week calendars

WEEK_SPANS = """CONDENSED STATEMENTS (in thousands)
                              Thirteen Weeks Ended            Twenty-Six Weeks Ended
                              Jun 29, 2025   Jun 30, 2024    Jun 29, 2025   Jun 30, 2024
Total revenues                     292,620        267,992         560,961        521,176

Twenty-Six Weeks Ended             Jun 29, 2025   Jun 30, 2024
Net cash provided by operating activities    71,806    63,215
"""


@pytest.mark.parametrize(
    ("header", "period"),
    [
        ("Thirteen Weeks Ended Jun 29, 2025", "Q2 2025"),
        ("Twenty-Six Weeks Ended June 29, 2025", "H1 2025"),
        ("13 weeks ended July 2, 2024", "Q2 2024"),  # a few days past the month's end
        ("39 weeks ended September 28, 2025", "9M 2025-09"),
        ("52 weeks ended February 1, 2025", "2025-02-01"),  # the fiscal calendar names it
    ],
)
def test_a_span_of_weeks_ended_a_date_is_the_quarter_or_half_it_closes(header, period):
    from hallucination.engine.lexicon import normalise_period

    assert normalise_period(header, exact_dates=True) == period


def test_figures_under_week_spans_are_the_quarter_s_and_half_s():
    # The cash flow block names its span over the row labels, not over the dates.
    answer = (
        "In the first half of 2025 revenues were $561.0 million, $292.6 million of them in "
        "Q2 2025. Operating cash flow for the first half of 2025 was $71.8 million, against "
        "$63.2 million in the first half of 2024."
    )
    result = detect(source_input(answer, WEEK_SPANS))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_half_s_figure_given_for_the_other_half_year_is_flagged():
    answer = "Operating cash flow was $63.2 million in the first half of 2025."
    result = detect(source_input(answer, WEEK_SPANS))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "$63.2 million"]
    assert verdict.outcome == PERIOD_MISMATCH


WEEKS_PROSE = (
    "Total revenues were $292.6 million for the thirteen weeks ended June 29, 2025 and "
    "$561.0 million for the twenty-six weeks ended June 29, 2025."
)


def test_a_figure_for_weeks_ended_a_date_in_prose_is_the_half_s():
    result = detect(source_input("H1 2025 total revenues were $561.0 million.", WEEKS_PROSE))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_half_s_figure_in_prose_given_for_the_quarter_is_flagged():
    result = detect(source_input("Q2 2025 total revenues were $561.0 million.", WEEKS_PROSE))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "$561.0 million"]
    assert not verdict.grounded


# ------------------------------------------------------------------ months to date

MONTHS_TO_DATE = """(millions of pesos)              3Q23     3Q22    9M23     9M22
Operating EBITDA                  4,281    3,842  12,205   10,981
Operating EBITDA margin           25.3%    24.0%   24.9%    24.0%
"""


@pytest.mark.parametrize(
    ("header", "period"),
    [("9M23", "9M 2023-09"), ("6M 2024", "H1 2024"), ("12M23", "FY2023"), ("3M24", "")],
)
def test_months_to_date_headers_are_their_periods(header, period):
    from hallucination.engine.lexicon import normalise_period

    assert normalise_period(header, exact_dates=True) == period  # 3M is the company


def test_a_figure_under_a_months_to_date_header_is_that_span_s():
    answer = (
        "For the first nine months of 2023 the Operating EBITDA margin was 24.9%, 0.9 "
        "percentage points above the 24.0% of 9M22."
    )
    result = detect(source_input(answer, MONTHS_TO_DATE))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_quarter_s_figure_given_for_the_months_to_date_is_flagged():
    answer = "The 9M23 Operating EBITDA margin was 25.3%."
    result = detect(source_input(answer, MONTHS_TO_DATE))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "25.3%"]
    assert not verdict.grounded


PER_UNIT_ROWS = """(in thousands, except per share data)        2024        2023
Same-store revenues                            643,388     631,477
Realized annual rent per occupied square foot   $19.46      $19.02
Annualized rent per leased MW (in thousands)    $1,142      $1,098
"""


def test_a_figure_per_something_is_not_in_the_caption_s_thousands():
    answer = (
        "Realized rent per occupied square foot rose to $19.46 in 2024 from $19.02, and "
        "annualized rent per leased MW was about $1.142 million."
    )
    result = detect(source_input(answer, PER_UNIT_ROWS))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_per_unit_figure_at_its_row_s_stated_scale_slipped_is_flagged():
    answer = "Annualized rent per leased MW was about $1.142 billion in 2024."
    result = detect(source_input(answer, PER_UNIT_ROWS))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "$1.142 billion"]
    assert not verdict.grounded
