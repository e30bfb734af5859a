"""The trace timeline: auditors read every step in order, in words, with the chain status."""

import csv
import hashlib
import io
import json

import pytest
from django.urls import reverse

from audit import events
from audit.models import AuditEvent

from .conftest import tamper
from .pipeline import record_pipeline_trace

pytestmark = pytest.mark.django_db


@pytest.fixture
def pipeline(trace_id: str) -> list[AuditEvent]:
    return record_pipeline_trace(trace_id)


def _url(trace_id: str, **query: str) -> str:
    url = reverse("audit:trace-detail", kwargs={"trace_id": trace_id})
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def test_it_sends_anonymous_visitors_to_log_in(client, pipeline, trace_id) -> None:  # type: ignore[no-untyped-def]
    response = client.get(_url(trace_id))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_it_refuses_a_user_without_the_audit_permission(
    client, outsider, pipeline, trace_id
) -> None:  # type: ignore[no-untyped-def]
    client.force_login(outsider)
    assert client.get(_url(trace_id)).status_code == 403
    assert client.get(_url(trace_id, format="json")).status_code == 403


def test_it_shows_every_event_in_chain_order(client, auditor, pipeline, trace_id) -> None:  # type: ignore[no-untyped-def]
    client.force_login(auditor)
    response = client.get(_url(trace_id))
    assert response.status_code == 200
    html = response.content.decode()
    positions = [html.index(f'id="event-{event.seq}"') for event in pipeline]
    assert positions == sorted(positions)
    assert "css/audit.css" in html
    assert "Chain intact." in html


def test_it_renders_verdicts_and_the_decision_in_words(client, auditor, pipeline, trace_id) -> None:  # type: ignore[no-untyped-def]
    client.force_login(auditor)
    html = response_text(client.get(_url(trace_id)))
    assert "“$0.81” (claim 11): fabrication (not grounded), decided by the grounding layer." in html
    assert "$0.78 = 0.78 in filing" in html
    assert "1 of 2 claims grounded (50%); gate 70% failed; flagged for review." in html
    assert "Rejected: confirmed hallucination." in html
    assert "EPS is 0.78 in the filing." in html
    assert "</span> User rita" in html and "</span> API client llm-service" in html


def test_an_unknown_or_malformed_trace_is_not_found(client, auditor) -> None:  # type: ignore[no-untyped-def]
    client.force_login(auditor)
    assert client.get(_url("no-such-trace-at-all")).status_code == 404
    assert client.get("/audit/traces/bad%20id/").status_code == 404


def test_an_unknown_export_format_is_a_bad_request(client, auditor, pipeline, trace_id) -> None:  # type: ignore[no-untyped-def]
    client.force_login(auditor)
    response = client.get(_url(trace_id, format="xml"))
    assert response.status_code == 400 and b"use html, json or csv" in response.content


def test_the_json_export_carries_what_recomputing_each_hash_needs(
    client, auditor, pipeline, trace_id
) -> None:  # type: ignore[no-untyped-def]
    client.force_login(auditor)
    response = client.get(_url(trace_id, format="json"))
    assert response.status_code == 200
    assert f'filename="audit-trace-{trace_id}.json"' in response["Content-Disposition"]
    export = json.loads(response.content)
    assert export["chain"]["status"] == "intact"
    assert [event["seq"] for event in export["events"]] == [event.seq for event in pipeline]
    for event in export["events"]:
        # Recomputed from the export alone, as a regulator would, following export["hashing"].
        body = {
            "seq": event["seq"],
            "trace_id": event["trace_id"],
            "event_type": event["event_type"],
            "actor": [event["actor"]["kind"], event["actor"]["id"], event["actor"]["name"]],
            "subject": [event["subject"]["type"], event["subject"]["id"]],
            "payload": event["payload"],
            "created_at": event["created_at"],
            "prev_hash": event["prev_hash"],
        }
        text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        assert hashlib.sha256(text.encode()).hexdigest() == event["hash"]


def test_the_csv_export_has_one_row_per_event(client, auditor, pipeline, trace_id) -> None:  # type: ignore[no-untyped-def]
    client.force_login(auditor)
    response = client.get(_url(trace_id, format="csv"))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [int(row["seq"]) for row in rows] == [event.seq for event in pipeline]
    assert json.loads(rows[-1]["payload"])["decision"] == "rejected"
    assert rows[0]["hash"] == pipeline[0].hash


def test_an_export_is_itself_recorded(client, auditor, pipeline, trace_id) -> None:  # type: ignore[no-untyped-def]
    client.force_login(auditor)
    response = client.get(_url(trace_id, format="csv"), HTTP_X_TRACE_ID="export-request-1")
    assert response["X-Trace-Id"] == "export-request-1"
    exported = AuditEvent.objects.get(trace_id="export-request-1")
    assert exported.event_type == events.AUDIT_EXPORTED
    assert (exported.subject_type, exported.subject_id) == ("trace", trace_id)
    assert (exported.actor_kind, exported.actor_name) == ("user", auditor.username)
    assert exported.payload == {"format": "csv", "events": len(pipeline)}


def test_a_tampered_event_shows_the_chain_broken_there(client, auditor, pipeline, trace_id) -> None:  # type: ignore[no-untyped-def]
    target = pipeline[2]
    tamper(
        "UPDATE audit_auditevent SET payload = jsonb_set(payload, '{outcome}', '\"grounded\"') "
        "WHERE seq = %s",
        [target.seq],
    )
    client.force_login(auditor)
    html = response_text(client.get(_url(trace_id)))
    assert f"Chain broken at event #{target.seq}</strong> (hash_mismatch)" in html
    export = json.loads(client.get(_url(trace_id, format="json")).content)
    assert export["chain"]["status"] == "broken"
    assert export["chain"]["problem"]["seq"] == target.seq


def test_the_index_lists_recent_traces(client, auditor, pipeline, trace_id) -> None:  # type: ignore[no-untyped-def]
    client.force_login(auditor)
    html = response_text(client.get(reverse("audit:trace-list")))
    assert _url(trace_id) in html


def test_searching_a_whole_trace_id_opens_it(client, auditor, pipeline, trace_id) -> None:  # type: ignore[no-untyped-def]
    client.force_login(auditor)
    response = client.get(reverse("audit:trace-list"), {"q": trace_id})
    assert response.status_code == 302 and response["Location"] == _url(trace_id)


def test_searching_the_start_of_a_trace_id_lists_matches(
    client, auditor, pipeline, trace_id
) -> None:  # type: ignore[no-untyped-def]
    client.force_login(auditor)
    html = response_text(client.get(reverse("audit:trace-list"), {"q": trace_id[:14]}))
    assert _url(trace_id) in html


def test_searching_a_malformed_trace_id_says_why(client, auditor) -> None:  # type: ignore[no-untyped-def]
    client.force_login(auditor)
    response = client.get(reverse("audit:trace-list"), {"q": "<script>"})
    assert response.status_code == 400
    assert "A trace ID is 1 to 64 letters" in response.content.decode()
    assert "<script>" not in response.content.decode()


def response_text(response) -> str:  # type: ignore[no-untyped-def]
    assert response.status_code == 200
    return response.content.decode()


def test_auditors_find_the_audit_pages_in_the_menu(client, auditor) -> None:  # type: ignore[no-untyped-def]
    client.force_login(auditor)
    html = response_text(client.get(reverse("audit:trace-list")))
    assert f'<a href="{reverse("audit:trace-list")}">Audit</a>' in html
