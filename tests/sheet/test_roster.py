"""The roster sheet: loadouts per model (§9.1.7) and `armylist show`."""

from __future__ import annotations

from pathlib import Path

import pytest
from projectpaths import OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app
from armylist.engine import check_text
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Unit, Upgrade
from armylist.sheet.roster import build_roster, loadout

runner = CliRunner()


def unit(catalog: Catalog, name: str) -> Unit:
    found = catalog.units.get(name)
    assert found is not None
    return found


def upgrades(card: Unit, *names: str) -> list[Upgrade]:
    by_name = {u.name: u for u in card.upgrades}
    return [by_name[n] for n in names]


def lines(card: Unit, models: int, *names: str) -> list[str]:
    sheet = loadout(card, models, upgrades(card, *names))
    return [f"{g.label}: {g.describe()}" for g in sheet.groups]


def test_two_specialists_sit_on_two_different_models(catalog: Catalog) -> None:
    marine = unit(catalog, "Marine")
    assert lines(marine, 9, "AGG-12", "Rocket Launcher") == [
        "model 1: AGG-12 (replaces C-14 Rifle), Strike",
        "model 2: Rocket Launcher, C-14 Rifle, Strike",
        "models 3-9: C-14 Rifle, Strike",
    ]


def test_the_specialist_order_follows_the_list(catalog: Catalog) -> None:
    marine = unit(catalog, "Marine")
    assert lines(marine, 6, "Rocket Launcher", "AGG-12")[:2] == [
        "model 1: Rocket Launcher, C-14 Rifle, Strike",
        "model 2: AGG-12 (replaces C-14 Rifle), Strike",
    ]


def test_a_for_upgrade_replaces_the_weapon_on_every_model(catalog: Catalog) -> None:
    marine = unit(catalog, "Marine")
    assert lines(marine, 9, "Bayonet") == [
        "models 1-9: C-14 Rifle, Bayonet (replaces Strike)"
    ]
    # ... including the SPECIALIST's model, which keeps its own swap as well.
    assert lines(marine, 9, "AGG-12", "Bayonet") == [
        "model 1: AGG-12 (replaces C-14 Rifle), Bayonet (replaces Strike)",
        "models 2-9: C-14 Rifle, Bayonet (replaces Strike)",
    ]


def test_upgrades_that_are_not_weapons_apply_to_every_model(catalog: Catalog) -> None:
    marine = unit(catalog, "Marine")
    sheet = loadout(marine, 6, upgrades(marine, "Combat Shield", "Grenades - Frag"))
    assert sheet.every_model == ("Combat Shield", "Grenades - Frag")
    assert [g.label for g in sheet.groups] == ["models 1-6"]


def test_a_second_for_upgrade_has_nothing_left_to_replace(catalog: Catalog) -> None:
    goliath = unit(catalog, "Goliath")
    sheet = loadout(
        goliath, 1, upgrades(goliath, "Haywire Missiles", "Scatter Missiles")
    )
    described = sheet.groups[0].describe()
    assert "Haywire Missiles (replaces Hellfire Missiles)" in described
    assert "Hellfire Missiles," not in described + ","
    assert "Scatter Missiles" not in described  # a replacement needs its weapon
    assert sheet.notes == (
        "Scatter Missiles: not carried, no Hellfire Missiles left to replace",
    )


def test_more_specialists_than_models_leaves_a_note(catalog: Catalog) -> None:
    marine = unit(catalog, "Marine")
    sheet = loadout(marine, 1, upgrades(marine, "AGG-12", "Rocket Launcher"))
    assert [g.label for g in sheet.groups] == ["model 1"]
    assert sheet.notes == (
        "Rocket Launcher: no model left to carry it (one SPECIALIST a model)",
    )


def test_build_roster_totals_the_official_example(catalog: Catalog) -> None:
    result, context = check_text(OFFICIAL.read_text(), "example.yaml", catalog)
    roster = build_roster(result, context)
    assert roster.minerals == 1670 and roster.gas == 185
    assert roster.supply == 13
    assert roster.model_count == 9 + 9 + 6 + 4 + 2 + 1 + 3 + 3 + 1
    assert [u.position for u in roster.units] == list(range(1, 10))
    assert roster.units[0].stats == "Size 2, HP 2, Evade 5+, Armour 5+, Speed 4/7"


