"""Tables an answer draws itself, with periods for rows and metrics for columns: cells that
carry their own scale word (`$842.3 million`), each cell named by its column header rather
than by the words of its line, a figure per unit under a total's name, and a change noun
right after a rate (`the 2.7% growth in average enrollment`). Each class has a clean case
and a wrong one of the same shape."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.extraction import extract_document
from hallucination.engine.types import DERIVED

from .conftest import source_input

COLLEGE = """Harrow Fields Learning, Inc. — Results of operations

(in thousands)                      2025          2024
Revenue                          842,310       801,554
Instructional costs              351,402       338,915

Student data                        2025          2024
Average total enrollment          51,204        49,870
New student starts                23,115        22,486
"""

TABLE = """| | Revenue | Average enrollment | Revenue per student |
|---|---:|---:|---:|
| 2025 | $842.3 million | 51,204 | **$16,450** |
| 2024 | $801.6 million | 49,870 | **{per_student}** |
"""


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_a_cell_with_its_own_scale_word_is_a_cell_of_its_table():
    claims, _ = extract_document(TABLE.format(per_student="$16,073"))

    (cell,) = [c for c in claims if c.text == "$842.3 million"]
    assert cell.cell is not None
    assert cell.value == 842_300_000


def test_an_answer_table_of_totals_and_per_unit_figures_is_read_by_its_columns():
    # 842,310,000 / 51,204 = 16,450.1; 801,554,000 / 49,870 = 16,072.9.
    result = detect(source_input(TABLE.format(per_student="$16,073"), COLLEGE))

    assert _verdict(result, "$16,073").outcome == DERIVED
    assert result.flagged is False


def test_a_per_unit_figure_its_columns_do_not_give_is_flagged():
    result = detect(source_input(TABLE.format(per_student="$16,730"), COLLEGE))

    assert _verdict(result, "$16,730").grounded is False
    assert result.flagged is True


def test_a_wrong_total_in_a_cell_with_a_scale_word_is_flagged():
    answer = TABLE.format(per_student="$16,073").replace("$801.6 million", "$810.6 million")
    result = detect(source_input(answer, COLLEGE))

    assert _verdict(result, "$810.6 million").grounded is False
    assert result.flagged is True


def test_a_rate_followed_by_a_noun_of_change_is_a_change_even_after_than():
    # 16,450.1 / 16,072.9 - 1 = 2.35%; 51,204 / 49,870 - 1 = 2.67%.
    answer = TABLE.format(per_student="$16,073") + (
        "\nRevenue per student rose about 2.3%, less than the 2.7% growth in average enrollment."
    )
    result = detect(source_input(answer, COLLEGE))

    assert _verdict(result, "2.7%").outcome == DERIVED
    assert result.flagged is False


def test_a_change_after_than_that_its_figures_do_not_give_is_flagged():
    answer = TABLE.format(per_student="$16,073") + (
        "\nRevenue per student rose about 2.3%, less than the 3.1% growth in average enrollment."
    )
    result = detect(source_input(answer, COLLEGE))

    assert _verdict(result, "3.1%").grounded is False
    assert result.flagged is True


# ------------------------------------------------------------------ a headline over the table

CASINO = """| (in millions) | Three Months Ended June 30, 2025 | Three Months Ended June 30, 2024 |
|---|---:|---:|
| Total net revenues | $402.7 | $392.5 |
| Total Adjusted EBITDA | $106.4 | $99.0 |
"""
MARGINS = """

| Quarter ended June 30 | Adjusted EBITDA | Net revenues | Margin |
|---|---:|---:|---:|
| 2025 | $106.4 million | $402.7 million | 26.4% |
| 2024 | $99.0 million | $392.5 million | 25.2% |
"""


def test_a_headline_change_stands_on_a_column_named_by_part_of_its_words():
    # 26.42% - 25.22% = 1.20 points.
    answer = "**Adjusted EBITDA margin expanded by roughly 120 basis points year over year.**"
    result = detect(source_input(answer + MARGINS, CASINO))

    assert _verdict(result, "120 basis points").outcome == DERIVED
    assert result.flagged is False


def test_a_headline_change_its_table_does_not_give_is_flagged():
    answer = "**Adjusted EBITDA margin expanded by roughly 210 basis points year over year.**"
    result = detect(source_input(answer + MARGINS, CASINO))

    assert _verdict(result, "210 basis points").grounded is False
    assert result.flagged is True


# ------------------------------------------------------------------ "≈" cells, a base as working

TOBACCO = """(in millions)                                   2024          2023
Operating companies income - Smokeable products      10,412        10,237
Revenues net of excise taxes - Smokeable products    16,868        17,001
"""
OCI = """Margin = operating companies income ÷ revenues net of excise taxes ($ in millions).

