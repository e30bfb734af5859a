"""Data documents other than JSON (YAML, XML, TOML and INI sections) read with each figure's
key path, as JSON is, with every figure kept at its place in the text. The renderings of one
statement in these formats are in test_generic_statements.py; these are the rules behind
them, each with a clean answer and a wrong one of the same shape."""

from __future__ import annotations

import pytest

from hallucination.engine import detect
from hallucination.engine.json_source import read_json_source
from hallucination.engine.markup import read_markup_source

from .conftest import source_input

SEGMENTS_YAML = """\
# Segment results (EUR millions)
segments:
  Industrial:
    2024: 1,284.5
    2023: 1,190.2
  Consumer:
    2024: 642.8
    2023: 688.1
"""


def test_a_yaml_figure_keeps_its_place_in_the_text():
    source = read_markup_source(SEGMENTS_YAML, source_id="doc1")
    assert source is not None
    figures = [c for c in source.claims if c.kind != "date"]
    assert [SEGMENTS_YAML[c.start : c.end] for c in figures] == [
        "1,284.5",
        "1,190.2",
        "642.8",
        "688.1",
    ]
    assert all(c.text == SEGMENTS_YAML[c.start : c.end] for c in source.claims)


def test_the_nearest_value_of_a_yaml_source_points_into_it():
    result = detect(source_input("Consumer revenue fell to €655.0 million in 2024.", SEGMENTS_YAML))
    assert result.flagged
    (verdict,) = [v for v in result.verdicts if not v.grounded]
    nearest = verdict.nearest
    assert nearest is not None
    assert SEGMENTS_YAML[nearest.start : nearest.end] == "642.8"


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Industrial grew 7.9% in 2024, while Consumer shrank 6.6%.", False),
        ("Industrial grew 8.4% in 2024, while Consumer shrank 6.6%.", True),
        ("Consumer fell by €45.3 million.", False),
        ("Consumer fell by €48.3 million.", True),
    ],
)
def test_segments_kept_under_yaml_keys(answer, flagged):
    assert detect(source_input(answer, SEGMENTS_YAML)).flagged is flagged


BULLETS = """\
Highlights:
- Revenue: $4,812.6 million
- Net income: $590.1 million
- Diluted EPS: $2.78
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [("Net income was $590.1 million.", False), ("Net income was $560.1 million.", True)],
)
def test_markdown_bullets_are_read_as_the_text_they_are(answer, flagged):
    # Valid YAML, but figures written with their units: prose, not a data document.
    assert read_markup_source(BULLETS) is None
    assert detect(source_input(answer, BULLETS)).flagged is flagged


UNSCALED_YAML = """\
results:
  2024:
    revenue: 4812.6
    net_income: 590.1
  2023:
    revenue: 4390.2
    net_income: 471.6
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Revenue was $4,812.6 million in 2024.", False),
        ("Revenue was $4.8 billion in 2024.", False),
        ("Revenue was $4,182.6 million in 2024.", True),
    ],
)
def test_a_data_document_that_states_no_scale_leaves_it_unknown(answer, flagged):
    assert detect(source_input(answer, UNSCALED_YAML)).flagged is flagged


XBRL_LIKE = """\
<?xml version="1.0" encoding="UTF-8"?>
<report xmlns:fin="http://example.com/fin" currency="USD" scale="thousands">
  <fin:NetSales fiscalYear="2024">905,310</fin:NetSales>
  <fin:NetSales fiscalYear="2023">861,004</fin:NetSales>
  <fin:OperatingIncome fiscalYear="2024">88,412</fin:OperatingIncome>
  <fin:OperatingIncome fiscalYear="2023">79,950</fin:OperatingIncome>
  <fin:Note>Net sales include freight billed to customers &amp; handling fees.</fin:Note>
</report>
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Net sales rose 5.1% to $905.3 million in 2024.", False),
        ("Net sales rose 5.6% to $905.3 million in 2024.", True),
        ("Operating margin was 9.8% in 2024.", False),
        ("Operating margin was 10.5% in 2024.", True),
        ("Net sales were $905,310 in 2024.", True),
    ],
)
def test_xml_elements_named_by_their_tags_with_namespaces_and_attributes(answer, flagged):
    assert detect(source_input(answer, XBRL_LIKE)).flagged is flagged


def test_html_is_left_to_the_table_reader():
    page = "<table><tr><th></th><th>2024</th></tr><tr><td>Revenue</td><td>412.6</td></tr></table>"
    assert read_markup_source(page) is None


INI = """\
; Sales by city, CHF thousands
[Zurich]
sales_2024 = 88,240
sales_2023 = 84,115

