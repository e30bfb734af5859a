"""Comparatives after a figure say which way its change goes ("18% bigger than the $41.3
million start"), whichever order a wide search takes two figures in; a source's quantity
written as a compound ("a 96-bed patient tower") is named by its noun and the words after
it; an amount paid for a stake implies the whole (£186 million for 75%: £248 million). Each
class has a clean case and a wrong one of the same shape. A total of a per-share amount
(VND 1,800 a share on 148.5 million shares) is no value of the per-share line; a compounded
increase is the sentence's rates compounded, each applied once to three times; a multiplier
written as a word ("three each", "the three-year contract") is a factor of a product; a
percentage may be the rest of the whole another of its sentence leaves (17.9% beside 82.1%)."""

from __future__ import annotations

import pytest

from hallucination.engine import detect
from hallucination.engine.types import SCALE_DRIFT

from .conftest import source_input

OPENINGS = (
    "The fantasy sequel opened to $48.6 million in North America this weekend. Its "
    "predecessor opened to $41.3 million in 2021 and finished with $402 million worldwide."
)


def test_a_change_called_bigger_than_its_base_is_recomputed():
    # (48.6 - 41.3) / 41.3 = 17.7%
    answer = (
        "The sequel opened to $48.6 million. That was nearly 18% bigger than the $41.3 million "
        "start of its predecessor."
    )
    assert detect(source_input(answer, OPENINGS)).flagged is False


def test_a_change_that_only_the_other_way_round_gives_is_flagged():
    # (41.3 - 48.6) / 48.6 = -15.0%: a fall from the sequel's opening, not a rise
    answer = (
        "The sequel opened to $48.6 million. That was nearly 15% bigger than the $41.3 million "
        "start of its predecessor."
    )
    assert detect(source_input(answer, OPENINGS)).flagged is True


HOSPITAL = (
    "The $340 million project adds a 96-bed patient tower to the 312-bed hospital, together "
    "with a new emergency department."
)


def test_a_sum_of_quantities_written_as_compounds_is_recomputed():
    answer = "The new 96-bed tower will take the campus to 408 beds."
    assert detect(source_input(answer, HOSPITAL)).flagged is False


def test_a_wrong_sum_of_quantities_written_as_compounds_is_flagged():
    answer = "The new 96-bed tower will take the campus to 418 beds."
    assert detect(source_input(answer, HOSPITAL)).flagged is True


# ------------------------------------------------------------------ the whole a stake implies

CLUB = (
    "Harrowgate Rovers has agreed to sell a 75% stake to Calloway Sports Partners for "
    "£186 million, the club said on Monday."
)


def test_the_whole_an_amount_paid_for_a_stake_implies_is_recomputed():
    # 186 / 0.75 = 248
    answer = "Calloway is buying 75% of the club for £186 million, a value of about £248 million for the whole."
    assert detect(source_input(answer, CLUB)).flagged is False


def test_a_wrong_whole_for_the_stake_is_flagged():
    answer = "Calloway is buying 75% of the club for £186 million, a value of about £268 million for the whole."
    assert detect(source_input(answer, CLUB)).flagged is True


def test_the_whole_in_another_currency_is_flagged():
    answer = "Calloway is buying 75% of the club for £186 million, a value of about $248 million for the whole."
    assert detect(source_input(answer, CLUB)).flagged is True


# ------------------------------------------------------------------ a total of a per-share line

DIVIDEND = (
    "The Board will propose a cash dividend of VND 1,800 per share for 2024. The company had "
    "148.5 million shares outstanding at 31 December 2024."
)


def test_a_total_of_a_per_share_amount_is_no_value_of_that_line():
    # 1,800 x 148.5 million = VND 267.3 billion
    answer = "At VND 1,800 per share on 148.5 million shares, the proposed cash dividend for 2024 totals about VND 267.3 billion."
    assert detect(source_input(answer, DIVIDEND)).flagged is False


def test_a_wrong_total_of_a_per_share_amount_is_flagged():
    answer = "At VND 1,800 per share on 148.5 million shares, the proposed cash dividend for 2024 totals about VND 276.3 billion."
    assert detect(source_input(answer, DIVIDEND)).flagged is True


