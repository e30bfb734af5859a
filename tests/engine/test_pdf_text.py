"""Filing pages as PDF text extraction hands them over (docs/detection.md, "Tables"): one cell
a line, `$` on a line of its own, negative percentages written `(10.2)%`, and reconciliations
whose `Total` row belongs to another group of lines than the one an answer sums. Each class
has a clean answer that passes and a wrong one of the same shape that is caught."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect, extract_claims, tables
from hallucination.engine.sources import extract_source
from hallucination.engine.types import (
    PERCENT,
    PERIOD_MISMATCH,
    SUBSTITUTION,
    UNSUPPORTED_AGGREGATION,
)

from .conftest import source_input


def _verdict(result, text: str):
    return next(v for v in result.verdicts if v.claim.text == text)


# ------------------------------------------------------------------ one cell a line

RELEASE = """PETROLINA CELULOSE S.A.
4Q23 Earnings Release
ADJUSTED EBITDA RECONCILIATION
(R$ million)
4Q23
3Q23
2023
2022
Net income (loss)
1,284
(412)
3,955
6,881
(+) Income taxes
318
(196)
1,102
2,340
Adjusted EBITDA
2,813
3,037
13,587
13,233
NET DEBT
(R$ million)
Dec 31, 2023
Sep 30, 2023
Gross debt
71,406
73,218
Net debt
51,572
51,911
Net debt / Adjusted EBITDA LTM (x)
3.80
"""


def test_a_grouped_amount_on_its_own_line_is_one_number():
    """ "2,016" alone on a line is an amount, not a CSV row of 2 and 016."""
    texts = [c.text for c in extract_source("s", RELEASE).claims]
    assert "3,955" in texts and "13,587" in texts
    assert "955" not in texts and "587" not in texts


def test_cells_a_line_take_their_row_label_period_and_caption():
    cells = {c.text: c for c in extract_source("s", RELEASE).claims if c.cell is not None}
    ebitda = cells["13,587"]
    assert ebitda.label == "ebitda" and ebitda.period == "2023"
    assert ebitda.scale == Decimal("1e6")
    assert cells["51,911"].period == "2023-09-30"


def test_a_row_value_of_the_page_grounds_and_another_years_is_caught():
    clean = detect(source_input("Adjusted EBITDA for 2023 was R$13,587 million.", RELEASE))
    assert not clean.flagged
    wrong = detect(source_input("Adjusted EBITDA for 2023 was R$13,233 million.", RELEASE))
    assert wrong.flagged
    verdict = _verdict(wrong, "R$13,233 million")
    assert verdict.outcome == PERIOD_MISMATCH and verdict.details["matched_period"] == "2022"


def test_a_change_between_two_columns_of_a_row_is_derived():
    clean = detect(source_input("Net debt declined by R$339 million from September 30.", RELEASE))
    assert not clean.flagged
    wrong = detect(source_input("Net debt declined by R$393 million from September 30.", RELEASE))
    assert wrong.flagged


EXHIBIT = """Reconciliation of GAAP to Non-GAAP Financial Measures
(in thousands)
Three Months Ended October 31,
2024
2023
Total revenue
$
487,215
$
412,608
GAAP operating loss
$
(18,342)
$
(41,907)
Add: stock-based compensation expense
79,861
73,455
Add: amortization of acquired intangible assets
11,604
9,876
Non-GAAP operating income
$
80,053
$
41,424
"""


def test_a_sign_on_its_own_line_belongs_to_the_cell_below_it():
    clean = detect(source_input("Revenue was $487,215K in 2024, up from $412,608K.", EXHIBIT))
    assert not clean.flagged
    wrong = detect(source_input("Revenue was $412,608K in 2024.", EXHIBIT))
    assert wrong.flagged


def test_list_markup_is_not_read_as_cells_a_line():
    """reStructuredText's `* - label` / `- value` lines are its own table, read as before."""
    text = (
        ".. list-table:: Highlights (in millions)\n   :header-rows: 1\n\n"
        "   * - Indicator\n     - 2024\n     - 2023\n"
        "   * - Revenue\n     - 412.6\n     - 380.2\n"
        "   * - Operating income\n     - 61.0\n     - 55.4\n"
    )
    revenue = next(c for c in extract_source("s", text).claims if c.text == "412.6")
    assert revenue.value == Decimal("412.6e6") and revenue.period == "2024"


# ------------------------------------------------------------------ "(10.2)%"