| | 2024 | 2023 |
|---|---:|---:|
| Operating companies income | $10,412 | $10,237 |
| Revenues net of excise taxes | $16,868 | $17,001 |
| **OCI margin** | **≈ {margin}** | **≈ 60.2%** |
"""


def test_a_cell_written_with_an_approximately_sign_is_a_cell_of_its_column():
    # 10,412 / 16,868 = 61.7%.
    result = detect(source_input(OCI.format(margin="61.7%"), TOBACCO))

    assert _verdict(result, "61.7%").outcome == DERIVED
    assert result.flagged is False


def test_an_approximately_cell_its_column_does_not_give_is_flagged():
    result = detect(source_input(OCI.format(margin="67.1%"), TOBACCO))

    assert result.flagged is True


ARR = (
    "Annual recurring revenue (ARR) was $1,284.6 million as of January 31, 2025, compared "
    "with $1,012.3 million as of January 31, 2024."
)


def test_the_base_of_a_change_as_an_operand_of_working_is_no_period_slip():
    # 272.3 / 1,012.3 = 26.90%.
    answer = "Net new ARR was $272.3M. Growth = $272.3M ÷ $1,012.3M ≈ 26.90%."
    assert detect(source_input(answer, ARR)).flagged is False


def test_the_base_given_as_the_current_figure_is_still_a_period_slip():
    answer = "ARR reached $1,012.3 million at the end of the year."
    assert detect(source_input(answer, ARR)).flagged is True


# ------------------------------------------------------------------ counts in thousands, "− 1"

SALVAGE = """Item 7. Results of Operations (in thousands, except units)
Service revenues
  United States                               $3,413,926  $3,118,540
  International                                  512,377     468,904
Total revenues                                $3,926,303  $3,587,444

Units sold (in thousands)
  United States                                    3,118       2,964
  International                                      742         655
"""
PER_UNIT = """Both inputs are in thousands, so the ratio is in dollars per unit.

| | 2024 | 2023 |
|---|---:|---:|
| U.S. service revenues ($K) | 3,413,926 | 3,118,540 |
| U.S. units sold (K) | 3,118 | 2,964 |
| **Revenue per unit** | **$1,095** | **$1,052** |

Per-unit service revenue rose about **{rate}** (1,094.91 ÷ 1,052.14 − 1).
"""


def test_a_row_in_thousands_of_units_under_a_dollar_caption_is_a_count():
    # 1,094.91 / 1,052.14 − 1 = 4.1%.
    result = detect(source_input(PER_UNIT.format(rate="4.1%"), SALVAGE))

    assert _verdict(result, "3,118").grounded
    assert _verdict(result, "2,964").grounded
    assert _verdict(result, "4.1%").outcome == DERIVED
    assert [v.claim.text for v in result.verdicts if v.claim.text == "1"] == []


def test_working_after_a_bold_figure_with_a_wrong_result_is_flagged():
    result = detect(source_input(PER_UNIT.format(rate="4.6%"), SALVAGE))

    assert _verdict(result, "4.6%").grounded is False


# ------------------------------------------------------------------ a multiple in the answer's table

BOOKINGS = """Item 7. Net bookings were $4,415.0 million in 2024 and $4,113.8 million in 2023.
Total net sales were $3,953.2 million in 2024 and $3,577.5 million in 2023."""

BOOK_TO_BILL = """| | 2024 | 2023 |
|---|---:|---:|
| Net bookings | $4,415.0M | $4,113.8M |
| Total net sales | $3,953.2M | $3,577.5M |
| **Book-to-bill** | **{}** | **{}** |

