"""Tool outputs (seeds 000 and 002): partial lists presented as totals, averages without
their raw values, days without a year, keys that hold a metric's word inside another word."""

from __future__ import annotations

import json
import zlib

import pytest

from hallucination.engine import detect, extract_claims
from hallucination.engine.sources import extract_source
from hallucination.engine.types import (
    GROUNDED,
    UNSUPPORTED_AGGREGATION,
    DetectionInput,
    SourceDocument,
)

from .conftest import source_input


def _detect(answer: str, tool: dict, tool_id: str = "chain"):
    return detect(
        DetectionInput(answer=answer, sources=(SourceDocument(tool_id, json.dumps(tool)),))
    )


def _chain(available: int) -> dict:
    return {
        "tool": "get_options_chain",
        "ticker": "AVGO",
        "expirations_available": available,
        "expirations": [
            {"date": "2026-03-20", "volume": 20893},
            {"date": "2026-03-27", "volume": 76378},
        ],
    }


def test_a_sum_of_two_of_ten_listed_items_presented_as_the_total_is_flagged():
    result = _detect("Total options volume for AVGO today is 97,271 contracts.", _chain(10))

    (verdict,) = result.verdicts
    assert verdict.outcome == UNSUPPORTED_AGGREGATION
    assert verdict.details["reason"] == "the sum covers 2 of 10 items"


def test_the_same_sum_cited_operand_by_operand_is_still_partial_data():
    result = _detect(
        "Total options volume for AVGO today is 97,271 contracts (20,893 + 76,378).", _chain(10)
    )

    assert result.flagged is True


def test_a_sum_of_every_listed_item_is_the_total():
    assert _detect("Total options volume today is 97,271 contracts.", _chain(2)).flagged is False


def test_a_per_item_value_named_by_its_day_is_grounded():
    result = _detect("Options volume for the March 27 expiry was 76,378 contracts.", _chain(10))

    assert [v.outcome for v in result.verdicts] == [GROUNDED, GROUNDED]


def test_a_per_item_value_given_for_another_day_is_flagged():
    result = _detect("Options volume for the March 27 expiry was 20,893 contracts.", _chain(10))

    assert result.flagged is True


def test_a_key_holding_a_metric_word_inside_another_word_is_not_that_metric():
    (available,) = [
        c for c in extract_source("chain", json.dumps(_chain(10))).claims if c.value == 10
    ]

    assert available.kind != "ratio"  # "expirations" holds no "ratio"


CHECKSUM = f"{zlib.crc32(b'0.06') & 0xFFFFFFFF:08X}"
HISTORY = {
    "summary": {"avg_lot": 0.06},
    "last_5_lots": [0.05, 0.06, 0.08, 0.05, 0.06],
    "_accuracy_report": {
        "checksum": CHECKSUM,
        "checksum_input": "0.06",
        "metrics": [
            {
                "path": "summary.avg_lot",
                "value": 0.06,
                "citation": "Average lot: 0.06 [Source: hist.summary.avg_lot]",
            }
        ],
    },
}


def test_an_average_shown_alone_is_flagged():
    answer = f"Average lot size: 0.06 lots [Source: hist.summary.avg_lot]\n[Verified: {CHECKSUM}]"

    result = _detect(answer, HISTORY, "hist")
    assert "average_without_raw" in {f.code for f in result.findings}
    assert result.flagged is True


def test_an_average_shown_after_its_raw_values_is_not_flagged():
    answer = (
        "Lots, last 5: [0.05, 0.06, 0.08, 0.05, 0.06] → Average: 0.06 lots (for reference only) "
        f"[Source: hist.summary.avg_lot]\n[Verified: {CHECKSUM}]"
    )

    result = _detect(answer, HISTORY, "hist")
    assert result.findings == ()
    assert result.flagged is False


# ------------------------------------------------------------------ entities

NVIDIA = "NVIDIA Corporation reported Q3 2026 revenue of $1.85 billion."


def _one_source(answer: str, text: str):
    return detect(DetectionInput(answer=answer, sources=(SourceDocument("filing", text),)))


