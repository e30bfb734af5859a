"""Numbers written in other scripts' digits are claims too (issue 16, item 2).

The engine reads every Unicode decimal digit (category Nd) as its value, and Unicode minus
signs, thin and no-break spaces and Arabic separators as their ASCII roles, in answers and
sources alike, with spans still pointing at the original characters.
"""

from decimal import Decimal

import pytest

from hallucination.engine import detect
from hallucination.engine.types import DetectionInput, SourceDocument

SOURCE = "Q3 2026 revenue: $1.85 billion. EPS: $0.78. Net income: $312 million."


def _claims(answer: str, source: str = SOURCE):  # type: ignore[no-untyped-def]
    result = detect(DetectionInput(answer=answer, sources=(SourceDocument(id="f", text=source),)))
    return result


@pytest.mark.parametrize(
    ("answer", "written"),
    [
        ("EPS was $٠٫٨١.", "$٠٫٨١"),  # Arabic-Indic digits, Arabic decimal separator
        ("EPS was $۰.۸۱.", "$۰.۸۱"),  # Eastern Arabic-Indic (Persian) digits
        ("EPS was $０.８１.", "$０.８１"),  # full-width digits
        ("EPS was $०.८१.", "$०.८१"),  # Devanagari digits
    ],
)
def test_a_wrong_eps_in_other_digits_is_extracted_and_flagged(answer, written):
    result = _claims(answer)

    (claim,) = [v for v in result.verdicts if v.claim.value == Decimal("0.81")]
    assert answer[claim.claim.start : claim.claim.end].endswith(written.lstrip("$"))
    assert claim.grounded is False
    assert result.flagged is True


def test_a_unicode_minus_is_a_negative_number():
    result = _claims("Net income was −$312 million.", "Net income: $312 million.")

    (verdict,) = result.verdicts
    assert verdict.claim.value == Decimal("-312000000")
    assert verdict.grounded is False


@pytest.mark.parametrize("separator", ["\u2009", "\u202f", "\u00a0", "\u066c"])
def test_thin_and_no_break_spaces_group_thousands(separator):
    answer = f"Revenue was $1{separator}850 million."

    result = _claims(answer, "Revenue: $1,850 million.")

    (verdict,) = result.verdicts
    assert verdict.claim.value == Decimal("1850000000")
    assert verdict.grounded is True
    assert answer[verdict.claim.start : verdict.claim.end].startswith("$1")


def test_sources_in_other_digits_ground_ascii_claims():
    result = _claims("EPS was $0.78.", "EPS: $٠٫٧٨.")

    (verdict,) = result.verdicts
    assert verdict.grounded is True
