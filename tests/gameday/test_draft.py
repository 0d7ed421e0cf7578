"""The mission and deployment draft (§9.2) and the set-up rolls (§9.3)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from draftlists import ALICE, BOB, draft_player
from typer.testing import CliRunner

from armylist.cli import app
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Scale
from armylist.gameday.draft import run_draft
from armylist.gameday.draftpolicy import auto_chooser
from armylist.gameday.draftrecord import Choice, ChoiceKind, DraftPlayer, DraftResult

runner = CliRunner()


@pytest.fixture
def alice(catalog: Catalog) -> DraftPlayer:
    return draft_player(
        catalog, "Alice", ["Hold Position", "Supply Drop"], ["Gauntlet", "Typhoon"]
    )


@pytest.fixture
def bob(catalog: Catalog) -> DraftPlayer:
    return draft_player(
        catalog, "Bob", ["Frontlines", "Divide and Conquer"], ["Acropolis", "Breach"]
    )


def scale_of(catalog: Catalog, name: str) -> Scale:
    found = catalog.scale(name)
    assert found is not None
    return found


class Script:
    """A chooser that answers from a script and records every question."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)
        self.asked: list[Choice] = []

    def __call__(self, choice: Choice) -> str:
        self.asked.append(choice)
        return self.answers.pop(0)


def test_the_same_seed_gives_the_same_draft(
    catalog: Catalog, alice: DraftPlayer, bob: DraftPlayer
) -> None:
    standard = scale_of(catalog, "standard")
    one = run_draft(alice, bob, scale=standard, seed=42)
    two = run_draft(alice, bob, scale=standard, seed=42)
    assert one == two
    # The dice come from the seed: across seeds the roll-offs differ.
    rolls = {
        tuple(
            r.total for r in run_draft(alice, bob, scale=standard, seed=s).rolloffs[0]
        )
        for s in range(20)
    }
    assert len(rolls) > 1


def test_ban_and_pick_order_move_by_move(
    catalog: Catalog, alice: DraftPlayer, bob: DraftPlayer
) -> None:
    standard = scale_of(catalog, "standard")
    winner_name = run_draft(alice, bob, scale=standard, seed=3).winner
    winner, loser = (alice, bob) if winner_name == "Alice" else (bob, alice)
    script = Script(
        [
            "Blue",  # the winner's colour
            "deployment",  # the winner controls the deployment draft
            "Supply Drop (Alice)",  # the winner (no mission control) bans ...
            "Frontlines (Bob)",  # ... twice
            "Divide and Conquer (Bob)",  # the loser (mission control) picks
            "Gauntlet (Alice)",  # the loser (no deployment control) bans ...
            "Breach (Bob)",  # ... twice
            "Typhoon (Alice)",  # the winner (deployment control) picks
        ]
    )
    result = run_draft(alice, bob, scale=standard, seed=3, chooser=script)
    asked = [(c.player, c.kind, c.draft, c.options) for c in script.asked]
    missions = [
        "Hold Position (Alice)",
        "Supply Drop (Alice)",
        "Frontlines (Bob)",
        "Divide and Conquer (Bob)",
    ]
    deployments = [
        "Gauntlet (Alice)",
        "Typhoon (Alice)",
        "Acropolis (Bob)",
        "Breach (Bob)",
    ]
    assert asked == [
        (winner.name, ChoiceKind.COLOUR, None, ["Red", "Blue"]),
        (winner.name, ChoiceKind.CONTROL, None, ["mission", "deployment"]),
        (winner.name, ChoiceKind.BAN, "mission", missions),
        (winner.name, ChoiceKind.BAN, "mission", [missions[0], *missions[2:]]),
        (loser.name, ChoiceKind.PICK, "mission", [missions[0], missions[3]]),
        (loser.name, ChoiceKind.BAN, "deployment", deployments),
        (loser.name, ChoiceKind.BAN, "deployment", deployments[1:]),
        (winner.name, ChoiceKind.PICK, "deployment", deployments[1:3]),
    ]
    assert script.answers == []
    assert result.mission.name == "Divide and Conquer"
    assert (result.mission.starting_supply, result.mission.supply_escalation) == (8, 2)
    assert result.mission.game_length == 4
    assert result.mission.brought_by == "Bob"
    assert result.deployment.name == "Typhoon"
    sides = {s.player: s for s in result.sides}
    assert sides[winner.name].colour == "Blue"
    assert sides[winner.name].markers == [2, 4]
    assert sides[winner.name].controls == "deployment"
    assert sides[loser.name].colour == "Red"
    assert sides[loser.name].markers == [1, 3]
    assert sides[loser.name].controls == "mission"
    assert result.first_in_setup == loser.name
    assert result.markers == {1: "Red", 2: "Blue", 3: "Red", 4: "Blue", 5: None}
    assert result.battlefield == '36" x 54"'
    actions = [m.action for m in result.transcript]
    assert actions[actions.index("colour") :] == [
        "colour",
        "control",
        "mission-cards",
        "ban",
        "ban",
        "pick",
        "deployment-cards",
        "ban",
        "ban",
        "pick",
        "markers",
        "battlefield",
        "terrain",
    ]
    assert "Supply Drop (Alice)" in result.transcript[actions.index("ban")].text


