""" "Did you mean" wherever a name is typed (issue 11, item 8).

A race name suggests its Faction Cards, a part of a name suggests the names it is part
of, rule codes are case-insensitive, and a name copied from a table with "(Unique)" or
"(provisional)" after it is accepted wherever names are looked up.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from projectpaths import OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app
from armylist.gamedata.loading import load_catalog

runner = CliRunner()


@pytest.mark.parametrize("race", ["Zerg", "protoss", "TERRAN"])
def test_a_race_name_suggests_its_faction_cards(race: str) -> None:
    result = runner.invoke(app, ["units", "--faction", race])
    assert result.exit_code == 2
    expected = [
        f.name
        for f in load_catalog().factions.all
        if f.race.value.casefold() == race.casefold()
    ]
    assert expected
    for name in expected:
        assert f'"{name}"' in result.stderr, (name, result.stderr)


def test_part_of_a_faction_name_suggests_it() -> None:
    result = runner.invoke(app, ["units", "--faction", "raynor"])
    assert result.exit_code == 2
    assert "did you mean" in result.stderr and '"Raynor\'s Raiders"' in result.stderr


def test_info_suggests_the_cards_whose_name_holds_the_word() -> None:
    result = runner.invoke(app, ["info", "raptor"])
    assert result.exit_code == 2
    raptors = [
        u.name for u in load_catalog().units.all if "raptor" in u.name.casefold()
    ]
    assert raptors
    assert '"Factory"' not in result.stderr
    for name in raptors:
        assert f'"{name}"' in result.stderr, (name, result.stderr)


@pytest.mark.parametrize("code", ["al302", "Al302", "AL302", "slots-exceeded"])
def test_rule_codes_are_case_insensitive(code: str) -> None:
    result = runner.invoke(app, ["rules", code])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("AL302 slots-exceeded")


def test_a_misspelt_rule_code_gets_a_suggestion() -> None:
    result = runner.invoke(app, ["rules", "AL3O2"])
    assert result.exit_code == 2
    assert "AL302" in result.stderr


@pytest.mark.parametrize(
    "copied",
    ["Jim Raynor (Unique)", "Siege Tank (provisional)", "jim raynor (unique)"],
)
def test_info_accepts_a_name_copied_from_a_table(copied: str) -> None:
    result = runner.invoke(app, ["info", copied, "--format", "json"])
    assert result.exit_code == 0, result.output
    name = copied.rsplit(" (", 1)[0]
    assert json.loads(result.stdout)["name"].casefold() == name.casefold()


def test_units_accepts_a_faction_copied_from_the_factions_table() -> None:
    provisional = [f for f in load_catalog().factions.all if f.provisional]
    copied = (
        f"{provisional[0].name} (provisional)" if provisional else "Zerg Swarm (Unique)"
    )
    result = runner.invoke(app, ["units", "--faction", copied, "--format", "json"])
    if provisional:
        assert result.exit_code == 0, result.output
    else:  # "(Unique)" is a unit's mark, never a faction's: still refused
        assert result.exit_code == 2


def test_a_list_may_use_names_copied_from_the_units_table(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    shutil.copy(OFFICIAL, path)
    text = path.read_text(encoding="utf-8").replace(
        "- unit: Jim Raynor", "- unit: Jim Raynor (Unique)"
    )
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["validate", str(path), "--format", "json"])
    assert result.exit_code == 0, result.stdout
    units = json.loads(result.stdout)["results"][0]["units"]
    assert "Jim Raynor" in [u["unit"] for u in units]


def test_add_accepts_a_unit_copied_from_the_units_table(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(
        "scale: standard\nfaction: Raynor's Raiders\ntactical_cards: []\nunits: []\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["add", str(path), "unit", "Jim Raynor (Unique)"])
    assert result.exit_code == 0, result.output
    assert "unit: Jim Raynor" in path.read_text(encoding="utf-8")
