"""Numbers for people in the language in use (armylist.numbers.people): CLDR's
grouping in Spanish, the code's own `f"{n:,}"` in English."""

from __future__ import annotations

import subprocess
import sys

import pytest

from armylist import i18n
from armylist.numbers import people, people_decimal, separators

SHOWN = [
    # (number, English, Spanish)
    (0, "0", "0"),
    (300, "300", "300"),
    (1670, "1,670", "1.670"),
    (3000, "3,000", "3.000"),
    (-12500, "-12,500", "-12.500"),
    (1_234_567, "1,234,567", "1.234.567"),
]


@pytest.mark.parametrize(("number", "in_english", "in_spanish"), SHOWN)
def test_people_groups_thousands_as_the_language_does(
    number: int, in_english: str, in_spanish: str
) -> None:
    assert people(number) == in_english == f"{number:,}"
    i18n.use(i18n.SPANISH)
    assert people(number) == in_spanish


def test_signed_and_decimal_numbers() -> None:
    assert (people(30, signed=True), people(-3000, signed=True)) == ("+30", "-3,000")
    assert people_decimal(0.75, 4) == "0.7500"
    i18n.use(i18n.SPANISH)
    assert (people(30, signed=True), people(-3000, signed=True)) == ("+30", "-3.000")
    assert (people(0, signed=True), people_decimal(0.75, 4)) == ("+0", "0,7500")
    assert (separators().thousands, separators().decimal) == (".", ",")


def test_english_numbers_do_not_import_babel() -> None:
    # Babel's CLDR data is a noticeable share of a cold start: English never pays it.
    code = (
        "import sys; from armylist.numbers import people, people_decimal; "
        "people(3000); people_decimal(0.5, 2); print('babel' in sys.modules)"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert run.stdout.strip() == "False"