def test_a_percentage_with_its_sign_outside_the_brackets_is_a_negative_percentage():
    claims = extract_claims("GAAP operating margin improved from (10.2)% to (3.8)%.")
    assert [(c.kind, c.value) for c in claims] == [
        (PERCENT, Decimal("-10.2")),
        (PERCENT, Decimal("-3.8")),
    ]
    source = "| | 2024 | 2023 |\n|---|---:|---:|\n| GAAP operating margin | (3.8)% | (10.2)% |\n"
    clean = detect(source_input("The GAAP operating margin was (3.8)% in 2024.", source))
    assert not clean.flagged
    wrong = detect(source_input("The GAAP operating margin was (4.8)% in 2024.", source))
    assert wrong.flagged


# ------------------------------------------------------------------ whose total


def test_a_total_row_of_another_group_is_not_the_total_of_the_lines_summed():
    """A reconciliation's add-backs summed under "Total revenue" at the head of the column:
    the revenue line is no total of them."""
    answer = "The add-backs total $91,465K this quarter (79,861 + 11,604)."
    clean = detect(source_input(answer, EXHIBIT))
    assert not clean.flagged
    wrong = detect(source_input("The add-backs total $97,465K this quarter.", EXHIBIT))
    assert wrong.flagged


SEGMENTS = """| ($ in millions) | 2025 | 2024 |
|---|---:|---:|
| **Net sales** | | |
| Coatings | 1,214.6 | 1,168.3 |
| Catalysts | 836.2 | 874.5 |
| Total net sales | 2,050.8 | 2,042.8 |
| **Segment Adjusted EBITDA** | | |
| Coatings | 248.3 | 231.9 |
| Catalysts | 171.6 | 190.2 |
| Corporate costs | (52.8) | (49.6) |
| Adjusted EBITDA | 367.1 | 372.5 |
"""


SEGMENT_SUM = """| Segment | Adjusted EBITDA 2025 |
|---|---:|
| Coatings | $248.3 million |
| Catalysts | $171.6 million |
| Corporate costs | $(52.8) million |
| **Total** | **${total} million** |
"""


def test_a_sum_of_segments_called_the_total_of_the_metric_row_below_them_is_caught():
    """The segments' lines summed without the corporate costs listed under them and called
    the total: the metric's own row below them ("Adjusted EBITDA") is the total, not the
    "Total net sales" line of another group above."""
    partial = SEGMENT_SUM.replace("| Corporate costs | $(52.8) million |\n", "")
    wrong = detect(source_input(partial.format(total="419.9"), SEGMENTS))
    verdict = _verdict(wrong, "$419.9 million")
    assert verdict.outcome == UNSUPPORTED_AGGREGATION
    assert verdict.nearest is not None and verdict.nearest.text == "367.1"
    clean = detect(source_input(SEGMENT_SUM.format(total="367.1"), SEGMENTS))
    assert not clean.flagged


TWENTY_F = """Years ended March 31,
2023
2024
2024
(Millions of yen)
(Thousands of
U.S. dollars)
Revenue
¥
612,408
¥
688,951
$
4,550,234
Operating profit
55,245
75,578
499,161
"""


def test_a_page_whose_columns_carry_two_scales_keeps_each_figure_unscaled():
    """ "(Millions of yen)" and "(Thousands of U.S. dollars)" each head some of the columns;
    lines of their own cannot say which, so no caption scales the figures, and the yen
    columns are not read in thousands."""
    answer = "Revenue was ¥688,951 million in fiscal 2024, up from ¥612,408 million."
    assert not detect(source_input(answer, TWENTY_F)).flagged
    wrong = "Revenue was ¥698,951 million in fiscal 2024, up from ¥612,408 million."
    assert detect(source_input(wrong, TWENTY_F)).flagged


def test_a_day_over_the_first_of_its_years_heads_every_year_of_the_run():
    """ "Years ended March 31," over "2023", "2024": March 31, 2024 is a period the page
    states; March 30, 2024 is not."""
    clean = detect(
        source_input("For the year ended March 31, 2024, revenue was ¥688,951 million.", TWENTY_F)
    )
    assert not clean.flagged
    wrong = detect(
        source_input("For the year ended March 30, 2024, revenue was ¥688,951 million.", TWENTY_F)
    )
    assert wrong.flagged


# ------------------------------------------------------------------ HTML tables' headings

HTML_NOTE = """<p>Note 7. Revenue by segment (in thousands of Canadian dollars)</p>
<table>
<tr><th></th><th colspan="2">Year ended December 31,</th></tr>
<tr><th></th><th>2024</th><th>2023</th></tr>
<tr><td>Energy&nbsp;services</td><td>1,234,567</td><td>1,100,200</td></tr>
<tr><td>Pipelines</td><td>(45,210)</td><td>&#8212;</td></tr>
<tr><td>Total&nbsp;revenue</td><td>1,189,357</td><td>1,100,200</td></tr>
</table>"""