def test_a_wrong_per_share_amount_is_still_that_line_s():
    answer = "The proposed cash dividend is VND 1,900 per share."
    assert detect(source_input(answer, DIVIDEND)).flagged is True


# ------------------------------------------------------------------ rates compounded

PAY_DEAL = (
    "Under the agreement, base wages rise 6.5% in the first year and 4% in each of the "
    "following two years."
)


def test_a_compounded_increase_over_the_sentence_s_rates_is_recomputed():
    # 1.065 x 1.04 x 1.04 - 1 = 15.19%
    answer = (
        "Base pay rises 6.5% in the first year and 4% in each of the next two, a compounded "
        "increase of about 15.2% over the contract."
    )
    assert detect(source_input(answer, PAY_DEAL)).flagged is False


def test_rates_added_up_and_called_compounded_are_flagged():
    # 6.5 + 4 + 4 = 14.5: a simple sum, not the compounded rise
    answer = (
        "Base pay rises 6.5% in the first year and 4% in each of the next two, a compounded "
        "increase of about 14.5% over the contract."
    )
    assert detect(source_input(answer, PAY_DEAL)).flagged is True


def test_a_compounded_increase_compounds_the_rates_right_before_it():
    """ "approved by 81% of those who voted, that raises wages by 6.5% this year and by 6%
    in each of the next two years — about 19.7% compounded": the vote's 81% is no rate of
    the raise."""
    source = (
        "Union members approved the deal by 81%. Wages rise 6.5% this year and 6% in each of "
        "the following two years."
    )
    answer = (
        "The deal, approved by 81% of those who voted, raises wages by 6.5% this year and by "
        "6% in each of the next two years — about {} compounded over the three years."
    )
    assert not detect(source_input(answer.format("19.7%"), source)).flagged
    assert detect(source_input(answer.format("18.5%"), source)).flagged


# ------------------------------------------------------------------ multipliers written as words

VACCINES = (
    "The ministry signed a contract for 18 million doses over three years. The country's birth "
    "cohort is about 1.4 million children a year, each of whom receives three doses."
)


def test_a_product_with_a_multiplier_written_as_a_word_is_recomputed():
    # 1.4 million x 3 = 4.2 million a year; x 3 years = 12.6 million
    answer = (
        "The schedule needs about 4.2 million doses a year, three each for roughly 1.4 million "
        "newborns, or 12.6 million over the three-year contract."
    )
    assert detect(source_input(answer, VACCINES)).flagged is False


def test_a_wrong_product_with_a_multiplier_written_as_a_word_is_flagged():
    answer = (
        "The schedule needs about 5.2 million doses a year, three each for roughly 1.4 million "
        "newborns."
    )
    assert detect(source_input(answer, VACCINES)).flagged is True


# ------------------------------------------------------------------ a per-unit figure's count after it

AUCTION_BID = (
    "A consortium won the auction for the lithium block with a bid of US$412 million. The "
    "block covers 28,400 hectares of the salt flat."
)


def test_a_figure_per_unit_over_a_count_written_later_in_its_sentence_is_recomputed():
    # 412,000,000 / 28,400 = 14,507
    answer = (
        "The consortium bid US$412 million. That is roughly US$14,500 per hectare for the "
        "28,400-hectare block."
    )
    assert detect(source_input(answer, AUCTION_BID)).flagged is False


def test_a_wrong_figure_per_unit_over_a_count_written_later_is_flagged():
    answer = (
        "The consortium bid US$412 million. That is roughly US$16,500 per hectare for the "
        "28,400-hectare block."
    )
    assert detect(source_input(answer, AUCTION_BID)).flagged is True


# ------------------------------------------------------------------ the rest of a whole

RETENTION = (
    "Agency title premiums were $1,148,726 thousand. Agent retention (commissions / agency "
    "premiums) was 82.1%."
)


def test_a_percentage_making_the_whole_with_another_of_its_sentence_is_recomputed():
    answer = "The company keeps about 17.9% of agency premiums, consistent with agent retention of 82.1%."
    assert detect(source_input(answer, RETENTION)).flagged is False


def test_a_percentage_that_misses_the_whole_is_flagged():
    answer = "The company keeps about 19.7% of agency premiums, consistent with agent retention of 82.1%."
    assert detect(source_input(answer, RETENTION)).flagged is True


