"""A lead assigns reviews in bulk and reassigns one, in Chromium; every change is audited."""

import re

import pytest
from playwright.sync_api import expect

from audit.actors import Actor
from audit.models import AuditEvent
from reviews import roles
from reviews.models import Review
from reviews.services import review_claim, review_open
from tests.factories import UserFactory, canonical_example

from .helpers import keys_ready, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def team():  # type: ignore[no-untyped-def]
    roles.ensure_roles()
    users = {
        "rita": UserFactory(username="rita", roles=[roles.REVIEWER]),
        "rafael": UserFactory(username="rafael", roles=[roles.REVIEWER]),
        "lena": UserFactory(username="lena", roles=[roles.LEAD]),
    }
    reviews = [
        review_open(query=canonical_example(entity=f"Company {n}"), actor=Actor.system("tests"))
        for n in range(4)
    ]
    return users, reviews


def test_a_lead_assigns_selected_reviews_with_one_confirmation(page, team):
    users, reviews = team
    page.set_viewport_size({"width": 1366, "height": 768})
    log_in(page, "lena")
    keys_ready(page, "queue")

    assign = page.get_by_role("button", name="Assign", exact=True)
    expect(assign).to_be_disabled()
    # Select two rows: one by keyboard (j, j, x), one by its checkbox.
    page.keyboard.press("j")
    page.keyboard.press("j")
    page.keyboard.press("x")
    page.locator(f'tr[data-review="{reviews[3].pk}"] input[name=reviews]').check()
    expect(page.locator("#selected-count")).to_have_text("2 selected")
    page.get_by_label("Assign to").select_option("rafael")
    assign.click()

    # One confirmation page naming what will change; nothing has changed yet.
    expect(page.get_by_role("heading", name="Assign 2 reviews?")).to_be_visible()
    assert not Review.objects.filter(assignee__isnull=False).exists()
    chosen = [
        int(value)
        for value in page.locator("input[name=reviews]").evaluate_all(
            "els => els.map(e => e.value)"
        )
    ]
    page.get_by_role("button", name="Assign 2 reviews").click()

    expect(page.get_by_role("status").first).to_contain_text("Assigned 2 reviews to rafael.")
    assert set(Review.objects.filter(assignee=users["rafael"]).values_list("pk", flat=True)) == set(
        chosen
    )
    assert reviews[3].pk in chosen
    for review in Review.objects.filter(pk__in=chosen).select_related("query"):
        event = AuditEvent.objects.get(
            trace_id=review.query.trace_id, event_type="review.reassigned"
        )
        assert (event.actor_name, event.payload["assignee"]) == ("lena", "rafael")
    rows = page.locator("table.queue tbody tr")
    expect(rows.filter(has_text="rafael")).to_have_count(2)


def test_a_lead_reassigns_a_review_and_the_trace_records_it(page, team):
    users, reviews = team
    review = reviews[0]
    review_claim(review=review, user=users["rita"])
    log_in(page, "lena")

    page.goto(f"/reviews/{review.pk}/")
    expect(page.locator(".decision-panel")).to_contain_text("Being reviewed by rita")
    page.get_by_text("Reassign…").click()
    page.locator(".reassign-form").get_by_label("Assign to").select_option("rafael")
    page.locator(".reassign-form").get_by_label("Note (optional)").fill("rita is away")
    page.locator(".reassign-form").get_by_role("button", name="Assign").click()

    expect(page.get_by_role("status").first).to_contain_text(
        f"Review #{review.pk} assigned to rafael."
    )
    expect(page.locator(".review-head .assignee")).to_have_text("Assigned to rafael")
    history = page.locator("section.history")
    expect(history).to_contain_text("lena reassigned it from rita to rafael: “rita is away”")
    event = AuditEvent.objects.get(trace_id=review.query.trace_id, event_type="review.reassigned")
    assert event.payload["previous_assignee"] == "rita"

    # The trace timeline tells it in words.
    page.get_by_role("link", name=re.compile("^Trace")).click()
    expect(page.locator("body")).to_contain_text(
        f"Review {review.pk} reassigned from rita to rafael by lena."
    )
