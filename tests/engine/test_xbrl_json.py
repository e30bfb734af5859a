"""An xBRL-JSON report (the OIM form of an ESEF filing) writes each fact's value in whole
units of its `iso4217:` unit, whatever its `decimals` say of its precision: the scale is
stated, so an answer that reads the raw lei as thousands is a scale error, and one that
reads them right in millions or thousands is grounded."""

from __future__ import annotations

import json

from hallucination.engine import detect

from .conftest import source_input

REPORT = json.dumps(
    {
        "documentInfo": {"documentType": "https://xbrl.org/2021/xbrl-json"},
        "facts": {
            "f-101": {
                "value": "486215000",
                "decimals": -3,
                "dimensions": {
                    "concept": "ifrs-full:Revenue",
                    "period": "2024-01-01T00:00:00/2025-01-01T00:00:00",
                    "unit": "iso4217:RON",
                },
            },
            "f-112": {
                "value": "55983000",
                "decimals": -3,
                "dimensions": {
                    "concept": "ifrs-full:ProfitLoss",
                    "period": "2024-01-01T00:00:00/2025-01-01T00:00:00",
                    "unit": "iso4217:RON",
                },
            },
        },
    },
    indent=2,
)


def test_a_facts_value_is_in_whole_units_of_its_currency():
    said = "Profit for the year 2024 was {}."
    assert not detect(source_input(said.format("RON 55,983 thousand"), REPORT)).flagged
    assert not detect(source_input(said.format("RON 55.98 million"), REPORT)).flagged
    wrong = detect(source_input(said.format("RON 55,983 million"), REPORT))
    assert [v.outcome for v in wrong.verdicts if not v.grounded] == ["scale_drift"]
