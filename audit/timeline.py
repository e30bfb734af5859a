"""A trace's events as an auditor reads them: who, what and when, verdicts and decisions in words."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from . import events as types
from .models import AuditEvent

TITLES = {
    types.QUERY_SUBMITTED: "Answer submitted",
    types.CLAIMS_EXTRACTED: "Claims extracted",
    types.VERDICT_RECORDED: "Verdict recorded",
    types.QUERY_SCORED: "Answer scored",
    types.QUERY_FAILED: "Detection failed",
    types.EXTERNAL_CHECKED: "External check",
    types.REVIEW_OPENED: "Review opened",
    types.REVIEW_ASSIGNED: "Review assigned",
    types.REVIEW_RELEASED: "Review released",
    types.REVIEW_REASSIGNED: "Review reassigned",
    types.REVIEW_DECIDED: "Review decided",
    types.REVIEW_REOPENED: "Review reopened",
    types.REVIEW_ESCALATED: "Review escalated",
    types.CALCULATOR_USED: "Calculator used",
    types.API_KEY_CREATED: "API key created",
    types.REFERENCE_FACTS_LOADED: "Reference facts loaded",
    types.ACCURACY_MEASURED: "Accuracy measured",
    types.API_KEY_REVOKED: "API key revoked",
    types.CLIENT_TICKERS_SET: "Client ticker list set",
    types.QUERY_ABANDONED: "Re-enqueueing given up",
    types.USER_LOGGED_IN: "Signed in",
    types.USER_LOGIN_FAILED: "Sign-in failed",
    types.USER_LOCKED_OUT: "Sign-in locked out",
    types.USER_UNLOCKED: "Sign-in lockout cleared",
    types.USER_ROLES_CHANGED: "Roles or privileges changed",
    types.WEBHOOK_SECRET_ROTATED: "Webhook secret rotated",
    types.AUDIT_CHECKPOINTED: "Audit checkpoint signed",
    types.AUDIT_EXPORTED: "Audit exported",
}

ACTOR_KINDS = {"user": "User", "client": "API client", "system": "System"}

DECISIONS = {
    "approved": "Approved: false positive",
    "rejected": "Rejected: confirmed hallucination",
}


@dataclass(slots=True)
class Table:
    headers: tuple[str, ...]
    rows: list[tuple[str, ...]] = field(default_factory=list)


@dataclass(slots=True)
class TimelineEntry:
    """One event on the timeline page."""

    event: AuditEvent
    title: str
    summary: str = ""
    facts: list[tuple[str, str]] = field(default_factory=list)
    table: Table | None = None
    tone: str = ""  # "ok", "warn" or "bad" for verdicts and decisions
    badge: str = ""  # the word shown with the tone
    payload_json: str = ""

    @property
    def who(self) -> str:
        kind = ACTOR_KINDS.get(self.event.actor_kind, self.event.actor_kind)
        return f"{kind} {self.event.actor_name}"


def _text(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)


def _percent(value: Any) -> str:
    try:
        number = Decimal(str(value)) * 100
    except (InvalidOperation, ValueError):
        return _text(value)
    return f"{number.normalize():f}%"


def _number(value: Any) -> str:
    """A decimal string as people write it: 1.85E+9 is 1,850,000,000 and 14.200000 is 14.2."""
    if value is None:
        return "—"
    try:
        number = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return _text(value)
    if not number.is_finite():
        return _text(value)
    # Stored decimals carry the column's twelve places; the trailing zeros say nothing.
    number = number.normalize()
    # Group thousands in amounts, not in years or small counts.
    return f"{number:,f}" if abs(number) >= 10000 else f"{number:f}"


def _words(value: Any) -> str:
    return str(value or "").replace("_", " ")


@dataclass(slots=True)
class _Context:
    claims: dict[str, dict[str, Any]]  # claim id -> {text, kind, value}

    def claim_name(self, claim_id: Any) -> str:
        claim = self.claims.get(str(claim_id))
        if claim and claim.get("text"):
            return f"“{claim['text']}” (claim {claim_id})"
        return f"claim {claim_id}"


def _submitted(entry: TimelineEntry, payload: dict, context: _Context) -> None:
    sources = payload.get("sources") or []
    entry.summary = (
        f"An answer was submitted with {len(sources)} source"
        f"{'' if len(sources) == 1 else 's'}, stakes {payload.get('stakes', '—')}."
    )
    entry.facts = [
        ("Answer SHA-256", _text(payload.get("answer_sha256"))),
        ("Samples", _text(payload.get("samples"))),
        ("Idempotency key", _text(payload.get("idempotency_key"))),
    ]
    if sources:
        entry.table = Table(
            ("Source", "Kind", "SHA-256"),
            [(_text(s.get("id")), _text(s.get("kind")), _text(s.get("sha256"))) for s in sources],
        )


def _extracted(entry: TimelineEntry, payload: dict, context: _Context) -> None:
    claims = payload.get("claims") or []
    count = payload.get("count", len(claims))
    entry.summary = f"{count} numeric claim{'' if count == 1 else 's'} found in the answer."
    entry.table = Table(
        ("Claim", "Text", "Kind", "Value", "Span"),
        [
            (
                _text(c.get("id")),
                _text(c.get("text")),
                _words(c.get("kind")),
                _number(c.get("value")),
                "–".join(str(part) for part in c.get("span") or []),
            )
            for c in claims
        ],
    )


def _verdict(entry: TimelineEntry, payload: dict, context: _Context) -> None:
    outcome = payload.get("outcome")
    grounded = payload.get("grounded")
    layer = payload.get("layer") or "—"
    check = payload.get("check")
    claim = context.claim_name(entry.event.subject_id)
    verdict = "grounded" if grounded else "not grounded"
    entry.summary = (
        f"{claim[0].upper()}{claim[1:]}: {_words(outcome)} ({verdict}), decided by the {layer} "
        f"layer{f' ({check})' if check else ''}."
    )
    entry.tone = "ok" if grounded else ("warn" if outcome == "approximation" else "bad")
    entry.badge = "grounded" if grounded else "not grounded"
    nearest = payload.get("nearest")
    if isinstance(nearest, dict):
        entry.facts.append(
            (
                "Nearest source value",
                f"{_text(nearest.get('text'))} = {_number(nearest.get('value'))} "
                f"in {_text(nearest.get('source_id'))}",
            )
        )
    if payload.get("expected_value") is not None:
        entry.facts.append(("Expected value", _number(payload["expected_value"])))
    if payload.get("formula"):
        entry.facts.append(("Formula", _text(payload["formula"])))
    details = payload.get("details")
    if isinstance(details, dict):
        entry.facts.extend(
            (_words(key).capitalize(), _text(value)) for key, value in details.items()
        )


def _scored(entry: TimelineEntry, payload: dict, context: _Context) -> None:
    flagged = payload.get("flagged")
    verdict = "flagged for review" if flagged else "not flagged"
    if payload.get("after") == "external":
        contradicted = payload.get("contradicted_claims") or []
        entry.summary = (
            f"External checks finished: {payload.get('grounded_count', '—')} of "
            f"{payload.get('total_claims', '—')} claims grounded; {verdict}."
        )
        if contradicted:
            entry.facts.append(
                ("Contradicted", ", ".join(context.claim_name(c) for c in contradicted))
            )
    else:
        gate = payload.get("gate") or {}
        passed = gate.get("passed") if isinstance(gate, dict) else None
        entry.summary = (
            f"{payload.get('grounded_count', '—')} of {payload.get('total_claims', '—')} claims "
            f"grounded ({_percent(payload.get('grounding_rate'))}); gate "
            f"{_percent(gate.get('threshold')) if isinstance(gate, dict) else '—'} "
            f"{'passed' if passed else 'failed' if passed is False else 'not applied'}; {verdict}."
        )
        if payload.get("original_confidence") is not None:
            entry.facts.append(
                (
                    "Confidence",
                    f"{_number(payload.get('original_confidence'))} → "
                    f"{_number(payload.get('adjusted_confidence'))}",
                )
            )
        if payload.get("elapsed_ms") is not None:
            entry.facts.append(("Detection time", f"{payload['elapsed_ms']} ms"))
        if payload.get("next"):
            entry.facts.append(("Next", _words(payload["next"])))
    entry.tone = "bad" if flagged else "ok"
    entry.badge = "flagged" if flagged else "passed"


def _failed(entry: TimelineEntry, payload: dict, context: _Context) -> None:
    entry.summary = f"Detection failed after {payload.get('attempts', '—')} attempt(s)."
    entry.facts = [("Error", _text(payload.get("error")))]
    entry.tone, entry.badge = "bad", "failed"


def _opened(entry: TimelineEntry, payload: dict, context: _Context) -> None:
    entry.summary = f"Review {entry.event.subject_id} opened in the queue."
    entry.facts = [("Risk score", _number(payload.get("risk_score")))]


def _assigned(entry: TimelineEntry, payload: dict, context: _Context) -> None:
    entry.summary = f"Review {entry.event.subject_id} assigned to {payload.get('assignee', '—')}."


def _released(entry: TimelineEntry, payload: dict, context: _Context) -> None:
    entry.summary = (
        f"Review {entry.event.subject_id} released by {entry.event.actor_name}"
        f" (was {payload.get('previous_assignee', '—')}); back in the queue."
    )
    if payload.get("reason"):
        entry.facts.append(("Reason", _text(payload["reason"])))


def _reassigned(entry: TimelineEntry, payload: dict, context: _Context) -> None:
    previous = payload.get("previous_assignee") or "nobody"
    entry.summary = (
        f"Review {entry.event.subject_id} reassigned from {previous}"
        f" to {payload.get('assignee', '—')} by {entry.event.actor_name}."
    )
    if payload.get("reason"):
        entry.facts.append(("Reason", _text(payload["reason"])))


def _decided(entry: TimelineEntry, payload: dict, context: _Context) -> None:
    decision = payload.get("decision")
    entry.summary = f"{DECISIONS.get(decision, _words(decision).capitalize())}."
    entry.tone = "ok" if decision == "approved" else "bad" if decision == "rejected" else ""
    entry.badge = _words(decision) if entry.tone else ""
    if payload.get("reason"):
        entry.facts.append(("Reason", _text(payload["reason"])))
    labels = payload.get("labels")
    if isinstance(labels, dict) and labels:
        entry.table = Table(
            ("Claim", "Reviewer's label"),
            [
                (context.claim_name(claim_id), _words(label))
                for claim_id, label in sorted(labels.items(), key=lambda item: str(item[0]))
            ],
        )


def _reopened(entry: TimelineEntry, payload: dict, context: _Context) -> None:
    entry.summary = f"Review {entry.event.subject_id} reopened."
    entry.facts = [
        (_words(key).capitalize(), _text(value)) for key, value in payload.items() if value
    ]


def _escalated(entry: TimelineEntry, payload: dict, context: _Context) -> None:
    entry.summary = f"Review {entry.event.subject_id} escalated: {_text(payload.get('reason'))}"
    entry.facts = [("Risk score", _number(payload.get("risk_score")))]
    entry.tone, entry.badge = "bad", "escalated"


def _calculator(entry: TimelineEntry, payload: dict, context: _Context) -> None:
    entry.summary = f"{_text(payload.get('expression'))} = {_text(payload.get('result'))}"


Renderer = Callable[[TimelineEntry, dict, _Context], None]
RENDERERS: dict[str, Renderer] = {
    types.QUERY_SUBMITTED: _submitted,
    types.CLAIMS_EXTRACTED: _extracted,
    types.VERDICT_RECORDED: _verdict,
    types.EXTERNAL_CHECKED: _verdict,
    types.QUERY_SCORED: _scored,
    types.QUERY_FAILED: _failed,
    types.REVIEW_OPENED: _opened,
    types.REVIEW_ASSIGNED: _assigned,
    types.REVIEW_RELEASED: _released,
    types.REVIEW_REASSIGNED: _reassigned,
    types.REVIEW_DECIDED: _decided,
    types.REVIEW_REOPENED: _reopened,
    types.REVIEW_ESCALATED: _escalated,
    types.CALCULATOR_USED: _calculator,
}


def _generic(entry: TimelineEntry, payload: dict, context: _Context) -> None:
    entry.facts = [(_words(key).capitalize(), _text(value)) for key, value in payload.items()]


def timeline_entries(trace_events: Sequence[AuditEvent]) -> list[TimelineEntry]:
    """Readable entries for a trace's events, in order; unknown shapes fall back to key/value."""
    context = _Context(claims={})
    for event in trace_events:
        if event.event_type == types.CLAIMS_EXTRACTED and isinstance(event.payload, dict):
            for claim in event.payload.get("claims") or []:
                if isinstance(claim, dict) and "id" in claim:
                    context.claims[str(claim["id"])] = claim
    entries = []
    for event in trace_events:
        entry = TimelineEntry(
            event=event,
            title=TITLES.get(event.event_type, _words(event.event_type).capitalize()),
            payload_json=json.dumps(event.payload, indent=2, sort_keys=True, ensure_ascii=False),
        )
        payload = event.payload if isinstance(event.payload, dict) else {"value": event.payload}
        renderer = RENDERERS.get(event.event_type, _generic)
        try:
            renderer(entry, payload, context)
        except (AttributeError, KeyError, TypeError, ValueError):
            # A payload of an older or unexpected shape is still shown, as key and value.
            entry.summary, entry.facts, entry.table, entry.tone, entry.badge = "", [], None, "", ""
            _generic(entry, payload, context)
        entries.append(entry)
    return entries
