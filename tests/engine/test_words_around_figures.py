"""Words around a figure that say what it is: money per dollar of another line is a ratio
("$12.6 of sales per dollar of net fixed assets"); a figure the answer says its figures
imply is their difference or sum ("so it implies roughly $250 million of net debt"); a cell
of an answer's own "Previous" column is an earlier figure, said as one; a year between a
determiner and a name is part of the name ("on a 2016 Accord"). Each class has a clean
case and a wrong one of the same shape."""

from __future__ import annotations

import json
from decimal import Decimal

from hallucination.engine import detect
from hallucination.engine.types import SUBSTITUTION

from .conftest import source_input

TEN_K = """CONSOLIDATED STATEMENTS OF INCOME (in thousands)
Net sales $ 4,871,312 $ 4,602,118
CONSOLIDATED BALANCE SHEETS (in thousands)
December 31, 2023 December 31, 2022
Property and equipment, net 402,187 371,649
"""

DEAL = (
    "The transaction implies a total equity value of approximately $2.4 billion and an "
    "enterprise value of approximately $2.65 billion, including Linden's net debt."
)

GUIDANCE = (
    "Norwood raised its full-year adjusted EPS outlook to $5.60 to $5.80, from $5.40 to "
    "$5.70 previously, above the $5.63 analysts expect."
)

RECORD = json.dumps(
    {
        "name": "Harbor Lane Auto Repair",
        "stars": 3.5,
        "reviews": [
            {
                "stars": 5,
                "date": "2024-01-09",
                "text": "They replaced the alternator on my 2016 Accord for $412. The dealer had quoted me $550.",
            }
        ],
    },
    indent=1,
)


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_money_per_dollar_of_another_line_is_their_ratio():
    answer = (
        "Turnover = 4,871,312 / ((402,187 + 371,649) / 2) = 4,871,312 / 386,918 ≈ 12.59x. "
        "Tamarack generated roughly {} of sales per dollar of net fixed assets."
    )
    assert not detect(source_input(answer.format("$12.6"), TEN_K)).flagged
    assert detect(source_input(answer.format("$14.6"), TEN_K)).flagged
    # A rate per dollar with no line before "per" is an exchange rate, money as it stands.
    rate = "Figures are in bolivianos. The official rate was Bs 6.96 per US dollar."
    result = detect(source_input("The rate was Bs 6.96 per dollar.", rate))
    assert _verdict(result, "Bs 6.96").claim.kind == "currency"
    assert not result.flagged


def test_a_figure_the_answers_figures_imply():
    answer = (
        "Orchard values Linden's equity at about $2.4 billion. You'll also see $2.65 billion "
        "quoted: that's the enterprise value, so it implies roughly {} of net debt."
    )
    assert not detect(source_input(answer.format("$250 million"), DEAL)).flagged
    wrong = detect(source_input(answer.format("$350 million"), DEAL))
    assert not _verdict(wrong, "$350 million").grounded


def test_a_cell_of_the_answers_previous_column_is_an_earlier_figure():
    table = "| | {} | New |\n|---|---|---|\n| Adjusted EPS | $5.40–$5.70 | $5.60–$5.80 |"
    assert not detect(source_input(table.format("Previous"), GUIDANCE)).flagged
    # Under a header that says nothing of time, the old range is given as the current one.
    assert detect(source_input(table.format("Range"), GUIDANCE)).flagged


def test_a_year_before_a_name_is_part_of_the_name():
    answer = (
        "One customer paid $412 for an alternator on a {} Accord, about $138 less than the "
        "dealer's $550 quote."
    )
    assert not detect(source_input(answer.format("2016"), RECORD)).flagged
    assert detect(source_input(answer.format("2019"), RECORD)).flagged


DIVIDENDS = (
    "Dividends declared per common share were $1.84 in fiscal 2023, $1.68 in fiscal 2022 and "
    "$1.52 in fiscal 2021."
)


def test_a_rate_a_year_since_a_year_is_compounded_from_it():
    """ "have risen about 10.0% a year since fiscal 2021": (1.84 / 1.52) ** (1 / 2) - 1, not
    the last year's 9.5%; "a year ago" stays a period."""
    answer = "Dividends per share grew 9.5% in fiscal 2023 and have risen about {} a year since fiscal 2021."
    assert not detect(source_input(answer.format("10.0%"), DIVIDENDS)).flagged
    assert detect(source_input(answer.format("12.0%"), DIVIDENDS)).flagged


