"""The organised-play keys of an event file: each bad entry is a usage error (exit 2)
naming its line, and `validate --event` still reads an event file that has them."""

from __future__ import annotations

from pathlib import Path

import pytest
from projectpaths import OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()

HEAD = """\
name: Cup
players:
  - {name: Ana}
  - {name: Ben}
  - {name: Cara}
  - {name: Dan}
  - {name: Jo, spare: true}
results:
  - {round: 1, red: Ana, blue: Ben, vp: [12, 4]}
"""
# (the lines after HEAD, the line of the problem, what the message says)
BAD = [
    (
        "  - {round: 1, red: Cara, blue: Dan, score: [1, 2]}\n",
        10,
        "results[1].score: unknown key",
    ),
    (
        "  - {round: 1, red: Cara, blue: Dan, vp: [1, 2], game: g.yaml}\n",
        10,
        "`vp` and `game` contradict",
    ),
    (
        "  - {round: 1, red: Cara, blue: Dan, conceded: blue, no_show: red}\n",
        10,
        "`conceded` and `no_show` contradict",
    ),
    (
        "  - {round: 1, red: Cara, blue: Dan, no_show: red, game_loss: red}\n",
        10,
        "`game_loss` and `no_show` contradict",
    ),
    ("  - {round: 1, bye: Cara, red: Dan}\n", 10, "a bye has no red"),
    (
        "  - {round: 1, red: Cara, blue: Dna, vp: [1, 2]}\n",
        10,
        "'Dna' is not among `players:` (did you mean \"Dan\"",
    ),
    (
        "  - {round: 1, red: Cara, blue: Ana, vp: [1, 2]}\n",
        10,
        "Ana plays twice in round 1 (also at line 9)",
    ),
    (
        "  - {round: 1, red: Cara, blue: Cara, vp: [1, 2]}\n",
        10,
        "Cara cannot play themself",
    ),
    (
        "  - {round: 1, red: Cara, blue: Dan, vp: [1]}\n",
        10,
        "is not the final VP of both players",
    ),
    ("  - {round: 1, red: Cara, blue: Dan, vp: [1, -2]}\n", 10, "is not the final VP"),
    ("  - {round: 0, red: Cara, blue: Dan}\n", 10, "0 is not a round number"),
    ("  - {red: Cara, blue: Dan}\n", 10, "an entry needs a `round:`"),
    ("  - {round: 1, red: Cara}\n", 10, "a game needs `red:` and `blue:`"),
    (
        "  - {round: 1, red: Cara, blue: Dan, conceded: green}\n",
        10,
        "'green' is not red or blue",
    ),
    (
        "  - {round: 1, red: Cara, blue: Dan, game: ../other/g.yaml}\n",
        10,
        "leaves the event file's folder",
    ),
    (
        "  - {round: 1, red: Cara, blue: Dan, game: /tmp/g.yaml}\n",
        10,
        "leaves the event file's folder",
    ),
    ("  - {round: 1, bye: Jo}\n", 10, "Jo is a spare: a spare has no bye"),
    (
        "  - {round: 2, red: Ana, blue: Cara, vp: [3, 3]}\ndrops: {Ana: 1}\n",
        10,
        "Ana dropped after round 1 and cannot play in round 2",
    ),
    (
        "  - {round: 2, red: Ana, blue: Cara, no_show: blue}\n  - {round: 3, red: Cara, blue: Ben, vp: [1, 1]}\n",
        11,
        "Cara did not show in round 2, which drops them",
    ),
    ("drops: {Zed: 1}\n", 10, "drops.Zed: 'Zed' is not among `players:`"),
    ("drops: {Dan: -1}\n", 10, "is not the round the player dropped after"),
    ("drops: [Dan]\n", 10, "is not a mapping; e.g. `drops: {Dan: 2}`"),
    ("  - not a mapping\n", 10, "'not a mapping' is not a mapping of round"),
]


