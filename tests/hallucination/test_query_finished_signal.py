"""query_finished is sent once a query's finishing transaction commits, and not before."""

from hallucination.models import Query
from hallucination.signals import query_finished

URL = "/api/v1/queries/"


def test_it_announces_a_finished_query_after_commit(
    alpha, canonical_payload, django_capture_on_commit_callbacks
):
    received = []

    def listener(sender, **kwargs):
        received.append(kwargs)

    query_finished.connect(listener)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            alpha.post(URL, {**canonical_payload, "stakes": "standard"}, format="json")
    finally:
        query_finished.disconnect(listener)

    query = Query.objects.get()
    assert [r["query_id"] for r in received] == [str(query.pk)]
    assert received[0]["status"] == query.status == "done"
    assert received[0]["flagged"] is True


def test_it_says_nothing_while_detection_has_not_run(alpha, canonical_payload):
    received = []
    query_finished.connect(received.append)
    try:
        # Inside the test transaction nothing commits, so detection never starts.
        alpha.post(URL, canonical_payload, format="json")
    finally:
        query_finished.disconnect(received.append)

    assert received == []
