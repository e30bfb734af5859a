"""Figures an answer works out across its own lines: a total on a line ending with a colon
over the list that breaks it down, a rate a pronoun gives of the headline figure before it,
a gap in points between two rates given before ("The readings differ by about 0.24
percentage points"), a change above an earlier price with no figure of its own ("about 3.0%
above that level"), and working in brackets past the figure's own hyphenated words. Each
has a clean case and a wrong case of the same shape."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

LEVY = (
    "Rates for the 2026 levy year, as enacted: 0% on assessed value up to 20,000 marks; 5% on "
    "value from 20,000 to 60,000 marks; 12% on value from 60,000 to 150,000 marks."
)
HOME = "The median assessed value of a family home in the county was 84,000 marks in 2025."

RATES = (
    "Daily Rate Index - May 2, 2025\nThe average 30-year fixed rate stood at 5.42% on Friday, "
    "up from 5.37% on Thursday.",
    "Weekly Lender Survey - April 30, 2025\nThe 30-year fixed rate averaged 5.18% this week, "
    "down from 5.25% a week earlier.",
)

SPLIT = (
    "Brellin Corp. approved a three-for-one stock split; trading on a split-adjusted basis began "
    "on June 2, 2025. Brellin shares closed at $318.60 on May 12.",
    "Market wrap - June 2, 2025\nBrellin opened at $104.90 and closed at $108.45 on its first "
    "split-adjusted day.",
)


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def _levy_answer(total: str, rate: str) -> str:
    return (
        f"A median home (84,000 marks) owes about **{total} marks** of levy under the 2026 "
        "rates:\n\n"
        "- Up to 20,000 marks at 0%: nothing\n"
        "- 20,000 to 60,000 marks (40,000 marks) at 5%: 2,000 marks\n"
        "- 60,000 to 84,000 marks (24,000 marks) at 12%: 2,880 marks\n\n"
        f"That is an effective rate of about {rate}%, with a marginal rate of 12%."
    )


def test_a_total_over_the_list_that_breaks_it_down():
    assert not detect(source_input(_levy_answer("4,880", "5.8"), LEVY, HOME)).flagged
    wrong = detect(source_input(_levy_answer("5,880", "5.8"), LEVY, HOME))
    assert wrong.flagged
    assert not _verdict(wrong, "5,880").grounded


def test_a_rate_a_pronoun_gives_of_the_headline_figure():
    clean = detect(source_input(_levy_answer("4,880", "5.8"), LEVY, HOME))
    assert _verdict(clean, "5.8%").grounded
    wrong = detect(source_input(_levy_answer("4,880", "6.8"), LEVY, HOME))
    assert wrong.flagged
    assert not _verdict(wrong, "6.8%").grounded


def _rates_answer(gap: str) -> str:
    return (
        "- **5.42%** on May 2, 2025 (daily index), up from 5.37% the day before.\n"
        "- **5.18%** in the weekly survey of April 30, 2025, down from 5.25%.\n\n"
        f"The readings differ by about {gap} percentage points."
    )


def test_a_gap_in_points_between_rates_given_before():
    assert not detect(source_input(_rates_answer("0.24"), *RATES)).flagged
    wrong = detect(source_input(_rates_answer("0.54"), *RATES))
    assert wrong.flagged
    assert not _verdict(wrong, "0.54 percentage points").grounded


def _split_answer(adjusted: str, above: str) -> str:
    return (
        "Brellin closed at **$108.45** on June 2, 2025, its first split-adjusted day. The split "
        f"was three-for-one, so the $318.60 close of May 12 is {adjusted} per share on a "
        f"split-adjusted basis (318.60 ÷ 3). The June 2 close was therefore about {above}% "
        "above that level."
    )


def test_a_change_above_an_earlier_price_and_working_past_hyphenated_words():
    assert not detect(source_input(_split_answer("$106.20", "2.1"), *SPLIT)).flagged
    wrong_working = detect(source_input(_split_answer("$112.20", "2.1"), *SPLIT))
    assert wrong_working.flagged
    assert not _verdict(wrong_working, "$112.20").grounded
    wrong_change = detect(source_input(_split_answer("$106.20", "4.1"), *SPLIT))
    assert wrong_change.flagged
    assert not _verdict(wrong_change, "4.1%").grounded


LINES = (
    "Telecom segment (in millions)      2025       2024\n"
    "Capital expenditures              $488.2     $521.7\n"
    "Revenue                         $1,942.6   $1,861.3\n"
)


def _intensity_answer(fall: str) -> str:
    return (
        "| | 2025 | 2024 |\n|---|---|---|\n| **Capex / revenue** | **25.1%** | **28.0%** |\n\n"
        "- 2025: $488.2M ÷ $1,942.6M ≈ 25.13% → **25.1%**\n"
        "- 2024: $521.7M ÷ $1,861.3M ≈ 28.03% → **28.0%**\n\n"
        f"Capital intensity fell by about **{fall} percentage points**: capital expenditures "
        "dropped about 6.4% while revenue grew about 4.4%."
    )


def test_a_gap_in_points_over_rates_given_before_with_rates_after_it():
    assert not detect(source_input(_intensity_answer("2.9"), LINES)).flagged
    wrong = detect(source_input(_intensity_answer("3.9"), LINES))
    assert wrong.flagged
    assert not _verdict(wrong, "3.9 percentage points").grounded


MIX = (
    "Deliveries              Q3 2024     Q3 2023\n"
    "Total vehicles           64,310      61,980\n"
    "Electric vehicles        24,120      17,350\n"
)


def _mix_answer(shift: str) -> str:
    return (
        "- **Electric:** 24,120 electric vehicles in Q3 2024, up 39.0%, or 37.5% of deliveries. "
        "In Q3 2023 electric vehicles were 28.0% of deliveries, so the mix shifted by about "
        f"{shift} percentage points."
    )


def test_a_shift_in_a_share_is_from_the_other_share_not_from_a_growth_rate():
    assert not detect(source_input(_mix_answer("9.5"), MIX)).flagged
    # 39.0% less 28.0%: the growth rate taken for the share.
    wrong = detect(source_input(_mix_answer("11.0"), MIX))
    assert wrong.flagged
    assert not _verdict(wrong, "11.0 percentage points").grounded


def test_points_restated_in_basis_points():
    source = "Net investment income yield 4.61% (2024: 4.49%). Average crediting rate 3.79% (2024: 3.60%)."
    answer = (
        "**Step 1:** 4.61% − 3.79% = **0.82 percentage points**\n"
        "**Step 2:** 4.49% − 3.60% = **0.89 percentage points**\n"
        "**Step 3 – Change:** 0.82 − 0.89 = **−0.07 points, about {} bps**"
    )
    assert not detect(source_input(answer.format("−7"), source)).flagged
    assert detect(source_input(answer.format("−17"), source)).flagged


FEEDSTOCK = (
    "NORTHFIELD NITROGEN CORP.\nOperating data\n"
    "Natural gas cost per MMBtu (a)                             2025: $3.24             "
    "2024: $2.68\n"
    "(a) Includes the cost of natural gas used as feedstock and fuel."
)


def _feedstock_answer(less: str, rate: str) -> str:
    return (
        "Northfield's natural gas cost rose to $3.24 per MMBtu in 2025. That is "
        f"{less} more than the prior year, an increase of about {rate}%."
    )


def test_a_change_a_pronoun_gives_of_the_figure_before():
    assert not detect(source_input(_feedstock_answer("$0.56", "20.9"), FEEDSTOCK)).flagged
    wrong = detect(source_input(_feedstock_answer("$0.66", "20.9"), FEEDSTOCK))
    assert wrong.flagged
    assert not _verdict(wrong, "$0.66").grounded
    wrong_rate = detect(source_input(_feedstock_answer("$0.56", "17.3"), FEEDSTOCK))
    assert wrong_rate.flagged
    assert not _verdict(wrong_rate, "17.3%").grounded
