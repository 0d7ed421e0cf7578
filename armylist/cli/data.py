"""The game data: `data check` (lint) and `data diff` (what changed between versions)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.frame import data_app
from armylist.cli.options import DataOption, ViewOption
from armylist.cli.stream import terminal
from armylist.files import paths
from armylist.findings import EXIT_INVALID
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.check import check
from armylist.organiser.datadiff import (
    RevisionError,
    affected_lists,
    diff,
    export_revision,
)
from armylist.reporters import ViewFormat
from armylist.reporters import datadiff as reporter_datadiff
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people


@data_app.command("check")
def data_check(data: DataOption = None) -> None:
    """Lint the game data: ids, Supply Profiles, upgrade costs, tags, summoned units.

    Prints `file:line: message` for each problem and exits 2 when there is any.
    """

    catalog, problems = check(data)
    for problem in problems:
        typer.echo(str(problem), err=True)
    if problems:
        fail(
            ngettext(
                "{count} problem in the game data",
                "{count} problems in the game data",
                len(problems),
            ).format(count=people(len(problems)))
        )
    assert catalog is not None  # check() returns a catalog whenever it has no problem
    typer.echo(
        _(
            "game data {version} in {folder}: {factions} Faction Cards, {cards} "
            "Tactical/Creep Cards, {units} units, {missions} Mission Cards, "
            "{deployments} Deployment Cards: OK"
        ).format(
            version=catalog.data_version,
            folder=catalog.directory,
            factions=len(catalog.factions.all),
            cards=len(catalog.cards.all),
            units=len(catalog.units.all),
            missions=len(catalog.missions),
            deployments=len(catalog.deployments.all),
        )
    )


def _data_version(spec: str | None, scratch: Path) -> Catalog:
    """The bundled data (None), a data folder, or a git revision's `factions/`."""

    if spec is None:
        return catalog_or_exit(None)
    path = Path(spec)
    if not paths.is_dir(path):
        try:
            path = export_revision(spec, Path.cwd(), scratch)
        except RevisionError as error:
            fail(
                _("{spec} is neither a data folder nor a git revision: {error}").format(
                    spec=repr(spec), error=error
                )
            )
    return catalog_or_exit(path)


@data_app.command("diff")
def data_diff(
    old: Annotated[
        str,
        typer.Argument(help=N_("The old data: a folder, or a git revision (HEAD~1).")),
    ],
    new: Annotated[
        str | None,
        typer.Argument(
            help=N_("The new data: a folder or git revision (default: bundled).")
        ),
    ] = None,
    lists: Annotated[
        Path | None,
        typer.Option(
            "--lists",
            help=N_(
                "Lists to re-check with both versions: a folder, a list in any "
                "form armylist reads, or - (standard input)."
            ),
        ),
    ] = None,
    output: ViewOption = ViewFormat.TEXT,
) -> None:
    """Show which costs, slots, tags and compositions changed between two data versions.

    With --lists, also which lists change legality or totals because of it.

    Exit codes: 0 compared, and no list re-checked with --lists turns from legal to
    illegal; 1 a list turns from legal to illegal with the new data (CI can fail on
    it); 2 usage error (a version that is neither a data folder nor a git revision,
    broken game data, no such --lists path).

    Examples: `armylist data diff old-factions/ factions/`,
    `armylist data diff HEAD~1 --lists lists/`.
    """

    if lists is not None and str(lists) != "-" and not paths.exists(lists):
        fail(_("--lists {lists}: no such file or folder").format(lists=lists))
    with tempfile.TemporaryDirectory() as scratch:
        before = _data_version(old, Path(scratch) / "old")
        after = _data_version(new, Path(scratch) / "new")
    affected = None if lists is None else affected_lists([lists], before, after)
    sys.stdout.write(
        reporter_datadiff.render(
            before.data_version,
            after.data_version,
            diff(before, after),
            affected,
            output,
            width=terminal().width,
        )
    )
    if any(a.turned_illegal for a in affected or ()):
        raise typer.Exit(EXIT_INVALID)
