"""A roll-forward's balance rows ("Balance at beginning of year", "Balance at end of year")
are balances of what its caption names ("the activity in our self-insurance reserves"), the
last such phrase before the table, and a claim naming the balance alone still binds them."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.tables import caption_subject

from .conftest import source_input

RESERVES = """The following table summarizes the activity in our self-insurance reserves (in thousands):

                                              Year Ended December 31,
                                          2024          2023          2022
Balance at beginning of year          $ 43,205      $ 39,271      $ 38,412
Provision for current-year claims         27,045        24,318        21,906
Claims paid                              (22,156)      (20,384)      (21,047)
Balance at end of year                $ 48,094      $ 43,205      $ 39,271
"""

BENEFITS = """For fiscal 2018, the total change in the valuation allowance was $80.9 million. Our
aggregate changes in our total gross amount of unrecognized tax benefits are summarized as
follows (in thousands):

,2018,2017
beginning balance,172945,178413
gross increases in unrecognized tax benefits – prior year tax positions,16191,3680
gross increases in unrecognized tax benefits – current year tax positions,60721,24927
lapse of statute of limitations,-45922,-8819
ending balance,196152,172945
"""


def test_a_balance_row_without_a_date_is_a_balance_of_the_caption_s_subject():
    assert not detect(
        source_input("Self-insurance reserves rose about 11.3% during 2024.", RESERVES)
    ).flagged
    assert detect(
        source_input("Self-insurance reserves rose about 12.3% during 2024.", RESERVES)
    ).flagged


def test_the_subject_is_the_last_phrase_before_the_table():
    assert (
        caption_subject(BENEFITS.split("\n\n")[0])
        == "total gross amount of unrecognized tax benefits"
    )
    clean = "Gross unrecognized tax benefits rose about 13.4% in fiscal 2018."
    assert not detect(source_input(clean, BENEFITS)).flagged
    assert detect(source_input(clean.replace("13.4%", "15.4%"), BENEFITS)).flagged


def test_a_claim_naming_the_balance_alone_still_binds_it():
    # a hedged figure far off the ending balance is no sum of the rows above it
    assert detect(source_input("Ending balance was almost $250 million in 2018.", BENEFITS)).flagged
    assert not detect(
        source_input("Ending balance was about $196 million in 2018.", BENEFITS)
    ).flagged