def test_html_markup_holds_no_figures():
    """`colspan="2"` is markup; a data format's attributes (`current="48215.4"`) are not."""
    texts = [c.text for c in extract_source("s", HTML_NOTE).claims]
    assert "2" not in texts
    xml = '<line label="Cloves" current="9284.3" prior="7106.9"/>'
    assert "9284.3" in [c.text for c in extract_source("s", xml).claims]


def test_a_heading_row_over_the_periods_row_leaves_the_periods_as_the_header():
    """`<th colspan="2">Year ended December 31,</th>` over `<th>2024</th><th>2023</th>`: the
    years head the columns (they were read as a row of values before)."""
    cells = {c.text: c for c in extract_source("s", HTML_NOTE).claims if c.cell is not None}
    assert "2024" not in cells
    assert cells["1,234,567"].period.endswith("2024")
    clean = detect(
        source_input("Energy services revenue was C$1,234.6 million in 2024.", HTML_NOTE)
    )
    assert not clean.flagged
    wrong = detect(
        source_input("Energy services revenue was C$1,100.2 million in 2024.", HTML_NOTE)
    )
    assert wrong.flagged


def test_a_markdown_section_row_under_the_header_is_no_heading_of_it():
    """`| **Net sales** | | |` under `| ($ in millions) | 2025 | 2024 |` is a section of the
    body: the years stay the header."""
    cells = {c.text: c for c in extract_source("s", SEGMENTS).claims if c.cell is not None}
    assert cells["1,214.6"].period == "2025" and cells["248.3"].period == "2025"


# ------------------------------------------------------------------ stacked dates

RETAILER = """CONSOLIDATED STATEMENTS OF OPERATIONS
(in thousands)
Fiscal Year Ended
February 3,
2024
(1)
January 28,
2023
Net sales
$
2,846,312
$
2,611,480
Gross profit
1,047,657
949,179
(1) Fiscal 2023 consisted of 53 weeks.
"""


def test_a_header_of_dates_split_over_lines_with_a_footnote_mark_heads_its_columns():
    cells = {c.text: c for c in extract_source("s", RETAILER).claims if c.cell is not None}
    assert cells["2,846,312"].period == "2024-02-03"
    assert cells["949,179"].period == "2023-01-28" and cells["949,179"].label == "gross profit"
    clean = "Net sales were $2,846.3 million for the year ended February 3, 2024."
    assert not detect(source_input(clean, RETAILER)).flagged
    wrong = "Net sales were $2,611.5 million for the year ended February 3, 2024."
    assert detect(source_input(wrong, RETAILER)).flagged


def test_a_bare_year_names_a_retail_year_ending_early_in_the_next():
    """ "2023" for the year ended February 3, 2024, as retailers name their years (and
    "fiscal 2023" was already read so); 2022 is not that year."""
    clean = "Gross profit was $1,047,657 thousand in 2023, up from $949,179 thousand in 2022."
    assert not detect(source_input(clean, RETAILER)).flagged
    wrong = "Gross profit was $1,047,657 thousand in 2022."
    assert detect(source_input(wrong, RETAILER)).flagged


# ------------------------------------------------------------------ exchange rates

TRANSLATED = """CONSOLIDATED STATEMENTS OF PROFIT OR LOSS
(In millions of ₹ and US$, except share and per equity share data)
Revenues ₹158,214 (US$1,898)
Convenience translation: ₹83.37 = US$1.00 (certified rate as of March 29, 2024).
"""


def test_an_exchange_rate_under_a_heading_in_millions_is_no_amount_in_millions():
    clean = detect(source_input("The filing translates at ₹83.37 = US$1.00.", TRANSLATED))
    assert not clean.flagged
    wrong = detect(source_input("The filing translates at ₹38.37 = US$1.00.", TRANSLATED))
    assert wrong.flagged
    revenue = next(c for c in extract_source("s", TRANSLATED).claims if c.text == "₹158,214")
    assert revenue.value == Decimal("158214e6")


BALANCE_SHEET = """CONSOLIDATED BALANCE SHEETS
(In thousands)
December 31,
2023
2022
ASSETS
Current assets:
Cash and cash equivalents
$
184,532
$
152,906
Short-term investments
96,210
88,415
Total current assets
$
883,614
$
804,746
"""


def test_heading_lines_inside_a_table_one_cell_a_line_keep_it_one_table():
    """ "ASSETS" and "Current assets:" between the header and the rows are sections of the
    rows, whose own metric stays theirs; the header still heads them."""
    cells = {c.text: c for c in extract_source("s", BALANCE_SHEET).claims if c.cell is not None}
    assert "2022" not in cells
    assert cells["184,532"].label == "cash" and cells["184,532"].period == "2023-12-31"
    clean = "Cash and cash equivalents were $152.9 million at December 31, 2022."
    assert not detect(source_input(clean, BALANCE_SHEET)).flagged
    wrong = "Cash and cash equivalents were $184.5 million at December 31, 2022."
    assert detect(source_input(wrong, BALANCE_SHEET)).flagged


