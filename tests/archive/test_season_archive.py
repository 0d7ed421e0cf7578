"""The season fixture (tests/season: the Spring, Summer and Autumn Leagues of one
club, 8, 7 and 6 players of Skirmish) archived: the win rates per faction and every
player's Elo, worked by hand in the comments. Every player has an `id:` (p01 ... p10),
so a player is one player across the three events."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from armylist.cli import app

SEASON = Path(__file__).parent.parent / "season"
runner = CliRunner()


def run(*args: str) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The three events archived, the last one first (the archive orders by date)."""
    archive = tmp_path_factory.mktemp("season") / "season.sqlite"
    for name in ("autumn.yaml", "spring.yaml", "summer.yaml"):
        run("archive", "add", str(SEASON / name), "--archive", str(archive))
    return archive


# The rosters' Faction Cards: Terran Armed Forces (terran) Ana, Dan, Gus; Zerg Swarm
# (zerg) Ben, Eve, Hana, Jon; Daelaam (protoss) Cara, Fay, Ivo. Skirmish bands: a VP
# difference of 0-2 is a Stalemate (a draw). The byes (Gus, Ben, Jon in the Summer
# League) are no game; the concessions (Cara in Summer, Jon in Autumn) a loss.
# Every game, red first (W, D, L is red's result):
#   Spring  S1 Ana W Cara 9-3    S2 Ben D Dan 5-5     S3 Eve W Gus 10-1
#           S4 Fay L Hana 4-7    S5 Eve D Ana 6-6     S6 Hana W Dan 8-2
#           S7 Ben W Fay 7-3     S8 Gus W Cara 9-2    S9 Ana W Hana 11-3
#           S10 Eve W Ben 8-5    S11 Gus D Dan 6-6    S12 Cara W Fay 7-1
#   Summer  U1 Ana W Eve 5-2     U2 Ben L Ivo 1-9     U3 Cara D Jon 4-4
#           U4 Ivo W Gus 10-2    U5 Ana W Cara (Cara conceded)
#           U6 Jon L Eve 3-6     U7 Ivo D Ana 7-7     U8 Gus L Eve 4-9
#           U9 Ben W Cara 6-0
#   Autumn  A1 Ana W Dan 8-4     A2 Cara D Ivo 3-3    A3 Fay L Jon 2-10
#           A4 Jon L Ana (Jon conceded)               A5 Cara W Fay 9-4
#           A6 Ivo W Dan 6-0     A7 Ana D Ivo 5-5     A8 Jon W Cara 7-2
#           A9 Dan L Fay 3-11
# Sides per faction (30 games, 60 sides):
#   terran:  W S1 S8 S9 U1 U5 A1 A4 (7); D S2 S5 S11 S11 U7 A7 (6);
#            L S3 S6 U4 U8 A1 A6 A9 (7): 20 games, (7 + 6/2) / 20 = 0.5
#   zerg:    W S3 S4 S6 S7 S10 U6 U8 U9 A3 A8 (10); D S2 S5 U3 (3);
#            L S9 S10 U1 U2 U6 A4 (6): 19 games, (10 + 3/2) / 19 = 0.60526 -> 0.6053
#   protoss: W S12 U2 U4 A5 A6 A9 (6); D U3 U7 A2 A2 A7 (5);
#            L S1 S4 S7 S8 S12 U5 U9 A3 A5 A8 (10): 21 games, (6 + 5/2) / 21 = 0.40476
#            -> 0.4048
# No result names its game record: no Mission Card is known.
def test_the_seasons_win_rates(season: Path) -> None:
    result = run("archive", "stats", "--archive", str(season), "--format", "json")
    assert json.loads(result.stdout) == {
        "factions": [
            {"faction": "zerg-swarm", "games": 19, "wins": 10, "draws": 3,
             "losses": 6, "win_rate": 0.6053},
            {"faction": "terran-armed-forces", "games": 20, "wins": 7, "draws": 6,
             "losses": 7, "win_rate": 0.5},
            {"faction": "daelaam", "games": 21, "wins": 6, "draws": 5,
             "losses": 10, "win_rate": 0.4048},
        ],
        "missions": [],
    }  # fmt: skip


