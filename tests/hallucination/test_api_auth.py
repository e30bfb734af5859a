"""Machine clients need a valid key and see only their own queries."""

from rest_framework.test import APIClient

from hallucination.models import ClientAPIKey, Query

URL = "/api/v1/queries/"


def test_it_refuses_a_submission_without_a_key(db, canonical_payload):
    response = APIClient().post(URL, canonical_payload, format="json")

    assert response.status_code in (401, 403)
    assert Query.objects.count() == 0


def test_it_refuses_an_unknown_key(db, canonical_payload):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION="Api-Key abcdefgh.notarealkeyatall")
    response = api.post(URL, canonical_payload, format="json")

    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Api-Key"


def test_it_refuses_a_revoked_key(alpha, canonical_payload):
    ClientAPIKey.objects.filter(client=alpha.api_client).update(revoked=True)
    response = alpha.post(URL, canonical_payload, format="json")

    assert response.status_code == 401
    assert Query.objects.count() == 0


def test_it_accepts_the_key_in_an_x_api_key_header(alpha, canonical_payload):
    api = APIClient()
    api.credentials(HTTP_X_API_KEY=alpha.key)
    response = api.post(URL, canonical_payload, format="json")

    assert response.status_code in (201, 202)


def test_it_stores_no_plaintext_key(alpha):
    stored = ClientAPIKey.objects.get(client=alpha.api_client)

    assert alpha.key not in {stored.hashed_key, stored.id, stored.prefix}
    assert stored.hashed_key and stored.prefix in alpha.key


def test_it_hides_another_clients_query(alpha, beta, canonical_payload):
    query_id = alpha.post(URL, canonical_payload, format="json").json()["id"]

    assert beta.get(f"{URL}{query_id}/").status_code == 404
    assert alpha.get(f"{URL}{query_id}/").status_code == 200
    assert beta.get(URL).json()["count"] == 0


def test_it_refuses_a_person_without_the_view_permission(
    db, django_user_model, alpha, canonical_payload
):
    alpha.post(URL, canonical_payload, format="json")
    outsider = django_user_model.objects.create_user("outsider", password="pw-outsider-1")
    api = APIClient()
    api.force_login(outsider)

    assert api.get(URL).status_code == 403
