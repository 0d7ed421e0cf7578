"""`archive stats`: games, wins, draws, losses and win rate per faction and per Mission
Card, and the units most taken per faction, over a date range or a set of events.

A game counts once for each side: for the faction of each player (a player whose
rosters are of two Faction Cards has no one faction: their side is left out), and for
the Mission Card it was played on once for each player who brought that card on a
roster. A win rate is (wins + draws / 2) / games, to 4 decimals. A bye and a no-show
are no game (`record.UNPLAYED`): not counted.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from armylist.archive.store import reading
from armylist.gamedata.catalog import Catalog
from armylist.organiser.standings import decimal4

# How many units are shown per faction.
TOP_UNITS = 5


@dataclass(frozen=True)
class Filter:
    """Which events count: from and to a date (both included), and by name."""

    since: dt.date | None = None
    until: dt.date | None = None
    events: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tally:
    """The games of one faction or Mission Card."""

    name: str  # the card's id
    games: int
    wins: int
    draws: int
    losses: int
    label: str = ""  # its printed name (the id when the game data lacks it)

    @property
    def win_rate(self) -> Fraction:
        """(wins + draws / 2) / games; 0 with no games."""
        if not self.games:
            return Fraction(0)
        return Fraction(2 * self.wins + self.draws, 2 * self.games)

    @property
    def win_rate_text(self) -> str:
        """The win rate to 4 decimals, half up: '0.5833'."""
        return decimal4(self.win_rate)


@dataclass(frozen=True)
class UnitUse:
    """A unit of a faction: how many of the faction's rosters take it, of how many."""

    faction: str  # the Faction Card's id
    unit: str
    rosters: int
    of: int
    label: str = ""  # the faction's printed name


@dataclass(frozen=True)
class Stats:
    """The statistics of the chosen events."""

    events: int
    factions: tuple[Tally, ...]
    missions: tuple[Tally, ...]
    units: tuple[UnitUse, ...]
    unknown_faction: int  # sides of a game with no one faction


def _chosen(choice: Filter) -> tuple[str, list[object]]:
    """The SQL that picks the events' ids, and its parameters."""
    where = ["1 = 1"]
    values: list[object] = []
    if choice.since is not None:
        where.append("event_date >= ?")
        values.append(choice.since.isoformat())
    if choice.until is not None:
        where.append("event_date <= ?")
        values.append(choice.until.isoformat())
    if choice.events:
        where.append(f"name IN ({', '.join('?' for _ in choice.events)})")
        values += list(choice.events)
    return f"SELECT id FROM events WHERE {' AND '.join(where)}", values


# A side of every played game, counted by its key and its score: `{side}` is `red`
# or `blue`, `{score}` that side's score, `{key}` what it is counted by.
_SIDE = """
    SELECT {key}, {score}, COUNT(*) FROM games g {join}
    WHERE g.red_score IS NOT NULL AND g.event_id IN ({chosen}) {where}
    GROUP BY {key}, {score}
"""
_SCORES = {"red": "g.red_score", "blue": "1.0 - g.red_score"}


def _counted(
    connection: sqlite3.Connection,
    chosen: str,
    values: list[object],
    key: str,
    join: str,
    where: str = "",
) -> dict[object, list[int]]:
    """Games, wins, draws and losses by key, over both sides of every game (one
    grouped query a side: the sums are made here)."""
    found: dict[object, list[int]] = {}
    for side, score in _SCORES.items():
        sql = _SIDE.format(
            key=key,
            score=score,
            join=join.format(side=side),
            chosen=chosen,
            where=where.format(side=side),
        )
        for name, points, count in connection.execute(sql, values):
            counts = found.setdefault(name, [0, 0, 0, 0])
            counts[0] += count
            counts[1 if points == 1.0 else 2 if points == 0.5 else 3] += count
    return found