def test_a_figure_owned_by_a_company_the_sources_never_mention_is_flagged():
    result = _one_source("AMD's revenue was $1.85 billion in Q3 2026.", NVIDIA)

    (finding,) = result.findings
    assert finding.code == "entity_mismatch"
    assert "AMD" in finding.message and "nvidia" in finding.message
    assert result.flagged is True


def test_the_same_figure_owned_by_the_company_the_sources_discuss_is_grounded():
    assert _one_source("NVIDIA's revenue was $1.85 billion in Q3 2026.", NVIDIA).flagged is False


def test_a_generic_owner_is_not_a_company_name():
    result = _one_source("The company's revenue was $1.85 billion in Q3 2026.", NVIDIA)

    assert result.findings == ()


@pytest.mark.parametrize(
    ("answer", "codes"),
    [
        ("Here's the breakdown: revenue was $1.85 billion in Q3 2026.", []),
        ("Let's look at Q3 2026: revenue was $1.85 billion.", []),
        ("Here is AMD's figure: revenue was $1.85 billion in Q3 2026.", ["entity_mismatch"]),
    ],
)
def test_a_contraction_is_no_owner(answer, codes):
    assert [f.code for f in _one_source(answer, NVIDIA).findings] == codes


def test_a_name_inside_another_word_of_the_sources_is_not_mentioned():
    result = _one_source(
        "AMD's revenue was $1.85 billion.", "Amdocs reported revenue of $1.85 billion."
    )

    assert [f.code for f in result.findings] == ["entity_mismatch"]


TICKERS = (("NVDA", "NVIDIA Corporation"), ("AMD", "Advanced Micro Devices"))


def _with_tickers(answer: str, text: str = NVIDIA):
    source = (SourceDocument("filing", text),)
    return detect(DetectionInput(answer=answer, sources=source, tickers=TICKERS))


def test_a_ticker_on_the_client_list_stands_for_its_company():
    # Without the list "NVDA" is a name no source mentions; with it, NVDA is NVIDIA.
    assert _one_source("NVDA's revenue was $1.85 billion in Q3 2026.", NVIDIA).flagged is True
    assert _with_tickers("NVDA's revenue was $1.85 billion in Q3 2026.").flagged is False


def test_a_listed_ticker_of_a_company_the_sources_never_mention_still_owns_nothing_here():
    result = _with_tickers("AMD's revenue was $1.85 billion in Q3 2026.")

    assert [f.code for f in result.findings] == ["entity_mismatch"]
    assert result.flagged is True


@pytest.mark.parametrize("written", ["$NVDA", "NASDAQ: NVDA", "Nasdaq:NVDA"])
def test_a_ticker_on_the_list_is_grounded(written):
    result = _with_tickers(f"NVIDIA ({written}) revenue was $1.85 billion in Q3 2026.")

    assert result.findings == ()
    assert result.flagged is False


@pytest.mark.parametrize("written", ["$NVDQ", "NASDAQ: NVDQ"])
def test_a_ticker_neither_listed_nor_in_the_sources_is_flagged(written):
    result = _with_tickers(f"NVIDIA ({written}) revenue was $1.85 billion in Q3 2026.")

    (finding,) = result.findings
    assert (finding.code, result.flagged) == ("unknown_ticker", True)
    assert "NVDQ" in finding.message


def test_a_ticker_the_sources_write_is_grounded_without_the_list():
    text = "NVIDIA Corporation (NASDAQ: NVDQ) reported Q3 2026 revenue of $1.85 billion."

    assert (
        _with_tickers("NVIDIA ($NVDQ) revenue was $1.85 billion in Q3 2026.", text).findings == ()
    )


@pytest.mark.parametrize("written", ["(GAAP)", "(EPS)", "(USD)", "$MM"])
def test_capitals_that_are_not_written_as_a_ticker_are_not_checked(written):
    result = _with_tickers(f"NVIDIA revenue {written} was $1.85 billion in Q3 2026.")

    assert result.findings == ()


def test_without_a_list_tickers_are_not_checked():
    assert (
        _one_source("NVIDIA ($NVDQ) revenue was $1.85 billion in Q3 2026.", NVIDIA).findings == ()
    )


# ------------------------------------------------------------------ period wording


