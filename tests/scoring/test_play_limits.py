"""`armylist game play` refuses what the game state makes impossible, says why, and
asks again: more Supply than the Supply Pool lets a player have on the table (§8.3.1),
more than their army has left, a unit their list does not have, a wipe-out of a player
with units still on the table or in Reserves."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import yaml
from projectpaths import LISTS
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()
TERRAN = LISTS / "terran-armed-forces-skirmish-patrol.yaml"  # starting Supply 7
ZERG = LISTS / "zerg-swarm-skirmish-raiding-pack.yaml"  # starting Supply 6

# Hold Position Standard without lists: markers 1 to 5, a Pool of 6 in round 1.
STANDARD = "mission: Hold Position\nscale: standard\nfirst_player: red\nrounds:\n"
# Hold Position Skirmish with both lists: markers 1, 2, 5; Pools 3/4/5/6/unlimited.
SKIRMISH = (
    "mission: Hold Position\nscale: skirmish\n"
    f"players:\n  red: {{name: Jim, list: {TERRAN.name}}}\n"
    f"  blue: {{name: Ana, list: {ZERG.name}}}\n"
    "first_player: red\nrounds:\n"
)
NOTHING = [""] * 9  # a Skirmish round where nothing happens (then a roll-off: 0-0)


def game(folder: Path, text: str) -> Path:
    for example in (TERRAN, ZERG):
        shutil.copy(example, folder / example.name)
    path = folder / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def play(path: Path, answers: list[str]) -> str:
    """The transcript of `game play` given ``answers`` then q, words joined."""
    typed = "".join(f"{a}\n" for a in [*answers, "q"])
    result = runner.invoke(app, ["game", "play", str(path)], input=typed)
    assert result.exit_code == 0, result.output
    return " ".join(result.stdout.split())


def saved_round(path: Path) -> dict[str, Any]:
    """The last round in the file (the one in progress)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    last: dict[str, Any] = data["rounds"][-1]
    return last


def test_the_issue_s_game_contesting_and_losing_more_than_the_pool(
    tmp_path: Path,
) -> None:
    # With a Pool of 6, 50 Supply contesting and 20 lost ended the game "Blue wins
    # 20-0 after round 1". Both are refused, and asked again.
    path = game(tmp_path, STANDARD)
    out = play(path, ["50", "6", *[""] * 9, "20", "2"])
    assert (
        "refused: Red cannot contest marker 1 with 50 Supply: the Supply Pool of "
        "round 1 is 6, and a player's units on the table never hold more (§8.3.1)"
    ) in out
    assert (
        "refused: Red cannot lose 20 Supply in round 1: the Supply Pool is 6, and a "
        "player's units on the table never hold more (§8.3.1)"
    ) in out
    assert out.count("Marker 1: Supply of Red's units") == 2
    entry = saved_round(path)
    assert entry["contest"][1]["red"] == 6
    assert entry["supply_lost"]["red"] == 2
    assert "wins" not in out


def test_the_pool_grows_each_round_and_is_unlimited_in_the_last(
    tmp_path: Path,
) -> None:
    # Round 2 of Hold Position Standard has a Pool of 8: 8 is taken, 9 is not.
    path = game(tmp_path, STANDARD + "  - round: 1\n    roll_off: red\n")
    out = play(path, ["9", "8"])
    assert "the Supply Pool of round 2 is 8" in out
    assert saved_round(path)["contest"][1]["red"] == 8
    rounds = "".join(f"  - round: {n}\n    roll_off: red\n" for n in (1, 2, 3, 4))
    path.write_text(STANDARD + rounds, encoding="utf-8")
    out = play(path, ["30"])  # round 5: no Pool, no lists: nothing to refuse it
    assert "refused" not in out
    assert saved_round(path)["contest"][1]["red"] == 30


