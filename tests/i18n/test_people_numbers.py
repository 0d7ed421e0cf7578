"""Numbers for people in the language in use (armylist.text.numbers.people): CLDR's
grouping in Spanish, the code's own `f"{n:,}"` in English."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from armylist.text import i18n, numbers
from armylist.text.numbers import current_separators, people, people_decimal

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
    assert (current_separators().thousands, current_separators().decimal) == (".", ",")


def test_english_numbers_do_not_import_babel() -> None:
    # Babel's CLDR data is a noticeable share of a cold start: English never pays it.
    code = (
        "import sys; from armylist.text.numbers import people, people_decimal; "
        "people(3000); people_decimal(0.5, 2); print('babel' in sys.modules)"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert run.stdout.strip() == "False"


# Numbers whose grouping differs: none, one group, several, negative, far beyond any
# count of the game.
SAMPLE = [0, 7, 999, 1000, 1670, 12_345, 100_000, 999_999, 1_234_567, 10**12]
SAMPLE += [-n for n in SAMPLE if n]


def _spanish_from(monkeypatch: pytest.MonkeyPatch, locale_dir: Path) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale_dir)
    i18n.number_symbols.cache_clear()
    numbers._separators_of.cache_clear()
    monkeypatch.setattr(i18n, "_loaded", {})
    i18n.use(i18n.SPANISH)


@pytest.fixture
def fresh_symbols():  # type: ignore[no-untyped-def]
    """The number symbols read again after the test (it points them elsewhere).
    Ask for it before `monkeypatch`, which is undone after it."""
    yield
    i18n.number_symbols.cache_clear()
    numbers._separators_of.cache_clear()


@pytest.mark.parametrize("built", [True, False], ids=["built", "not-built"])
def test_spanish_numbers_are_babels_with_or_without_the_built_symbols(
    built: bool, tmp_path: Path, fresh_symbols: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from babel.numbers import format_decimal

    po = i18n.LOCALE_DIR / "es" / "LC_MESSAGES" / "armylist.po"
    if built:
        written = i18n.compile_language(po, tmp_path)
        assert sorted(p.as_posix() for p in written) == [
            "es/LC_MESSAGES/armylist.mo",
            "es/numbers.json",
        ]
    _spanish_from(monkeypatch, tmp_path)
    for number in SAMPLE:
        assert people(number) == format_decimal(number, locale="es"), number
    assert people_decimal(0.75, 2) == format_decimal(Decimal("0.75"), "0.00", "es")
    assert current_separators() == numbers.Separators(thousands=".", decimal=",")


def test_the_build_writes_cldrs_symbols(tmp_path: Path) -> None:
    from babel.numbers import get_decimal_symbol, get_group_symbol

    po = i18n.LOCALE_DIR / "es" / "LC_MESSAGES" / "armylist.po"
    i18n.compile_language(po, tmp_path)
    data = json.loads((tmp_path / "es" / i18n.NUMBERS).read_text("utf-8"))
    assert (data["decimal"], data["group"]) == (
        get_decimal_symbol("es"),
        get_group_symbol("es"),
    )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[1, 2]",
        '{"decimal": ","}',
        '{"decimal": 1, "group": ".", "minus": "-", "grouping": [3, 3]}',
        "\xff",
    ],
    ids=["empty", "a-list", "keys-missing", "not-text", "not-utf8"],
)
def test_a_symbols_file_not_as_the_build_writes_it_falls_back_to_babel(
    text: str, tmp_path: Path, fresh_symbols: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "es").mkdir()
    (tmp_path / "es" / i18n.NUMBERS).write_bytes(text.encode("latin-1"))
    _spanish_from(monkeypatch, tmp_path)
    assert (people(-1_234_567), people_decimal(0.5, 1)) == ("-1.234.567", "0,5")


def test_a_built_spanish_start_does_not_import_babel(tmp_path: Path) -> None:
    # The installed package carries the symbols (hatch_build.py): Babel's locale
    # data is a noticeable share of a cold start, which no run pays.
    i18n.compile_language(
        i18n.LOCALE_DIR / "es" / "LC_MESSAGES" / "armylist.po", tmp_path
    )
    code = (
        "import sys; from pathlib import Path; from armylist.text import i18n, numbers; "
        f"i18n.LOCALE_DIR = Path({str(tmp_path)!r}); i18n.use('es'); "
        "print(numbers.people(-3000), numbers.people_decimal(0.5, 2), "
        "i18n._('Options'), 'babel' in sys.modules)"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert run.stdout.split() == ["-3.000", "0,50", "Opciones", "False"]


@pytest.mark.parametrize("cldr_locale", ["hi", "fr", "pl"])
def test_people_follows_any_cldr_pattern_given_its_symbols(
    cldr_locale: str, fresh_symbols: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Grouping by CLDR's pattern, not by threes alone: Hindi groups 12,34,567.
    from babel.numbers import format_decimal

    symbols = i18n.cldr_number_symbols(cldr_locale)
    monkeypatch.setattr(i18n, "number_symbols", lambda language: symbols)
    i18n.use(i18n.SPANISH)
    for number in SAMPLE:
        assert people(number) == format_decimal(number, locale=cldr_locale), number