@pytest.mark.parametrize(
    "named",
    ["2Q25", "Q2 fiscal 2025", "the second quarter of fiscal 2025", "Q2 2025"],
)
def test_every_spelling_of_a_quarter_is_that_quarter(named):
    source = "Revenue for the three months ended June 30, 2025 was $412 million."

    assert _one_source(f"Revenue in {named} was $412 million.", source).flagged is False


@pytest.mark.parametrize("named", ["3Q25", "Q3 fiscal 2025", "the third quarter of fiscal 2025"])
def test_another_quarter_in_any_spelling_is_not_that_quarter(named):
    source = (
        "Revenue for the three months ended June 30, 2025 was $412 million, and for the three "
        "months ended September 30, 2025 it was $398 million."
    )

    assert _one_source(f"Revenue in {named} was $412 million.", source).flagged is True


def test_a_sentence_s_first_word_before_the_name_is_not_part_of_it():
    assert (
        _one_source("Across NVIDIA's segments, revenue was $1.85 billion.", NVIDIA).findings == ()
    )
    result = _one_source("Across AMD's segments, revenue was $1.85 billion.", NVIDIA)
    assert [f.code for f in result.findings] == ["entity_mismatch"]


# ------------------------------------------------------------------ units in key names


@pytest.mark.parametrize(("written", "flagged"), [("3.4%", False), ("4.3%", True)])
def test_a_percent_unit_on_the_enclosing_key_makes_its_values_percentages(written, flagged):
    tool = {"tool": "get_retail_kpis", "comparable_sales_pct": {"total": 3.4, "digital": 9.8}}

    assert _detect(f"Total comparable sales rose {written}.", tool).flagged is flagged


@pytest.mark.parametrize(("written", "flagged"), [("18.2%", False), ("12.8%", True)])
def test_a_percent_unit_in_a_key_value_line_makes_its_value_a_percentage(written, flagged):
    text = (
        "tool: get_company_kpis\nperiod: FY2024\ntpv_growth_yoy_pct: 18.2\nnet_revenue_m: 4388.0\n"
    )
    result = detect(
        DetectionInput(
            answer=f"TPV grew {written} in FY2024.", sources=(SourceDocument("kpis", text),)
        )
    )

    assert result.flagged is flagged


# ------------------------------------------------------------------ strings in tool outputs

BOOK = {
    "tool": "options_book_greeks",
    "as_of": "2025-11-03T16:00:00-05:00",
    "underlying": "QQQ",
    "spot": 512.4,
    "legs": [
        {"contract": "QQQ 2025-12-19 C 520", "delta": 0.44},
        {"contract": "QQQ 2025-12-19 P 500", "delta": -0.33},
    ],
}


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("As of November 3, 2025 the book holds December 520 calls and 500 puts.", False),
        ("As of November 3, 2025 the book holds December 530 calls and 500 puts.", True),
        ("As of November 4, 2025 the book holds December 520 calls and 500 puts.", True),
    ],
)
def test_a_timestamp_and_the_numbers_of_a_contract_name_ground_their_repeats(answer, flagged):
    assert _detect(answer, BOOK, "book").flagged is flagged


def test_a_number_of_a_name_grounds_no_figure_of_its_own():
    claims = {c.text: c for c in extract_source("book", json.dumps(BOOK)).claims}

    assert "name" in claims["520"].qualifiers
    assert claims["512.4"].period == "2025-11-03"  # the document's own date


# ------------------------------------------------------------------ company records

PROFILE = {
    "company": "Hanbit Robotics Co., Ltd.",
    "currency": "KRW",
    "fiscal_year": 2023,
    "prior_fiscal_year": 2022,
    "revenue_krw_bn": 684.2,
    "revenue_prior_krw_bn": 571.9,
    "operating_profit_krw_bn": 58.7,
    "operating_profit_prior_krw_bn": 41.3,
    "founded": 2004,
    "shares_outstanding_m": 31.42,
}


def test_a_record_s_key_states_its_scale_and_its_years_are_dates():
    result = _detect(
        "Founded in 2004, Hanbit's revenue rose to ₩684.2 billion in 2023 from ₩571.9 billion "
        "in 2022, and operating profit climbed to ₩58.7 billion from ₩41.3 billion. It has "
        "31.42 million shares outstanding.",
        PROFILE,
    )
    assert [v.claim.text for v in result.verdicts if not v.grounded] == []