# ------------------------------------------------------------------ datelines

NEWS = (
    "BENGALURU, Oct 10, 2024 — Sahyadri Technologies reported a net profit of ₹3,162 crore "
    "for the September quarter (Q2 FY25), up 8.7% from ₹2,909 crore a year earlier."
)


def test_a_datelines_day_is_no_period_of_the_figures_after_it():
    profit = next(c for c in extract_source("s", NEWS).claims if c.text == "₹3,162 crore")
    assert profit.period != "2024-10-10"
    clean = detect(source_input("Q2 FY25 net profit rose 8.7% to ₹3,162 crore.", NEWS))
    assert not clean.flagged
    wrong = detect(source_input("Q2 FY25 net profit rose 8.7% to ₹3,612 crore.", NEWS))
    assert wrong.flagged


# ------------------------------------------------------------------ GAAP or not


def test_a_non_gaap_figure_the_sentence_calls_gaap_is_a_substitution():
    clean = (
        "On a GAAP basis the operating loss was $18.3 million in the quarter; non-GAAP "
        "operating income was $80.1 million."
    )
    assert not detect(source_input(clean, EXHIBIT)).flagged
    wrong = "On a GAAP basis, operating income was $80.1 million in the quarter."
    verdict = _verdict(detect(source_input(wrong, EXHIBIT)), "$80.1 million")
    assert verdict.outcome == SUBSTITUTION
    unnamed = "Operating income was $80.1 million in the quarter."
    assert not detect(source_input(unnamed, EXHIBIT)).flagged


def test_the_base_of_a_change_given_as_the_current_figure_past_the_periods_between():
    """ "a net profit of ₹3,162 crore for the September quarter (Q2 FY25), up 8.7% from ₹2,909
    crore a year earlier": the base is the earlier figure, with the quarter's name and the
    rate between it and the current one."""
    source = NEWS.split(" — ", 1)[1]
    clean = "Net profit was ₹3,162 crore in the quarter, up from ₹2,909 crore a year earlier."
    assert not detect(source_input(clean, source)).flagged
    wrong = detect(source_input("Q2 FY25 net profit was ₹2,909 crore.", source))
    assert _verdict(wrong, "₹2,909 crore").outcome == PERIOD_MISMATCH


# ------------------------------------------------------------------ periods over runs of columns

INVENTORIES = """Inventories (In millions of Korean won)

|  | December 31, 2019 |  |  | December 31, 2018 |  |  |
|  | Acquisition cost | Valuation allowance | Book value | Acquisition cost | Valuation allowance | Book value |
| Merchandise | 8,412 | (306) | 8,106 | 7,955 | (214) | 7,741 |
| Finished goods | 43,127 | (1,919) | 41,208 | 45,302 | (1,387) | 43,915 |
"""

INVENTORIES_HTML = """<p>Inventories (In millions of Korean won)</p>
<table>
<tr><th></th><th colspan="3">December 31, 2019</th><th colspan="3">December 31, 2018</th></tr>
<tr><th></th><th>Acquisition cost</th><th>Valuation allowance</th><th>Book value</th>
<th>Acquisition cost</th><th>Valuation allowance</th><th>Book value</th></tr>
<tr><td>Merchandise</td><td>8,412</td><td>(306)</td><td>8,106</td><td>7,955</td><td>(214)</td><td>7,741</td></tr>
<tr><td>Finished goods</td><td>43,127</td><td>(1,919)</td><td>41,208</td><td>45,302</td><td>(1,387)</td><td>43,915</td></tr>
</table>"""


def test_a_period_over_a_run_of_columns_is_each_columns_period():
    """ "December 31, 2019" over "Acquisition cost | Valuation allowance | Book value": the
    date heads all three, in a pipe table and in HTML's `colspan`."""
    for text in (INVENTORIES, INVENTORIES_HTML):
        cells = {c.text: c for c in extract_source("s", text).claims if c.cell is not None}
        assert cells["41,208"].period == "2019-12-31"
        assert cells["43,915"].period == "2018-12-31"
        assert "book" in cells["41,208"].header_words
    question = "What was the book value of finished goods as of December 31, 2019?"
    clean = detect(source_input("₩41,208 million", INVENTORIES, question=question))
    assert not clean.flagged
    wrong = detect(source_input("₩43,915 million", INVENTORIES, question=question))
    assert wrong.flagged


# ------------------------------------------------------------------ "except units"

SHIPMENTS = """(in thousands, except units)
                                  Three months ended January 31,
                                           2025         2024
Net sales:
  Towable RVs                           412,506      388,217
  Motorized RVs                         297,844      318,960

Units shipped:
  Towable                                10,846       10,312
  Motorized                               1,705        1,862
"""