Above 1.0 in both years, so orders still exceed sales."""


def test_a_multiple_written_without_its_x_in_the_answer_s_table_is_a_quotient_of_its_column():
    result = detect(source_input(BOOK_TO_BILL.format("1.12", "1.15"), BOOKINGS))

    assert result.flagged is False  # "Above 1.0": parity, not a figure of the sources


def test_a_wrong_multiple_in_the_answer_s_table_is_flagged():
    result = detect(source_input(BOOK_TO_BILL.format("1.21", "1.15"), BOOKINGS))

    assert result.flagged is True


def test_a_figure_beside_a_comparison_that_is_not_parity_still_needs_the_sources():
    answer = "Book-to-bill was above 1.3 in both years."
    assert detect(source_input(answer, BOOKINGS)).flagged is True


# ------------------------------------------------------------------ FCF in the answer's own table

CASH = """(in millions)                                   2024        2023
Net cash provided by operating activities          702.4        781.9
Purchases of property, plant and equipment      (146.2)     (172.5)
"""

FCF_TABLE = """| | 2024 | 2023 |
|---|---:|---:|
| Operating cash flow | $702.4M | $781.9M |
| Capex | ($146.2M) | ($172.5M) |
| **FCF** | **{}** | **{}** |
"""


def test_a_bracketed_cell_with_its_scale_letter_is_read_and_fcf_is_its_definition():
    cells = {c.text: c for c in extract_document(FCF_TABLE.format("$556.2M", "$609.4M"))[0]}

    assert cells["($146.2M)"].value == -146_200_000
    assert cells["($146.2M)"].period == "2024"
    assert detect(source_input(FCF_TABLE.format("$556.2M", "$609.4M"), CASH)).flagged is False


def test_a_wrong_fcf_cell_is_flagged():
    assert detect(source_input(FCF_TABLE.format("$556.2M", "$954.4M"), CASH)).flagged is True


# ------------------------------------------------------------------ points between the answer's own rates

SEGMENTS = """(in millions)                 2024        2023
Rest of World net sales       602.1       655.7
Rest of World earnings         41.3        58.2
"""

SEGMENT_MARGINS = """| Segment | 2024 | 2023 |
|---|---:|---:|
| Rest of World | 6.9% | 8.9% |

**How:** segment earnings ÷ segment net sales.

- Rest of World compressed by about {} points as demand weakened.
"""


def test_points_between_two_rates_of_the_answer_s_own_table_are_their_spread():
    assert detect(source_input(SEGMENT_MARGINS.format("2.0"), SEGMENTS)).flagged is False


def test_wrong_points_between_two_rates_of_the_answer_s_own_table_are_flagged():
    assert detect(source_input(SEGMENT_MARGINS.format("3.0"), SEGMENTS)).flagged is True


# ------------------------------------------------------------------ basis points over the unrounded rates

INCOME = """(in thousands)                  2024        2023
Total revenue                652,666     601,637
Income from operations       227,103     201,319
"""

BPS_ANSWER = """Operating margin = income from operations ÷ total revenue

- **2024:** $227.1M ÷ $652.7M ≈ **34.80%**
- **2023:** $201.3M ÷ $601.6M ≈ **33.46%**

**Change:** ≈ **{} bps** (about 34.8% vs 33.5%)."""


def test_basis_points_between_rates_restated_loosely_use_the_rates_worked_out():
    # 34.796% - 33.462% = 133 bps; the restated 34.8% - 33.5% would give 130.
    assert detect(source_input(BPS_ANSWER.format("+133"), INCOME)).flagged is False


def test_wrong_basis_points_between_rates_restated_loosely_are_flagged():
    assert detect(source_input(BPS_ANSWER.format("+153"), INCOME)).flagged is True


# ------------------------------------------------------------------ the days of a year

HOSPICE = """(in thousands)                           2024        2023
Net patient revenue                 1,086,612     982,305
Average daily census                    7,415       6,938
"""

DAYS_TABLE = """| | 2024 (leap year) | 2023 |
|---|---:|---:|
| Average daily census | 7,415 | 6,938 |
| Days | {} | {} |
"""


def test_the_days_of_each_column_s_year_are_the_calendar_s():
    assert detect(source_input(DAYS_TABLE.format("366", "365"), HOSPICE)).flagged is False


def test_days_that_are_not_the_year_s_are_flagged():
    assert detect(source_input(DAYS_TABLE.format("365", "366"), HOSPICE)).flagged is True
