"""A share whose words before the figure name only the whole ("About 34.3% of the
reserves were classified as current") takes its part from the predicate, a row of the
table that breaks the whole down; the caption names that whole ("Self-insurance reserves are
classified in the consolidated balance sheets as follows"), and its bare `Total` row is it."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.tables import caption_whole

from .conftest import source_input

CLASSIFIED = """Self-insurance reserves are classified in the consolidated balance sheets as follows (in thousands):

                                          December 31, 2024    December 31, 2023
Accrued expenses (current)                    $ 16,480            $ 15,105
Other long-term liabilities                     31,614              28,100
Total                                         $ 48,094            $ 43,205
"""


def test_a_caption_names_the_whole_its_rows_break_down():
    assert caption_whole(CLASSIFIED.split("\n")[0]) == "Self-insurance reserves"
    listed = "Accrued liabilities consisted of the following (in thousands):"
    assert caption_whole(listed) == "Accrued liabilities"
    assert caption_whole("The following table summarizes the activity (in thousands):") == ""


def test_the_predicate_of_a_share_names_its_part():
    said = "About {} of the self-insurance reserves at December 31, 2024 were classified as {}."
    assert not detect(source_input(said.format("34.3%", "current"), CLASSIFIED)).flagged
    assert not detect(source_input(said.format("65.7%", "long-term"), CLASSIFIED)).flagged
    # the long-term share given as the current one
    assert detect(source_input(said.format("65.7%", "current"), CLASSIFIED)).flagged
