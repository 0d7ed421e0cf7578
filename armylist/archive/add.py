"""`archive add`: an event into the archive, in one transaction. The same event (its
name and date) added again replaces what was kept of it, so an edited result changes
the archive and nothing is counted twice."""

from __future__ import annotations

import difflib
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from armylist.archive.record import EventRecord, PlayerRecord, event_record
from armylist.archive.store import writing
from armylist.event.model import Event
from armylist.gamedata.catalog import Catalog

# How alike two names must be to be reported as maybe one player (difflib's ratio).
NEAR = 0.85


@dataclass(frozen=True)
class NearName:
    """A player of the event whose name is close to an archived player's name, but
    who was matched as someone else (different key): maybe one person."""

    name: str
    archived: str


@dataclass(frozen=True)
class Added:
    """What `archive add` did: whether the event was already archived (replaced),
    how many players and games it holds, and the near-duplicate names found."""

    name: str
    replaced: bool
    players: int
    games: int
    pending: int
    near: tuple[NearName, ...]


def _event_id(connection: sqlite3.Connection, record: EventRecord) -> tuple[int, bool]:
    row = connection.execute(
        "SELECT id FROM events WHERE name = ? AND event_date = ?",
        (record.name, record.date.isoformat()),
    ).fetchone()
    if row is None:
        cursor = connection.execute(
            "INSERT INTO events (name, event_date, scale) VALUES (?, ?, ?)",
            (record.name, record.date.isoformat(), record.scale),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid, False
    event_id = int(row[0])
    connection.execute(
        "UPDATE events SET scale = ? WHERE id = ?", (record.scale, event_id)
    )
    for table in ("games", "roster_missions", "roster_units", "rosters", "entrants"):
        # The table names are ours, never the user's.
        connection.execute(f"DELETE FROM {table} WHERE event_id = ?", (event_id,))
    return event_id, True


def _player_id(connection: sqlite3.Connection, player: PlayerRecord) -> int:
    row = connection.execute(
        "SELECT id FROM players WHERE player_key = ?", (player.player_key,)
    ).fetchone()
    if row is not None:
        # The latest spelling of a name is the one shown.
        connection.execute(
            "UPDATE players SET name = ? WHERE id = ?", (player.name, row[0])
        )
        return int(row[0])
    cursor = connection.execute(
        "INSERT INTO players (player_key, name, stable_id) VALUES (?, ?, ?)",
        (player.player_key, player.name, player.stable_id),
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def _near_names(
    connection: sqlite3.Connection, players: tuple[PlayerRecord, ...]
) -> tuple[NearName, ...]:
    """Each player of the event whose name is close to another archived player's."""
    keys = {p.player_key for p in players}
    others: dict[str, str] = {}
    for player_key, name in connection.execute("SELECT player_key, name FROM players"):
        if player_key not in keys:
            others.setdefault(name.casefold(), name)
    found = []
    for player in players:
        close = difflib.get_close_matches(
            player.name.casefold(), list(others), n=1, cutoff=NEAR
        )
        if close:
            found.append(NearName(player.name, others[close[0]]))
    return tuple(found)


def add_event(path: Path, record: EventRecord) -> Added:
    """Put the event into the archive at ``path`` (made when missing, migrated when
    older), replacing an earlier copy of the same event; all or nothing."""
    with writing(path) as connection:
        event_id, replaced = _event_id(connection, record)
        near = _near_names(connection, record.players)
        ids: dict[str, int] = {}
        for player in record.players:
            player_id = ids[player.name] = _player_id(connection, player)
            connection.execute(
                "INSERT INTO entrants (event_id, player_id, name, race, faction) "
                "VALUES (?, ?, ?, ?, ?)",
                (event_id, player_id, player.name, player.race, player.faction),
            )
            for roster in player.rosters:
                connection.execute(
                    "INSERT INTO rosters (event_id, player_id, roster, fingerprint, "
                    "faction, race) VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        event_id,
                        player_id,
                        roster.roster,
                        roster.fingerprint,
                        roster.faction,
                        roster.race,
                    ),
                )
                connection.executemany(
                    "INSERT INTO roster_units (event_id, player_id, roster, unit, "
                    "copies) VALUES (?, ?, ?, ?, ?)",
                    [
                        (event_id, player_id, roster.roster, u, n)
                        for u, n in roster.units
                    ],
                )
                connection.executemany(
                    "INSERT INTO roster_missions (event_id, player_id, roster, "
                    "mission) VALUES (?, ?, ?, ?)",
                    [(event_id, player_id, roster.roster, m) for m in roster.missions],
                )
        connection.executemany(
            "INSERT INTO games (event_id, round, table_number, red, blue, red_vp, "
            "blue_vp, outcome, red_score, mission) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    event_id,
                    game.round,
                    game.table,
                    ids[game.red],
                    ids[game.blue] if game.blue is not None else None,
                    game.red_vp,
                    game.blue_vp,
                    game.outcome,
                    game.red_score,
                    game.mission,
                )
                for game in record.games
            ],
        )
    return Added(
        name=record.name,
        replaced=replaced,
        players=len(record.players),
        games=sum(1 for g in record.games if g.red_score is not None),
        pending=record.pending,
        near=near,
    )


def archive_event(
    event_file: Path,
    event: Event,
    catalog: Catalog,
    archive: Path,
    game_vp: Mapping[str, tuple[int, int]],
    missions: Mapping[str, str],
) -> Added:
    """`archive add`: the event read as the archive keeps it, then put into the
    archive; refuses (ArchiveError) an event without a date, a roster that cannot be
    read, or an archive that cannot be used."""
    return add_event(
        archive, event_record(event_file, event, catalog, game_vp, missions)
    )
