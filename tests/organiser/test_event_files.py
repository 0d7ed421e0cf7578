"""Event files to the organised-play guide: the submission keys, `event lock`."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()
ROSTER = "player: Ana\nscale: standard\nfaction: Khalai\nunits:\n  - unit: Zealot\n"


def _event(tmp_path: Path, text: str) -> Path:
    (tmp_path / "ana.yaml").write_text(ROSTER, encoding="utf-8")
    event = tmp_path / "event.yaml"
    event.write_text(text, encoding="utf-8")
    return event


def _validate(event: Path) -> tuple[int, str]:
    result = runner.invoke(app, ["validate", str(event.parent), "--event", str(event)])
    return result.exit_code, result.stdout + result.stderr


def test_grand_offensive_is_refused_for_organised_play(tmp_path: Path) -> None:
    event = _event(tmp_path, "scale: grand-offensive\nformat: dual\n")
    code, out = _validate(event)
    assert code == 2
    assert "event.yaml:1: scale: Grand Offensive is not an organised-play scale" in out


def test_a_deadline_needs_its_zone_and_a_format_is_dual_or_single(
    tmp_path: Path,
) -> None:
    event = _event(tmp_path, "format: double\ndeadline: 2026-05-02 23:59\n")
    code, out = _validate(event)
    assert code == 2
    assert "event.yaml:1: format: 'double' is not dual or single" in out
    assert "event.yaml:2: deadline: '2026-05-02 23:59' is not an ISO date-time" in out


def test_a_player_without_a_name_on_the_roster_gets_a_note(tmp_path: Path) -> None:
    event = _event(tmp_path, "name: Cup\n")
    (tmp_path / "ana.yaml").write_text(ROSTER.replace("player: Ana\n", ""))
    code, out = _validate(event)
    assert code == 0  # a warning
    assert "AL703 roster-incomplete" in out
    assert "the roster names no player" in out


def test_a_dual_list_event_requires_each_rosters_scenario_cards(tmp_path: Path) -> None:
    event = _event(tmp_path, "format: dual\n")
    code, out = _validate(event)
    assert code == 1
    assert "requires the list's 2 Mission Cards" in out


def test_lock_writes_the_fingerprints_keeping_comments(tmp_path: Path) -> None:
    text = "# Spring Cup\nname: Cup   # the name\nplayers:\n  - {name: Ana, rosters: [ana.yaml]}\n"
    event = _event(tmp_path, text)
    result = runner.invoke(app, ["event", "lock", str(event)])
    assert result.exit_code == 0, result.stderr
    written = event.read_text(encoding="utf-8")
    assert written.startswith(text)
    assert "locked:\n  ana.yaml: " in written
    fingerprint = written.split("ana.yaml: ")[-1].strip()
    assert result.stdout == f"{fingerprint}  ana.yaml\n"
    assert (tmp_path / "event.locked" / "ana.yaml.lock").read_text() == ROSTER
    # locking again changes nothing; validate finds nothing changed
    assert runner.invoke(app, ["event", "lock", str(event)]).exit_code == 0
    assert event.read_text(encoding="utf-8") == written
    code, out = _validate(event)
    assert "roster-changed" not in out
    # a change after the lock is an error naming what changed
    (tmp_path / "ana.yaml").write_text(ROSTER + "  - unit: Stalker\n")
    code, out = _validate(event)
    assert code == 1
    assert "AL706 roster-changed" in out and "+ unit Stalker" in out


def test_lock_refuses_a_missing_roster(tmp_path: Path) -> None:
    event = _event(tmp_path, "players:\n  - {name: Ana, rosters: [gone.yaml]}\n")
    before = event.read_text()
    result = runner.invoke(app, ["event", "lock", str(event)])
    assert result.exit_code == 2
    assert "the roster gone.yaml does not exist" in result.stderr
    assert event.read_text() == before


def test_lock_without_rosters_is_a_usage_error(tmp_path: Path) -> None:
    event = _event(tmp_path, "name: Cup\n")
    result = runner.invoke(app, ["event", "lock", str(event)])
    assert result.exit_code == 2
    assert "no player names a roster" in result.stderr


def test_a_roster_folder_gives_the_players_race_in_the_standings(
    tmp_path: Path,
) -> None:
    (tmp_path / "ben").mkdir()
    (tmp_path / "ben" / "one.yaml").write_text(ROSTER.replace("Ana", "Ben"))
    event = _event(
        tmp_path,
        "players:\n  - {name: Ana, rosters: [ana.yaml]}\n"
        "  - {name: Ben, rosters: [ben]}\n"
        "results:\n  - {round: 1, red: Ana, blue: Ben, vp: [5, 5]}\n",
    )
    result = runner.invoke(app, ["event", "standings", str(event), "--format", "csv"])
    assert result.exit_code == 0, result.stderr
    assert "Ben,Protoss" in result.stdout
