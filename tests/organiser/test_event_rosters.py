"""What the event file says of each roster: its player, and the player's scenario
cards (`mission_cards:` / `deployment_cards:`), for rosters from other builders, whose
exports carry neither and cannot be edited."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from importing import fixtures
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()
CARDS = "    mission_cards: [Hold Position, Frontlines]\n" + (
    "    deployment_cards: [Gauntlet, Typhoon]\n"
)


def _event(tmp_path: Path, players: str, head: str = "name: Cup\n") -> Path:
    """An event folder: two Command Center rosters (no player, no scenario cards) in
    sub/, and the event file beside it."""
    (tmp_path / "sub").mkdir()
    for name in ("ivy.json", "bo.json"):
        (tmp_path / "sub" / name).write_bytes(
            fixtures.dumps(fixtures.vniemu_flattened())
        )
    event = tmp_path / "event.yaml"
    event.write_text(head + "players:\n" + players, encoding="utf-8")
    return event


def _validate(event: Path, *args: str) -> tuple[int, dict[str, dict[str, object]]]:
    result = runner.invoke(
        app,
        [
            *args,
            "validate",
            str(event.parent / "sub"),
            "--event",
            str(event),
            "--format",
            "json",
        ],
    )
    assert result.exit_code in (0, 1), result.output
    results = json.loads(result.stdout)["results"]
    return result.exit_code, {Path(str(r["file"])).name: r for r in results}


def _codes(result: dict[str, object]) -> set[str]:
    return {f["code"] for f in _findings(result)}


def _findings(result: dict[str, object], code: str = "") -> list[dict[str, str]]:
    findings = result["findings"]
    assert isinstance(findings, list)
    return [f for f in findings if f["code"] == code or not code]


def _no_player(result: dict[str, object]) -> list[dict[str, str]]:
    """The `roster-incomplete` finding about the player (not the cards)."""
    return [f for f in _findings(result, "AL703") if "names no player" in f["message"]]


def test_the_event_names_the_player_of_each_roster(tmp_path: Path) -> None:
    event = _event(
        tmp_path,
        "  - {name: Ivy, rosters: [sub/ivy.json]}\n"
        "  - {name: Bo Ruiz, rosters: [sub/bo.json]}\n",
    )
    code, results = _validate(event)
    assert code == 0
    assert results["ivy.json"]["player"] == "Ivy"
    assert results["bo.json"]["player"] == "Bo Ruiz"
    assert not _no_player(results["ivy.json"]) and not _no_player(results["bo.json"])
    summary = tmp_path / "summary.csv"
    result = runner.invoke(
        app,
        [
            "validate",
            str(tmp_path / "sub"),
            "--event",
            str(event),
            "--summary",
            str(summary),
        ],
    )
    assert result.exit_code == 0, result.output
    text = summary.read_text(encoding="utf-8")
    rows = {
        Path(row["file"]).name: row["player"]
        for row in csv.DictReader(text.splitlines())
    }
    assert rows["ivy.json"] == "Ivy" and rows["bo.json"] == "Bo Ruiz"
    # the roster pack prints the event's name for each roster
    pack = runner.invoke(
        app,
        ["export", str(tmp_path / "sub"), "--format", "html", "--event", str(event)],
    )
    assert pack.exit_code == 0, pack.output
    assert '<dd class="player">Ivy</dd>' in pack.stdout
    assert '<dd class="player">Bo Ruiz</dd>' in pack.stdout
    assert "No player is named" not in pack.stdout
    one = runner.invoke(
        app, ["export", str(tmp_path / "sub" / "ivy.json"), "--event", str(event)]
    )
    assert one.exit_code == 0 and "Player: Ivy\n" in one.stdout


def test_the_hint_for_an_unnamed_export_can_be_followed(tmp_path: Path) -> None:
    """An export the event does not name: the hint says how to name its player (the
    event file, or the YAML it imports to), and following it clears the warning."""
    event = _event(tmp_path, "  - {name: Ivy, rosters: [sub/ivy.json]}\n")
    _, results = _validate(event)
    (finding,) = _no_player(results["bo.json"])
    bo = str(tmp_path / "sub" / "bo.json")
    assert "add `player: NAME`" not in finding["hint"]
    assert "name the player in the event file" in finding["hint"]
    assert f"`armylist import {bo} -o bo.yaml`" in finding["hint"]
    assert "`armylist set bo.yaml player NAME`" in finding["hint"]
    _, spanish = _validate(event, "--lang", "es")
    hint = _findings(spanish["bo.json"], "AL703")[0]["hint"]
    assert "archivo del evento" in hint and "`armylist set bo.yaml player" in hint
    # follow the second way: import, set, and check the YAML in its place
    converted = tmp_path / "sub" / "bo.yaml"
    assert runner.invoke(app, ["import", bo, "-o", str(converted)]).exit_code == 0, (
        "import"
    )
    assert runner.invoke(app, ["set", str(converted), "player", "Bo"]).exit_code == 0
    (tmp_path / "sub" / "bo.json").unlink()
    _, results = _validate(event)
    assert results["bo.yaml"]["player"] == "Bo"
    assert not _no_player(results["bo.yaml"])


def test_an_unnamed_yaml_roster_keeps_the_edit_hint(tmp_path: Path) -> None:
    event = _event(tmp_path, "  - {name: Ivy, rosters: [sub/ivy.json]}\n")
    converted = tmp_path / "sub" / "bo.yaml"
    bo = tmp_path / "sub" / "bo.json"
    assert runner.invoke(app, ["import", str(bo), "-o", str(converted)]).exit_code == 0
    bo.unlink()
    _, results = _validate(event)
    (finding,) = _no_player(results["bo.yaml"])
    assert finding["hint"].startswith("add `player: NAME` to the list")


def test_the_event_gives_a_players_scenario_cards(tmp_path: Path) -> None:
    """Under the guide's defaults (`format: dual`) an export without scenario cards
    is illegal; the event file gives the player's cards, and validate, lock and the
    draft read the roster with them."""
    event = _event(
        tmp_path,
        "  - name: Ivy\n    rosters: [sub/ivy.json]\n" + CARDS + "  - name: Bo\n"
        "    rosters: [sub/bo.json]\n",
        head="name: Cup\nscale: standard\nformat: dual\n",
    )
    code, results = _validate(event)
    assert code == 1  # Bo has no cards yet
    assert "AL702" not in _codes(results["ivy.json"])
    assert results["ivy.json"]["valid"] is True
    bo = _findings(results["bo.json"], "AL702")
    assert len(bo) == 2
    assert "mission_cards: [..., ...]" in bo[0]["hint"] + bo[1]["hint"]
    assert not any(f["hint"].startswith("add `") for f in bo)
    # the draft refuses Bo's export, saying where the cards go
    draft = [
        "draft",
        str(tmp_path / "sub" / "ivy.json"),
        str(tmp_path / "sub" / "bo.json"),
        "--event",
        str(event),
        "--seed",
        "3",
        "--auto",
    ]
    refused = runner.invoke(app, draft)
    assert refused.exit_code == 1
    assert "`mission_cards:` beside their rosters" in refused.stderr
    event.write_text(
        event.read_text(encoding="utf-8")
        + "    mission_cards: [Supply Drop, Frontlines]\n"
        + "    deployment_cards: [Breach, Acropolis]\n",
        encoding="utf-8",
    )
    code, results = _validate(event)
    assert code == 0
    drafted = runner.invoke(app, draft)
    assert drafted.exit_code == 0, drafted.output
    assert "Ivy" in drafted.stdout and "Bo" in drafted.stdout
    # the lock records the rosters as the event reads them: nothing has changed
    locked = runner.invoke(app, ["event", "lock", str(event)])
    assert locked.exit_code == 0, locked.output
    code, results = _validate(event)
    assert code == 0
    assert "AL706" not in _codes(results["ivy.json"]) | _codes(results["bo.json"])


def test_a_players_cards_are_checked_against_the_game_data(tmp_path: Path) -> None:
    event = _event(
        tmp_path,
        "  - name: Ivy\n    rosters: [sub/ivy.json]\n"
        "    mission_cards: [Hold Positon, Hold Position]\n"
        "    deployment_cards: [Frontier, Gauntlet, Typhoon]\n",
        head="scale: standard\n",
    )
    result = runner.invoke(
        app, ["validate", str(tmp_path / "sub"), "--event", str(event)]
    )
    assert result.exit_code == 2
    err = result.stderr
    assert (
        "event.yaml:5: players[0].mission_cards[0]: 'Hold Positon' is no Mission "
        'Card (did you mean "Hold Position"?)' in err
    )
    assert (
        "event.yaml:6: players[0].deployment_cards[0]: Frontier is a Skirmish "
        "Deployment Card; the event plays Standard" in err
    )
    assert (
        "event.yaml:6: players[0].deployment_cards: 3 Deployment Cards given: a "
        "player brings exactly 2" in err
    )
    spanish = runner.invoke(
        app, ["--lang", "es", "validate", str(tmp_path / "sub"), "--event", str(event)]
    )
    assert spanish.exit_code == 2
    assert "no es ninguna Mission Card" in spanish.stderr


def test_the_event_schema_names_the_players_cards() -> None:
    result = runner.invoke(app, ["schema", "--event"])
    assert result.exit_code == 0, result.output
    schema = json.loads(result.stdout)
    assert schema["title"] == "armylist event file"
    assert schema["additionalProperties"] is False
    player = schema["$defs"]["EventPlayer"]
    assert player["additionalProperties"] is False
    missions = player["properties"]["mission_cards"]
    assert "Hold Position" in missions["items"]["enum"]
    assert (missions["minItems"], missions["maxItems"]) == (2, 2)
    assert "Gauntlet" in player["properties"]["deployment_cards"]["items"]["enum"]
    assert "line" not in schema["$defs"]["ResultEntry"]["properties"]
    assert "standard" in schema["properties"]["scale"]["enum"]
    # the list format's schema is still the default
    assert json.loads(runner.invoke(app, ["schema"]).stdout)["title"] == (
        "armylist army list"
    )
