"""Bad submissions get a 400 that names the field, and nothing is saved."""

import pytest

from audit.models import AuditEvent
from hallucination.models import Query

URL = "/api/v1/queries/"


@pytest.fixture
def limits(settings):
    settings.HALLUCINATION = {
        **settings.HALLUCINATION,
        "MAX_ANSWER_CHARS": 200,
        "MAX_QUESTION_CHARS": 50,
        "MAX_SOURCES": 2,
        "MAX_SOURCE_CHARS": 300,
        "MAX_SAMPLES": 2,
    }
    return settings.HALLUCINATION


def _source(i: int, text: str = "Revenue: $1.85 billion.") -> dict:
    return {"id": f"s{i}", "text": text}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"answer": "x" * 201}, "answer"),
        ({"answer": "   "}, "answer"),
        ({"question": "q" * 51}, "question"),
        ({"sources": [_source(1), _source(2), _source(3)]}, "sources"),
        ({"sources": [_source(1, "y" * 301)]}, "sources"),
        ({"sources": [_source(1), _source(1)]}, "sources"),
        ({"sources": [{"text": "no id"}]}, "sources"),
        ({"samples": ["a", "b", "c"]}, "samples"),
        ({"samples": ["z" * 201]}, "samples"),
        ({"stakes": "extreme"}, "stakes"),
        ({"confidence": "1.5"}, "confidence"),
        ({"confidence": "-0.1"}, "confidence"),
        ({"trace_id": "has spaces in it"}, "trace_id"),
        ({"metrics": [{"path": "summary.win_rate", "value": "not-a-number"}]}, "metrics"),
        ({"callback_url": "not a url"}, "callback_url"),
    ],
)
def test_it_names_the_field_that_breaks_a_rule(alpha, limits, change, field):
    payload = {"answer": "Revenue was $1.85 billion.", "sources": [_source(1)], **change}
    response = alpha.post(URL, payload, format="json")

    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "invalid"
    assert field in body["detail"]
    assert Query.objects.count() == 0


def test_it_requires_an_answer(alpha):
    response = alpha.post(URL, {"sources": []}, format="json")

    assert response.status_code == 400
    assert "answer" in response.json()["detail"]


def test_it_refuses_a_body_that_is_not_json(alpha):
    response = alpha.post(URL, "answer=1", content_type="application/json")

    assert response.status_code == 400
    assert Query.objects.count() == 0


def test_it_refuses_a_body_over_the_request_size_limit(alpha, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    payload = {"answer": "Revenue was $1.85 billion.", "sources": [_source(1, "z" * 5000)]}
    response = alpha.post(URL, payload, format="json")

    assert response.status_code == 413
    assert response.json()["error"] == "request_too_large"
    assert Query.objects.count() == 0


def test_it_writes_no_audit_event_for_a_refused_submission(alpha, limits):
    before = AuditEvent.objects.filter(event_type="query.submitted").count()
    alpha.post(URL, {"answer": "x" * 500}, format="json")

    assert AuditEvent.objects.filter(event_type="query.submitted").count() == before