def test_an_answer_that_is_not_an_option_is_refused(
    catalog: Catalog, alice: DraftPlayer, bob: DraftPlayer
) -> None:
    with pytest.raises(Refused, match="the options are Red, Blue"):
        run_draft(
            alice,
            bob,
            scale=scale_of(catalog, "standard"),
            seed=1,
            chooser=Script(["Green"]),
        )


def test_auto_policy(catalog: Catalog, alice: DraftPlayer, bob: DraftPlayer) -> None:
    result = run_draft(alice, bob, scale=scale_of(catalog, "standard"), seed=5)
    sides = {s.player: s for s in result.sides}
    assert sides[result.winner].colour == "Red"
    assert sides[result.winner].controls == "mission"
    bans = [m for m in result.transcript if m.action == "ban"]
    # The player without control bans the controller's own cards.
    loser = "Bob" if result.winner == "Alice" else "Alice"
    assert all(m.player == loser and f"({result.winner})" in m.text for m in bans[:2])
    assert all(m.player == result.winner and f"({loser})" in m.text for m in bans[2:])
    assert result.mission.brought_by == loser
    assert result.deployment.brought_by == result.winner


def test_auto_pick_prefers_a_card_the_controller_brought_too() -> None:
    choice = Choice(
        player="Bob",
        kind=ChoiceKind.PICK,
        draft="mission",
        prompt="pick",
        options=["Supply Drop (Alice)", "Hold Position (Alice)"],
        brought=["Hold Position", "Frontlines"],
    )
    assert auto_chooser(choice) == "Hold Position (Alice)"


def test_both_players_may_bring_the_same_card(
    catalog: Catalog, alice: DraftPlayer
) -> None:
    twin = draft_player(
        catalog, "Bob", ["Hold Position", "Frontlines"], ["Gauntlet", "Breach"]
    )
    script = Script(
        [
            "Red",
            "mission",
            "Hold Position (Alice)",
            "Supply Drop (Alice)",
            "Hold Position (Bob)",
            "Gauntlet (Bob)",
            "Breach (Bob)",
            "Gauntlet (Alice)",
        ]
    )
    result = run_draft(
        alice, twin, scale=scale_of(catalog, "standard"), seed=3, chooser=script
    )
    assert script.asked[3].options == [
        "Supply Drop (Alice)",
        "Hold Position (Bob)",
        "Frontlines (Bob)",
    ]
    assert result.mission.name == "Hold Position"
    assert result.mission.brought_by == "Bob"
    assert result.deployment.brought_by == "Alice"


