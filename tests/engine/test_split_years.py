"""Years. Fiscal years written across two calendar years ("2023-24", "2024/25", "FY24-25")
are one period, the year they end in; a year the figure's own noun phrase ends with ("the
12.1 million tonnes of drought-hit 2023") is that figure's period; a year before a singular
count noun ("the 2021 contract") names one thing and counts nothing. Each class has a clean
case and a wrong one of the same shape."""

from __future__ import annotations

import pytest

from hallucination.engine import detect, extract_claims
from hallucination.engine.types import DATE

from .conftest import source_input


@pytest.mark.parametrize(
    ("written", "period"),
    [
        ("in 2023-24", "FY2024"),
        ("in 2024/25", "FY2025"),
        ("in 2011-12", "FY2012"),
        ("in FY2023/24", "FY2024"),
        ("in FY24-25", "FY2025"),
        ("in fiscal 2023–24", "FY2024"),
        # The Bikram Sambat year Nepal reports in: two digits are the next year's last two.
        ("in FY 2080/81", "FY2081"),
    ],
)
def test_a_fiscal_year_across_two_calendar_years_is_one_period(written, period):
    (date,) = [
        c for c in extract_claims(f"Sales were Tk 12.0 million {written}.") if c.kind == DATE
    ]

    assert date.period == period


@pytest.mark.parametrize("written", ["2011-12-01", "2020-25", "2080/82"])
def test_dates_and_ranges_of_years_are_not_split_years(written):
    periods = [c.period for c in extract_claims(f"It happened on {written}.") if c.kind == DATE]

    assert not any(p.startswith("FY") for p in periods)


MD_AND_A = """Directors' Report for the year ended 30 June 2025 (amounts in Tk million)

Revenue. Revenue rose to Tk 28,614.5 million from Tk 25,902.8 million in 2023-24.

Gross profit. Gross profit was Tk 4,718.3 million (2023-24: Tk 4,012.6 million).
"""


def test_a_comparative_in_a_split_year_names_the_metric_before_it():
    # 4,718.3 / 28,614.5 = 16.49%; 4,012.6 / 25,902.8 = 15.49%
    answer = "Gross margin widened to 16.5% in the year ended 30 June 2025 from 15.5% in 2023-24."
    result = detect(source_input(answer, MD_AND_A))

    assert result.flagged is False


def test_a_wrong_margin_for_the_split_year_is_flagged():
    answer = "Gross margin widened to 16.5% in the year ended 30 June 2025 from 14.5% in 2023-24."
    result = detect(source_input(answer, MD_AND_A))

    assert result.flagged is True


def test_taka_rials_shillings_and_rupiah_written_before_the_figure_are_currencies():
    units = {
        c.text: c.unit
        for c in extract_claims(
            "Tk 28,614.5 million, RO 2,914,600, KSh 45.2 billion and Rp 14.82 trillion."
        )
    }

    assert units == {
        "Tk 28,614.5 million": "BDT",
        "RO 2,914,600": "OMR",
        "KSh 45.2 billion": "KES",
        "Rp 14.82 trillion": "IDR",
    }


HARVEST = (
    "Kestrel Plains harvested 18.9 million tonnes of wheat in 2024, up from 12.1 million "
    "tonnes in 2023. The ministry expects exports of 10 million tonnes in the 2024/25 "
    "marketing year."
)


def test_a_year_closing_the_figure_s_own_noun_phrase_is_its_period():
    answer = (
        "The region harvested 18.9 million tonnes of wheat in 2024, 56.2% more than the 12.1 "
        "million tonnes of drought-hit 2023."
    )
    result = detect(source_input(answer, HARVEST))

    assert result.flagged is False


def test_the_current_year_s_figure_given_for_that_earlier_year_is_flagged():
    answer = (
        "The region harvested 12.1 million tonnes of wheat in 2024, 56.2% less than the 18.9 "
        "million tonnes of drought-hit 2023."
    )
    result = detect(source_input(answer, HARVEST))

    assert result.flagged is True


# ------------------------------------------------------------------ a year naming one thing

VACCINE = (
    "The ministry signed a US$214.2 million contract for 18 million doses. The price of "
    "US$11.90 per dose is lower than the US$14.60 paid under the previous contract, signed in "
    "2021 for 12 million doses."
)


def test_a_year_before_a_singular_count_noun_is_a_year():
    (year,) = [c for c in extract_claims("under the 2021 contract") if c.text == "2021"]

    assert year.kind == DATE
    assert [c.kind for c in extract_claims("It sold 2021 contracts.")] != [DATE]


def test_the_year_of_an_earlier_contract_grounds():
    answer = "The new price is about 18.5% below the US$14.60 paid under the 2021 contract."
    result = detect(source_input(answer, VACCINE))

    assert result.flagged is False


def test_an_invented_year_of_that_contract_is_flagged():
    answer = "The new price is about 18.5% below the US$14.60 paid under the 2019 contract."
    result = detect(source_input(answer, VACCINE))

    assert result.flagged is True
