"""A note given as two sources, its table as JSON rows and its paragraphs beside it, with
the scale stated only in the paragraphs ("The following table presents net revenue by
geographic region ... (in thousands):"): the table's amounts are at that scale, so a scale
word in the answer is checked against it. Each class has a clean case and a wrong one of
the same shape."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.types import DetectionInput, SourceDocument

TABLE = (
    '[["", "Fiscal Year Ended", ""], ["", "September 28, 2019", "September 29, 2018"], '
    '["United States", "118,406", "126,931"], ["Taiwan", "64,870", "58,112"], '
    '["Total net revenue", "183,276", "185,043"]]'
)
PARAGRAPHS = (
    "Note 14. Segment and Geographic Information\n"
    "The following table presents net revenue by geographic region, based on the location "
    "to which the products were shipped, for the fiscal years presented (in thousands):"
)


def _input(answer: str, paragraphs: str = PARAGRAPHS) -> DetectionInput:
    return DetectionInput(
        answer=answer,
        sources=(
            SourceDocument(id="table", text=TABLE),
            SourceDocument(id="paragraphs", text=paragraphs),
        ),
        question="What was the net revenue from Taiwan in fiscal 2019?",
    )


def test_a_table_takes_the_scale_its_paragraphs_state():
    assert not detect(_input("64,870 thousand")).flagged
    assert not detect(_input("About $64.9 million")).flagged
    assert detect(_input("64,870 million")).flagged


def test_without_a_stated_scale_the_tables_scale_stays_unknown():
    """Paragraphs that state no scale for the table leave any scale word open."""
    plain = "Note 14. Segment and Geographic Information\nRevenue by region follows."
    assert not detect(_input("64,870 million", plain)).flagged
    assert detect(_input("68,470 million", plain)).flagged


CHANGE = "What was the percentage change in revenue from Taiwan between fiscal 2018 and 2019?"


def test_a_change_worked_over_the_later_value_has_the_wrong_base():
    """ "(64,870 - 58,112) / 64,870 = 10.42%": the sources give 64,870 for fiscal 2019 and
    58,112 for 2018, so the change is over 58,112 (11.63%)."""
    clean = _input("(64,870 - 58,112) / 58,112 = 11.63%")
    assert not detect(
        DetectionInput(answer=clean.answer, sources=clean.sources, question=CHANGE)
    ).flagged
    wrong = detect(
        DetectionInput(
            answer="(64,870 - 58,112) / 64,870 = 10.42%", sources=clean.sources, question=CHANGE
        )
    )
    (verdict,) = [v for v in wrong.verdicts if v.claim.text == "10.42%"]
    assert verdict.outcome == "arithmetic_drift"
    assert verdict.details["over_the_earlier_value"] == "11.63"
    assert not wrong.corrections  # the working beside it would still give 10.42%


def test_a_fall_worked_over_the_earlier_value_is_its_own_base():
    """ "(126,931 - 118,406) / 126,931 = 6.72%" for the United States' decline: the minuend is
    the earlier year, which is the base of a fall."""
    question = (
        "What was the percentage decrease in revenue from the United States from 2018 to 2019?"
    )
    sources = _input("").sources
    assert not detect(
        DetectionInput(
            answer="(126,931 - 118,406) / 126,931 = 6.72%", sources=sources, question=question
        )
    ).flagged
    assert detect(
        DetectionInput(
            answer="(126,931 - 118,406) / 126,931 = 7.72%", sources=sources, question=question
        )
    ).flagged


ACCRUED = (
    '[["", "December 28, 2019", "December 29, 2018"], '
    '["Accrued compensation and benefits", "42,816", "39,274"], '
    '["Accrued warranty", "8,392", "7,015"], ["Customer deposits", "12,604", "15,883"], '
    '["Accrued income taxes", "3,117", "5,406"], ["Other", "11,248", "8,962"], '
    '["Total accrued expenses and other current liabilities", "78,177", "76,540"]]'
)
ACCRUED_PARAGRAPHS = (
    "Note 7. Balance Sheet Components\n"
    "Accrued expenses and other current liabilities consisted of the following (in thousands):"
)
TOTAL = "What were total accrued expenses and other current liabilities at December 28, 2019?"


def _accrued(answer: str) -> DetectionInput:
    return DetectionInput(
        answer=answer,
        sources=(
            SourceDocument(id="table", text=ACCRUED),
            SourceDocument(id="paragraphs", text=ACCRUED_PARAGRAPHS),
        ),
        question=TOTAL,
    )


def test_the_following_with_a_scale_states_the_tables_scale():
    assert not detect(_accrued("$78.2 million")).flagged
    assert detect(_accrued("$78.2 billion")).flagged


def test_a_sum_answering_a_question_for_the_total_is_presented_as_it():
    """Four of the five rows summed, answering "What were total ...?": the sources' total is
    78,177."""
    every = "42,816 + 8,392 + 12,604 + 3,117 + 11,248 = 78,177 thousand"
    assert not detect(_accrued(every)).flagged
    partial = detect(_accrued("42,816 + 8,392 + 12,604 + 3,117 = 66,929 thousand"))
    (verdict,) = [v for v in partial.verdicts if v.claim.text == "66,929 thousand"]
    assert verdict.outcome == "unsupported_aggregation"


def test_a_total_asked_over_some_years_is_no_total_of_the_table():
    """ "What are the total lease payments due in 2026 to 2028?": the sum of three years'
    rows, not the schedule's "Total lease payments"."""
    schedule = (
        "| Year | Operating leases |\n|---|---|\n| 2025 | $15,420 |\n| 2026 | 14,218 |\n"
        "| 2027 | 13,604 |\n| 2028 | 12,377 |\n| Thereafter | 36,297 |\n"
        "| Total lease payments | 91,916 |"
    )
    question = "What are the total lease payments due in 2026 to 2028?"
    clean = DetectionInput(
        answer="14,218 + 13,604 + 12,377 = 40,199",
        sources=(SourceDocument(id="note", text=schedule),),
        question=question,
    )
    assert not detect(clean).flagged
    assert detect(
        DetectionInput(
            answer="14,218 + 13,604 + 12,377 = 42,199", sources=clean.sources, question=question
        )
    ).flagged