def test_a_record_s_figure_at_another_scale_is_flagged():
    result = _detect("Hanbit's revenue was ₩684.2 million in 2023.", PROFILE)
    assert result.flagged


def test_a_record_s_prior_year_figure_given_for_the_current_year_is_flagged():
    result = _detect("Hanbit's revenue was ₩571.9 billion in 2023.", PROFILE)
    assert result.flagged


def test_a_year_the_record_does_not_hold_is_flagged():
    result = _detect("Hanbit, founded in 2006, had revenue of ₩684.2 billion in 2023.", PROFILE)
    assert result.flagged


QUOTE = {
    "ticker": "VLTR",
    "as_of": "2024-11-08",
    "price": 84.37,
    "52_week_low": 51.06,
    "52_week_high": 97.45,
    "eps_ttm": 2.19,
    "expense_ratio_pct": 0.68,
    "employees": 6820,
    "founded": 2012,
}


def test_a_key_ending_in_pct_holds_a_percentage_whatever_else_it_names():
    assert not _detect("The fund charges 0.68% a year.", QUOTE).flagged
    assert _detect("The fund charges 0.86% a year.", QUOTE).flagged


def test_an_event_s_year_is_not_the_period_of_the_sentence_s_other_figures():
    assert not _detect("Founded in 2012, the company has 6,820 employees.", QUOTE).flagged
    assert _detect("Founded in 2012, the company has 6,280 employees.", QUOTE).flagged


def test_earnings_per_share_are_eps_not_net_income():
    assert not _detect("It trades on trailing earnings of $2.19 per share.", QUOTE).flagged
    assert _detect("It trades on trailing earnings of $2.91 per share.", QUOTE).flagged


def test_a_comparison_with_a_price_given_in_an_earlier_sentence_is_derived():
    answer = "The stock closed at $84.37. It sits {gap} above its 52-week low of $51.06."
    assert not _detect(answer.format(gap="65%"), QUOTE).flagged
    assert _detect(answer.format(gap="56%"), QUOTE).flagged


NESTED = {
    "company": "Chao Phraya Cold Chain PCL",
    "financials_thb_m": {
        "2023": {"revenue": 8412.6, "net_profit": 702.8},
        "2022": {"revenue": 7561.0, "net_profit": 588.3},
    },
    "market": {"share_price_thb": 18.4, "shares_outstanding_m": 1620},
}


def test_an_enclosing_key_states_the_scale_and_a_year_key_the_period():
    result = _detect(
        "Revenue rose 11.3% to THB 8,412.6 million in 2023 and net profit grew 19.5% to THB "
        "702.8 million. At THB 18.40 a share and 1,620 million shares, it is worth about THB "
        "29.8 billion.",
        NESTED,
    )
    assert [v.claim.text for v in result.verdicts if not v.grounded] == []


def test_a_year_key_s_figure_given_for_another_year_is_flagged():
    assert _detect("Revenue was THB 7,561.0 million in 2023.", NESTED).flagged


def test_a_change_between_a_record_s_years_goes_the_way_its_words_say():
    # 588.3 -> 702.8 is a rise of 19.5%; "fell 16.3%" is 702.8 -> 588.3 read backwards.
    assert _detect("Net profit fell 16.3% to THB 702.8 million in 2023.", NESTED).flagged
    assert _detect("Net profit grew 16.3% to THB 702.8 million in 2023.", NESTED).flagged


EMISSIONS = '{"scope_1_2_emissions_tco2e": 1264, "employees": 4812}'


def _detect_json(answer):
    return detect(DetectionInput(answer=answer, sources=(SourceDocument("esg", EMISSIONS),)))


def test_the_names_in_a_list_of_scopes_are_not_figures_to_ground():
    result = _detect_json("Scope 1 and 2 emissions were 1,264 tCO2e.")
    assert [v.claim.text for v in result.verdicts] == ["1,264"]
    assert not result.flagged


def test_a_wrong_figure_after_a_list_of_scopes_is_flagged():
    result = _detect_json("Scope 1 and 2 emissions were 1,364 tCO2e.")
    assert [v.claim.text for v in result.verdicts] == ["1,364"]
    assert result.flagged


