"""The labeled corpus: every case flagged exactly when it is labelled hallucinated, and every
hallucinated span covered by an ungrounded claim (or, for a checksum, a flagging finding)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hallucination.engine import detect
from hallucination.engine.corpus import load_corpus
from hallucination.engine.scoring import FLAGGING_FINDINGS

CORPUS_DIR = Path(__file__).resolve().parents[1] / "corpus"
CASES = load_corpus([CORPUS_DIR]) if CORPUS_DIR.is_dir() else []


def test_the_corpus_is_there_to_run():
    # An empty or missing corpus must fail the suite, never pass it by skipping everything.
    assert len(CASES) >= 300


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_the_case_is_flagged_as_labelled(case):
    result = detect(case.to_input())

    assert result.flagged == case.hallucinated, case.id


@pytest.mark.parametrize(
    "case",
    [case for case in CASES if case.hallucinated_spans],
    ids=[case.id for case in CASES if case.hallucinated_spans],
)
def test_every_hallucinated_span_overlaps_an_ungrounded_claim(case):
    result = detect(case.to_input())

    for span in case.hallucinated_spans:
        start = case.answer.index(span)
        end = start + len(span)
        claims = [v for v in result.verdicts if v.claim.start < end and v.claim.end > start]
        findings = [
            f
            for f in result.findings
            if f.code in FLAGGING_FINDINGS
            and f.start is not None
            and f.start < end
            and f.end > start
        ]
        assert any(not v.grounded for v in claims) or findings, (case.id, span)
