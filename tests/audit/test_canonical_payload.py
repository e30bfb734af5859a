"""Payloads are stored in a form that reads back unchanged from SQLite and PostgreSQL."""

import json
import math
import uuid
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from audit.chain import canonical_json, canonical_payload


def test_it_turns_decimals_dates_and_uuids_into_strings() -> None:
    identifier = uuid.UUID("12345678-1234-5678-1234-567812345678")
    when = datetime(2026, 11, 22, 9, 30, tzinfo=UTC)
    assert canonical_payload({"eps": Decimal("0.81"), "at": when, "id": identifier}) == {
        "eps": "0.81",
        "at": "2026-11-22T09:30:00+00:00",
        "id": "12345678-1234-5678-1234-567812345678",
    }


def test_it_writes_integral_floats_as_integers_as_jsonb_would_print_them() -> None:
    payload = canonical_payload({"big": 1e20, "two": 2.0, "tenth": 0.1})
    assert payload == {"big": 10**20, "two": 2, "tenth": 0.1}
    assert isinstance(payload["big"], int)
    assert json.loads(canonical_json(payload)) == payload


def test_it_keeps_nested_lists_and_turns_tuples_into_lists() -> None:
    assert canonical_payload({"span": (3, 9), "rows": [{"a": None, "b": True}]}) == {
        "span": [3, 9],
        "rows": [{"a": None, "b": True}],
    }


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, Decimal("NaN")])
def test_it_refuses_values_json_cannot_hold(bad: object) -> None:
    with pytest.raises(ValueError, match=r"payload\.value"):
        canonical_payload({"value": bad})


def test_it_refuses_nul_characters_which_jsonb_rejects() -> None:
    with pytest.raises(ValueError, match="NUL"):
        canonical_payload({"text": "a\x00b"})


def test_it_refuses_non_string_keys_naming_where() -> None:
    with pytest.raises(ValueError, match=r"payload\.outer: keys must be strings"):
        canonical_payload({"outer": {1: "one"}})


def test_it_refuses_other_types_naming_the_path() -> None:
    with pytest.raises(ValueError, match=r"payload\.items\[1\]: set is not JSON data"):
        canonical_payload({"items": [1, {2}]})


def test_canonical_json_sorts_keys_and_drops_whitespace() -> None:
    assert canonical_json({"b": 1, "a": [1, "é"]}) == '{"a":[1,"é"],"b":1}'
