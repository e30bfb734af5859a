"""A reviewer works the canonical example in Chromium with the mouse: filter, open, label, reject."""

import re

import pytest
from playwright.sync_api import expect

from audit.actors import Actor
from audit.models import AuditEvent
from reviews import roles
from reviews.models import ClaimDecision, Review
from reviews.services import review_open
from tests.factories import PASSWORD, UserFactory, canonical_example

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def queue():  # type: ignore[no-untyped-def]
    """The canonical example and another company's flagged answer, both pending."""
    roles.ensure_roles()
    UserFactory(username="rita", roles=[roles.REVIEWER])
    canonical = review_open(
        query=canonical_example(entity="Northwind Holdings"), actor=Actor.system("tests")
    )
    other = review_open(
        query=canonical_example(entity="Contoso Bank", stakes="audit"), actor=Actor.system("tests")
    )
    return canonical, other


def _log_in(page, username: str) -> None:  # type: ignore[no-untyped-def]
    page.goto("/")
    expect(page).to_have_url(re.compile(r"/accounts/login/"))
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Review queue")).to_be_visible()


def test_a_reviewer_rejects_the_canonical_example_in_the_browser(page, queue, artifacts):
    canonical, other = queue
    claims = {claim.text: claim.pk for claim in canonical.query.claims.all()}

    _log_in(page, "rita")
    rows = page.locator("table.queue tbody tr")
    expect(rows).to_have_count(2)
    # Highest risk first: the audit-stakes answer leads.
    expect(rows.first).to_contain_text("Contoso Bank")

    # The filters are folded away until asked for; filtering keeps the URL shareable.
    expect(page.get_by_label("Entity")).to_be_hidden()
    page.locator("#filters summary").click()
    page.get_by_label("Entity").fill("northwind")
    page.get_by_role("button", name="Filter", exact=True).click()
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Northwind Holdings")
    expect(page).to_have_url(re.compile(r"entity=northwind"))
    expect(page.locator("#filters summary")).to_contain_text("1 Entity")
    page.screenshot(path=str(artifacts / "queue.png"), full_page=True)

    rows.first.get_by_role("button", name="Claim & open").click()
    expect(page).to_have_url(re.compile(rf"/reviews/{canonical.pk}/$"))
    expect(page.get_by_role("heading", name=re.compile(rf"Review #{canonical.pk}"))).to_be_visible()

    # The three flagged claims are highlighted, each with its outcome in words.
    flagged = page.locator("#answer a.claim.tone-bad, #answer a.claim.tone-warn")
    expect(flagged).to_have_count(3)
    expect(flagged.nth(0)).to_contain_text("14.8%")
    expect(flagged.nth(0)).to_contain_text("arithmetic drift")
    expect(flagged.nth(1)).to_contain_text("$0.81")
    expect(flagged.nth(1)).to_contain_text("fabrication")
    expect(flagged.nth(2)).to_contain_text("$4 billion")
    expect(flagged.nth(2)).to_contain_text("approximation")
    # Four grounded claims: the year of "Q3 2026" is part of the quarter, not a claim of its own.
    expect(page.locator("#answer .claim.tone-ok")).to_have_count(4)

    # Selecting $0.81 shows the source's $0.78, highlighted in the source text.
    flagged.nth(1).click()
    evidence = page.locator("#evidence section.evidence:visible")
    expect(evidence.get_by_role("heading", level=2)).to_contain_text("$0.81")
    expect(evidence.locator("mark.source-span")).to_have_text("$0.78")
    expect(page.locator("#answer a.claim.is-selected")).to_contain_text("$0.81")
    expect(page).to_have_url(re.compile(rf"\?claim={claims['$0.81']}$"))
    expect(page.get_by_role("link", name=re.compile("^Trace"))).to_have_attribute(
        "href", f"/audit/traces/{canonical.query.trace_id}/"
    )

    # Label the three flags; the grounded claims come prefilled as correct.
    def label(text: str, choice: str) -> None:
        row = page.locator(f'li.label-row[data-group="{claims[text]}"]')
        row.get_by_text(choice, exact=True).click()

    label("14.8%", "Hallucination")
    label("$0.81", "Hallucination")
    label("$4 billion", "Benign")
    page.get_by_label("Reason").fill("EPS is $0.78 in the filing and growth computes to 14.20%.")
    page.screenshot(path=str(artifacts / "review.png"), full_page=True)
    page.get_by_role("button", name=re.compile("Reject")).click()

    # The queue was filtered to Northwind: with none left there, the reviewer is back on it.
    expect(page).to_have_url(re.compile(r"entity=northwind"))
    status = page.get_by_role("status").first
    expect(status).to_contain_text(f"Review #{canonical.pk} rejected.")
    expect(status).to_contain_text("No more reviews are waiting for you in this queue.")

    stored = Review.objects.select_related("decided_by").get(pk=canonical.pk)
    assert stored.status == Review.Status.REJECTED
    assert stored.decided_by.username == "rita"
    assert stored.reason.startswith("EPS is $0.78")
    labels = dict(ClaimDecision.objects.filter(review=stored).values_list("claim__text", "label"))
    assert labels["14.8%"] == "hallucination"
    assert labels["$0.81"] == "hallucination"
    assert labels["$4 billion"] == "benign_approximation"
    assert labels["$1.85 billion"] == "correct"
    assert len(labels) == 8
    event = AuditEvent.objects.get(trace_id=canonical.query.trace_id, event_type="review.decided")
    assert event.actor_name == "rita"
    assert event.payload["decision"] == "rejected"
    assert event.payload["labels"][str(claims["$4 billion"])] == "benign_approximation"
    assert Review.objects.get(pk=other.pk).status == Review.Status.PENDING


