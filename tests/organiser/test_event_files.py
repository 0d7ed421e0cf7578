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
    assert (
        "event.yaml:1:8: scale: Grand Offensive is not an organised-play scale" in out
    )


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


def _rosz(*, forge: bool = True) -> bytes:
    from importing import fixtures

    ros = fixtures.to_ros(fixtures.newrecruit_ttpiba())
    if not forge:  # the roster without its Forge card
        at = ros.index('name="Forge"')
        start = ros.rfind("<selection", 0, at)
        ros = ros[:start] + ros[ros.index("</selection>", at) + len("</selection>") :]
    return fixtures.rosz({"money.ros": ros.encode()})


def test_lock_reads_a_rosz_roster_as_every_command_does(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    rosz = _rosz()
    (tmp_path / "sub" / "dan.rosz").write_bytes(rosz)
    event = _event(
        tmp_path,
        "players:\n  - {name: Ana, rosters: [ana.yaml]}\n"
        "  - {name: Dan, rosters: [sub/dan.rosz]}\n",
    )
    result = runner.invoke(app, ["event", "lock", str(event)])
    assert result.exit_code == 0, result.stderr
    assert "sub/dan.rosz" in event.read_text(encoding="utf-8")
    copy = tmp_path / "event.locked" / "sub" / "dan.rosz.lock"
    assert copy.read_bytes() == rosz
    _, out = _validate(event)
    assert "roster-changed" not in out
    # a change is named from the locked zip; locking it keeps the zip as version 1
    (tmp_path / "sub" / "dan.rosz").write_bytes(_rosz(forge=False))
    _, out = _validate(event)
    assert "AL706 roster-changed" in out and "- card Forge" in out
    assert runner.invoke(app, ["event", "lock", str(event)]).exit_code == 0
    assert (copy.parent / "dan.rosz.v1.lock").read_bytes() == rosz


def test_a_roster_that_cannot_be_read_locks_nothing_and_says_so(
    tmp_path: Path,
) -> None:
    import socket

    event = _event(
        tmp_path,
        "players:\n  - {name: Ana, rosters: [ana.yaml]}\n"
        "  - {name: Dan, rosters: [dan.rosz]}\n",
    )
    before = event.read_text()
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(tmp_path / "dan.rosz"))  # a socket where a roster should be
        result = runner.invoke(app, ["event", "lock", str(event)])
    assert result.exit_code == 2
    assert "cannot write" not in result.stderr
    assert f"{event}: nothing was locked: cannot read " in result.stderr
    assert "dan.rosz" in result.stderr and "socket" in result.stderr
    assert event.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "ana.yaml",
        "dan.rosz",
        "event.yaml",
    ]
    # a file that reads but is no list is refused as such
    (tmp_path / "dan.rosz").unlink()
    (tmp_path / "dan.rosz").write_bytes(b"PK\x03\x04 not a zip")
    result = runner.invoke(app, ["event", "lock", str(event)])
    assert result.exit_code == 2
    assert "dan.rosz cannot be read as a list, so it cannot be locked" in (
        result.stderr
    )
    assert not (tmp_path / "event.locked").exists()


def test_a_failed_lock_leaves_nothing_behind_and_keeps_the_earlier_lock(
    tmp_path: Path,
) -> None:
    event = _event(tmp_path, "players:\n  - {name: Ana, rosters: [ana.yaml]}\n")
    assert runner.invoke(app, ["event", "lock", str(event)]).exit_code == 0
    locked = event.read_text()
    (tmp_path / "ana.yaml").write_text(ROSTER + "  - unit: Stalker\n")
    event.chmod(0o444)  # the event file cannot be written: the last step fails
    try:
        result = runner.invoke(app, ["event", "lock", str(event)])
    finally:
        event.chmod(0o644)
    assert result.exit_code == 2
    assert "cannot write" in result.stderr and "read-only" in result.stderr
    assert event.read_text() == locked
    # the copies are those of the earlier lock, and no half-built folder is left
    assert (tmp_path / "event.locked" / "ana.yaml.lock").read_text() == ROSTER
    assert [p.name for p in (tmp_path / "event.locked").iterdir()] == ["ana.yaml.lock"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "ana.yaml",
        "event.locked",
        "event.yaml",
    ]


