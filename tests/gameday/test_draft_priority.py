"""The Organised Play pre-game sequence in the draft (ORGANISED-PLAY.md §5), and the
game record `draft -o` writes for `game play`.

Priority: less Vespene Gas spent, then fewer Minerals, then a roll-off; the player
without priority chooses the side the Deployment is oriented from; the player with
priority then chooses colour and control, as in the rulebook's draft.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer.testing
from draftlists import ALICE, BOB, draft_player
from typer.testing import CliRunner

from armylist.cli import app
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Scale
from armylist.gameday.draft import run_draft
from armylist.gameday.draftpolicy import auto_chooser
from armylist.gameday.draftrecord import (
    Choice,
    ChoiceKind,
    Chooser,
    DraftPlayer,
    DraftResult,
)
from armylist.gameday.priority import PriorityRule
from armylist.scoring.record import read_record

runner = CliRunner()


def standard(catalog: Catalog) -> Scale:
    found = catalog.scale("standard")
    assert found is not None
    return found


def side(catalog: Catalog, name: str, *, gas: int, minerals: int) -> DraftPlayer:
    """A player with the draftlists cards of Alice or Bob and the given spending."""
    missions, deployments = {
        "Ana": (["Hold Position", "Supply Drop"], ["Gauntlet", "Typhoon"]),
        "Ben": (["Frontlines", "Divide and Conquer"], ["Acropolis", "Breach"]),
    }[name]
    return draft_player(
        catalog, name, missions, deployments, gas=gas, minerals=minerals
    )


def op_draft(
    catalog: Catalog,
    first: DraftPlayer,
    second: DraftPlayer,
    *,
    seed: int,
    chooser: Chooser = auto_chooser,
) -> DraftResult:
    """The Standard draft with organised-play priority."""
    return run_draft(
        first,
        second,
        scale=standard(catalog),
        seed=seed,
        chooser=chooser,
        priority=PriorityRule.OP,
    )


class Script:
    """A chooser that answers from a script (then the auto policy) and records every
    question."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)
        self.asked: list[Choice] = []

    def __call__(self, choice: Choice) -> str:
        self.asked.append(choice)
        return self.answers.pop(0) if self.answers else auto_chooser(choice)


