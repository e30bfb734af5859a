"""A figure an answer keeps as what would have been ("cemetery revenue would have been
$466.3 million without that sale") stands on the value the sources give the same way
("Excluding this sale, cemetery revenue would have been $466,270"): it is no other line's
value nor another variant's; stated as the reported figure, it is."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

PAGE = """(Dollars in thousands)

| | 2024 | 2023 |
|---|---:|---:|
| Funeral revenue | $612,450 | $598,130 |
| Cemetery revenue (1) | 481,220 | 455,870 |

(1) Cemetery revenue for 2024 includes $14,950 from a one-time bulk sale of cemetery property.
Excluding this sale, cemetery revenue would have been $466,270."""


def test_a_hypothetical_figure_kept_hypothetical():
    kept = "Cemetery revenue would have been $466.3 million in 2024 without that sale."
    assert not detect(source_input(kept, PAGE)).flagged
    # the hypothetical figure given as the reported one
    assert detect(source_input("Cemetery revenue was $466.3 million in 2024.", PAGE)).flagged
