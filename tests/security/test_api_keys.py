"""Machine clients: no key, an unknown key or a revoked key is a 401, and nothing is saved."""

from rest_framework.test import APIClient

from hallucination.models import ClientAPIKey, Query

URL = "/api/v1/queries/"


def test_it_refuses_a_submission_without_a_key(db, canonical_payload):
    response = APIClient().post(URL, canonical_payload, format="json")

    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Api-Key"
    assert response.json()["error"] == "not_authenticated"
    assert not Query.objects.exists()


def test_it_refuses_to_list_queries_without_a_key(db):
    assert APIClient().get(URL).status_code == 401


def test_it_refuses_a_revoked_key_that_worked_a_moment_before(alpha, canonical_payload):
    assert alpha.post(URL, canonical_payload, format="json").status_code in (201, 202)
    ClientAPIKey.objects.filter(client=alpha.api_client).update(revoked=True)

    response = alpha.post(URL, canonical_payload, format="json")

    assert response.status_code == 401
    assert "revoked" in response.json()["detail"]
    assert Query.objects.count() == 1


def test_it_refuses_a_key_of_a_disabled_client(alpha, canonical_payload):
    alpha.api_client.is_active = False
    alpha.api_client.save()

    assert alpha.post(URL, canonical_payload, format="json").status_code == 401


def test_it_refuses_a_key_with_a_known_prefix_and_a_wrong_secret(alpha, canonical_payload):
    prefix = alpha.key.partition(".")[0]
    forged = APIClient()
    forged.credentials(HTTP_AUTHORIZATION=f"Api-Key {prefix}.{'x' * 32}")

    assert forged.post(URL, canonical_payload, format="json").status_code == 401


def test_no_table_holds_the_plaintext_key(alpha):
    stored = ClientAPIKey.objects.values().get(client=alpha.api_client)

    assert not any(alpha.key in str(value) for value in stored.values())
    secret = alpha.key.partition(".")[2]
    assert not any(secret in str(value) for value in stored.values())
