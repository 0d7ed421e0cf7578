"""`armylist profile`: what a list can do, and beside another list with `--vs`."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.exits import catalog_or_exit, fail, stdin_once
from armylist.cli.frame import app
from armylist.cli.options import DataOption, ViewOption
from armylist.cli.stream import terminal
from armylist.combat.profile import profile_json, profile_lists
from armylist.combat.question import CombatError
from armylist.findings import Refused
from armylist.reporters import ViewFormat, render_view
from armylist.reporters.profile import profile_view
from armylist.text.i18n import N_


@dataclass(frozen=True)
class ProfileRequest:
    """What `armylist profile` was asked for."""

    file: Path
    versus: Path | None
    output: ViewFormat
    data: Path | None


@app.command()
def profile(
    file: Annotated[
        Path, typer.Argument(help=N_("An army list file (- reads it from stdin)."))
    ],
    versus: Annotated[
        Path | None,
        typer.Option(
            "--vs",
            help=N_("Another list file, set beside this one (A and B)."),
            metavar="FILE",
        ),
    ] = None,
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
) -> None:
    """What a list can do: Supply, Minerals per Supply, models, attacks and its odds.

    Supply per Army Slot type, Minerals per Supply point, models, Hit Points and
    Armour, attack dice per phase, and the exact expected damage and models removed
    by one round of shooting and one of close combat against three reference targets
    (Armoured: Marauder (4); Light: Zergling (18); Shielded: Zealot (3)), each squad
    against a fresh target, with the squad that removes the most. A gap (no attack
    that gets through better than a 5+ roll) is said in words.

    Exit codes: 0 profile printed; 1 a list is not a readable list, names a unit or
    upgrade the data does not know, or fields a unit of no models; 2 no such file, a
    folder, or unreadable game data.

    Examples: `armylist profile mylist.yaml`,
    `armylist profile mylist.yaml --vs theirs.yaml`,
    `armylist profile mylist.yaml --format json`.
    """
    request = ProfileRequest(file, versus, output, data)
    stdin_once(request.file, *([request.versus] if request.versus else []))
    catalog = catalog_or_exit(request.data)
    try:
        profiles = profile_lists(request.file, request.versus, catalog)
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    except CombatError as error:
        fail(str(error))
    view = profile_view(profiles) if request.output is ViewFormat.TEXT else None
    sys.stdout.write(
        render_view(
            view or "",
            profile_json(profiles),
            request.output,
            terminal(),
            sort_keys=False,
        )
    )
