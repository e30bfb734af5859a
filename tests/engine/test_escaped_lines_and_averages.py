"""A source printed as a string literal whose lines are joined by `\\n` escapes (a
LangChain `Document(page_content='...')` print) is read line by line, its tables as tables;
and a figure per average unit worked over the count at the period's end alone is off."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

PAGE = (
    "[Document(page_content='BRIGHTWATER EXPRESS WASH, INC.\\nResults of Operations\\n"
    "(in thousands, except operating data)\\n"
    "                                      Fiscal 2024    Fiscal 2023\\n"
    "Express Wash Club revenue                 462,718        401,236\\n"
    "Retail wash revenue                       201,455        214,980\\n"
    "Total net revenue                         682,377        633,127\\n"
    "Operating data:\\n"
    "Express Wash Club members (thousands)*      2,214          1,978\\n"
    "* At end of period.', metadata={'source': 'brightwater_10k_fy2024.pdf', 'page': 44})]"
)


def _flagged(answer: str, question: str = "") -> bool:
    return detect(source_input(answer, PAGE, question=question)).flagged


def test_a_page_printed_with_escaped_line_breaks_is_read_as_lines():
    clean = (
        "Express Wash Club revenue was 462,718 thousand in fiscal 2024, up from 401,236 thousand."
    )
    assert not _flagged(clean)
    # the two years swapped
    assert _flagged("Express Wash Club revenue was 401,236 thousand in fiscal 2024.")


def test_a_figure_per_average_member_over_the_year_end_count():
    question = "What was Express Wash Club revenue per average member in fiscal 2024?"
    right = "$462,718K ÷ ((2,214K + 1,978K) / 2) ≈ $221 per average member"
    assert not _flagged(right, question)
    # the year-end members alone
    assert _flagged("$462,718K ÷ 2,214K members ≈ $209 per average member", question)
