"""Idempotency-Key: the same key and body return the same query; another body is a 409."""

from hallucination.models import Query

URL = "/api/v1/queries/"


def test_it_returns_the_same_query_for_a_repeated_key_and_body(alpha, canonical_payload):
    first = alpha.post(URL, canonical_payload, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    second = alpha.post(URL, canonical_payload, format="json", HTTP_IDEMPOTENCY_KEY="k-1")

    assert first.status_code in (201, 202)
    assert second.status_code == 200
    assert second["Idempotent-Replayed"] == "true"
    assert second.json()["id"] == first.json()["id"]
    assert Query.objects.count() == 1


def test_it_refuses_a_repeated_key_with_a_different_body(alpha, canonical_payload):
    alpha.post(URL, canonical_payload, format="json", HTTP_IDEMPOTENCY_KEY="k-2")
    changed = {**canonical_payload, "answer": canonical_payload["answer"] + " Margins improved."}
    response = alpha.post(URL, changed, format="json", HTTP_IDEMPOTENCY_KEY="k-2")

    assert response.status_code == 409
    assert response.json()["error"] == "idempotency_conflict"
    assert Query.objects.count() == 1
    assert Query.objects.get().answer == canonical_payload["answer"]


def test_it_scopes_keys_to_the_client(alpha, beta, canonical_payload):
    first = alpha.post(URL, canonical_payload, format="json", HTTP_IDEMPOTENCY_KEY="shared")
    second = beta.post(URL, canonical_payload, format="json", HTTP_IDEMPOTENCY_KEY="shared")

    assert second.status_code in (201, 202)
    assert second.json()["id"] != first.json()["id"]


def test_it_creates_a_new_query_for_each_request_without_a_key(alpha, canonical_payload):
    alpha.post(URL, canonical_payload, format="json")
    alpha.post(URL, canonical_payload, format="json")

    assert Query.objects.count() == 2
