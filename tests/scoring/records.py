"""Game records the scoring tests share, written once."""

from __future__ import annotations

from armylist.gamedata.catalog import Catalog
from armylist.scoring.record import load_game
from armylist.scoring.score import score
from armylist.scoring.scored import GameScore

# SCORING.md 6.5: Supply Drop Skirmish; Blue wins 10-8 after round 4, the last.
SUPPLY_DROP = """\
mission: Supply Drop
scale: skirmish
players: {red: {name: Alice}, blue: {name: Bob}}
first_player: red
rounds:
  - round: 1
    contest: {1: {red: 1}}
    supply_lost: {blue: 1}
  - round: 2
    activated: 5
    contest: {5: {red: 0, blue: 1}}
    supply_lost: {red: 1, blue: 1}
  - round: 3
    activated: 1
    supply_lost: {red: 2}
    roll_off: red
  - round: 4
    activated: 2
    in_reserve: {blue: 1}
    contest: {2: {red: 2, blue: 3}}
    supply_lost: {red: 1, blue: 2}
"""


def rounds_up_to(last: int) -> str:
    """The Supply Drop record with only its first ``last`` rounds played."""
    return SUPPLY_DROP.split(f"  - round: {last + 1}")[0]


def scored(text: str, catalog: Catalog) -> GameScore:
    """A record's text read and scored, as `game score` does."""
    return score(load_game(text, catalog))