# ------------------------------------------------------------------ property records

PROPERTY = {
    "property": "Hafenkante Tower",
    "year_built": 1998,
    "refurbished": 2019,
    "floors": 14,
    "net_lettable_area_sqm": 24800,
    "occupancy_pct": 92.5,
    "transaction": {"date": "2025-02-27", "price_eur_m": 148.0, "net_initial_yield_pct": 4.35},
}
WRITE_UP = (
    "Nordlicht KAG bought Hafenkante Tower, a 14-floor office building, on 27 February 2025 "
    "for €148.0 million. The building, completed in 1998 and refurbished in {year}, offers "
    "24,800 square metres. It is 92.5% let, or {let} square metres, and the 4.35% yield "
    "implies net operating income of about {noi}."
)


def test_a_record_s_years_money_and_rates_of_earlier_amounts_are_read():
    answer = WRITE_UP.format(year="2019", let="22,940", noi="€6.44 million")
    result = _detect(answer, PROPERTY, tool_id="property")
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


@pytest.mark.parametrize(
    ("year", "let", "noi", "wrong"),
    [
        ("2017", "22,940", "€6.44 million", "2017"),
        ("2019", "23,940", "€6.44 million", "23,940"),
        ("2019", "22,940", "€6.94 million", "€6.94 million"),
    ],
)
def test_a_wrong_year_share_or_yield_of_a_record_is_flagged(year, let, noi, wrong):
    answer = WRITE_UP.format(year=year, let=let, noi=noi)
    result = _detect(answer, PROPERTY, tool_id="property")
    (verdict,) = [v for v in result.verdicts if v.claim.text == wrong]
    assert not verdict.grounded


def test_a_participle_after_a_noun_counts_rather_than_dates():
    record = {"customers_acquired": 2019, "refurbished": 2019}
    claims = extract_source("crm", json.dumps(record)).claims
    assert [c.kind for c in claims] == ["count", "date"]


HARBOR_QUOTE = {"ticker": "HRBR", "currency": "USD", "price": 84.37, "shares_outstanding_m": 147.3}


def test_a_market_value_is_the_price_times_the_shares_outstanding():
    answer = "Harbor closed at $84.37, a market value of about $12.4 billion."
    result = _detect(answer, HARBOR_QUOTE, tool_id="quote")
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_wrong_market_value_is_flagged():
    answer = "Harbor closed at $84.37, a market value of about $14.4 billion."
    result = _detect(answer, HARBOR_QUOTE, tool_id="quote")
    (verdict,) = [v for v in result.verdicts if v.claim.text == "$14.4 billion"]
    assert not verdict.grounded


REIT = {"name": "Lumen Quay REIT", "dpu_fy2023_cents": 9.87, "dpu_fy2022_cents": 10.31}


def test_a_year_inside_a_key_is_its_value_s_period_and_a_period_stated():
    claims = {c.text: c for c in extract_source("reit", json.dumps(REIT)).claims}
    assert (claims["9.87"].period, claims["10.31"].period) == ("FY2023", "FY2022")
    result = _detect("Its DPU fell to 9.87 cents in FY2023.", REIT, tool_id="reit")
    assert not result.flagged, [(v.claim.text, v.outcome) for v in result.verdicts]


def test_a_year_no_key_names_is_still_a_period_mismatch():
    result = _detect("Its DPU fell to 9.87 cents in FY2021.", REIT, tool_id="reit")
    assert result.flagged


YIELD_QUOTE = {
    "tool": "market_data.get_quote",
    "symbol": "VDSM3.SA",
    "currency": "BRL",
    "price": 58.37,
    "change_pct": 0.84,
    "dividend_yield_ttm": 0.0912,
    "as_of": "2024-11-06",
}


def test_a_rate_a_tool_gives_as_a_fraction_of_one_is_that_percentage():
    """ "dividend_yield_ttm": 0.0912 is a 9.12% yield; a 9.42% yield is not."""
    clean = _detect("The stock offers a trailing dividend yield of 9.12%.", YIELD_QUOTE, "quote")
    assert not clean.flagged
    wrong = _detect("The stock offers a trailing dividend yield of 9.42%.", YIELD_QUOTE, "quote")
    assert wrong.flagged


