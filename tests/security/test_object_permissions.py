"""A client reads only its own queries: another client's ID is a 404, not a 403 that confirms it."""

URL = "/api/v1/queries/"


def test_it_answers_404_for_another_clients_query(alpha, beta, canonical_payload):
    query_id = alpha.post(URL, canonical_payload, format="json").json()["id"]

    response = beta.get(f"{URL}{query_id}/")

    assert response.status_code == 404
    assert alpha.get(f"{URL}{query_id}/").status_code == 200


def test_a_client_lists_and_filters_only_its_own_queries(alpha, beta, canonical_payload):
    trace = alpha.post(URL, canonical_payload, format="json").json()["trace_id"]
    beta.post(URL, canonical_payload, format="json")

    assert alpha.get(URL).json()["count"] == 1
    assert beta.get(URL, {"trace_id": trace}).json()["count"] == 0


def test_an_api_key_does_not_open_the_review_queue(alpha, review):
    assert alpha.get("/api/v1/reviews/").status_code == 403
    assert alpha.get(f"/api/v1/reviews/{review.pk}/").status_code == 403