def test_a_caption_that_excepts_units_leaves_the_unit_rows_whole():
    cells = {c.text: c for c in extract_source("s", SHIPMENTS).claims if c.cell is not None}
    assert cells["10,846"].value == Decimal("10846")
    assert cells["412,506"].value == Decimal("412506e3")
    answer = (
        "Towable units shipped were 10,846. Towable net sales of $412.5 million come to about "
        "{} a unit."
    )
    assert not detect(source_input(answer.format("$38,033"), SHIPMENTS)).flagged
    assert detect(source_input(answer.format("$38,330"), SHIPMENTS)).flagged


def test_an_unnamed_change_is_between_the_last_two_results_of_one_unit():
    """ "**Change:** about +1.0%" under a table of sales, units and the price per unit for
    two quarters: the change between the prices, not between a count and a price."""
    answer = """| Quarter | Net sales | Units | ASP |
|---|---:|---:|---:|
| 2025 | $412,506K | 10,846 | ≈ $38,033 |
| 2024 | $388,217K | 10,312 | ≈ $37,647 |

**Change:** about **{}**."""
    assert not detect(source_input(answer.format("+1.0%"), SHIPMENTS)).flagged
    assert detect(source_input(answer.format("+2.0%"), SHIPMENTS)).flagged


# ------------------------------------------------------------------ HTML groups of columns

GROUPED_NOTE = """The following table disaggregates freight revenues and carloads by commodity
group for the years ended December 31 (in millions of Canadian dollars, except carloads):
<table>
<tr><th>&nbsp;</th><th colspan="2">Freight revenues</th><th colspan="2">Carloads (thousands)</th></tr>
<tr><th>&nbsp;</th><th>2024</th><th>2023</th><th>2024</th><th>2023</th></tr>
<tr><td>Grain</td><td>1,842</td><td>1,716</td><td>412.6</td><td>398.1</td></tr>
<tr><td>Potash</td><td>684</td><td>731</td><td>176.4</td><td>189.2</td></tr>
</table>"""


def test_a_group_of_columns_keeps_the_unit_its_heading_states():
    """`<th colspan="2">Carloads (thousands)</th>` over two years, beside a group of money
    columns, under `(in millions of Canadian dollars, except carloads)`: the carload cells
    are counts in thousands, not millions of dollars."""
    cells = {c.text: c for c in extract_source("s", GROUPED_NOTE).claims if c.cell is not None}
    assert cells["412.6"].value == Decimal("412600") and not cells["412.6"].unit
    assert cells["1,842"].value == Decimal("1842e6") and cells["1,842"].unit == "CAD"
    clean = detect(source_input("Grain carloads were 412.6 thousand in 2024.", GROUPED_NOTE))
    assert not clean.flagged
    wrong = detect(source_input("Grain carloads were 412.6 million in 2024.", GROUPED_NOTE))
    assert wrong.flagged


QUARTER_AND_HALF = """CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (In millions, except per share data)
<table>
<tr><th></th><th colspan="2">Three Months Ended June 30</th><th colspan="2">Six Months Ended June 30</th></tr>
<tr><th></th><th>2025</th><th>2024</th><th>2025</th><th>2024</th></tr>
<tr><td>Product sales, net</td><td>214.6</td><td>176.3</td><td>408.9</td><td>331.7</td></tr>
<tr><td>Net income</td><td>39.6</td><td>18.2</td><td>66.7</td><td>24.5</td></tr>
</table>"""


def test_groups_of_periods_head_their_own_columns():
    """`Three Months Ended June 30` and `Six Months Ended June 30`, each over 2025 and 2024:
    the quarter's and the half year's cells, asked about the quarter."""
    cells = {c.text: c for c in extract_source("s", QUARTER_AND_HALF).claims if c.cell is not None}
    assert cells["39.6"].period == "Q2 2025" and cells["66.7"].period == "H1 2025"
    question = "What were Q2 2025 product sales and net income?"
    clean = detect(
        source_input(
            "Q2 2025 product sales were $214.6 million. Net income for the quarter was "
            "$39.6 million.",
            QUARTER_AND_HALF,
            question=question,
        )
    )
    assert not clean.flagged
    wrong = detect(
        source_input(
            "Q2 2025 product sales were $214.6 million. Net income for the quarter was "
            "$66.7 million.",
            QUARTER_AND_HALF,
            question=question,
        )
    )
    assert _verdict(wrong, "$66.7 million").outcome == PERIOD_MISMATCH
    # Said to be the half year's, the same figure is grounded.
    half = detect(
        source_input(
            "Net income for the six months was $66.7 million.", QUARTER_AND_HALF, question=question
        )
    )
    assert not half.flagged


