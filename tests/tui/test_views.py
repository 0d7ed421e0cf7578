"""The builder's lines, read without a screen."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from projectpaths import OFFICIAL

from armylist.gamedata.catalog import Catalog
from armylist.text import i18n
from armylist.tui import views
from armylist.tui.session import Session


def _named(catalog: Catalog, tmp_path: Path, name: str) -> Session:
    """The rulebook example opened with ``name`` (a YAML scalar) as its name."""
    path = tmp_path / "x.yaml"
    text = OFFICIAL.read_text(encoding="utf-8").replace(
        "name: Rulebook example army", f"name: {name}"
    )
    path.write_text(text, encoding="utf-8")
    return Session.open(path, catalog)


def test_a_control_character_in_the_list_name_is_shown_not_obeyed(
    catalog: Catalog, tmp_path: Path
) -> None:
    session = _named(catalog, tmp_path, '"\\e]0;owned\\a army"')
    assert session.result.name == "\x1b]0;owned\x07 army"
    assert views.title(session).plain == (
        "LEGAL · \\x1b]0;owned\\x07 army · Raynor's Raiders · Standard"
    )


def test_a_bidi_override_in_a_name_is_shown_not_obeyed(
    catalog: Catalog, tmp_path: Path
) -> None:
    # U+202E would show the rest of the title right to left ("ymra" for "army").
    session = _named(catalog, tmp_path, '"evil \\u202Eymra"')
    assert views.title(session).plain.startswith("LEGAL · evil \\u202eymra · ")


def test_the_ledger_says_what_is_over(catalog: Catalog, tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(
        OFFICIAL.read_text(encoding="utf-8").replace(
            "  - unit: Goliath\n",
            "  - unit: Goliath\n  - unit: Marine\n    models: 9\n",
        ),
        encoding="utf-8",
    )
    session = Session.open(path, catalog)
    assert views.ledger(session.result).plain.splitlines() == [
        "Minerals 1,880/2,000 (120 left)   Vespene Gas 185/200 (15 left)",
        "Army Slots: Core 10/8 (2 over)  Elite 2/2  Support 2/3  Air 0/1  Hero 1/1",
    ]
    assert views.title(session).plain.startswith("ILLEGAL: 1 error · ")
    i18n.use(i18n.SPANISH)
    # By how much, as a Spanish reader says it (not "Core 10/8 de más").
    assert "Core 10/8 (2 de más)  Elite 2/2" in views.ledger(session.result).plain


@pytest.mark.parametrize("language", [i18n.ENGLISH, i18n.SPANISH])
def test_the_ledger_wraps_between_slot_types_never_inside_one(
    catalog: Catalog, tmp_path: Path, language: str
) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(
        OFFICIAL.read_text(encoding="utf-8").replace(
            "  - unit: Goliath\n",
            "  - unit: Goliath\n  - unit: Marine\n    models: 9\n"
            "  - unit: Jim Raynor\n",
        ),
        encoding="utf-8",
    )
    i18n.use(language)
    result = Session.open(path, catalog).result
    slot = re.compile(r"^\w+ \d+/\d+( \(\d+ (over|de más)\))?$")
    for width in range(40, 100):
        lines = views.ledger(result, width).plain.splitlines()[1:]
        assert all(len(line) <= width for line in lines), (width, lines)
        pieces = [
            piece
            for line in lines
            for piece in line.removeprefix("Army Slots: ").strip().split("  ")
        ]
        assert all(slot.match(piece) for piece in pieces), (width, lines)
        assert len(pieces) == 5
        assert any(piece.startswith("Hero 2/1 (1 ") for piece in pieces)
