"""A document kept in a JSON string (a parser's elements with `text_as_html`, a
retriever's `page_content` with escaped line breaks) is read as the document it is: its
tables as tables, its prose as prose. Where a record keeps a table twice, as run-together
text and as markup, the figures are the markup's cells."""

from __future__ import annotations

import json

from hallucination.engine import detect
from hallucination.engine.sources import extract_source

from .conftest import source_input

HTML = (
    "<table><tr><th>(in millions)</th><th>2024</th><th>2023</th></tr>"
    "<tr><td>Service revenue</td><td>2,412.6</td><td>2,208.3</td></tr>"
    "<tr><td>Total revenue</td><td>3,096.7</td><td>2,840.0</td></tr>"
    "<tr><td>Direct costs</td><td>1,503.8</td><td>1,389.2</td></tr></table>"
)
ELEMENTS = json.dumps(
    [
        {"type": "Title", "text": "Results of Operations", "metadata": {"page_number": 52}},
        {
            "type": "Table",
            "text": "(in millions) 2024 2023 Service revenue 2,412.6 2,208.3 Total revenue "
            "3,096.7 2,840.0 Direct costs 1,503.8 1,389.2",
            "metadata": {"page_number": 52, "text_as_html": HTML},
        },
    ],
    indent=1,
)
PAGES = json.dumps(
    {
        "documents": [
            {
                "page_content": "Results of Operations\n(in thousands)\n\n"
                "                      2024        2023\n"
                "Net sales          771,918     702,415\n"
                "Cost of sales      498,202     466,310\n"
                "Our net sales grew on higher volumes across both regions this year.",
                "metadata": {"page": 44},
            }
        ]
    }
)


def test_a_table_in_a_json_string_is_read_as_a_table():
    claims = extract_source("s", ELEMENTS).claims
    total = [c for c in claims if c.text == "3,096.7"]
    # once, from the markup's cell, for 2024 and in millions
    assert len(total) == 1
    assert total[0].period == "2024"
    assert total[0].value == 3_096_700_000


def test_figures_over_a_parser_s_elements():
    said = "Service gross margin was {} in 2024 ($2,412.6M less $1,503.8M, over $2,412.6M)."
    # (2,412.6 - 1,503.8) / 2,412.6 = 37.67%
    assert not detect(source_input(said.format("37.67%"), ELEMENTS)).flagged
    assert detect(source_input(said.format("39.41%"), ELEMENTS)).flagged
    # total revenue given for 2023
    assert detect(source_input("Total revenue was $3,096.7 million in 2023.", ELEMENTS)).flagged


def test_a_page_with_escaped_line_breaks_in_a_json_string():
    said = "Net sales rose {} in 2024 to $771.9 million."
    # (771,918 - 702,415) / 702,415 = 9.9%
    assert not detect(source_input(said.format("9.9%"), PAGES)).flagged
    assert detect(source_input(said.format("10.6%"), PAGES)).flagged


NOTEBOOK = """{
 "cells": [
  {
   "cell_type": "code",
   "outputs": [
    {
     "output_type": "execute_result",
     "data": {
      "text/plain": [
       "                              Q2 2024    Q2 2023\\n",
       "segment    metric                                 \\n",
       "Staffing   revenue           412604.0   498311.0\\n",
       "           gross_profit       95412.0   121587.0\\n",
       "Total      revenue           577856.0   667421.0"
      ]
     }
    }
   ]
  }
 ]
}"""


def test_a_document_given_as_a_list_of_its_lines_is_read_as_one():
    # A notebook output keeps a printed table as a list of lines: its rows stay aligned.
    clean = detect(
        source_input("Total revenue fell 13.4% in Q2 2024, to $577.9 million.", NOTEBOOK)
    )
    assert not clean.flagged
    wrong = detect(
        source_input("Total revenue fell 15.4% in Q2 2024, to $577.9 million.", NOTEBOOK)
    )
    assert wrong.flagged
