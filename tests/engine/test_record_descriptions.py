"""Descriptions written from a business record with review snippets: "a 5-star review from
September 2023 calls ..., and a 4-star review recommends ..." dates only the first review
(a date after "from" and a figure's noun dates that noun, not the figures after it), and
"a 5.0-star studio across 143 reviews" counts reviews, whatever its sentence's subject.
Each class has a clean case and a wrong one of the same shape."""

from __future__ import annotations

import json

from hallucination.engine import detect
from hallucination.engine.sources import extract_source

from .conftest import source_input

RECORD = json.dumps(
    {
        "name": "Saffron Table",
        "stars": 4.5,
        "review_count": 612,
        "reviews": [
            {"stars": 5, "date": "2023-09-14", "text": "The lamb vindaloo ($18.95) is great."},
            {"stars": 2, "date": "2023-08-02", "text": "We waited over 40 minutes."},
            {"stars": 4, "date": "2023-07-19", "text": "Great weekday lunch buffet for $16.50."},
        ],
    },
    indent=1,
)


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_a_date_after_from_dates_its_own_noun_not_the_figures_after_it():
    answer = (
        "Reviewers: a 5-star review from September 2023 calls the lamb vindaloo ($18.95) "
        "great, and a 4-star review recommends the {} weekday lunch buffet."
    )
    assert not detect(source_input(answer.format("$16.50"), RECORD)).flagged
    wrong = detect(source_input(answer.format("$18.50"), RECORD))
    assert not _verdict(wrong, "$18.50").grounded


def test_a_span_from_one_date_through_another_still_dates_what_follows():
    """ "sold from January 2021 through March 2023 for $49 to $89": the span opens on its
    first date, as the notice gives the prices."""
    notice = (
        "Sold At: stores nationwide from January 2021 through March 2023 for between $49 "
        "and $89. Units: about 412,000."
    )
    answer = "About 412,000 heaters were sold from January 2021 through March 2023 for $49 to {}."
    assert not detect(source_input(answer.format("$89"), notice)).flagged
    assert detect(source_input(answer.format("$99"), notice)).flagged


def test_a_count_is_of_the_noun_after_it_not_its_sentence_subject():
    answer = "Saffron Table is a **4.5-star** restaurant across {} reviews."
    assert not detect(source_input(answer.format("612"), RECORD)).flagged
    assert detect(source_input(answer.format("621"), RECORD)).flagged
    # The business's rating is not one review's stars.
    assert detect(
        source_input("Saffron Table has a 5-star rating from 612 reviews.", RECORD)
    ).flagged


def test_a_round_bound_holds_for_the_value_it_bounds():
    """ "from over 600 reviews" for 612: a bound the value keeps, within its last digit's
    place and a tenth; "over 620" breaks it and "over 500" says too little to be the figure."""
    answer = "Saffron Table has a 4.5-star rating from over {} reviews."
    assert not detect(source_input(answer.format("600"), RECORD)).flagged
    assert detect(source_input(answer.format("620"), RECORD)).flagged
    assert detect(source_input(answer.format("500"), RECORD)).flagged
    # "nearly" is a hedge of the value, read by the approximation rules: not a bound.
    assert detect(source_input("Saffron Table has nearly 650 reviews.", RECORD)).flagged


DENTIST = json.dumps(
    {
        "name": "Sunrise Dental Care",
        "stars": 4.0,
        "review_count": 58,
        "hours": {"Monday": "8:0-17:0", "Friday": "8:0-13:0"},
        "reviews": [
            {"stars": 5, "date": "2024-02-20", "text": "Cleaning was $95 without insurance."},
            {"stars": 2, "date": "2023-11-05", "text": "Waited 45 minutes past my time."},
        ],
    }
)


def test_the_top_of_a_rating_scale_is_no_claim():
    """ "a 4 out of 5 star rating": 5 is the scale, not a value; "3 out of 5 reviews" counts."""
    answer = "Sunrise Dental Care holds a {} out of 5 star rating based on 58 reviews."
    result = detect(source_input(answer.format("4"), DENTIST))
    assert [v.claim.text for v in result.verdicts] == ["4", "58"]
    assert not result.flagged
    assert detect(source_input(answer.format("3"), DENTIST)).flagged


def test_a_count_named_after_it_is_no_sum_of_a_records_numbers():
    """ "based on 58 reviews" is the record's review count, not hours 8 + stars 5 + 45
    minutes of its other fields."""
    answer = "Sunrise Dental Care holds a 4-star rating based on {} reviews."
    assert not detect(source_input(answer.format("58"), DENTIST)).flagged
    assert detect(source_input(answer.format("85"), DENTIST)).flagged


# A record whose price list is a Python literal inside a string (as review datasets store
# attributes), with the record's currency named once.
STUDIO = json.dumps(
    {
        "name": "Kettle Lane Pottery",
        "currency": "EUR",
        "classes": "[{'level': 'Taster', 'price_per_session': 38, 'weekend': True}, "
        "{'level': 'Wheel course', 'price_per_session': 64, 'weekend': False}, "
        "{'level': 'Studio membership', 'price_per_session': 212, 'weekend': None}]",
        "review_count": 88,
    }
)


