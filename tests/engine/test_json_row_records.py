"""A table exported as JSON records, one a row ([{"item": "Revenue", "2024": 4812.6,
"2023": 4390.2}, ...]): each record's figures are its row's, so that a growth rate finds
its row and a figure given under another row's name is caught."""

from __future__ import annotations

import json

from hallucination.engine import detect
from hallucination.engine.json_source import json_claims

from .conftest import source_input

ROWS = json.dumps(
    {
        "unit": "USD millions",
        "rows": [
            {"item": "Revenue", "2024": 4812.6, "2023": 4390.2},
            {"item": "Net income", "2024": 590.1, "2023": 471.6},
        ],
    },
    indent=2,
)

METRICS = json.dumps(
    [
        {"metric": "Cloud", "revenue": 412.6, "operating_income": 80.1},
        {"metric": "Devices", "revenue": 388.1, "operating_income": 41.7},
    ]
)


def test_a_record_s_figures_are_named_by_its_row():
    named = {c.text: c for c in json_claims(ROWS)}
    assert named["590.1"].label == "net income"
    assert named["4390.2"].label == "revenue"
    assert named["4390.2"].period == "2023"


def test_a_growth_rate_over_records_by_year():
    said = "Net income grew {} in 2024."
    # (590.1 - 471.6) / 471.6 = 25.1%
    assert not detect(source_input(said.format("25.1%"), ROWS)).flagged
    assert detect(source_input(said.format("26.9%"), ROWS)).flagged


def test_a_figure_under_another_record_s_name_is_caught():
    assert not detect(source_input("Net income was $590.1 million in 2024.", ROWS)).flagged
    # revenue's figure given as net income
    assert detect(source_input("Net income was $4,812.6 million in 2024.", ROWS)).flagged


def test_a_record_names_its_row_under_a_key_that_says_so():
    named = {c.text: c for c in json_claims(METRICS)}
    assert {"cloud", "@operating income"} <= named["80.1"].label_words
    assert "devic" in named["41.7"].label_words


def test_the_document_s_unit_field_gives_the_rows_their_scale():
    assert not detect(source_input("Net income was $0.59 billion in 2024.", ROWS)).flagged
    # millions read as billions
    assert detect(source_input("Net income was $590.1 billion in 2024.", ROWS)).flagged


def test_rows_with_no_unit_field_have_an_unknown_scale():
    # no field states the scale: the same digits ground at any scale word, and the other
    # row's digits are still another row's
    said = "Cloud operating income was ${} million."
    assert not detect(source_input(said.format("80.1"), METRICS)).flagged
    assert detect(source_input(said.format("41.7"), METRICS)).flagged
