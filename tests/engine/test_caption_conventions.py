"""What a caption says about the figures under it: rows its "except ..." list names are not
scaled, and comparatives it puts in brackets are earlier figures, not negatives. Each class
has a clean case and a wrong one of the same shape."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect, extract_claims
from hallucination.engine.types import DATE

from .conftest import source_input


def _values(text: str) -> dict[str, Decimal]:
    return {c.text: c.value for c in extract_claims(text) if c.kind != DATE}


# ------------------------------------------------------------------ "except ..." lists

FLEET = """Corran Van Hire plc — selected data
(in thousands, except branch and vehicle counts)

                               2025          2024
Rental revenue             $412,380      $388,114
Branches (end of year)          214           201
Vehicles in the fleet        38,610        36,902
"""


def test_rows_named_in_the_caption_s_except_list_are_not_scaled():
    values = _values(FLEET)

    assert values["214"] == Decimal("214")
    assert values["38,610"] == Decimal("38610")
    assert values["$412,380"] == Decimal("412380000")


def test_a_count_the_caption_excepts_grounds_as_written():
    result = detect(source_input("Corran ended 2025 with 214 branches.", FLEET))

    assert result.flagged is False


def test_the_other_year_s_count_is_still_flagged():
    result = detect(source_input("Corran ended 2025 with 201 branches.", FLEET))

    assert result.flagged is True


# ------------------------------------------------------------------ comparatives in brackets

COSTS = """Okavango Maltings Limited
Notes to the financial statements — 31 March 2025

14. Operating costs
(N$'000; comparatives in brackets)

Barley and hops: 188,406 (176,952)
Staff costs: 61,218 (58,430)
Distribution: 41,905 (44,217)
Total operating costs: 291,529 (279,599)
"""


def test_a_figure_in_brackets_after_another_is_the_comparative_when_the_caption_says_so():
    values = _values(COSTS)

    assert values["(44,217)"] == Decimal("44217")
    assert values["(58,430)"] == Decimal("58430")


def test_without_such_a_caption_brackets_still_mean_a_negative():
    values = _values(COSTS.replace("; comparatives in brackets", ""))

    assert values["(44,217)"] == Decimal("-44217")


def test_a_change_against_the_bracketed_comparative_is_recomputed():
    # (41,905 - 44,217) / 44,217 = -5.23%
    result = detect(source_input("Distribution costs fell 5.2% in the year.", COSTS))

    assert result.flagged is False


def test_a_wrong_change_against_the_bracketed_comparative_is_flagged():
    result = detect(source_input("Distribution costs fell 7.4% in the year.", COSTS))

    assert result.flagged is True


# ------------------------------------------------------------------ a section heading's reach

ROTOR = """Kestrel Rotor Services, Inc. — operating data

                                             2024          2023
Operating revenues (in thousands)
  Offshore energy                         $561,380      $552,917
  Search and rescue                       $218,466      $189,331
  Total operating revenues                $779,846      $742,248
Flight hours                               118,420       121,306
"""


def test_a_section_heading_s_scale_reaches_its_indented_total_row_and_no_further():
    values = _values(ROTOR)

    assert values["$779,846"] == Decimal("779846000")
    assert values["118,420"] == Decimal("118420")


def test_a_share_of_the_section_s_total_is_recomputed():
    # 189,331 / 742,248 = 25.51%; 218,466 / 779,846 = 28.01%
    answer = "Search and rescue's share of total operating revenues rose from 25.5% to 28.0%."
    result = detect(source_input(answer, ROTOR))

    assert result.flagged is False


def test_a_wrong_share_of_the_section_s_total_is_flagged():
    answer = "Search and rescue's share of total operating revenues rose from 23.5% to 28.0%."
    result = detect(source_input(answer, ROTOR))

    assert result.flagged is True


# ------------------------------------------------------------------ a row of units under the header

UNIT_ROW = """Note 5. Revenue

|                    | 2025    | 2024    |
|                    | $'000   | $'000   |
|---|---|---|
| Subsidies          | 268,417 | 231,905 |
| Daily fees         | 78,362  | 71,840  |
"""


def test_a_row_of_units_under_the_header_states_the_columns_scale():
    values = _values(UNIT_ROW)

    assert values["268,417"] == Decimal("268417000")
    assert values["71,840"] == Decimal("71840000")


def test_an_amount_at_the_unit_row_s_scale_grounds():
    result = detect(source_input("Subsidies were $268.4 million in 2025.", UNIT_ROW))

    assert result.flagged is False


def test_an_amount_a_thousand_times_off_the_unit_row_s_scale_is_flagged():
    result = detect(source_input("Subsidies were $268.4 billion in 2025.", UNIT_ROW))

    assert result.flagged is True


# ------------------------------------------------------------------ a caption's reach

TWO_BLOCKS = """(in thousands)                      2025          2024
Revenue                          842,310       801,554
Instructional costs              351,402       338,915

Student data                        2025          2024
Average total enrollment          51,204        49,870
New student starts                23,115        22,486
"""


def test_a_caption_scales_its_own_block_and_not_the_next_one_with_its_own_header():
    claims = {c.text: c for c in extract_claims(TWO_BLOCKS)}

    assert claims["842,310"].value == 842_310_000
    assert claims["51,204"].value == 51_204
