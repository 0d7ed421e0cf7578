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
