"""`show`: the roster sheet of a list, model by model."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.exits import catalog_or_exit, fail, legal_or_exit
from armylist.cli.frame import app
from armylist.cli.options import DataOption, ListFile
from armylist.cli.stream import terminal
from armylist.findings import Refused
from armylist.reporters import roster as reporter_roster
from armylist.sheet.roster import Roster, roster_file
from armylist.text.i18n import N_


def _roster(file: Path, data: Path | None) -> Roster:
    """The roster of a list file, or exit (2: a wrong path; 1: not a readable list)."""
    catalog = catalog_or_exit(data)
    try:
        return roster_file(file, catalog)
    except Refused as refused:
        fail(refused.message, refused.exit_code)


ClosedOption = Annotated[
    bool,
    typer.Option(
        "--closed",
        help=N_(
            "Only what the opponent sees under closed lists (§9.1.10): the "
            "Faction and Tactical Cards, and counts."
        ),
    ),
]


@app.command()
def show(
    file: ListFile,
    closed: ClosedOption = False,
    data: DataOption = None,
) -> None:
    """Print the roster sheet: cards, and each unit's loadout model by model.

    FOR upgrades replace the weapon on every model carrying it; each SPECIALIST upgrade
    sits on its own model (model 1, model 2 ... in the order the list names them).

    Exit codes: 0 a legal list; 1 the list is illegal (the sheet is still printed) or
    not readable; 2 usage error.

    Examples: `armylist show my.yaml`, `armylist show my.yaml --closed`.
    """
    sheet = _roster(file, data)
    sys.stdout.write(reporter_roster.render(sheet, terminal(), closed=closed))
    legal_or_exit(file, sheet)
