"""`fingerprint`: a short id of what each list plays."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.frame import app
from armylist.cli.options import DataOption, ExcludeOption
from armylist.cli.stream import note_skipped
from armylist.door.batch import Skipped, open_entry
from armylist.door.discovery import Entry
from armylist.findings import EXIT_USAGE, Refused
from armylist.gamedata.catalog import Catalog
from armylist.organiser.checking import sources
from armylist.text.i18n import N_, _
from armylist.text.visible import visible

PathsArgument = Annotated[
    list[Path], typer.Argument(help=N_("List files or folders, as for validate."))
]


@app.command("fingerprint")
def fingerprint_command(
    paths: PathsArgument,
    exclude: ExcludeOption = None,
    data: DataOption = None,
) -> None:
    """Print each list's fingerprint: a short id of what the list plays.

    Reordering cards, comments, whitespace, key order and name case do not change it;
    any change of faction, scale, cards, units, models, upgrades or scenario cards does.
    Organisers publish fingerprints of closed lists and reveal the lists later. Folders
    are searched as `validate` searches them (.yaml, .yml, .json, .ros, .rosz).

    Exit codes: 0 every list fingerprinted; 1 a list does not parse; 2 usage error (no
    such file or folder, no list found).

    Examples: `armylist fingerprint mylist.yaml`, `armylist fingerprint submissions/`
    """
    try:
        entries = sources(paths, exclude)
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    catalog = catalog_or_exit(data)
    code, lists = _print_fingerprints(entries, catalog)
    if not lists and code == 0:
        fail(
            _("no army list found in {paths}").format(
                paths=", ".join(str(p) for p in paths)
            ),
            EXIT_USAGE,
        )
    raise typer.Exit(code)


def _print_fingerprints(entries: list[Entry], catalog: Catalog) -> tuple[int, int]:
    """Print the fingerprint of each list; the exit code so far and how many lists
    there were (a file skipped as no list is none)."""
    code, lists = 0, 0
    for entry in entries:
        try:
            outcome = open_entry(entry, catalog)
        except Refused as refused:
            # A path that cannot be read (a socket, a folder named as a file) is a
            # usage error, as documented; the other lists are still fingerprinted.
            typer.echo(
                visible(
                    _("armylist: error: {message}").format(message=refused.message)
                ),
                err=True,
            )
            code = max(code, refused.exit_code)
            continue
        if isinstance(outcome, Skipped):
            note_skipped([outcome])
            continue
        lists += 1
        if outcome.fingerprint is None:
            message = (
                _("armylist: {file}: the list does not parse: {reason}").format(
                    file=entry.path, reason=outcome.findings[0].message
                )
                if outcome.findings
                else _("armylist: {file}: the list does not parse").format(
                    file=entry.path
                )
            )
            typer.echo(message, err=True)
            code = 1
            continue
        typer.echo(f"{outcome.fingerprint}  {entry.path}")
    return code, lists