# ------------------------------------------------------------------ a segment's run-in heading

SEGMENT_PARAGRAPHS = (
    "Americas. Net revenues increased 7% to $2.3 billion in 2023, driven by favorable pricing "
    "of 5 percentage points and volume growth of 2 percentage points.\n"
    "Asia Pacific. Net revenues increased 9.2% to $871.5 million in 2023, reflecting volume "
    "growth of 6.3 percentage points and pricing of 4.4 percentage points."
)


def test_a_figure_under_a_segment_s_run_in_heading_is_that_segment_s():
    answer = "In the Americas segment, pricing added 5 percentage points to growth in 2023."
    assert detect(source_input(answer, SEGMENT_PARAGRAPHS)).flagged is False


def test_another_segment_s_figure_is_still_flagged():
    answer = "In the Americas segment, pricing added 4.4 percentage points to growth in 2023."
    assert detect(source_input(answer, SEGMENT_PARAGRAPHS)).flagged is True


# ------------------------------------------------------------------ the linked quarter

QUARTERS = """(Dollars in thousands)                     Q3 2025        Q2 2025        Q3 2024
Net interest income (FTE)                 $214,612       $208,305       $199,741
Net interest margin (FTE)                    3.41 %         3.36 %         3.28 %
"""


def test_a_change_from_the_linked_quarter_is_over_the_quarter_before():
    # 3.41% - 3.36% = 5 bps; 3.41% - 3.28% = 13 bps year over year
    answer = (
        "The net interest margin was 3.41% in Q3 2025, up 13 basis points year over year and "
        "5 basis points from the linked quarter."
    )
    assert detect(source_input(answer, QUARTERS)).flagged is False


def test_the_year_over_year_change_given_as_the_linked_quarter_s_is_flagged():
    answer = (
        "The net interest margin was 3.41% in Q3 2025, up 5 basis points year over year and "
        "13 basis points from the linked quarter."
    )
    assert detect(source_input(answer, QUARTERS)).flagged is True


# ------------------------------------------------------------------ "from" years order no figures

BOND_SALE = (
    "The bonds mature serially from 2035 through 2054. The all-in true interest cost was 4.18%, "
    "below the 4.45% the finance committee had budgeted."
)


def test_years_from_and_to_do_not_order_a_sentence_s_rates():
    # 4.18% - 4.45% = -27 bps: below
    answer = (
        "The bonds mature from 2035 to 2054 and priced at a true interest cost of 4.18%, 27 "
        "basis points below the 4.45% budgeted."
    )
    assert detect(source_input(answer, BOND_SALE)).flagged is False


def test_a_wrong_spread_in_such_a_sentence_is_still_flagged():
    answer = (
        "The bonds mature from 2035 to 2054 and priced at a true interest cost of 4.18%, 37 "
        "basis points below the 4.45% budgeted."
    )
    assert detect(source_input(answer, BOND_SALE)).flagged is True


# ------------------------------------------------------------------ changed "by about"

HOLD = (
    "Adjusted EBITDA was $106.4 million in Q2 2025. Table games hold was above the normal "
    "range in the quarter; management estimates that normalized hold would have reduced "
    "Adjusted EBITDA by about $3 million."
)


def test_an_amount_a_line_changed_by_about_is_the_change_not_the_line():
    answer = (
        "Management estimates normalized hold would have cut Adjusted EBITDA by about "
        "$3 million in Q2 2025."
    )
    result = detect(source_input(answer, HOLD))

    assert result.flagged is False


def test_a_change_by_about_an_amount_the_sources_do_not_give_is_flagged():
    answer = (
        "Management estimates normalized hold would have cut Adjusted EBITDA by about "
        "$8 million in Q2 2025."
    )
    result = detect(source_input(answer, HOLD))

    assert result.flagged is True


# ------------------------------------------------------------------ a share of a named line

WHITE_GOODS = (
    "Revenue was TRY 86,412 million in 2025 (2024: TRY 79,905 million). Exports accounted for "
    "58.4% of revenue, against 55.9% a year earlier."
)


def test_a_figure_its_sentence_gives_as_a_share_of_a_line_is_that_share():
    # 86,412 × 58.4% = 50,464.6 million.
    answer = (
        "Export revenue was approximately TRY 50.5 billion in 2025, 58.4% of total revenue "
        "of TRY 86,412 million."
    )
    result = detect(source_input(answer, WHITE_GOODS))

    assert result.flagged is False


