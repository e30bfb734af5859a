"""An amount per unit in brackets after an amount of its own sentence ("a $312 million
provision (roughly $1,096 per recalled vehicle)") is that amount over a count of the unit
the answer gave anywhere before ("284,610 U.S. vehicles")."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

RELEASE = (
    "Kaimon Motors North America today announced a voluntary safety recall of 284,610 "
    "vehicles in the United States, covering 198,420 model-year 2022–2024 Corsa SUVs and "
    "86,190 model-year 2023–2024 Vento sedans. Kaimon is aware of 12 reports of stalling. "
    "Kaimon's parent recorded a provision of $312 million for the recall, which reduced "
    "operating profit for the quarter to $1.42 billion."
)

ANSWER = """**Kaimon recalls 284,610 U.S. vehicles over faulty fuel pumps**

- **Which vehicles:**
  - 198,420 Kaimon Corsa SUVs
  - 86,190 Kaimon Vento sedans
  - (Corsa model years 2022–2024; Vento model years 2023–2024)
- **Incidents:** 12 reports of stalling; no crashes or injuries.
- **Cost:** Kaimon's parent booked a $312 million provision (roughly {} per recalled vehicle), \
which cut operating profit to $1.42 billion."""


def test_an_amount_per_unit_of_a_count_given_before():
    assert not detect(source_input(ANSWER.format("$1,096"), RELEASE)).flagged
    assert detect(source_input(ANSWER.format("$1,196"), RELEASE)).flagged
