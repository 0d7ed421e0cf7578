"""A whole game at the table through `armylist game play`, as players type it: with
mistakes (each refused, saying why, and asked again), answers taken back with `u`, an
ending confirmed, and the score it ends on worked out by hand from SCORING.md."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from projectpaths import LISTS
from typer.testing import CliRunner, Result

from armylist.cli import app

runner = CliRunner()
TERRAN = LISTS / "terran-armed-forces-skirmish-patrol.yaml"
ZERG = LISTS / "zerg-swarm-skirmish-raiding-pack.yaml"

# Hold Position Skirmish (SCORING.md 3.1: Pools 3/4/5/6/unlimited, 5 rounds, a lead of
# 8 wins at once). Markers 1 (Red's colour), 2 (Blue's), 5 (neutral); from round 2 a
# held marker scores 1 (neutral or own colour) or 2 (the opponent's colour), and every
# round each player scores the enemy Supply destroyed (3.2).
# Jim (Red, Terran, starting Supply 7): Marine 9 (2), Marine 6 (1), Marauder 2 (1),
# Goliath 1 (2), Medic 3 (1). Ana (Blue, Zerg, 6): Zergling 18 (2), Zergling 12 (1),
# Roach 3 (1), Roach 3 (1), Queen (1). Each round asks marker 1, 2, 5 (Red's Supply
# then Blue's), the Supply lost (Red, Blue), in round 5 the Reserves (Red, Blue), a
# wipe-out; after a tied round, the roll-off.
ROUND_1 = [
    "5",  # refused: the Pool of round 1 is 3
    "2",  # marker 1: Jim 2 (the 9 Marines)
    "",
    "",
    "",
    "",
    "1",  # marker 5: Ana 1
    "Zergling:3",  # refused: Jim's list has no Zergling
    "Marine#2:3",  # Jim: Marines 6 to 3, Supply 1 to 0: 1 lost
    "Zergling:6",  # Ana: Zerglings 18 to 12, Supply 2 to 1: 1 lost
    "",
    # Step 1: 1 Red, 5 Blue. No marker VP in round 1; 1 destroyed each: 1-1, tied.
    "2",  # the roll-off: Ana
]
ROUND_2 = [
    "",
    "",
    "1",  # marker 2: Jim 1 (the Marauders) takes it
    "",
    "",
    "1",  # marker 5: Ana 1 keeps it
    "",
    "Roach:2",  # Ana: Roaches 3 to 1, Supply 1 to 0: 1 lost
    "1",  # refused: Jim contested marker 2, he is not wiped out
    "",
    # Jim: 1 (own marker 1) + 2 (Ana's marker 2) + 1 destroyed = 4, total 5.
    # Ana: 1 (neutral 5), total 2. 5-2.
]
ROUND_3 = [
    "3",  # a slip ...
    "u",  # ... taken back
    "",  # marker 1: Jim none
    "2",  # marker 1: Ana 2 takes Jim's marker
    "1",  # marker 2: Jim 1 keeps it
    "",
    "",
    "",
    "Goliath:1",  # Jim: the Goliath destroyed, 2 lost
    "3",  # refused: Ana has 4 Supply left (6 less 2 lost), 2 of them on marker 1
    "1",
    "",
    # Jim: 2 (Ana's marker 2) + 1 destroyed = 3, total 8.
    # Ana: 2 (Jim's marker 1) + 1 (neutral 5) + 2 destroyed = 5, total 7. 8-7.
]
ROUND_4 = [
    "2",
    "2",  # marker 1: 2 against 2, a tie: Ana keeps it
    "",
    "",
    "1",  # marker 5: Jim 1 takes it
    "",
    "",
    "Queen:1",  # Ana: the Queen destroyed (1 lost) ... but it was a Zergling
    "",
]
BACK_TO_ROUND_4 = [
    "u",  # at round 5's first question: round 4's wipe-out answer taken back
    "u",  # then Ana's loss
    "Zergling#2:6",  # her second Zerglings, 12 to 6, Supply 1 to 0: 1 lost
    "",
    # Jim: 2 (marker 2) + 1 (neutral 5) + 1 destroyed = 4, total 12.
    # Ana: 2 (Jim's marker 1), total 9. 12-9: a lead of 3, play on.
]
ROUND_5 = [
    "",
    "1",  # marker 1: Ana 1 keeps it
    "",
    "",
    "",
    "5",  # refused: Ana has 2 Supply left (6 less 4 lost)
    "1",  # marker 5: Ana 1 takes it back
    "Marine:3",  # Jim: Marines 9 to 6, Supply 2 to 1: 1 lost
    "",
    "",
    "",
    "",  # nobody wiped out: the last round ends the game ...
    "n",  # ... not yet: asked again
    "",
    "y",
    # Jim: 2 (marker 2), total 14. Ana: 2 (marker 1) + 1 (5) + 1 destroyed = 4,
    # total 13. Jim wins 14-13; in Skirmish 1 VP apart is a Stalemate
    # (ORGANISED-PLAY.md §6): 1 MP and 2 TP each.
]


def new_game(folder: Path, *options: str) -> tuple[Path, Result]:
    """Jim's Terran list against Ana's Zerg one at Hold Position, recorded by `game
    new` in ``folder`` (``options`` before the command, e.g. `--lang es`): the game
    file, and what `game new` did."""
    for example in (TERRAN, ZERG):
        shutil.copy(example, folder / example.name)
    path = folder / "game.yaml"
    lists = ["--list", str(folder / TERRAN.name), "--list", str(folder / ZERG.name)]
    new = runner.invoke(
        app,
        [
            *options,
            "game",
            "new",
            "-m",
            "Hold Position",
            *lists,
            "--red-name",
            "Jim",
            "--blue-name",
            "Ana",
            "-o",
            str(path),
        ],
    )
    return path, new


def test_a_whole_game_with_mistakes_and_undos_ends_on_the_right_score(
    tmp_path: Path,
) -> None:
    path, new = new_game(tmp_path)
    assert new.exit_code == 0, new.output
    answers = ROUND_1 + ROUND_2 + ROUND_3 + ROUND_4 + BACK_TO_ROUND_4 + ROUND_5
    result = runner.invoke(
        app, ["game", "play", str(path)], input="".join(f"{a}\n" for a in answers)
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())

    refusals = [
        "Red (Jim) cannot contest marker 1 with 5 Supply: the Supply Pool of round 1 "
        "is 3",
        "round 1: the loss 'Zergling:3': Red's list has no unit called 'Zergling'",
        "Red (Jim) contested marker 2 this round: Red (Jim) has models on the table, "
        "so is not wiped out",
        "Blue (Ana) contests marker 1 with 2 Supply and lost 3: 5 Supply, but Blue "
        "(Ana)'s army has 4 Supply left (6 at the start, 2 lost)",
        "Blue (Ana) cannot contest marker 5 with 5 Supply: Blue (Ana)'s army has 2 "
        "Supply left (6 at the start, 4 lost)",
    ]
    for refusal in refusals:
        assert f"refused: {refusal}" in out
    assert out.count("refused:") == len(refusals)
    assert out.count("undone:") == 3
    assert "(was: Queen:1)" in out
    assert out.count("This answer ends the game: Red (Jim) wins 14-13") == 2
    assert "Result: Red (Jim) wins 14-13 after round 5" in out

    score = runner.invoke(app, ["game", "score", str(path), "--format", "json"])
    assert score.exit_code == 0, score.output
    data = json.loads(score.stdout)
    totals = [(r["total"]["red"], r["total"]["blue"]) for r in data["rounds"]]
    assert totals == [(1, 1), (5, 2), (8, 7), (12, 9), (14, 13)]
    assert [r["first_player_next"] for r in data["rounds"]] == [
        "blue",  # the roll-off
        "blue",
        "blue",
        "blue",
        None,
    ]
    assert data["result"] == {
        "winner": "red",
        "reason": "end of round 5, the last: 14-13",
        "ended_after_round": 5,
        "vp": {"red": 14, "blue": 13},
        "band": "stalemate",
        "mp": {"red": 1, "blue": 1},
        "tp": {"red": 2, "blue": 2},
    }
    assert "in_progress" not in path.read_text(encoding="utf-8")
