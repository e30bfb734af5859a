"""A change whose words name no line, right after two figures of one thing named as its
earlier and later states ("Old commission", "New commission"), is the later less the
earlier; two figures of different things give no such change."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

ARTICLE = (
    "Dashly will raise the commission it charges partner restaurants from 28% to 30% of order "
    "value from 1 April 2025. On a £20 order, the service fee rises from £1.80 to £2.20. "
    "Orders below £12 will continue to carry a small-order fee of £0.99."
)

LISTED = """Using the article's £20 example order:

- **{0} commission (28%):** £5.60
- **{1} commission (30%):** £6.00
- **Difference:** **{2} more per £20 order**"""


def test_the_difference_of_an_old_and_a_new_figure():
    assert not detect(source_input(LISTED.format("Old", "New", "£0.40"), ARTICLE)).flagged
    assert detect(source_input(LISTED.format("Old", "New", "£0.50"), ARTICLE)).flagged
