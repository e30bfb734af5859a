"""A reviewer clears the queue by keyboard alone in Chromium: open, label, decide, next."""

import re

import pytest
from playwright.sync_api import expect

from audit.actors import Actor
from audit.models import AuditEvent
from reviews import roles
from reviews.models import ClaimDecision, Review
from reviews.services import review_open
from tests.factories import PASSWORD, UserFactory, canonical_example

from .helpers import keys_ready

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Counts every pointer press on the page: the keyboard flow must end with none.
COUNT_CLICKS = """
window.__pointerPresses = 0;
for (const type of ["mousedown", "pointerdown", "touchstart"]) {
  document.addEventListener(type, () => { window.__pointerPresses += 1; }, true);
}
"""


@pytest.fixture
def queue():  # type: ignore[no-untyped-def]
    """Two flagged answers: the canonical example at audit stakes (riskiest) and another."""
    roles.ensure_roles()
    UserFactory(username="rita", roles=[roles.REVIEWER])
    first = review_open(
        query=canonical_example(entity="Northwind Holdings", stakes="audit"),
        actor=Actor.system("tests"),
    )
    second = review_open(
        query=canonical_example(entity="Contoso Bank"), actor=Actor.system("tests")
    )
    return first, second


def _log_in_by_keyboard(page, username: str) -> None:  # type: ignore[no-untyped-def]
    page.goto("/")
    expect(page).to_have_url(re.compile(r"/accounts/login/"))
    expect(page.get_by_label("Username")).to_be_focused()
    page.keyboard.type(username)
    page.keyboard.press("Tab")
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Review queue")).to_be_visible()
    keys_ready(page, "queue")


def test_a_reviewer_rejects_then_approves_with_the_keyboard_alone(page, queue, artifacts):
    first, second = queue
    page.add_init_script(COUNT_CLICKS)
    page.set_viewport_size({"width": 1366, "height": 768})
    _log_in_by_keyboard(page, "rita")

    # Queue: j selects the first (riskiest) row, Enter claims and opens it.
    page.keyboard.press("j")
    expect(page.locator("table.queue tbody tr.is-current")).to_contain_text("Northwind")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"/reviews/{first.pk}/"))
    keys_ready(page, "review")
    assert Review.objects.get(pk=first.pk).assignee.username == "rita"

    # The first flagged claim is selected, its evidence shown.
    evidence = page.locator("#evidence section.evidence:visible")
    expect(evidence.get_by_role("heading", level=2)).to_contain_text("14.8%")
    expect(evidence).to_contain_text("Expected 14.20%")

    # h labels the selected claim and moves to the next flagged one.
    page.keyboard.press("h")
    expect(evidence.get_by_role("heading", level=2)).to_contain_text("$0.81")
    expect(evidence.locator("mark.source-span")).to_have_text("$0.78")
    page.keyboard.press("h")
    expect(evidence.get_by_role("heading", level=2)).to_contain_text("$4 billion")
    page.keyboard.press("b")
    expect(page.locator("#decide-hint")).to_contain_text("Every claim is labelled")

    # r fills the reason from the labels; Ctrl+Enter rejects; the next review opens.
    page.keyboard.press("r")
    reason = page.get_by_label(re.compile("^Reason"))
    expect(reason).to_be_focused()
    expect(reason).to_have_value(
        re.compile(
            r"^Hallucination: 14\.8% \(arithmetic drift; recomputed 14\.20%\), \$0\.81 \(fabrication; source \$0\.78\)\."
        )
    )
    page.screenshot(path=str(artifacts / "keyboard-before-reject.png"))
    page.keyboard.press("Control+Enter")
    expect(page).to_have_url(re.compile(rf"/reviews/{second.pk}/"))
    keys_ready(page, "review")
    expect(page.get_by_role("status").first).to_contain_text(f"Review #{first.pk} rejected.")

    stored = Review.objects.get(pk=first.pk)
    assert stored.status == Review.Status.REJECTED
    assert stored.reason.startswith("Hallucination: 14.8%")
    labels = dict(ClaimDecision.objects.filter(review=stored).values_list("claim__text", "label"))
    assert labels == {
        "Q3 2026": "correct",
        "2026": "correct",
        "$1.85 billion": "correct",
        "14.8%": "hallucination",
        "$1.62 billion": "correct",
        "$312 million": "correct",
        "$0.81": "hallucination",
        "$4 billion": "benign_approximation",
    }
    assert AuditEvent.objects.filter(
        trace_id=first.query.trace_id, event_type="review.decided", actor_name="rita"
    ).exists()
    # Auto-advance took the next review for rita.
    assert Review.objects.get(pk=second.pk).assignee.username == "rita"

    # Second review: label the three flags as right, approve with a.
    page.keyboard.press("c")
    page.keyboard.press("c")
    page.keyboard.press("b")
    page.keyboard.press("a")
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("status").first).to_contain_text("No more reviews are waiting")
    assert Review.objects.get(pk=second.pk).status == Review.Status.APPROVED
    assert page.evaluate("window.__pointerPresses") == 0


def test_question_mark_opens_the_shortcut_help(page, queue):
    first, _ = queue
    _log_in_by_keyboard(page, "rita")
    page.goto(f"/reviews/{first.pk}/")
    keys_ready(page, "review")

    page.keyboard.press("?")

    help_dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    expect(help_dialog).to_be_visible()
    expect(help_dialog).to_contain_text("Label the claim hallucination")
    page.keyboard.press("Escape")
    expect(help_dialog).to_be_hidden()
    # Keys do nothing while the help is open.
    page.keyboard.press("?")
    page.keyboard.press("h")
    page.keyboard.press("Escape")
    assert page.locator("input[type=radio][value=hallucination]:checked").count() == 0


def test_approving_with_an_unlabelled_flag_points_at_it(page, queue):
    first, _ = queue
    _log_in_by_keyboard(page, "rita")
    page.goto(f"/reviews/{first.pk}/")
    keys_ready(page, "review")

    page.keyboard.press("a")

    expect(page.locator("#decide-hint")).to_contain_text("Label claim 3 first")
    assert Review.objects.get(pk=first.pk).status == Review.Status.PENDING
