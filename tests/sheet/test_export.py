"""`armylist export` and `armylist schema`."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

import pytest
import yaml
from projectpaths import LISTS, OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app
from armylist.editing.schema import build_schema
from armylist.engine import check_text
from armylist.gamedata.catalog import Catalog
from armylist.listfile import ArmyList
from armylist.reporters.export import DISCORD_LIMIT, fits_discord, to_discord
from armylist.sheet.roster import build_roster

runner = CliRunner()


def export(path: Path, fmt: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["export", str(path), "--format", fmt])
    return result.exit_code, result.stdout, result.stderr


def test_text_export_is_one_line_per_unit_and_its_loadout() -> None:
    code, out, _ = export(OFFICIAL, "text")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Rulebook example army"
    assert lines[1] == "Player: not given (add `player: NAME` to the list)"
    assert lines[2] == (
        "Raynor's Raiders (Terran), Standard: 1,670/2,000 Minerals, 185/200 Vespene Gas"
    )
    assert lines[4] == "1. Marine (9), Supply 2, 210 Minerals"
    assert lines[5] == "   models 1-9: C-14 Rifle, Strike"
    assert lines[-3:] == [
        "Mission Cards: Hold Position, Supply Drop",
        "Deployment Cards: Gauntlet, Typhoon",
        "Total: 9 units, 38 models, starting Supply 13, 1,670 Minerals, "
        "185 Vespene Gas",
    ]
    assert len(lines) == 4 + 9 * 2 + 3


def test_markdown_export_has_a_table(tmp_path: Path) -> None:
    path = tmp_path / "l.yaml"
    path.write_text(
        OFFICIAL.read_text().replace(
            "  - unit: Goliath\n",
            "  - unit: Goliath\n    upgrades: [Haywire Missiles]\n",
        )
    )
    code, out, _ = export(path, "markdown")
    assert code == 0
    assert out.startswith("## Rulebook example army\n")
    assert "| # | Unit | Models | Supply | Minerals | Upgrades | Loadout |" in out
    assert "| 9 | Goliath | 1 | 2 | 230 | Haywire Missiles | model 1: " in out
    assert "**Total:** 9 units, 38 models, starting Supply 13, 1,710 Minerals" in out
    assert "**Mission Cards:** Hold Position, Supply Drop" in out


def test_discord_export_fits_and_says_so() -> None:
    code, out, err = export(OFFICIAL, "discord")
    assert code == 0
    assert out.startswith("**Rulebook example army**\n")
    assert len(out) <= DISCORD_LIMIT
    assert f"{len(out.rstrip()):,} of 2,000 characters: fits one Discord message" in err


def test_discord_export_says_when_it_does_not_fit(catalog: Catalog) -> None:
    units = "".join("  - unit: Medic\n" for _ in range(120))
    text = f"scale: standard\nfaction: Raynor's Raiders\nunits:\n{units}"
    result, context = check_text(text, "big.yaml", catalog)
    message = to_discord(build_roster(result, context))
    assert not fits_discord(message)
    assert fits_discord("x" * DISCORD_LIMIT + "\n")


def test_discord_export_over_the_limit_warns(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    units = "".join("  - unit: Medic\n" for _ in range(120))
    path.write_text(f"scale: standard\nfaction: Raynor's Raiders\nunits:\n{units}")
    code, _, err = export(path, "discord")
    assert code == 1  # and illegal: far too many Support slots
    assert "over Discord's 2,000-character limit" in err


def test_discord_escapes_markdown_in_names(catalog: Catalog) -> None:
    text = "name: my_list *best*\nscale: standard\nfaction: Raynor's Raiders\n"
    result, context = check_text(text, "x.yaml", catalog)
    assert to_discord(build_roster(result, context)).startswith(
        "**my\\_list \\*best\\***\n"
    )


def test_json_export_is_the_normalised_list_with_costs(tmp_path: Path) -> None:
    path = tmp_path / "l.yaml"
    path.write_text(
        OFFICIAL.read_text().replace(
            "  - unit: Marine\n    models: 9\n",
            "  - unit: marine\n    models: 9\n    upgrades: [agg-12]\n",
            1,
        )
    )
    code, out, _ = export(path, "json")
    assert code == 0
    data = json.loads(out)
    first = data["units"][0]
    assert (first["unit"], first["models"], first["supply"], first["minerals"]) == (
        "Marine",
        9,
        2,
        220,
    )
    assert first["upgrades"][0] == {
        "name": "AGG-12",
        "id": "agg-12",
        "minerals": 10,
        "specialist": True,
        "replaces": "C-14 Rifle",
        "model": 1,
        "unknown": False,
        "note": "",
    }
    assert first["loadout"][0]["models"] == [1, 1]
    assert (
        data["units"][5]["models"] == 1
    )  # Jim Raynor: the single composition filled in
    assert data["tactical_cards"][1] == {
        "name": "Barracks (Proxy)",
        "id": "barracks-proxy",
        "kind": "tactical",
        "gas": 40,
        "slots": {"core": 2, "elite": 0, "support": 0, "air": 0, "hero": 0},
        "unknown": False,
        "note": "",
    }
    assert data["totals"] == {
        "units": 9,
        "unknown_units": 0,
        "models": 38,
        "supply": 13,
        "minerals": 1680,
        "gas": 185,
    }
    assert data["minerals"] == {"used": 1680, "limit": 2000}
    assert data["valid"] is True


# -- schema ---------------------------------------------------------------------------


def test_schema_follows_the_list_model(catalog: Catalog) -> None:
    schema = build_schema(catalog)
    assert set(schema["properties"]) == {f.name for f in fields(ArmyList)}
    assert schema["additionalProperties"] is False
    assert schema["properties"]["player"]["description"] == "who plays it"
    unit = schema["$defs"]["UnitEntry"]["properties"]["unit"]
    assert unit["description"] == "the unit's printed name or id, e.g. Marine"
    assert "Raynor's Raiders" in schema["properties"]["faction"]["enum"]
    assert "raynors-raiders" in schema["properties"]["faction"]["enum"]
    assert "Barracks (Proxy)" in schema["properties"]["tactical_cards"]["items"]["enum"]
    entry = schema["$defs"]["UnitEntry"]
    assert "Roachling" not in entry["properties"]["unit"]["enum"]  # summoned
    marine = next(
        rule["then"]
        for rule in entry["allOf"]
        if rule["if"]["properties"]["unit"]["const"] == "Marine"
    )
    assert marine["properties"]["models"]["enum"] == [6, 9]
    assert "AGG-12" in marine["properties"]["upgrades"]["items"]["enum"]
    assert marine["required"] == ["models"]


@pytest.mark.parametrize("path", sorted(LISTS.glob("*.yaml")), ids=lambda p: p.name)
def test_every_name_in_the_example_lists_is_in_the_schema(
    catalog: Catalog, path: Path
) -> None:
    schema = build_schema(catalog)
    props = schema["properties"]
    data = yaml.safe_load(path.read_text())
    assert data["faction"] in props["faction"]["enum"]
    assert data["scale"] in props["scale"]["enum"]
    for card in data.get("tactical_cards", []):
        assert card in props["tactical_cards"]["items"]["enum"]
    rules = schema["$defs"]["UnitEntry"]["allOf"]
    for entry in data.get("units", []):
        then = next(
            r["then"]
            for r in rules
            if r["if"]["properties"]["unit"]["const"] == entry["unit"]
        )
        if "models" in entry:
            assert entry["models"] in then["properties"]["models"]["enum"]
        for upgrade in entry.get("upgrades", []):
            assert upgrade in then["properties"]["upgrades"]["items"]["enum"]


def test_schema_command_prints_or_writes_json(tmp_path: Path) -> None:
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["title"] == "armylist army list"
    target = tmp_path / "armylist.schema.json"
    result = runner.invoke(app, ["schema", "-o", str(target)])
    assert result.exit_code == 0
    assert json.loads(target.read_text()) == json.loads(
        runner.invoke(app, ["schema"]).stdout
    )


@pytest.mark.parametrize("path", sorted(LISTS.glob("*.yaml")), ids=lambda p: p.name)
@pytest.mark.parametrize("fmt", ["text", "markdown", "discord"])
def test_every_text_export_carries_the_six_items_of_a_roster(
    path: Path, fmt: str, catalog: Catalog
) -> None:
    """ORGANISED-PLAY.md §2: player and faction; units with loadout and upgrades;
    Supply and Minerals of each unit and the totals; Gas per card and the total; the
    2 + 2 scenario cards."""
    from armylist.sheet.roster import roster_file

    sheet = roster_file(path, catalog)
    _, out, _ = export(path, fmt)
    assert "Player:" in out
    assert sheet.faction is not None and sheet.faction in out
    for unit in sheet.units:
        assert f"Supply {unit.supply}" in out or f"| {unit.supply} |" in out
        assert f"{unit.minerals:,}" in out
        for upgrade in unit.upgrades:
            assert upgrade.name.replace("_", "\\_") in out or upgrade.name in out
        assert unit.loadout is not None
        for group in unit.loadout.groups:
            assert group.label in out
    for card in sheet.tactical_cards:
        assert f"{card.name} ({card.gas} Gas)" in out
    assert f"starting Supply {sheet.supply}" in out
    assert f"{sheet.minerals:,} Minerals" in out
    assert f"{sheet.gas:,} Vespene Gas" in out or f"{sheet.gas:,} Gas" in out
    for scenario in (*sheet.missions, *sheet.deployments):
        assert scenario in out
    assert len(sheet.missions) == 2 and len(sheet.deployments) == 2


@pytest.mark.parametrize("fmt", ["text", "markdown", "discord"])
def test_every_export_names_the_upgrades_every_model_carries(
    tmp_path: Path, fmt: str
) -> None:
    path = tmp_path / "shield.yaml"
    path.write_text(
        "scale: standard\nfaction: Terran Armed Forces\nunits:\n"
        "  - {unit: Marine, models: 9, upgrades: [Combat Shield, AGG-12]}\n"
    )
    _, out, _ = export(path, fmt)
    assert "models 2-9: C-14 Rifle, Strike; every model: Combat Shield" in out
