"""Through the API: samples that split on a categorical call flag the answer, and the result
says which checks of the samples ran (the quorum from settings; prose "not checked")."""

import pytest

from hallucination.models import Query

URL = "/api/v1/queries/"
SOURCE = '{"symbol": "EURUSD", "last": 1.0852, "sma_50": 1.0790, "rsi_14": 61.4}'


def _answer(call: str) -> str:
    return f"EURUSD trades at 1.0852, above its 50-day average of 1.0790. Signal: {call}."


def _submit(alpha, django_capture_on_commit_callbacks, *calls: str) -> dict:  # type: ignore[no-untyped-def]
    payload = {
        "answer": _answer(calls[0]),
        "sources": [{"id": "get_signal", "text": SOURCE}],
        "samples": [_answer(call) for call in calls[1:]],
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = alpha.post(URL, payload, format="json")
    assert response.status_code in (201, 202), response.content
    query = Query.objects.get(pk=response.json()["id"])
    return alpha.get(f"{URL}{query.pk}/").json()


SPLIT = ("long", "long", "short", "long", "short")  # long 3 of 5: below a 0.8 quorum


def test_samples_that_split_on_the_call_flag_the_answer_and_say_why(
    alpha, django_capture_on_commit_callbacks, settings
):
    # Whether or not the optional model is installed here, the prose check is off.
    settings.HALLUCINATION = {**settings.HALLUCINATION, "PROSE_EMBEDDINGS": False}

    result = _submit(alpha, django_capture_on_commit_callbacks, *SPLIT)

    assert result["flagged"] is True
    assert result["grounded_count"] == result["total_claims"]  # every number is right
    (label,) = result["consistency"]["labels"]
    assert (label["label"], label["status"], label["votes"]) == (
        "long",
        "inconsistent",
        {"long": 3, "short": 2},
    )
    assert [f["code"] for f in result["findings"]] == ["label_inconsistent"]
    prose = result["consistency"]["prose"]
    assert prose["status"] == "not_checked"
    assert "requirements/embeddings.txt" in prose["reason"]


def test_the_quorum_comes_from_the_settings(alpha, django_capture_on_commit_callbacks, settings):
    settings.HALLUCINATION = {**settings.HALLUCINATION, "LABEL_QUORUM": 0.6}

    result = _submit(alpha, django_capture_on_commit_callbacks, *SPLIT)

    assert result["flagged"] is False
    assert result["consistency"]["labels"][0]["quorum"] == "0.6"


@pytest.mark.parametrize("calls", [("short",) * 5, ("none", "none", "none", "flat", "long")])
def test_samples_that_agree_leave_the_answer_alone(
    alpha, django_capture_on_commit_callbacks, calls
):
    result = _submit(alpha, django_capture_on_commit_callbacks, *calls)

    assert result["flagged"] is False
    assert result["consistency"]["labels"][0]["status"] == "consistent"
