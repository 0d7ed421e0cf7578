"""`export`: the list for a forum, Discord, a form, another builder or the printer."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from armylist.cli.app import app
from armylist.cli.eventoptions import list_options
from armylist.cli.exits import catalog_or_exit, fail, legal_or_exit
from armylist.cli.options import DataOption, choice
from armylist.door.discovery import discover
from armylist.engine import NotAList
from armylist.files import paths
from armylist.findings import EXIT_INVALID, Refused
from armylist.importing.model import ImportFailure
from armylist.reporters import ExportFormat
from armylist.reporters import export as exporting
from armylist.reporters.html import to_html
from armylist.sheet.roster import roster_and_list
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people
from armylist.text.visible import visible

if TYPE_CHECKING:
    from armylist.engine import ListOptions
    from armylist.gamedata.catalog import Catalog


FileArgument = Annotated[
    Path,
    typer.Argument(
        help=N_(
            "The army list file; with --format html also a folder of lists "
            "(every roster of an event on one page)."
        )
    ),
]
OutputOption = Annotated[
    ExportFormat,
    typer.Option(
        "--format",
        help=N_(
            "text, markdown, discord, json, html (the printable roster); or "
            "for malkivian83's builder sct1 (a seed code) or mk-json (its list "
            "JSON)."
        ),
        metavar="FORMAT",
        **choice(ExportFormat, "an export format"),
    ),
]
EventOption = Annotated[
    Path | None,
    typer.Option(
        "--event",
        help=N_(
            "An event file: each roster it names is printed as the event reads "
            "it (the event's name for its player, the player's scenario cards)."
        ),
        dir_okay=False,
    ),
]


@app.command()
def export(
    file: FileArgument,
    output: OutputOption = ExportFormat.TEXT,
    event: EventOption = None,
    data: DataOption = None,
) -> None:
    """Print a compact list to paste into a forum, a Discord message or a form.

    `discord` says on stderr whether it fits Discord's 2,000-character limit; `json` is
    the normalised list with costs; `html` is one self-contained printable page, one
    roster per printed page (A4 or Letter), and over a folder every roster of it;
    `sct1` and `mk-json` open in malkivian83's builder (`armylist import` reads them
    back).

    Exit codes: 0 a legal list (every list of a folder); 1 illegal (still printed) or
    not readable; 2 usage, a folder with another format than html, or an item the
    builder has no id for (sct1, mk-json).

    Examples: `armylist export my.yaml --format markdown`,
    `armylist export my.yaml --format json | jq .totals`,
    `armylist export my.yaml --format sct1`, `armylist export submissions/ --format
    html --event event.yaml > rosters.html`.
    """

    catalog = catalog_or_exit(data)
    options = list_options(event, catalog)
    if paths.is_dir(file):
        _export_folder(file, output, catalog, options, event)
    try:
        sheet, resolved = roster_and_list(file, catalog, options)
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    try:
        rendered = exporting.render(sheet, output, resolved)
    except ImportFailure as failure:  # an item malkivian83's builder has no id for
        fail(str(failure))
    sys.stdout.write(rendered)
    if output is ExportFormat.DISCORD:
        typer.echo(exporting.discord_note(rendered), err=True)
    legal_or_exit(file, sheet)


def _export_folder(
    folder: Path,
    output: ExportFormat,
    catalog: Catalog,
    options: ListOptions,
    event: Path | None,
) -> NoReturn:
    """`export FOLDER --format html`: every roster of the folder on one page."""

    if output is not ExportFormat.HTML:
        fail(
            _(
                "{folder} is a folder: export one list file, or every list of a "
                "folder with --format html"
            ).format(folder=folder)
        )
    printed = []
    # The lists `validate` finds there, as it finds them: a file that is plainly no
    # list (an event or team file, a YAML of no list's keys) is skipped with a note;
    # the event file may sit in the folder it describes: it is no roster.
    for entry in discover([folder], skip=[event] if event is not None else []):
        try:
            sheet, resolved = roster_and_list(
                entry.path, catalog, options, found=entry.found
            )
        except NotAList as not_a_list:
            typer.echo(
                visible(
                    _("armylist: note: skipped {file}: {reason}").format(
                        file=not_a_list.file, reason=not_a_list.reason
                    )
                ),
                err=True,
            )
            continue
        except Refused as refused:
            fail(refused.message, refused.exit_code)
        printed.append(exporting.printed(sheet, resolved))
    if not printed:
        fail(_("no army list found in {paths}").format(paths=folder))
    sys.stdout.write(to_html(printed, folder.resolve().name))
    illegal = [p.roster.file for p in printed if not p.roster.valid]
    counted = ngettext(
        "{folder}: {count} roster", "{folder}: {count} rosters", len(printed)
    ).format(folder=folder, count=people(len(printed)))
    if illegal:
        counted += _("; not legal: {files}").format(files=", ".join(illegal))
    typer.echo(counted, err=True)
    raise typer.Exit(EXIT_INVALID if illegal else 0)