GASOLINE = (
    "The national average price for a gallon of regular gasoline was $3.42 on Monday, "
    "according to AAA, down 8 cents from a week ago and 40 cents lower than a year ago."
)


def test_a_sentences_opening_words_name_its_first_figure_after_a_verb():
    """ "The national average for regular gasoline is $3.42 a gallon, ... 40 cents below last
    year's $3.82": the opening words end on a verb before $3.42 and name it; $3.82 is the
    level 40 cents above, no average."""
    answer = (
        "The national average for regular gasoline is $3.42 a gallon, per AAA: 8 cents lower "
        "than last week and 40 cents below last year's {}."
    )
    assert not detect(source_input(answer.format("$3.82"), GASOLINE)).flagged
    assert detect(source_input(answer.format("$3.92"), GASOLINE)).flagged


TURNOUT = (
    "Final results show Maria Okafor won the mayoral race with 48,212 votes. Turnout was 38 "
    "per cent of the city's 241,000 registered voters."
)
AWARDS = (
    "During fiscal 2024 we granted 1.42 million restricted stock units with a weighted-average "
    "grant-date fair value of $96.18 per unit."
)


def test_an_amount_a_source_sentence_gives_as_a_product():
    """A share of a whole ("38 per cent of the city's 241,000 registered voters": about
    92,000 voted) or a count at a value per unit (1.42 million units at $96.18: about $136.6
    million) is their product."""
    assert not detect(source_input("About 92,000 people voted.", TURNOUT)).flagged
    assert detect(source_input("About 97,000 people voted.", TURNOUT)).flagged
    answer = "The units granted had a total grant-date fair value of about {}."
    assert not detect(source_input(answer.format("$136.6 million"), AWARDS)).flagged
    assert detect(source_input(answer.format("$163.6 million"), AWARDS)).flagged


LAYOFFS = (
    "Aurora Biotech said Tuesday it will cut 340 jobs, about 18% of its workforce. Aurora's "
    "shares fell 41% to $7.12 on Tuesday."
)


def test_a_whole_a_part_and_its_share_imply():
    answer = (
        "Aurora Biotech is cutting 340 jobs, or about 18% of its workforce. That implies a "
        "workforce of roughly {} people before the cuts."
    )
    assert not detect(source_input(answer.format("1,900"), LAYOFFS)).flagged
    assert detect(source_input(answer.format("2,400"), LAYOFFS)).flagged


def test_a_level_before_a_change_said_after_the_figure():
    """ "fell 41% to $7.12, meaning it was trading at about $12.07 before the news": 7.12 /
    (1 - 0.41)."""
    answer = "Its stock dropped 41% to $7.12, meaning it was trading at about {} before the news."
    assert not detect(source_input(answer.format("$12.07"), LAYOFFS)).flagged
    assert detect(source_input(answer.format("$11.07"), LAYOFFS)).flagged


BOND = (
    "The bond will cost the owner of a median-valued home about $61 a year in additional "
    "property tax, the finance director told the council."
)


def test_an_amount_a_year_restated_in_another_unit_of_time():
    answer = "The cost for a median-valued home is about $61 a year, or roughly {} a month."
    assert not detect(source_input(answer.format("$5"), BOND)).flagged
    assert detect(source_input(answer.format("$7"), BOND)).flagged
    weekly = "The cost for a median-valued home is about $61 a year, or roughly {} weekly."
    assert not detect(source_input(weekly.format("$1.17"), BOND)).flagged
    assert detect(source_input(weekly.format("$1.71"), BOND)).flagged


RESULTS_UK = (
    "Brightwater Group said underlying pre-tax profit rose 14pc to £1.2bn in the year to "
    "March, on revenue up 6 per cent at £9.8bn. The dividend was raised 5pc to 42.6p a share."
)


def test_pc_after_a_number_is_a_percentage():
    """ "rose 14pc", as British papers write it: 14%."""
    answer = (
        "Underlying pre-tax profit climbed {} to £1.2 billion, and the dividend rose 5% to 42.6p."
    )
    assert not detect(source_input(answer.format("14 per cent"), RESULTS_UK)).flagged
    assert detect(source_input(answer.format("16 per cent"), RESULTS_UK)).flagged


