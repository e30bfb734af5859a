"""Units and names as filings outside the US write them (docs/detection.md, "Sources"): local
currency letters before `'000` or a scale word, another country's dollars, split fiscal years in
column headers, footnote superscripts on cells, and rows named under a section heading. Each
class has a clean answer that grounds and a wrong one of the same shape that is caught."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect, extract_claims, labels
from hallucination.engine.tables import header_period, label_unit

from .conftest import source_input


def _values(text: str) -> dict[str, Decimal]:
    return {c.text: c.value for c in extract_claims(text)}


# ------------------------------------------------------------------ currency letters and '000

LETTERS_CAPTION = """Nkhata Cement plc - revenue by plant

Amounts in SRD'000

| Plant    | 2024    | 2023    |
|---|---:|---:|
| Kasungu  | 412,380 | 398,115 |
| Mzuzu    | 187,204 | 171,960 |
"""

LETTERS_IN_WORDS = """Statement of profit or loss (all amounts in KM thousand)

                         2024        2023
Revenue               214,870     198,305
Operating profit       31,442      28,017
"""

LETTERS_IN_THE_ROW = """| Indicator                          | 2024    | 2023    |
|---|---:|---:|
| Transfer revenue (MVR'000)         | 612,480 | 548,915 |
| Passengers carried                 | 398,640 | 371,260 |
"""


def test_currency_letters_before_000_scale_a_caption():
    values = _values(LETTERS_CAPTION)

    assert values["412,380"] == Decimal("412380000")


def test_currency_letters_before_a_scale_word_scale_a_caption():
    values = _values(LETTERS_IN_WORDS)

    assert values["214,870"] == Decimal("214870000")


def test_currency_letters_before_000_in_a_row_label_scale_the_row_only():
    values = _values(LETTERS_IN_THE_ROW)

    assert label_unit("Transfer revenue (MVR'000)") == (Decimal("1e3"), "MVR")
    assert values["612,480"] == Decimal("612480000")
    assert values["398,640"] == Decimal("398640")


def test_an_amount_at_the_letters_caption_s_scale_grounds():
    result = detect(source_input("Kasungu revenue was SRD 412.4 million in 2024.", LETTERS_CAPTION))

    assert result.flagged is False


def test_an_amount_a_thousand_times_off_the_letters_caption_is_flagged():
    result = detect(source_input("Kasungu revenue was SRD 412.4 billion in 2024.", LETTERS_CAPTION))

    assert result.flagged is True


def test_the_000_of_a_unit_and_a_split_year_s_second_part_are_no_words_of_a_name():
    (cell,) = [c for c in extract_claims(LETTERS_IN_THE_ROW) if c.text == "612,480"]

    assert cell.label_words == labels.label_words("Transfer revenue")
    assert labels.label_words("zafra 2022/23 revenue") == labels.label_words("zafra revenue")
    assert "#500" in labels.label_words("S&P 500 index")


def test_a_row_named_with_its_unit_grounds_a_change_and_a_wrong_one_is_flagged():
    # A row named "Transfer revenue (MVR'000)" is named in full by "transfer revenue".
    result = detect(source_input("Transfer revenue rose by MVR 63.6 million.", LETTERS_IN_THE_ROW))
    wrong = detect(source_input("Transfer revenue rose by MVR 66.3 million.", LETTERS_IN_THE_ROW))

    assert result.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ another country's dollars

SURINAME = """Paramaribo Rice N.V. - revenue (in thousands of Surinamese dollars)

| Product        | 2024    | 2023    |
|---|---:|---:|
| Parboiled rice | 612,480 | 548,310 |
"""


def test_another_country_s_dollars_are_not_us_dollars():
    (cell,) = [c for c in extract_claims(SURINAME) if c.text == "612,480"]

    assert cell.unit != "USD"
    assert cell.value == Decimal("612480000")


def test_an_amount_in_the_local_dollars_grounds_and_a_wrong_one_is_flagged():
    clean = detect(source_input("Parboiled rice revenue was SRD 612.5 million in 2024.", SURINAME))
    wrong = detect(source_input("Parboiled rice revenue was SRD 621.5 million in 2024.", SURINAME))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ local currency letters

DINARS = (
    "Tubes du Sud SpA. Revenue reached DA 41,286 million in 2024 (2023: DA 36,905 million). "
    "EBITDA was DA 7,842 million."
)


def test_local_currency_letters_before_a_figure_are_its_currency_not_its_name():
    (claim,) = [c for c in extract_claims(DINARS) if c.text.endswith("41,286 million")]

    assert claim.text == "DA 41,286 million"
    assert claim.unit == "DZD"
    assert "da" not in claim.label_words


def test_a_bare_answer_in_local_letters_takes_its_question_s_metric():
    question = "What was revenue in 2024?"
    clean = detect(source_input("DA 41,286 million", DINARS, question=question))
    wrong = detect(source_input("DA 7,842 million", DINARS, question=question))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ split fiscal years as headers

SEASONS = """Harvest report

| Concept                      | Zafra 2023/24 | Zafra 2022/23 |
|---|---:|---:|
| Ethanol revenue (Q'000)      | 241,583       | 198,407       |
| Electricity revenue (Q'000)  | 162,918       | 171,265       |
"""


def test_a_split_year_header_is_the_fiscal_year_ending_in_its_second_year():
    assert header_period("Zafra 2023/24") == "FY2024"
    assert header_period("2023-24") == "FY2024"
    assert header_period("2023-2024") == "FY2024"
    assert header_period("2019-2023") != "FY2024"


def test_a_change_between_split_years_is_of_the_line_it_names():
    question = "What was the percentage change in electricity revenue between 2022/23 and 2023/24?"
    clean = detect(source_input("-4.87%", SEASONS, question=question))
    # The ethanol line's change, given for electricity.
    wrong = detect(source_input("21.76%", SEASONS, question=question))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ footnote superscripts

SUPERSCRIPTS = """| Product        | 2024      | 2023      |
|---|---:|---:|
| Parboiled rice | 612,480¹  | 548,310   |
| White rice     | 214,975   | 229,640²  |

¹ Includes sales under the national supply contract.
² Net of customer returns.
"""


def test_a_cell_with_a_footnote_superscript_is_read_with_its_row_and_column():
    (cell,) = [c for c in extract_claims(SUPERSCRIPTS) if c.text == "612,480"]

    assert cell.period == "2024"
    assert {"parboil", "rice"} <= cell.label_words


def test_a_change_over_superscripted_cells_grounds_and_a_wrong_one_is_flagged():
    question = "What was the percentage change in parboiled rice revenue from 2023 to 2024?"
    clean = detect(source_input("11.70%", SUPERSCRIPTS, question=question))
    wrong = detect(source_input("12.70%", SUPERSCRIPTS, question=question))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ rows under a section heading

CASH_FLOWS = """Consolidated statement of cash flows (all amounts in KM thousand)

                                                          2024        2023
Cash flows from operating activities
  Profit before tax                                     48,712      41,306
  Depreciation and amortisation                         17,884      16,952
Net cash from operating activities                      53,555      56,040

Cash flows from investing activities
  Purchase of property, plant and equipment           (21,470)    (15,388)
  Interest received                                        148          97
Net cash used in investing activities                  (21,322)    (15,291)
"""


def test_a_row_under_a_section_heading_knows_which_of_its_words_are_the_heading_s():
    (cell,) = [c for c in extract_claims(CASH_FLOWS) if c.text == "17,884"]

    assert cell.label_words >= {"depreciation", "amortisation", "operat", "activity"}
    assert cell.label_words - cell.section_words == labels.label_words(
        "Depreciation and amortisation"
    )


def test_an_average_of_a_row_under_a_section_grounds_and_a_wrong_one_is_flagged():
    question = "What was the average depreciation and amortisation for 2023 and 2024?"
    clean = detect(source_input("17,418", CASH_FLOWS, question=question))
    wrong = detect(source_input("17,148", CASH_FLOWS, question=question))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ working written as a list

BARRELS = """(in thousands, except barrels)
                              2024        2023
Net revenue                254,318     266,007
Barrels shipped            712,400     748,900
"""


def test_a_list_item_after_a_figure_is_no_range_and_1000_in_working_no_claim():
    answer = (
        "- 2024: $254,318K × 1,000 ÷ 712,400 ≈ $356.99\n"
        "- 2023: $266,007K × 1,000 ÷ 748,900 ≈ $355.20"
    )
    claims = {c.text: c for c in extract_claims(answer)}

    assert claims["2023"].kind == "date"
    assert "1,000" not in claims
    assert detect(source_input(answer, BARRELS)).flagged is False


def test_a_wrong_figure_in_working_written_as_a_list_is_flagged():
    answer = (
        "- 2024: $254,318K × 1,000 ÷ 712,400 ≈ $356.99\n"
        "- 2023: $266,007K × 1,000 ÷ 748,900 ≈ $365.20"
    )
    result = detect(source_input(answer, BARRELS))

    assert result.flagged is True


# ------------------------------------------------------------------ DokuWiki and psql tables

DOKUWIKI = """===== Operating and financial highlights =====

^ Indicator                          ^      2024 ^      2023 ^
| Transfer revenue (MVR'000)         |   612,480 |   548,915 |
| Charter revenue (MVR'000)          |    88,236 |    94,102 |
^ Total revenue (MVR'000)            ^   700,716 ^   643,017 ^
| Passengers carried                 |   398,640 |   371,260 |
"""

PSQL = """Amounts in ALL million; volumes in tonnes.

analytics=> SELECT product, tonnes_2024, revenue_2024, tonnes_2023, revenue_2023 FROM sales;
 product                | tonnes_2024 | revenue_2024 | tonnes_2023 | revenue_2023
------------------------+-------------+--------------+-------------+--------------
 Extra virgin, bulk     |        4812 |       3905.6 |        5206 |       3512.8
 Extra virgin, bottled  |        2144 |       2618.3 |        1873 |       2047.5
(2 rows)
"""


def test_dokuwiki_header_cells_head_the_columns():
    claims = {c.text: c for c in extract_claims(DOKUWIKI)}

    assert claims["612,480"].period == "2024"
    assert claims["700,716"].value == Decimal("700716000")
    assert claims["398,640"].value == Decimal("398640")


def test_a_dokuwiki_table_grounds_a_restated_total_and_flags_a_wrong_one():
    clean = detect(source_input("Total revenue was MVR 700.7 million in 2024.", DOKUWIKI))
    wrong = detect(source_input("Total revenue was MVR 643.0 million in 2024.", DOKUWIKI))

    assert clean.flagged is False
    assert wrong.flagged is True


def test_psql_output_is_a_table_whose_column_names_carry_the_year():
    claims = {c.text: c for c in extract_claims(PSQL)}

    assert claims["2618.3"].period == "2024"
    assert claims["2047.5"].period == "2023"
    assert claims["2618.3"].value == Decimal("2618300000")
    # A column of tonnes keeps its units under a caption of money in millions.
    assert claims["2144"].value == Decimal("2144")


# ------------------------------------------------------------------ figures per unit of a line

PER_UNIT_QUESTION = "What was the average revenue per tonne of bottled extra virgin oil in 2024?"


def test_a_bare_figure_per_the_unit_its_question_names_is_the_quotient_of_two_lines():
    clean = detect(source_input("ALL 1.22 million", PSQL, question=PER_UNIT_QUESTION))
    wrong = detect(source_input("ALL 1.32 million", PSQL, question=PER_UNIT_QUESTION))

    assert clean.flagged is False
    assert clean.verdicts[0].formula == "2.6183B / 2144"
    assert wrong.flagged is True


def test_a_figure_per_passenger_in_prose_is_the_quotient_of_two_lines():
    clean = detect(
        source_input("Transfer revenue per passenger carried was MVR 1,536.42 in 2024.", DOKUWIKI)
    )
    wrong = detect(
        source_input("Transfer revenue per passenger carried was MVR 1,563.42 in 2024.", DOKUWIKI)
    )

    assert clean.flagged is False
    assert wrong.flagged is True


SHRIMP = (
    "The Company farms shrimp on 4,850 hectares of ponds. In 2024 it harvested 18,420 tonnes "
    "of shrimp, more than in the previous year."
)


def test_a_quantity_per_unit_is_its_own_unit_s_line_over_the_unit_s_line():
    clean = detect(source_input("Yield in 2024 was about 3.8 tonnes per hectare.", SHRIMP))
    wrong = detect(source_input("Yield in 2024 was about 4.8 tonnes per hectare.", SHRIMP))

    assert clean.flagged is False
    assert wrong.flagged is True


BREWER = """(in thousands, except barrels)
                              2024        2023
Net revenue                254,318     266,007
Less excise taxes           14,612      15,408
Barrels shipped            712,400     748,900
"""


def test_a_row_per_unit_in_the_answer_s_table_is_not_the_line_s_own_value():
    table = "| | 2024 | 2023 |\n|---|---:|---:|\n| Excise tax / barrel | {} | {} |\n"
    clean = detect(source_input(table.format("$20.51", "$20.57"), BREWER))
    wrong = detect(source_input(table.format("$20.51", "$21.57"), BREWER))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ a period in brackets


def test_a_year_in_brackets_gives_its_period_to_the_figure_inside_only():
    text = (
        "At December 31, 2024 we operated 58 marinas (2023: 54) with 21,460 wet slips and "
        "dry-stack spaces (2023: 19,870)."
    )
    claims = {c.text: c for c in extract_claims(text)}

    assert claims["54"].period == "2023"
    assert claims["21,460"].period == "2024-12-31"
    assert claims["19,870"].period == "2023"


# ------------------------------------------------------------------ a currency's one-letter sign

KWACHA = (
    "Annual report for the year ended 31 December 2024. "
    "Revenue for the year increased to K1,284.6 million (2023: K1,031.9 million). Profit "
    "before tax was K326.7 million and income tax K112.0 million, so profit after tax was "
    "K214.7 million (2023: K168.3 million). The K2 team met twice."
)


def test_one_capital_glued_to_an_amount_is_its_currency_and_k2_stays_a_name():
    claims = {c.text: c for c in extract_claims(KWACHA)}

    assert claims["K1,284.6 million"].value == Decimal("1284600000")
    assert claims["K1,284.6 million"].unit == "K"
    assert "2" not in claims


def test_a_change_of_the_line_s_one_value_without_a_period_over_its_prior_year():
    clean = detect(
        source_input("Revenue grew by about 24.5% in 2024, to K1,284.6 million.", KWACHA)
    )
    wrong = detect(
        source_input("Revenue grew by about 42.5% in 2024, to K1,284.6 million.", KWACHA)
    )

    assert clean.flagged is False
    assert wrong.flagged is True


def test_an_amount_in_another_currency_is_no_difference_of_the_source_s_amounts():
    # 326.7 - 112.0 = 214.7, in kwacha: never US dollars.
    clean = detect(source_input("Profit after tax was K214.7 million in 2024.", KWACHA))
    wrong = detect(source_input("Profit after tax was US$214.7 million in 2024.", KWACHA))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ HTML and BBCode tables

HTML = """<p>18. Revenue from contracts with customers (in thousands of soles, S/ 000)</p>
<table>
<tr><th>Revenue stream</th><th>2024</th><th>2023</th></tr>
<tr><td>Undergraduate programs</td><td>412,508</td><td>381,996</td></tr>
<tr><td>Graduate programs</td><td>88,214</td><td>79,530</td></tr>
<tr><td><b>Total</b></td><td><b>500,722</b></td><td><b>461,526</b></td></tr>
</table>
"""

HTML_GROUPS = """<table class="note">
  <caption>Revenue by market and product (KHR million)</caption>
  <thead>
    <tr><th scope="col" colspan="2">Market / product</th><th scope="col">2024</th><th scope="col">2023</th></tr>
  </thead>
  <tbody>
    <tr><th scope="rowgroup" rowspan="2">Domestic</th><th scope="row">Fragrant rice</th><td>412,380</td><td>389,115</td></tr>
    <tr><th scope="row">White rice</th><td>268,905</td><td>281,440</td></tr>
    <tr class="total"><th scope="row" colspan="2">Total revenue</th><td>681,285</td><td>670,555</td></tr>
  </tbody>
</table>
"""

BBCODE = """[b]Note 5. Revenue by region[/b] (amounts in PGK thousand)
[table]
[tr][th]Region[/th][th]2024[/th][th]2023[/th][th]2022[/th][/tr]
[tr][td]Morobe[/td][td]171,260[/td][td]158,844[/td][td]149,120[/td][/tr]
[tr][td][b]Total[/b][/td][td][b]701,775[/b][/td][td][b]649,568[/b][/td][td][b]596,080[/b][/td][/tr]
[/table]
"""


def test_an_html_table_is_read_as_rows_and_columns():
    claims = {c.text: c for c in extract_claims(HTML)}

    assert claims["412,508"].period == "2024"
    assert {"undergraduat", "program"} <= claims["412,508"].label_words
    assert "td" not in claims["412,508"].label_words


def test_an_html_table_with_row_groups_and_a_spanning_header():
    claims = {c.text: c for c in extract_claims(HTML_GROUPS)}

    assert claims["412,380"].period == "2024"
    assert claims["412,380"].value == Decimal("412380000000")  # the caption's KHR million
    assert {"domestic", "fragrant", "rice"} <= claims["412,380"].label_words
    assert claims["281,440"].period == "2023"
    assert claims["681,285"].period == "2024"


def test_a_change_over_an_html_table_grounds_and_a_wrong_one_is_flagged():
    question = "What was the change in undergraduate programs revenue from 2023 to 2024?"
    clean = detect(source_input("S/ 30,512 thousand", HTML, question=question))
    wrong = detect(source_input("S/ 32,512 thousand", HTML, question=question))

    assert clean.flagged is False
    assert wrong.flagged is True


def test_a_bbcode_table_is_read_and_a_growth_rate_over_it_checked():
    question = "What was the compound annual growth rate of total revenue from 2022 to 2024?"
    clean = detect(source_input("8.50%", BBCODE, question=question))
    wrong = detect(source_input("17.73%", BBCODE, question=question))  # the whole change

    assert {c.text: c for c in extract_claims(BBCODE)}["171,260"].period == "2024"
    assert clean.flagged is False
    assert wrong.flagged is True


def test_a_bare_total_row_is_the_total_of_the_metric_its_caption_names_in_words():
    named = {c.text: c for c in extract_claims(BBCODE, source_id="note")}
    intangibles = "Note 12. Intangible assets\n\n| | 2024 | 2023 |\n|---|---:|---:|\n| Software | 18,406 | 15,770 |\n| Total | 20,112 | 15,518 |\n"
    other = {c.text: c for c in extract_claims(intangibles, source_id="note")}
    in_an_answer = {c.text: c for c in extract_claims(BBCODE)}

    assert {"total", "revenu"} <= named["701,775"].label_words
    assert other["20,112"].label_words == labels.label_words("Total")
    # An answer's own table is named by its own words: its total is checked as a sum.
    assert in_an_answer["701,775"].label_words == labels.label_words("Total")


# ------------------------------------------------------------------ currencies by name, measured rows

GOLD = """Operating and financial highlights (revenue and costs in KGS million)

| Indicator                        | 2024     | 2023     |
|---|---:|---:|
| Ore processed (thousand tonnes)  | 2,416    | 2,288    |
| Gold sold (oz)                   | 193,870  | 196,214  |
| Revenue                          | 37,815.4 | 30,266.5 |
"""


def test_a_row_that_names_its_unit_of_measure_takes_no_money_caption():
    claims = {c.text: c for c in extract_claims(GOLD)}

    assert claims["193,870"].value == Decimal("193870")
    assert claims["193,870"].kind != "currency"
    assert claims["2,416"].value == Decimal("2416000")
    assert claims["37,815.4"].value == Decimal("37815400000")


def test_revenue_per_ounce_is_revenue_over_the_ounces_row():
    question = "What was the average revenue per ounce of gold sold in 2024?"
    clean = detect(source_input("KGS 195.1 thousand", GOLD, question=question))
    wrong = detect(source_input("KGS 159.1 thousand", GOLD, question=question))

    assert clean.flagged is False
    assert wrong.flagged is True


def test_a_local_currency_s_name_before_or_after_a_figure_is_its_currency():
    claims = {
        c.text: c for c in extract_claims("Roughly Birr 2,180 a hectolitre; 4.2 billion naira.")
    }

    assert claims["Birr 2,180"].unit == "ETB"
    assert claims["4.2 billion naira"].unit == "NGN"
    assert "birr" not in claims["Birr 2,180"].label_words


# ------------------------------------------------------------------ a dollar sign set apart

SIGN_APART = """(in millions)                                   2024        2023
Revenues:
  Semiconductor Test                        $  2,431.7   $  2,655.2
  System Test                                      412.5        389.4
Total revenues                                   2,844.2      3,044.6
Gross profit                                     1,622.0      1,702.6
"""


def test_a_sign_set_apart_from_its_figure_shifts_no_column():
    claims = {c.text: c for c in extract_claims(SIGN_APART)}

    assert claims["412.5"].period == "2024"
    assert claims["3,044.6"].period == "2023"


def test_a_margin_over_columns_after_a_row_with_signs_apart():
    question = "What was the gross margin in 2023?"
    clean = detect(source_input("55.9%", SIGN_APART, question=question))
    wrong = detect(source_input("65.9%", SIGN_APART, question=question))

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ cents of a named currency


def test_us_cents_and_euro_cents_are_hundredths_of_that_currency():
    claims = {c.text: c for c in extract_claims("It rose by 23 US cents per kg; 15 euro cents.")}

    assert claims["23 US cents"].value == Decimal("0.23")
    assert claims["23 US cents"].unit == "USD"
    assert claims["15 euro cents"].value == Decimal("0.15")
    assert claims["15 euro cents"].unit == "EUR"


CASHEW = (
    "The 2024 campaign opened in April, when the Council raised the minimum farm-gate price "
    "of raw cashew nuts per kilogram to FCFA 315, from FCFA 275 in 2023."
)


def test_a_rate_of_a_change_is_over_its_base_never_the_level_it_reached():
    clean = "The farm-gate price rose by FCFA 40 per kilogram, an increase of 14.5%."
    wrong = "The farm-gate price rose by FCFA 40 per kilogram, an increase of 12.7%."  # 40 / 315

    question = "How much did the farm-gate price for raw cashew nuts rise in 2024?"

    assert detect(source_input(clean, CASHEW, question=question)).flagged is False
    assert detect(source_input(wrong, CASHEW, question=question)).flagged is True


# ------------------------------------------------------------------ "Nu." and a pronoun's subject

FERRO = (
    "Sales revenue was Nu. 4,286.5 million compared with Nu. 4,011.8 million a year earlier. "
    "Power remains the largest cost. It amounted to Nu. 1,572.4 million in 2024 "
    "(2023: Nu. 1,306.9 million)."
)


def test_a_currency_abbreviation_with_its_point_is_no_sentence_end():
    claims = {c.text: c for c in extract_claims(FERRO)}

    assert claims["Nu. 4,286.5 million"].unit == "BTN"
    assert claims["Nu. 4,286.5 million"].value == Decimal("4286500000")


def test_a_figure_after_it_is_named_by_the_subject_of_the_sentence_before():
    question = "How large were power costs relative to sales revenue in 2024?"
    clean = detect(
        source_input("Power costs equalled about 36.7% of sales revenue.", FERRO, question=question)
    )
    wrong = detect(
        source_input("Power costs equalled about 33.7% of sales revenue.", FERRO, question=question)
    )

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ "a tonne" after the figure

CONCESSIONS = (
    "Chile sold fourteen salmon concessions on Tuesday for a total of US$186.2 million, "
    "allowing 52,300 tonnes of production. The Puyuhuapi channel concession alone went for "
    "US$41.7 million; the largest lot covers 9,800 tonnes."
)


def test_an_amount_a_unit_after_it_is_a_quotient_of_money_over_the_unit_s_line():
    clean = detect(
        source_input("The largest lot was pricier, at roughly US$4,255 a tonne.", CONCESSIONS)
    )
    wrong = detect(
        source_input("The largest lot was pricier, at roughly US$4,525 a tonne.", CONCESSIONS)
    )

    assert clean.flagged is False
    assert wrong.flagged is True


# ------------------------------------------------------------------ Chilean M$ and MM$

TOLLS = (
    "Total toll transactions reached 142.6 million in 2024, compared with 136.9 million in "
    "2023. Toll revenue amounted to M$ 318,426,150 (2023: M$ 291,804,377)."
)


def test_m_dollars_are_thousands_of_pesos_and_mm_dollars_millions():
    claims = {c.text: c for c in extract_claims(TOLLS + " Capital expenditure was MM$ 41.2.")}

    assert claims["M$ 318,426,150"].value == Decimal("318426150000")
    assert claims["M$ 318,426,150"].unit == "CLP"
    assert claims["MM$ 41.2"].value == Decimal("41200000")


def test_toll_revenue_per_transaction_in_pesos():
    question = "What was the average toll revenue per transaction in 2024?"
    clean = detect(
        source_input(
            "Toll revenue per transaction averaged roughly CLP 2,233 in 2024.",
            TOLLS,
            question=question,
        )
    )
    wrong = detect(
        source_input(
            "Toll revenue per transaction averaged roughly CLP 2,133 in 2024.",
            TOLLS,
            question=question,
        )
    )

    assert clean.flagged is False
    assert wrong.flagged is True
