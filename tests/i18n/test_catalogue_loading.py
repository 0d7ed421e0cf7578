"""The Spanish catalogue is read once per process, from the compiled `.mo` when it is
up to date (an installed package has no `.po` at all); a `.po` newer than its `.mo`
(a source checkout just edited) is compiled in memory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from babel.messages import pofile
from babel.messages.mofile import write_mo

from armylist.text import i18n

READ_PO = pofile.read_po  # before any test counts its calls
PO = i18n.LOCALE_DIR / "es" / "LC_MESSAGES" / "armylist.po"


def _locale(tmp_path: Path, *, po: bool, mo: bool) -> Path:
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    if mo:
        with PO.open("rb") as stream:
            catalogue = READ_PO(stream, locale="es")
        with (folder / "armylist.mo").open("wb") as stream:
            write_mo(stream, catalogue)
    if po:
        (folder / "armylist.po").write_bytes(PO.read_bytes())
    return tmp_path


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The `.po` files parsed, and a fresh cache of loaded catalogues."""
    parsed: list[str] = []
    read_po = pofile.read_po

    def counting(stream, *args, **kwargs):  # type: ignore[no-untyped-def]
        parsed.append(getattr(stream, "name", "?"))
        return read_po(stream, *args, **kwargs)

    monkeypatch.setattr(pofile, "read_po", counting)
    monkeypatch.setattr(i18n, "_loaded", {})
    return parsed


def test_an_installed_catalogue_is_read_from_its_mo_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted: list[str]
) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIR", _locale(tmp_path, po=False, mo=True))
    for _ in range(3):
        i18n.use(i18n.SPANISH)
        assert i18n._("Options") == "Opciones"
        i18n.use(i18n.ENGLISH)
    assert counted == []
    assert list(i18n._loaded) == ["es"]


def test_a_po_newer_than_its_mo_is_compiled_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted: list[str]
) -> None:
    root = _locale(tmp_path, po=True, mo=True)
    po = root / "es" / "LC_MESSAGES" / "armylist.po"
    newer = po.stat().st_mtime + 60
    os.utime(po, (newer, newer))
    monkeypatch.setattr(i18n, "LOCALE_DIR", root)
    i18n.use(i18n.SPANISH)
    assert i18n._("Options") == "Opciones"
    assert len(counted) == 1


def test_a_message_is_said_in_the_language_switched_to() -> None:
    # `_` remembers what it said: a switch of language must forget it.
    try:
        for _ in range(2):
            i18n.use(i18n.SPANISH)
            assert i18n._("Options") == "Opciones"
            i18n.use(i18n.ENGLISH)
            assert i18n._("Options") == "Options"
    finally:
        i18n.use(i18n.ENGLISH)