# Elo in date order (Spring, Summer, Autumn), round, table; 1500 each; K = 32;
# E = 1 / (1 + 10^((Rb - Ra) / 400)) red's expected score; red moves by
# 32 x (S - E), blue by the opposite. Each line: the game, red and blue with their
# ratings before it, E, red's change, and both ratings after:
#   S1  Ana  1500.0000 W Cara 1500.0000  E 0.500000 +16.0000  1516.0000 1484.0000
#   S2  Ben  1500.0000 D Dan  1500.0000  E 0.500000  +0.0000  1500.0000 1500.0000
#   S3  Eve  1500.0000 W Gus  1500.0000  E 0.500000 +16.0000  1516.0000 1484.0000
#   S4  Fay  1500.0000 L Hana 1500.0000  E 0.500000 -16.0000  1484.0000 1516.0000
#   S5  Eve  1516.0000 D Ana  1516.0000  E 0.500000  +0.0000  1516.0000 1516.0000
#   S6  Hana 1516.0000 W Dan  1500.0000  E 0.523010 +15.2637  1531.2637 1484.7363
#   S7  Ben  1500.0000 W Fay  1484.0000  E 0.523010 +15.2637  1515.2637 1468.7363
#   S8  Gus  1484.0000 W Cara 1484.0000  E 0.500000 +16.0000  1500.0000 1468.0000
#   S9  Ana  1516.0000 W Hana 1531.2637  E 0.478048 +16.7025  1532.7025 1514.5612
#   S10 Eve  1516.0000 W Ben  1515.2637  E 0.501060 +15.9661  1531.9661 1499.2976
#   S11 Gus  1500.0000 D Dan  1484.7363  E 0.521952  -0.7025  1499.2975 1485.4388
#   S12 Cara 1468.0000 W Fay  1468.7363  E 0.498940 +16.0339  1484.0339 1452.7024
#   U1  Ana  1532.7025 W Eve  1531.9661  E 0.501060 +15.9661  1548.6686 1516.0000
#   U2  Ben  1499.2976 L Ivo  1500.0000  E 0.498989 -15.9677  1483.3299 1515.9677
#   U3  Cara 1484.0339 D Jon  1500.0000  E 0.477039  +0.7347  1484.7687 1499.2653
#   U4  Ivo  1515.9677 W Gus  1499.2975  E 0.523972 +15.2329  1531.2006 1484.0646
#   U5  Ana  1548.6686 W Cara 1484.7687  E 0.590936 +13.0900  1561.7586 1471.6786
#   U6  Jon  1499.2653 L Eve  1516.0000  E 0.475935 -15.2299  1484.0353 1531.2299
#   U7  Ivo  1531.2006 D Ana  1561.7586  E 0.456136  +1.4036  1532.6042 1560.3550
#   U8  Gus  1484.0646 L Eve  1531.2299  E 0.432538 -13.8412  1470.2234 1545.0711
#   U9  Ben  1483.3299 W Cara 1471.6786  E 0.516761 +15.4636  1498.7936 1456.2150
#   A1  Ana  1560.3550 W Dan  1485.4388  E 0.606173 +12.6025  1572.9574 1472.8363
#   A2  Cara 1456.2150 D Ivo  1532.6042  E 0.391805  +3.4622  1459.6772 1529.1419
#   A3  Fay  1452.7024 L Jon  1484.0353  E 0.455030 -14.5610  1438.1414 1498.5963
#   A4  Jon  1498.5963 L Ana  1572.9574  E 0.394590 -12.6269  1485.9694 1585.5843
#   A5  Cara 1459.6772 W Fay  1438.1414  E 0.530953 +15.0095  1474.6867 1423.1319
#   A6  Ivo  1529.1419 W Dan  1472.8363  E 0.580328 +13.4295  1542.5714 1459.4068
#   A7  Ana  1585.5843 D Ivo  1542.5714  E 0.561586  -1.9708  1583.6136 1544.5422
#   A8  Jon  1485.9694 W Cara 1474.6867  E 0.516231 +15.4806  1501.4500 1459.2061
#   A9  Dan  1459.4068 L Fay  1423.1319  E 0.552015 -17.6645  1441.7423 1440.7964
# Byes are not rated: Gus, Ben and Jon keep their rating over their bye round.
# Ana 9 games, Cara 9, Dan 6, Eve 6, Fay 6, Ivo 6, Ben 5, Gus 5, Jon 5, Hana 3.
RATINGS = [
    ("Ana", "p01", 1583.61, 9),
    ("Eve", "p05", 1545.07, 6),
    ("Ivo", "p09", 1544.54, 6),
    ("Hana", "p08", 1514.56, 3),
    ("Jon", "p10", 1501.45, 5),
    ("Ben", "p02", 1498.79, 5),
    ("Gus", "p07", 1470.22, 5),
    ("Cara", "p03", 1459.21, 9),
    ("Dan", "p04", 1441.74, 6),
    ("Fay", "p06", 1440.8, 6),
]
RACES = {
    "Ana": "terran", "Dan": "terran", "Gus": "terran",
    "Ben": "zerg", "Eve": "zerg", "Hana": "zerg", "Jon": "zerg",
    "Cara": "protoss", "Fay": "protoss", "Ivo": "protoss",
}  # fmt: skip


def test_every_players_elo(season: Path) -> None:
    result = run("archive", "ratings", "--archive", str(season), "--format", "json")
    assert json.loads(result.stdout) == {
        "ratings": [
            {"player": player, "id": id_, "rating": rating, "games": games}
            for player, id_, rating, games in RATINGS
        ]
    }


# Every player played one race all season: their rating for it is their rating.
def test_per_race_each_player_keeps_their_rating(season: Path) -> None:
    result = run(
        "archive", "ratings", "--archive", str(season), "--by", "race",
        "--format", "json",
    )  # fmt: skip
    assert json.loads(result.stdout) == {
        "races": {
            race: [
                {"player": player, "id": id_, "rating": rating, "games": games}
                for player, id_, rating, games in RATINGS
                if RACES[player] == race
            ]
            for race in ("protoss", "terran", "zerg")
        }
    }
