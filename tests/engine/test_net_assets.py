"""Net assets, where no line states them, are assets less liabilities: total assets less
total liabilities, or current plus noncurrent assets less current plus noncurrent
liabilities; and a holder's stated share of a line ("its 40% share of Tidewater's 2024 net
income") is that share of the line's value."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

SUMMARY = """Summarized financial information for Tidewater is as follows (in millions):

December 31,                             2024        2023
Current assets                          $210.3      $195.1
Noncurrent assets                        902.7       918.4
Current liabilities                      118.6       109.9
Noncurrent liabilities                   401.2       437.5
"""


def test_net_assets_are_assets_less_liabilities():
    said = "Tidewater's net assets at December 31, 2024 were {}."
    assert not detect(source_input(said.format("$593.2 million"), SUMMARY)).flagged
    # current assets less current liabilities only (working capital)
    assert detect(source_input(said.format("$91.7 million"), SUMMARY)).flagged


INCOME = """The Company holds a 40% membership interest in Tidewater, a joint venture.
Summarized financial information for Tidewater is as follows (in millions):

Years ended December 31,                 2024        2023
Net sales                               $612.4      $580.9
Net income                                84.6        70.2
"""


def test_a_stated_share_of_a_named_line():
    said = "Calder Rock's 40% share of Tidewater's 2024 net income was about {}."
    assert not detect(source_input(said.format("$33.8 million"), INCOME)).flagged
    assert detect(source_input(said.format("$36.8 million"), INCOME)).flagged
    # the share given as the line itself
    assert detect(source_input("Tidewater's 2024 net income was $33.8 million.", INCOME)).flagged
