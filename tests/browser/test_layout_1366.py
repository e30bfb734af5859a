"""At 1366×768: the queue shows more than three rows without sideways scrolling, the review's
decision area never leaves the screen, and the highlighted source value is scrolled into view."""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from audit.actors import Actor
from reviews import roles
from reviews.services import review_open
from tests.factories import (
    ClaimFactory,
    QueryFactory,
    SourceFactory,
    UserFactory,
    VerdictFactory,
    canonical_example,
)

from .helpers import in_viewport, keys_ready, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LAPTOP = {"width": 1366, "height": 768}
FILLER = (
    "Freight volumes softened during the first half of the year as customers reduced "
    "inventories, then recovered in the third quarter. "
)


@pytest.fixture
def rita(db):  # type: ignore[no-untyped-def]
    roles.ensure_roles()
    return UserFactory(username="rita", roles=[roles.REVIEWER])


def _long_source_review():  # type: ignore[no-untyped-def]
    """Two flagged figures whose source values sit deep in a long 10-K passage, far apart."""
    text = (
        FILLER * 25
        + "Free cash flow was $297 million. "
        + FILLER * 25
        + "Capital expenditures were $118 million."
    )
    answer = "Free cash flow reached $329 million and capital expenditures were $181 million."
    query = QueryFactory(answer=answer, total_claims=2, grounded_count=0, ungrounded_count=2)
    SourceFactory(query=query, source_id="10-k", text=text)
    for position, (said, found) in enumerate(
        (("$329 million", "$297 million"), ("$181 million", "$118 million"))
    ):
        start = answer.index(said)
        claim = ClaimFactory(
            query=query,
            position=position,
            text=said,
            start=start,
            end=start + len(said),
            value=Decimal(said[1:4]) * 1_000_000,
        )
        at = text.index(found)
        VerdictFactory(
            claim=claim,
            nearest_text=found,
            nearest_value=Decimal(found[1:4]) * 1_000_000,
            nearest_source_id="10-k",
            nearest_start=at,
            nearest_end=at + len(found),
        )
    return review_open(query=query, actor=Actor.system("tests"))


def _mark_shown(page) -> bool:  # type: ignore[no-untyped-def]
    """The selected claim's highlight is inside its scrolled box and inside the window."""
    return page.locator("#evidence section.evidence:visible mark.source-span").first.evaluate(
        """mark => { const box = mark.closest('.source-text').getBoundingClientRect();
                     const r = mark.getBoundingClientRect();
                     return r.top >= box.top && r.bottom <= box.bottom
                         && r.top >= 0 && r.bottom <= innerHeight; }"""
    )


def test_the_highlighted_source_value_is_scrolled_into_view(page, rita):
    review = _long_source_review()
    page.set_viewport_size(LAPTOP)
    log_in(page, "rita")

    page.goto(f"/reviews/{review.pk}/")
    keys_ready(page, "review")

    evidence = page.locator("#evidence section.evidence:visible")
    expect(evidence.locator("mark.source-span")).to_have_text("$297 million")
    assert _mark_shown(page)
    # The passage is long: its box had to scroll to show the value.
    assert evidence.locator(".source-text").evaluate("box => box.scrollTop") > 0

    page.keyboard.press("j")
    expect(evidence.locator("mark.source-span")).to_have_text("$118 million")
    assert _mark_shown(page)


def test_the_decision_area_stays_in_view_with_many_claims(page, rita):
    answer = " ".join(f"Figure {n} was ${n}.{n % 10} million." for n in range(1, 21))
    query = QueryFactory(answer=answer, total_claims=20)
    SourceFactory(query=query, source_id="deck", text="Nothing numeric here.")
    for n in range(1, 21):
        text = f"${n}.{n % 10} million"
        start = answer.index(text)
        ClaimFactory(query=query, position=n, text=text, start=start, end=start + len(text))
    review = review_open(query=query, actor=Actor.system("tests"))
    page.set_viewport_size(LAPTOP)
    log_in(page, "rita")

    page.goto(f"/reviews/{review.pk}/")
    keys_ready(page, "review")

    # The window itself never scrolls: the page is as tall as the screen.
    assert page.evaluate("document.documentElement.scrollHeight") <= LAPTOP["height"]
    for name in ("Approve", "Reject", "Skip"):
        button = page.get_by_role("button", name=name, exact=True)
        expect(button).to_be_in_viewport(ratio=1)
    expect(page.get_by_label("Reason")).to_be_in_viewport(ratio=1)
    # Moving down the claims brings each label row into view, the last one too.
    for _ in range(19):
        page.keyboard.press("j")
    last = page.locator("li.label-row.is-selected")
    expect(last).to_contain_text("$20.0 million")
    assert in_viewport(page, "li.label-row.is-selected")
    expect(page.get_by_role("button", name="Approve", exact=True)).to_be_in_viewport(ratio=1)


def test_the_canonical_review_needs_no_scrolling_to_decide(page, rita):
    review = review_open(query=canonical_example(), actor=Actor.system("tests"))
    page.set_viewport_size(LAPTOP)
    log_in(page, "rita")

    page.goto(f"/reviews/{review.pk}/")
    keys_ready(page, "review")

    for row in page.locator("li.label-row").all():
        expect(row).to_be_in_viewport()
    expect(page.locator("#evidence section.evidence:visible h2")).to_be_in_viewport(ratio=1)
    expect(page.get_by_role("button", name="Reject", exact=True)).to_be_in_viewport(ratio=1)


def test_the_queue_fits_the_screen_without_sideways_scrolling(page, rita):
    for n in range(30):
        review_open(
            query=canonical_example(entity=f"A rather long company name number {n} Holdings plc"),
            actor=Actor.system("tests"),
        )
    page.set_viewport_size(LAPTOP)
    log_in(page, "rita")

    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    card = page.locator(".card.flush").first
    assert card.evaluate("el => el.scrollWidth <= el.clientWidth")
    rows = page.locator("table.queue tbody tr")
    expect(rows).to_have_count(25)
    fully_visible = [
        row.evaluate("r => r.getBoundingClientRect().bottom <= innerHeight") for row in rows.all()
    ]
    assert sum(fully_visible) > 3
    # Every visible row's action button is whole, not cut at the right edge.
    first_button = rows.first.get_by_role("button", name="Claim & open")
    expect(first_button).to_be_in_viewport(ratio=1)
