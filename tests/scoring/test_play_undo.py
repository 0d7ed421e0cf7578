"""`armylist game play` at a real table: `u` takes back the last answer (one at a
time, back to the first saved), an answer that ends the game is confirmed first, and
a resumed game shows its score so far."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()
# Hold Position Skirmish without lists: markers 1, 2 and 5; each round asks their
# Supply for Red then Blue, the Supply lost by Red then Blue, then a wipe-out.
GAME = (
    "mission: Hold Position\nscale: skirmish\n"
    "players: {red: {name: Alice}, blue: {name: Bob}}\nfirst_player: red\nrounds:\n"
)
QUIET = [""] * 8  # six markers' Supply and two losses: none


def game(folder: Path, rounds: str = "") -> Path:
    path = folder / "game.yaml"
    path.write_text(GAME + rounds, encoding="utf-8")
    return path


def play(path: Path, answers: list[str], code: int = 0) -> str:
    typed = "".join(f"{a}\n" for a in answers)
    result = runner.invoke(app, ["game", "play", str(path)], input=typed)
    assert result.exit_code == code, result.output
    return " ".join(result.stdout.split())


def rounds(path: Path) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = yaml.safe_load(path.read_text(encoding="utf-8"))[
        "rounds"
    ]
    return found


def test_an_answer_that_ends_the_game_is_confirmed_first(tmp_path: Path) -> None:
    # "1" by mistake at the wipe-out question ended a real game.
    path = game(tmp_path)
    out = play(path, [*QUIET, "1", "n", "", "q"])
    assert (
        "This answer ends the game: Blue (Bob) wins 10-0 after round 1 (wipe-out: Red "
        "has no models on the battlefield and none in Reserves; +10 VP to Blue). End "
        "the game? [y/N]: n"
    ) in out
    assert "not saved: the game goes on; answer again" in out
    assert out.count("A player with no models on the table") == 2
    assert "The game is over" not in out
    assert rounds(path) == [{"round": 1}]


def test_a_confirmed_ending_ends_the_game(tmp_path: Path) -> None:
    path = game(tmp_path)
    out = play(path, [*QUIET, "1", "y"])
    assert "The game is over" in out
    assert "Result: Blue (Bob) wins 10-0 after round 1" in out
    assert rounds(path) == [{"round": 1, "wiped_out": "red"}]


def test_u_takes_back_the_last_answer_and_asks_it_again(tmp_path: Path) -> None:
    path = game(tmp_path)
    out = play(path, ["2", "u", "3", "q"])
    assert (
        "undone: Marker 1: Supply of Red (Alice)'s units contesting it (Enter: none; "
        "0: a Supply-0 unit) (was: 2)"
    ) in out
    asked = "Marker 1: Supply of Red (Alice)'s units contesting it (Enter: none; 0: a "
    assert out.count(asked + "Supply-0 unit):") == 2
    assert rounds(path)[0]["contest"] == {1: {"red": 3}}


def test_u_goes_back_one_answer_at_a_time_to_the_first(tmp_path: Path) -> None:
    # Round 1 ends 0-0, so its roll-off is the answer after it. Undone in turn: the
    # roll-off, the wipe-out (round 1 is in progress again), Bob's and Alice's
    # losses, and so on back to marker 1; then there is nothing left to undo.
    path = game(tmp_path)
    play(path, ["1", *[""] * 8, "2", "q"])
    assert rounds(path) == [
        {"round": 1, "contest": {1: {"red": 1}}, "roll_off": "blue"}
    ]
    out = play(path, ["u", "u", "q"])
    assert "undone: VP tied 0-0: who won the roll-off" in out
    assert "(was: Blue (Bob))" in out
    assert (
        "undone: A player with no models on the table and none in Reserves? (was: nobody)"
        in out
    )
    # Round 1 in progress again with every answer but the wipe-out.
    assert rounds(path)[0]["in_progress"] is True
    assert "wiped_out" not in rounds(path)[0]
    out = play(path, ["u"] * 10 + ["q"])
    assert out.count("undone:") == 8
    assert "(was: 1)" in out  # marker 1, Alice's Supply: the first answer
    assert out.count("nothing to undo") == 2
    assert rounds(path) == []


def test_u_takes_back_an_answer_saved_by_an_earlier_run(tmp_path: Path) -> None:
    path = game(tmp_path)
    play(path, ["4", "q"])  # a Pool of 3 in round 1: refused, and q
    play(path, ["2", "q"])
    assert rounds(path)[0]["contest"] == {1: {"red": 2}}
    out = play(path, ["u", "1", "q"])
    assert "Resuming round 1: 1 answer saved." in out
    assert "undone: Marker 1" in out and "(was: 2)" in out
    assert rounds(path)[0]["contest"] == {1: {"red": 1}}


def test_resuming_shows_the_score_so_far(tmp_path: Path) -> None:
    path = game(
        tmp_path,
        "  - round: 1\n    supply_lost: {blue: 2}\n"
        "  - round: 2\n    contest: {2: {red: 1}}\n    supply_lost: {red: 1}\n",
    )
    out = play(path, ["q"])
    # Round 1: Alice 2 (Bob's 2 Supply lost). Round 2: Alice holds Bob's marker 2
    # (2 VP), Bob 1 for Alice's Supply lost: 4-1.
    before = out.index("Round 3 of 5")
    assert (
        "Score so far: Red 4, Blue 1 (unfinished: 2 of 5 rounds scored)"
        in (out[:before])
    )


def test_a_new_game_shows_no_score_on_start(tmp_path: Path) -> None:
    out = play(game(tmp_path), ["q"])
    assert "Score so far" not in out


def test_an_undo_never_writes_over_a_file_changed_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = game(tmp_path)
    play(path, ["2", "q"])

    def keyboard(prompt: str = "") -> str:
        # Another program writes the file while the question waits for its answer.
        path.write_text(path.read_text(encoding="utf-8") + "# edited\n", "utf-8")
        return "u"

    monkeypatch.setattr("builtins.input", keyboard)
    result = runner.invoke(app, ["game", "play", str(path)])
    assert result.exit_code == 1
    assert "changed since it was read" in result.stderr
    text = path.read_text(encoding="utf-8")
    assert text.endswith("# edited\n")
    assert rounds(path)[0]["contest"] == {1: {"red": 2}}  # not taken back