QUARTER_CHANGES = """Results of Operations
                                     Three Months Ended June 30,
(in millions)                             2024          2023       % Change
Net sales                             $ 1,412.6     $ 1,356.0          4.2 %
Selling, general and administrative       301.7         284.2          6.2 %
"""


def test_figures_in_brackets_after_a_comparison_follow_its_order():
    """ "SG&A grew faster than net sales in the quarter (6.2% versus 4.2%)": 6.2% is SG&A's,
    4.2% net sales'; `SG&A` names the line `Selling, general and administrative`."""
    answer = "SG&A grew faster than net sales in the quarter ({} versus {})."
    assert not detect(source_input(answer.format("6.2%", "4.2%"), QUARTER_CHANGES)).flagged
    assert detect(source_input(answer.format("6.8%", "4.2%"), QUARTER_CHANGES)).flagged


SUPPLIER = "In fiscal 2023 Bremsstahl generated sales of EUR 11.9 billion and an adjusted EBIT margin of 3.1%."


def test_the_part_a_whole_and_its_share_imply_at_the_hedges_rounding():
    """ "sales of EUR 11.9 billion at an adjusted EBIT margin of 3.1% imply adjusted EBIT of
    roughly EUR 370 million": 368.9 million, rounded as a hedged round figure is."""
    answer = (
        "Bremsstahl's fiscal 2023 sales of EUR 11.9 billion at an adjusted EBIT margin of 3.1% "
        "imply adjusted EBIT of roughly {}."
    )
    assert not detect(source_input(answer.format("EUR 370 million"), SUPPLIER)).flagged
    assert detect(source_input(answer.format("EUR 420 million"), SUPPLIER)).flagged


MINE = (
    "Operations review, year ended 31 December 2024. Attributable gold production was "
    "398,200 ounces (2023: 421,700 "
    "ounces). All-in sustaining costs (AISC) were US$1,352/oz (2023: US$1,247/oz), as lower "
    "volumes and wage inflation more than offset savings on diesel."
)


def test_the_unit_a_price_is_per_is_that_prices_own():
    # (1,352 - 1,247) / 1,247 = 8.42%: the comparative in brackets is the same line's, not
    # a line named "oz".
    answer = "All-in sustaining costs rose {} to US$1,352 per ounce in 2024."
    assert not detect(source_input(answer.format("8.4%"), MINE)).flagged
    wrong = detect(source_input(answer.format("4.8%"), MINE))
    assert not _verdict(wrong, "4.8%").grounded and wrong.flagged


SEGMENTS = (
    "BRIGHTWATER MEDICAL, INC. - Segment information (In millions)\n"
    "                         Three Months Ended      Nine Months Ended\n"
    "                            September 30,           September 30,\n"
    "                           2024       2023        2024       2023\n"
    "Net sales\n"
    "  Imaging                  731.4      702.2     2,188.0    2,090.5\n"
    "  Therapy                  455.8      471.9     1,391.2    1,420.6\n"
    "  Consumer                 318.1      297.6       941.7      880.3\n"
    "  Total net sales        1,505.3    1,471.7     4,520.9    4,391.4\n"
    "Segment operating income\n"
    "  Imaging                  140.2      131.0       412.9      389.4\n"
    "  Therapy                   71.9       86.3       226.0      262.1\n"
    "  Consumer                  41.5       36.2       120.3      104.8\n"
    "  Total operating income   253.6      253.5       759.2      756.3\n"
)


def test_a_share_of_a_whole_its_subject_names_the_part_of():
    # 455.8 / 1,505.3 = 30.28%
    answer = "Therapy accounted for {} of Brightwater's third-quarter 2024 net sales."
    assert not detect(source_input(answer.format("30.3%"), SEGMENTS)).flagged
    wrong = detect(source_input(answer.format("33.3%"), SEGMENTS))
    assert not _verdict(wrong, "33.3%").grounded and wrong.flagged


CHANNELS = (
    "Larchmont Apparel, Inc. - Net revenue by channel (in millions)\n"
    "                               Fiscal 2024   Fiscal 2023\n"
    "Wholesale                      $     701.2   $     744.5\n"
    "Retail stores                        655.0         640.3\n"
    "E-commerce                           612.4         548.9\n"
    "Total net revenue              $   1,968.6   $   1,933.7\n"
)


