"""The answer-reading stage (docs/detection.md "Labels" and "Reading the answer"): what each
figure's sentence says about it, read by `read_answer` before any source is consulted."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect
from hallucination.engine.answer import (
    AVERAGE,
    CHANGE,
    COMPARISON,
    RATIO_CUE,
    SHARE,
    SUM,
    read_answer,
)
from hallucination.engine.types import INHERITED, DetectionInput, SourceDocument


def _reading(answer: str, text: str):
    """The reading of the claim that starts where `text` does ("3.4" may read "3.4 hours")."""
    start = answer.index(text)
    (reading,) = [r for r in read_answer(answer).readings if r.claim.start == start]
    return reading


def _folded(phrase: str) -> frozenset[str]:
    """The folded words of `phrase` as a label, without the known metrics it names."""
    (reading,) = read_answer(f"{phrase} was $1 million.").readings
    return frozenset(w for w in reading.claim.label_words if not w.startswith("@"))


# ------------------------------------------------------------------ labels carried over


def test_a_label_continues_into_a_clause_that_says_only_the_figure():
    answer = "Sales were $3.2 billion in 2008; in 2007 the figure was $4 billion."

    first = _reading(answer, "$3.2 billion")
    second = _reading(answer, "$4 billion")
    assert _folded("sales") <= first.claim.label_words
    assert first.label_inherited is False
    assert _folded("sales") <= second.claim.label_words
    assert second.label_inherited is True


def test_a_label_continues_to_a_figure_that_only_adds_a_year():
    answer = "Interest expense was $212 million in 2009 and $198 million in 2008."

    second = _reading(answer, "$198 million")
    assert _folded("interest expense") <= second.claim.label_words
    assert second.label_inherited is True


def test_the_amount_alone_is_no_label_of_its_own():
    answer = "Capital expenditures were $142 million in 2024; in 2023 the amount was $118 million."

    second = _reading(answer, "$118 million")
    assert _folded("capital expenditures") <= second.claim.label_words
    assert second.label_inherited is True


# ------------------------------------------------------------------ labels linked after


def test_a_figure_with_no_words_of_its_own_takes_the_metric_linked_after_it():
    answer = "$84,210 of pending disbursements were held in escrow at June 30, 2025."

    reading = _reading(answer, "$84,210")
    assert _folded("disbursements") <= reading.claim.label_words
    assert reading.label_inherited is False


def test_a_metric_attached_right_after_a_figure_is_its_label():
    answer = "The company earned $312 million in net income in 2024."

    assert _reading(answer, "$312 million").claim.label == "net income"


def test_a_link_after_a_figure_stops_at_a_verb():
    answer = "The backlog was $1.2 billion at year end; 58% of that is expected to convert in 2025."

    words = _reading(answer, "58%").claim.label_words
    assert not words & {"expect", "expected", "convert"}


# ------------------------------------------------------------------ figures inside names


def test_a_percentage_that_is_part_of_a_name_is_not_a_boundary():
    answer = "Interest expense on the 5.00% notes was $15 million in 2019."

    words = _reading(answer, "$15 million").claim.label_words
    assert _folded("interest expense") | _folded("notes") <= words
    assert "#5%" in words


def test_an_index_number_is_part_of_the_index_name():
    answer = "The S&P 500 Index returned 26.3% in 2023."

    words = _reading(answer, "26.3%").claim.label_words
    assert "#500" in words
    assert _folded("index") <= words


# ------------------------------------------------------------------ direction


def test_a_rise_verb_gives_an_upward_change():
    reading = _reading("Revenue rose 7.7% in 2024.", "7.7%")

    assert reading.direction == 1
    assert CHANGE in reading.cues


def test_a_fall_verb_gives_a_downward_change():
    reading = _reading("Operating income fell by $12 million in 2024.", "$12 million")

    assert reading.direction == -1
    assert CHANGE in reading.cues


def test_a_declined_by_gives_a_downward_change():
    reading = _reading("Net income declined by 3.1% in 2024.", "3.1%")

    assert reading.direction == -1
    assert CHANGE in reading.cues


def test_an_increase_of_gives_an_upward_change():
    reading = _reading("Backlog saw an increase of 4.2% in 2024.", "4.2%")

    assert reading.direction == 1
    assert CHANGE in reading.cues


def test_a_comparative_after_the_figure_gives_a_downward_comparison():
    reading = _reading(
        "Segment profit in 2024 was $825 million lower than in 2023.", "$825 million"
    )

    assert reading.direction == -1
    assert COMPARISON in reading.cues


def test_a_comparative_right_after_a_bare_figure_gives_an_upward_direction():
    reading = _reading("The index closed 48.92 higher on the day.", "48.92")

    assert reading.direction == 1


def test_a_plain_statement_has_no_direction_and_no_cue():
    reading = _reading("Revenue was $5.2 billion in 2024.", "$5.2 billion")

    assert reading.direction == 0
    assert reading.cues == frozenset()
    assert reading.derived is False


# ------------------------------------------------------------------ levels and bases


def test_a_figure_after_rose_to_is_a_level_not_a_change():
    answer = "Revenue rose 8.3% to $5.2 billion in 2024."

    change = _reading(answer, "8.3%")
    level = _reading(answer, "$5.2 billion")
    assert change.direction == 1
    assert CHANGE in change.cues
    assert CHANGE not in level.cues
    assert level.base is False


def test_a_figure_after_from_is_the_base_of_the_change():
    answer = "In Q3 2026, revenue was $1.85 billion, up 14.8% year over year from $1.62 billion."

    assert _reading(answer, "$1.62 billion").base is True
    assert _reading(answer, "$1.85 billion").base is False
    assert _reading(answer, "14.8%").base is False


def test_a_figure_after_against_is_the_base_of_the_comparison():
    answer = "EPS of $0.50 came in against a consensus estimate of $0.45."

    assert _reading(answer, "$0.45").base is True
    assert _reading(answer, "$0.50").base is False


def test_the_periods_of_a_from_to_sentence_are_kept_in_order():
    reading = _reading("Revenue rose 12.5% from 2022 to 2023.", "12.5%")

    assert reading.periods == ("2022", "2023")


def test_from_to_orders_the_figures_it_brackets_not_years():
    assert _reading("Revenue rose 12.5% from $5.0 million to $5.6 million.", "12.5%").from_to
    # The years carry their own order (the periods above); "from" them orders no figure.
    assert not _reading("Revenue rose 12.5% from 2022 to 2023.", "12.5%").from_to


# ------------------------------------------------------------------ nouns of change


def test_a_growth_noun_before_the_verb_gives_the_direction():
    reading = _reading("Revenue growth was 7.74% in 2024.", "7.74%")

    assert reading.direction == 1
    assert CHANGE in reading.cues


def test_gains_in_a_label_are_not_a_direction():
    reading = _reading("Actuarial gains (losses) was $0.5 million in 2024.", "$0.5 million")

    assert reading.direction == 0
    assert CHANGE not in reading.cues


def test_gains_before_the_linking_verb_belong_to_the_subjects_name():
    reading = _reading("Actuarial gains (losses) was $0.5 million in 2024.", "$0.5 million")

    # "belongs to the subject's name"; folded with its plural off, as "losses" is "loss".
    assert "gain" in reading.claim.label_words
    assert "actuarial" in reading.claim.label_words


def test_net_gains_named_as_the_subject_are_not_a_direction():
    reading = _reading("Net gains on investments were $12 million in 2024.", "$12 million")

    assert reading.direction == 0
    assert CHANGE not in reading.cues


# ------------------------------------------------------------------ ratios and averages


def test_times_its_level_in_a_year_is_a_ratio_the_answer_computed():
    reading = _reading("Revenue in 2019 was 2.25 times its level in 2017.", "2.25")

    assert RATIO_CUE in reading.cues
    assert reading.derived is True


def test_a_current_ratio_stated_as_a_metric_is_a_value():
    reading = _reading("The current ratio was 2.1x at December 31, 2024.", "2.1x")

    assert RATIO_CUE not in reading.cues
    assert reading.derived is False


def test_a_dscr_stated_as_a_metric_is_a_value():
    reading = _reading("DSCR 1.25 for fiscal 2024.", "1.25")

    assert reading.derived is False


def test_an_average_named_as_a_metric_is_a_value():
    reading = _reading("Average holding time was 3.4 hours in September.", "3.4")

    assert AVERAGE not in reading.cues
    assert reading.derived is False


def test_averaged_over_two_years_is_an_average_the_answer_computed():
    reading = _reading("Net income averaged $249.5 million over 2023 and 2024.", "$249.5 million")

    assert AVERAGE in reading.cues


# ------------------------------------------------------------------ shares, sums, the other side


def test_represented_of_is_a_share_of_the_other_side():
    reading = _reading(
        "The portfolio's carrying amount represented 96.4% of fair value in 2024.", "96.4%"
    )

    assert SHARE in reading.cues
    assert _folded("fair value") <= reading.other_label


def test_together_totaled_is_a_sum():
    reading = _reading(
        "Cash and marketable securities together totaled $1,560 million in 2024.",
        "$1,560 million",
    )

    assert SUM in reading.cues


def test_words_opening_a_sentence_name_its_last_figure():
    answer = "The difference between revenue (6 million) and costs (2 million) was 4 million."

    assert CHANGE in _reading(answer, "4 million").cues


# ------------------------------------------------------------------ the answer's own scale


def test_an_answer_that_states_its_own_scale_reads_later_figures_at_it():
    answer = "The following figures (in millions): revenue 4,835 and net income 612."

    reading = _reading(answer, "4,835")
    assert reading.claim.value == Decimal("4835000000")
    assert reading.claim.scale_origin == INHERITED


# ------------------------------------------------------------------ qualified labels


def test_a_figure_after_a_qualifier_of_the_metric_does_not_carry_the_metric():
    answer = "Share price: 52-week high $187.20, current $142.50."

    assert _reading(answer, "$187.20").claim.label == ""
    assert _reading(answer, "$142.50").claim.label == "share price"


def test_a_qualified_figure_is_grounded_by_its_own_words_and_a_wrong_one_is_flagged():
    source = (SourceDocument("quote", "Share price $142.50. 52-week high $187.20."),)
    clean = detect(DetectionInput("Share price: 52-week high $187.20, current $142.50.", source))
    wrong = detect(DetectionInput("Share price: 52-week high $189.20, current $142.50.", source))

    assert not clean.flagged
    assert wrong.flagged
    assert [v.claim.text for v in wrong.verdicts if not v.grounded] == ["$189.20"]


# ------------------------------------------------------------------ bases and prior periods

OUTPUT = "Output rose to 9.4 million tonnes in 2024 from 7.6 million tonnes in 2023."
MORE_THAN_THE = "Output was 9.4 million tonnes in 2024, 23.7% more than the {base} tonnes of 2023."


def _input(answer: str, source: str) -> DetectionInput:
    return DetectionInput(answer=answer, sources=(SourceDocument(id="s", text=source),))


def test_a_figure_after_than_the_is_the_base_compared_with_not_a_change():
    answer = MORE_THAN_THE.format(base="7.6 million")
    assert CHANGE not in _reading(answer, "7.6 million").cues
    result = detect(_input(answer, OUTPUT))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_wrong_base_after_than_the_is_flagged():
    result = detect(_input(MORE_THAN_THE.format(base="7.9 million"), OUTPUT))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "7.9 million"]
    assert not verdict.grounded


STORES = "Stores in operation: 1,828 at February 1, 2025 and 1,800 at February 3, 2024."
A_YEAR_EARLIER = (
    "At February 1, 2025 the company operated 1,828 stores, 28 more than the {prior} it had a "
    "year earlier."
)


def test_a_prior_period_phrase_right_after_a_figure_puts_it_a_period_back():
    # The sentence opens with February 1, 2025; "it had a year earlier" is the figure's own.
    result = detect(_input(A_YEAR_EARLIER.format(prior="1,800"), STORES))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_wrong_figure_a_year_earlier_is_flagged():
    result = detect(_input(A_YEAR_EARLIER.format(prior="1,780"), STORES))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "1,780"]
    assert not verdict.grounded


# ------------------------------------------------------------------ bounds, compounds, nouns

PANELS = "The plant uses 612,400 bifacial panels and a 180-MW battery on 1,450 acres."


def test_more_than_before_a_figure_is_a_bound_not_a_change():
    answer = "More than {n} bifacial panels cover 1,450 acres."
    assert CHANGE not in _reading(answer.format(n="612,000"), "612,000").cues
    result = detect(_input(answer.format(n="612,000"), PANELS))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_bound_far_from_the_source_s_figure_is_flagged():
    result = detect(_input("More than 650,000 bifacial panels cover 1,450 acres.", PANELS))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "650,000"]
    assert not verdict.grounded


TOWER = "St. Brendan Health will build a nine-story, 144-bed patient tower for $312 million."


def test_a_source_s_number_joined_to_its_noun_by_a_hyphen_is_a_quantity():
    result = detect(_input("The new tower will have 144 beds and cost $312 million.", TOWER))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_quantity_the_hyphenated_source_figure_does_not_give_is_flagged():
    result = detect(_input("The new tower will have 164 beds and cost $312 million.", TOWER))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "164"]
    assert not verdict.grounded


def test_an_answer_s_hyphenated_compound_is_left_unread():
    # "a 3-year period" in an answer states nothing the sources must give.
    result = detect(_input("Over a 3-year period the tower will cost $312 million.", TOWER))
    assert "3" not in [v.claim.text for v in result.verdicts]
    assert not result.flagged


PROJECT = (
    "Construction employed a peak workforce of 540 people. Sunmesa invested approximately "
    "$486 million in the project."
)


def test_a_hedged_figure_between_a_determiner_and_a_noun_measures_the_noun():
    # "the roughly $486 million project": the project's cost, not the workforce's label.
    answer = "It employed a peak workforce of 540 people, and the roughly {cost} project is done."
    reading = _reading(answer.format(cost="$486 million"), "$486 million")
    assert "project" in reading.claim.label_words and not reading.label_inherited
    result = detect(_input(answer.format(cost="$486 million"), PROJECT))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_wrong_hedged_figure_between_a_determiner_and_a_noun_is_flagged():
    answer = (
        "It employed a peak workforce of 540 people, and the roughly $586 million project is done."
    )
    result = detect(_input(answer, PROJECT))
    (verdict,) = [v for v in result.verdicts if v.claim.text == "$586 million"]
    assert not verdict.grounded


def test_area_units_abbreviated_name_the_same_line():
    from hallucination.engine.labels import words

    assert words("rent per occupied sq. ft.") == words("rent per occupied square foot")
    assert words("net_lettable_area_sqm") == words("net lettable area square metres")


RENTS = """(in thousands, except per square foot data)        2024      2023
Average occupancy                                   90.8%     92.1%
Realized annual rent per occupied square foot      $19.46    $19.02
"""


def test_a_line_named_with_an_abbreviated_unit_is_that_line():
    answer = "Realized rent per occupied sq. ft. was $19.46 in 2024 vs. $19.02 in 2023."
    result = detect(_input(answer, RENTS))
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_wrong_figure_of_a_line_named_with_an_abbreviated_unit_is_flagged():
    answer = "Realized rent per occupied sq. ft. was $19.86 in 2024 vs. $19.02 in 2023."
    result = detect(_input(answer, RENTS))
    assert not next(v for v in result.verdicts if v.claim.text == "$19.86").grounded
