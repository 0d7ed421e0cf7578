"""A small hand-worked archive: three events, written into a folder.

Rosters (their legality is no concern of the archive's):
  raiders.yaml  Raynor's Raiders (terran), missions Frontlines, Supply Drop
  zerg.yaml     Zerg Swarm (zerg), missions Gather the Resources, Frontlines
  daelaam.yaml  Daelaam (protoss), missions Hold Position, Frontlines
  khalai.yaml   Khalai (protoss), missions Divide and Conquer, Supply Drop

Summer Cup, 2026-06-01 (added last, played first):
  R1 t1 Ben (khalai) 10-0 Eve (khalai): Ben wins.
Autumn Cup, 2026-09-05:
  R1 t1 Ana (raiders, id ana) 12-4 Ben (zerg): Ana wins.
  R1 t2 Cara (daelaam) v Dan (raiders), the game record g.yaml: Hold Position 15-4,
        Cara wins.
  R2 t1 Ana 6-6 Cara: a Stalemate, a draw.
  R2 t2 Ben v Dan, Dan concedes: Ben wins.
Winter Cup, 2026-12-05:
  R1 t1 Ana G. (id ana: the same player as Ana) 3-10 Eve (khalai): Eve wins.
  R1 t2 Ben v Cara, Cara does not show: not rated, no game (Cara drops).
  R1    Dann (zerg) has the bye: not rated, no game.
  R2 t1 Eve 8-8 Ben: a draw.
  R2 t2 Ana G. 10-2 Dann, but Ana G. has a Game Loss: Dann wins.
"""

from __future__ import annotations

from pathlib import Path

ROSTERS = {
    "raiders.yaml": (
        "Raynor's Raiders",
        "tactical_cards: [Barracks]\nunits:\n  - unit: Marine\n    models: 9\n",
        "[Frontlines, Supply Drop]",
    ),
    "zerg.yaml": (
        "Zerg Swarm",
        "units:\n  - unit: Zergling\n",
        "[Gather the Resources, Frontlines]",
    ),
    "daelaam.yaml": (
        "Daelaam",
        "units:\n  - unit: Zealot\n  - unit: Stalker\n",
        "[Hold Position, Frontlines]",
    ),
    "khalai.yaml": (
        "Khalai",
        "units:\n  - unit: Zealot\n",
        "[Divide and Conquer, Supply Drop]",
    ),
}

# SCORING.md 6.2 (Hold Position Standard): red wins 15-4 after round 3.
GAME = """\
mission: Hold Position
scale: standard
players: {red: {name: Cara}, blue: {name: Dan}}
first_player: red
rounds:
  - round: 1
    contest: {1: {red: 2}, 3: {red: 1}, 5: {red: 3, blue: 1}, 2: {blue: 2}, 4: {blue: 2}}
    supply_lost: {red: 1, blue: 2}
  - round: 2
    contest: {4: {red: 3, blue: 2}}
    supply_lost: {red: 1, blue: 2}
  - round: 3
    contest: {2: {red: 2, blue: 2}}
    supply_lost: {red: 0, blue: 1}
"""

SUMMER = """\
name: Summer Cup
date: 2026-06-01
scale: standard
players:
  - {name: Ben, rosters: [khalai.yaml]}
  - {name: Eve, rosters: [khalai.yaml]}
results:
  - {round: 1, red: Ben, blue: Eve, vp: [10, 0]}
"""

AUTUMN = """\
name: Autumn Cup
date: 2026-09-05
scale: standard
players:
  - {name: Ana, id: ana, rosters: [raiders.yaml]}
  - {name: Ben, rosters: [zerg.yaml]}
  - {name: Cara, rosters: [daelaam.yaml]}
  - {name: Dan, rosters: [raiders.yaml]}
results:
  - {round: 1, red: Ana, blue: Ben, vp: [12, 4]}
  - {round: 1, red: Cara, blue: Dan, game: g.yaml}
  - {round: 2, red: Ana, blue: Cara, vp: [6, 6]}
  - {round: 2, red: Ben, blue: Dan, conceded: blue}
"""

WINTER = """\
name: Winter Cup
date: 2026-12-05
scale: standard
players:
  - {name: Ana G., id: ana, rosters: [raiders.yaml]}
  - {name: Ben, rosters: [zerg.yaml]}
  - {name: Cara, rosters: [daelaam.yaml]}
  - {name: Eve, rosters: [khalai.yaml]}
  - {name: Dann, rosters: [zerg.yaml]}
results:
  - {round: 1, red: Ana G., blue: Eve, vp: [3, 10]}
  - {round: 1, red: Ben, blue: Cara, no_show: blue}
  - {round: 1, bye: Dann}
  - {round: 2, red: Eve, blue: Ben, vp: [8, 8]}
  - {round: 2, red: Ana G., blue: Dann, vp: [10, 2], game_loss: red}
"""

EVENTS = {"summer.yaml": SUMMER, "autumn.yaml": AUTUMN, "winter.yaml": WINTER}


def write_season(folder: Path) -> dict[str, Path]:
    """The rosters, the game record and the three event files, in ``folder``."""
    for name, (faction, units, missions) in ROSTERS.items():
        (folder / name).write_text(
            f"name: {faction}\nscale: standard\nfaction: {faction}\n{units}"
            f"missions: {missions}\ndeployments: [Gauntlet, Typhoon]\n",
            encoding="utf-8",
        )
    (folder / "g.yaml").write_text(GAME, encoding="utf-8")
    found = {}
    for name, text in EVENTS.items():
        found[name] = folder / name
        found[name].write_text(text, encoding="utf-8")
    return found
