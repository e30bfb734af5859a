"""A segment table in blocks of years: the column names and the caption over the first
year's block head every block under it, and a row states its own unit of measure. An answer
that lists changes part by part ("ammonia fell 25.6% and UAN about 18.0%") reads each later
part over its own figures, and "fell even more" or "slightly more than a quarter" measure a
change without turning it into a rise."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.tables import find_tables

from .conftest import source_input

SEGMENTS = """Segment Results
Our reportable segments are Ammonia, Urea and UAN.
(in millions, except as noted)                     Ammonia        Urea         UAN       Total
Year ended December 31, 2024
  Net sales                                   $     943.1 $     988.6 $   1,046.5 $   2,978.2
  Sales volume (thousands of product tons)          1,842       2,716       3,905       8,463
  Average selling price per product ton       $       512 $       364 $       268
Year ended December 31, 2023
  Net sales                                   $   1,317.5 $   1,089.5 $   1,311.9 $   3,718.9
  Sales volume (thousands of product tons)          1,915       2,588       4,012       8,515
  Average selling price per product ton       $       688 $       421 $       327
"""


def _flagged(answer: str) -> bool:
    return detect(source_input(answer, SEGMENTS)).flagged


def test_column_names_over_a_year_line_head_every_year_block():
    cells = {SEGMENTS[c.start : c.end]: c for c in find_tables(SEGMENTS).cells}
    assert cells["1,311.9"].column_header == "UAN"
    assert cells["1,311.9"].period == "FY2023"
    assert cells["1,311.9"].scale == 1_000_000
    assert not _flagged("UAN net sales were $1,311.9 million in 2023.")
    # Urea's 2023 figure given as UAN's
    assert _flagged("UAN net sales were $1,089.5 million in 2023.")


def test_a_row_in_thousands_of_tons_under_a_caption_in_millions():
    assert not _flagged("Ammonia sales volume was 1,842 thousand tons in 2024.")
    assert _flagged("Ammonia sales volume was 1,842 million tons in 2024.")


def test_a_change_of_an_average_price_is_no_average_of_the_figures():
    listed = "The average ammonia price per ton fell about 25.6%, the urea price about 13.5% and the UAN price about {}."
    assert not _flagged(listed.format("18.0%"))
    assert _flagged(listed.format("15.8%"))


def test_a_later_item_with_its_verb_left_out_is_read_over_its_own_figures():
    listed = "The average ammonia price per ton fell about 25.6% and UAN about {}."
    assert not _flagged(listed.format("18.0%"))
    assert _flagged(listed.format("21.0%"))
    # ammonia's change given as UAN's
    assert _flagged(listed.format("25.6%"))


def test_a_comparative_of_degree_after_a_verb_of_change_keeps_its_direction():
    assert not _flagged("Ammonia net sales fell even more, about 28.4%, in 2024.")
    assert _flagged("Ammonia net sales rose even more, about 28.4%, in 2024.")


def test_a_signed_change_measured_against_a_benchmark_keeps_its_sign():
    worked = (
        "The ammonia price fell to $512 per product ton in 2024. In 2023 it was $688. "
        "($512 − $688) ÷ $688 ≈ {}, slightly more than a quarter."
    )
    assert not _flagged(worked.format("-25.6%"))
    assert _flagged(worked.format("-27.6%"))


def test_a_change_in_a_year_takes_the_year_before_from_its_own_block():
    assert not _flagged("Ammonia sales volume fell about 3.8% in 2024.")
    assert _flagged("Ammonia sales volume fell about 4.8% in 2024.")


def test_a_change_of_the_one_column_its_words_name():
    assert not _flagged("The ammonia price fell about 25.6%.")
    # urea's change given as ammonia's
    assert _flagged("The ammonia price fell about 13.5%.")


PRO_FORMA = """Unaudited pro forma information. The following presents the Company's results as if
the acquisition had occurred on January 1, 2024:
(in millions)                         Six Months Ended June 30,
                                         2025          2024
Pro forma net sales                   $ 1,486.2     $ 1,402.7
Pro forma net income                       97.4          81.6

Reported net sales for the six months ended June 30, 2025 were $1,431.8 million."""


def test_the_year_a_pro_forma_deal_is_supposed_to_close_dates_no_figure():
    said = (
        "Reported net sales for the six months ended June 30, 2025 were $1.43 billion; on a "
        "pro forma basis, as if the deal had closed at the start of 2024, six-month net sales "
        "would have been {}."
    )
    assert not detect(source_input(said.format("$1.49 billion"), PRO_FORMA)).flagged
    assert detect(source_input(said.format("$1.52 billion"), PRO_FORMA)).flagged