def test_the_metric_of_a_with_clause_is_the_subjects():
    # 612.4 / 548.9 - 1 = 11.57%
    answer = (
        "E-commerce was Larchmont's fastest-growing channel in fiscal 2024, with revenue up {}."
    )
    assert not detect(source_input(answer.format("11.6%"), CHANNELS)).flagged
    wrong = detect(source_input(answer.format("16.1%"), CHANNELS))
    assert not _verdict(wrong, "16.1%").grounded and wrong.flagged


RPO = (
    'Tollan Software, Inc. - Note 3. Revenue. Remaining performance obligations ("RPO") '
    "represent contracted revenue that has not yet been recognized. As of January 31, 2024, "
    "RPO were $2,914.0 million, of which approximately 62% is expected to be recognized as "
    "revenue over the next 12 months and the remainder thereafter."
)


def test_a_hedged_share_of_the_value_its_words_name():
    # 62% of 2,914.0 = 1,806.7
    answer = (
        "Of Tollan's RPO at January 31, 2024, about {} is expected to be recognized as "
        "revenue over the next 12 months."
    )
    assert not detect(source_input(answer.format("$1.8 billion"), RPO)).flagged
    wrong = detect(source_input(answer.format("$2.2 billion"), RPO))
    assert not _verdict(wrong, "$2.2 billion").grounded and wrong.flagged


PURCHASES = (
    "Kestrel Brands, Inc. - Issuer Purchases of Equity Securities\n\n"
    "                                  (a) Total     (b) Average\n"
    "                                  Number of     Price Paid\n"
    "Period                            Shares        per Share\n"
    "October 1 - October 31, 2023        184,200     $  88.10\n"
    "November 1 - November 30, 2023      902,450     $  76.35\n"
    "December 1 - December 31, 2023      151,900     $  90.20\n"
    "Total                             1,238,550     $  79.67\n"
)


def test_a_rows_units_at_its_price_per_unit():
    # 902,450 x 76.35 = 68,902,058
    answer = "Kestrel spent approximately {} repurchasing shares in November 2023."
    assert not detect(source_input(answer.format("$68.9 million"), PURCHASES)).flagged
    wrong = detect(source_input(answer.format("$86.9 million"), PURCHASES))
    assert not _verdict(wrong, "$86.9 million").grounded and wrong.flagged


RETAILER = (
    "ASHCOMBE HOME, INC. - CONSOLIDATED BALANCE SHEETS (Amounts in millions)\n"
    "| | February 3, 2024 | January 28, 2023 |\n|---|---:|---:|\n"
    "| Property and equipment, net | 1,512.3 | 1,476.0 |\n"
    "| Operating lease right-of-use assets | 1,948.2 | 1,902.7 |\n"
    "| Total assets | 5,984.1 | 5,861.4 |\n"
)


def test_what_a_line_includes_is_named_after_the_figure():
    answer = (
        "Note that total assets include {} of operating lease right-of-use assets at "
        "February 3, 2024."
    )
    clean = detect(source_input(answer.format("1,948.2"), RETAILER))
    # grounded on its own line, not on the evidence of a value found under another label
    assert not clean.flagged and "reason" not in _verdict(clean, "1,948.2").details
    wrong = detect(source_input(answer.format("1,512.3"), RETAILER))
    assert not _verdict(wrong, "1,512.3").grounded and wrong.flagged


OUTLOOK = (
    "Pellow Foods raised its full-year revenue forecast to $3.2 billion to $3.6 billion, from "
    "$3.1 billion to $3.5 billion previously. Shares rose 4.1% in premarket trading."
)


def test_a_midpoint_is_the_middle_of_one_ranges_ends():
    answer = "Pellow Foods raised its full-year revenue guidance, which now has a midpoint of {}."
    assert not detect(source_input(answer.format("$3.4 billion"), OUTLOOK)).flagged
    # the mean of the new range's top and the old range's top
    across = detect(source_input(answer.format("$3.55 billion"), OUTLOOK))
    assert not _verdict(across, "$3.55 billion").grounded and across.flagged
    # the new range's top called its midpoint
    end = detect(source_input(answer.format("$3.6 billion"), OUTLOOK))
    assert _verdict(end, "$3.6 billion").outcome == SUBSTITUTION and end.flagged