# ------------------------------------------------------------------ periods one a line

AFFO = """Funds from Operations and Adjusted Funds from Operations (Non-GAAP)
(in thousands, except per share data)
Year Ended December 31,
2024
2023
Net income attributable to common shareholders            $    142,318    $    128,904
Real estate depreciation and amortization                      186,745         171,226
AFFO attributable to common shareholders                  $    248,863    $    246,899
Weighted average diluted common shares and units               181,990         175,458
AFFO per diluted share                                    $       1.37    $       1.41
"""


def test_periods_one_a_line_head_the_aligned_rows_under_them():
    """ "Year Ended December 31," / "2024" / "2023" on lines of their own over aligned rows
    with `$` columns: the years head the value columns in order, and the caption above
    them scales the rows."""
    cells = {c.text: c for c in extract_source("s", AFFO).claims if c.cell is not None}
    assert cells["248,863"].period == "2024" and cells["246,899"].period == "2023"
    assert cells["248,863"].value == Decimal("248863000")
    clean = detect(source_input("AFFO was $248.9 million in 2024.", AFFO))
    assert not clean.flagged
    wrong = detect(source_input("AFFO was $246.9 million in 2024.", AFFO))
    assert _verdict(wrong, "$246.9 million").outcome == PERIOD_MISMATCH


def test_a_scale_glued_to_its_digits_names_no_segment():
    """ "181,990K weighted average diluted shares": the `K` is the figure's scale, not a
    segment called K."""
    claim = next(c for c in extract_claims("over 181,990K weighted average shares"))
    assert claim.segment == ""
    # A page that names segments elsewhere: a segment "K" would be one it does not give.
    page = AFFO + "The Industrial segment's same-property NOI grew 5.2% in 2024.\n"
    answer = "AFFO of $248,863K over {} weighted average diluted shares and units in 2024."
    assert not detect(source_input(answer.format("181,990K"), page)).flagged
    assert detect(source_input(answer.format("191,990K"), page)).flagged


CHIP_MAKER = """CONSOLIDATED STATEMENTS OF OPERATIONS
(In millions, except per share amounts)
Fiscal Year Ended
December 28,
2024
December 30,
2023
Net revenue                                       $ 7,842.6        $ 6,915.3
Cost of revenue                                     3,608.4          3,409.8
Inventories                                       $ 1,287.4        $ 1,403.9
"""


def test_dates_split_over_lines_one_a_line_head_the_aligned_rows():
    """ "December 28," over "2024", then "December 30," over "2023", above aligned rows:
    each date heads its column, so a change between the two inventories is found."""
    cells = {c.text: c for c in extract_source("s", CHIP_MAKER).claims if c.cell is not None}
    assert cells["3,608.4"].period == "2024-12-28" and cells["3,409.8"].period == "2023-12-30"
    sentence = "Inventories fell by {} during fiscal 2024."
    assert not detect(source_input(sentence.format("$116.5 million"), CHIP_MAKER)).flagged
    assert detect(source_input(sentence.format("$126.5 million"), CHIP_MAKER)).flagged


# ------------------------------------------------------------------ columns one space apart

STATEMENT = """CONSOLIDATED STATEMENTS OF INCOME
(in millions, except per share data)
Fiscal Year Ended January 31, 2024 January 31, 2023 February 1, 2022
Net sales $ 54,022 $ 50,411 $ 47,202
Cost of sales 38,114 35,990 33,416
Gross profit 15,908 14,421 13,786
Diluted earnings per share $ 6.71 $ 5.58 $ 5.62
"""


def test_columns_run_together_one_space_apart_are_a_table():
    """ "Net sales $ 54,022 $ 50,411 $ 47,202" under "Fiscal Year Ended January 31, 2024
    January 31, 2023 February 1, 2022", as PDF text extraction runs columns together: each
    value with its row, its column's date and the caption's millions."""
    cells = {c.text: c for c in extract_source("s", STATEMENT).claims if c.cell is not None}
    assert cells["38,114"].value == Decimal("38114e6") and cells["38,114"].period.endswith("2024")
    assert cells["35,990"].period.endswith("2023") and cells["$ 6.71"].value == Decimal("6.71")
    sentence = "For the year ended January 31, 2024, gross margin was about {}."
    assert not detect(source_input(sentence.format("29.4%"), STATEMENT)).flagged
    assert detect(source_input(sentence.format("28.6%"), STATEMENT)).flagged


SOFTWARE = """CONSOLIDATED STATEMENTS OF OPERATIONS
(in thousands, except per share data)
Fiscal Year Ended June 30,
2024
2023
Revenue:
Subscription $ 1,012,640 $ 887,415
Professional services 171,732 165,503
Total revenue 1,184,372 1,052,918
Operating expenses:
Research and development 301,477 268,930
Net income $ 142,816 $ 118,402
Staff costs: 96,472 (91,830)
Marketing and promotions: 28,364 (22,915)
"""


