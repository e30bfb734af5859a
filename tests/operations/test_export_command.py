"""manage.py export: the same rows as the API, to a file or standard output."""

import csv
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.factories import QueryFactory

pytestmark = pytest.mark.django_db


def test_it_writes_json_lines_to_a_file(tmp_path):
    QueryFactory(status="done", entity="Northwind")
    QueryFactory(status="failed", entity="Contoso")
    target = tmp_path / "queries.jsonl"
    err = StringIO()

    call_command(
        "export",
        "queries",
        "--format",
        "jsonl",
        "-o",
        str(target),
        "--filter",
        "status=done",
        stderr=err,
    )

    rows = [json.loads(line) for line in target.read_text().splitlines()]
    assert [row["entity"] for row in rows] == ["Northwind"]
    assert "1 queries written" in err.getvalue()


def test_it_writes_csv_to_standard_output():
    QueryFactory(entity="Northwind")
    out = StringIO()

    call_command("export", "claims", stdout=out)

    header = next(csv.reader(StringIO(out.getvalue())))
    assert header[:3] == ["id", "query_id", "trace_id"]


def test_a_bad_filter_is_refused_before_a_file_is_made(tmp_path):
    target = tmp_path / "out.csv"

    with pytest.raises(CommandError, match="created"):
        call_command("export", "queries", "-o", str(target), "--filter", "created_after=soon")
    with pytest.raises(CommandError, match="NAME=VALUE"):
        call_command("export", "queries", "--filter", "done")
    assert not target.exists()