def test_rolloff_ties_are_rerolled(
    catalog: Catalog, alice: DraftPlayer, bob: DraftPlayer
) -> None:
    standard = scale_of(catalog, "standard")
    result = next(
        r
        for r in (run_draft(alice, bob, scale=standard, seed=s) for s in range(200))
        if len(r.rolloffs) > 1
    )
    for tie in result.rolloffs[:-1]:
        assert tie[0].total == tie[1].total
    last = result.rolloffs[-1]
    assert last[0].total != last[1].total
    winner = last[0] if last[0].total > last[1].total else last[1]
    assert result.winner == winner.player
    assert "re-roll" in result.transcript[0].text
    assert all(1 <= d <= 6 for roll in last for d in roll.dice)


def _terrain(results: list[DraftResult]) -> set[int]:
    return {r.terrain.roll for r in results}


def test_terrain_die_follows_the_scale(catalog: Catalog) -> None:
    skirmish_alice = draft_player(
        catalog, "Alice", ["Hold Position", "Supply Drop"], ["Frontier", "Dirt Side"]
    )
    skirmish_bob = draft_player(
        catalog, "Bob", ["Frontlines", "Supply Drop"], ["Char Plains", "Agria Valley"]
    )
    skirmish = scale_of(catalog, "skirmish")
    results = [
        run_draft(skirmish_alice, skirmish_bob, scale=skirmish, seed=s)
        for s in range(40)
    ]
    assert _terrain(results) == {1, 2, 3}
    assert {r.terrain.die for r in results} == {"D3"}
    assert {r.battlefield for r in results} == {'36" x 36"'}


def test_standard_terrain_uses_a_d6_and_grand_offensive_its_own_battlefield(
    catalog: Catalog, alice: DraftPlayer, bob: DraftPlayer
) -> None:
    standard = [
        run_draft(alice, bob, scale=scale_of(catalog, "standard"), seed=s)
        for s in range(60)
    ]
    assert _terrain(standard) == {1, 2, 3, 4, 5, 6}
    grand = run_draft(alice, bob, scale=scale_of(catalog, "grand-offensive"), seed=1)
    assert grand.battlefield == '36" x 72"'


# The command line.


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def draft_cli(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["draft", *args])
    return result.exit_code, result.stdout, result.stderr


def test_cli_is_deterministic_for_a_seed(tmp_path: Path) -> None:
    a, b = write(tmp_path, "a.yaml", ALICE), write(tmp_path, "b.yaml", BOB)
    first = draft_cli(str(a), str(b), "--seed", "11", "--format", "json")
    second = draft_cli(str(a), str(b), "--seed", "11", "--format", "json")
    assert first[0] == 0
    assert first[1] == second[1]
    code, out, _ = draft_cli(str(a), str(b), "--seed", "11", "--auto")
    assert code == 0
    assert "Starting Supply" in out
    assert "Roll-off (2D6)" in out
    assert "bans" in out and "picks" in out
    assert "--seed 11" in out


def test_cli_rejects_a_list_that_repeats_a_mission(tmp_path: Path) -> None:
    a = write(tmp_path, "a.yaml", ALICE)
    b = write(
        tmp_path,
        "b.yaml",
        BOB.replace("[Frontlines, Divide and Conquer]", "[Frontlines, Frontlines]"),
    )
    code, out, err = draft_cli(str(a), str(b), "--seed", "1")
    assert code == 1
    assert out == ""
    assert "Frontlines is listed twice" in err
    assert "scenario-cards" in err
    assert "b.yaml:7:" in err


def test_cli_rejects_unknown_and_missing_cards(tmp_path: Path) -> None:
    a = write(tmp_path, "a.yaml", ALICE)
    unknown = write(tmp_path, "u.yaml", BOB.replace("Breach", "Breech"))
    code, _, err = draft_cli(str(a), str(unknown), "--seed", "1")
    assert code == 1
    assert "unknown-deployment" in err and 'did you mean "Breach"' in err
    missing = write(
        tmp_path,
        "m.yaml",
        BOB.replace("missions: [Frontlines, Divide and Conquer]\n", ""),
    )
    code, _, err = draft_cli(str(a), str(missing), "--seed", "1")
    assert code == 1
    assert "brings no Mission Cards" in err


