"""A noun of a movement ("settlements") names the roll-forward row its verb names
("Liabilities settled")."""

from __future__ import annotations

from hallucination.engine import detect

from .conftest import source_input

ARO = """Note 9. Asset Retirement Obligations
The following table reconciles the Company's ARO (in thousands):

                                                       2024         2023
Balance at beginning of year                   $   612,840  $   587,215
Liabilities incurred                                 8,415       12,630
Liabilities settled                                (38,614)     (29,877)
Accretion expense                                   41,902       39,446
Balance at end of year                             624,543      612,840
"""


def _flagged(answer: str, *sources: str) -> bool:
    return detect(source_input(answer, *sources)).flagged


def test_settlements_name_the_row_of_liabilities_settled():
    assert not _flagged("ARO settlements rose about 29.2% in 2024 from the prior year.", ARO)
    assert _flagged("ARO settlements rose about 31.2% in 2024 from the prior year.", ARO)