def test_periods_one_a_line_head_columns_run_together_under_headings():
    """The years one a line over rows one space apart, with `Revenue:` and `Operating
    expenses:` between: the years head the columns and the headings are sections; lines of
    a label, a colon and its values are left to the reading of such pairs."""
    cells = {c.text: c for c in extract_source("s", SOFTWARE).claims if c.cell is not None}
    assert cells["171,732"].period == "2024" and cells["165,503"].period == "2023"
    assert cells["171,732"].value == Decimal("171732000")
    rewritten, _headings, _headers = tables._single_spaced_as_pipes(SOFTWARE)
    assert "Staff costs: 96,472 (91,830)" in rewritten
    question = "What was subscription revenue in fiscal 2024?"
    clean = detect(source_input("$1,012.6 million", SOFTWARE, question=question))
    assert not clean.flagged
    wrong = detect(source_input("$887.4 million", SOFTWARE, question=question))
    assert wrong.verdicts[0].outcome == PERIOD_MISMATCH


NET_SALES = """Consolidated income statement
in CHF million
2024
2023
Net sales 2,032.7 1,948.3
Cost of goods sold (1,268.9) (1,221.4)
Gross profit 763.8 726.9
Net profit attributable to shareholders 183.5 163.4
"""


def test_a_metric_s_own_line_is_no_part_of_a_sum_for_it():
    """ "net sales of roughly CHF 2.1 billion": net sales of 2023 plus net profit of 2023
    (1,948.3 + 163.4 = 2,111.7) is no figure of net sales; the hedge misses 2,032.7."""
    sentence = "With net sales of roughly {} and a gross margin near 38%, Sarnen held steady."
    assert not detect(source_input(sentence.format("CHF 2.0 billion"), NET_SALES)).flagged
    assert detect(source_input(sentence.format("CHF 2.1 billion"), NET_SALES)).flagged


QUARTER_10Q = """CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS
(in millions, except per share amounts)
Three Months Ended September 30, Nine Months Ended September 30,
2024 2023 2024 2023
Net sales $ 1,234.5 $ 1,111.2 $ 3,456.7 $ 3,210.4
Operating income 210.4 170.2 560.3 489.9
"""


def test_a_line_of_periods_alone_under_groups_heads_columns_run_together():
    """ "2024 2023 2024 2023" under "Three Months Ended September 30, Nine Months Ended
    September 30," over rows one space apart: each group heads its two columns, so the
    quarter's and the nine months' figures are told apart."""
    cells = {c.text: c for c in extract_source("s", QUARTER_10Q).claims if c.cell is not None}
    assert cells["210.4"].period == "Q3 2024" and cells["560.3"].period == "9M 2024-09"
    assert cells["489.9"].period == "9M 2023-09"
    question = "What was operating income in the third quarter of 2024?"
    assert not detect(source_input("$210.4 million", QUARTER_10Q, question=question)).flagged
    wrong = detect(source_input("$560.3 million", QUARTER_10Q, question=question))
    assert wrong.verdicts[0].outcome == PERIOD_MISMATCH


HOME_CENTER_SHEET = """CONSOLIDATED BALANCE SHEETS
(In millions, except par value)
February 1,
2025
February 3,
2024
ASSETS
Current assets:
Cash and cash equivalents 318 412
Receivables, net 246 231
Merchandise inventories 3,912 4,087
Other current assets 188 172
Total current assets 4,664 4,902
Property and equipment, net 5,614 5,402
Operating lease right-of-use assets 2,236 2,190
Other assets 301 287
Total assets $ 12,815 $ 12,781
LIABILITIES AND STOCKHOLDERS' EQUITY
Current liabilities:
Short-term borrowings 150 —
Current maturities of long-term debt 500 750
Accounts payable 2,184 2,298
Accrued salaries and related expenses 412 397
Current operating lease liabilities 301 289
Other accrued liabilities 865 842
Total current liabilities 4,412 4,576
"""


def test_a_prior_year_figure_is_the_same_working_over_the_year_before():
    """Dates split over lines one a line above rows one space apart, with headings between:
    the dates head the columns. "(slightly below the prior year's 1.07x)" after "Current
    ratio = $4,664M ÷ $4,412M = 1.06x" is the same working over the other column (4,902 /
    4,576), its metric carried from the figure before."""
    cells = {c.text: c for c in extract_source("s", HOME_CENTER_SHEET).claims if c.cell is not None}
    assert cells["4,576"].period == "2024-02-03" and cells["4,576"].value == Decimal("4576e6")
    answer = (
        "- Current ratio = $4,664M ÷ $4,412M = **1.06x**\n\n"
        "A current ratio of about 1.06x (slightly below the prior year's {}) is typical."
    )
    assert not detect(source_input(answer.format("1.07x"), HOME_CENTER_SHEET)).flagged
    assert detect(source_input(answer.format("1.28x"), HOME_CENTER_SHEET)).flagged