# (Ana's Gas, Ana's Minerals, Ben's Gas, Ben's Minerals, who has priority, decided by,
# the reason printed): the examples of ORGANISED-PLAY.md §5 step 3.
PRIORITY_CASES = [
    (40, 2000, 60, 1500, "Ana", "vespene-gas", "Ana has priority: 40 Vespene Gas "
     "spent against 60"),
    (60, 1500, 40, 2000, "Ben", "vespene-gas", "Ben has priority: 40 Vespene Gas "
     "spent against 60"),
    (50, 1990, 50, 2000, "Ana", "minerals", "Ana has priority: both spent 50 "
     "Vespene Gas; 1,990 Minerals spent against 2,000"),
    (0, 2000, 0, 1000, "Ben", "minerals", "Ben has priority: both spent 0 Vespene "
     "Gas; 1,000 Minerals spent against 2,000"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("ana_gas", "ana_minerals", "ben_gas", "ben_minerals", "holder", "by", "reason"),
    PRIORITY_CASES,
)
def test_priority_by_gas_then_minerals_whatever_the_dice(
    catalog: Catalog,
    ana_gas: int,
    ana_minerals: int,
    ben_gas: int,
    ben_minerals: int,
    holder: str,
    by: str,
    reason: str,
) -> None:
    ana = side(catalog, "Ana", gas=ana_gas, minerals=ana_minerals)
    ben = side(catalog, "Ben", gas=ben_gas, minerals=ben_minerals)
    for seed in range(8):
        result = op_draft(catalog, ana, ben, seed=seed)
        assert result.winner == holder
        assert result.priority.player == holder
        assert result.priority.rule is PriorityRule.OP
        assert result.priority.decided_by == by
        assert result.priority.reason == reason
        assert result.rolloffs == []  # nobody rolls for priority
        assert result.transcript[0].text == reason
        # The auto policy: the player with priority takes Red and the mission draft.
        colours = {s.player: (s.colour, s.controls) for s in result.sides}
        assert colours[holder] == ("Red", "mission")
        # Which list is named first does not matter.
        swapped = op_draft(catalog, ben, ana, seed=seed)
        assert swapped.priority == result.priority


def test_equal_gas_and_minerals_go_to_a_seeded_roll_off(catalog: Catalog) -> None:
    ana = side(catalog, "Ana", gas=50, minerals=2000)
    ben = side(catalog, "Ben", gas=50, minerals=2000)
    holders = set()
    for seed in range(12):
        result = op_draft(catalog, ana, ben, seed=seed)
        again = op_draft(catalog, ana, ben, seed=seed)
        assert result == again  # the same seed, the same roll-off
        last = result.rolloffs[-1]
        by_total = max(last, key=lambda roll: roll.total).player
        assert result.priority.player == by_total == result.winner
        assert result.priority.decided_by == "roll-off"
        assert result.priority.reason == (
            f"{by_total} has priority: both spent 50 Vespene Gas and 2,000 "
            "Minerals; won the roll-off"
        )
        holders.add(by_total)
    assert holders == {"Ana", "Ben"}  # the dice decide, not the order of the lists


def test_the_player_without_priority_chooses_the_orientation_first(
    catalog: Catalog,
) -> None:
    ana = side(catalog, "Ana", gas=40, minerals=2000)
    ben = side(catalog, "Ben", gas=60, minerals=2000)
    script = Script(["Ana's side", "Blue", "deployment"])
    result = op_draft(catalog, ana, ben, seed=1, chooser=script)
    first, colour, control = script.asked[:3]
    assert (first.player, first.kind) == ("Ben", ChoiceKind.ORIENTATION)
    assert first.options == ["Ben's side", "Ana's side"]
    assert (colour.player, colour.kind) == ("Ana", ChoiceKind.COLOUR)
    assert (control.player, control.kind) == ("Ana", ChoiceKind.CONTROL)
    assert result.orientation is not None
    assert (result.orientation.chosen_by, result.orientation.side) == ("Ben", "Ana")
    assert "Ben orients the Deployment from Ana's side of the table" in [
        m.text for m in result.transcript
    ]
    colours = {s.player: (s.colour, s.controls) for s in result.sides}
    assert colours == {"Ana": ("Blue", "deployment"), "Ben": ("Red", "mission")}
    # Unattended, the player without priority orients from their own side.
    auto = op_draft(catalog, ana, ben, seed=1)
    assert auto.orientation is not None
    assert (auto.orientation.chosen_by, auto.orientation.side) == ("Ben", "Ben")


def test_the_rulebook_draft_has_no_orientation_and_says_the_roll_off_decided(
    catalog: Catalog,
) -> None:
    # Ana spent less Gas, but the rulebook's draft looks only at the dice.
    ana = side(catalog, "Ana", gas=0, minerals=2000)
    ben = side(catalog, "Ben", gas=60, minerals=2000)
    script = Script([])
    result = run_draft(ana, ben, scale=standard(catalog), seed=3, chooser=script)
    assert result.priority.rule is PriorityRule.ROLL_OFF
    assert result.priority.decided_by == "roll-off"
    assert result.priority.reason == f"{result.winner} has priority: won the roll-off"
    assert result.orientation is None
    assert ChoiceKind.ORIENTATION not in {c.kind for c in script.asked}
    assert result.rolloffs


# The CLI: files written from the two draftlists lists. Alice takes Barracks (25
# Vespene Gas); Bob takes no Tactical Card (0), so under organised play Bob has
# priority whatever the dice.
OP_REASON = "Bob has priority: 0 Vespene Gas spent against 25"


@pytest.fixture
def lists(tmp_path: Path) -> tuple[Path, Path]:
    alice, bob = tmp_path / "alice.yaml", tmp_path / "bob.yaml"
    alice.write_text(ALICE, encoding="utf-8")
    bob.write_text(BOB, encoding="utf-8")
    return alice, bob


def event_file(folder: Path, text: str = "name: Spring Cup\nscale: standard\n") -> Path:
    event = folder / "event.yaml"
    event.write_text(text, encoding="utf-8")
    return event


def draft_json(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["draft", *args, "--auto", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def test_cli_priority_op_in_json_and_text(lists: tuple[Path, Path]) -> None:
    alice, bob = (str(p) for p in lists)
    for seed in ("1", "2", "3"):
        data = draft_json(alice, bob, "--seed", seed, "--priority", "op")
        assert data["priority"] == {
            "rule": "op",
            "player": "Bob",
            "decided_by": "vespene-gas",
            "reason": OP_REASON,
        }
        assert data["winner"] == "Bob"
        assert data["orientation"] == {"chosen_by": "Alice", "side": "Alice"}
    text = runner.invoke(
        app, ["draft", alice, bob, "--seed", "1", "--priority", "op", "--auto"]
    )
    assert text.exit_code == 0
    assert OP_REASON in text.stdout
    assert "oriented from Alice's own side of the table (Alice's choice)" in text.stdout


def test_cli_roll_off_stays_the_default_outside_an_event(
    lists: tuple[Path, Path],
) -> None:
    alice, bob = (str(p) for p in lists)
    plain = draft_json(alice, bob, "--seed", "5")
    named = draft_json(alice, bob, "--seed", "5", "--priority", "roll-off")
    assert plain == named
    priority = plain["priority"]
    assert isinstance(priority, dict)
    assert priority["rule"] == "roll-off"
    assert plain["orientation"] is None


def test_cli_event_makes_op_the_default(
    lists: tuple[Path, Path], tmp_path: Path
) -> None:
    alice, bob = (str(p) for p in lists)
    event = event_file(tmp_path)
    data = draft_json(alice, bob, "--seed", "1", "--event", str(event))
    priority = data["priority"]
    assert isinstance(priority, dict)
    assert (priority["rule"], priority["reason"]) == ("op", OP_REASON)
    # An explicit rule still wins over the event's default.
    rolled = draft_json(
        alice, bob, "--seed", "1", "--event", str(event), "--priority", "roll-off"
    )
    assert rolled["orientation"] is None


def test_cli_event_rules_check_the_lists(
    lists: tuple[Path, Path], tmp_path: Path
) -> None:
    # A Skirmish event: both Standard lists break its rules, and still draft.
    alice, bob = (str(p) for p in lists)
    event = event_file(tmp_path, "scale: skirmish\n")
    result = runner.invoke(
        app, ["draft", alice, bob, "--seed", "1", "--event", str(event), "--auto"]
    )
    assert result.exit_code == 0, result.stderr
    assert f"note: {alice} is not a legal list" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--priority", "gas"],
            "'gas' is not a priority rule; use one of roll-off, op",
        ),
        (["--priority", "op", "--event", "missing.yaml"], "missing.yaml"),
    ],
)
def test_cli_bad_priority_or_event_is_a_usage_error(
    lists: tuple[Path, Path], args: list[str], message: str
) -> None:
    alice, bob = (str(p) for p in lists)
    result = runner.invoke(app, ["draft", alice, bob, "--auto", *args])
    assert result.exit_code == 2
    # typer draws a usage error in a box: its text, without the box and line breaks
    assert message in " ".join(result.stderr.replace("│", " ").split())
    assert result.stdout == ""