def test_a_figure_that_is_not_the_share_its_sentence_gives_is_flagged():
    answer = (
        "Export revenue was approximately TRY 55.5 billion in 2025, 58.4% of total revenue "
        "of TRY 86,412 million."
    )
    result = detect(source_input(answer, WHITE_GOODS))

    assert result.flagged is True


# ------------------------------------------------------------------ counts, spans and one digit

BRANCHES = (
    "Northfield Bank will close 87 of its 412 branches by September 2026. Northfield expects "
    "the programme to save £38 million a year, against one-off costs of £52 million."
)


def test_a_count_written_n_strong_is_a_whole_a_share_is_taken_of():
    # 87 / 412 = 21.1%.
    answer = "Northfield Bank is closing 87 branches, about 21% of its 412-strong network."
    result = detect(source_input(answer, BRANCHES))

    assert result.flagged is False


def test_a_share_of_an_n_strong_whole_its_figures_do_not_give_is_flagged():
    answer = "Northfield Bank is closing 87 branches, about 24% of its 412-strong network."
    result = detect(source_input(answer, BRANCHES))

    assert result.flagged is True


def test_a_span_of_time_is_a_cost_over_its_sentences_annual_amount():
    # 52 / 38 × 12 = 16.4 months.
    answer = (
        "The bank puts annual savings at £38 million against £52 million of one-off costs, so "
        "the programme should pay for itself in roughly 16 months."
    )
    assert detect(source_input(answer, BRANCHES)).flagged is False


def test_a_span_of_time_over_the_annual_amount_the_wrong_way_up_is_flagged():
    # 38 / 52 × 12 = 8.8 months: the ratio inverted.
    answer = (
        "The bank puts annual savings at £38 million against £52 million of one-off costs, so "
        "the programme should pay for itself in roughly 9 months."
    )
    assert detect(source_input(answer, BRANCHES)).flagged is True


COPPER = "At the LME price of $9,380 a tonne, the lost output was worth about $118 million."


def test_a_figure_of_one_digit_is_no_other_scales_value_in_other_digits():
    # "9 billion" is 9,380 a million times over only to one digit: no scale slip is shown.
    result = detect(source_input("The bonus comes to roughly 9 billion pesos.", COPPER))

    assert all(v.outcome != SCALE_DRIFT for v in result.verdicts)


def test_a_figure_of_more_digits_at_another_scale_is_a_scale_slip():
    result = detect(source_input("Copper traded at $9.38 billion a tonne.", COPPER))

    assert [v.outcome for v in result.verdicts] == [SCALE_DRIFT]


# ------------------------------------------------------------------ discounts and bases

TOLL_RISE = (
    "The cash toll for cars will go to $5.10 from $4.25 on 1 July 2026. Drivers using the "
    "TollTag transponder will continue to receive a 20% discount."
)


def test_a_price_after_its_sentences_discount_is_derived():
    # $5.10 × (1 − 20%) = $4.08.
    answer = (
        "From 1 July 2026, cars will pay $5.10 to cross, up 85 cents or 20% from $4.25. "
        "TollTag users keep their 20% discount, so a trip will cost about $4.08."
    )
    assert detect(source_input(answer, TOLL_RISE)).flagged is False


def test_a_price_the_discount_does_not_give_is_flagged():
    answer = (
        "From 1 July 2026, cars will pay $5.10 to cross, up 85 cents or 20% from $4.25. "
        "TollTag users keep their 20% discount, so a trip will cost about $4.25."
    )
    assert detect(source_input(answer, TOLL_RISE)).flagged is True


def test_a_change_over_the_value_it_arrived_at_is_the_wrong_base():
    # 0.85 / 5.10 = 16.7%; the rise on the old $4.25 is 20%.
    answer = "Cars will pay $5.10, up $0.85 or about 16.7% from $4.25."
    result = detect(source_input(answer, TOLL_RISE))

    assert result.flagged is True


# ------------------------------------------------------------------ spans of time

FESTIVAL = (
    "The Greenhollow Festival drew a record 186,500 visitors over its four days last weekend. "
    "The authority expects the new tolls to raise an extra $18.2 million a year, which will "
    "help pay for the $310 million replacement of the bridge deck."
)


