"""A new game from what the players bring: the scale and the names their lists give,
the Mission and Deployment Cards checked for that scale (`armylist game new`)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from armylist.engine import open_list, player_names
from armylist.files.paths import UnusablePath, inside, resolved
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Mission
from armylist.gameday.planner import plannable
from armylist.resolved import Context
from armylist.scoring.record import RecordError, resolve_deployment, resolve_mission
from armylist.text.i18n import _


def path_from(folder: Path, path: Path) -> str:
    """A list's path as the game file in ``folder`` names it (relative to it)."""
    return os.path.relpath(resolved(path), resolved(folder))


@dataclass(frozen=True)
class GameRequest:
    """What `game new` was asked for; None: not given."""

    mission: str
    scale: str | None = None  # a scale id, already checked
    lists: tuple[Path, ...] = ()  # none, or Red's and Blue's
    folder: Path = Path()  # the game file's folder: the lists are named from it
    allow_outside: bool = False
    red_name: str | None = None
    blue_name: str | None = None
    deployment: str | None = None


@dataclass(frozen=True)
class GameSetup:
    """The new game's cards, scale and players' names."""

    mission: Mission
    scale: str
    names: tuple[str | None, str | None]
    deployment: str | None


def _list_scale(catalog: Catalog, contexts: Sequence[Context]) -> str | None:
    """The one scale of both lists (None: no lists, or a list without a known scale);
    RecordError when they differ."""
    scales = [c.scale.id if c.scale is not None else None for c in contexts]
    known = {s for s in scales if s is not None}
    if len(known) > 1:
        red, blue = contexts
        raise RecordError(
            _(
                "Red's list ({red}) is {red_scale}, Blue's list ({blue}) is "
                "{blue_scale}: a game is played at one scale; give two lists of the "
                "same scale"
            ).format(
                red=red.file,
                red_scale=catalog.scale_name(scales[0] or ""),
                blue=blue.file,
                blue_scale=catalog.scale_name(scales[1] or ""),
            )
        )
    return next(iter(known), None)


def set_up(request: GameRequest, catalog: Catalog) -> GameSetup:
    """Read the lists and settle the game's scale, cards and names.

    Raises RecordError (a usage error) for lists of two scales, a `--scale` or a
    mission of another scale than the lists, an unknown or wrong-scale deployment;
    Refused (exit 1) for a list that cannot be read.
    """
    for path in request.lists:
        # A list outside the game file's folder is refused before it is read.
        try:
            inside(
                request.folder,
                path_from(request.folder, path),
                allow_outside=request.allow_outside,
            )
        except UnusablePath as outside:
            raise RecordError(f"the list {outside.message}") from None
    lists = [open_list(path, catalog) for path in request.lists]
    contexts = [plannable(checked) for checked in lists]
    from_lists = _list_scale(catalog, contexts)
    if request.scale is not None and from_lists not in (None, request.scale):
        raise RecordError(
            _(
                "--scale {scale} contradicts the lists: both are {lists}; leave "
                "--scale out (the lists give the scale) or bring lists of that scale"
            ).format(
                scale=catalog.scale_name(request.scale),
                lists=catalog.scale_name(from_lists or ""),
            )
        )
    scale = request.scale or from_lists
    if scale is None:
        by_id = catalog.mission(request.mission, "standard")
        scale = by_id.scale if by_id is not None else "standard"
    try:
        mission = resolve_mission(catalog, request.mission, scale)
    except RecordError as error:
        if from_lists is None:
            raise
        raise RecordError(
            _("{problem} (the lists are {lists})").format(
                problem=error.message, lists=catalog.scale_name(from_lists)
            )
        ) from None
    deployment = (
        resolve_deployment(catalog, request.deployment, mission).name
        if request.deployment is not None
        else None
    )
    # A name given on the command line wins over the list's (as the draft names it).
    red, blue = player_names(lists) if lists else (None, None)
    return GameSetup(
        mission=mission,
        scale=scale,
        names=(
            request.red_name if request.red_name is not None else red,
            request.blue_name if request.blue_name is not None else blue,
        ),
        deployment=deployment,
    )