def with_upgrades(tmp_path: Path) -> Path:
    text = OFFICIAL.read_text().replace(
        "  - unit: Marine\n    models: 9\n",
        "  - unit: Marine\n    models: 9\n    upgrades: [AGG-12, Rocket Launcher, Bayonet]\n",
        1,
    )
    path = tmp_path / "list.yaml"
    path.write_text(text)
    return path


def test_show_prints_the_sheet(tmp_path: Path) -> None:
    result = runner.invoke(app, ["show", str(with_upgrades(tmp_path))])
    assert result.exit_code == 0
    out = result.stdout
    assert "Faction: Raynor's Raiders (Terran)   Scale: Standard" in out
    assert "Tactical Cards (6, 185 of 200 Vespene Gas)" in out
    assert "Barracks (Proxy)   40 Gas  +2 Core" in out
    assert " 1. Marine (9)  Core, Supply 2, 290 Minerals (210 + 80 upgrades)" in out
    assert "model 1: AGG-12 (replaces C-14 Rifle), Bayonet (replaces Strike)" in out
    assert "model 2: Rocket Launcher, C-14 Rifle, Bayonet (replaces Strike)" in out
    assert " 6. Jim Raynor (1)  Hero, Unique, Supply 1, 250 Minerals" in out
    assert (
        "Totals: 9 units, 38 models, starting Supply 13; 1,750 of 2,000 Minerals" in out
    )
    assert "legal list" in out


def test_show_closed_hides_the_units(tmp_path: Path) -> None:
    result = runner.invoke(app, ["show", str(with_upgrades(tmp_path)), "--closed"])
    assert result.exit_code == 0
    out = result.stdout
    assert "Closed list (§9.1.10)" in out
    assert "Orbital Command" in out and "Engineering Bay" in out
    assert "Units: 9 (revealed as they deploy)" in out
    for hidden in ("Marine", "AGG-12", "Jim Raynor", "Minerals (", "model 1"):
        assert hidden not in out


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (
            "scale: standard\nfaction: Raynor's Raiders\nunits:\n  - unit: Marine\n"
            "    models: 7\n",
            1,
        ),
        ("faction: [oops\n", 1),
    ],
)
def test_show_exits_1_for_an_illegal_or_unreadable_list(
    tmp_path: Path, text: str, code: int
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    result = runner.invoke(app, ["show", str(path)])
    assert result.exit_code == code
    assert "Traceback" not in result.output


def test_show_illegal_list_still_prints_and_says_why(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "scale: standard\nfaction: Raynor's Raiders\nunits:\n"
        "  - unit: Marine\n    models: 7\n"
    )
    result = runner.invoke(app, ["show", str(path)])
    assert "loadout unknown" in result.stdout
    assert "not a legal list" in result.stderr


def test_show_of_a_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["show", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2
    assert "no such list file" in result.stderr


def test_show_numbers_units_as_remove_counts_them(tmp_path: Path) -> None:
    # An unknown unit is not on the sheet, but it keeps its place: `show` must not
    # renumber the units after it, or `remove FILE unit N` removes another unit.
    path = tmp_path / "typo.yaml"
    path.write_text(
        "scale: standard\nfaction: Raynor's Raiders\nunits:\n"
        "  - unit: Marien\n    models: 9\n  - unit: Medic\n  - unit: Goliath\n"
    )
    result = runner.invoke(app, ["show", str(path)])
    assert " 3. Goliath (1)" in result.stdout
    assert " 2. Goliath" not in result.stdout
    result = runner.invoke(app, ["remove", str(path), "unit", "3"])
    assert result.exit_code == 0
    assert "removed unit #3 Goliath (1)" in result.stdout
    assert "Goliath" not in path.read_text()


def test_show_of_a_file_that_is_not_utf8_says_it_cannot_read_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: Zoë\n".encode("latin-1"))
    result = runner.invoke(app, ["show", str(path)])
    assert result.exit_code == 1
    assert "cannot read" in result.stderr and "not UTF-8" in result.stderr
    assert "cannot edit" not in result.stderr