def test_a_count_a_day_is_its_sentences_total_over_the_days_it_names():
    # 186,500 / 4 = 46,625.
    answer = "The festival drew 186,500 over four days, roughly 46,600 visitors a day on average."
    assert detect(source_input(answer, FESTIVAL)).flagged is False


def test_a_count_a_day_that_is_not_the_total_over_the_days_is_flagged():
    answer = "The festival drew 186,500 over four days, roughly 62,200 visitors a day on average."
    assert detect(source_input(answer, FESTIVAL)).flagged is True


def test_a_span_of_time_may_take_its_annual_amount_from_an_earlier_sentence():
    # 310 / 18.2 = 17.0 years.
    answer = (
        "The tolls bring in an extra $18.2 million a year. On its own, that would take about "
        "17 years to cover the $310 million deck replacement."
    )
    assert detect(source_input(answer, FESTIVAL)).flagged is False


def test_a_span_of_time_its_amounts_do_not_give_is_flagged():
    answer = (
        "The tolls bring in an extra $18.2 million a year. On its own, that would take about "
        "12 years to cover the $310 million deck replacement."
    )
    assert detect(source_input(answer, FESTIVAL)).flagged is True


# ------------------------------------------------------------------ the way a change goes

SUGAR = (
    "Profit after tax was UGX 47.2 billion (2023: UGX 61.9 billion). The directors recommend "
    "a final dividend of UGX 12.0 billion."
)


def test_a_fall_over_the_earlier_value_is_derived():
    # (47.2 − 61.9) / 61.9 = −23.7%.
    answer = "Profit after tax dropped 23.7% year on year, to UGX 47.2 billion."
    assert detect(source_input(answer, SUGAR)).flagged is False


def test_a_fall_whose_only_formula_is_a_rise_is_flagged():
    # (61.9 − 47.2) / 47.2 = +31.1%: the later value as the base, and a rise, not a fall.
    answer = "Profit after tax dropped 31.1% year on year, to UGX 47.2 billion."
    assert detect(source_input(answer, SUGAR)).flagged is True


# ------------------------------------------------------------------ what a quantity counts

BREWER = (
    "Beer volumes rose to 6.18 million hectolitres in 2024 (2023: 5.94 million hectolitres). "
    "Net sales were RD$ 58,412.6 million (2023: RD$ 53,207.9 million)."
)


def test_an_amount_per_unit_over_a_quantity_named_by_what_it_counts_is_derived():
    # 58,412.6 million / 6.18 million hectolitres = RD$ 9,451.9.
    answer = "Net sales per hectolitre rose to roughly RD$ 9,452 in 2024."
    assert detect(source_input(answer, BREWER)).flagged is False


def test_an_amount_per_unit_the_quantity_does_not_give_is_flagged():
    answer = "Net sales per hectolitre rose to roughly RD$ 9,542 in 2024."
    assert detect(source_input(answer, BREWER)).flagged is True


AUCTION = "Of the 48 lots offered, 43 found buyers, and three works were withdrawn."


def test_a_rate_is_not_decided_by_a_count_its_words_also_name():
    # 43 / 48 = 89.6%.
    answer = "Forty-three of the forty-eight lots found buyers, a sell-through rate of about 90%."
    assert detect(source_input(answer, AUCTION)).flagged is False


def test_a_rate_its_counts_do_not_give_is_flagged():
    answer = "Forty-three of the forty-eight lots found buyers, a sell-through rate of about 80%."
    assert detect(source_input(answer, AUCTION)).flagged is True


# ------------------------------------------------------------------ implied bases, earlier units

MILK = "Blackwater Dairies will pay 38.5 cent a litre for May milk, a cut of 2.5 cent."
FINE = (
    "The ICO fined Harbourline Mobile £8.4 million. Attackers took data on 3.4 million "
    "customers in March 2023."
)


def test_a_rate_of_change_over_the_level_its_sentence_implies_is_derived():
    # 2.5 / (38.5 + 2.5) = 6.1%.
    answer = "Blackwater is paying 38.5 cent a litre for May milk, down 2.5 cent or about 6.1%."
    assert detect(source_input(answer, MILK)).flagged is False


