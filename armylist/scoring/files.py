"""Game files on disk: open a record with both players' lists, save it atomically."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from armylist.engine import open_list
from armylist.files import safewrite
from armylist.files.reading import UnusableFile, read_list_file
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.gameday.planner import plannable
from armylist.scoring.record import (
    ArmyUnit,
    Game,
    GameRecord,
    Side,
    army_of,
    check_game,
    dump_record,
    list_paths,
    read_record,
)


def load_armies(
    record: GameRecord, base: Path, catalog: Catalog, *, allow_outside: bool = False
) -> dict[Side, tuple[ArmyUnit, ...]] | None:
    """Both players' units, from their list files relative to ``base``; None unless
    both lists are given. A list that cannot be planned is Refused (exit 1); one
    outside ``base`` is a RecordError unless ``allow_outside``."""
    paths = list_paths(record, base, allow_outside=allow_outside)
    if paths is None:
        return None
    armies: dict[Side, tuple[ArmyUnit, ...]] = {}
    for side, path in paths.items():
        context = plannable(open_list(path, catalog))
        armies[side] = army_of(context.units)
    return armies


def game_of(
    text: str, base: Path, catalog: Catalog, *, allow_outside: bool = False
) -> Game:
    """A game record's text checked against its Mission Card, with the players'
    lists (relative to ``base``) when both are given.

    Raises RecordError (a usage error, exit 2) or Refused (its own exit code).
    """
    record, document = read_record(text)
    armies = load_armies(record, base, catalog, allow_outside=allow_outside)
    return check_game(record, document, catalog, armies)


def open_game(path: Path, catalog: Catalog, *, allow_outside: bool = False) -> Game:
    """Read a game file, with the players' lists when both are given.

    Raises RecordError (a usage error, exit 2) or Refused (its own exit code).
    """
    try:
        # The list reader's limits serve game files too (size, pipes, encoding).
        read = read_list_file(path)
    except UnusableFile as problem:
        raise Refused(problem.message) from None
    game = game_of(read.text, path.parent, catalog, allow_outside=allow_outside)
    return replace(game, digest=read.digest)


def save_game(path: Path, record: GameRecord, expected: str | None = None) -> str:
    """Write a record atomically: an interrupted save leaves the old file whole.

    With ``expected`` (a `Game.digest`) the file must still be the one read or last
    saved (else `safewrite.FileChanged`); returns the digest written.
    """
    return safewrite.write_text(path, dump_record(record), expected=expected)