STORE_CLOSURES = (
    "Fernhill Home said on Tuesday it will close 47 of its 359 stores by the end of August "
    "and cut about 1,180 jobs, or roughly 9% of its workforce."
)

WORKFORCE = (
    "August 6, 2024 — Quillon Software said on Tuesday it would cut about 1,150 jobs, or "
    "roughly 9% of its workforce. The company had 12,780 employees at the end of June."
)


def test_what_a_cut_leaves_is_the_whole_less_the_part():
    answer = "Fernhill plans to close 47 stores, about 13% of its 359-store fleet, leaving {}."
    assert not detect(source_input(answer.format(312), STORE_CLOSURES)).flagged
    assert detect(source_input(answer.format(322), STORE_CLOSURES)).flagged


def test_a_count_of_people_joined_to_its_noun_is_a_count():
    answer = "Quillon will cut about 1,150 jobs, roughly 9% of its {}-person workforce."
    clean = detect(source_input(answer.format("12,780"), WORKFORCE))
    assert not clean.flagged
    assert _verdict(clean, "12,780").grounded
    assert detect(source_input(answer.format("12,980"), WORKFORCE)).flagged


def test_what_is_left_of_a_workforce_written_as_a_compound():
    answer = (
        "Quillon will cut about 1,150 jobs, roughly 9% of its 12,780-person workforce, "
        "leaving it with about {} employees."
    )
    assert not detect(source_input(answer.format("11,630"), WORKFORCE)).flagged
    assert detect(source_input(answer.format("11,930"), WORKFORCE)).flagged


TRANSFER = (
    "30 June 2024 — Castlebridge Rovers have agreed a club-record £58m deal to sign "
    "midfielder Tomás Arriola. The deal eclipses the £41.5m Rovers paid for Kwame "
    "Boateng-Hill in 2022."
)


def test_what_a_figure_beats_by_is_the_difference_from_the_figure_it_beats():
    answer = (
        "Rovers agreed a club-record fee of £58m for Arriola. The fee beats Rovers' previous "
        "record, the £41.5m paid for Kwame Boateng-Hill in 2022, by {}."
    )
    clean = detect(source_input(answer.format("£16.5m"), TRANSFER))
    assert not clean.flagged
    assert _verdict(clean, "£16.5m").expected_value == Decimal("16.5e6")
    wrong = detect(source_input(answer.format("£18.5m"), TRANSFER))
    assert wrong.flagged


QUARTERS_CHF = """Quarterly results (CHF m)
| | Q1 2023 | Q2 2023 | Q3 2023 | Q4 2023 |
|---|---:|---:|---:|---:|
| Net sales | 402.7 | 415.0 | 398.2 | 441.9 |
| Gross profit | 141.3 | 149.8 | 137.6 | 158.4 |
"""


def test_a_scale_standing_apart_after_a_currency_is_its_scale():
    answer = "Q4 2023, with gross profit of CHF {} m."
    clean = detect(source_input(answer.format("158.4"), QUARTERS_CHF))
    assert not clean.flagged
    assert _verdict(clean, "CHF 158.4 m").claim.value == Decimal("158.4e6")
    assert detect(source_input(answer.format("185.4"), QUARTERS_CHF)).flagged
    # without a currency, "m" is metres: no scale
    tower = detect(source_input("The new tower is 158.4 m tall.", QUARTERS_CHF))
    assert [v.claim.value for v in tower.verdicts] == [Decimal("158.4")]


EPS_ROWS = json.dumps(
    [
        ["", "Year ended March 31, 2024", "Year ended March 31, 2023"],
        ["Profit attributable to owners of the parent (¥ million)", "18,642", "15,308"],
        ["Revenue ($ million)", "1,234", "1,100"],
        ["Weighted average number of ordinary shares (thousand shares)", "126,418", "127,036"],
    ]
)


