"""An event as the archive keeps it: its players, their rosters (the locked version
when the event locked them: fingerprint, faction and units), and every finished game
with its outcome.

Outcomes are the standings' (`organiser.standings.game_lines`, the Organised Play
guide, §6): the higher final VP wins unless the result band is a Stalemate (a draw); a
concession is a loss for the player who conceded; a Game Loss a loss for its player. A
bye and a no-show are kept, but no game was played: they have no score (`red_score`
None), so neither the statistics nor the ratings count them.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from armylist.archive.store import ArchiveError
from armylist.engine import ListOptions, open_list
from armylist.event.model import Event
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.organiser.standings import band_scale, classified, game_lines
from armylist.organiser.submissions import (
    SubmissionError,
    copy_path,
    list_options,
    locked_key,
    roster_paths,
)
from armylist.text.i18n import _
from armylist.text.names import key

# Outcomes that are no game played: kept, never counted or rated.
UNPLAYED = ("bye", "no-show")


@dataclass(frozen=True)
class RosterRecord:
    """One roster of a player, as locked (or as its file is, when not locked)."""

    roster: str
    fingerprint: str
    faction: str | None
    race: str | None
    units: tuple[tuple[str, int], ...]
    missions: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayerRecord:
    """A player of the event: the key that matches them across events (`id:<id>`,
    else `name:<name's key>`), their name here, and their rosters."""

    player_key: str
    name: str
    stable_id: str | None
    rosters: tuple[RosterRecord, ...]

    @property
    def faction(self) -> str | None:
        """The Faction Card id of every roster (None: none, or two of them)."""
        found = {r.faction for r in self.rosters}
        return found.pop() if len(found) == 1 else None

    @property
    def race(self) -> str | None:
        """The race of every roster (None: no roster, or they disagree)."""
        found = {r.race for r in self.rosters}
        return found.pop() if len(found) == 1 else None


@dataclass(frozen=True)
class GameRecord:
    """One finished result: a game (`blue` set) or a bye. ``red_score`` is red's score
    for the ratings (1 a win, 0.5 a draw, 0 a loss; None: not played)."""

    round: int
    table: int
    red: str
    blue: str | None
    red_vp: int | None
    blue_vp: int | None
    outcome: str
    red_score: float | None
    mission: str | None


@dataclass(frozen=True)
class EventRecord:
    """An event ready to archive; ``pending`` counts pairings with no result yet
    (left out)."""

    name: str
    date: dt.date
    scale: str | None
    players: tuple[PlayerRecord, ...]
    games: tuple[GameRecord, ...]
    pending: int


def player_key(name: str, stable_id: str | None) -> str:
    """What matches a player across events: their `id:`, else their name's key (case,
    accents and spacing aside)."""
    return f"id:{stable_id}" if stable_id is not None else f"name:{key(name)}"


def _roster(
    event_file: Path,
    event: Event,
    path: Path,
    catalog: Catalog,
    options: ListOptions,
) -> RosterRecord:
    """A roster as the archive keeps it: the locked copy when the event locked it."""
    roster = locked_key(event_file, path)
    locked = event.locked.get(roster)
    copy = copy_path(event_file, roster)
    source = copy if locked is not None and copy.is_file() else path
    checked = open_list(source, catalog, options=options, label=str(path))
    result = checked.result
    fingerprint = locked or result.fingerprint
    if fingerprint is None:
        raise ArchiveError(
            _(
                "{file}: the roster {roster} cannot be read as a list: `armylist "
                "validate {roster}` says why"
            ).format(file=event_file, roster=roster)
        )
    card = catalog.factions.get(result.faction) if result.faction else None
    units = Counter(line.unit for line in result.units)
    scale = catalog.scale(result.scale) if result.scale else None
    missions = {
        mission_id(catalog, name, scale.scenario_scale if scale else "standard")
        for name in result.missions
    }
    return RosterRecord(
        roster=roster,
        fingerprint=fingerprint,
        faction=card.id if card is not None else None,
        race=result.race.casefold() if result.race else None,
        units=tuple(sorted(units.items())),
        missions=tuple(sorted(missions)),
    )


def mission_id(catalog: Catalog, name: str, scenario_scale: str) -> str:
    """A Mission Card's id (an unknown one as written)."""
    mission = catalog.mission(name, scenario_scale)
    return mission.id if mission is not None else name