def test_a_rate_of_change_over_the_level_it_arrived_at_is_flagged():
    # 2.5 / 38.5 = 6.5%: the new price, not the one the cut was taken from.
    answer = "Blackwater is paying 38.5 cent a litre for May milk, down 2.5 cent or about 6.5%."
    assert detect(source_input(answer, MILK)).flagged is True


def test_an_amount_per_unit_alone_in_its_sentence_is_over_earlier_figures():
    # £8.4 million / 3.4 million customers = £2.47.
    answer = (
        "The ICO fined Harbourline Mobile £8.4 million after attackers took data on 3.4 "
        "million customers. That works out at roughly £2.47 per affected customer."
    )
    assert detect(source_input(answer, FINE)).flagged is False


def test_an_amount_per_unit_the_earlier_figures_do_not_give_is_flagged():
    answer = (
        "The ICO fined Harbourline Mobile £8.4 million after attackers took data on 3.4 "
        "million customers. That works out at roughly £2.74 per affected customer."
    )
    assert detect(source_input(answer, FINE)).flagged is True


# ------------------------------------------------------------------ a thousand units apart

SAFFRON = (
    "The Kozani cooperative expects about 2.1 tonnes of dried saffron from 830 hectares this "
    "year. Growers will be paid €3,400 a kilo."
)


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # 2.1 tonnes = 2,100 kilos: × €3,400 = €7.14 million; / 830 hectares = 2.5 kilos.
        ("The harvest of 2.1 tonnes, at €3,400 a kilo, is worth roughly €7.14 million.", False),
        ("The harvest of 2.1 tonnes, at €3,400 a kilo, is worth roughly €7.41 million.", True),
        ("Its 2.1 tonnes from 830 hectares are about 2.5 kilos per hectare.", False),
        ("Its 2.1 tonnes from 830 hectares are about 3.5 kilos per hectare.", True),
    ],
)
def test_a_product_or_quotient_across_a_measures_two_units(answer, flagged):
    assert detect(source_input(answer, SAFFRON)).flagged is flagged


MARATHON = (
    "LAKEPORT — A record 48,310 runners crossed the finish line of the Lakeport Marathon on "
    "Sunday, up from 45,972 last year, as cool, dry weather produced fast times."
)


@pytest.mark.parametrize(("rate", "flagged"), [("5.1%", False), ("4.8%", True)])
def test_the_base_a_source_sentence_names_further_on_still_counts(rate, flagged):
    # 48,310 / 45,972 − 1 = 5.1%; 4.8% is the change over the later count.
    answer = f"The marathon set a participation record, with 48,310 finishers, about {rate} more than last year."
    assert detect(source_input(answer, MARATHON)).flagged is flagged


DESALINATION = (
    "The plant will produce 60,000 cubic metres of drinking water a day, raising Lanzarote's "
    "total desalination capacity to 142,000 cubic metres a day."
)


@pytest.mark.parametrize(("rate", "flagged"), [("73%", False), ("42%", True)])
def test_a_rise_over_the_level_before_that_its_sentence_implies(rate, flagged):
    # 60,000 / (142,000 − 60,000) = 73%; 60,000 / 142,000 = 42% is over the level it reached.
    answer = (
        "The plant will make 60,000 cubic metres of water a day, taking the island's capacity "
        f"to 142,000 — roughly {rate} more than today."
    )
    assert detect(source_input(answer, DESALINATION)).flagged is flagged


HYDRO = (
    "The Company's 72 MW run-of-river plant on the Sunkoshi river generated 412.68 GWh during "
    "FY 2080/81 (FY 2079/80: 398.15 GWh). Generation in the wet season was close to design."
)


@pytest.mark.parametrize(("rate", "flagged"), [("3.65%", False), ("3.52%", True)])
def test_year_on_year_is_over_the_year_before_the_prose_gives_after_its_figure(rate, flagged):
    # (412.68 − 398.15) / 398.15 = 3.65%; 3.52% is the change over the later year.
    answer = f"Generation increased by {rate} year on year, to 412.68 GWh in FY 2080/81."
    assert detect(source_input(answer, HYDRO)).flagged is flagged


