"""Figures as European and other filers write them: working over numbers with a decimal
comma or space-grouped digits, a table's scale in a corner cell after any currency code
("DKK m"), a currency sign the reader cannot name, and a line named by the noun of its
action ("reversals" for a row "Reversed"). Each class has a clean case and a wrong one of
the same shape."""

from __future__ import annotations

from decimal import Decimal

from hallucination.engine import detect, labels
from hallucination.engine.types import ARITHMETIC_DRIFT, SCALE_DRIFT, SUBSTITUTION

from .conftest import source_input

NET_DEBT = (
    '[["(€ m)", "31 Dec 2024", "31 Dec 2023"], '
    '["Bonds", "1 900,0", "1 400,0"], '
    '["Bank borrowings", "312,4", "298,0"], '
    '["Lease liabilities", "904,1", "870,6"], '
    '["Gross financial debt", "3 116,5", "2 568,6"], '
    '["Cash and cash equivalents", "-1 027,3", "-884,2"], '
    '["Net financial debt", "2 089,2", "1 684,4"], '
    '["of which net financial debt excluding lease liabilities", "1 185,1", "813,8"]]'
)
NET_DEBT_NOTE = (
    "Note 18 – Net financial debt\n"
    "Net financial debt is gross financial debt less cash and cash equivalents. "
    "EBITDA amounted to € 1 318,6 m in 2024 (2023: € 1 207,9 m)."
)
QUESTION = "What was net financial debt excluding lease liabilities to EBITDA in 2024?"


def _verdict(result, text):
    (verdict,) = [v for v in result.verdicts if v.claim.text == text]
    return verdict


def test_working_over_figures_with_a_decimal_comma_is_read_as_written():
    answer = "1 185,1 / 1 318,6 = {}"
    clean = detect(source_input(answer.format("0.90"), NET_DEBT, NET_DEBT_NOTE, question=QUESTION))
    assert not clean.flagged
    assert _verdict(clean, "0.90").expected_value == Decimal("0.90")
    wrong = detect(source_input(answer.format("0.95"), NET_DEBT, NET_DEBT_NOTE, question=QUESTION))
    assert wrong.flagged
    verdict = _verdict(wrong, "0.95")
    assert verdict.outcome == ARITHMETIC_DRIFT
    assert verdict.expected_value == Decimal("0.90")


RESULTS = (
    '[["", "2024", "2023"], '
    '["Revenue (R\'000)", "6 204 518", "5 871 390"], '
    '["Gross profit (R\'000)", "2 233 626", "2 089 214"], '
    '["Trading profit (R\'000)", "541 066", "529 804"], '
    '["Number of stores", "318", "307"]]'
)


def test_working_over_space_grouped_numbers_reads_each_as_one_number():
    answer = "Trading profit / revenue = 541 066 / 6 204 518 = {}"
    question = "What was the trading margin in 2024?"
    clean = detect(source_input(answer.format("8.72%"), RESULTS, question=question))
    assert not clean.flagged
    assert {v.claim.text for v in clean.verdicts} >= {"541 066", "6 204 518"}
    wrong = detect(source_input(answer.format("9.02%"), RESULTS, question=question))
    assert wrong.flagged
    assert _verdict(wrong, "9.02%").outcome == ARITHMETIC_DRIFT


PROVISIONS = (
    '[["SEK m", "Warranty", "Restructuring", "Other", "Total"], '
    '["Provisions at 1 January 2024", "812,4", "61,0", "40,2", "913,6"], '
    '["Additions", "388,1", "97,5", "12,6", "498,2"], '
    '["Utilised", "-301,7", "-48,9", "-9,4", "-360,0"], '
    '["Reversed", "-52,3", "-6,1", "-3,8", "-62,2"], '
    '["Provisions at 31 December 2024", "846,5", "103,5", "39,6", "989,6"]]'
)


def test_a_corner_cell_gives_the_scale_after_any_currency_code():
    clean = detect(source_input("Warranty additions were SEK 388.1 million.", PROVISIONS))
    assert not clean.flagged
    wrong = detect(source_input("Warranty additions were SEK 388.1 billion.", PROVISIONS))
    assert wrong.flagged
    assert _verdict(wrong, "SEK 388.1 billion").outcome == SCALE_DRIFT


def test_the_noun_of_an_action_names_the_line_of_its_verb():
    assert labels.label_words("reversals") == labels.label_words("Reversed")
    assert labels.label_words("deferral") == labels.label_words("deferred")
    question = "What were the total reversals of provisions in 2024?"
    clean = detect(source_input("-62,2 (SEK m)", PROVISIONS, question=question))
    assert not clean.flagged
    wrong = detect(source_input("The total reversals were -360,0 (SEK m).", PROVISIONS))
    assert wrong.flagged
    verdict = _verdict(wrong, "-360,0")
    assert verdict.outcome == SUBSTITUTION
    assert verdict.nearest.text == "-62,2"  # the line the words name


SEGMENTS = (
    "Note 5. Revenue by region (amounts in PGK thousand, K'000)\n\n"
    "| Region | 2024 | 2023 |\n|---|---|---|\n"
    "| Port Moresby | 318,440 | 291,675 |\n| Lae | 171,260 | 158,844 |\n"
    "| Total | 489,700 | 450,519 |\n"
)


def test_a_currency_sign_the_reader_cannot_name_differs_from_no_currency():
    clean = detect(source_input("Port Moresby's revenue was K291.7 million in 2023.", SEGMENTS))
    assert not clean.flagged
    wrong = detect(source_input("Port Moresby's revenue was K291,675 million in 2023.", SEGMENTS))
    assert wrong.flagged
    assert _verdict(wrong, "K291,675 million").outcome == SCALE_DRIFT