RETAIL_PAGES = (
    """CONSOLIDATED STATEMENTS OF EARNINGS
(Amounts in millions)
Fiscal Years Ended February 1, 2025 February 3, 2024 January 28, 2023
Net sales $ 12,406 $ 11,985 $ 11,204
Cost of sales 7,815 7,672 7,268
""",
    """CONSOLIDATED BALANCE SHEETS
(Amounts in millions)
February 1, 2025 February 3, 2024
Accounts receivable, net 214 198
Merchandise inventories 2,318 2,402
Accounts payable $ 1,294 $ 1,231
""",
)


def test_days_of_inventory_receivables_and_payables_are_a_balance_over_a_year_s_flow():
    """ "Days inventory outstanding were about 108 days in FY2024": inventories over cost of
    sales times 365 (2,318 / 7,815 × 365), at the year's end or averaged with the year
    before (110 days); receivables over net sales, payables over cost of sales."""
    for answer in (
        "Days inventory outstanding were about 108 days in FY2024.",
        "Using average inventory, DIO was about 110 days in FY2024.",
        "DSO was roughly 6.3 days in fiscal 2024.",
        "Days sales outstanding were roughly 6.3 days in fiscal 2024.",
        "Days payable outstanding were about 60 days in FY2024.",
    ):
        assert not detect(source_input(answer, *RETAIL_PAGES)).flagged, answer
    for answer in (
        "Days inventory outstanding were about 118 days in FY2024.",
        "DSO was roughly 7.3 days in fiscal 2024.",
        "Days sales outstanding were roughly 7.3 days in fiscal 2024.",
        "Days payable outstanding were about 66 days in FY2024.",
    ):
        assert detect(source_input(answer, *RETAIL_PAGES)).flagged, answer


# (As PDF text leaves it: each row ends with a space.)
STATEMENT_WITH_SIGNS = "".join(
    line + " \n"
    for line in (
        "HARTWELL INSURANCE GROUP, INC.",
        "CONSOLIDATED STATEMENTS OF INCOME",
        "(in millions, except per share data)",
        "Years ended December 31,                                        2024            2023",
        "Net income                                          $           412 $           356",
        "Earnings per share:",
        "  Basic                                             $          6.12 $          5.21",
        "  Diluted                                           $          6.05 $          5.16",
        "Weighted average shares outstanding (millions):",
        "  Basic                                                        67.3            68.3",
        "  Diluted                                                      68.1            69.0",
    )
)

QUARTERS_WITH_SPANS = """FENWAY TOOLING CORP.
CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (Unaudited)
(in thousands, except per share data)

                                       Three Months Ended          Nine Months Ended
                                   Sep. 28, 2025 Sep. 29, 2024 Sep. 28, 2025 Sep. 29, 2024
Net sales                         $      214,806$      198,412$      631,904$      587,220
Cost of sales                            156,311       146,920       462,845       436,118
Net income                        $       18,214$       14,902$       52,466$       41,780

Diluted earnings per share        $         0.92$         0.74$         2.64$         2.08
Diluted weighted-average shares           19,804        20,116        19,871        20,240
"""


def test_a_row_whose_signs_stand_apart_from_its_figures_is_read_as_cells():
    # "$  6.05 $  5.16": the second column's sign ends the first cell's text.
    answer = "Diluted EPS was $6.05 in 2024. In 2023 it was {}."
    clean = detect(source_input(answer.format("$5.16"), STATEMENT_WITH_SIGNS))
    assert not clean.flagged
    wrong = detect(source_input(answer.format("$5.46"), STATEMENT_WITH_SIGNS))
    assert wrong.flagged


def test_a_count_noun_on_the_next_line_counts_nothing():
    claims = extract_source("doc", STATEMENT_WITH_SIGNS).claims
    (diluted_2023,) = [c for c in claims if c.text == "5.16"]
    assert diluted_2023.kind != "count"


def test_spans_ended_over_a_row_of_dates_head_their_columns():
    answer = "For the nine months ended September 28, 2025, Fenway earned {} per diluted share."
    assert not detect(source_input(answer.format("$2.64"), QUARTERS_WITH_SPANS)).flagged
    # The quarter's figure given for the nine months.
    wrong = detect(source_input(answer.format("$0.92"), QUARTERS_WITH_SPANS))
    assert wrong.flagged
    assert _verdict(wrong, "$0.92").outcome == PERIOD_MISMATCH
