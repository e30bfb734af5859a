"""A multiple written with `x` after a copula and before a line's name ("Operating cash flow
was 1.39x net income") is a multiple of that line, as "times" says; one followed by no
line ("was 1.39x in fiscal 2024") names none."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

STATEMENTS = """(In millions)

| | Fiscal 2024 | Fiscal 2023 |
|---|---:|---:|
| Net income | 2,147 | 1,749 |
| Net cash provided by operating activities | 2,986 | 2,455 |
"""


def test_a_multiple_of_the_line_named_after_it():
    said = "Operating cash flow was {} net income in fiscal 2024."
    # 2,986 / 2,147 = 1.39
    assert not detect(source_input(said.format("1.39x"), STATEMENTS)).flagged
    assert detect(source_input(said.format("1.49x"), STATEMENTS)).flagged


def test_a_multiple_that_names_no_line():
    assert detect(source_input("Operating cash flow was 1.39x in fiscal 2024.", STATEMENTS)).flagged
