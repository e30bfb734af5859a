"""News summaries: an amount that is a quantity of its sentence at a price per share the
answer gave before ("another 2.775 million shares ... roughly $66.6 million more"), a
bracket that opens on a word and goes on to a figure of its own ("$3.80–$4.00 (midpoint
$3.90)") says nothing of the figures before it, and earnings per share written in cents
("Adjusted earnings were 58 cents per share") are EPS. Each class has a clean case and a
wrong one of the same shape."""

from __future__ import annotations

from hallucination.engine import detect, labels
from hallucination.engine.answer import AVERAGE, read_answer

from .conftest import source_input

IPO = """Corvale Systems prices IPO above range, raising $396 million
March 12, 2025
Corvale Systems Inc priced its initial public offering at $22 per share, above the marketed
range of $19 to $21. The company sold 18 million shares, raising $396 million. Underwriters
have a 30-day option to buy up to 2.7 million additional shares.
"""


def test_an_amount_may_be_a_quantity_at_a_price_given_before():
    answer = (
        "Corvale priced its IPO at $22 a share and sold 18 million shares to raise $396 "
        "million. If underwriters buy another 2.7 million shares, the offering would bring in "
        "roughly {} more."
    )
    clean = detect(source_input(answer.format("$59.4 million"), IPO))  # 2.7 million x $22
    assert not clean.flagged
    wrong = detect(source_input(answer.format("$64.8 million"), IPO))
    assert wrong.flagged


def test_a_bracket_of_its_own_figure_gives_no_cue_to_the_figures_before():
    answer = "Guidance fell to $3.10–$3.30 from $3.80–$4.00 (midpoint $3.20 versus $3.90)."
    cues = {r.claim.text: r.cues for r in read_answer(answer).readings}
    assert AVERAGE not in cues["$3.80"] and AVERAGE not in cues["$4.00"]
    assert AVERAGE in cues["$3.90"]


QUARTER = """Fernhill Foods first-quarter results
April 24, 2025
Net income was $41.6 million. Adjusted earnings were 58 cents per share, compared with 91
cents a year earlier.
"""


def test_earnings_per_share_in_cents_are_eps():
    assert "@eps" in labels.label_words("EPS")
    clean = detect(source_input("Adjusted EPS fell to 58 cents from 91 cents.", QUARTER))
    assert not clean.flagged
    wrong = detect(source_input("Adjusted EPS fell to 41 cents from 91 cents.", QUARTER))
    assert wrong.flagged


OUTLOOK = """Brantley Tools cuts 2025 outlook
April 22, 2025
Brantley Tools now expects 2025 revenue of $4.2 billion to $4.4 billion, down from its
previous forecast of $4.7 billion to $4.9 billion issued in February. First-quarter revenue
fell 4% to $1.02 billion.
"""
REVISED = """The Company has revised its full-year forecast for operating profit to ¥880.0 billion
(previous forecast announced August 6, 2025: ¥960.0 billion).
"""


def test_a_former_outlook_grounds_only_an_answer_that_tells_what_replaced_it():
    clean = detect(
        source_input(
            "Brantley now expects 2025 revenue of $4.2 billion to $4.4 billion, down from "
            "$4.7 billion to $4.9 billion.",
            OUTLOOK,
        )
    )
    assert not clean.flagged
    wrong = detect(
        source_input("Brantley expects 2025 revenue of $4.7 billion to $4.9 billion.", OUTLOOK)
    )
    assert wrong.flagged
    assert all(
        v.expected_value is None for v in wrong.verdicts if v.claim.text.startswith("$4.")
    )  # first-quarter revenue is no correction for a forecast


def test_a_former_outlook_in_brackets_names_the_figure_after_it():
    clean = detect(
        source_input("The company cut its operating profit forecast to ¥880.0 billion.", REVISED)
    )
    assert not clean.flagged
    wrong = detect(source_input("The company expects operating profit of ¥960.0 billion.", REVISED))
    assert wrong.flagged


CALL = (
    "Chief Financial Officer: For fiscal 2026, we are narrowing our net bookings outlook to "
    "$3.10 billion to $3.20 billion, from $3.00 billion to $3.30 billion, and we continue to "
    "expect GAAP EPS of $2.10 to $2.35."
)


def test_both_ends_of_a_range_share_the_period_either_was_given():
    answer = "For fiscal 2026 the company still expects GAAP EPS of {} to $2.35."
    assert not detect(source_input(answer.format("$2.10"), CALL)).flagged
    assert detect(source_input(answer.format("$2.30"), CALL)).flagged