def test_more_than_the_army_has_left_is_refused(tmp_path: Path) -> None:
    # Ana's Zerg start with 6 Supply. Round 1 (Pool 3): she loses 3; round 2 (Pool
    # 4): 3 more, so nothing is left, though round 3's Pool is 5.
    path = game(tmp_path, SKIRMISH)
    round_1 = ["", "", "", "", "", "", "", "3", ""]  # Jim leads 3-0: no roll-off
    round_2 = ["", "", "", "", "", "", "", "3", ""]
    round_3 = ["", "2", "", "", "", "", "", "", "1"]  # "2" and "1" refused
    out = play(path, [*round_1, *round_2, *round_3])
    assert (
        "refused: Blue (Ana) cannot contest marker 1 with 2 Supply: Blue (Ana)'s "
        "army has 0 Supply left (6 at the start, 6 lost)"
    ) in out
    assert (
        "refused: Blue (Ana) cannot lose 1 Supply: Blue (Ana)'s army has 0 Supply "
        "left (6 at the start, 6 lost)"
    ) in out


def test_contesting_and_losing_together_more_than_the_army_has(
    tmp_path: Path,
) -> None:
    # The units contesting a marker in the Scoring Phase survived the round: with
    # what was lost they are never more than the army had. Ana has 6 at the start;
    # after losing 3 in round 1, 3 are left: 3 contesting in round 2 and 1 lost is 4.
    path = game(tmp_path, SKIRMISH)
    round_1 = ["", "", "", "", "", "", "", "3", ""]
    out = play(path, [*round_1, "", "3", "", "", "", "", "", "1", "0"])
    assert (
        "refused: Blue (Ana) contests marker 1 with 3 Supply and lost 1: 4 Supply, "
        "but Blue (Ana)'s army has 3 Supply left (6 at the start, 3 lost)"
    ) in out
    assert saved_round(path)["supply_lost"]["blue"] == 0


def test_a_unit_that_is_not_in_the_player_s_list_is_refused(tmp_path: Path) -> None:
    path = game(tmp_path, SKIRMISH)
    out = play(path, [*[""] * 6, "Zergling:3", "Marine:3", "Marine:3"])
    # Jim plays Terran: his list has no Zergling; Ana's Zerg have no Marine.
    assert "Red's list has no unit called 'Zergling'" in out
    assert "its units are Goliath, Marauder, Marine, Medic" in out
    assert "Blue's list has no unit called 'Marine'" in out
    assert out.count("refused") == 2


def test_the_loss_prompt_suggests_the_player_s_own_units(tmp_path: Path) -> None:
    path = game(tmp_path, SKIRMISH)
    out = play(path, [*[""] * 7])
    assert "Supply Red (Jim) lost this round (a number, or units: Marine:3)" in out
    # A Zerg player is not offered Marine:3.
    assert "Supply Blue (Ana) lost this round (a number, or units: Zergling:3)" in out


def test_a_wipe_out_of_a_player_with_units_is_refused(tmp_path: Path) -> None:
    # Jim contested marker 1 in this Scoring Phase: he has models on the table.
    path = game(tmp_path, SKIRMISH)
    out = play(path, ["2", "", "", "", "", "", "", "", "1", "2", ""])
    assert (
        "refused: Red (Jim) contested marker 1 this round: Red (Jim) has models on "
        "the table, so is not wiped out"
    ) in out
    # Ana lost nothing of her 6 Supply: her units are on the table or in Reserves.
    assert (
        "refused: Blue (Ana)'s army has 6 Supply not destroyed (on the table or in "
        "Reserves), so is not wiped out"
    ) in out


def test_a_wipe_out_with_supply_in_reserves_is_refused(tmp_path: Path) -> None:
    # Round 5 of a game without lists: 2 Supply still in Reserves is not a wipe-out.
    rounds = "".join(f"  - round: {n}\n    roll_off: red\n" for n in (1, 2, 3, 4))
    path = game(tmp_path, STANDARD + rounds)
    out = play(path, [*[""] * 12, "2", "", "1"])
    assert ("refused: Red has 2 Supply in Reserves, so is not wiped out") in out
