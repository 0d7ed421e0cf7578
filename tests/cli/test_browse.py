"""Browsing the data from the terminal: factions, cards, units, info."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()


def test_factions_by_race_with_tags_and_slots() -> None:
    result = runner.invoke(app, ["factions"])
    assert result.exit_code == 0
    assert "Raynor's Raiders" in result.stdout and "Kerrigan's Swarm" in result.stdout
    data = json.loads(runner.invoke(app, ["factions", "--format", "json"]).stdout)
    raiders = next(f for f in data if f["id"] == "raynors-raiders")
    assert raiders["slots"] == {
        "core": 3,
        "elite": 0,
        "support": 1,
        "air": 1,
        "hero": 1,
    }
    assert raiders["tags"] == ["TERRAN", "RAYNOR'S RAIDERS"]
    assert [f["race"] for f in data].count("Protoss") == 3


def test_cards_follow_the_tag_rule() -> None:
    result = runner.invoke(
        app, ["cards", "--faction", "zerg swarm", "--format", "json"]
    )
    assert result.exit_code == 0
    names = {c["name"]: c for c in json.loads(result.stdout)}
    assert "Accelerating Creep" in names and "Malignant Creep" not in names
    assert names["Overlord"]["gas"] == 35
    kerrigan = json.loads(
        runner.invoke(
            app, ["cards", "-f", "kerrigans-swarm", "--format", "json"]
        ).stdout
    )
    assert "Malignant Creep" in {c["name"] for c in kerrigan}
    text = runner.invoke(app, ["cards", "--faction", "Raynor's Raiders"]).stdout
    assert "Barracks (Proxy)" in text and "Gateway" not in text


def test_units_with_compositions_and_upgrade_costs() -> None:
    result = runner.invoke(
        app, ["units", "--faction", "Terran Armed Forces", "--format", "json"]
    )
    assert result.exit_code == 0
    units = {u["name"]: u for u in json.loads(result.stdout)}
    assert "Raynor's Raider (Marine)" not in units  # needs RAYNOR'S RAIDERS
    assert "Point Defense Drone" not in units  # summoned
    marine = units["Marine"]
    assert [
        (c["models"], c["minerals"], c["supply"]) for c in marine["compositions"]
    ] == [(6, 160, 1), (9, 210, 2)]
    text = runner.invoke(app, ["units", "--faction", "Terran Armed Forces"]).stdout
    assert "AGG-12" in text and "SPECIALIST" in text


def test_info_shows_one_card_in_full() -> None:
    result = runner.invoke(app, ["info", "MARINE"])
    assert result.exit_code == 0
    for expected in (
        "C-14 Rifle",
        "Supply Profile",
        "4-6 models: 1",
        "AGG-12",
        "Source",
    ):
        assert expected in result.stdout, expected
    data = json.loads(
        runner.invoke(app, ["info", "barracks-proxy", "--format", "json"]).stdout
    )
    assert (data["name"], data["gas"], data["slots"]["core"], data["unique"]) == (
        "Barracks (Proxy)",
        40,
        2,
        True,
    )


def test_unknown_names_suggest_and_exit_2() -> None:
    result = runner.invoke(app, ["info", "Marien"])
    assert result.exit_code == 2
    assert 'did you mean "Marine"' in result.stderr
    result = runner.invoke(app, ["units", "--faction", "Raynor Raiders"])
    assert result.exit_code == 2
    assert "Raynor's Raiders" in result.stderr


def test_a_name_with_no_near_miss_says_where_the_names_are() -> None:
    # Nothing close to suggest: the message still says how to find a real name.
    result = runner.invoke(app, ["info", "nonsenseword"])
    assert result.exit_code == 2
    assert "`armylist units --faction NAME`" in result.stderr
    result = runner.invoke(app, ["rules", "nonsense"])
    assert result.exit_code == 2
    assert "`armylist rules` lists them" in result.stderr


def _info(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["info", *args])
    return result.exit_code, " ".join(result.stdout.split()), result.stderr


def test_info_shows_an_upgrade_with_its_cost_its_effect_and_its_unit() -> None:
    code, out, _ = _info("Combat Shield")
    assert code == 0
    assert "Combat Shield: an upgrade of Marine" in out
    assert "Cost 6 models: 20 Minerals; 9 models: 30 Minerals" in out
    assert "In combat may Evade close combat attacks" in out
    # by id too, and with its weapon profile when it gives one
    code, out, _ = _info("haywire-missiles")
    assert code == 0
    assert "Haywire Missiles: an upgrade of Goliath" in out
    assert "Replaces Hellfire Missiles" in out
    assert "PIERCE Armoured (3)" in out


def test_info_shows_an_ability_on_every_card_that_prints_it() -> None:
    code, out, _ = _info("stimpack")
    assert code == 0
    for unit in ("Marine", "Raynor's Raider (Marine)", "Marauder"):
        assert f"Stimpack: an ability of {unit}" in out
    assert "C-14 Rifle, Strike, Bayonet: PRECISION (3)" in out
    assert "`armylist attack --ability Stimpack`" in out
    data = json.loads(
        runner.invoke(app, ["info", "Stimpack", "--format", "json"]).stdout
    )
    assert [(d["unit"], d["kind"]) for d in data] == [
        ("Marine", "ability"),
        ("Raynor's Raider (Marine)", "ability"),
        ("Marauder", "ability"),
    ]


def test_info_of_a_unit_lists_its_abilities() -> None:
    code, out, _ = _info("Marine")
    assert code == 0
    abilities = out[out.index("Abilities") :]
    assert abilities.startswith("Abilities Stimpack: C-14 Rifle, Strike, Bayonet")


def test_a_misspelt_upgrade_or_ability_gets_a_did_you_mean() -> None:
    code, _, err = _info("Stimpak")
    assert code == 2
    assert "no card, upgrade or ability called 'Stimpak'" in err
    assert 'did you mean "Stimpack"' in err
    code, _, err = _info("Combat Shieldd")
    assert code == 2
    assert '"Combat Shield"' in err


def test_info_of_an_upgrade_and_an_ability_speaks_spanish() -> None:
    code, out, _ = _info("Combat Shield", "--lang", "es")
    assert code == 0
    assert "Combat Shield: una mejora de Marine" in out
    assert "Costo 6 miniaturas: 20 Minerals; 9 miniaturas: 30 Minerals" in out
    assert "puede tirar Evade contra los ataques cuerpo a cuerpo" in out
    # the game data's sources are read in the language in use, as for a card
    assert "Fuente reglamento v1.0 §12.10 (Minerals); hoja de cartas Terran p. 1" in out
    assert "card sheet" not in out
    code, out, _ = _info("Stimpack", "--lang", "es")
    assert "Fuente hoja de cartas Terran p. 1, Stimpack" in out
    assert "card sheet" not in out
    code, out, _ = _info("Marine", "--lang", "es")
    assert "Habilidades Stimpack:" in out
    assert "su unidad sufre NON-LETHAL DAMAGE (2) al usarla" in out
    code, _, err = _info("Stimpak", "--lang", "es")
    assert code == 2
    assert "ninguna carta, mejora ni habilidad llamada 'Stimpak'" in " ".join(
        err.split()
    )
