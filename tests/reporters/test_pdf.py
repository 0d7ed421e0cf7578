"""`armylist export --format pdf`: the roster and a page for the table, read back.

pypdf reads the text back: the six items of the Organised Play guide's roster (§2) on
the first page, each unit with its Supply bands on the second.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from projectpaths import LISTS, OFFICIAL
from pypdf import PdfReader
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()


def _pages(path: Path) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(path).pages]


def _export(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["export", *args])
    return result.exit_code, result.stderr


@pytest.fixture
def official(tmp_path: Path) -> list[str]:
    target = tmp_path / "official.pdf"
    code, stderr = _export(
        str(OFFICIAL), "--format", "pdf", "-o", str(target), "--mission", "Supply Drop"
    )
    assert code == 0, stderr
    assert f"wrote {target}" in stderr
    return _pages(target)


def test_page_one_is_the_roster_with_its_six_items(official: list[str]) -> None:
    roster = official[0]
    # 1. player (here: how to name one) and faction
    assert "Player: not given" in roster
    assert "Faction: Raynor's Raiders (Terran)" in roster
    # 2. every unit, its loadout and upgrades
    assert "Goliath (1) model 1: Autocannon" in roster
    assert "Jim Raynor (1)" in roster
    # 3. and 4. Supply and Minerals per unit, and the totals
    assert "Marine (9) models 1-9: C-14 Rifle, Strike - 2 210" in roster
    assert "Total 13 1,670 of 2,000" in roster
    # 5. the Vespene Gas of each Tactical Card, and the total
    assert "Barracks (Proxy) 40" in roster
    assert "185 of 200" in roster
    # 6. two Mission Cards and two Deployment Cards
    assert "Mission Cards Hold Position, Supply Drop" in roster
    assert "Deployment Cards Gauntlet, Typhoon" in roster
    assert "Fingerprint: 5fbd-1305-4007-7074" in roster
    assert "Game data: " in roster


def test_page_two_has_each_unit_its_bands_and_the_rounds(official: list[str]) -> None:
    table = official[-1]
    assert (
        "1. Marine (9) starting Supply 2; Supply Profile (models: Supply) "
        "7-9: 2, 4-6: 1, 1-3: 0 →1 →0" in table
    )
    assert "4. Marauder (4) starting Supply 2" in table
    assert "3-4: 2, 2: 1, 1: 0 →1 →0" in table
    assert (
        "9. Goliath (1) starting Supply 2; Supply Profile (models: Supply) 1: 2 →0"
        in table
    )
    assert "Army's starting Supply: 13" in table
    assert "Round 1 Round 2 Round 3 Round 4 Round 5 Total" in table
    # Supply Drop at Standard: 6, 8, 10, 12, then unlimited
    assert "Supply Pool (Supply Drop) 6 8 10 12 ∞" in table
    assert "VP: opponent" in table


def test_without_a_mission_there_is_no_supply_pool(tmp_path: Path) -> None:
    target = tmp_path / "sheet.pdf"
    code, stderr = _export(str(OFFICIAL), "--format", "pdf", "-o", str(target))
    assert code == 0, stderr
    assert "Supply Pool" not in _pages(target)[-1]


@pytest.mark.parametrize(("paper", "width"), [("a4", 595), ("letter", 612)])
def test_the_paper_is_a4_or_letter(tmp_path: Path, paper: str, width: int) -> None:
    target = tmp_path / "sheet.pdf"
    code, _ = _export(
        str(OFFICIAL), "--format", "pdf", "-o", str(target), "--paper", paper
    )
    assert code == 0
    assert round(float(PdfReader(target).pages[0].mediabox.width)) == width


def test_spanish_accents_are_embedded(tmp_path: Path) -> None:
    target = tmp_path / "hoja.pdf"
    result = runner.invoke(
        app,
        ["export", str(OFFICIAL), "--format", "pdf", "-o", str(target), "--lang", "es"],
    )
    assert result.exit_code == 0, result.output
    text = " ".join(_pages(target))
    assert "Jugador" in text
    assert "Unidad" in text
    fonts = PdfReader(target).pages[0]["/Resources"]["/Font"]
    assert all(
        "/FontFile2"
        in str(
            f.get_object()["/DescendantFonts"][0]
            .get_object()["/FontDescriptor"]
            .get_object()
        )
        for f in fonts.values()
    )


def test_a_folder_is_one_file_a_page_set_per_list(tmp_path: Path) -> None:
    folder = tmp_path / "lists"
    folder.mkdir()
    for name in ("official-example.yaml", "zerg-swarm-roach-hydra.yaml"):
        (folder / name).write_text(
            (LISTS / name).read_text(encoding="utf-8"), encoding="utf-8"
        )
    target = tmp_path / "event.pdf"
    code, stderr = _export(str(folder), "--format", "pdf", "-o", str(target))
    assert code == 0, stderr
    pages = _pages(target)
    starts = [i for i, page in enumerate(pages) if page.startswith("At the table:")]
    assert len(starts) == 2
    assert "Rulebook example army" in pages[0]


def test_pdf_needs_a_file(tmp_path: Path) -> None:
    code, stderr = _export(str(OFFICIAL), "--format", "pdf")
    assert code == 2
    assert "give -o FILE.pdf" in stderr


def test_a_bad_output_path_says_so_and_writes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "no-such-folder" / "sheet.pdf"
    code, stderr = _export(str(OFFICIAL), "--format", "pdf", "-o", str(target))
    assert code == 2
    assert f"cannot write {target}" in stderr
    assert "Traceback" not in stderr
    assert not target.parent.exists()


def test_an_unknown_mission_is_a_usage_error(tmp_path: Path) -> None:
    target = tmp_path / "sheet.pdf"
    code, stderr = _export(
        str(OFFICIAL), "--format", "pdf", "-o", str(target), "--mission", "Hold Pos"
    )
    assert code == 2
    assert 'did you mean "Hold Position"' in stderr
    assert not target.exists()


def test_paper_goes_with_pdf_only() -> None:
    code, stderr = _export(str(OFFICIAL), "--paper", "letter")
    assert code == 2
    assert "--paper and --mission go with --format pdf" in stderr
