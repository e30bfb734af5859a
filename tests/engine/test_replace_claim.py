"""`replace_claim` is `dataclasses.replace` for a claim, by position: it must copy every
field, whatever fields `Claim` gains."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from hallucination.engine.types import Claim, replace_claim


def _claim() -> Claim:
    return Claim(
        text="$1.85 billion",
        start=3,
        end=16,
        kind="currency",
        value=Decimal("1.85E9"),
        unit="USD",
        precision=Decimal("1E7"),
        label="revenue",
        period="Q3 2026",
        approximate=True,
        source_id="filing",
        segment="cloud",
        qualifiers=frozenset({"total"}),
        citation="revenue.q3",
        nested=True,
        scale=Decimal("1E9"),
        scale_origin="stated",
        label_words=frozenset({"revenu", "@revenue"}),
        header_words=frozenset({"q3"}),
        cell=(1, 2, 3),
    )


def test_every_field_of_claim_is_a_positional_parameter():
    assert Claim.__match_args__ == tuple(f.name for f in dataclasses.fields(Claim))
    assert all(f.init and not f.kw_only for f in dataclasses.fields(Claim))


def test_it_copies_like_dataclasses_replace():
    claim = _claim()
    assert replace_claim(claim) == dataclasses.replace(claim)
    changed = replace_claim(claim, label_words=frozenset({"eps"}), start=7)
    assert changed == dataclasses.replace(claim, label_words=frozenset({"eps"}), start=7)
    assert claim.label_words == frozenset({"revenu", "@revenue"})


def test_an_unknown_field_is_refused():
    with pytest.raises(TypeError):
        replace_claim(_claim(), colour="red")