REVENUE_RMB = (
    '[["RMB\'000", "2024", "2023"], '
    '["Product sales", "812,406", "774,118"], '
    '["Services", "390,552", "341,907"], '
    '["Total revenues", "1,202,958", "1,116,025"]]'
)


def test_a_code_written_for_a_currency_is_that_currency_in_a_corner_cell_too():
    # RMB in the table's corner and in the answer are both the yuan (CNY).
    answer = "Total revenues grew to RMB {} billion in 2024, up from RMB 1.12 billion in 2023."
    clean = detect(source_input(answer.format("1.20"), REVENUE_RMB))
    assert not clean.flagged
    wrong = detect(source_input(answer.format("1.12"), REVENUE_RMB))
    assert wrong.flagged


OTHER_EXPENSES = (
    '[["T€", "2024", "2023"], '
    '["Freight and packaging", "21.518,4", "18.406,2"], '
    '["Travel expenses", "3.105,8", "2.266,0"]]'
)


def test_thousands_of_euros_written_t_euro_scale_the_table():
    clean = detect(
        source_input("Freight and packaging expenses were €21.5 million in 2024.", OTHER_EXPENSES)
    )
    assert not clean.flagged
    wrong = detect(
        source_input("Freight and packaging expenses were €21.5 billion in 2024.", OTHER_EXPENSES)
    )
    assert wrong.flagged
    assert _verdict(wrong, "€21.5 billion").outcome == SCALE_DRIFT


INVESTMENTS = (
    '[["", "2024", "", "2023", ""], '
    '["R$ mil", "Actual", "Budget", "Actual", "Budget"], '
    '["Water supply", "412.350", "455.000", "385.912", "398.000"], '
    '["Sewage collection and treatment", "598.774", "640.000", "521.408", "505.000"], '
    '["Institutional and IT", "31.660", "28.000", "27.154", "30.000"], '
    '["Total", "1.042.784", "1.123.000", "934.474", "933.000"]]'
)


def test_an_answer_copying_point_grouped_thousands_is_read_as_its_sources_are():
    question = "How much was spent on institutional and IT projects in 2024?"
    clean = detect(source_input("R$ 31.660 mil", INVESTMENTS, question=question))
    assert not clean.flagged
    wrong = detect(source_input("R$ 33.660 mil", INVESTMENTS, question=question))
    assert wrong.flagged


def test_an_adverb_in_ally_meets_its_adjective():
    assert labels.label_words("actually") == labels.label_words("Actual")
    question = "How much was actually invested in sewage collection and treatment in 2024?"
    clean = detect(source_input("R$ 598.774 mil", INVESTMENTS, question=question))
    assert not clean.flagged
    wrong = detect(source_input("R$ 640.000 mil", INVESTMENTS, question=question))  # budget
    assert wrong.flagged
    assert _verdict(wrong, "R$ 640.000").outcome == SUBSTITUTION


HOLDINGS = (
    '[["", "Unit", "2025", "2024"], '
    '["Shares repurchased", "number", "184\'300", "221\'450"], '
    '["Cost of shares repurchased", "CHF 1\'000", "19\'537", "21\'921"], '
    '["Dividend per share", "CHF", "1.85", "1.70"]]'
)
BALANCES = (
    '[["", "2025", "2024"], ["", "PLN \'000", "PLN \'000"], '
    '["Contract assets at 31 December", "48 215", "44 930"], '
    '["Contract liabilities at 31 December", "36 904", "31 377"]]'
)


def test_a_unit_column_of_thousands_written_with_a_separator():
    answer = "CHF {} / 184'300 shares = CHF 106.01 per share"
    assert not detect(source_input(answer.format("19'537'000"), HOLDINGS)).flagged
    wrong = detect(source_input(answer.format("19'537"), HOLDINGS))
    assert wrong.flagged


def test_figures_of_two_space_groups_either_side_of_an_operator_are_read_whole():
    answer = "48 215 - 36 904 = {} (PLN '000), a net contract asset of about PLN {} million."
    clean = detect(source_input(answer.format("11 311", "11.3"), BALANCES))
    assert not clean.flagged
    wrong = detect(source_input(answer.format("12 311", "12.3"), BALANCES))
    assert wrong.flagged
    assert _verdict(wrong, "12 311").outcome == ARITHMETIC_DRIFT


def test_thousands_of_a_currency_in_brackets_after_a_figure_are_its_scale():
    answer = "48 215 - 36 904 = 11 311 (PLN '000), a net contract asset of about PLN {}."
    assert not detect(source_input(answer.format("11.3 million"), BALANCES)).flagged
    # The result restated a thousand times too large.
    assert detect(source_input(answer.format("11.3 billion"), BALANCES)).flagged


SENSITIVITY = (
    '[["Net foreign currency exposure at 31 December 2025 (HUF million)", "", "", ""], '
    '["", "EUR", "USD", "PLN"], '
    '["Effect on profit before tax of a 10% strengthening of the forint", "1 288", "-742", "-519"]]'
)


def test_working_that_opens_on_a_space_grouped_figure():
    answer = "1 288 - 742 - 519 = {} (HUF million)."
    assert not detect(source_input(answer.format("27"), SENSITIVITY)).flagged
    wrong = detect(source_input(answer.format("127"), SENSITIVITY))
    assert wrong.flagged
    assert _verdict(wrong, "127").outcome == ARITHMETIC_DRIFT
