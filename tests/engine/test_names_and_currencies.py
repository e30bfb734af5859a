"""Names an answer uses for what the sources discuss: an acronym the answer defines, a
country named where the sources give its people's adjective, and dollar currencies written
with a country prefix and a space ("N$ 14,400"). Each class has a clean case and a wrong one
of the same shape."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect, extract_claims
from hallucination.engine.extraction import extract_document
from hallucination.engine.scoring import ENTITY_MISMATCH

from .conftest import source_input

SEGMENTS = (
    "Kestrel Rotor Services reported search and rescue revenue of $218.5 million in 2024, "
    "against $189.3 million in 2023."
)


def _mismatches(result) -> list[str]:
    return [f.message for f in result.findings if f.code == ENTITY_MISMATCH]


def test_an_acronym_the_answer_defines_for_a_line_the_sources_name_is_no_other_company():
    answer = (
        "Search and rescue (SAR) revenue rose to $218.5 million in 2024. "
        "SAR's revenue was $189.3 million in 2023."
    )
    result = detect(source_input(answer, SEGMENTS))

    assert _mismatches(result) == []
    assert result.flagged is False


def test_an_acronym_neither_defined_nor_in_the_sources_is_still_a_mismatch():
    answer = "Search and rescue revenue rose to $218.5 million in 2024. HSR's revenue was $189.3 million."
    result = detect(source_input(answer, SEGMENTS))

    assert _mismatches(result)
    assert result.flagged is True


AUCTION = (
    "Windhoek — The second auction of hake rights raised N$ 612.4 million for 42,500 tonnes. "
    "Industry groups warned that high prices could push smaller Namibian-owned companies out."
)


def test_a_country_named_where_the_sources_give_its_people_s_adjective_is_mentioned():
    answer = "Namibia's second hake auction raised N$ 612.4 million for 42,500 tonnes."
    result = detect(source_input(answer, AUCTION))

    assert _mismatches(result) == []
    assert result.flagged is False


def test_another_country_is_still_a_mismatch():
    answer = "Angola's second hake auction raised N$ 612.4 million for 42,500 tonnes."
    result = detect(source_input(answer, AUCTION))

    assert _mismatches(result)


def test_a_prefixed_dollar_with_a_space_keeps_its_currency_and_its_hedge():
    (claim,) = extract_document("an average of roughly N$ 14,400 per tonne")[0]

    assert claim.unit == "NAD"
    assert claim.approximate is True
    assert claim.value == Decimal("14400")


def test_a_hedged_average_in_prefixed_dollars_is_recomputed():
    # 612,400,000 / 42,500 = 14,409.4
    answer = "The auction raised N$ 612.4 million for 42,500 tonnes, roughly N$ 14,400 per tonne."
    result = detect(source_input(answer, AUCTION))

    assert result.flagged is False


def test_a_wrong_hedged_average_in_prefixed_dollars_is_flagged():
    answer = "The auction raised N$ 612.4 million for 42,500 tonnes, roughly N$ 15,400 per tonne."
    result = detect(source_input(answer, AUCTION))

    assert result.flagged is True


# ------------------------------------------------------------------ a line's acronym

CRUISES = """Selected operating statistics
                                                      2024        2023
