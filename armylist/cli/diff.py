"""`diff`: what changed between two lists."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.exits import catalog_or_exit, fail, stdin_once
from armylist.cli.frame import app
from armylist.cli.options import DataOption, ViewOption
from armylist.findings import Refused
from armylist.organiser.listdiff import diff_files
from armylist.reporters import ViewFormat
from armylist.reporters import listdiff as reporter_listdiff
from armylist.text.i18n import N_


@app.command("diff")
def diff_command(
    old: Annotated[Path, typer.Argument(help=N_("The list before."), dir_okay=False)],
    new: Annotated[Path, typer.Argument(help=N_("The list after."), dir_okay=False)],
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
) -> None:
    """Compare two lists: every change the fingerprint covers, and the totals' deltas.

    Faction, scale, Mineral limit, cards, units, missions and deployments added or
    removed, a unit kept but changed as one change (`~ unit Marine (9) #2: + AGG-12`),
    and the fingerprints when they differ.

    Exit codes: 0 compared (whatever the lists' legality); 1 a list cannot be read
    as a list (its findings are printed); 2 usage error (no such file).

    Example: armylist diff before.yaml after.yaml
    """
    stdin_once(old, new)
    catalog = catalog_or_exit(data)
    try:
        result = diff_files(old, new, catalog)
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    sys.stdout.write(reporter_listdiff.render(result, str(old), str(new), output))
