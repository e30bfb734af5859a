"""answer_parts: splitting an answer into text and (nested) claim spans. No database."""

from types import SimpleNamespace

from reviews.selectors import ClaimRow, Span, answer_parts


def _row(number: int, answer: str, text: str, after: int = 0) -> ClaimRow:
    start = answer.index(text, after)
    claim = SimpleNamespace(pk=number, start=start, end=start + len(text), text=text)
    return ClaimRow(number=number, claim=claim, verdicts=[])  # type: ignore[arg-type]


def _flatten(parts: list) -> str:  # type: ignore[type-arg]
    return "".join(p if isinstance(p, str) else _flatten(p.parts) for p in parts)


def _shape(parts: list) -> list:  # type: ignore[type-arg]
    return [p if isinstance(p, str) else (p.row.claim.text, _shape(p.parts)) for p in parts]


def test_the_text_is_kept_exactly():
    answer = "In Q3 2026, revenue was $1.85 billion, up 14.8%."
    rows = [_row(1, answer, "Q3 2026"), _row(2, answer, "2026"), _row(3, answer, "14.8%")]

    assert _flatten(answer_parts(answer, rows)) == answer


def test_a_year_nests_inside_its_quarter():
    answer = "In Q3 2026, revenue was flat."
    rows = [_row(2, answer, "2026"), _row(1, answer, "Q3 2026")]

    assert _shape(answer_parts(answer, rows)) == [
        "In ",
        ("Q3 2026", ["Q3 ", ("2026", ["2026"])]),
        ", revenue was flat.",
    ]


def test_a_span_outside_the_answer_or_overlapping_partly_is_left_plain():
    answer = "Revenue $1.85 billion."
    inside = _row(1, answer, "$1.85 billion")
    # Starts inside the first claim and runs past its end: it cannot nest.
    overlapping = _row(2, answer, "billion.")
    outside = ClaimRow(
        number=3,
        claim=SimpleNamespace(pk=3, start=40, end=45, text="y"),  # type: ignore[arg-type]
        verdicts=[],
    )

    parts = answer_parts(answer, [inside, overlapping, outside])

    assert _flatten(parts) == answer
    assert [p.row.number for p in parts if isinstance(p, Span)] == [1]
    assert _shape(parts) == ["Revenue ", ("$1.85 billion", ["$1.85 billion"]), "."]


def test_an_answer_without_claims_is_one_piece_of_text():
    assert answer_parts("No numbers here.", []) == ["No numbers here."]
