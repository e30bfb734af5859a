"""Quantities written with a unit straight after the digits, Indian scales and digit groups,
and the numbers inside index names. Each class has a clean case and a wrong one of the same
shape."""

from __future__ import annotations

from decimal import Decimal

import pytest

from hallucination.engine import detect
from hallucination.engine.extraction import extract_document
from hallucination.engine.types import DERIVED, GROUNDED

from .conftest import source_input


def _values(text: str) -> list[Decimal]:
    claims, _ = extract_document(text)
    return [c.value for c in claims]


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


# ------------------------------------------------------------------ units after the digits


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("Production was 118.4koz in the quarter.", Decimal("118.4")),
        ("Grade was 1.62g/t.", Decimal("1.62")),
        ("Next year EPS of 52.4c.", Decimal("52.4")),
        ("A 3.5MW rooftop array.", Decimal("3.5")),
        ("Output of 41,820bbl/d.", Decimal("41820")),
    ],
)
def test_a_unit_written_after_the_digits_leaves_a_quantity(written, value):
    assert _values(written) == [value]


def test_digits_inside_a_name_stay_out_of_the_claims():
    assert _values("It bought 5 A320s and a 3D printer for its 5G network.") == [Decimal("5")]


MINE = (
    "Ironbark produced 118.4koz of gold in the September quarter (June quarter: 109.7koz), as "
    "mill throughput returned to nameplate."
)


def test_a_change_between_quantities_with_units_is_recomputed():
    result = detect(
        source_input("Production was 118.4koz, up 7.9% on the June quarter's 109.7koz.", MINE)
    )
    assert _verdict(result, "7.9%").outcome == DERIVED
    assert not result.flagged


def test_a_wrong_change_between_quantities_with_units_is_flagged():
    result = detect(
        source_input("Production was 118.4koz, up 9.7% on the June quarter's 109.7koz.", MINE)
    )
    assert not _verdict(result, "9.7%").grounded
    assert result.flagged


# ------------------------------------------------------------------ Indian scales and grouping


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("Revenue was ₹1,938.48 crore.", Decimal("19384800000")),
        ("Deposits reached ₹4.86 lakh crore.", Decimal("4.86E12")),
        ("Loans of ₹312 lakh.", Decimal("31200000")),
        ("Month-end AUM (₹): 48,72,16,54,310", Decimal("48721654310")),
        ("Headcount was 2,41,306.", Decimal("241306")),
    ],
)
def test_crore_lakh_and_indian_digit_groups_are_read(written, value):
    assert _values(written)[-1] == value


NBFC = "Revenue from operations was ₹1,938.48 crore in the quarter ended 31 March 2025."


def test_crore_restated_in_billions_is_grounded():
    result = detect(
        source_input("Revenue from operations was ₹1,938.48 crore, or about ₹19.38 billion.", NBFC)
    )
    assert not result.flagged


def test_crore_read_as_billions_at_the_wrong_scale_is_flagged():
    result = detect(
        source_input("Revenue from operations was ₹1,938.48 crore, or about ₹193.8 billion.", NBFC)
    )
    assert not _verdict(result, "₹193.8 billion").grounded


CRORE_TABLE = """(₹ in crore)
| Item | FY2025 | FY2024 |
|---|---|---|
| Revenue from operations | 18,412 | 17,143 |
"""


def test_a_table_captioned_in_crore_states_its_scale():
    right = detect(
        source_input("Revenue from operations was ₹184.1 billion in FY2025.", CRORE_TABLE)
    )
    wrong = detect(
        source_input("Revenue from operations was ₹18.41 billion in FY2025.", CRORE_TABLE)
    )
    assert _verdict(right, "₹184.1 billion").outcome == GROUNDED
    assert not _verdict(wrong, "₹18.41 billion").grounded


# ------------------------------------------------------------------ index names


def test_the_number_in_an_index_name_is_no_figure():
    assert _values("The S&P 500 Index and the Russell 2000 rose; the FTSE 100 fell.") == []


INDEX = (
    "Cumulative total return: S&P 500 Index 100.0 at December 31, 2019 and 65.7 at "
    "December 31, 2022."
)


def test_an_index_name_lends_no_operand_to_a_change():
    right = detect(source_input("The S&P 500 Index declined about 34%, from 100.0 to 65.7.", INDEX))
    wrong = detect(source_input("The S&P 500 Index declined about 20%, from 100.0 to 65.7.", INDEX))
    assert not right.flagged
    assert wrong.flagged


# ------------------------------------------------------------------ MSEK, TSEK


NORDIC = """Loss allowance for trade receivables:

MSEK\t2024\t2023\t2022
Opening balance\t312\t287\t301
Utilised (write-offs)\t(91)\t(79)\t(97)
Closing balance\t300\t312\t287
"""


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("Receivables amounted to MSEK 214 at year-end.", Decimal("214E6")),
        ("Fees of TSEK 1,200.", Decimal("1200E3")),
        ("Sales were SEK 4,812 million.", Decimal("4812E6")),
    ],
)
def test_a_currency_code_with_a_scale_letter_states_the_scale(written, value):
    assert _values(written) == [value]


def test_a_table_headed_msek_is_in_millions():
    right = detect(source_input("Write-offs were SEK 91 million in 2024.", NORDIC))
    wrong = detect(source_input("Write-offs were SEK 91 billion in 2024.", NORDIC))
    assert not right.flagged
    assert wrong.flagged


# ------------------------------------------------------------------ rows and captions


BALANCE = """CONSOLIDATED BALANCE SHEETS
(In millions)

                                                 December 31, 2024 December 31, 2023
Cash and cash equivalents                         $          612.4  $          548.1
Accounts receivable, net                                     741.6             689.2
Total current assets                                       2,614.8           2,485.8
"""