def test_figures_inside_a_literal_list_are_read_where_they_stand():
    answer = "Kettle Lane Pottery runs taster sessions at €38 and a wheel course at {} a session."
    assert not detect(source_input(answer.format("€64"), STUDIO)).flagged
    wrong = detect(source_input(answer.format("€84"), STUDIO))
    assert wrong.flagged
    assert not _verdict(wrong, "€84").grounded


def test_the_records_currency_is_its_prices():
    answer = "Kettle Lane Pottery runs taster sessions at {} and a wheel course at €64 a session."
    assert not detect(source_input(answer.format("€38"), STUDIO)).flagged
    wrong = detect(source_input(answer.format("$38"), STUDIO))
    assert wrong.flagged
    assert not _verdict(wrong, "$38").grounded


CABIN = json.dumps(
    {
        "name": "Glen Ure Cabin",
        "nightly_rate_eur": {"sun_to_thu": 120, "fri_sat": 165},
        "cleaning_fee_eur": 45,
        "service_fee_pct": 10.0,
        "weekly_discount_pct": 15,
        "bookings_by_channel_k_2024": {"direct": 3.4, "agency": 5.1},
    },
    indent=1,
)


def _cabin_week(discounted: str, cleaned: str, total: str) -> str:
    return (
        f"About **€{total}** for a week:\n\n"
        "1. Nightly subtotal: 5 × €120 + 2 × €165 = €930\n"
        f"2. Weekly discount of 15%: −€139.50 → €{discounted}\n"
        f"3. Cleaning fee: + €45 → €{cleaned}\n"
        "4. Service fee, 10% of the discounted subtotal plus cleaning: + €83.55\n"
        f"5. **Total: €{total}**"
    )


def test_money_under_a_key_that_names_its_currency():
    answer = "Glen Ure Cabin costs {} a night from Sunday to Thursday and €165 on weekends."
    assert not detect(source_input(answer.format("€120"), CABIN)).flagged
    wrong = detect(source_input(answer.format("$120"), CABIN))
    assert wrong.flagged
    # A rate under a key of rates stays money, never a percentage.
    assert not _verdict(wrong, "$120").grounded


def test_a_key_s_scale_before_the_year_it_is_kept_by():
    answer = "Agency channels brought {} bookings in 2024."
    assert not detect(source_input(answer.format("5,100"), CABIN)).flagged
    assert detect(source_input(answer.format("5,100 thousand"), CABIN)).flagged


def test_steps_of_a_running_balance_run_on_from_the_result_above():
    assert not detect(source_input(_cabin_week("790.50", "835.50", "919.05"), CABIN)).flagged
    # The discount taken off the wrong subtotal.
    wrong_step = detect(source_input(_cabin_week("780.50", "835.50", "919.05"), CABIN))
    assert wrong_step.flagged
    assert not _verdict(wrong_step, "€780.50").grounded
    # A total that adds the service fee twice.
    wrong_total = detect(source_input(_cabin_week("790.50", "835.50", "1,002.60"), CABIN))
    assert wrong_total.flagged


PLANS = json.dumps(
    {
        "service": "Corvid Music",
        "currency": "USD",
        "plans": {"family_monthly": 21.99, "family_annual": 219.99},
    }
)


def test_a_month_of_a_year_the_sentence_gives():
    answer = "The family plan is $21.99 a month; paid yearly it is $219.99, about {} a month."
    assert not detect(source_input(answer.format("$18.33"), PLANS)).flagged
    wrong = detect(source_input(answer.format("$19.33"), PLANS))
    assert wrong.flagged
    assert not _verdict(wrong, "$19.33").grounded
    yearly = "The family plan is $21.99 a month, or about {} a year before the annual discount."
    assert not detect(source_input(yearly.format("$263.88"), PLANS)).flagged
    assert detect(source_input(yearly.format("$273.88"), PLANS)).flagged


def test_a_month_and_a_year_the_sources_do_not_state_stand_on_nothing():
    # Both written by the answer and agreeing with each other: neither is grounded by that.
    answer = "The family plan costs about $300 a year, around $25 a month."
    assert detect(source_input(answer, PLANS)).flagged


def test_a_key_naming_a_pair_of_currencies_holds_no_money_of_either():
    record = json.dumps({"pair": "EUR/USD", "eur_usd": {"close": 1.0842, "open": 1.0817}})
    claims = [c for c in extract_source("fx", record).claims if c.text == "1.0842"]
    assert claims and all(c.kind != "currency" for c in claims)
    # One currency named: money in it.
    cabin = [c for c in extract_source("cabin", CABIN).claims if c.text == "120"]
    assert cabin and all(c.kind == "currency" and c.unit == "EUR" for c in cabin)
