"""An auditor pages through the trace index and searches it, in Chromium."""

import uuid

import pytest
from playwright.sync_api import expect

from audit import events
from audit.actors import Actor
from audit.services import audit_event_record
from audit.views import TRACES_PER_PAGE
from reviews import roles
from reviews.services import review_open
from tests.factories import UserFactory, canonical_example

from .helpers import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def auditor():  # type: ignore[no-untyped-def]
    roles.ensure_roles()
    return UserFactory(username="aude", roles=[roles.AUDITOR])


def test_the_trace_index_pages_and_finds_by_part_of_an_id_event_and_actor(page, auditor):
    prefix = uuid.uuid4().hex[:8]
    for n in range(TRACES_PER_PAGE + 5):
        audit_event_record(
            event_type=events.QUERY_SUBMITTED,
            actor=Actor.system("svc"),
            trace_id=f"{prefix}-{n:03d}-zz",
            payload={},
        )
    audit_event_record(
        event_type=events.REVIEW_DECIDED,
        actor=Actor.system(f"rita-{prefix}"),
        trace_id=f"{prefix}-007-zz",
        payload={"decision": "rejected"},
    )
    review = review_open(
        query=canonical_example(entity="Northwind Holdings"), actor=Actor.system("tests")
    )
    log_in(page, "aude")

    page.goto("/audit/traces/")
    search = page.get_by_label("Trace ID any part")
    # Any part of the ID: the middle of it.
    search.fill(f"{prefix[3:]}-0")
    page.get_by_role("button", name="Search").click()
    rows = page.locator("table.traces tbody tr")
    expect(rows).to_have_count(TRACES_PER_PAGE)
    page.get_by_role("link", name="Older →").click()
    expect(rows).to_have_count(5)
    expect(page.get_by_text("Page 2 of 2")).to_be_visible()

    # Event type and actor narrow it to the one trace with a decision by that actor.
    page.get_by_label("Event type").select_option("review.decided")
    page.get_by_label("Actor").fill(f"rita-{prefix}")
    page.get_by_role("button", name="Search").click()
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text(f"{prefix}-007")

    # A review's trace is named by its answer and links to the review.
    page.goto(f"/audit/traces/?q={review.query.trace_id[:12]}")
    row = page.locator(f'tr[data-trace="{review.query.trace_id}"]')
    expect(row).to_contain_text(f"Review #{review.pk} · Northwind Holdings · Q3 2026")
    row.get_by_role("link", name=f"Review #{review.pk} (pending)").click()
    expect(page).to_have_url(f"{page.url.split('/reviews/')[0]}/reviews/{review.pk}/")