def test_cli_event_file_that_cannot_be_used_is_exit_2(
    lists: tuple[Path, Path], tmp_path: Path
) -> None:
    alice, bob = (str(p) for p in lists)
    event = event_file(tmp_path, "scale: huge\n")
    result = runner.invoke(app, ["draft", alice, bob, "--event", str(event)])
    assert result.exit_code == 2
    assert "the event file cannot be used" in result.stderr
    assert "unknown scale 'huge'" in result.stderr


def test_cli_unreadable_list_with_op_is_refused(
    lists: tuple[Path, Path], tmp_path: Path
) -> None:
    alice, _ = lists
    result = runner.invoke(
        app,
        ["draft", str(alice), str(tmp_path / "nobody.yaml"), "--priority", "op"],
    )
    assert result.exit_code == 2
    assert "no such list file" in result.stderr
    broken = tmp_path / "broken.yaml"
    broken.write_text("player: [unclosed\n", encoding="utf-8")
    result = runner.invoke(
        app, ["draft", str(alice), str(broken), "--priority", "op", "--auto"]
    )
    assert result.exit_code == 1
    assert "broken.yaml cannot take part in the draft" in result.stderr


# Round 1 of the drafted Hold Position game, answered as `game play` asks: Red (Bob,
# 12 Zerglings: 1 Supply) holds marker 1; Blue (Alice, 9 Marines: 2 Supply) loses all
# nine and is wiped out, which `game play` asks to confirm.
WIPE_OUT = ["1", *[""] * 9, "", "Marine:9", "2", "y"]


