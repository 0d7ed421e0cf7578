"""Game files on disk: open a record with both players' lists, save it atomically."""

from __future__ import annotations

from pathlib import Path

from armylist import safewrite
from armylist.engine import open_list
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.gameday.planner import plannable
from armylist.listfile import UnusableFile, read_list_file
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
    record: GameRecord, base: Path, catalog: Catalog
) -> dict[Side, tuple[ArmyUnit, ...]] | None:
    """Both players' units, from their list files relative to ``base``; None unless
    both lists are given. A list that cannot be planned is Refused (exit 1)."""
    paths = list_paths(record, base)
    if paths is None:
        return None
    armies: dict[Side, tuple[ArmyUnit, ...]] = {}
    for side, path in paths.items():
        context = plannable(open_list(path, catalog))
        armies[side] = army_of(context.units)
    return armies


def open_game(path: Path, catalog: Catalog) -> Game:
    """Read a game file, with the players' lists when both are given.

    Raises RecordError (a usage error, exit 2) or Refused (its own exit code).
    """
    try:
        # The list reader's limits serve game files too (size, pipes, encoding).
        text = read_list_file(path).text
    except UnusableFile as problem:
        raise Refused(problem.message) from None
    record, document = read_record(text)
    armies = load_armies(record, path.parent, catalog)
    return check_game(record, document, catalog, armies)


def save_game(path: Path, record: GameRecord) -> None:
    """Write a record atomically: an interrupted save leaves the old file whole."""
    safewrite.write_text(path, dump_record(record))
