"""Every worked example of the seed documents, with its exact outcome and values."""

from __future__ import annotations

import json
import zlib
from decimal import Decimal

import pytest

from hallucination.engine import detect
from hallucination.engine.types import (
    APPROXIMATION,
    ARITHMETIC_DRIFT,
    CALCULATED,
    DERIVED,
    FABRICATION,
    GROUNDED,
    PERIOD_MISMATCH,
    UNSUPPORTED_AGGREGATION,
    WITHIN_TOLERANCE,
    DetectionInput,
    SourceDocument,
    profile_config,
)

from .conftest import source_input

STRICT = profile_config("strict")
LENIENT = profile_config("lenient")


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


# ------------------------------------------------------------------ seed 000

EPS_SOURCE = "Earnings snapshot\nReported EPS: $0.50\nEstimated EPS (consensus): $0.45"


def test_seed000_a_miscomputed_earnings_surprise_is_arithmetic_drift():
    result = detect(
        source_input(
            "The company reported EPS of $0.50 against estimated EPS of $0.45, "
            "an earnings surprise of 10.96%.",
            EPS_SOURCE,
        )
    )

    verdict = _verdict(result, "10.96%")
    assert verdict.outcome == ARITHMETIC_DRIFT
    assert verdict.expected_value == Decimal("11.11")
    assert verdict.formula == "(0.50 - 0.45) / 0.45 * 100"
    assert result.flagged is True


def test_seed000_the_correct_surprise_is_derived_with_its_formula():
    result = detect(
        source_input(
            "Reported EPS was $0.50 versus estimated EPS of $0.45, an earnings surprise of 11.11%.",
            EPS_SOURCE,
        )
    )

    verdict = _verdict(result, "11.11%")
    assert verdict.outcome == DERIVED
    assert verdict.formula == "(0.50 - 0.45) / 0.45 * 100"
    assert result.flagged is False


def test_seed000_a_formula_written_out_grounds_its_operands_and_derives_its_result():
    result = detect(
        source_input(
            "Earnings surprise: (0.50 - 0.45) / 0.45 * 100 = 11.11%",
            EPS_SOURCE,
        )
    )

    assert [v.claim.text for v in result.verdicts] == ["0.50", "0.45", "0.45", "11.11%"]
    assert _verdict(result, "11.11%").outcome == DERIVED
    assert result.flagged is False


def test_seed000_a_recorded_calculator_output_grounds_the_surprise_as_calculated():
    calculator = json.dumps(
        {"tool": "calculate", "expression": "(0.50-0.45)/0.45*100", "result": "11.111111111"}
    )
    result = detect(source_input("The earnings surprise was 11.11%.", EPS_SOURCE, calculator))

    verdict = _verdict(result, "11.11%")
    assert verdict.outcome == CALCULATED
    assert verdict.formula == "(0.50-0.45)/0.45*100"


def test_seed000_partial_expirations_summed_into_a_total_are_unsupported_aggregation():
    result = detect(
        source_input(
            "Total daily options volume for AVGO today is 97,271 contracts, combining the "
            "20,893 contracts on the weekly expiration and the 76,378 on the monthly.",
            "Result: 20,893 contracts traded for the weekly expiration.",
            "Result: 76,378 contracts traded for the monthly expiration.",
            "AVGO option chain summary\nTotal options volume today: 20,875",
        )
    )

    verdict = _verdict(result, "97,271")
    assert verdict.outcome == UNSUPPORTED_AGGREGATION
    assert verdict.nearest.value == Decimal("20875")
    assert verdict.formula == "20893 + 76378"
    assert _verdict(result, "20,893").outcome == GROUNDED


def test_seed000_a_sum_presented_as_the_total_is_caught_without_the_operands_written():
    result = detect(
        source_input(
            "AVGO's total options volume today was 97,271 contracts.",
            "Weekly expiration: 20,893 contracts. Monthly expiration: 76,378 contracts. "
            "Total options volume today: 20,875 contracts.",
        )
    )

    verdict = _verdict(result, "97,271")
    assert verdict.outcome == UNSUPPORTED_AGGREGATION
    assert verdict.expected_value == Decimal("20875")


# ------------------------------------------------------------------ seed 001

NOI_SOURCE = "The NOI for the property was $1,200,000 in Q3 2024."


def test_seed001_example1_the_right_noi_is_grounded():
    result = detect(source_input("The NOI was $1.2M for the property.", NOI_SOURCE))

    assert _verdict(result, "$1.2M").outcome == GROUNDED
    assert result.flagged is False