@pytest.mark.parametrize(("tail", "line", "message"), BAD, ids=[m for _, _, m in BAD])
def test_a_bad_entry_is_a_usage_error_at_its_line(
    tmp_path: Path, tail: str, line: int, message: str
) -> None:
    path = tmp_path / "event.yaml"
    path.write_text(HEAD + tail, encoding="utf-8")
    result = runner.invoke(app, ["event", "standings", str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert f"{path}:{line}: " in result.stderr
    assert message in result.stderr, result.stderr


def test_a_bad_players_entry_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "event.yaml"
    path.write_text(
        "players:\n  - {name: Ana}\n  - {name: Ana, spare: yes please}\n"
        "  - {rosters: [x.yaml]}\n  - {name: Ben, rosters: [../x.yaml]}\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["event", "standings", str(path)])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert any(
        ":3: players[1].spare: 'yes please' is not true or false" in x for x in lines
    )
    assert any(
        ":3: players[1].name: Ana is given twice (first at line 2)" in x for x in lines
    )
    assert any(":4: players[2]: a player needs a `name:`" in x for x in lines)
    assert any(":5: players[3].rosters[0]: '../x.yaml' leaves" in x for x in lines)


def test_results_are_refused_under_grand_offensive(tmp_path: Path) -> None:
    path = tmp_path / "event.yaml"
    path.write_text("scale: grand-offensive\n" + HEAD, encoding="utf-8")
    result = runner.invoke(app, ["event", "standings", str(path)])
    assert result.exit_code == 2
    assert "results: Grand Offensive is not an organised-play scale" in result.stderr


def test_validate_reads_an_event_file_with_results(tmp_path: Path) -> None:
    event = tmp_path / "event.yaml"
    event.write_text("scale: standard\n" + HEAD + "drops: {Ben: 1}\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(OFFICIAL), "--event", str(event)])
    assert result.exit_code == 0, result.output


def test_a_game_record_must_be_finished_and_of_the_event(tmp_path: Path) -> None:
    from tests.organiser.test_standings import HOLD_POSITION_15_4

    event = tmp_path / "event.yaml"
    record = tmp_path / "g.yaml"
    event.write_text(
        HEAD + "  - {round: 1, red: Cara, blue: Dan, game: g.yaml}\n", encoding="utf-8"
    )
    unfinished = HOLD_POSITION_15_4.split("  - round: 3")[0]
    record.write_text(unfinished, encoding="utf-8")
    result = runner.invoke(app, ["event", "standings", str(event)])
    assert result.exit_code == 2
    assert f"{event}:10: round 1: g.yaml: the game is not finished" in result.stderr
    record.write_text(HOLD_POSITION_15_4.replace("Cara", "Ben"), encoding="utf-8")
    result = runner.invoke(app, ["event", "standings", str(event)])
    assert result.exit_code == 2
    assert "the record's red player is Ben, the result's is Cara" in result.stderr
    event.write_text("scale: skirmish\n" + event.read_text("utf-8"), encoding="utf-8")
    record.write_text(HOLD_POSITION_15_4, encoding="utf-8")
    result = runner.invoke(app, ["event", "standings", str(event)])
    assert result.exit_code == 2
    assert "a standard game in a skirmish event" in result.stderr
    record.unlink()
    result = runner.invoke(app, ["event", "standings", str(event)])
    assert result.exit_code == 2
    assert "g.yaml" in result.stderr and "Traceback" not in result.output


def test_a_missing_roster_is_a_usage_error(tmp_path: Path) -> None:
    event = tmp_path / "event.yaml"
    event.write_text(
        HEAD.replace("{name: Ana}", "{name: Ana, rosters: [ana.yaml]}"), "utf-8"
    )
    result = runner.invoke(app, ["event", "standings", str(event)])
    assert result.exit_code == 2
    assert "Ana's roster: no such list file: ana.yaml" in result.stderr


def test_keys_with_nothing_under_them_yet_are_empty(tmp_path: Path) -> None:
    path = tmp_path / "event.yaml"
    path.write_text("name: Cup\nplayers:\n  - {name: Ana}\nresults:\ndrops:\n", "utf-8")
    result = runner.invoke(app, ["event", "standings", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert '"after_round": 0' in result.stdout and '"player": "Ana"' in result.stdout


def test_one_game_record_named_by_two_results_is_refused(tmp_path: Path) -> None:
    from tests.organiser.test_standings import HOLD_POSITION_15_4

    event = tmp_path / "event.yaml"
    (tmp_path / "g.yaml").write_text(HOLD_POSITION_15_4, encoding="utf-8")
    event.write_text(
        "name: Cup\nplayers:\n  - {name: Ana}\n  - {name: Ben}\n  - {name: Cara}\n"
        "  - {name: Dan}\nresults:\n"
        "  - {round: 1, red: Cara, blue: Dan, game: g.yaml}\n"
        "  - {round: 1, red: Ana, blue: Ben, vp: [5, 5]}\n"
        "  - {round: 2, red: Ana, blue: Cara, vp: [5, 5]}\n"
        "  - {round: 2, red: Ben, blue: Dan, game: ./g.yaml}\n",
        encoding="utf-8",
    )
    for command in ("standings", "pair"):
        extra = ["--round", "3"] if command == "pair" else []
        result = runner.invoke(app, ["event", command, str(event), *extra])
        assert result.exit_code == 2, result.output
        assert (
            f"{event}:11: round 2: ./g.yaml: this record is the game of Cara and Dan "
            "(round 1, line 8): one record is one game"
        ) in result.stderr
        assert not result.stdout


def test_a_record_without_player_names_is_scored_for_its_one_result(
    tmp_path: Path,
) -> None:
    from tests.organiser.test_standings import HOLD_POSITION_15_4

    record = HOLD_POSITION_15_4.replace(
        "players: {red: {name: Cara}, blue: {name: Dan}}\n", ""
    )
    (tmp_path / "g.yaml").write_text(record, encoding="utf-8")
    event = tmp_path / "event.yaml"
    event.write_text(
        "results:\n  - {round: 1, red: Fay, blue: Eve, game: g.yaml}\n"
        "  - {round: 2, red: Ana, blue: Hal, game: g.yaml}\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["event", "standings", str(event)])
    assert result.exit_code == 2
    assert "this record is the game of Fay and Eve (round 1, line 2)" in (result.stderr)
