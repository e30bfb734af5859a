"""claim_groups and answer_parts: overlapping spans are one claim on the page. No database."""

from types import SimpleNamespace

from reviews.selectors import ClaimGroup, ClaimRow, answer_parts, claim_groups


def _row(position: int, answer: str, text: str, outcome: str = "grounded") -> ClaimRow:
    start = answer.index(text)
    claim = SimpleNamespace(
        pk=100 + position,
        position=position,
        start=start,
        end=start + len(text),
        text=text,
        outcome=outcome,
        grounded=outcome in ("grounded", "derived"),
    )
    return ClaimRow(number=0, claim=claim, verdicts=[])  # type: ignore[arg-type]


def _flatten(parts: list) -> str:  # type: ignore[type-arg]
    return "".join(p if isinstance(p, str) else p.text for p in parts)


def test_a_year_inside_its_quarter_is_one_claim_not_two():
    answer = "In Q3 2026, revenue was $1.85 billion."
    rows = [_row(0, answer, "Q3 2026"), _row(1, answer, "2026"), _row(2, answer, "$1.85 billion")]

    groups = claim_groups(answer, rows)

    assert [(g.number, g.text, len(g.rows)) for g in groups] == [
        (1, "Q3 2026", 2),
        (2, "$1.85 billion", 1),
    ]
    assert groups[0].claim_ids == [100, 101]
    # Each claim the detector found carries the number of the page's claim it belongs to.
    assert [row.number for row in rows] == [1, 1, 2]


def test_the_text_is_kept_exactly():
    answer = "In Q3 2026, revenue was $1.85 billion, up 14.8%."
    rows = [_row(0, answer, "Q3 2026"), _row(1, answer, "2026"), _row(2, answer, "14.8%")]

    assert _flatten(answer_parts(answer, claim_groups(answer, rows))) == answer


def test_a_flag_inside_a_grounded_span_flags_the_whole_claim():
    answer = "Revenue in Q3 2025 was flat."
    rows = [_row(0, answer, "Q3 2025"), _row(1, answer, "2025", outcome="period_mismatch")]

    (group,) = claim_groups(answer, rows)

    assert not group.grounded
    assert group.outcome == "period_mismatch"
    assert group.suggested_label == ""


def test_spans_that_overlap_partly_merge_into_one_longer_claim():
    answer = "Revenue $1.85 billion."
    rows = [_row(0, answer, "$1.85 billion"), _row(1, answer, "billion.")]

    (group,) = claim_groups(answer, rows)

    assert group.text == "$1.85 billion."
    assert _flatten(answer_parts(answer, [group])) == answer


def test_a_span_outside_the_answer_is_listed_but_not_highlighted():
    answer = "Revenue $1.85 billion."
    inside = _row(0, answer, "$1.85 billion")
    stale = ClaimRow(
        number=0,
        claim=SimpleNamespace(  # type: ignore[arg-type]
            pk=7,
            position=1,
            start=40,
            end=45,
            text="$2 billion",
            outcome="fabrication",
            grounded=False,
        ),
        verdicts=[],
    )

    groups = claim_groups(answer, [inside, stale])
    parts = answer_parts(answer, groups)

    assert [(g.number, g.text, g.in_answer) for g in groups] == [
        (1, "$1.85 billion", True),
        (2, "$2 billion", False),
    ]
    assert [p.number for p in parts if isinstance(p, ClaimGroup)] == [1]
    assert _flatten(parts) == answer


def test_an_answer_without_claims_is_one_piece_of_text():
    assert answer_parts("No numbers here.", claim_groups("No numbers here.", [])) == [
        "No numbers here."
    ]
