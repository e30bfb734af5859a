"""manage.py load_facts FILE: CSV, JSON or JSON Lines, with a report of every rejected row."""

import json
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from hallucination.models import ReferenceFact

pytestmark = pytest.mark.django_db

CSV = """entity,metric,period,value,unit,source,as_of
Northwind Industries,eps,Q3 2026,0.78,USD,10-Q,2026-10-28
Northwind Industries,revenue,Q3 2026,"4,100,000,000",USD,10-Q,2026-10-28

Northwind Industries,gross margin,Q3 2026,fourteen,%,10-Q,2026-10-28
Northwind Industries,net income,Q3 2026,312000000,USD,10-Q,2026-10-28,extra
Northwind Industries,operating income,Q3 2026,,USD,10-Q,
"""


def _run(path, *args):  # type: ignore[no-untyped-def]
    out = StringIO()
    try:
        call_command("load_facts", str(path), *args, stdout=out)
    except CommandError as error:
        return out.getvalue(), error
    return out.getvalue(), None


def test_a_csv_file_loads_its_valid_rows_and_lists_the_rejected_ones(tmp_path):
    path = tmp_path / "facts.csv"
    path.write_text(CSV)
    output, error = _run(path)
    assert "facts.csv: 2 created, 0 updated, 0 unchanged, 3 rejected." in output
    assert "  line 5: value 'fourteen' is not a number" in output
    assert "  line 6: the row has more fields than the header" in output
    assert "  line 7: value is missing" in output
    assert str(error) == "3 row(s) rejected."
    assert ReferenceFact.objects.get(metric="revenue").value == Decimal("4100000000")


def test_a_clean_file_exits_normally(tmp_path):
    path = tmp_path / "facts.csv"
    path.write_text("\n".join(CSV.splitlines()[:3]) + "\n")
    output, error = _run(path)
    assert error is None
    assert "2 created" in output


def test_a_json_file_reports_items_by_position(tmp_path):
    path = tmp_path / "facts.json"
    rows = [
        {"entity": "Northwind", "metric": "eps", "period": "FY2025", "value": 2.91, "unit": "USD"},
        {"entity": "Northwind", "metric": "eps", "period": "FY2024", "unit": "USD"},
    ]
    path.write_text(json.dumps({"facts": rows}))
    output, _ = _run(path)
    assert "  item 2: value is missing" in output
    assert ReferenceFact.objects.get().value == Decimal("2.91")


def test_a_json_lines_file_reports_lines_including_broken_ones(tmp_path):
    path = tmp_path / "facts.jsonl"
    path.write_text(
        '{"entity": "Northwind", "metric": "eps", "period": "Q2 2026", "value": "0.74", "unit": "USD"}\n'
        "{not json\n"
    )
    output, _ = _run(path)
    assert "1 created" in output
    assert "  line 2: not valid JSON" in output


def test_strict_mode_loads_nothing_from_a_file_with_a_bad_row(tmp_path):
    path = tmp_path / "facts.csv"
    path.write_text(CSV)
    output, error = _run(path, "--strict")
    assert "nothing loaded (--strict) because 3 row(s) were rejected" in output
    assert error is not None
    assert not ReferenceFact.objects.exists()


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("facts.csv", "entity,metric,value\nA,eps,1\n", "missing column(s): period, unit"),
        ("facts.csv", "entity,metric,period,value,unit,colour\n", "unknown column(s): colour"),
        ("facts.json", "{", "Not valid JSON"),
        ("facts.json", '{"rows": []}', 'a list of facts, or {"facts": [...]}'),
        ("facts.txt", "", "Cannot tell the format"),
    ],
)
def test_a_file_that_cannot_be_read_loads_nothing_and_says_why(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_text(content)
    _, error = _run(path)
    assert error is not None and message in str(error)
    assert not ReferenceFact.objects.exists()


def test_a_missing_file_is_an_error(tmp_path):
    _, error = _run(tmp_path / "absent.csv")
    assert error is not None and "Cannot read" in str(error)


def test_the_format_can_be_given_for_any_suffix(tmp_path):
    path = tmp_path / "export.dat"
    path.write_text("\n".join(CSV.splitlines()[:2]) + "\n")
    output, error = _run(path, "--format", "csv")
    assert error is None and "1 created" in output
