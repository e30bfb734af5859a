"""A count of uses after which a cost pays for itself ("the membership pays for itself
after about 2.0 such sessions a month") is the cost, priced a few sentences up, over the
saving its own sentence gives."""

from __future__ import annotations

import json

from hallucination.engine import detect

from .conftest import source_input

RECORD = json.dumps(
    {
        "pricing_usd": {
            "per_kwh": 0.48,
            "member_per_kwh": 0.36,
            "session_fee": 1.0,
            "membership_per_month": 12.99,
        },
        "reviews": [{"text": "My 54 kWh top-up took 31 minutes."}],
    }
)

ANSWER = """**Pricing:** $0.48 per kWh, or $0.36 for members (membership is $12.99 a month), plus a $1.00 session fee.

**What a charge costs:** for a 54 kWh session a non-member pays 54 × $0.48 + $1.00 = **$26.92**, and a member pays 54 × $0.36 + $1.00 = **$20.44**. The member saves $6.48 per session, so the membership pays for itself after about {} such sessions a month."""


def test_a_break_even_count_is_the_cost_over_the_saving():
    assert not detect(source_input(ANSWER.format("2.0"), RECORD)).flagged
    assert detect(source_input(ANSWER.format("3.0"), RECORD)).flagged
