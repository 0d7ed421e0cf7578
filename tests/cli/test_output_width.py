"""Every table command fits the terminal width, keeps ids and names whole (issue 11, item 6).

The docs tell users to type the ids and names these commands print: one cut with
"…" cannot be typed back. Output follows `COLUMNS` (and the real terminal), also below
80 columns, and piped output carries no trailing spaces.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from projectpaths import LISTS
from rich.cells import cell_len
from typer.testing import CliRunner

from armylist.cli import app
from armylist.gamedata.loading import bundled_data_dir, load_catalog

WIDTHS = (60, 80, 120)
# Below 60 columns, the tables still cut nothing (they print rows as blocks).
NARROW = ("factions", "cards", "units-zerg", "info-unit", "validate-illegal", "supply")

OVER_BUDGET = """\
name: Too much for one Barracks
scale: standard
faction: Terran Armed Forces
tactical_cards: [Barracks, Academy, Engineering Bay]
units:
  - unit: Marine
    models: 9
  - unit: Marine
    models: 9
  - unit: Marine
    models: 9
  - unit: Marauder
    models: 4
    upgrades: [Concussive Shells]
  - unit: Goliath
  - unit: Siege Tank
"""


GAME = """\
mission: Hold Position
scale: standard
players:
  red: {name: Alice with a rather long name, list: lists/official-example.yaml}
  blue: {name: Bob, list: lists/zerg-swarm-roach-hydra.yaml}
first_player: red
rounds:
  - round: 1
    contest: {1: {red: 2}, 5: {red: 1, blue: 2}}
    supply_lost: {red: 0, blue: 1}
  - round: 2
    contest: {2: {blue: 3}, 5: {red: 2}}
    supply_lost: {red: "Marine:3", blue: 0}
"""


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Example lists, an illegal list, a team file and a changed copy of the data."""
    root = tmp_path_factory.mktemp("widths")
    shutil.copytree(LISTS, root / "lists")
    (root / "over.yaml").write_text(OVER_BUDGET, encoding="utf-8")
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "team.yaml").write_text(
        "name: A team with a long name that has to wrap somewhere\nminerals: 4000\n"
        "players: [lists/official-example.yaml, lists/zerg-swarm-roach-hydra.yaml]\n",
        encoding="utf-8",
    )
    old = root / "old-data"
    shutil.copytree(bundled_data_dir(), old)
    terran = old / "terran.yaml"
    terran.write_text(
        terran.read_text(encoding="utf-8").replace(
            "cost: {6: 20, 9: 30}", "cost: {6: 25, 9: 35}"
        ),
        encoding="utf-8",
    )
    return root


def commands() -> dict[str, list[str]]:
    """Every command that prints a table or a text report, run in the workspace."""
    official = "lists/official-example.yaml"
    zerg = "lists/zerg-swarm-roach-hydra.yaml"
    return {
        "factions": ["factions"],
        "cards": ["cards", "--faction", "kerrigans-swarm"],
        "units-terran": ["units", "--faction", "terran-armed-forces"],
        "units-zerg": ["units", "--faction", "kerrigans-swarm"],
        "info-unit": ["info", "Raynor's Raider (Marine)"],
        "info-faction": ["info", "terran-armed-forces"],
        "info-card": ["info", "Barracks (Proxy)"],
        "info-mission": ["info", "Hold Position"],
        "validate-legal": ["validate", official, zerg, "--format", "text"],
        "validate-illegal": ["validate", "over.yaml", "--format", "text"],
        "validate-team": ["validate", "--team", "team.yaml"],
        "show": ["show", zerg],
        "show-closed": ["show", official, "--closed"],
        "supply": ["supply", official, "-m", "Hold Position", "--losses", "Marine:3"],
        "draft": ["draft", official, zerg, "--seed", "7", "--auto"],
        "diff": ["diff", official, zerg],
        "data-diff": ["data", "diff", "old-data"],
        "attack": ["attack", "Zergling", "Marine", "--phase", "combat", "--charge"],
        "matchup": ["matchup", official, zerg],
        "game-score": ["game", "score", "game.yaml"],
    }


LABELS = list(commands())


def run_at(width: int, args: list[str]) -> str:
    result = CliRunner(env={"COLUMNS": str(width)}).invoke(app, args)
    assert result.exit_code in (0, 1), result.output
    return result.stdout


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("label", LABELS)
def test_table_output_fits_the_width_without_cutting_anything(
    workspace: Path, label: str, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(workspace)
    out = run_at(width, commands()[label])
    assert out.strip()
    assert "…" not in out, f"{label} at {width} columns cuts a word:\n{out}"
    for line in out.splitlines():
        assert cell_len(line) <= width, f"{label} wider than {width}: {line!r}"
        assert line == line.rstrip(), f"{label} pads with spaces: {line!r}"


@pytest.mark.parametrize("width", WIDTHS)
def test_every_faction_id_and_name_can_be_copied_from_the_table(width: int) -> None:
    out = run_at(width, ["factions"])
    lines = out.splitlines()
    for faction in load_catalog().factions.all:
        assert any(faction.id in line.split() for line in lines), (faction.id, out)
        assert any(faction.name in line for line in lines), (faction.name, out)


@pytest.mark.parametrize("width", WIDTHS)
def test_every_card_name_in_the_cards_table_is_whole(width: int) -> None:
    catalog = load_catalog()
    swarm = catalog.factions.get("kerrigans-swarm")
    assert swarm is not None
    out = run_at(width, ["cards", "--faction", swarm.id])
    for card in catalog.cards_for(swarm):
        assert card.name in out, (card.name, out)


@pytest.mark.parametrize("width", WIDTHS)
def test_unit_names_in_the_validate_report_are_whole(width: int) -> None:
    out = run_at(
        width,
        ["validate", str(LISTS / "zerg-swarm-roach-hydra.yaml"), "--format", "text"],
    )
    data = yaml.safe_load((LISTS / "zerg-swarm-roach-hydra.yaml").read_text("utf-8"))
    catalog = load_catalog()
    for entry in data["units"]:
        unit = catalog.units.get(entry["unit"])
        assert unit is not None
        assert unit.name in out, (unit.name, out)


@pytest.mark.parametrize("label", NARROW)
def test_a_very_narrow_terminal_gets_blocks_not_cut_words(
    workspace: Path, label: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(workspace)
    out = run_at(40, commands()[label])
    assert "…" not in out, out
    assert all(cell_len(line) <= 40 for line in out.splitlines()), out


def test_a_narrow_units_table_lists_each_upgrade_on_its_own_line() -> None:
    out = run_at(60, ["units", "--faction", "raynors-raiders"])
    # Each upgrade starts a line of its own: the wrapped "SPECIALIST FOR C-14 Rifle"
    # of AGG-12 must not read as an upgrade of its own.
    assert "    - AGG-12 (6: 10 / 9: 10) SPECIALIST FOR C-14 Rifle" in out
    assert "    - Rocket Launcher (6: 40 / 9: 40) SPECIALIST" in out
    assert "\n    SPECIALIST" not in out
