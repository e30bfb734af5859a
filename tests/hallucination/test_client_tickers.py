"""A client's ticker list: set with `manage.py client_tickers` (audited, all or nothing),
and read by detection for that client's submissions only."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from audit.models import AuditEvent
from hallucination.models import ApiClient, Query

URL = "/api/v1/queries/"
FILING = "NVIDIA Corporation reported Q3 2026 revenue of $1.85 billion."


def _load(client_name: str, csv_text: str, tmp_path) -> str:  # type: ignore[no-untyped-def]
    path = tmp_path / "tickers.csv"
    path.write_text(csv_text, encoding="utf-8")
    out = StringIO()
    call_command("client_tickers", client_name, "--load", str(path), stdout=out)
    return out.getvalue()


def _submit(api, answer: str, django_capture_on_commit_callbacks) -> dict:  # type: ignore[no-untyped-def]
    payload = {"answer": answer, "sources": [{"id": "filing", "text": FILING}]}
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(URL, payload, format="json")
    assert response.status_code in (201, 202), response.content
    return api.get(f"{URL}{response.json()['id']}/").json()


def test_loading_a_list_stores_it_and_audits_what_changed(alpha, tmp_path):
    output = _load(
        "alpha-agent", "ticker,name\nnvda,NVIDIA Corporation\nBRK.B,Berkshire Hathaway\n", tmp_path
    )

    assert "2 tickers" in output
    client = ApiClient.objects.get(name="alpha-agent")
    assert client.tickers == {"BRK.B": "Berkshire Hathaway", "NVDA": "NVIDIA Corporation"}
    event = AuditEvent.objects.filter(event_type="api_client.tickers_set").get()
    assert event.payload["added"] == ["BRK.B", "NVDA"]
    assert event.payload["removed"] == []


@pytest.mark.parametrize(
    ("csv_text", "message"),
    [
        ("ticker,name\nNVDA,NVIDIA\nTOOLONG,Some Company\n", "'TOOLONG' is not a ticker"),
        ("ticker,name\nNVDA,\n", "NVDA needs a company name"),
        ("ticker,name\nNVDA,NVIDIA\nNVDA,Nvidia Corp\n", "listed for 'NVIDIA' already"),
        ("symbol,company\nNVDA,NVIDIA\n", "the header must name the columns ticker,name"),
    ],
)
def test_a_bad_file_changes_nothing_and_says_why(alpha, tmp_path, csv_text, message):
    _load("alpha-agent", "ticker,name\nAMD,Advanced Micro Devices\n", tmp_path)

    with pytest.raises(CommandError, match=message):
        _load("alpha-agent", csv_text, tmp_path)

    assert ApiClient.objects.get(name="alpha-agent").tickers == {"AMD": "Advanced Micro Devices"}
    assert AuditEvent.objects.filter(event_type="api_client.tickers_set").count() == 1


def test_an_unknown_client_is_refused(db, tmp_path):
    with pytest.raises(CommandError, match="No client named 'nobody'"):
        _load("nobody", "ticker,name\nNVDA,NVIDIA\n", tmp_path)


def test_clear_removes_the_list_and_show_prints_it(alpha, tmp_path):
    _load("alpha-agent", "ticker,name\nNVDA,NVIDIA Corporation\n", tmp_path)
    shown = StringIO()
    call_command("client_tickers", "alpha-agent", stdout=shown)
    assert shown.getvalue().strip() == "NVDA,NVIDIA Corporation"

    call_command("client_tickers", "alpha-agent", "--clear", stdout=StringIO())

    assert ApiClient.objects.get(name="alpha-agent").tickers == {}


def test_detection_reads_the_submitting_client_s_list_only(
    alpha, beta, tmp_path, django_capture_on_commit_callbacks
):
    _load("alpha-agent", "ticker,name\nNVDA,NVIDIA Corporation\n", tmp_path)
    answer = "NVDA's revenue was $1.85 billion in Q3 2026."

    with_list = _submit(alpha, answer, django_capture_on_commit_callbacks)
    without = _submit(beta, answer, django_capture_on_commit_callbacks)

    # For alpha NVDA is NVIDIA, the company the filing discusses; beta has no list, so
    # "NVDA" is a name no source mentions.
    assert with_list["flagged"] is False
    assert without["flagged"] is True
    assert [f["code"] for f in without["findings"]] == ["entity_mismatch"]
    assert Query.objects.count() == 2


def test_a_ticker_off_the_list_is_flagged_for_that_client(
    alpha, tmp_path, django_capture_on_commit_callbacks
):
    _load("alpha-agent", "ticker,name\nNVDA,NVIDIA Corporation\n", tmp_path)

    clean = _submit(
        alpha, "NVIDIA ($NVDA) revenue was $1.85 billion.", django_capture_on_commit_callbacks
    )
    wrong = _submit(
        alpha, "NVIDIA ($NVDQ) revenue was $1.85 billion.", django_capture_on_commit_callbacks
    )

    assert clean["flagged"] is False
    assert wrong["flagged"] is True
    assert [f["code"] for f in wrong["findings"]] == ["unknown_ticker"]
