"""A LaTeX tabular (`&` between cells, `\\\\` ending rows, `\\hline` or booktabs rules, a
`\\caption{...}` with the scale) is read as its rows and columns."""

from __future__ import annotations

from hallucination.engine import detect
from hallucination.engine.tables import find_tables

from .conftest import source_input

TABLE = r"""\begin{table}[h]
\caption{Consolidated results (in millions)}
\begin{tabular}{lrr}
\toprule
 & 2024 & 2023 \\
\midrule
Revenue & 4,812.6 & 4,390.2 \\
\textbf{Net income} & 590.1 & 471.6 \\
\bottomrule
\end{tabular}
\end{table}"""


def test_a_tabular_is_a_table():
    cells = {TABLE[c.start : c.end]: c for c in find_tables(TABLE).cells}
    assert cells["590.1"].row_label.strip() == "Net income"
    assert "2024" in cells["590.1"].column_header


def test_figures_over_a_tabular():
    said = "Net income was {} in 2024."
    assert not detect(source_input(said.format("$590.1 million"), TABLE)).flagged
    # 2023's figure, and the caption's millions read as thousands
    assert detect(source_input(said.format("$471.6 million"), TABLE)).flagged
    assert detect(source_input(said.format("$590.1 thousand"), TABLE)).flagged
    growth = "Revenue rose {} year over year."
    assert not detect(source_input(growth.format("9.6%"), TABLE)).flagged
    assert detect(source_input(growth.format("10.3%"), TABLE)).flagged