def test_rejecting_without_a_reason_is_refused_in_the_browser(page, queue, artifacts):
    canonical, _ = queue
    claims = {claim.text: claim.pk for claim in canonical.query.claims.all()}

    _log_in(page, "rita")
    page.goto(f"/reviews/{canonical.pk}/")
    # Claims are links: the keyboard reaches and opens them like the mouse does.
    page.locator("#answer a.claim", has_text="$0.81").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#evidence section.evidence:visible mark.source-span")).to_have_text(
        "$0.78"
    )
    for text in ("14.8%", "$0.81", "$4 billion"):
        page.locator(f'li.label-row[data-group="{claims[text]}"]').get_by_text(
            "Hallucination", exact=True
        ).click()
    page.get_by_role("button", name=re.compile("Reject")).click()

    expect(page.get_by_role("alert").filter(has_text="reason is required")).to_be_visible()
    page.screenshot(path=str(artifacts / "review-reason-required.png"), full_page=True)
    # The labels chosen are still there to submit again.
    expect(
        page.locator(f'li.label-row[data-group="{claims["$0.81"]}"] input[value=hallucination]')
    ).to_be_checked()
    assert Review.objects.get(pk=canonical.pk).status == Review.Status.PENDING


def test_the_review_page_reads_well_to_the_keyboard_and_a_screen_reader(page, queue):
    canonical, _ = queue

    _log_in(page, "rita")
    page.goto(f"/reviews/{canonical.pk}/")
    skip = page.get_by_role("link", name="Skip to main content")
    expect(skip).not_to_be_in_viewport()
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Enter")
    expect(page.locator("main#main")).to_be_focused()

    # The claim's number and outcome are not glued onto the figure, spoken or copied.
    eps = page.locator("#answer a.claim", has_text="$0.81")
    expect(eps).to_have_accessible_name("$0.81 (claim 6: fabrication)")
    expect(page.locator("#answer a.claim", has_text="Q3")).to_have_accessible_name(
        "Q3 2026 (claim 1: grounded)"
    )
    copied = eps.evaluate(
        """link => {
            const range = document.createRange();
            range.selectNodeContents(link);
            getSelection().removeAllRanges();
            getSelection().addRange(range);
            return getSelection().toString();
        }"""
    )
    assert copied == "$0.81 (claim 6: ✗ fabrication)"

    icon = page.locator('link[rel="icon"]').get_attribute("href")
    assert page.request.get(icon).ok
