"""`armylist game score | new | play` through the command line, as players use it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from projectpaths import LISTS
from typer.testing import CliRunner

from armylist.cli import app
from tests.scoring.casedata import cases
from tests.scoring.records import SUPPLY_DROP, rounds_up_to

runner = CliRunner()
TERRAN = LISTS / "terran-armed-forces-skirmish-patrol.yaml"
ZERG = LISTS / "zerg-swarm-skirmish-raiding-pack.yaml"

# The same game answered at `game play`'s prompts, in the order it asks. Supply Drop
# Skirmish asks: the marker activated (rounds 2-3: more than one left; round 4 has
# only marker 2 left), each marker's Supply for Red then Blue (markers scored and
# removed are not asked), the Supply lost by Red then Blue, the Reserves (round 4,
# the last), a wipe-out; after round 3 (5-5) the initiative roll-off. The answer that
# ends the game (round 4's last) is confirmed with y.
ROUND_1 = ["1", "", "", "", "", "", "", "1", ""]
ROUND_2 = ["5", "", "", "", "", "0", "1", "1", "1", ""]
ROUND_3 = ["1", "", "", "", "", "2", "", "", "Alice"]
ROUND_4 = ["2", "3", "1", "2", "", "1", "", "y"]


def lines(*answers: str) -> str:
    return "".join(f"{a}\n" for a in answers)


def write(folder: Path, text: str, name: str = "game.yaml") -> Path:
    # The example lists beside it: a record names lists in its own folder.
    for example in (TERRAN, ZERG):
        shutil.copy(example, folder / example.name)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def score_json(path: Path, *options: str) -> Any:
    result = runner.invoke(
        app, ["game", "score", str(path), "--format", "json", *options]
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def new_game(folder: Path, *options: str) -> Path:
    path = folder / "game.yaml"
    result = runner.invoke(app, ["game", "new", *options, "-o", str(path)])
    assert result.exit_code == 0, result.output
    return path


def names(path: Path) -> None:
    """Give the players of a new game file their names, as a player would."""
    text = path.read_text(encoding="utf-8")
    text = text.replace("red: {}", "red: {name: Alice}").replace(
        "blue: {}", "blue: {name: Bob}"
    )
    path.write_text(text, encoding="utf-8")


# -- game score ------------------------------------------------------------------------


def test_score_text_shows_the_scoreboard_and_the_result(tmp_path: Path) -> None:
    result = runner.invoke(app, ["game", "score", str(write(tmp_path, SUPPLY_DROP))])
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())
    assert "Supply Drop (Skirmish): Red (Alice) against Blue (Bob)" in words
    assert "Result: Blue (Bob) wins 10-8 after round 4" in words
    assert "Activated marker 5 (activated in round 2), then removed" in words
    # The one-line summary goes to stderr, not into the report.
    assert "Blue (Bob) wins 10-8" in result.stderr
    assert result.stderr not in result.stdout


def test_score_json_is_only_the_contract_on_stdout(tmp_path: Path) -> None:
    data = score_json(write(tmp_path, SUPPLY_DROP))
    assert [(r["total"]["red"], r["total"]["blue"]) for r in data["rounds"]] == [
        (1, 0),
        (2, 3),
        (5, 5),
        (8, 10),
    ]
    assert [r["first_player_next"] for r in data["rounds"]] == [
        "blue",
        "red",
        "red",
        None,
    ]
    assert data["rounds"][1]["control"] == {"1": "red", "2": None, "5": None}
    assert data["result"]["winner"] == "blue"
    assert data["result"]["ended_after_round"] == 4


@pytest.mark.parametrize(
    "case",
    cases("missions.yaml") + cases("worked_examples.yaml"),
    ids=lambda case: case["name"][:60],
)
def test_score_every_mission_game(tmp_path: Path, case: dict[str, Any]) -> None:
    data = score_json(write(tmp_path, case["record"]))
    expected = case["expect"]
    totals = [[r["total"]["red"], r["total"]["blue"]] for r in data["rounds"]]
    assert totals == [r["total"] for r in expected["rounds"]]
    if "result" in expected:
        result = expected["result"]
        assert data["result"]["winner"] == result["winner"]
        assert data["result"]["ended_after_round"] == result["ended_after_round"]


def test_an_unfinished_game_scores_the_rounds_so_far(tmp_path: Path) -> None:
    path = write(tmp_path, rounds_up_to(2))
    data = score_json(path)
    assert len(data["rounds"]) == 2
    assert data["result"]["winner"] is None
    assert data["result"]["ended_after_round"] is None
    text = runner.invoke(app, ["game", "score", str(path)])
    assert text.exit_code == 0
    assert "Score so far: Red 2, Blue 3" in " ".join(text.stdout.split())


@pytest.mark.parametrize(
    ("record", "message", "line"),
    [
        (
            "mission: Hold Position\nscale: standard\nfirst_player: red\nrounds:\n"
            "  - round: 1\n    activated: 3\n",
            "does not use `activated`",
            6,
        ),
        (
            SUPPLY_DROP + "  - round: 5\n",
            "the game ended after round 4",
            22,
        ),
        (
            "mission: Hold Position\nscale: skirmish\nfirst_player: red\nrounds:\n"
            "  - round: 1\n    contest: {3: {red: 1}}\n",
            "a skirmish table has no marker 3",
            6,
        ),
    ],
)
def test_score_record_errors_exit_2_with_their_line(
    tmp_path: Path, record: str, message: str, line: int
) -> None:
    path = write(tmp_path, record)
    result = runner.invoke(app, ["game", "score", str(path), "--format", "json"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert f"{path}:{line}:" in result.stderr
    assert message in result.stderr


def test_score_a_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["game", "score", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2
    assert "nope.yaml" in result.stderr


def with_lists(
    red: Path = Path(TERRAN.name), blue: Path = Path(ZERG.name), rounds: str = "[]"
) -> str:
    return (
        "mission: Hold Position\nscale: skirmish\n"
        f"players:\n  red: {{name: Alice, list: {red}}}\n"
        f"  blue: {{name: Bob, list: {blue}}}\n"
        f"first_player: red\nrounds: {rounds}\n"
    )


def test_score_with_both_lists_counts_units_lost_and_shows_the_supply_pool(
    tmp_path: Path,
) -> None:
    # 9 Marines to 6: Supply 2 to 1 (seed 001); the 6-Marine squad wiped out: 1 more.
    rounds = "\n  - round: 1\n    supply_lost: {red: 'Marine:3, Marine#2:6'}\n"
    path = write(tmp_path, with_lists(rounds=rounds))
    data = score_json(path)
    assert data["rounds"][0]["vp"] == {"red": 0, "blue": 2}
    text = runner.invoke(app, ["game", "score", str(path)]).stdout
    assert "Supply Pool" in text


def test_score_a_list_that_cannot_be_planned_exits_1(tmp_path: Path) -> None:
    broken = write(
        tmp_path,
        TERRAN.read_text(encoding="utf-8").replace("unit: Goliath", "unit: Goliat"),
        "broken.yaml",
    )
    result = runner.invoke(
        app, ["game", "score", str(write(tmp_path, with_lists(red=broken)))]
    )
    assert result.exit_code == 1
    assert "broken.yaml" in result.stderr


def test_a_round_in_progress_is_only_said_to_be_unfinished(tmp_path: Path) -> None:
    record = rounds_up_to(2) + (
        "  - round: 3\n    in_progress: true\n    activated: 1\n"
        "    contest: {1: {red: null}}\n"
    )
    data = score_json(write(tmp_path, record))
    assert len(data["rounds"]) == 2
    assert "round 3 in progress" in data["result"]["reason"]
    text = runner.invoke(app, ["game", "score", str(tmp_path / "game.yaml")]).stdout
    assert "Round 3 is in progress" in " ".join(text.split())


def test_only_the_last_round_can_be_in_progress(tmp_path: Path) -> None:
    record = SUPPLY_DROP.replace(
        "  - round: 2\n", "  - round: 2\n    in_progress: true\n"
    )
    path = write(tmp_path, record)
    result = runner.invoke(app, ["game", "score", str(path)])
    assert result.exit_code == 2
    assert f"{path}:10:" in result.stderr
    assert "in_progress" in result.stderr


# -- game new --------------------------------------------------------------------------


def test_new_prints_a_record_ready_to_fill(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["game", "new", "--mission", "Supply Drop", "--scale", "skirmish"]
    )
    assert result.exit_code == 0, result.output
    path = write(tmp_path, result.stdout)
    data = score_json(path)
    assert (data["mission"], data["scale"], data["rounds"]) == (
        "Supply Drop",
        "skirmish",
        [],
    )
    assert data["result"]["reason"] == "unfinished: 0 of 4 rounds scored"


def test_new_takes_a_round_written_by_hand_under_rounds(tmp_path: Path) -> None:
    # As the file's comment says: after each Scoring Phase, add the round under
    # `rounds:`, at the end of the file.
    path = new_game(tmp_path, "--mission", "Frontlines")
    with path.open("a", encoding="utf-8") as file:
        file.write("  - round: 1\n    supply_lost: {red: 0, blue: 1}\n")
    data = score_json(path)
    assert [r["total"] for r in data["rounds"]] == [{"red": 1, "blue": 0}]


def test_new_by_mission_id_takes_its_scale(tmp_path: Path) -> None:
    path = new_game(tmp_path, "--mission", "hold-position-skirmish")
    assert score_json(path)["scale"] == "skirmish"


def test_new_writes_the_lists_relative_to_the_game_file(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    path = new_game(
        folder,
        "--mission",
        "Hold Position",
        "--scale",
        "skirmish",
        "--list",
        str(TERRAN),
        "--list",
        str(ZERG),
        "--allow-outside",
    )
    text = path.read_text(encoding="utf-8")
    assert "list: ../" in text or str(TERRAN) in text
    # The lists are found from the game file: units lost by name score.
    record = text.replace(
        "rounds:\n", "rounds:\n- {round: 1, supply_lost: {red: 'Marine:3'}}\n", 1
    )
    path.write_text(record, encoding="utf-8")
    assert score_json(path, "--allow-outside")["rounds"][0]["vp"] == {
        "red": 0,
        "blue": 1,
    }
    # Without the option the lists outside the record's folder are refused.
    result = runner.invoke(app, ["game", "score", str(path)])
    assert result.exit_code == 2 and "outside the folder" in result.stderr


def test_new_never_overwrites_a_file(tmp_path: Path) -> None:
    path = write(tmp_path, "keep me\n")
    result = runner.invoke(
        app, ["game", "new", "--mission", "Frontlines", "-o", str(path)]
    )
    assert result.exit_code == 2
    assert "exists" in result.stderr
    assert path.read_text(encoding="utf-8") == "keep me\n"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--mission", "Hold Positon"], "did you mean"),
        (["--mission", "Frontlines", "--list", str(TERRAN)], "both"),
        (["--mission", "Frontlines", "--scale", "huge"], "huge"),
    ],
)
def test_new_usage_errors_exit_2(options: list[str], message: str) -> None:
    result = runner.invoke(app, ["game", "new", *options])
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stdout == ""


# -- game play -------------------------------------------------------------------------


def play(path: Path, answers: list[str]) -> Any:
    return runner.invoke(app, ["game", "play", str(path)], input=lines(*answers))


def supply_drop_game(folder: Path) -> Path:
    path = new_game(folder, "--mission", "supply-drop-skirmish")
    names(path)
    return path


def assert_scores_as_supply_drop(path: Path, folder: Path) -> None:
    """The game played at the prompts scores exactly as the record of 6.5 does."""
    reference = score_json(write(folder, SUPPLY_DROP, "reference.yaml"))
    assert score_json(path) == reference


def test_play_a_whole_game_through_its_prompts(tmp_path: Path) -> None:
    path = supply_drop_game(tmp_path)
    result = play(path, ROUND_1 + ROUND_2 + ROUND_3 + ROUND_4)
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "q: save and quit" in out
    for number in (1, 2, 3, 4):
        assert f"Round {number} of 4" in out
    # The score after each round, and the result at the end.
    assert "Score so far: Red 1, Blue 0" in out
    assert "Score so far: Red 2, Blue 3" in out
    assert "Result: Blue (Bob) wins 10-8 after round 4" in out
    assert_scores_as_supply_drop(path, tmp_path)


def test_play_interrupted_mid_round_resumes_where_it_stopped(tmp_path: Path) -> None:
    path = supply_drop_game(tmp_path)
    first = play(path, ROUND_1 + ROUND_2[:4])  # then the input ends (EOF)
    assert first.exit_code == 1
    assert "saved" in first.output
    assert "in_progress: true" in path.read_text(encoding="utf-8")
    so_far = score_json(path)
    assert len(so_far["rounds"]) == 1
    assert "round 2 in progress" in so_far["result"]["reason"]

    second = play(path, ROUND_2[4:] + ROUND_3 + ROUND_4)
    assert second.exit_code == 0, second.output
    assert "Resuming round 2" in second.stdout
    assert_scores_as_supply_drop(path, tmp_path)


def test_q_saves_and_quits_and_the_next_run_asks_the_next_question(
    tmp_path: Path,
) -> None:
    path = supply_drop_game(tmp_path)
    result = play(path, [*ROUND_1, "5", "q"])
    assert result.exit_code == 0
    assert "armylist game play" in result.output  # how to resume
    saved = path.read_text(encoding="utf-8")
    assert "in_progress: true" in saved and "activated: 5" in saved

    again = play(path, ["q"])
    assert again.exit_code == 0
    # Round 2's marker was answered: the first question is now marker 1's Red Supply.
    asked = [line for line in again.stdout.splitlines() if "Marker 1:" in line]
    assert asked and "Red (Alice)" in asked[0]
    assert "which marker was activated" not in again.stdout


def test_impossible_answers_are_refused_with_the_reason(tmp_path: Path) -> None:
    path = supply_drop_game(tmp_path)
    answers = [
        "-1",  # refused: a negative Supply
        "two",  # refused: not a number
        *ROUND_1,
        "3",  # refused: a Skirmish table has no marker 3 to activate
        *ROUND_2,
        *ROUND_3[:-1],
        "Carol",  # refused: not a player
        "1",  # the roll-off by number: Red
        *ROUND_4,
    ]
    result = play(path, answers)
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "cannot be negative" in out
    assert "'two' is not a number: give the Supply as a number" in out
    assert "marker 3 cannot be activated now" in out
    assert "'Carol' is not a player" in out
    assert_scores_as_supply_drop(path, tmp_path)


def test_play_with_both_lists_takes_units_lost_by_name(tmp_path: Path) -> None:
    path = write(tmp_path, with_lists())
    contest = ["", "", "", "", "", ""]
    answers = [*contest, "Marine:20", "Marine:3", "", "", "q"]
    result = play(path, answers)
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "Marine has 9 models left; it cannot lose 20" in out
    assert "Supply Pool" in out
    data = score_json(path)
    assert data["rounds"][0]["vp"] == {"red": 0, "blue": 1}


def test_play_a_finished_game_only_shows_it(tmp_path: Path) -> None:
    result = play(write(tmp_path, SUPPLY_DROP), [])
    assert result.exit_code == 0
    assert "Blue (Bob) wins 10-8" in " ".join(result.stdout.split())
    assert "Marker 1:" not in result.stdout


ERRORS = cases("errors.yaml")


@pytest.mark.parametrize("case", ERRORS, ids=[c["name"] for c in ERRORS])
def test_play_a_record_that_cannot_be_scored_names_its_line(
    tmp_path: Path, case: dict[str, Any]
) -> None:
    # As `game score` does: the player fixes the file at the line it names.
    path = write(tmp_path, case["record"])
    result = play(path, [])
    assert result.exit_code == 2
    assert f"{path}:{case['line']}: " in result.stderr
    assert case["error"] in result.stderr


def test_play_a_missing_file_says_how_to_start_one(tmp_path: Path) -> None:
    result = play(tmp_path / "nope.yaml", [])
    assert result.exit_code == 2
    assert "armylist game new" in result.stderr


def test_ctrl_c_keeps_every_answer_and_exits_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = supply_drop_game(tmp_path)
    typed = iter([*ROUND_1, "5"])

    def keyboard(prompt: str = "") -> str:
        for answer in typed:
            return answer
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", keyboard)
    result = runner.invoke(app, ["game", "play", str(path)])
    assert result.exit_code == 130
    assert "activated: 5" in path.read_text(encoding="utf-8")


def test_a_round_in_progress_with_every_answer_is_closed(tmp_path: Path) -> None:
    record = rounds_up_to(3) + (
        "  - round: 4\n    in_progress: true\n"
        "    contest: {2: {red: 2, blue: 3}}\n"
        "    supply_lost: {red: 1, blue: 2}\n"
        "    in_reserve: {red: null, blue: 1}\n"
        "    wiped_out: null\n"
    )
    path = write(tmp_path, record)
    result = play(path, [])
    assert result.exit_code == 0, result.output
    assert "Blue (Bob) wins 10-8" in " ".join(result.stdout.split())
    assert "in_progress" not in path.read_text(encoding="utf-8")


def test_a_round_in_progress_after_the_game_ended_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, SUPPLY_DROP + "  - round: 5\n    in_progress: true\n")
    result = runner.invoke(app, ["game", "score", str(path)])
    assert result.exit_code == 2
    assert "the game ended after round 4" in result.stderr


def test_new_help_names_what_each_option_takes() -> None:
    result = runner.invoke(app, ["game", "new", "--help"])
    assert result.exit_code == 0
    # Words for the player, not Python types.
    assert "list[Path]" not in result.stdout
    assert "<str>" not in result.stdout
    for metavar in ("MISSION", "SCALE", "LIST.yaml", "FILE"):
        assert metavar in result.stdout


def test_play_from_a_pipe_shows_each_answer_after_its_question(tmp_path: Path) -> None:
    # Answers piped in are not echoed by a terminal: the transcript shows them, one
    # question a line.
    result = play(supply_drop_game(tmp_path), ["1", "", "q"])
    assert result.exit_code == 0, result.output
    asked = [line for line in result.stdout.splitlines() if "contesting it" in line]
    assert len(asked) == 3
    assert asked[0].endswith("unit): 1")
    assert asked[1].endswith("unit): ")


def test_play_refuses_a_round_in_progress_whose_saved_answer_cannot_be(
    tmp_path: Path,
) -> None:
    # An answer saved in the file (here edited by hand) that cannot be scored is
    # named at once, not given as the reason to refuse every later answer.
    record = (
        "mission: Hold Position\nscale: skirmish\nfirst_player: red\nrounds:\n"
        "- round: 1\n  in_progress: true\n  contest: {1: {red: 1, blue: null}}\n"
        "  supply_lost: {red: 'Marine:3'}\n"
    )
    result = play(write(tmp_path, record), ["", "", "", "", "", "q"])
    assert result.exit_code == 2
    assert "supply_lost.red names units ('Marine:3')" in result.stderr
    assert "refused" not in result.stdout
