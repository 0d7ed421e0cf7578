"""`new`'s work below the command line: a starter list for the faction and scale
chosen, printed or written where it was asked, never over a file unasked."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from armylist.editing import starter
from armylist.files import paths, safewrite
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import FactionCard, Scale
from armylist.text.i18n import _, os_reason


@dataclass(frozen=True)
class StarterRequest:
    """A starter list asked for: its faction, scale and agreed ``minerals`` (None:
    the scale's), its ``name``, and where it goes (``output``: a file, a folder, `-`
    for standard output, None for a file named after the faction)."""

    faction: FactionCard
    scale: Scale
    minerals: int | None = None
    name: str | None = None
    output: str | None = None
    force: bool = False


@dataclass(frozen=True)
class Starter:
    """A starter list made: its text, the file written (None: to be printed), and
    its Mineral and Vespene Gas limits."""

    text: str
    path: Path | None
    minerals: int
    gas: int


def new_list(request: StarterRequest, catalog: Catalog) -> Starter:
    """The starter list, written unless ``output`` is `-`; refused (exit 2) when the
    file exists (without ``force``) or cannot be written."""
    text = starter.starter_text(
        catalog,
        request.faction,
        request.scale,
        minerals=request.minerals,
        name=request.name,
    )
    limit = request.scale.mineral_limit(request.minerals) or 0
    gas = catalog.game.gas_limit(limit) or 0
    output = request.output
    if output == "-":
        return Starter(text, None, limit, gas)
    path = Path(output) if output else Path(starter.default_file_name(request.faction))
    # `-o lists/` names a folder even before it exists (Path drops the slash).
    if paths.is_dir(path) or (output or "").endswith(("/", os.sep)):
        path = path / starter.default_file_name(request.faction)
    try:
        safewrite.write_text(path, text, overwrite=request.force)
    except safewrite.TargetExists:
        raise Refused(
            _(
                "{path} already exists: not overwriting it (--force replaces it, "
                "-o writes another file)"
            ).format(path=path)
        ) from None
    except OSError as error:
        raise Refused(
            _("cannot write {path}: {reason}").format(
                path=path, reason=os_reason(error)
            )
        ) from None
    return Starter(text, path, limit, gas)