def test_cli_record_is_played_and_scored(
    lists: tuple[Path, Path], tmp_path: Path
) -> None:
    alice, bob = lists
    game = tmp_path / "game.yaml"
    result = runner.invoke(
        app,
        ["draft", str(alice), str(bob), "--seed", "7", "--event", str(event_file(tmp_path)),
         "--auto", "-o", str(game)],
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert f"wrote {game}" in result.stderr
    record, _ = read_record(game.read_text(encoding="utf-8"))
    # Seed 7, auto policy: Bob (priority) takes Red and the mission draft; Alice bans
    # Bob's missions, Bob picks Hold Position; Bob bans Alice's deployments, Alice
    # picks Acropolis.
    assert (record.mission, record.scale, record.deployment) == (
        "Hold Position",
        "standard",
        "Acropolis",
    )
    assert (record.players.red.name, record.players.red.list) == ("Bob", "bob.yaml")
    assert (record.players.blue.name, record.players.blue.list) == (
        "Alice",
        "alice.yaml",
    )
    assert record.first_player == "red"  # the player with priority
    assert record.rounds == []
    text = game.read_text(encoding="utf-8")
    assert OP_REASON in text
    assert "oriented from Alice's side" in text

    played = runner.invoke(app, ["game", "play", str(game)], input="\n".join(WIPE_OUT))
    assert played.exit_code == 0, played.output
    assert "The game is over." in played.stdout
    assert "Red (Bob) wins 12-0 after round 1" in played.stdout
    scored = runner.invoke(app, ["game", "score", str(game), "--format", "json"])
    assert scored.exit_code == 0, scored.stderr
    result_json = json.loads(scored.stdout)["result"]
    assert result_json["winner"] == "red"
    # 12-0: an Annihilation for Bob under the event's scoring (ORGANISED-PLAY.md §6)
    assert (result_json["band"], result_json["mp"], result_json["tp"]) == (
        "annihilation",
        {"red": 3, "blue": 0},
        {"red": 5, "blue": 0},
    )


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the test runner's stdin look like a terminal, so `draft` asks."""
    wrapper = typer.testing._NamedTextIOWrapper  # type: ignore[attr-defined]
    monkeypatch.setattr(wrapper, "isatty", lambda self: self.name == "<stdin>")


@pytest.mark.usefixtures("terminal")
def test_cli_asks_the_orientation_and_the_record_keeps_the_colours(
    lists: tuple[Path, Path], tmp_path: Path
) -> None:
    alice, bob = lists
    game = tmp_path / "game.yaml"
    answers = [
        "bob",  # Alice, without priority: the Deployment seen from Bob's side
        "blue",  # Bob, with priority, takes Blue ...
        "mission",  # ... and the mission draft
        "Frontlines",  # Alice bans two Mission Cards
        "Divide and Conquer",
        "Supply Drop",  # Bob picks
        "Gauntlet",  # Bob bans two Deployment Cards
        "Typhoon",
        "Breach",  # Alice picks
    ]
    result = runner.invoke(
        app,
        ["draft", str(alice), str(bob), "--seed", "4", "--priority", "op",
         "-o", str(game)],
        input="\n".join(answers) + "\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    err = result.stderr
    assert err.index(OP_REASON) < err.index(
        "Alice, choose the side of the table the Deployment is oriented from"
    )
    assert err.index("Alice orients the Deployment from Bob's side") < err.index(
        "Bob, choose your colour"
    )
    record, _ = read_record(game.read_text(encoding="utf-8"))
    assert (record.mission, record.deployment) == ("Supply Drop", "Breach")
    assert (record.players.red.name, record.players.blue.name) == ("Alice", "Bob")
    # The player with priority holds the First Player Marker in round 1, as Blue.
    assert record.first_player == "blue"
    assert "oriented from Bob's side" in game.read_text(encoding="utf-8")


def test_cli_record_never_overwrites_without_force(
    lists: tuple[Path, Path], tmp_path: Path
) -> None:
    alice, bob = (str(p) for p in lists)
    game = tmp_path / "game.yaml"
    game.write_text("# the last game\n", encoding="utf-8")
    args = ["draft", alice, bob, "--seed", "1", "--auto", "-o", str(game)]
    refused = runner.invoke(app, args)
    assert refused.exit_code == 2
    assert f"{game} exists: not overwriting it (--force replaces it" in " ".join(
        refused.stderr.split()
    )
    assert refused.stdout == ""  # refused before the draft
    assert game.read_text(encoding="utf-8") == "# the last game\n"
    forced = runner.invoke(app, [*args, "--force"])
    assert forced.exit_code == 0, forced.stderr
    assert read_record(game.read_text(encoding="utf-8"))[0].mission


def test_cli_record_needs_list_files_inside_its_folder(
    lists: tuple[Path, Path], tmp_path: Path
) -> None:
    alice, bob = (str(p) for p in lists)
    games = tmp_path / "games"
    games.mkdir()
    game = games / "game.yaml"
    args = ["draft", alice, bob, "--seed", "1", "--auto", "-o", str(game)]
    refused = runner.invoke(app, args)
    assert refused.exit_code == 2
    assert "--allow-outside" in refused.stderr
    assert not game.exists()
    allowed = runner.invoke(app, [*args, "--allow-outside"])
    assert allowed.exit_code == 0, allowed.stderr
    record, _ = read_record(game.read_text(encoding="utf-8"))
    assert {record.players.red.list, record.players.blue.list} == {
        "../alice.yaml",
        "../bob.yaml",
    }
    scored = runner.invoke(app, ["game", "score", str(game), "--allow-outside"])
    assert scored.exit_code == 0, scored.stderr


def test_cli_record_refuses_a_list_from_standard_input(
    lists: tuple[Path, Path], tmp_path: Path
) -> None:
    alice, _ = lists
    game = tmp_path / "game.yaml"
    result = runner.invoke(
        app,
        ["draft", str(alice), "-", "--auto", "-o", str(game)],
        input=BOB,
    )
    assert result.exit_code == 2
    assert "give a list file" in result.stderr
    assert not game.exists()


@pytest.mark.parametrize(
    ("output", "message"),
    [
        ("-", "the draft is printed already; give the game record a file name"),
        ("no-folder/game.yaml", "there is no folder no-folder"),
    ],
)
def test_cli_record_target_that_cannot_be_written_is_refused_before_the_draft(
    lists: tuple[Path, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    output: str,
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(
        app, ["draft", "alice.yaml", "bob.yaml", "--auto", "-o", output]
    )
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stdout == ""
    assert not (tmp_path / "-").exists()


def test_cli_record_keeps_a_name_with_a_line_break_out_of_its_keys(
    tmp_path: Path,
) -> None:
    # The priority reason names Bob in the record's top comment: a line break in his
    # name must not start a line of the record there.
    alice, bob = tmp_path / "alice.yaml", tmp_path / "bob.yaml"
    alice.write_text(ALICE, encoding="utf-8")
    bob.write_text(
        BOB.replace("player: Bob", 'player: "Bob\\nfirst_player: blue"'),
        encoding="utf-8",
    )
    game = tmp_path / "game.yaml"
    result = runner.invoke(
        app,
        ["draft", str(alice), str(bob), "--priority", "op", "--auto", "-o", str(game)],
    )
    assert result.exit_code == 0, result.stderr
    record, _ = read_record(game.read_text(encoding="utf-8"))
    assert record.players.red.name == "Bob\nfirst_player: blue"
    assert record.first_player == "red"