def test_seed001_example2_a_wrong_noi_is_flagged_with_its_nearest_value():
    result = detect(source_input("The NOI was $1.5M for the property.", NOI_SOURCE))

    verdict = _verdict(result, "$1.5M")
    assert verdict.outcome == FABRICATION
    assert verdict.nearest.value == Decimal("1200000")
    assert result.flagged is True


@pytest.mark.parametrize(
    ("config", "outcome", "flagged"),
    [(STRICT, FABRICATION, True), (LENIENT, WITHIN_TOLERANCE, False)],
    ids=["strict", "lenient"],
)
def test_seed001_example3_a_noi_four_percent_off_grounds_only_under_the_lenient_profile(
    config, outcome, flagged
):
    result = detect(source_input("The NOI was $1.25M for the property.", NOI_SOURCE), config)

    assert _verdict(result, "$1.25M").outcome == outcome
    assert result.flagged is flagged


def test_seed001_example4_a_source_chunk_grounds_a_rounded_value():
    result = detect(source_input("The NOI was $1.2M.", NOI_SOURCE))

    assert result.grounding_rate == Decimal("1")


@pytest.mark.parametrize("config", [STRICT, LENIENT], ids=["strict", "lenient"])
@pytest.mark.parametrize(
    ("answer", "source", "text", "outcome", "nearest"),
    [
        ("The property reached 95% occupancy.", "Occupancy: 85%.", "95%", FABRICATION, "85"),
        ("Results are for Q4 2024.", "Results for Q3 2024.", "Q4 2024", PERIOD_MISMATCH, "2024"),
        ("The loan has a DSCR 1.5.", "DSCR: 1.25.", "1.5", FABRICATION, "1.25"),
    ],
    ids=["occupancy", "quarter", "dscr"],
)
def test_seed001_tolerance_examples_are_flagged_under_both_profiles(
    config, answer, source, text, outcome, nearest
):
    result = detect(source_input(answer, source), config)

    verdict = _verdict(result, text)
    assert verdict.outcome == outcome
    assert verdict.nearest.value == Decimal(nearest)
    assert result.flagged is True


def test_seed001_the_flagged_answer_loses_twenty_points_of_confidence():
    result = detect(
        source_input(
            "The NOI was $1.5M for the property.", NOI_SOURCE, original_confidence=Decimal("0.9")
        )
    )

    assert result.adjusted_confidence == Decimal("0.7")


# ------------------------------------------------------------------ seed 002

SUMMARY = {
    "success": True,
    "summary": {
        "total_positions": 29,
        "total_wins": 19,
        "total_losses": 10,
        "win_rate": 65.52,
        "profit_factor": 2.34,
        "total_pl": 1234.56,
    },
    "_accuracy_report": {
        "checksum": "A7B3C2D1",
        "checksum_input": "29|19|10|65.52|1234.56|85.25|-42.15|2.34|42.57",
        "metrics": [
            {
                "path": "summary.win_rate",
                "value": 65.52,
                "citation": "Win rate: 65.52% [Source: get_mt5_position_history.summary.win_rate]",
            }
        ],
    },
}
CRC = f"{zlib.crc32(SUMMARY['_accuracy_report']['checksum_input'].encode()) & 0xFFFFFFFF:08X}"


def _tool_input(answer: str) -> DetectionInput:
    return DetectionInput(
        answer=answer,
        sources=(
            SourceDocument(id="get_mt5_position_history", text=json.dumps(SUMMARY, indent=2)),
        ),
    )


def _report(win_rate: str = "65.52%", checksum: str = CRC) -> str:
    return (
        "## Performance Analysis (Confidence: high)\n"
        "- Total positions: 29 [Source: get_mt5_position_history.summary.total_positions]\n"
        f"- Win rate: {win_rate} [Source: get_mt5_position_history.summary.win_rate]\n"
        "- Profit factor: 2.34 [Source: get_mt5_position_history.summary.profit_factor]\n"
        "- Total P&L: $1234.56 [Source: get_mt5_position_history.summary.total_pl]\n"
        f"[Verified: {checksum}]"
    )


def test_seed002_approximately_seventy_percent_is_an_approximation_of_the_win_rate():
    result = detect(_tool_input("Your win rate is approximately 70%."))

    verdict = _verdict(result, "70%")
    assert verdict.claim.approximate is True
    assert verdict.outcome == APPROXIMATION
    assert verdict.nearest.value == Decimal("65.52")
    assert result.flagged is True


def test_seed002_a_sixteenth_trade_when_there_were_fifteen_is_fabricated():
    result = detect(
        source_input("The 16th trade closed at a loss.", "Trades today: 15 trades, 9 winners.")
    )

    verdict = _verdict(result, "16th")
    assert verdict.outcome == FABRICATION
    assert verdict.nearest.value == Decimal("15")


