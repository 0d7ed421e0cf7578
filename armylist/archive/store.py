"""The archive file: an SQLite database (the standard library's `sqlite3`), where it
lives, its schema and the steps that migrate an older one.

The schema's version is SQLite's `PRAGMA user_version`: 0 is a new, empty file, and
every step in `MIGRATIONS` moves it one version up inside the transaction that uses
it, so a failed step leaves the file as it was. The SQL is plain (tables, keys,
indexes, no SQLite-only types) so that the same schema can run on PostgreSQL.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import platformdirs

from armylist.text.i18n import _

ENVIRONMENT = "ARMYLIST_ARCHIVE"
# What marks a database as an armylist archive (a table of ours with this row).
KIND = "armylist-archive"
# How long a command waits for another one writing the archive, in seconds.
BUSY_TIMEOUT = 5.0

# Each step moves the schema one version up: step N makes version N.
MIGRATIONS: tuple[str, ...] = (
    # 1: events, players, their rosters and units, and the games.
    """
    CREATE TABLE archive_info (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    INSERT INTO archive_info (key, value) VALUES ('kind', 'armylist-archive');
    CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        event_date TEXT NOT NULL,
        scale TEXT,
        UNIQUE (name, event_date)
    );
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        player_key TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        stable_id TEXT
    );
    CREATE TABLE entrants (
        event_id INTEGER NOT NULL REFERENCES events (id),
        player_id INTEGER NOT NULL REFERENCES players (id),
        name TEXT NOT NULL,
        race TEXT,
        faction TEXT,
        PRIMARY KEY (event_id, player_id)
    );
    CREATE TABLE rosters (
        event_id INTEGER NOT NULL REFERENCES events (id),
        player_id INTEGER NOT NULL REFERENCES players (id),
        roster TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        faction TEXT,
        race TEXT,
        PRIMARY KEY (event_id, player_id, roster)
    );
    CREATE TABLE roster_units (
        event_id INTEGER NOT NULL REFERENCES events (id),
        player_id INTEGER NOT NULL REFERENCES players (id),
        roster TEXT NOT NULL,
        unit TEXT NOT NULL,
        copies INTEGER NOT NULL,
        PRIMARY KEY (event_id, player_id, roster, unit)
    );
    CREATE TABLE roster_missions (
        event_id INTEGER NOT NULL REFERENCES events (id),
        player_id INTEGER NOT NULL REFERENCES players (id),
        roster TEXT NOT NULL,
        mission TEXT NOT NULL,
        PRIMARY KEY (event_id, player_id, roster, mission)
    );
    CREATE TABLE games (
        event_id INTEGER NOT NULL REFERENCES events (id),
        round INTEGER NOT NULL,
        table_number INTEGER NOT NULL,
        red INTEGER NOT NULL REFERENCES players (id),
        blue INTEGER REFERENCES players (id),
        red_vp INTEGER,
        blue_vp INTEGER,
        outcome TEXT NOT NULL,
        red_score REAL,
        mission TEXT,
        PRIMARY KEY (event_id, round, table_number)
    );
    """,
    # 2: indexes for `archive stats` and `archive ratings` over a large archive.
    """
    CREATE INDEX games_by_event ON games (event_id, round, table_number);
    CREATE INDEX entrants_by_player ON entrants (player_id);
    CREATE INDEX events_by_date ON events (event_date, name);
    """,
)
VERSION = len(MIGRATIONS)
_TABLES = (
    "events",
    "players",
    "entrants",
    "rosters",
    "roster_units",
    "roster_missions",
    "games",
)


class ArchiveError(Exception):
    """The archive cannot be used: the message says why and what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def default_path() -> Path:
    """Where the archive lives when neither `--archive` nor ARMYLIST_ARCHIVE says."""
    return (
        Path(platformdirs.user_data_dir("armylist", appauthor=False)) / "archive.sqlite"
    )


def archive_path(given: Path | None) -> Path:
    """The archive: `--archive FILE`, else ARMYLIST_ARCHIVE, else the data folder."""
    if given is not None:
        return given
    if os.environ.get(ENVIRONMENT):
        return Path(os.environ[ENVIRONMENT])
    return default_path()