def test_a_row_label_stating_its_currency_and_a_singular_scale_scales_the_row():
    answer = "Profit attributable to owners of the parent was {} in the year ended March 31, 2024."
    assert not detect(source_input(answer.format("¥18.6 billion"), EPS_ROWS)).flagged
    assert detect(source_input(answer.format("¥18.6 trillion"), EPS_ROWS)).flagged
    revenue = "Revenue was {} in the year ended March 31, 2024."
    assert not detect(source_input(revenue.format("$1.23 billion"), EPS_ROWS)).flagged
    assert detect(source_input(revenue.format("$1.23 million"), EPS_ROWS)).flagged


GOLD = (
    "April 12, 2024 — Gold prices retreated from record territory on Friday. Spot gold "
    "settled at $2,372.40 an ounce after touching an all-time intraday high of $2,431.29."
)


def test_a_price_per_one_measure_is_not_the_same_price_per_another():
    answer = "Gold is currently trading at about $2,372.40 {}, according to the April 12 report."
    assert not detect(source_input(answer.format("per ounce"), GOLD)).flagged
    assert not detect(source_input(answer.format("an oz"), GOLD)).flagged
    wrong = detect(source_input(answer.format("per gram"), GOLD))
    assert _verdict(wrong, "$2,372.40").outcome == SUBSTITUTION


VALUATION = (
    "Reorganization value. The Bankruptcy Court approved an enterprise value of $1,320 "
    "million, the midpoint of a range of $1,150 million to $1,490 million."
)


def test_the_ends_of_a_range_the_answer_writes_are_ends_not_midpoints():
    answer = "The enterprise value of $1,320 million was the midpoint of a {} range."
    assert not detect(
        source_input(answer.format("$1,150 million to $1,490 million"), VALUATION)
    ).flagged
    # one end moved is a figure the range does not have
    assert detect(
        source_input(answer.format("$1,150 million to $1,590 million"), VALUATION)
    ).flagged
    # an end called the midpoint is still an end
    end = detect(source_input("The range's midpoint was $1,490 million.", VALUATION))
    assert _verdict(end, "$1,490 million").outcome == SUBSTITUTION and end.flagged


EPS_GUIDANCE = """Updated 2025 guidance
Adjusted EPS          $5.75 – $5.85
(1) 2024 adjusted EPS was $5.31.
"""


def test_growth_at_the_midpoint_is_over_the_midpoint_not_an_end():
    answer = (
        "At the midpoint, the updated adjusted EPS guidance of $5.75 to $5.85 implies growth "
        "of about {} over 2024 adjusted EPS of $5.31."
    )
    assert not detect(source_input(answer.format("9.2%"), EPS_GUIDANCE)).flagged
    low_end = detect(source_input(answer.format("8.3%"), EPS_GUIDANCE))
    assert _verdict(low_end, "8.3%").outcome == "arithmetic_drift" and low_end.flagged
    # growth at the low end, said so, is growth at the low end
    said = (
        "At the low end, the updated adjusted EPS guidance of $5.75 to $5.85 implies growth "
        "of about 8.3% over 2024 adjusted EPS of $5.31."
    )
    assert not detect(source_input(said, EPS_GUIDANCE)).flagged


RAISED = (
    "The Company raised its full-year revenue guidance to $1.285 billion to $1.295 billion, "
    "from $1.265 billion to $1.275 billion."
)


def test_a_change_from_another_range_at_the_midpoint_moves_both_ends():
    answer = (
        "Full-year revenue guidance was raised to $1.285 billion to $1.295 billion, "
        "{} higher at the midpoint."
    )
    assert not detect(source_input(answer.format("$20 million"), RAISED)).flagged
    assert detect(source_input(answer.format("$15 million"), RAISED)).flagged


RESULTS_EPS = (
    "Q3 2024 highlights: diluted EPS was $0.58, compared with $0.79; adjusted diluted "
    "EPS was $0.71, compared with $0.84."
)


def test_a_cell_of_the_answers_year_ago_column_is_an_earlier_figure():
    table = (
        "| | Q3 2024 | {} | Change |\n|---|---:|---:|---:|\n"
        "| Adjusted diluted EPS | $0.71 | $0.84 | -15.5% |\n"
        "| Diluted EPS (GAAP) | $0.58 | $0.79 | -26.6% |"
    )
    assert not detect(source_input(table.format("Year ago"), RESULTS_EPS)).flagged
    # Under a header that says nothing of time, the year-ago figures are given as current.
    assert detect(source_input(table.format("Other"), RESULTS_EPS)).flagged
