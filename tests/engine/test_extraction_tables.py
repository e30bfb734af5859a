"""Tables in every layout: each cell tied to its row label, column period, unit and scale."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import extract_claims
from hallucination.engine.types import COUNT, CURRENCY, DATE, PERCENT


def _cells(text: str):
    claims = extract_claims(text, source_id="s")
    for claim in claims:
        assert text[claim.start : claim.end] == claim.text
    return {(c.label, c.period): c for c in claims if c.kind != DATE}


MARKDOWN = """Consolidated statements of operations (in millions, except per-share data)

| Metric | FY2024 | FY2023 |
|---|---:|---:|
| Revenue | 1,850 | 1,620 |
| Net income | (312) | 298 |
| Diluted EPS | 0.78 | 0.71 |
| Gross margin | 42.1% | 40.3% |
"""


def test_a_markdown_table_scales_amounts_by_its_caption_but_not_per_share_rows():
    cells = _cells(MARKDOWN)

    assert cells[("revenue", "FY2024")].value == Decimal("1850000000")
    assert cells[("revenue", "FY2024")].kind == CURRENCY
    assert cells[("revenue", "FY2023")].value == Decimal("1620000000")
    assert cells[("eps", "FY2024")].value == Decimal("0.78")
    assert cells[("gross margin", "FY2023")].kind == PERCENT


def test_parenthesised_cells_are_negative():
    assert _cells(MARKDOWN)[("net income", "FY2024")].value == Decimal("-312000000")


def test_a_pipe_table_without_outer_pipes_and_a_header_of_years():
    cells = _cells("Metric | 2019 | 2018\nNet sales | 4,210 | 3,980\nOperating income | 512 | 488")

    assert cells[("revenue", "2019")].value == Decimal("4210")
    assert cells[("operating income", "2018")].value == Decimal("488")


def test_a_single_pipe_row_takes_the_scale_of_its_caption():
    cells = _cells(
        "Quarry Ridge - Q2 2025 summary ($ in billions)\nRevenue | 1.24\nOperating income | 0.19"
    )

    assert cells[("revenue", "")].value == Decimal("1240000000")
    assert cells[("operating income", "")].value == Decimal("190000000")


def test_a_tab_separated_table_keeps_currency_written_in_cells():
    cells = _cells("Segment\tQ3 2026\tQ3 2025\nCloud revenue\t$1.2B\t$0.9B")

    cloud = cells[("revenue", "Q3 2026")]
    assert cloud.value == Decimal("1.2E+9")
    assert cloud.segment == "cloud"


def test_a_csv_block_reads_quoted_thousands_and_a_thousands_caption():
    cells = _cells(
        '($000)\nline_item,FY19,FY18\nRevenue,"12,500","11,200"\nNet income,"(1,300)",900\n'
    )

    assert cells[("revenue", "FY2019")].value == Decimal("12500000")
    assert cells[("net income", "FY2019")].value == Decimal("-1300000")
    assert cells[("net income", "FY2018")].value == Decimal("900000")


def test_space_aligned_statement_rows_are_a_table():
    claims = extract_claims(
        "Balance sheet, $ in thousands\n"
        "Total assets        4,200,000     3,900,000\n"
        "Total liabilities   2,100,000     2,000,000",
        source_id="s",
    )

    assert [(c.label, c.value) for c in claims] == [
        ("total assets", Decimal("4200000000")),
        ("total assets", Decimal("3900000000")),
        ("total liabilities", Decimal("2100000000")),
        ("total liabilities", Decimal("2000000000")),
    ]


def test_periods_down_the_side_and_metrics_across_the_top():
    cells = _cells(
        "| Quarter | Revenue ($M) | EPS |\n|---|---|---|\n| Q3 2026 | 1,850 | 0.78 |\n| Q3 2025 | 1,620 | 0.70 |"
    )

    assert cells[("revenue", "Q3 2026")].value == Decimal("1850000000")
    assert cells[("eps", "Q3 2025")].value == Decimal("0.70")


def test_a_share_count_in_a_thousands_table_stays_a_count():
    cells = _cells(
        "(in thousands, except per share amounts)\n| | Q2 2025 |\n|---|---|\n"
        "| Weighted average diluted shares | 53,702 |"
    )

    shares = cells[("shares outstanding", "Q2 2025")]
    assert shares.kind == COUNT
    assert shares.value == Decimal("53702000")


def test_a_superseded_column_qualifies_its_cells():
    claims = extract_claims(
        "(in millions)\n| Fiscal 2024 | As previously reported | As restated |\n|---|---|---|\n"
        "| Net income | 214.6 | 198.2 |",
        source_id="s",
    )

    by_value = {c.value: c for c in claims}
    assert "superseded" in by_value[Decimal("214600000")].qualifiers
    assert "superseded" not in by_value[Decimal("198200000")].qualifiers


def test_nine_months_and_three_months_columns_are_different_periods():
    cells = _cells(
        "(in millions) | Three months ended September 30, 2025 | Nine months ended September 30, 2025\n"
        "Total revenues | 412.6 | 1,198.3"
    )

    assert cells[("revenue", "Q3 2025")].value == Decimal("412600000")
    assert cells[("revenue", "9M 2025-09")].value == Decimal("1198300000")


def test_a_json_tool_output_keeps_key_paths_and_labels():
    text = '{"summary": {"total_positions": 29, "win_rate": 65.52, "total_pl": 1234.56}}'
    claims = {c.citation: c for c in extract_claims(text, source_id="tool")}

    assert claims["summary.win_rate"].label == "win rate"
    assert claims["summary.win_rate"].kind == PERCENT
    assert claims["summary.total_positions"].kind == COUNT
    assert text[claims["summary.total_pl"].start : claims["summary.total_pl"].end] == "1234.56"
