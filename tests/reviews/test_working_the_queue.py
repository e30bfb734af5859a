"""Working the queue from the pages: start, decide and go on to the next, skip, assign in bulk."""

import pytest

from audit.actors import Actor
from audit.models import AuditEvent
from reviews import roles
from reviews.models import Review
from reviews.services import review_claim, review_decide, review_open, review_reopen
from tests.factories import QueryFactory, UserFactory, canonical_example, canonical_labels


def _open(**fields) -> Review:  # type: ignore[no-untyped-def]
    return review_open(query=canonical_example(**fields), actor=Actor.system("tests"))


def _decision(review: Review, *, advance: bool = True, **overrides) -> dict:  # type: ignore[no-untyped-def]
    data = {"decision": "rejected", "reason": "EPS is $0.78.", "version": review.version}
    data.update({f"label_{pk}": label for pk, label in canonical_labels(review.query).items()})
    if advance:
        data["advance"] = "on"
    data.update(overrides)
    return data


@pytest.fixture
def lead(groups):  # type: ignore[no-untyped-def]
    return UserFactory(username="lena", roles=[roles.LEAD])


def test_start_reviewing_claims_the_riskiest_review_and_opens_it(client, reviewer):
    _open()
    audit = _open(stakes="audit")
    client.force_login(reviewer)

    response = client.post("/reviews/next/", {"fresh": "1"})

    assert response.status_code == 302
    assert response["Location"] == f"/reviews/{audit.pk}/"
    assert Review.objects.get(pk=audit.pk).assignee == reviewer


def test_a_decision_opens_the_next_review_of_the_queue_as_filtered(client, reviewer):
    first = _open(stakes="audit", entity="Northwind")
    _open(stakes="high", entity="Contoso")
    northwind_two = _open(entity="Northwind Two")
    client.force_login(reviewer)
    client.get("/", {"entity": "northwind"})  # the queue as the reviewer filtered it
    review_claim(review=first, user=reviewer)
    first.refresh_from_db()

    response = client.post(f"/reviews/{first.pk}/decide/", _decision(first))

    assert response["Location"] == f"/reviews/{northwind_two.pk}/"
    assert Review.objects.get(pk=first.pk).status == Review.Status.REJECTED
    assert Review.objects.get(pk=northwind_two.pk).assignee == reviewer


def test_with_auto_advance_off_a_decision_returns_to_the_queue_and_is_remembered(client, reviewer):
    first = _open(stakes="audit")
    _open()
    client.force_login(reviewer)

    response = client.post(f"/reviews/{first.pk}/decide/", _decision(first, advance=False))

    assert response["Location"] == "/"
    page = client.get(f"/reviews/{Review.objects.exclude(pk=first.pk).get().pk}/")
    assert 'name="advance" id="id_advance"' in page.content.decode()
    assert page.context["form"]["advance"].value() is False


def test_the_last_decision_of_the_queue_lands_on_the_queue_with_a_message(client, reviewer, review):
    client.force_login(reviewer)

    response = client.post(f"/reviews/{review.pk}/decide/", _decision(review), follow=True)

    assert response.redirect_chain[-1] == ("/", 302)
    assert "No more reviews are waiting for you in this queue." in response.content.decode()


def test_skip_gives_the_review_back_and_opens_the_next(client, reviewer):
    first = _open(stakes="audit")
    second = _open()
    client.force_login(reviewer)
    client.post("/reviews/next/", {"fresh": "1"})

    response = client.post(f"/reviews/{first.pk}/skip/")

    assert response["Location"] == f"/reviews/{second.pk}/"
    stored = Review.objects.get(pk=first.pk)
    assert (stored.status, stored.assignee) == (Review.Status.PENDING, None)
    assert AuditEvent.objects.filter(
        trace_id=first.query.trace_id, event_type="review.released"
    ).exists()
    # Skipped reviews are not offered again in this pass; a fresh start offers them.
    client.post(f"/reviews/{second.pk}/skip/")
    assert client.post("/reviews/next/")["Location"] == "/"
    assert client.post("/reviews/next/", {"fresh": "1"})["Location"] == f"/reviews/{first.pk}/"