def test_accounts_receivable_is_an_amount_not_a_count_of_accounts():
    right = detect(source_input("Receivables were $741.6M at December 31, 2024.", BALANCE))
    wrong = detect(source_input("Receivables were $714.6M at December 31, 2024.", BALANCE))
    assert not right.flagged
    assert wrong.flagged


FLATTENED = (
    "CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (Unaudited) (in thousands, except per "
    "share data) Six Months Ended June 29, 2025 June 30, 2024 Net sales $ 771,918 $ 730,112 "
    "Net income $ 38,412 $ 29,806 Diluted earnings per share $ 1.05 $ 0.81"
)


def test_a_flattened_statement_keeps_its_caption_from_calling_a_scale_drift():
    result = detect(
        source_input("Net income rose to $38,412K from $29,806K on sales of $771,918K.", FLATTENED)
    )
    assert not result.flagged


def test_a_flattened_statement_still_flags_figures_it_does_not_hold():
    result = detect(source_input("Net income rose to $41,384K from $29,806K.", FLATTENED))
    assert result.flagged


def test_a_dollar_sign_glued_to_the_figure_before_it_belongs_to_the_next():
    line = "Net sales                         $      486,215$      431,904$    1,402,118"
    assert _values(line) == [Decimal("486215"), Decimal("431904"), Decimal("1402118")]


def test_a_year_in_parentheses_in_prose_is_a_date_not_a_loss():
    claims, _ = extract_document("**Payout ratio (2023) ≈ 121.5% of net income**")
    assert [(c.text, c.kind) for c in claims] == [("2023", "date"), ("121.5%", "percent")]


def test_a_parenthesised_amount_with_a_scale_word_is_still_a_negative():
    claims, _ = extract_document("a loss of (2023) thousand")
    assert [c.value for c in claims] == [Decimal("-2023000")]


@pytest.mark.parametrize(
    ("written", "unit"),
    [
        ("Revenue was THB 8,412.6 million.", "THB"),
        ("The NIS 600 million Series C notes.", "ILS"),
        ("Mexico added Ps 794 million.", "MXN"),
        ("Premiums of HUF 412.6 billion.", "HUF"),
        ("A PLN 12 million grant.", "PLN"),
        ("EBITDA of RM171 million.", "MYR"),
        ("A RM 500 million sukuk.", "MYR"),
    ],
)
def test_currency_codes_and_their_local_forms_are_read(written, unit):
    claims, _ = extract_document(written)
    assert [c.unit for c in claims] == [unit]


def test_letters_before_digits_that_name_no_currency_stay_a_name():
    claims, _ = extract_document("The PS5 sold 3 million units.")
    assert [c.text for c in claims] == ["3 million"]


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("EBITDA was RM171 million on revenue of RM612 million, a 27.9% margin.", False),
        ("EBITDA was RM171 million on revenue of RM612 million, a 29.7% margin.", True),
        ("EBITDA was US$171 million on revenue of US$612 million.", True),
    ],
)
def test_ringgit_figures_ground_derive_and_flag(answer, flagged):
    source = "EBITDA: MYR 171 million. Revenue: MYR 612 million."
    assert detect(source_input(answer, source)).flagged is flagged


def test_a_constant_after_a_sign_in_a_formula_written_in_words_is_no_claim():
    claims, _ = extract_document("DSO = Accounts receivable ÷ Net sales × 365 ≈ 44.5 days")
    assert [c.text for c in claims] == ["44.5"]


OPERATIONS = """(in millions)                                 Year Ended December 31,
                                               2024          2023
Revenue                                    $ 4,753.2     $ 4,212.9
  Research and development                   1,912.4       1,736.8
"""


def test_a_caption_on_the_line_over_the_years_states_the_table_s_scale():
    right = detect(
        source_input("Research and development was $1,912.4 million in 2024.", OPERATIONS)
    )
    wrong = detect(source_input("Research and development was $1.91 million in 2024.", OPERATIONS))
    assert not right.flagged
    assert wrong.flagged


QUARTER_SGA = """($ in millions)                          13 Weeks Ended
                                   Nov. 1, 2025   Nov. 2, 2024
Net sales                              $2,148.6       $2,079.3
Selling, general and administrative      $612.3         $601.8
"""


def test_dollar_cells_under_a_scale_caption_are_not_units():
    result = detect(
        source_input(
            "SG&A of $612.3 million was 28.5% of net sales of $2,148.6 million.", QUARTER_SGA
        )
    )
    assert not result.flagged


def test_dollar_cells_under_a_scale_caption_still_ground_only_their_digits():
    result = detect(source_input("SG&A was $621.3 million in the quarter.", QUARTER_SGA))
    assert result.flagged


CATASTROPHE = """Consolidated Underwriting Results
(in millions, except ratios)                     2024          2023
Net premiums earned                          $ 4,862.4     $ 4,517.9
Underwriting income                          $   233.5     $    78.1
Catastrophe losses included above            $   181.4     $   264.9
"""


def test_a_row_of_losses_with_dollar_signs_is_money_not_a_count():
    """ "Catastrophe losses ... $ 181.4" in millions: money, not 181.4 million losses counted
    as a trader counts losing trades (a caption with no currency left it a count)."""
    claims, _ = extract_document(CATASTROPHE)
    cell = next(c for c in claims if c.text == "181.4")
    assert cell.kind == "currency" and cell.value == Decimal("181.4e6")
    sentence = "Catastrophe losses were {} in 2024 against $264.9 million in 2023."
    assert not detect(source_input(sentence.format("$181.4 million"), CATASTROPHE)).flagged
    assert detect(source_input(sentence.format("$191.4 million"), CATASTROPHE)).flagged
