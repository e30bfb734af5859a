"""A subject and a verb of holding before a source figure ("The Company holds $118.2
million in restricted trust accounts") leave the figure named by what is held, after it;
and a share of items the answer lists together ("trust accounts and surety bonds together
covered about 35.7% of ...") is their sum over the whole it names."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.sources import extract_source

from .conftest import source_input

NOTE = (
    "The undiscounted estimate of the total ARO was $1,184.6 million at December 31, 2024. "
    "The Company holds $118.2 million in restricted trust accounts and $305.0 million of "
    "surety bonds to secure its decommissioning obligations."
)


def test_a_held_amount_is_named_by_what_is_held():
    (held,) = [c for c in extract_source("note", NOTE).claims if c.text == "$118.2 million"]
    assert {"trust", "account"} <= held.label_words
    assert "hold" not in held.label_words


def test_a_share_of_items_listed_together():
    said = (
        "Its restricted trust accounts and surety bonds together covered about {} of its "
        "undiscounted ARO estimate at the end of 2024."
    )
    assert not detect(source_input(said.format("35.7%"), NOTE)).flagged
    assert detect(source_input(said.format("37.5%"), NOTE)).flagged


SECURED = (
    "At December 31, 2024, borrowings outstanding under the facility were $212.5 million, "
    "classified as long-term debt, and were collateralized by $398.7 million of receivables."
)


def test_the_agent_of_a_passive_verb_names_the_figure():
    said = "Securitization borrowings equaled about {} of the receivables pledged as collateral."
    assert not detect(source_input(said.format("53.3%"), SECURED)).flagged
    assert detect(source_input(said.format("58.3%"), SECURED)).flagged