def test_a_failed_first_lock_writes_no_copy(tmp_path: Path) -> None:
    event = _event(tmp_path, "players:\n  - {name: Ana, rosters: [ana.yaml]}\n")
    event.chmod(0o444)
    try:
        result = runner.invoke(app, ["event", "lock", str(event)])
    finally:
        event.chmod(0o644)
    assert result.exit_code == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ana.yaml", "event.yaml"]


def test_locking_a_correction_keeps_every_earlier_version(tmp_path: Path) -> None:
    event = _event(tmp_path, "players:\n  - {name: Ana, rosters: [ana.yaml]}\n")
    folder = tmp_path / "event.locked"
    versions = [ROSTER, ROSTER + "  - unit: Stalker\n", ROSTER + "  - unit: Adept\n"]
    outputs = []
    for text in versions:
        (tmp_path / "ana.yaml").write_text(text)
        result = runner.invoke(app, ["event", "lock", str(event)])
        assert result.exit_code == 0, result.stderr
        outputs.append(result.stdout)
    assert (folder / "ana.yaml.v1.lock").read_text() == versions[0]
    (tmp_path / "plain").mkdir()  # the folder has the permissions any new folder has
    assert folder.stat().st_mode == (tmp_path / "plain").stat().st_mode
    (tmp_path / "plain").rmdir()
    assert (folder / "ana.yaml.v2.lock").read_text() == versions[1]
    assert (folder / "ana.yaml.lock").read_text() == versions[2]
    assert "changed since the last lock; the earlier version kept as " in outputs[2]
    assert "ana.yaml.v2.lock" in outputs[2]
    # locking again without a change keeps no new version; validate compares with
    # the last lock
    assert runner.invoke(app, ["event", "lock", str(event)]).exit_code == 0
    assert sorted(p.name for p in folder.iterdir()) == [
        "ana.yaml.lock",
        "ana.yaml.v1.lock",
        "ana.yaml.v2.lock",
    ]
    _, out = _validate(event)
    assert "roster-changed" not in out


def test_lock_names_the_illegal_rosters_it_locks(tmp_path: Path) -> None:
    event = _event(
        tmp_path,
        "players:\n  - {name: Ana, rosters: [ana.yaml]}\n"
        "  - {name: Ben, rosters: [ben.yaml]}\n",
    )
    (tmp_path / "ben.yaml").write_text(
        ROSTER.replace("Ana", "Ben") + "  - unit: Zealot\n    models: 9\n"
    )
    result = runner.invoke(app, ["event", "lock", str(event)])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].endswith("  ana.yaml")
    assert "  ben.yaml  (illegal, 1 error: see `armylist validate " in lines[1]
    assert "rosters locked, 1 of them illegal" in result.stderr
    spanish = runner.invoke(app, ["--lang", "es", "event", "lock", str(event)])
    assert spanish.exit_code == 0
    assert "ilegal" in spanish.stdout and "ilegal" in spanish.stderr


def test_helps_and_messages_cite_the_guide_not_a_file_users_lack() -> None:
    from babel.messages.pofile import read_po
    from projectpaths import ROOT

    locale = ROOT / "armylist" / "text" / "locale"
    assert "ORGANISED-PLAY.md" not in (locale / "armylist.pot").read_text("utf-8")
    with (locale / "es" / "LC_MESSAGES" / "armylist.po").open("rb") as po:
        spanish = {m.id: m.string for m in read_po(po) if isinstance(m.id, str)}
    sections = {
        "lock": ("§4", "Lock every player's rosters"),
        "standings": ("§6-7", "The standings of an event"),
        "pair": ("§8", "The Swiss pairings of the next round"),
    }
    for command, (section, start) in sections.items():
        result = runner.invoke(
            app, ["event", command, "--help"], env={"COLUMNS": "200"}
        )
        assert f"(the Organised Play guide, {section})" in " ".join(
            result.stdout.split()
        )
        (help_text,) = [es for en, es in spanish.items() if en.startswith(start)]
        assert f"(la guía de Organised Play, {section})" in help_text
