"""A markdown page's escapes (`\\$612,450`) and superscript footnote markers
(`Cemetery revenue<sup>1</sup>`) are marks of the rendering: the cells read as figures,
the markers as neither figures nor label words."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

PAGE = """(Dollars in thousands, except average revenue per funeral service)

| | 2024 | 2023 |
|---|---:|---:|
| Funeral revenue | \\$612,450 | \\$598,130 |
| Cemetery revenue<sup>1</sup> | 481,220 | 455,870 |
| Funeral services performed | 71,204 | 72,880 |
| Average revenue per funeral service<sup>2</sup> | \\$7,936 | \\$7,521 |

<sup>1</sup> Includes a one-time bulk sale of cemetery property.
<sup>2</sup> Core funeral revenue divided by funeral services performed."""


def _flagged(answer: str) -> bool:
    return detect(source_input(answer, PAGE)).flagged


def test_escaped_dollar_cells_and_footnote_markers():
    assert not _flagged("Average revenue per funeral service rose about 5.5% to $7,936 in 2024.")
    # 2023's figure given for 2024
    assert _flagged("Average revenue per funeral service was $7,521 in 2024.")
