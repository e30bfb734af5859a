"""A change of a line the answer names by its company and the metric's abbreviation
("Northfield's diluted EPS grew about 23.2%"), and a change "from the same quarter a year
earlier" whose sentence names no period but gives the line's figure for one. Each class has
a clean case and a wrong one of the same shape."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect, labels
from hallucination.engine.types import ARITHMETIC_DRIFT

from .conftest import source_input

EPS_NOTE = """NORTHFIELD INSTRUMENTS, INC.
Note 16. Net Income Per Share
The computation of basic and diluted net income per share was as follows (in thousands, except per share amounts):
                                                          Year Ended December 31,
                                                            2023        2022        2021
Numerator:
  Net income                                            $ 184,617   $ 151,906   $ 128,337
Net income per share:
  Basic                                                   $ 1.92      $ 1.56      $ 1.31
  Diluted                                                 $ 1.86      $ 1.51      $ 1.27
"""

RECONCILIATION = """KESTREL SOFTWARE, INC.
Reconciliation of GAAP to Non-GAAP Financial Measures
(in thousands, except percentages)

                                              Three Months Ended            Fiscal Year Ended
                                                  January 31,                  January 31,
                                              2025          2024           2025           2024
Non-GAAP operating income                 $   51,910    $   37,010     $  261,463     $  151,953
Revenue                                   $  342,780    $  298,155     $1,298,114     $1,120,466
Non-GAAP operating margin                      15.1%         12.4%          20.1%          13.6%
"""


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_a_company_name_and_the_metrics_abbreviation_still_name_its_line():
    answer = "Northfield's diluted EPS grew about {} in 2023."
    clean = detect(source_input(answer.format("23.2%"), EPS_NOTE))
    assert not clean.flagged
    assert _verdict(clean, "23.2%").expected_value == Decimal("23.18")
    wrong = detect(source_input(answer.format("21.3%"), EPS_NOTE))
    assert wrong.flagged
    assert _verdict(wrong, "21.3%").outcome == ARITHMETIC_DRIFT


def test_a_change_from_the_same_quarter_a_year_earlier_is_over_its_figures_period():
    answer = (
        "Kestrel's non-GAAP operating margin reached 15.1% in the fourth quarter, an "
        "improvement of {} basis points from the same quarter a year earlier."
    )
    assert not detect(source_input(answer.format(270), RECONCILIATION)).flagged
    wrong = detect(source_input(answer.format(650), RECONCILIATION))  # the fiscal year's
    assert wrong.flagged
    assert _verdict(wrong, "650 basis points").expected_value == Decimal("270")


EPS_BRIDGE = """RECONCILIATION OF GAAP DILUTED EPS TO ADJUSTED DILUTED EPS (Unaudited)
                                                          Twelve Months Ended
                                                     Dec. 31, 2023   Dec. 31, 2022
GAAP diluted EPS                                      $      3.44    $      2.48
Restructuring and other charges, net of tax                  0.29           0.11
Impairment of intangible assets, net of tax                     —           0.33
Adjusted diluted EPS                                  $      4.35    $      3.62
"""


def test_a_kind_of_asset_is_not_the_total_of_assets():
    assert "@total assets" not in labels.label_words("Impairment of intangible assets, net")
    assert "@total liabilities" not in labels.label_words("Contract liabilities")
    assert "@total assets" in labels.label_words("Total assets")
    assert "@total assets" in labels.label_words("its assets")
    answer = "In 2022 GAAP EPS carried a {} per-share impairment of intangible assets."
    assert not detect(source_input(answer.format("$0.33"), EPS_BRIDGE)).flagged
    assert detect(source_input(answer.format("$0.38"), EPS_BRIDGE)).flagged


PER_SHARE_DATA = """HALVORSEN INDUSTRIES, INC.
Selected per share data
                                                    2023            2022
Diluted earnings per share                    $      2.62     $      2.31
Cash dividends declared per share             $      0.96     $      0.88
"""


def test_what_a_company_declares_per_share_is_a_dividend():
    answer = "Cross-check on a per-share basis: the company declared {} per share in 2023."
    assert not detect(source_input(answer.format("$0.96"), PER_SHARE_DATA)).flagged
    wrong = detect(source_input(answer.format("$2.62"), PER_SHARE_DATA))  # the EPS
    assert wrong.flagged


TAKE_PRIVATE = (
    "October 4, 2024 — Harrowgate Capital Partners agreed to take Strike Zone Entertainment "
    "private for $27.50 per share in cash. The price is a 38% premium to the unaffected share "
    "price of $19.93 on October 3. Strike Zone ended the quarter with cash of $412 million."
)


def test_in_cash_says_how_a_price_is_paid_not_the_cash_a_company_holds():
    answer = (
        "Harrowgate will take Strike Zone private for $27.50 a share in cash, about 38% above "
        "the unaffected price of {}."
    )
    assert not detect(source_input(answer.format("$19.93"), TAKE_PRIVATE)).flagged
    assert detect(source_input(answer.format("$21.93"), TAKE_PRIVATE)).flagged
    assert "@cash" not in labels.label_words("for $27.50 a share in cash")
    assert "@cash" in labels.label_words("ended the quarter with cash of")


SBC_RECONCILIATION = """Reconciliation of GAAP to Non-GAAP Financial Measures
(in thousands; unaudited)
                                                    Three Months Ended December 31,
                                                             2024         2023
Total revenue                                           $ 508,340    $ 446,915
GAAP operating income                                    $ 41,207     $ 30,118
  Stock-based compensation expense                         70,415       62,560
Non-GAAP operating income                               $ 111,622     $ 92,678
"""


def test_a_clause_that_opens_a_year_earlier_is_over_the_year_before():
    # 70,415 / 508,340 = 13.85%; 62,560 / 446,915 = 14.00%
    answer = (
        "Stock-based compensation of $70,415 thousand equalled about 13.9% of fourth-quarter "
        "2024 revenue; a year earlier the ratio was {}."
    )
    clean = detect(source_input(answer.format("14.0%"), SBC_RECONCILIATION))
    assert not clean.flagged
    wrong = detect(source_input(answer.format("15.6%"), SBC_RECONCILIATION))
    assert wrong.flagged
