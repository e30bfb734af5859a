"""Net assets, where no line states them, are assets less liabilities: total assets less
total liabilities, or current plus noncurrent assets less current plus noncurrent
liabilities."""

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
