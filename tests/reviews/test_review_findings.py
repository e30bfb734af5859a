"""Findings on the answer as a whole (a company the sources never mention) are on the review
page: without them a reviewer would meet a flagged answer whose every claim is grounded."""

from rest_framework.test import APIClient

from audit.actors import Actor
from hallucination.services import api_client_key_create
from reviews.models import Review

NVIDIA = "NVIDIA Corporation reported Q3 2026 revenue of $1.85 billion and EPS of $0.78."


def _submitted_review(answer: str, django_capture_on_commit_callbacks) -> Review:  # type: ignore[no-untyped-def]
    _, key = api_client_key_create(client_name="review-agent", actor=Actor.system("tests"))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
    payload = {"answer": answer, "sources": [{"id": "filing", "text": NVIDIA}]}
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post("/api/v1/queries/", payload, format="json")
    assert response.status_code in (201, 202), response.content
    return Review.objects.get(query_id=response.json()["id"])


def _findings_section(body: str) -> str:
    if 'class="card findings"' not in body:
        return ""
    return body.split('class="card findings"', 1)[1].split("</section>", 1)[0]


def test_a_finding_that_flags_the_answer_is_shown_with_its_message(
    client, reviewer, django_capture_on_commit_callbacks
):
    review = _submitted_review(
        "AMD's revenue was $1.85 billion in Q3 2026.", django_capture_on_commit_callbacks
    )
    client.force_login(reviewer)

    section = _findings_section(client.get(f"/reviews/{review.pk}/").content.decode())

    assert "<code>entity_mismatch</code>" in section
    assert "flags the answer" in section
    assert "the sources do not mention AMD" in section
    assert "<q>AMD</q>" in section


def test_a_review_flagged_by_its_claims_alone_has_no_findings_section(
    client, reviewer, django_capture_on_commit_callbacks
):
    review = _submitted_review(
        "NVIDIA's revenue was $1.95 billion in Q3 2026.", django_capture_on_commit_callbacks
    )
    client.force_login(reviewer)

    body = client.get(f"/reviews/{review.pk}/").content.decode()

    assert review.query.flagged
    assert _findings_section(body) == ""
