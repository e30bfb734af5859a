"""Working whose operands are all one row's figures, where the question names another row
of the same table, is a substitution: the figures of the wrong segment, resort or entity,
worked correctly. A question that names the row the working takes, or names no row, leaves
the working as it is."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

SEGMENTS = """Note 4 Operating segments (MVR thousand unless otherwise stated)

Segment                 Revenue2024 Revenue2023 RoomNights2024 RoomNights2023
-------                 ----------- ----------- -------------- --------------
Hiyala Atoll Resort     612480      571230      29840          28910
Kuda Lagoon Villas      388215      402660      15210          16480
Thundi Beach Resort     254118      219872      17385          15920
Total                   1254813     1193762     62435          61310
"""

KUDA = "What was Kuda Lagoon Villas' revenue per occupied room night in 2024?"
THUNDI = "What was Thundi Beach Resort's revenue per occupied room night in 2024?"


def _flagged(answer: str, question: str) -> list[str]:
    result = detect(source_input(answer, SEGMENTS, question=question))
    return [v.outcome for v in result.verdicts if not v.grounded]


def test_working_over_the_row_the_question_names_passes():
    assert _flagged("MVR 388,215 thousand / 15,210 room nights = MVR 25,524", KUDA) == []
    assert _flagged("MVR 254,118 thousand / 17,385 room nights = MVR 14,617", THUNDI) == []


def test_working_over_another_row_is_a_substitution():
    said = "MVR 254,118 thousand / 17,385 room nights = MVR 14,617"
    assert _flagged(said, KUDA) == ["substitution"]
    said = "MVR 612,480 thousand / 29,840 room nights = MVR 20,525"
    assert _flagged(said, THUNDI) == ["substitution"]


def test_a_question_naming_no_row_leaves_the_working_alone():
    said = "MVR 254,118 thousand / 17,385 room nights = MVR 14,617"
    assert _flagged(said, "What was revenue per occupied room night in 2024?") == []


RESULTS = """Selected results (dollars in thousands, except average pawn loan)
                                 Fiscal 2024   Fiscal 2023
Pawn loan fees                      $412,806      $389,114
Pawn loans outstanding              $287,415      $268,903
Average pawn loan (in dollars)          $194          $186
"""


def test_a_row_whose_name_holds_the_one_asked_is_no_other_row():
    # "Pawn loans outstanding" are the pawn loans the question asks about, not another
    # row than "Average pawn loan".
    said = (
        "Average pawn loans = ($287,415K + $268,903K) / 2 = $278,159K; "
        "yield = $412,806K / $278,159K ≈ 148.4%"
    )
    result = detect(
        source_input(said, RESULTS, question="What yield did it earn on its pawn loans?")
    )
    assert not result.flagged