def _players(
    event_file: Path, event: Event, catalog: Catalog
) -> tuple[PlayerRecord, ...]:
    if event.players is None:
        return tuple(
            PlayerRecord(player_key(name, None), name, None, ())
            for name in classified(event)
        )
    found: list[PlayerRecord] = []
    seen: dict[str, str] = {}
    # As `event lock` reads them: under the event's rules, named as the event names them.
    try:
        options = list_options(event_file, event)
    except SubmissionError as error:
        raise ArchiveError(str(error)) from None
    for player in event.players:
        matched = player_key(player.name, player.id)
        if matched in seen and player.id is not None:
            raise ArchiveError(
                _(
                    "{file}: {name} and {other} have the same `id:` {id}: a "
                    "player's id is theirs alone"
                ).format(
                    file=event_file,
                    name=player.name,
                    other=seen[matched],
                    id=repr(player.id),
                )
            )
        if matched in seen:
            raise ArchiveError(
                _(
                    "{file}: {name} and {other} would be one player in the archive "
                    "(the same name, case and accents aside): give each an `id:`"
                ).format(file=event_file, name=player.name, other=seen[matched])
            )
        seen[matched] = player.name
        try:
            paths = roster_paths(event_file, player.rosters)
            rosters = tuple(
                _roster(event_file, event, p, catalog, options) for p in paths
            )
        except (SubmissionError, Refused) as error:
            raise ArchiveError(str(error)) from None
        found.append(PlayerRecord(matched, player.name, player.id, rosters))
    return tuple(found)


def _games(
    event: Event,
    game_vp: Mapping[str, tuple[int, int]],
    missions: Mapping[str, str],
) -> tuple[GameRecord, ...]:
    scale = band_scale(event)
    tables: Counter[int] = Counter()
    games = []
    for entry in event.results:
        if entry.pending:
            continue
        tables[entry.round] += 1
        vp = game_vp[entry.game] if entry.game is not None else entry.vp
        lines = game_lines(entry, vp, scale)
        if entry.bye is not None:
            games.append(
                GameRecord(
                    entry.round,
                    tables[entry.round],
                    entry.bye,
                    None,
                    None,
                    None,
                    "bye",
                    None,
                    None,
                )
            )
            continue
        red, blue = entry.red or "", entry.blue or ""
        line = lines[red]
        score = None
        if line.result not in UNPLAYED:
            score = 0.5 if line.won is None else float(line.won)
        games.append(
            GameRecord(
                round=entry.round,
                table=tables[entry.round],
                red=red,
                blue=blue,
                red_vp=vp[0] if vp else None,
                blue_vp=vp[1] if vp else None,
                outcome=line.result,
                red_score=score,
                mission=missions.get(entry.game) if entry.game else None,
            )
        )
    return tuple(games)


def event_record(
    event_file: Path,
    event: Event,
    catalog: Catalog,
    game_vp: Mapping[str, tuple[int, int]],
    missions: Mapping[str, str],
) -> EventRecord:
    """The event as the archive keeps it; refuses (ArchiveError) an event without a
    `date:` or with a roster that cannot be read. ``game_vp`` holds the final VP of
    each `game:` record and ``missions`` its Mission Card id, by the path written."""
    if event.date is None:
        raise ArchiveError(
            _(
                "{file}: the event has no `date:` (the first day of the event, e.g. "
                "`date: 2026-05-09`); the archive orders events by it"
            ).format(file=event_file)
        )
    return EventRecord(
        name=event.name or event_file.stem,
        date=event.date,
        scale=event.scale,
        players=_players(event_file, event, catalog),
        games=_games(event, game_vp, missions),
        pending=sum(1 for entry in event.results if entry.pending),
    )