PORT = (
    "In 2024 revenue was MZN 19,746 million (2023: MZN 17,102 million). Under the concession "
    "agreement the Company pays CFM a concession fee of 12.5% of revenue, recognised within "
    "operating costs."
)


@pytest.mark.parametrize(("fee", "flagged"), [("2,468", False), ("2,138", True)])
def test_an_amount_a_source_defines_as_a_rate_of_a_line_is_that_rate_of_it(fee, flagged):
    # 12.5% × 19,746 = 2,468.
    answer = f"The concession fee payable to CFM came to about MZN {fee} million in 2024."
    assert detect(source_input(answer, PORT)).flagged is flagged


# ------------------------------------------------------------------ numbers in words as factors

GORILLAS = (
    "Rwanda has twelve habituated gorilla families open to visitors, and each family may be "
    "visited by at most eight people a day. Permit sales rose to 41,250 in 2024."
)


def test_a_product_of_two_numbers_written_in_words_is_recomputed():
    answer = (
        "With twelve gorilla families each limited to eight visitors a day, only 96 people can "
        "trek on any given day."
    )
    assert detect(source_input(answer, GORILLAS)).flagged is False


def test_a_wrong_product_of_two_numbers_written_in_words_is_flagged():
    answer = (
        "With twelve gorilla families each limited to eight visitors a day, only 108 people can "
        "trek on any given day."
    )
    assert detect(source_input(answer, GORILLAS)).flagged is True


BIKES = "The council approved a contract with Velocita Mobility worth $38.6 million over its term of eight years."


def test_an_amount_a_year_of_a_total_spread_over_a_hyphenated_span_is_recomputed():
    clean = "Riverton approved an eight-year, $38.6 million contract, about $4.8 million a year."
    wrong = "Riverton approved an eight-year, $38.6 million contract, about $5.8 million a year."

    assert detect(source_input(clean, BIKES)).flagged is False
    assert detect(source_input(wrong, BIKES)).flagged is True


PERMITS = "Permit sales reached 41,250 in 2024. The new permit price will be $1,800."


def test_a_rate_written_in_words_of_an_amount_is_recomputed():
    clean = (
        "At 41,250 permits the new $1,800 price would bring in about $74 million a year. If ten "
        "percent of that went to the community scheme, communities would receive roughly $7.4 "
        "million."
    )
    wrong = clean.replace("$7.4 million", "$9.4 million")

    assert detect(source_input(clean, PERMITS)).flagged is False
    assert detect(source_input(wrong, PERMITS)).flagged is True


HOUSING = (
    "Home prices in Mexico City rose 9.8% in the second quarter of 2025 from a year earlier, "
    "outpacing the national increase of 7.6%."
)


def test_points_faster_or_slower_than_a_rate_are_the_spread_between_them():
    """ "rose 9.8% ..., 2.2 percentage points faster than the 7.6% national increase": a
    comparison of two rates, as `higher than` is."""
    sentence = (
        "Mexico City home prices rose 9.8% year on year in the second quarter of 2025, {} "
        "faster than the 7.6% national increase."
    )
    assert not detect(source_input(sentence.format("2.2 percentage points"), HOUSING)).flagged
    assert detect(source_input(sentence.format("3.2 percentage points"), HOUSING)).flagged


ELECTION = (
    "Incumbent mayor Grace Molefe won re-election with 54.3% of the vote, ahead of challenger "
    "Daniel Kruger on 38.9%. Turnout was 47.2%, with 312,480 valid votes cast."
)


def test_points_of_a_whole_counted_are_the_gap_between_two_shares_of_it():
    """ "a margin of 15.4 percentage points, or roughly 48,100 of the 312,480 valid votes":
    the points times the whole they are shares of (15.4% of 312,480 is 48,122)."""
    sentence = (
        "Molefe won with 54.3% against 38.9% for Kruger, a margin of 15.4 percentage points, "
        "or roughly {} of the 312,480 valid votes cast."
    )
    assert not detect(source_input(sentence.format("48,100"), ELECTION)).flagged
    assert detect(source_input(sentence.format("41,800"), ELECTION)).flagged


RATE_DECISION = (
    "Mexico's central bank cut its benchmark overnight interest rate by 50 basis points to "
    "8.25% on Thursday in a 4-1 vote. The bank has lowered the rate at every meeting since March 2024, when "
    "it stood at 11.25%. Headline inflation was 3.93% in the first half of June."
)


