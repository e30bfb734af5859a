"""A change in basis points written more finely than the two rates it is between ("90.1%
and 89.1% ... roughly 101 bps") was worked from the rates unrounded: it is checked within
what the rates as written allow, and only when both are rounded to one place. A figure
restating the one before it reads the same in markdown emphasis ("**38 basis points**
(about **0.38%**)"). Each class has a clean case and a wrong one of the same shape."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect
from hallucination.engine.types import ARITHMETIC_DRIFT

from .conftest import source_input

OPERATING = (
    "Ridgeway Carriers - key measures, three months ended September 30\n"
    "| | Q3 2024 | Q3 2023 |\n|---|---:|---:|\n"
    "| Operating ratio | 90.1% | 89.1% |\n| Revenue per shipment | $248.12 | $251.40 |\n"
)
NOI = (
    "Tallis Residential - 2024 results (in thousands)\n"
    "| | 2024 | 2023 |\n|---|---:|---:|\n"
    "| Total property revenue | 534,290 | 487,978 |\n"
    "| Net operating income | 292,772 | 263,460 |\n"
)
DISCOUNT = (
    "Weighted-average discount rate\n"
    "| | 2015 | 2014 |\n|---|---:|---:|\n| U.S. pension plans | 4.3% | 3.95% |\n"
)


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_basis_points_between_two_rates_the_answer_gave():
    answer = (
        "| | Q3 2024 | Q3 2023 |\n|---|---:|---:|\n| Operating ratio | 90.1% | 89.1% |\n\n"
        "The operating ratio worsened by roughly {}, as revenue fell while costs rose."
    )
    clean = detect(source_input(answer.format("101 bps"), OPERATING))
    assert _verdict(clean, "101 bps").grounded and not clean.flagged
    wrong = detect(source_input(answer.format("140 bps"), OPERATING))
    assert not _verdict(wrong, "140 bps").grounded and wrong.flagged


def test_basis_points_between_two_rates_the_answer_computed():
    answer = (
        "NOI margin = NOI ÷ total property revenue\n\n"
        "- 2024: $292.8M ÷ $534.3M ≈ 54.8%\n"
        "- 2023: $263.5M ÷ $488.0M ≈ 54.0%\n"
        "- Change: up roughly {}"
    )
    clean = detect(source_input(answer.format("81 bps"), NOI))
    assert _verdict(clean, "81 bps").grounded and not clean.flagged
    wrong = detect(source_input(answer.format("18 bps"), NOI))
    assert not _verdict(wrong, "18 bps").grounded and wrong.flagged


def test_rates_written_to_different_places_are_exact():
    answer = "U.S. pension plans went from 3.95% in 2014 to 4.3% in 2015, an increase of {}."
    assert not detect(source_input(answer.format("0.35 percentage points"), DISCOUNT)).flagged
    wrong = detect(source_input(answer.format("0.32 percentage points"), DISCOUNT))
    assert not _verdict(wrong, "0.32 percentage points").grounded and wrong.flagged


def test_a_restatement_across_markdown_emphasis():
    source = (
        "Credit quality. Net charge-offs were 38 basis points of average loans in 2024, "
        "compared with 31 basis points in 2023."
    )
    answer = "Net charge-offs came to **38 basis points** (about **{}** of average loans) in 2024."
    assert not detect(source_input(answer.format("0.38%"), source)).flagged
    wrong = detect(source_input(answer.format("0.83%"), source))
    assert not _verdict(wrong, "0.83%").grounded and wrong.flagged


MILL = (
    "IRONBRIDGE METALS INC. - FORM 10-Q for the quarterly period ended March 31, 2024\n"
    "Our fiscal year ends on September 30.\n\n"
    "CONDENSED STATEMENTS OF INCOME (In millions)\n"
    "                          Three Months Ended      Six Months Ended\n"
    "                              March 31,               March 31,\n"
    "                            2024       2023        2024       2023\n"
    "Net sales                 $ 2,118.4  $ 2,036.9   $ 4,071.3  $ 3,998.0\n"
    "Cost of sales               1,702.2    1,688.1     3,301.9    3,322.4\n"
    "Operating income              311.6      254.8       571.0      489.1\n"
)


def test_a_change_in_a_fiscal_quarter_is_over_the_calendar_quarter_it_is():
    # 311.6 / 2,118.4 = 14.71% against 254.8 / 2,036.9 = 12.51%: 220 basis points.
    answer = (
        "Operating margin expanded {} year over year to 14.7% in the second quarter of "
        "fiscal 2024, as operating income rose to $311.6 million."
    )
    assert not detect(source_input(answer.format("220 basis points"), MILL)).flagged
    wrong = detect(source_input(answer.format("202 basis points"), MILL))
    assert not _verdict(wrong, "202 basis points").grounded and wrong.flagged


BOTTLER = (
    "Selected financial information (GNF billion)\n"
    "| | 2024 | 2023 |\n|---|---:|---:|\n"
    "| Revenue | 1,214.0 | 1,067.0 |\n| EBITDA | 291.4 | 235.8 |\n| Capital expenditure | 138.6 | 121.0 |\n"
)


def test_a_change_in_a_year_naming_no_other_is_over_the_year_before():
    # 291.4 / 1,214.0 = 24.00% against 235.8 / 1,067.0 = 22.10%: 1.9 points
    answer = "The EBITDA margin improved by about {} percentage points in 2024."
    assert not detect(source_input(answer.format("1.9"), BOTTLER)).flagged
    wrong = detect(source_input(answer.format("2.9"), BOTTLER))
    assert not _verdict(wrong, "2.9 percentage points").grounded and wrong.flagged


LESSOR = (
    "Meridale Aircraft Leasing - 2023 (in millions)\n"
    "| | 2023 | 2022 |\n|---|---:|---:|\n"
    "| Rental of flight equipment | 2,948 | 2,801 |\n"
    "| Flight equipment held for lease, net | 28,416 | 26,104 |\n\n"
    "Our composite cost of funds was 3.87% at December 31, 2023."
)


def test_a_spread_between_the_sentences_rate_and_the_answers_last():
    # 2,948 / ((28,416 + 26,104) / 2) = 10.81%; less 3.87% = 6.94 points
    answer = (
        "- Average NBV = ($28,416M + $26,104M) / 2 = $27,260M\n"
        "- 2023 lease yield = $2,948M ÷ $27,260M ≈ **10.81%**\n\n"
        "Against a 3.87% composite cost of funds, that leaves a gross spread of roughly {} "
        "percentage points."
    )
    assert not detect(source_input(answer.format("6.94"), LESSOR)).flagged
    wrong = detect(source_input(answer.format("7.94"), LESSOR))
    assert not _verdict(wrong, "7.94 percentage points").grounded and wrong.flagged


SURVEY = (
    "Homeowner Daily | Published March 14, 2024\n"
    "The average rate on a 30-year fixed mortgage fell to 6.74% this week from 6.81% last "
    "week, according to the weekly survey of the Lenders Council. A year ago the 30-year "
    "rate stood at 6.52%."
)


def test_a_sentence_opened_by_a_pronoun_is_about_the_rate_before():
    answer = (
        "Based on the passage, the current average rate on a 30-year fixed mortgage is 6.74%. "
        "This is down {} percentage points from 6.81% the week before, and it is 0.22 "
        "percentage points higher than a year ago, when the rate stood at 6.52%."
    )
    assert not detect(source_input(answer.format("0.07"), SURVEY)).flagged
    wrong = detect(source_input(answer.format("0.70"), SURVEY))
    assert not _verdict(wrong, "0.70 percentage points").grounded and wrong.flagged


CARD_RELEASE = (
    "February 9, 2024 — The average interest rate on credit card accounts assessed interest "
    "was 22.63% in the fourth quarter of 2023, up from 21.19% in the third quarter."
)
CARD_SURVEY = (
    "Weekly credit card rate survey — May 8, 2024. The average APR on new credit card offers "
    "is 20.74% this week. By card type: balance transfer 18.62% and rewards 21.84%."
)


def test_a_spread_above_a_rate_its_words_name_is_over_that_rate():
    answer = (
        "The weekly survey of May 8, 2024 puts the average APR on new credit card offers at "
        "20.74%, from 18.62% for balance transfer cards to 21.84% for rewards cards. Accounts "
        "that were charged interest paid an average of 22.63% in the fourth quarter of 2023, "
        "about {} percentage points {} the survey's new-offer average."
    )
    clean = detect(source_input(answer.format("1.89", "above"), CARD_RELEASE, CARD_SURVEY))
    assert not clean.flagged
    for wrong in (answer.format("1.98", "above"), answer.format("1.89", "below")):
        result = detect(source_input(wrong, CARD_RELEASE, CARD_SURVEY))
        assert result.flagged
        (spread,) = [v for v in result.verdicts if "percentage points" in v.claim.text]
        assert spread.outcome == ARITHMETIC_DRIFT
        assert spread.expected_value == Decimal("1.89")


# A worksheet's cells without their row labels (the labels sit in another part): the
# margins cannot be worked from the sources' lines, only from the answer's own table.
INCOME = (
    "Consolidated statements of income, 2024 and 2023 ($ in thousands)\n"
    '<row r="8"><c r="B8"><v>1755205</v></c><c r="C8"><v>1626882</v></c></row>\n'
    '<row r="14"><c r="B14"><v>284833</v></c><c r="C14"><v>257157</v></c></row>'
)


def test_points_in_a_headline_over_the_answers_own_table_of_the_rates():
    answer = (
        "**Operating margin improved to 16.23% in 2024, about {} points above the prior "
        "year.**\n\n| $ thousands | 2024 | 2023 |\n|---|---:|---:|\n"
        "| Total revenues | 1,755,205 | 1,626,882 |\n"
        "| Income from operations | 284,833 | 257,157 |\n"
        "| **Operating margin** | **16.23%** | **15.81%** |"
    )
    assert not detect(source_input(answer.format("0.42"), INCOME)).flagged
    assert detect(source_input(answer.format("0.62"), INCOME)).flagged