[Geneva]
sales_2024 = 51,730
sales_2023 = 53,904
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Zurich sales grew 4.9% in 2024 to CHF 88.2 million.", False),
        ("Zurich sales grew 5.4% in 2024 to CHF 88.2 million.", True),
        ("Geneva's sales fell to CHF 51.7 million.", False),
        ("Geneva's sales fell to CHF 53.9 million in 2024.", True),
    ],
)
def test_ini_sections(answer, flagged):
    assert detect(source_input(answer, INI)).flagged is flagged


def test_a_text_with_a_line_that_is_no_key_is_no_ini_document():
    text = INI + "Sales in Geneva fell on the closure of one store.\n"
    assert read_markup_source(text) is None


def test_a_json_key_that_names_a_fiscal_year_is_a_date():
    source = read_json_source('{"revenue": {"fy2024": 4812.6, "FY_2023": 4390.2}}')
    assert source is not None
    dates = {c.text: c.period for c in source.claims if c.kind == "date"}
    assert dates == {"fy2024": "FY2024", "FY_2023": "FY2023"}
    assert {c.text: c.period for c in source.claims if c.kind != "date"} == {
        "4812.6": "FY2024",
        "4390.2": "FY2023",
    }


NESTED_JSON = (
    '{"periods": [{"fiscalYear": 2024, "lines": [{"label": "Net income", "amount": 590.1}]},'
    ' {"fiscalYear": 2023, "lines": [{"label": "Net income", "amount": 471.6}]}]}'
)


def test_a_record_s_date_is_that_of_the_records_it_holds():
    source = read_json_source(NESTED_JSON)
    assert source is not None
    assert {c.text: c.period for c in source.claims if c.kind != "date"} == {
        "590.1": "2024",
        "471.6": "2023",
    }


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [("Net income was 471.6 in 2023.", False), ("Net income was 590.1 in 2023.", True)],
)
def test_a_figure_of_a_nested_record_is_of_its_record_s_year(answer, flagged):
    assert detect(source_input(answer, NESTED_JSON)).flagged is flagged


def test_camel_case_keys_are_words_and_a_value_key_takes_the_name_around_it():
    source = read_json_source('{"dilutedSharesOutstanding": {"value": 212.4}}')
    assert source is not None
    (claim,) = source.claims
    assert {"dilut", "shar", "outstand"} <= claim.label_words
    assert claim.kind != "currency"


DOTTED_TOML = """\
# amounts in MNT million
[income_statement.fy2024]
profit_before_tax = 27319.2
income_tax = 6912.6

[income_statement.fy2023]
profit_before_tax = 21616.7
income_tax = 5404.2

[operations]
employees.fy2024 = 2318
employees.fy2023 = 2204
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("The effective tax rate in 2024 was 6,912.6 / 27,319.2 ≈ 25.3%.", False),
        ("The effective tax rate in 2024 was 6,912.6 / 27,319.2 ≈ 27.1%.", True),
        ("Headcount rose to 2,318 in 2024.", False),
        ("Headcount rose to 2,318 in 2023.", True),
    ],
)
def test_dotted_section_and_key_names_nest_as_toml_means_them(answer, flagged):
    assert detect(source_input(answer, DOTTED_TOML)).flagged is flagged


META_SCALE = """\
[meta]
currency = MNT
scale = million

[income_statement.fy2024]
finance_costs = 6213.9
net_profit = 20406.6
"""
COMMENT_SCALE = """\
; amounts in MNT million unless the key says otherwise
[income_statement.fy2024]
finance_costs = 6213.9
net_profit = 20406.6
"""


@pytest.mark.parametrize("document", [META_SCALE, COMMENT_SCALE], ids=["meta", "comment"])
@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Finance costs were MNT 6,213.9 million in 2024.", False),
        ("Finance costs were MNT 6,213.9 billion in 2024.", True),
    ],
)
def test_the_scale_a_metadata_section_or_a_comment_states(document, answer, flagged):
    assert detect(source_input(answer, document)).flagged is flagged


UNIT_KEYS = """\
# amounts in USD million
[fy2024]
revenue = 412.6
output_mwh = 1842.6
employees = 2318
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Revenue per MWh was about $223,923 in 2024.", False),
        ("Revenue per MWh was about $239,597 in 2024.", True),
        ("The company had 2,318 employees in 2024.", False),
        ("The company had 2,418 employees in 2024.", True),
    ],
)
def test_a_key_that_names_its_unit_of_quantity_and_a_headcount_keep_their_own_scale(
    answer, flagged
):
    assert detect(source_input(answer, UNIT_KEYS)).flagged is flagged


HEADED_LINES = """\
[Highlights]
Revenue: $4,812.6 million
Net income: $590.1 million
Diluted EPS: $2.78
"""


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [("Net income was $590.1 million.", False), ("Net income was $560.1 million.", True)],
)
def test_lines_of_figures_with_units_under_a_heading_in_brackets_are_prose(answer, flagged):
    assert read_markup_source(HEADED_LINES) is None
    assert detect(source_input(answer, HEADED_LINES)).flagged is flagged
