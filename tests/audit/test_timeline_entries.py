"""Timeline entries put each event in words; unknown or odd payloads still show as key/value."""

from datetime import UTC, datetime

from audit import events
from audit.models import AuditEvent
from audit.timeline import timeline_entries


def _event(seq: int, event_type: str, payload: object, **fields: str) -> AuditEvent:
    values = {
        "actor_kind": "system",
        "actor_id": "",
        "actor_name": "worker-1",
        "subject_type": "claim",
        "subject_id": "31",
        **fields,
    }
    return AuditEvent(
        seq=seq,
        trace_id="t",
        event_type=event_type,
        payload=payload,
        created_at=datetime(2026, 11, 22, tzinfo=UTC),
        prev_hash="0" * 64,
        hash=f"{seq:064x}",
        **values,
    )


def test_a_verdict_names_its_claim_from_the_extraction_and_shows_amounts_plainly() -> None:
    extracted = _event(
        1,
        events.CLAIMS_EXTRACTED,
        {
            "count": 2,
            "claims": [
                {"id": 31, "text": "$0.81", "kind": "currency", "value": "0.81"},
                {"id": 32, "text": "2026", "kind": "date", "value": "2026"},
            ],
        },
    )
    verdict = _event(
        2,
        events.VERDICT_RECORDED,
        {
            "layer": "grounding",
            "outcome": "scale_drift",
            "grounded": False,
            "nearest": {"text": "$1.85 billion", "value": "1.85E+9", "source_id": "filing"},
        },
    )
    table, entry = timeline_entries([extracted, verdict])
    assert (
        entry.summary
        == "“$0.81” (claim 31): scale drift (not grounded), decided by the grounding layer."
    )
    assert ("Nearest source value", "$1.85 billion = 1,850,000,000 in filing") in entry.facts
    assert (entry.tone, entry.badge) == ("bad", "not grounded")
    assert [row[3] for row in table.table.rows] == ["0.81", "2026"]


def test_an_approximation_is_a_warning_not_an_error() -> None:
    (entry,) = timeline_entries(
        [_event(1, events.VERDICT_RECORDED, {"outcome": "approximation", "grounded": False})]
    )
    assert entry.tone == "warn"


def test_a_decision_shows_its_outcome_reason_and_labels() -> None:
    (entry,) = timeline_entries(
        [
            _event(
                1,
                events.REVIEW_DECIDED,
                {
                    "decision": "approved",
                    "reason": "Rounded.",
                    "labels": {"7": "benign_approximation"},
                },
                subject_type="review",
                subject_id="4",
            )
        ]
    )
    assert entry.summary == "Approved: false positive."
    assert (entry.tone, entry.badge) == ("ok", "approved")
    assert entry.table.rows == [("claim 7", "benign approximation")]


def test_an_unknown_event_type_is_shown_as_key_and_value() -> None:
    (entry,) = timeline_entries([_event(1, "ledger.reconciled", {"rows": 3, "ok": True})])
    assert entry.title == "Ledger.reconciled"
    assert entry.facts == [("Rows", "3"), ("Ok", "yes")]


def test_a_payload_of_an_unexpected_shape_does_not_break_the_page() -> None:
    (entry,) = timeline_entries([_event(1, events.CLAIMS_EXTRACTED, {"claims": "not a list"})])
    assert entry.summary == "" and entry.facts == [("Claims", "not a list")]


def test_stored_decimals_are_shown_without_their_trailing_zeros() -> None:
    extracted = _event(
        1,
        events.CLAIMS_EXTRACTED,
        {"claims": [{"id": 31, "text": "$1.85 billion", "value": "1850000000.000000000000"}]},
    )
    verdict = _event(
        2,
        events.VERDICT_RECORDED,
        {"outcome": "arithmetic_drift", "grounded": False, "expected_value": "14.200000000000"},
    )
    scored = _event(
        3,
        events.QUERY_SCORED,
        {"flagged": True, "original_confidence": "0.9000", "adjusted_confidence": "0.7000"},
    )
    opened = _event(4, events.REVIEW_OPENED, {"risk_score": "72.50"}, subject_type="review")

    table, entry, score, review = timeline_entries([extracted, verdict, scored, opened])

    assert table.table.rows[0][3] == "1,850,000,000"
    assert ("Expected value", "14.2") in entry.facts
    assert ("Confidence", "0.9 → 0.7") in score.facts
    assert review.facts == [("Risk score", "72.5")]
