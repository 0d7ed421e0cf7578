"""`armylist data check` passes on the bundled data and names file and line when broken."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armylist.cli import app
from armylist.gamedata.check import check

runner = CliRunner()


@pytest.fixture
def broken_copy(tmp_path: Path, data_dir: Path) -> Path:
    copy = tmp_path / "factions"
    shutil.copytree(data_dir, copy)
    return copy


def _replace(path: Path, old: str, new: str) -> int:
    """Replace the first occurrence; return its 1-based line."""
    text = path.read_text(encoding="utf-8")
    index = text.index(old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:index].count("\n") + 1


def test_bundled_data_passes() -> None:
    result = runner.invoke(app, ["data", "check"])
    assert result.exit_code == 0, result.output
    assert "OK" in result.output
    assert check()[1] == []


def test_wrong_starting_supply_is_reported_with_file_and_line(
    broken_copy: Path,
) -> None:
    line = _replace(
        broken_copy / "terran.yaml",
        "{models: 9, minerals: 210, supply: 2}",
        "{models: 9, minerals: 210, supply: 3}",
    )
    result = runner.invoke(app, ["data", "check", "--data", str(broken_copy)])
    assert result.exit_code == 2
    assert (
        f"terran.yaml:{line}: Marine: 9 models have starting Supply 3" in result.output
    )


def test_a_gap_in_a_supply_profile_is_reported(broken_copy: Path) -> None:
    _replace(broken_copy / "terran.yaml", '"4-6": 1', '"5-6": 1')
    _, problems = check(broken_copy)
    assert any(
        "without gaps" in p.message and p.file == "terran.yaml" for p in problems
    )


def test_an_upgrade_missing_a_composition_cost_is_reported(broken_copy: Path) -> None:
    _replace(broken_copy / "terran.yaml", "{6: 20, 9: 30}", "{6: 20}")
    _, problems = check(broken_copy)
    assert any("has costs for compositions [6]" in p.message for p in problems)


def test_a_for_upgrade_naming_a_missing_weapon_is_reported(broken_copy: Path) -> None:
    _replace(
        broken_copy / "terran.yaml", "replaces: C-14 Rifle", "replaces: C-15 Rifle"
    )
    _, problems = check(broken_copy)
    assert any("FOR 'C-15 Rifle'" in p.message for p in problems)


def test_a_schema_error_names_the_line(broken_copy: Path) -> None:
    line = _replace(broken_copy / "zerg.yaml", "gas: 25", "gas: lots")
    result = runner.invoke(app, ["data", "check", "--data", str(broken_copy)])
    assert result.exit_code == 2
    assert f"zerg.yaml:{line}:" in result.output


def test_duplicate_ids_and_unknown_tags_are_reported(broken_copy: Path) -> None:
    _replace(broken_copy / "protoss.yaml", "id: warp-gate", "id: gateway")
    _replace(
        broken_copy / "terran.yaml",
        "tags: [TERRAN]\n    gas: 25",
        "tags: [TERRAN, MENGSK]\n    gas: 25",
    )
    _, problems = check(broken_copy)
    messages = " | ".join(p.message for p in problems)
    assert "id 'gateway' is also used" in messages
    assert "MENGSK is on no Terran Faction Card" in messages


def test_summoned_unit_with_a_cost_is_reported(broken_copy: Path) -> None:
    text = (broken_copy / "protoss.yaml").read_text(encoding="utf-8")
    start = text.index("name: Pylon")
    cost = text.index("minerals: 0", start)
    (broken_copy / "protoss.yaml").write_text(
        text[:cost] + "minerals: 5" + text[cost + len("minerals: 0") :],
        encoding="utf-8",
    )
    _, problems = check(broken_copy)
    assert any("Pylon: a summoned unit costs 0" in p.message for p in problems)


def test_zerg_faction_without_an_eligible_creep_card(broken_copy: Path) -> None:
    path = broken_copy / "zerg.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("kind: creep", "kind: tactical"), encoding="utf-8")
    _, problems = check(broken_copy)
    assert any("must be able to take a Creep Card" in p.message for p in problems)


def test_missing_data_folder_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["data", "check", "--data", str(tmp_path)])
    assert result.exit_code == 2
    assert "no game.yaml" in result.output
