"""The order of trust (issue 14): a value the sources state, then a calculator's output over
source values, then a recomputation; a lower rank never overrides a higher one. And a
correction is offered only when it is right: re-checking the corrected text flags nothing
the correction touched."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from hallucination.engine import detect
from hallucination.engine.corpus import load_corpus
from hallucination.engine.types import (
    ARITHMETIC_DRIFT,
    CALCULATED,
    CalculatorOutput,
    DetectionInput,
    SourceDocument,
)

from .conftest import source_input

ROOT = Path(__file__).resolve().parents[2]
FILING = "EPS: $0.78. Reported EPS: $0.50. Consensus EPS estimate: $0.45."


def _with_calculator(answer: str, expression: str, result: str) -> DetectionInput:
    return DetectionInput(
        answer=answer,
        sources=(SourceDocument("filing", FILING),),
        calculator_outputs=(CalculatorOutput(expression, Decimal(result)),),
    )


def test_a_calculator_output_over_source_values_grounds_the_claim():
    result = detect(
        _with_calculator("The earnings surprise was 11.11%.", "(0.50-0.45)/0.45*100", "11.111111")
    )

    assert result.verdicts[0].outcome == CALCULATED


def test_a_calculator_output_over_a_value_the_sources_lack_grounds_nothing():
    result = detect(
        _with_calculator("The earnings surprise was 13.33%.", "(0.51-0.45)/0.45*100", "13.333333")
    )

    assert result.flagged is True


def test_a_calculator_output_never_overrides_the_stated_value():
    result = detect(_with_calculator("EPS was $0.81.", "0.81*1", "0.81"))

    (verdict,) = result.verdicts
    assert verdict.grounded is False
    assert verdict.expected_value == Decimal("0.78")


def test_a_calculator_output_equal_to_the_stated_value_is_calculated():
    result = detect(_with_calculator("EPS was $0.78.", "0.78*1", "0.78"))

    assert result.verdicts[0].outcome == CALCULATED


LOAN = "Net operating income: $2.6 million. Annual debt service: $2.08 million. DSCR: 1.25x."


def test_a_stated_ratio_beats_a_recomputation_that_gives_the_claim():
    # 2.6 / 1.25 = 2.08 is in the sources too; the ratio the sources state is 1.25x.
    result = detect(source_input("The debt service coverage ratio was 2.08x.", LOAN))

    assert result.flagged is True


def test_the_stated_ratio_is_grounded():
    assert detect(source_input("The debt service coverage ratio was 1.25x.", LOAN)).flagged is False


# ------------------------------------------------------------------ corrections


def test_no_figure_is_offered_when_the_words_of_direction_are_wrong():
    source = "| | 2011 | 2010 |\n|---|---|---|\n| Smokeless products | 734.6 | 724.4 |"
    result = detect(
        source_input("Between 2010 and 2011, smokeless products declined 1.4%.", source)
    )

    (verdict,) = [v for v in result.verdicts if v.claim.text == "1.4%"]
    assert verdict.outcome == ARITHMETIC_DRIFT
    assert result.corrections == ()


def test_no_figure_is_offered_for_a_value_in_another_currency():
    source = "Key figures (in € millions)\n| | 2024 |\n|---|---|\n| Revenue | 2,176 |"
    result = detect(source_input("Revenue reached $2,176 million in 2024.", source))

    assert result.flagged is True
    assert result.corrections == ()


def test_a_minus_the_sources_do_not_write_is_dropped_by_the_correction():
    source = "| | amount (in millions) |\n|---|---|\n| retail electric price | 33.8 |\n| other | (14.8) |"
    result = detect(source_input("Retail electric price was -$14.8 million.", source))

    assert result.corrected_answer == "Retail electric price was $33.8 million."


CORPORA = sorted((ROOT / "tests" / "corpus").glob("*.jsonl")) + sorted(
    (ROOT / "tests" / "holdout").glob("*.jsonl")
)


@pytest.mark.parametrize("path", CORPORA, ids=lambda p: p.name)
def test_corrected_text_flags_nothing_the_correction_touched(path):
    touched_and_flagged = []
    for case in load_corpus([path]):
        inp = case.to_input()
        result = detect(inp)
        if not result.corrections:
            continue
        spans, shift = [], 0
        for c in sorted(result.corrections, key=lambda c: c.start):
            start = c.start + shift
            spans.append((start, start + len(c.replacement)))
            shift += len(c.replacement) - (c.end - c.start)
        again = detect(replace(inp, answer=result.corrected_answer))
        for verdict in again.verdicts:
            if not verdict.grounded and any(
                verdict.claim.start < e and verdict.claim.end > s for s, e in spans
            ):
                touched_and_flagged.append((case.id, verdict.claim.text, verdict.outcome))

    assert touched_and_flagged == []


def test_no_clean_answer_of_the_projects_corpus_is_corrected():
    corrected = [
        case.id
        for case in load_corpus(sorted((ROOT / "tests" / "corpus").glob("*.jsonl")))
        if not case.hallucinated and detect(case.to_input()).corrections
    ]

    assert corrected == []


def test_a_correction_the_corrected_answer_still_flags_is_withdrawn_with_its_expected_value():
    # The 13% of a guidance range stated in the source is read as another metric's, and the
    # reading proposes 12%; checked again, "12% to 12%" is flagged too, so no correction and
    # no expected value are offered for it. The EPS correction, which holds, stays.
    source = (
        "CFO: Total payment volume was $218.4 billion, up 14% on a currency-neutral basis "
        "and 12% as reported. Q3 EPS: $0.78.\n\nFor the full year we now expect TPV growth "
        "of 12% to 13% on a currency-neutral basis, and non-GAAP EPS of $4.45 to $4.55."
    )
    answer = (
        "Management raised its full-year non-GAAP EPS outlook to $4.45 to $4.55 and expects "
        "currency-neutral TPV growth of 12% to 13%. Q3 EPS was $0.81."
    )

    result = detect(DetectionInput(answer=answer, sources=(SourceDocument("call", source),)))

    assert [(c.text, c.replacement) for c in result.corrections] == [("$0.81", "$0.78")]
    by_text = {v.claim.text: v for v in result.verdicts}
    assert by_text["13%"].expected_value is None
    assert by_text["$0.81"].expected_value == Decimal("0.78")
    assert "$0.78" in result.corrected_answer and "12% to 13%" in result.corrected_answer
