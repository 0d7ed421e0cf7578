"""`supply`: the Supply plan of a list, round by round (§6, §8.3)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.frame import app
from armylist.cli.options import DataOption, ViewOption
from armylist.cli.stream import terminal
from armylist.findings import Refused
from armylist.gameday.planfile import plan_file
from armylist.reporters import ViewFormat, oneline
from armylist.reporters import supply as reporter_supply
from armylist.text.i18n import N_, ngettext
from armylist.text.numbers import people

MissionOption = Annotated[
    str | None,
    typer.Option(
        "--mission",
        "-m",
        help=N_(
            "The Mission Card, by name or id. Default: every mission the list brings."
        ),
    ),
]
OrderOption = Annotated[
    list[str] | None,
    typer.Option(
        "--order",
        help=N_(
            "Deployment order by unit name (repeat or comma-separate); the "
            "units not named follow in list order."
        ),
    ),
]
LossesOption = Annotated[
    list[str] | None,
    typer.Option(
        "--losses",
        help=N_(
            "What-if losses: UNIT:MODELS_LOST, optionally @ROUND; UNIT#N:... for the Nth "
            "unit of that name, e.g. Marine:3. Default round: the one it enters."
        ),
    ),
]


@app.command()
def supply(
    file: Annotated[Path, typer.Argument(help=N_("An army list file."))],
    mission: MissionOption = None,
    order: OrderOption = None,
    losses: LossesOption = None,
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
) -> None:
    """Plan the Supply Pool round by round and when each unit enters (§6, §8.3).

    Exit codes: 0 plan printed (warnings included); 1 the list's units cannot be read
    (unknown unit, bad composition, broken file); 2 usage error (no such file, unknown
    mission, bad --order or --losses).

    Examples: `armylist supply mylist.yaml --mission "Hold Position"`,
    `armylist supply mylist.yaml -m "Hold Position" --losses Marine:3 --format json`.
    """
    catalog = catalog_or_exit(data)
    try:
        planned = plan_file(
            file, catalog, mission=mission, order=order or (), losses=losses or ()
        )
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    sys.stdout.write(
        reporter_supply.render(str(file), planned.plans, output, terminal())
    )
    if planned.errors:
        typer.echo(oneline.not_legal_note(file, planned.errors), err=True)
    warnings = sum(len(p.warnings) for p in planned.plans)
    typer.echo(
        ngettext(
            "Supply plan for {file}: {missions}; {count} warning",
            "Supply plan for {file}: {missions}; {count} warnings",
            warnings,
        ).format(
            file=file,
            missions=", ".join(p.mission for p in planned.plans),
            count=people(warnings),
        ),
        err=True,
    )
