"""`archive ratings`: Elo over every archived game, recomputed from the archive each
time, so an edited result changes every later rating.

Games are taken in order (event date, event name, round, table). Each player starts at
1500; after a game a player's rating moves by K × (S − E), K = 32, S their score (a
win 1, a draw ½, a loss 0) and E = 1 / (1 + 10^((Rb − Ra) / 400)) their expected
score against the opponent's rating before the game. A concession and a Game Loss are
rated as a loss for their player (the guide scores them as the opponent's win); a bye
and a no-show are not rated (no game was played: rating a walkover would move two
ratings by a game nobody played). With ``by_race`` a player has one rating per race
they played (the race of their rosters at the event); a player whose rosters are of no
one race is left out there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from armylist.archive.store import reading

START = 1500.0
K = 32.0


@dataclass(frozen=True)
class Rating:
    """A player's rating: their latest name, their `id:` (None: matched by name)."""

    player: str
    id: str | None
    rating: float
    games: int


@dataclass(frozen=True)
class Ratings:
    """Every player's rating, highest first; with ``by_race``, one list per race."""

    ratings: tuple[Rating, ...]
    races: dict[str, tuple[Rating, ...]]


def expected(rating: float, opponent: float) -> float:
    """The expected score of a player against an opponent: 1 / (1 + 10^((Rb−Ra)/400))."""
    return 1.0 / (1.0 + float(10.0 ** ((opponent - rating) / 400.0)))


# A rating's holder: the player's archive id and the race ("" for the overall one).
Holder = tuple[int, str]


def rate(
    games: Iterable[tuple[Holder, Holder, float]],
) -> tuple[dict[Holder, float], Counter[Holder]]:
    """Elo over games in order, each (red's holder, blue's holder, red's score): every
    holder's rating and how many games it played."""
    ratings: dict[Holder, float] = {}
    played: Counter[Holder] = Counter()
    for red, blue, score in games:
        a = ratings.get(red, START)
        b = ratings.get(blue, START)
        change = K * (score - expected(a, b))
        ratings[red] = a + change
        ratings[blue] = b - change
        played[red] += 1
        played[blue] += 1
    return ratings, played


# Every rated game, in order (a bye has no blue; a no-show no score).
_GAMES = """
    SELECT g.red, g.blue, g.red_score
    FROM games g JOIN events e ON e.id = g.event_id
    WHERE g.red_score IS NOT NULL
    ORDER BY e.event_date, e.name, g.round, g.table_number
"""
# The same, with each side's race at its event.
_GAMES_BY_RACE = """
    SELECT g.red, g.blue, g.red_score, r.race, b.race
    FROM games g
    JOIN events e ON e.id = g.event_id
    JOIN entrants r ON r.event_id = g.event_id AND r.player_id = g.red
    JOIN entrants b ON b.event_id = g.event_id AND b.player_id = g.blue
    WHERE g.red_score IS NOT NULL AND r.race IS NOT NULL AND b.race IS NOT NULL
    ORDER BY e.event_date, e.name, g.round, g.table_number
"""


def _ordered(
    rated: tuple[dict[Holder, float], Counter[Holder]],
    who: dict[int, tuple[str, str | None]],
    race: str = "",
) -> tuple[Rating, ...]:
    """The ratings of one race (or the overall ones), highest first (as shown, to 2
    decimals), then by name."""
    ratings, played = rated
    found = [
        Rating(who[player][0], who[player][1], rating, played[player, held])
        for (player, held), rating in ratings.items()
        if held == race
    ]
    found.sort(key=lambda r: (-round(r.rating, 2), r.player.casefold(), r.player))
    return tuple(found)


def archive_ratings(path: Path, *, by_race: bool = False) -> Ratings:
    """Every archived player's Elo rating, or with ``by_race`` their rating per race
    (then ``ratings`` is empty)."""
    with reading(path) as connection:
        who = {
            int(row[0]): (str(row[1]), row[2])
            for row in connection.execute("SELECT id, name, stable_id FROM players")
        }
        rows = connection.execute(_GAMES_BY_RACE if by_race else _GAMES).fetchall()
    if not by_race:
        overall = rate(((red, ""), (blue, ""), score) for red, blue, score in rows)
        return Ratings(_ordered(overall, who), {})
    per_race = rate(
        ((red, red_race), (blue, blue_race), score)
        for red, blue, score, red_race, blue_race in rows
    )
    races = sorted({race for _, race in per_race[0]})
    return Ratings((), {race: _ordered(per_race, who, race) for race in races})