def test_a_rate_whose_key_says_percent_is_no_fraction():
    """ "change_pct": 0.84 is 0.84%, never 84%."""
    assert not _detect("The shares rose 0.84% on the day.", YIELD_QUOTE, "quote").flagged
    assert _detect("The shares rose 84% on the day.", YIELD_QUOTE, "quote").flagged


BUSINESS = json.dumps(
    {
        "name": "Luigi's Trattoria",
        "city": "Tempe",
        "stars": 4.0,
        "review_count": 312,
        "hours": {"Monday": "11:00-22:00", "Friday": "11:00-23:30"},
        "reviews": [
            {"stars": 5, "date": "2021-03-14", "text": "Best carbonara in town."},
            {"stars": 2, "date": "2020-11-02", "text": "Cold pizza."},
            {"stars": 4, "date": "2021-01-09", "text": "Solid."},
        ],
    }
)


def test_a_star_rating_written_as_a_compound_is_read():
    """ "a 4-star rating" of a record whose `stars` is 4.0 is grounded; "a 4.5-star rating"
    was not read at all (a number joined to a word is a name in an answer)."""
    assert not detect(source_input("Luigi's holds a 4-star rating.", BUSINESS)).flagged
    assert detect(source_input("Luigi's holds a 4.5-star rating.", BUSINESS)).flagged


def test_a_time_of_day_is_no_figure():
    """ "opens at 11 AM", "until 10 p.m.": times of day, as `11:30 PM` already was, never
    counts to find in the sources."""
    assert extract_claims("It opens at 11 AM on Mondays and closes at 10 p.m.") == []
    assert extract_claims("It opened 11 new stores.")[0].value == 11


def test_the_words_after_a_figure_name_its_line_over_a_metric_carried_over():
    """ "a 4-star rating, with one 5-star and one 2-star review": the 5 is a review's stars,
    not the overall rating the clause began with."""
    answer = "It holds a 4-star rating, with one 5-star and one {}-star review among three."
    assert not detect(source_input(answer.format(2), BUSINESS)).flagged
    assert detect(source_input(answer.format(3), BUSINESS)).flagged


def test_a_mean_of_a_list_s_items_is_derived():
    """ "The three reviews shown average about 3.7 stars": (5 + 2 + 4) / 3 over the field
    its words name, not the overall rating of 4.0."""
    answer = "The three reviews shown average about {} stars."
    assert not detect(source_input(answer.format("3.7"), BUSINESS)).flagged
    assert detect(source_input(answer.format("3.2"), BUSINESS)).flagged


BOND = json.dumps(
    {
        "ticker": "AGN 23-2",
        "coupon": {"type": "fixed", "rate_pct": 9.85, "period_days": 182},
        "pricing": {"clean_price": 98.42, "ytm_pct": 10.12, "spread_vs_mbono_bps": 95},
    }
)


def test_a_key_ending_in_bps_holds_basis_points():
    """ "spread_vs_mbono_bps": 95 is 95 basis points, as "ytm_pct" is a percentage."""
    assert not detect(source_input("They trade 95 basis points over Mbonos.", BOND)).flagged
    assert detect(source_input("They trade 105 basis points over Mbonos.", BOND)).flagged


def test_a_spread_above_a_rate_the_comparison_names():
    """ "a yield to maturity of 10.12%, 27 basis points above the coupon": the coupon the
    comparison names is the record's 9.85%, given two sentences before."""
    answer = (
        "The notes pay a 9.85% coupon. They are rated mxAA by S&P. They yield 10.12%, {} "
        "above the coupon."
    )
    assert not detect(source_input(answer.format("27 basis points"), BOND)).flagged
    assert detect(source_input(answer.format("37 basis points"), BOND)).flagged


def test_points_below_par_are_the_price_s_distance_from_100():
    """ "a clean price of 98.42, 1.58 points below par": 100 - 98.42."""
    answer = "They traded at a clean price of 98.42, {} points below par."
    assert not detect(source_input(answer.format("1.58"), BOND)).flagged
    assert detect(source_input(answer.format("2.58"), BOND)).flagged