QUARTERS = (
    '[["", "Quarter Ended", ""], ["", "December 29, 2018", "March 30, 2019"], '
    '["Net revenue", "212.6", "188.4"], ["Net income (loss)", "14.1", "(4.2)"]]'
)


def test_a_profit_named_where_the_line_gives_a_loss_has_the_wrong_sign():
    def ask(answer: str) -> DetectionInput:
        return DetectionInput(
            answer=answer,
            sources=(
                SourceDocument(id="table", text=QUARTERS),
                SourceDocument(id="paragraphs", text="Quarterly results (in millions)."),
            ),
            question="What was net income (loss) for the quarter ended March 30, 2019?",
        )

    assert not detect(ask("A net loss of 4.2 million")).flagged
    assert not detect(ask("-4.2 million")).flagged
    assert detect(ask("Net income of 4.2 million")).flagged


def test_json_rows_written_in_ascii_keep_their_currency_units():
    """ "\\u20ac'000" in rows written by a JSON encoder that escapes non-ASCII is "€'000": the
    unit row under the years scales the amounts."""
    import json

    rows = json.dumps(
        [["", "2019", "2018"], ["", "€'000", "€'000"], ["Revenue", "84,219", "79,604"]]
    )
    assert "\\u20ac" in rows
    sources = (
        SourceDocument(id="table", text=rows),
        SourceDocument(id="paragraphs", text="Note 3"),
    )
    question = "What was revenue in 2019?"
    assert not detect(
        DetectionInput(answer="€84.2 million", sources=sources, question=question)
    ).flagged
    assert detect(
        DetectionInput(answer="€84.2 billion", sources=sources, question=question)
    ).flagged


NORDIC = (
    "KALLHAVET MARINE AB (PUBL) — YEAR-END REPORT JANUARY–DECEMBER 2024\n"
    "- Net sales increased by 9.9% to SEK 13,415 million (12,208), of which organic growth 8%.\n"
    "- EBITA amounted to SEK 1,842 million (1,571)."
)


def test_a_bare_number_in_brackets_after_a_figure_is_its_comparative():
    """ "SEK 13,415 million (12,208)", as Nordic reports give the year before: SEK 12,208
    million, not minus 12,208."""

    def check(answer: str) -> bool:
        return detect(
            DetectionInput(answer=answer, sources=(SourceDocument("report", NORDIC),))
        ).flagged

    assert not check("Net sales rose by SEK 1,207 million, or 9.9%, in 2024.")
    assert not check("Net sales grew 9.9% from prior-year net sales of SEK 12,208 million.")
    assert check("Net sales rose by SEK 1,702 million, or 9.9%, in 2024.")