def _tallies(
    found: dict[object, list[int]], names: Mapping[str, str]
) -> tuple[Tally, ...]:
    tallies = [
        Tally(
            str(name),
            counts[0],
            counts[1],
            counts[2],
            counts[3],
            names.get(str(name), str(name)),
        )
        for name, counts in found.items()
        if name is not None
    ]
    # Best first; then by games, then by name, so the order is always the same.
    tallies.sort(key=lambda t: (-t.win_rate, -t.games, t.name))
    return tuple(tallies)


def _factions(
    connection: sqlite3.Connection,
    chosen: str,
    values: list[object],
    names: Mapping[str, str],
) -> tuple[tuple[Tally, ...], int]:
    found = _counted(
        connection,
        chosen,
        values,
        "e.faction",
        "JOIN entrants e ON e.event_id = g.event_id AND e.player_id = g.{side}",
    )
    unknown = found.get(None, [0])[0]
    return _tallies(found, names), unknown


def _missions(
    connection: sqlite3.Connection,
    chosen: str,
    values: list[object],
    names: Mapping[str, str],
) -> tuple[Tally, ...]:
    # A side counts for the mission when one of the player's rosters brought it.
    found = _counted(
        connection,
        chosen,
        values,
        "g.mission",
        "",
        "AND g.mission IS NOT NULL AND EXISTS (SELECT 1 FROM roster_missions m "
        "WHERE m.event_id = g.event_id AND m.player_id = g.{side} "
        "AND m.mission = g.mission)",
    )
    return _tallies(found, names)


def _units(
    connection: sqlite3.Connection,
    chosen: str,
    values: list[object],
    names: Mapping[str, str],
) -> tuple[UnitUse, ...]:
    totals = dict(
        connection.execute(
            "SELECT faction, COUNT(*) FROM rosters WHERE faction IS NOT NULL "
            f"AND event_id IN ({chosen}) GROUP BY faction",
            values,
        ).fetchall()
    )
    rows = connection.execute(
        "SELECT r.faction, u.unit, COUNT(*) FROM roster_units u "
        "JOIN rosters r ON r.event_id = u.event_id AND r.player_id = u.player_id "
        "AND r.roster = u.roster "
        f"WHERE r.faction IS NOT NULL AND r.event_id IN ({chosen}) "
        "GROUP BY r.faction, u.unit",
        values,
    ).fetchall()
    rows.sort(key=lambda r: (r[0], -r[2], r[1]))
    found: list[UnitUse] = []
    shown: dict[str, int] = {}
    for faction, unit, rosters in rows:
        if shown.get(faction, 0) < TOP_UNITS:
            shown[faction] = shown.get(faction, 0) + 1
            found.append(
                UnitUse(
                    faction,
                    unit,
                    int(rosters),
                    int(totals[faction]),
                    names.get(faction, faction),
                )
            )
    return tuple(found)


def card_names(catalog: Catalog) -> dict[str, str]:
    """The printed name of every Faction Card and Mission Card, by its id."""
    return {
        **{faction.id: faction.name for faction in catalog.factions.all},
        **{mission.id: mission.name for mission in catalog.missions},
    }


def archive_stats(
    path: Path,
    choice: Filter,
    names: Mapping[str, str] | None = None,
    *,
    units: bool = True,
) -> Stats:
    """The statistics of the events ``choice`` picks from the archive at ``path``;
    ``names`` gives the printed name of each card id (`card_names`); without
    ``units``, the units most taken are left out (a report that shows none)."""
    names = names or {}
    chosen, values = _chosen(choice)
    with reading(path) as connection:
        events = connection.execute(
            f"SELECT COUNT(*) FROM ({chosen}) c", values
        ).fetchone()[0]
        factions, unknown = _factions(connection, chosen, values, names)
        return Stats(
            events=int(events),
            factions=factions,
            missions=_missions(connection, chosen, values, names),
            units=_units(connection, chosen, values, names) if units else (),
            unknown_faction=unknown,
        )