Passengers carried                               2,184,306   1,962,775
Passenger cruise days (PCDs)                    15,428,406  14,036,904
Available passenger cruise days (APCDs)         14,602,450  13,611,380
"""


def test_a_line_named_without_its_acronym_is_still_that_line():
    # 15,428,406 / 14,036,904 - 1 = 9.91%
    result = detect(source_input("Passenger cruise days rose about 9.9% in 2024.", CRUISES))

    assert result.flagged is False


def test_a_wrong_change_of_the_line_named_without_its_acronym_is_flagged():
    # 7.28% is the change in available passenger cruise days
    result = detect(source_input("Passenger cruise days rose about 7.3% in 2024.", CRUISES))

    assert result.flagged is True


# ------------------------------------------------------------------ the families of `$` and `pounds`

CALL = (
    "Revenue for the third quarter came in at twelve point four billion pounds, up thirty-"
    "eight percent year on year. Exports were EGP 2.73 billion."
)


def test_the_word_pounds_is_any_pound_when_the_answer_names_which():
    result = detect(source_input("Third-quarter revenue was EGP 12.4 billion.", CALL))

    assert result.flagged is False


def test_a_pound_figure_the_call_does_not_give_is_still_flagged():
    result = detect(source_input("Third-quarter revenue was EGP 14.2 billion.", CALL))

    assert result.flagged is True


def test_a_pound_said_to_be_sterling_is_not_the_egyptian_pound():
    source = "Revenue was £12.4 billion in the quarter."
    result = detect(source_input("Third-quarter revenue was EGP 12.4 billion.", source))

    assert result.flagged is True


def test_a_bare_dollar_sign_in_a_filing_is_the_dollar_the_answer_names():
    source = "Revenue was $3.4 million."  # a Canadian filing's own `$`
    result = detect(source_input("Revenue was C$3.4 million.", source))

    assert result.flagged is False


def test_an_american_dollar_is_not_a_canadian_one():
    source = "Revenue was US$3.4 million."
    result = detect(source_input("Revenue was C$3.4 million.", source))

    assert result.flagged is True


# ------------------------------------------------------------------ the currency block's signs

CEMENT = (
    "Profit after tax was ₦214.7 billion (2024: ₦88.9 billion). The Board recommends a final "
    "dividend of ₦30.00 per share on the 8.52 billion ordinary shares in issue."
)


def test_a_naira_sign_makes_a_figure_an_amount_of_naira():
    (claim,) = extract_document("about ₦255.6 billion")[0]

    assert (claim.kind, claim.unit, claim.value) == ("currency", "NGN", Decimal("255.6e9"))


def test_an_amount_in_naira_the_dividend_gives_is_derived():
    # ₦30.00 × 8.52 billion shares = ₦255.6 billion.
    answer = "At ₦30.00 per share on 8.52 billion shares, the final dividend costs ₦255.6 billion."
    result = detect(source_input(answer, CEMENT))

    assert result.flagged is False


def test_an_amount_in_naira_the_dividend_does_not_give_is_flagged():
    answer = "At ₦30.00 per share on 8.52 billion shares, the final dividend costs ₦265.6 billion."
    result = detect(source_input(answer, CEMENT))

    assert result.flagged is True


TRANSFER = (
    "Durban Rovers have signed Sipho Ndlovu for a club-record fee of R38.5 million. The fee "
    "could rise to R46 million if performance-related add-ons are met. Rovers' previous "
    "record signing joined for R26.9 million in 2022. Mbombela signed Ndlovu for R4.1 "
    "million in 2023. The M4 motorway runs past the ground."
)


def test_a_one_letter_currency_before_a_whole_number_and_its_scale_is_money():
    """ "R46 million" is 46 million rand, as "R4.1 million" is; "M4" alone stays a name."""
    amounts = {c.text: c for c in extract_claims(TRANSFER)}
    assert amounts["R46 million"].value == Decimal("46e6") and amounts["R46 million"].unit == "R"
    assert not any(c.text.startswith("M4") for c in amounts.values())
    answer = "The fee could reach {} with add-ons."
    assert not detect(source_input(answer.format("R46 million"), TRANSFER)).flagged
    assert detect(source_input(answer.format("R48 million"), TRANSFER)).flagged


def test_a_figure_that_could_come_is_no_figure_that_came():
    """ "could rise to R46 million if add-ons are met": a figure that may come, grounding
    only a claim that keeps the `could`; the fee before it is no such figure, and a change
    measured from the fee is measured from R38.5 million."""
    qualifiers = {c.text: c.qualifiers for c in extract_claims(TRANSFER)}
    assert "hypothetical" in qualifiers["R46 million"]
    assert "hypothetical" not in qualifiers["R38.5 million"]
    assert detect(source_input("The fee was R46 million.", TRANSFER)).flagged
    change = "The fee of R38.5 million is about {} more than the R26.9 million paid in 2022."
    assert not detect(source_input(change.format("43%"), TRANSFER)).flagged
    assert detect(source_input(change.format("53%"), TRANSFER)).flagged


def test_a_figure_rounded_from_its_own_sentence_s_figures_is_derived():
    """ "will receive R38.5 million ... a gain of about R34 million" on the R4.1 million paid:
    the difference of the sentence's own figures, rounded as written (a wide search over
    other values of the sources needs every digit)."""
    answer = (
        "Mbombela, who paid R4.1 million in 2023, will receive R38.5 million, a gain of about "
        "{} on the fee alone."
    )
    assert not detect(source_input(answer.format("R34 million"), TRANSFER)).flagged
    assert detect(source_input(answer.format("R31 million"), TRANSFER)).flagged
    # Money over a count, as a figure per unit: "€59.1 million over 1.47 million skier
    # days came to roughly €40".
    resort = "Lift-ticket revenue was €59.1 million on 1.47 million skier days last season."
    per_day = "Last season €59.1 million over 1.47 million skier days came to roughly {}."
    assert not detect(source_input(per_day.format("€40"), resort)).flagged
    assert detect(source_input(per_day.format("€44"), resort)).flagged


NOTE_OF_AN_UNNAMED_FILER = """Note 6. Inventories
Inventories consisted of the following at December 31 (in thousands):
                                   2024          2023
Raw materials                    84,210        79,460
Finished goods                  126,930       118,220
Total inventories               211,140       197,680
The Company values inventories at the lower of cost and net realizable value.
"""


def test_a_name_for_a_filer_its_note_calls_the_company_is_no_other_company():
    answer = "Brackwater's total inventories were $211.1 million at December 31, 2024."
    result = detect(source_input(answer, NOTE_OF_AN_UNNAMED_FILER))
    assert not result.flagged
    assert not [f for f in result.findings if f.code == ENTITY_MISMATCH]
    # A note that names its filer: another name is another company's.
    named = NOTE_OF_AN_UNNAMED_FILER.replace("The Company values", "Harlow Systems, Inc. values")
    named = "Harlow Systems, Inc.\n" + named
    result = detect(source_input(answer, named))
    assert result.flagged
    assert [f for f in result.findings if f.code == ENTITY_MISMATCH]
