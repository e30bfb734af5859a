"""Working written a step a line ("= $806.2M ÷ $4,812.6M × 365" over "= **61.1 days**"):
the result on a line that opens with `=` is the result of the step on the line above. A
clean case and a wrong one of the same shape."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect
from hallucination.engine.types import ARITHMETIC_DRIFT, DERIVED

from .conftest import source_input

STATEMENTS = """BRISTOW VALVE CORP.
(In millions)
                                             2024        2023
Net sales                               $ 3,904.8   $ 3,611.2
Accounts receivable, net                    622.7       588.1
Inventories                                 540.3       512.9
"""

ANSWER = """**DSO (2024)**

DSO = Accounts receivable, net ÷ Net sales × 365
= $622.7M ÷ $3,904.8M × 365
= **{} days**
"""


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_a_result_on_its_own_line_is_the_step_above_worked_out():
    clean = detect(source_input(ANSWER.format("58.2"), STATEMENTS))  # 58.207
    assert not clean.flagged
    assert _verdict(clean, "58.2").outcome == DERIVED
    wrong = detect(source_input(ANSWER.format("55.0"), STATEMENTS))
    assert wrong.flagged
    verdict = _verdict(wrong, "55.0")
    assert verdict.outcome == ARITHMETIC_DRIFT
    assert verdict.expected_value == Decimal("58.2")