def test_seed002_a_fully_cited_report_with_the_right_checksum_passes():
    result = detect(_tool_input(_report()))

    assert result.flagged is False
    assert result.findings == ()
    assert result.grounding_rate == Decimal("1")


def test_seed002_a_citation_whose_number_differs_from_its_metric_is_a_mismatch():
    result = detect(_tool_input(_report(win_rate="66.5%")))

    verdict = _verdict(result, "66.5%")
    assert not verdict.grounded
    assert verdict.expected_value == Decimal("65.52")
    assert "citation_mismatch" in {f.code for f in result.findings}
    assert result.flagged is True


def test_seed002_a_checksum_that_is_not_the_crc32_of_the_input_is_flagged():
    result = detect(_tool_input(_report(checksum="A7B3C2D1")))

    (finding,) = [f for f in result.findings if f.code == "checksum_mismatch"]
    assert CRC in finding.message
    assert result.flagged is True


def test_seed002_a_citation_to_a_path_nobody_provided_is_unresolved():
    answer = "Win rate: 65.52% [Source: get_mt5_position_history.summary.hit_ratio]"
    result = detect(_tool_input(answer))

    assert "citation_unresolved" in {f.code for f in result.findings}
    assert result.flagged is True


def test_seed002_red_flags_are_reported_as_findings():
    answer = (
        "Win rate: approximately 66% [Source: get_mt5_position_history.summary.win_rate]\n"
        "Profit factor: 2.34\n"
        "Average lot size: 0.06 lots"
    )
    result = detect(_tool_input(answer))

    codes = {f.code for f in result.findings}
    # The tool output carries seed 002's accuracy report, so a number without its citation
    # breaks the contract: `citation_required`, which flags the answer.
    assert {"approximation_word", "citation_required", "average_without_raw"} <= codes
    assert result.flagged is True


def test_seed002_a_missing_citation_without_the_contract_is_a_note_only():
    source = SourceDocument(
        id="stats", text='{"summary": {"win_rate": 65.52, "profit_factor": 2.34}}'
    )
    result = detect(
        DetectionInput(
            answer="Win rate: 65.52% [Source: stats.summary.win_rate]\nProfit factor: 2.34",
            sources=(source,),
        )
    )

    assert "missing_citation" in {f.code for f in result.findings}
    assert result.flagged is False


def test_seed002_a_cited_value_of_another_metric_is_flagged():
    source = SourceDocument(
        id="stats", text='{"summary": {"win_rate": 65.52, "profit_factor": 2.34}}'
    )
    result = detect(
        DetectionInput(
            answer="Win rate: 2.34% [Source: stats.summary.profit_factor]", sources=(source,)
        )
    )

    (verdict,) = result.verdicts
    assert "citation_label_mismatch" in {f.code for f in result.findings}
    assert verdict.expected_value == Decimal("65.52")
    assert result.flagged is True


def test_seed002_a_cited_value_of_its_own_metric_is_grounded():
    source = SourceDocument(
        id="stats", text='{"summary": {"win_rate": 65.52, "profit_factor": 2.34}}'
    )
    result = detect(
        DetectionInput(
            answer="Profit factor: 2.34 [Source: stats.summary.profit_factor]", sources=(source,)
        )
    )

    assert result.flagged is False


# ------------------------------------------------------------------ seed 003


def test_seed003_samples_that_disagree_on_an_unsupported_claim_make_it_inconsistent():
    inp = source_input(
        "Operating cash flow was $412M.",
        "Net cash provided by operating activities: $407 million.",
        samples=(
            "Operating cash flow was $407M.",
            "Operating cash flow was $430M.",
            "Operating cash flow was $395M.",
            "Operating cash flow was $407M.",
        ),
    )
    result = detect(inp)

    verdict = _verdict(result, "$412M")
    assert verdict.outcome == "inconsistent"
    assert verdict.expected_value == Decimal("407000000")


def test_seed003_a_grounded_claim_stays_grounded_when_samples_disagree():
    inp = source_input(
        "Operating cash flow was $407M.",
        "Net cash provided by operating activities: $407 million.",
        samples=("Operating cash flow was $430M.", "Operating cash flow was $395M."),
    )

    assert _verdict(detect(inp), "$407M").outcome == GROUNDED


def test_seed003_samples_that_agree_do_not_ground_an_unsupported_claim():
    inp = source_input(
        "Operating cash flow was $412M.",
        "Net cash provided by operating activities: $407 million.",
        samples=("Operating cash flow was $412M.", "Operating cash flow was $412M."),
    )

    verdict = _verdict(detect(inp), "$412M")
    assert verdict.outcome == FABRICATION
    assert verdict.nearest.value == Decimal("407000000")
