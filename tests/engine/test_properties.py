"""Properties that hold for any text: extraction never raises, spans slice back, formatted
numbers read back to their value, and an answer grounded against itself flags nothing."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hallucination.engine import detect, extract_claims
from hallucination.engine.types import DetectionInput, SourceDocument

PROPERTY_SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

# Text built from the characters numbers are written with, so the search spends its time
# near the patterns rather than in random Unicode.
NUMBERISH = st.lists(
    st.sampled_from(
        [*"0123456789.,$%()-+ xXkKMBbn€£~/:|\t\nQFYH'", "bps ", " million", " percent", "Q3 ", "FY"]
    ),
    max_size=120,
).map("".join)


@PROPERTY_SETTINGS
@given(st.one_of(st.text(max_size=400), NUMBERISH))
def test_extraction_never_raises_and_every_span_slices_back(text):
    for source_id in ("", "doc"):
        for claim in extract_claims(text, source_id=source_id):
            assert text[claim.start : claim.end] == claim.text
            assert claim.value.is_finite()


@PROPERTY_SETTINGS
@given(st.one_of(st.text(max_size=200), NUMBERISH), st.one_of(st.text(max_size=200), NUMBERISH))
def test_detection_never_raises_and_always_scores(answer, source):
    result = detect(DetectionInput(answer=answer, sources=(SourceDocument("s", source),)))

    data = result.to_dict()
    assert data["total_claims"] == len(data["claims"])
    assert data["grounding_rate"] is None or "NaN" not in data["grounding_rate"]
    for verdict in result.verdicts:
        assert answer[verdict.claim.start : verdict.claim.end] == verdict.claim.text


def _decimal(units: int, places: int) -> Decimal:
    return Decimal(units).scaleb(-places)


AMOUNTS = st.builds(_decimal, st.integers(1, 999_999), st.integers(0, 2))
SMALL = st.builds(_decimal, st.integers(1, 9_999), st.integers(1, 2))


def _grouped(value: Decimal) -> str:
    return f"{value:,}"


FORMATS = [
    (lambda v: f"${_grouped(v)}", lambda v: v),
    (lambda v: f"${v} million", lambda v: v * Decimal("1e6")),
    (lambda v: f"${v}M", lambda v: v * Decimal("1e6")),
    (lambda v: f"${v}B", lambda v: v * Decimal("1e9")),
    (lambda v: f"USD {v}bn", lambda v: v * Decimal("1e9")),
    (lambda v: f"€{v} billion", lambda v: v * Decimal("1e9")),
    (lambda v: f"${v}K", lambda v: v * Decimal("1e3")),
    (lambda v: f"$({v}) million", lambda v: -v * Decimal("1e6")),
    (lambda v: f"-${v}", lambda v: -v),
    (lambda v: f"{v}%", lambda v: v),
    (lambda v: f"-{v}%", lambda v: -v),
    (lambda v: f"{v} percent", lambda v: v),
    (lambda v: f"{v} percentage points", lambda v: v),
    (lambda v: f"{v}x", lambda v: v),
]


@PROPERTY_SETTINGS
@given(st.sampled_from(FORMATS), SMALL)
def test_a_number_formatted_any_supported_way_reads_back_to_its_value(form, value):
    write, expect = form
    written = write(value)
    text = f"The reported figure was {written} for the period."

    claims = [c for c in extract_claims(text) if not c.nested]

    assert [c.text for c in claims] == [written]
    assert claims[0].value == expect(value)


@PROPERTY_SETTINGS
@given(st.integers(1, 10_000_000))
def test_a_grouped_count_reads_back(count):
    written = f"{count:,} trades"

    claims = extract_claims(f"There were {written} today.")

    assert [c.value for c in claims] == [Decimal(count)]


LABELS = ["Revenue", "Net income", "EPS", "Operating cash flow", "Total assets", "Gross margin"]
PERIODS = ["", "In Q3 2026, ", "In fiscal 2025, ", "For December 2024, "]


@st.composite
def answers(draw):
    sentences = []
    for _ in range(draw(st.integers(1, 6))):
        label = draw(st.sampled_from(LABELS))
        write, _expect = draw(st.sampled_from(FORMATS))
        value = draw(st.one_of(SMALL, AMOUNTS))
        sentences.append(f"{draw(st.sampled_from(PERIODS))}{label} was {write(value)}.")
    return " ".join(sentences)


@PROPERTY_SETTINGS
@given(answers())
def test_an_answer_grounded_against_itself_flags_nothing(answer):
    result = detect(DetectionInput(answer=answer, sources=(SourceDocument("self", answer),)))

    assert result.flagged is False, [(v.claim.text, v.outcome) for v in result.verdicts]
    assert all(v.grounded for v in result.verdicts)
