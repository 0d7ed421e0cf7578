"""`game new`'s work below the command line: the players' lists checked as a record
names them, and a new game record written out and proved to score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from armylist.files import paths
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Mission
from armylist.scoring.files import game_of
from armylist.scoring.newgame import GameRequest, path_from, set_up
from armylist.scoring.play import new_game
from armylist.scoring.record import RecordError
from armylist.text.i18n import _


@dataclass(frozen=True)
class NewRecord:
    """A new game record's text, with the cards and scale it was set up with."""

    text: str
    mission: Mission
    scale: str
    deployment: str | None


def record_lists(given: Sequence[Path]) -> tuple[Path, ...]:
    """The players' lists as a game record names them: both or none, and files
    (refused, exit 2, otherwise)."""
    if len(given) not in (0, 2):
        raise Refused(
            _("give both players' lists (--list twice: Red's, then Blue's) or none")
        )
    for path in given:
        if str(path) == "-" or paths.is_fifo(path):
            # the record is read again every round: a pipe would be empty by then
            raise Refused(
                _(
                    "--list {path}: a game record names its lists by file and reads "
                    "them again every round; give a list file (any form armylist reads)"
                ).format(path=path)
            )
    return tuple(given)


def new_record(request: GameRequest, catalog: Catalog) -> NewRecord:
    """The record of a new game, refused (with its exit code) when it could not be
    scored as it is: an unknown card, lists of two scales, a list that cannot be
    read."""
    try:
        setup = set_up(request, catalog)
        text = new_game(
            setup.mission,
            scale=setup.scale,
            lists=[path_from(request.folder, p) for p in request.lists],
            names=setup.names,
            deployment=setup.deployment,
        )
        # The new file must score: a list that cannot be read is refused now.
        game_of(text, request.folder, catalog, allow_outside=request.allow_outside)
    except RecordError as error:
        raise Refused(error.message) from None
    return NewRecord(text, setup.mission, setup.scale, setup.deployment)
