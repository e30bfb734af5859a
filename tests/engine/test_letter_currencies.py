"""Working in a currency written with letters and a slash ("B/." for the balboa, "S/" for
the sol) is read as working: the sign before the first operand is no part of the
arithmetic, and the sign before the result no gap between the working and its result; a
price per kilogram over working that divides by tonnes is the quotient over a thousand.
Any three-letter currency code before an operand ("GTQ 567,985.3 thousand") and a unit
written short after one ("5,067.1 t") are part of the working."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

TABLE = """Key figures (in thousands of balboas, except passengers)
                                     2024         2023
Revenue                         412,806.3    381,552.0
Departing passengers (millions)      17.9         16.8
"""


def test_working_in_balboas():
    said = "B/. 412,806.3 thousand / 17.9 million passengers ≈ B/. {} per departing passenger"
    assert not detect(source_input(said.format("23.06"), TABLE)).flagged
    assert detect(source_input(said.format("25.06"), TABLE)).flagged


HARVEST = """Key figures (ISK million, except volumes)      2024        2023
Revenue                                     31,196.9    27,404.2
Harvested volume (tonnes)                     16,247      14,980
"""


def test_a_price_per_kg_over_working_in_tonnes():
    said = "ISK 31,196.9 million / 16,247 tonnes ≈ ISK {} per kg"
    assert not detect(source_input(said.format("1,920"), HARVEST)).flagged
    assert detect(source_input(said.format("1,820"), HARVEST)).flagged


EXPORTS = """Cardamom exports (amounts in GTQ thousand; volumes in tonnes)
year   export_t   revenue_gtqk
2023    4,775.3      516,854.9
2024    5,067.1      567,985.3
"""


def test_working_with_any_currency_code_and_a_short_unit():
    said = "GTQ 567,985.3 thousand / 5,067.1 t = GTQ {} per kg"
    assert not detect(source_input(said.format("112.09"), EXPORTS)).flagged
    wrong = detect(source_input(said.format("118.40"), EXPORTS))
    assert [(v.outcome, str(v.expected_value)) for v in wrong.verdicts if not v.grounded] == [
        ("arithmetic_drift", "112.09")
    ]


def test_a_sum_in_any_currency_code():
    said = "GTQ 567,985.3 thousand + GTQ 516,854.9 thousand = GTQ {} thousand"
    assert not detect(source_input(said.format("1,084,840.2"), EXPORTS)).flagged
    assert detect(source_input(said.format("1,094,840.2"), EXPORTS)).flagged


INVENTORIES = """<note number="9" title="Inventories">
  <unit currency="USD" scale="million"/>
  <periods current="2024-12-31" prior="2023-12-31"/>
  <line label="Cured vanilla beans - black grade" current="48215.4" prior="61380.2"/>
  <line label="Cured vanilla beans - red grade" current="17342.8" prior="22915.6"/>
  <line label="Cloves" current="9284.3" prior="7106.9"/>
  <line label="Allowance for obsolescence" current="-1240.6" prior="-985.3"/>
  <total label="Total inventories" current="73601.9" prior="90417.4"/>
</note>
Cured vanilla held at year end amounted to 214 tonnes.
"""


def test_a_figure_of_the_working_worked_out_in_brackets_after_it():
    said = "{} million (48,215.4 + 17,342.8) / 214,000 kg ≈ {} thousand per kg"
    for code in ("USD", "MGA"):
        source = INVENTORIES.replace("USD", code)
        clean = said.format(f"{code} 65,558.2", f"{code} 306")
        assert not detect(source_input(clean, source)).flagged
        wrong = detect(source_input(said.format(f"{code} 66,558.2", f"{code} 311"), source))
        assert [v.outcome for v in wrong.verdicts if not v.grounded] == ["arithmetic_drift"]
