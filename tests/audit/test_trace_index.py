"""The trace index: each trace named by its answer and review, paginated, searchable."""

import uuid
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from audit import events
from audit.actors import Actor
from audit.services import audit_event_record
from audit.views import TRACES_PER_PAGE
from reviews.services import review_open
from tests.factories import canonical_example

pytestmark = pytest.mark.django_db


def _record(trace_id: str, event_type: str = events.QUERY_SUBMITTED, actor: str = "svc") -> None:
    audit_event_record(
        event_type=event_type, actor=Actor.system(actor), trace_id=trace_id, payload={}
    )


def _listed(response) -> list[str]:  # type: ignore[no-untyped-def]
    assert response.status_code == 200
    return [trace.trace_id for trace in response.context["traces"]]


def test_each_trace_is_named_by_its_answer_and_review(client, auditor):
    review = review_open(
        query=canonical_example(entity="Northwind Holdings", question="How did Q3 go?"),
        actor=Actor.system("tests"),
    )
    trace_id = review.query.trace_id
    client.force_login(auditor)

    body = client.get(reverse("audit:trace-list"), {"q": trace_id[:20]}).content.decode()

    row = body.split(f'data-trace="{trace_id}"', 1)[1].split("</tr>", 1)[0]
    assert f"<strong>Review #{review.pk} · Northwind Holdings · Q3 2026</strong>" in row
    assert "How did Q3 go?" in row
    assert f'<a href="/reviews/{review.pk}/">Review #{review.pk} (pending)</a>' in row


def test_it_pages_past_fifty_traces(client, auditor):
    prefix = uuid.uuid4().hex[:10]
    traces = [f"{prefix}-{n:03d}" for n in range(TRACES_PER_PAGE + 7)]
    for trace_id in traces:
        _record(trace_id)
    client.force_login(auditor)

    first = client.get(reverse("audit:trace-list"), {"q": prefix})
    second = client.get(reverse("audit:trace-list"), {"q": prefix, "page": 2})

    newest_first = list(reversed(traces))
    assert _listed(first) == newest_first[:TRACES_PER_PAGE]
    assert _listed(second) == newest_first[TRACES_PER_PAGE:]
    assert f'href="?q={prefix}&amp;page=2" rel="next"' in first.content.decode()


def test_it_finds_a_trace_by_any_part_of_its_id(client, auditor):
    trace_id = f"start-{uuid.uuid4().hex}-end"
    _record(trace_id)
    client.force_login(auditor)

    assert _listed(client.get(reverse("audit:trace-list"), {"q": trace_id[8:20]})) == [trace_id]


def test_it_finds_traces_by_event_type_and_actor(client, auditor):
    marker = uuid.uuid4().hex[:12]
    decided, opened = f"{marker}-decided", f"{marker}-opened"
    _record(decided, actor=f"svc-{marker}")
    _record(decided, events.REVIEW_DECIDED, actor=f"rita-{marker}")
    _record(opened, events.REVIEW_OPENED, actor=f"svc-{marker}")
    client.force_login(auditor)

    by_type = client.get(reverse("audit:trace-list"), {"q": marker, "event": "review.decided"})
    by_actor = client.get(reverse("audit:trace-list"), {"actor": f"rita-{marker}"})
    both = client.get(reverse("audit:trace-list"), {"actor": f"svc-{marker}"})

    assert _listed(by_type) == [decided]
    assert _listed(by_actor) == [decided]
    assert set(_listed(both)) == {decided, opened}


def test_it_finds_traces_by_time_range(client, auditor):
    trace_id = f"time-{uuid.uuid4().hex}"
    _record(trace_id)
    now = timezone.now()
    client.force_login(auditor)

    def search(since, until):  # type: ignore[no-untyped-def]
        return _listed(
            client.get(
                reverse("audit:trace-list"),
                {
                    "q": trace_id,
                    "from": since.strftime("%Y-%m-%dT%H:%M"),
                    "to": until.strftime("%Y-%m-%dT%H:%M"),
                },
            )
        )

    assert search(now - timedelta(minutes=5), now + timedelta(minutes=5)) == [trace_id]
    assert search(now - timedelta(days=3), now - timedelta(days=2)) == []


def test_a_bad_time_or_event_type_is_refused_with_the_reason(client, auditor):
    client.force_login(auditor)

    bad_time = client.get(reverse("audit:trace-list"), {"from": "last tuesday"})
    bad_type = client.get(reverse("audit:trace-list"), {"event": "review.deleted"})

    assert bad_time.status_code == 400
    assert "Give times as 2026-11-25 or 2026-11-25T09:30 (UTC)." in bad_time.content.decode()
    assert bad_type.status_code == 400
    assert "is not an event type." in bad_type.content.decode()


def test_the_index_query_count_does_not_grow_with_the_page(
    client, auditor, django_assert_max_num_queries
):
    prefix = uuid.uuid4().hex[:10]
    for n in range(30):
        _record(f"{prefix}-{n}")
    client.force_login(auditor)

    # session, user, permissions (2), is it a whole trace ID, count, page of traces, their
    # events, their queries and reviews
    with django_assert_max_num_queries(9):
        response = client.get(reverse("audit:trace-list"), {"q": prefix})
    assert len(_listed(response)) == 30
