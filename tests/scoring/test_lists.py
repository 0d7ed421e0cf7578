"""Games with both players' lists: units lost by name, scored by their Supply Profile."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from projectpaths import LISTS

from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.scoring.files import open_game, save_game
from armylist.scoring.record import RecordError
from armylist.scoring.score import score

TERRAN = LISTS / "terran-armed-forces-skirmish-patrol.yaml"
ZERG = LISTS / "zerg-swarm-skirmish-raiding-pack.yaml"


def write_game(folder: Path, rounds: str, blue_list: Path = ZERG) -> Path:
    # The lists beside the record: a record names lists in its own folder.
    for source in (TERRAN, blue_list):
        if source.exists() and source.parent != folder:
            shutil.copy(source, folder / source.name)
    path = folder / "game.yaml"
    path.write_text(
        "mission: Hold Position\n"
        "scale: skirmish\n"
        "players:\n"
        f"  red: {{name: Alice, list: {TERRAN.name}}}\n"
        f"  blue: {{name: Bob, list: {blue_list.name}}}\n"
        "first_player: red\n"
        f"rounds:\n{rounds}",
        encoding="utf-8",
    )
    return path


def test_units_lost_score_by_the_supply_profile(
    tmp_path: Path, catalog: Catalog
) -> None:
    # 9 Marines to 6: Supply 2 to 1, 1 VP (seed 001); the 6-Marine squad wiped out: 1.
    path = write_game(
        tmp_path,
        "  - round: 1\n"
        "    supply_lost: {red: 'Marine:3, Marine#2:6', blue: 2}\n"
        "    roll_off: blue\n",
    )
    result = score(open_game(path, catalog))
    assert (result.rounds[0].vp.red, result.rounds[0].vp.blue) == (2, 2)
    assert result.rounds[0].supply_pool == 3


def test_a_unit_loses_no_more_models_than_it_has_left(
    tmp_path: Path, catalog: Catalog
) -> None:
    path = write_game(
        tmp_path,
        "  - round: 1\n"
        "    supply_lost: {red: 'Marine:8'}\n"
        "  - round: 2\n"
        "    supply_lost: {red: ['Marine:2']}\n",
    )
    with pytest.raises(RecordError) as raised:
        score(open_game(path, catalog))
    assert "Marine has 1 model left; it cannot lose 2" in raised.value.message
    assert raised.value.line == 11


def test_a_summoned_unit_gives_no_vp(tmp_path: Path, catalog: Catalog) -> None:
    path = write_game(
        tmp_path, "  - round: 1\n    supply_lost: {blue: 'Roachling:1'}\n"
    )
    first = score(open_game(path, catalog)).rounds[0]
    assert first.vp.red == 0
    assert any("Roachling is a summoned unit" in note for note in first.notes)


def test_a_missing_list_is_refused(tmp_path: Path, catalog: Catalog) -> None:
    path = write_game(tmp_path, "  []\n", blue_list=tmp_path / "nowhere.yaml")
    with pytest.raises(Refused, match="no such list file"):
        open_game(path, catalog)


def test_saving_and_reopening_keeps_the_record(
    tmp_path: Path, catalog: Catalog
) -> None:
    path = write_game(tmp_path, "  - round: 1\n    contest: {5: {red: 0, blue: 2}}\n")
    game = open_game(path, catalog)
    save_game(path, game.record)
    assert open_game(path, catalog).record == game.record


def test_a_misspelt_unit_lost_suggests_the_list_s_unit(
    tmp_path: Path, catalog: Catalog
) -> None:
    path = write_game(
        tmp_path, "  - round: 1\n    supply_lost: {blue: 'Zerglings:6'}\n"
    )
    with pytest.raises(RecordError) as raised:
        score(open_game(path, catalog))
    assert "Blue's list has no unit called 'Zerglings'" in raised.value.message
    assert '(did you mean "Zergling"?)' in raised.value.message