def test_points_below_a_rate_of_another_sentence_are_their_spread():
    """ "cut ... to 8.25%. The rate is now 300 basis points below the 11.25% of March 2024":
    the comparison is between this sentence's rate and the one before's; a change that names
    no comparison is not searched that widely."""
    answer = (
        "Mexico's central bank cut its benchmark rate by 50 basis points, half a percentage "
        "point, to 8.25% in a 4-1 vote. The rate is now {} below the 11.25% of March 2024."
    )
    assert not detect(source_input(answer.format("300 basis points"), RATE_DECISION)).flagged
    assert detect(source_input(answer.format("325 basis points"), RATE_DECISION)).flagged


def test_a_real_rate_is_the_nominal_rate_less_inflation():
    """ "With headline inflation at 3.93%, the real policy rate is roughly 4.3%": 8.25% less
    3.93%, the Fisher relation as it is usually written."""
    answer = "The bank cut its rate to 8.25%. With headline inflation at 3.93%, the real policy rate is roughly {}."
    assert not detect(source_input(answer.format("4.3%"), RATE_DECISION)).flagged
    assert detect(source_input(answer.format("4.8%"), RATE_DECISION)).flagged


SWING = (
    "The home-furnishings retailer reported a net loss of $48.9 million for the quarter ended "
    "May 3, 2025, compared with net income of $12.2 million a year earlier."
)


def test_a_swing_from_profit_to_loss_crosses_zero():
    """ "swung to a net loss of $48.9 million from net income of $12.2 million, a swing of
    $61.1 million": the loss, written without its sign, is below zero, so the change is
    their sum; the plain difference of the two amounts is the wrong one."""
    answer = (
        "The retailer swung to a net loss of $48.9 million from net income of $12.2 million a "
        "year earlier, a swing of {}."
    )
    assert not detect(source_input(answer.format("$61.1 million"), SWING)).flagged
    assert detect(source_input(answer.format("$36.7 million"), SWING)).flagged


SHIPMENTS = (
    "Aggregates shipments were 84.2 million tons in 2024 compared with 82.9 million tons in "
    "2023, as infrastructure demand offset softer residential activity. Average selling prices "
    "rose 9.4% and gross profit per ton increased 3.50%."
)


def test_a_change_year_over_year_is_between_one_line_s_values_a_year_apart():
    """ "Aggregates shipment volumes grew by about 1.6% year over year in 2024": 84.2 over
    82.9, the line's 2024 and 2023 values, though the words name the line only loosely."""
    sentence = "Aggregates shipment volumes grew by about {} year over year in 2024."
    assert not detect(source_input(sentence.format("1.6%"), SHIPMENTS)).flagged
    assert detect(source_input(sentence.format("2.6%"), SHIPMENTS)).flagged


FERRIES = (
    "Nordlandsferja has ordered two battery-electric ferries from Vestvåg Verft for a combined "
    "NOK 1.48 billion. Enova is contributing a grant of NOK 260 million."
)


def test_an_amount_each_is_the_sentence_s_total_over_its_count():
    """ "The two ferries will cost NOK 1.48 billion in total, or about NOK 740 million each":
    the total over the count the sentence writes in words."""
    sentence = "The two ferries will cost NOK 1.48 billion in total, or about {} each."
    assert not detect(source_input(sentence.format("NOK 740 million"), FERRIES)).flagged
    assert detect(source_input(sentence.format("NOK 640 million"), FERRIES)).flagged


RIDERSHIP = (
    "The line carried an average of 94 passengers per kilometre per day in the year to March "
    "2024, down from 2,280 when the company took it over in 1987, the railway said."
)


def test_a_collapse_since_a_year_is_a_change_from_the_base_the_source_gives_after_a_date():
    """ "Traffic has collapsed by about 96% since 1987, to 94 passengers per kilometre a day":
    a fall (`collapsed`) from the 2,280 the source gives after the figure, a date between."""
    sentence = "Traffic has collapsed by about {} since 1987, to 94 passengers per kilometre a day."
    assert not detect(source_input(sentence.format("96%"), RIDERSHIP)).flagged
    assert detect(source_input(sentence.format("86%"), RIDERSHIP)).flagged