@pytest.mark.parametrize(
    ("missions", "message"),
    [
        ("missions: Frontlines, Divide and Conquer", "b.yaml:7:11: missions: expected"),
        ("missions: [Frontlines, 5]", "b.yaml:7:24: missions[1]: expected text"),
    ],
)
def test_cli_quotes_the_schema_error_in_the_scenario_cards(
    tmp_path: Path, missions: str, message: str
) -> None:
    # Not "brings no Mission Cards" when the list has a `missions:` line.
    a = write(tmp_path, "a.yaml", ALICE)
    b = write(
        tmp_path,
        "b.yaml",
        BOB.replace("missions: [Frontlines, Divide and Conquer]", missions),
    )
    code, out, err = draft_cli(str(a), str(b), "--seed", "1")
    assert code == 1
    assert out == ""
    assert message in err
    assert "list-schema" in err


def test_cli_rejects_lists_of_different_scales(tmp_path: Path) -> None:
    a = write(tmp_path, "a.yaml", ALICE)
    skirmish = BOB.replace("scale: standard", "scale: skirmish")
    skirmish = skirmish.replace("[Acropolis, Breach]", "[Frontier, Dirt Side]")
    b = write(tmp_path, "b.yaml", skirmish)
    code, out, err = draft_cli(str(a), str(b), "--seed", "1")
    assert code == 1
    assert out == ""
    assert "different scales" in err
    assert "Standard" in err and "Skirmish" in err


def test_cli_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    a = write(tmp_path, "a.yaml", ALICE)
    code, _, err = draft_cli(str(a), str(tmp_path / "nope.yaml"))
    assert code == 2
    assert "no such list file" in err


def test_cli_without_a_seed_prints_one_to_replay(tmp_path: Path) -> None:
    a, b = write(tmp_path, "a.yaml", ALICE), write(tmp_path, "b.yaml", BOB)
    code, out, err = draft_cli(str(a), str(b), "--format", "json")
    assert code == 0
    import json

    seed = json.loads(out)["seed"]
    assert f"seed {seed}" in err
    assert draft_cli(str(a), str(b), "--seed", str(seed), "--format", "json")[1] == out


def test_cli_text_keeps_player_names_that_look_like_markup(tmp_path: Path) -> None:
    # A `player:` is the user's text: "[/]" must print as is, not crash Rich.
    a = write(tmp_path, "a.yaml", ALICE.replace("player: Alice", 'player: "[/]"'))
    b = write(tmp_path, "b.yaml", BOB.replace("player: Bob", 'player: "[red]Bob"'))
    code, out, err = draft_cli(str(a), str(b), "--seed", "1", "--auto")
    assert code == 0, err
    result = out[out.index("Result") :].splitlines()
    assert any(line.split()[:2] == ["Red", "[/]"] for line in result)
    assert any(line.split()[:2] == ["Blue", "[red]Bob"] for line in result)
    assert "[/] (Red) goes first" in out


def test_auto_pick_with_players_of_the_same_name(catalog: Catalog) -> None:
    # Two lists of the same player are told apart as "Sam (1)" and "Sam (2)": the
    # auto pick must still find the card the controller brought too.
    one = draft_player(
        catalog, "Sam (1)", ["Hold Position", "Supply Drop"], ["Gauntlet", "Typhoon"]
    )
    two = draft_player(
        catalog, "Sam (2)", ["Frontlines", "Supply Drop"], ["Breach", "Typhoon"]
    )
    result = run_draft(one, two, scale=scale_of(catalog, "standard"), seed=5)
    assert result.mission.name == "Supply Drop"
    assert result.deployment.name == "Typhoon"


def test_cli_transcript_wraps_under_each_step_in_a_narrow_terminal(
    tmp_path: Path,
) -> None:
    a, b = write(tmp_path, "a.yaml", ALICE), write(tmp_path, "b.yaml", BOB)
    result = CliRunner(env={"COLUMNS": "60"}).invoke(
        app, ["draft", str(a), str(b), "--seed", "7", "--auto"]
    )
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    transcript = lines[1 : lines.index("Result")]
    # A step too long for the line goes on under its own text, never at column 0.
    assert len(transcript) > 14
    for line in transcript:
        assert re.match(r"( ?\d+\. |    \S)", line), line