def _reason(path: Path, error: sqlite3.Error) -> str:
    """What a database error means for the person running the command."""
    text = str(error).lower()
    if "locked" in text or "busy" in text:
        return _(
            "{file} is in use by another program (it is locked): try again when it "
            "has finished; nothing was changed"
        ).format(file=path)
    if "readonly" in text or "read-only" in text:
        return _(
            "{file} is read-only: make it writable or give another archive with "
            "--archive; nothing was changed"
        ).format(file=path)
    if "not a database" in text or "malformed" in text or "encrypted" in text:
        return _(
            "{file} is not an armylist archive (not an SQLite database): give an "
            "archive made by `armylist archive add`, or a new file"
        ).format(file=path)
    return _("cannot use the archive {file}: {reason}; nothing was changed").format(
        file=path, reason=error
    )


@contextmanager
def database_errors(path: Path) -> Iterator[None]:
    """Every SQLite error inside becomes an ArchiveError that says what to do."""
    try:
        yield
    except sqlite3.Error as error:
        raise ArchiveError(_reason(path, error)) from None


def _check_kind(path: Path, connection: sqlite3.Connection, version: int) -> None:
    """Refuse a database that is not ours, or is of a newer armylist."""
    tables = {
        row[0]
        for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
        )
    }
    if version == 0 and not tables:
        return
    kind = None
    if "archive_info" in tables:
        row = connection.execute(
            "SELECT value FROM archive_info WHERE key = 'kind'"
        ).fetchone()
        kind = row[0] if row else None
    if kind != KIND or not set(_TABLES) <= tables:
        raise ArchiveError(
            _(
                "{file} is an SQLite database but not an armylist archive: give an "
                "archive made by `armylist archive add`, or a new file"
            ).format(file=path)
        )
    if version > VERSION:
        raise ArchiveError(
            _(
                "{file} is an archive of a newer armylist (schema {version}; this one "
                "reads up to {known}): upgrade armylist"
            ).format(file=path, version=version, known=VERSION)
        )


def _migrate(connection: sqlite3.Connection, version: int) -> None:
    for step in range(version, VERSION):
        for statement in MIGRATIONS[step].split(";"):
            if statement.strip():
                connection.execute(statement)
    # PRAGMA takes no parameter: the number is ours.
    connection.execute(f"PRAGMA user_version = {VERSION}")


@contextmanager
def writing(path: Path) -> Iterator[sqlite3.Connection]:
    """The archive opened to change it, made or migrated first, in ONE transaction:
    everything inside is written, or nothing (an error rolls it back)."""
    if path.exists() and not path.is_file():
        raise ArchiveError(
            _("{file} is not a file: give the archive's file").format(file=path)
        )
    with database_errors(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
        try:
            connection.execute("BEGIN IMMEDIATE")
            try:
                version = connection.execute("PRAGMA user_version").fetchone()[0]
                _check_kind(path, connection, version)
                if version < VERSION:
                    _migrate(connection, version)
                yield connection
                connection.execute("COMMIT")
            except BaseException:
                connection.execute("ROLLBACK")
                raise
        finally:
            connection.close()


@contextmanager
def reading(path: Path) -> Iterator[sqlite3.Connection]:
    """The archive opened read-only: it must exist, be ours, and be of this schema or
    an older one (read as it is: a read never migrates)."""
    if not path.is_file():
        raise ArchiveError(
            _(
                "there is no archive at {file}: add an event with `armylist archive "
                "add EVENT.yaml` (or give --archive FILE)"
            ).format(file=path)
        )
    with database_errors(path):
        uri = path.resolve().as_uri() + "?mode=ro"
        connection = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT)
        try:
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            _check_kind(path, connection, version)
            if version == 0:
                raise ArchiveError(
                    _(
                        "{file} is empty, not an armylist archive: add an event with "
                        "`armylist archive add EVENT.yaml`"
                    ).format(file=path)
                )
            yield connection
        finally:
            connection.close()
