"""A table row named with one word that is also an operator ("| Plus | $50 | $30 | $120 |",
a plan called Plus) adds nothing up: its figures are the row's, not a sum of the cells
before them."""

from __future__ import annotations

import json

from hallucination.engine import detect

from .conftest import source_input

PLANS = json.dumps(
    {
        "plans": [
            {"name": "Essential", "price_per_line": 35},
            {"name": "Plus", "price_per_line": 50},
            {"name": "Max", "price_per_line": 65},
        ],
        "discounts_per_line": {"multi_line": 15, "autopay": 5},
        "multi_line_min_lines": 4,
        "activation_fee_per_line": 20,
    }
)

TABLE = """With 4 lines you get the $15-per-line multi-line discount, and autopay takes off another $5 per line:

| Plan | List price per line | After discounts | Family of four per month |
|---|---|---|---|
| Essential | $35 | $15 | **$60** |
| Plus | $50 | $30 | **{}** |
| Max | $65 | $45 | **$180** |

Working: (list price − 15 − 5) × 4."""


def test_a_row_named_plus_is_no_sum():
    assert not detect(source_input(TABLE.format("$120"), PLANS)).flagged
    assert detect(source_input(TABLE.format("$130"), PLANS)).flagged