def test_a_lead_takes_over_from_the_review_page(client, reviewer2, lead, review):
    review_claim(review=review, user=reviewer2)
    client.force_login(lead)

    page = client.get(f"/reviews/{review.pk}/").content.decode()
    assert "Take over" in page
    assert 'id="decision-form"' not in page
    response = client.post(
        f"/reviews/{review.pk}/assign/", {"assignee": "lena", "reason": "taken over"}
    )

    assert response.status_code == 302
    assert Review.objects.get(pk=review.pk).assignee == lead
    assert 'id="decision-form"' in client.get(f"/reviews/{review.pk}/").content.decode()


def test_a_reviewer_cannot_use_the_assign_page(client, reviewer, reviewer2, review):
    client.force_login(reviewer)

    response = client.post(f"/reviews/{review.pk}/assign/", {"assignee": "rafael"})

    assert response.status_code == 403
    assert Review.objects.get(pk=review.pk).assignee is None


def test_assigning_to_someone_who_cannot_decide_is_refused_on_the_page(
    client, lead, auditor, review
):
    client.force_login(lead)

    response = client.post(f"/reviews/{review.pk}/assign/", {"assignee": "aude"})

    assert response.status_code == 400
    assert "That user cannot decide reviews." in response.content.decode()


def test_bulk_actions_ask_once_then_act_on_each_review(client, lead, reviewer2):
    reviews = [_open(entity=f"Co {n}") for n in range(3)]
    client.force_login(lead)
    chosen = [reviews[0].pk, reviews[2].pk]

    confirm = client.post(
        "/reviews/bulk/", {"action": "assign", "reviews": chosen, "assignee": "rafael"}
    )

    body = confirm.content.decode()
    assert confirm.status_code == 200
    assert "Assign 2 reviews?" in body
    assert Review.objects.filter(assignee__isnull=False).count() == 0
    done = client.post(
        "/reviews/bulk/",
        {"action": "assign", "reviews": chosen, "assignee": "rafael", "confirmed": "1"},
        follow=True,
    )
    assert "Assigned 2 reviews to rafael." in done.content.decode()
    assert set(Review.objects.filter(assignee=reviewer2).values_list("pk", flat=True)) == set(
        chosen
    )


def test_bulk_reject_without_a_reason_changes_nothing(client, reviewer):
    review = _open()
    client.force_login(reviewer)

    response = client.post(
        "/reviews/bulk/",
        {"action": "reject", "reviews": [review.pk], "confirmed": "1", "reason": ""},
        follow=True,
    )

    assert "A reason is required to reject reviews." in response.content.decode()
    assert Review.objects.get(pk=review.pk).status == Review.Status.PENDING


def test_a_reopened_review_shows_the_earlier_decision_and_who_made_it(
    client, reviewer, reviewer2, admin_user, review
):
    review_decide(
        review=review,
        user=reviewer,
        decision="rejected",
        reason="EPS is $0.78 in the filing.",
        labels=canonical_labels(review.query, {"$4 billion": "benign_approximation"}),
        expected_version=review.version,
    )
    review_reopen(review=review, user=admin_user, reason="Client restated EPS.")
    client.force_login(reviewer2)

    body = client.get(f"/reviews/{review.pk}/").content.decode()

    assert "<strong>Reopened:</strong> Client restated EPS." in body
    assert "Earlier: rita rejected (confirmed hallucination) on" in body
    assert "“EPS is $0.78 in the filing.”" in body
    history = body.split('id="history-heading"', 1)[1]
    assert "<strong>ada</strong> reopened it: “Client restated EPS.”" in history
    assert "<code>$4 billion</code> benign approximation" in history
    # The earlier labels are offered again, with who gave them.
    assert "Earlier label: benign approximation (rita)" in body


def test_a_review_without_sources_says_why_and_what_is_known(client, reviewer):
    query = QueryFactory(answer="Revenue was $1.9 billion.", entity="Fabrikam")
    review = review_open(query=query, actor=Actor.system("tests"))
    client.force_login(reviewer)

    body = client.get(f"/reviews/{review.pk}/").content.decode()

    assert "Submitted without sources" in body
    assert "nothing to check it against" in body
    assert "the entity (Fabrikam, Q3 2026)" in body
