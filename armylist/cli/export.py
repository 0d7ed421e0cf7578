"""`export`: the list for a forum, Discord, a form, another builder, the printer (HTML,
PDF) or a phone (the QR code)."""

from __future__ import annotations

import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from armylist.cli.eventoptions import list_options
from armylist.cli.exits import catalog_or_exit, fail, legal_or_exit, write_or_exit
from armylist.cli.frame import app
from armylist.cli.options import DataOption, choice
from armylist.cli.stream import terminal
from armylist.door.discovery import discover
from armylist.engine import NotAList
from armylist.files import paths
from armylist.findings import EXIT_INVALID, Refused
from armylist.importing.model import ImportFailure
from armylist.reporters import QR_IMAGES, ExportFormat, Paper, QrTooLong, Terminal
from armylist.reporters import export as exporting
from armylist.reporters.html import to_html
from armylist.sheet.roster import Roster, roster_and_list
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people
from armylist.text.visible import visible

if TYPE_CHECKING:
    from armylist.engine import ListOptions
    from armylist.gamedata.catalog import Catalog
    from armylist.reporters.html import PrintedRoster
    from armylist.resolved import Context


@dataclass(frozen=True)
class ExportRequest:
    """What `export` was asked: the list (or folder), the format, and where it goes."""

    source: Path
    chosen: ExportFormat
    target: Path | None
    paper: Paper | None
    mission: str | None
    event: Path | None


FileArgument = Annotated[
    Path,
    typer.Argument(
        help=N_(
            "The army list file; with --format html or pdf also a folder of lists "
            "(every roster of an event in one file)."
        )
    ),
]
OutputOption = Annotated[
    ExportFormat,
    typer.Option(
        "--format",
        help=N_(
            "text, markdown, discord, json, html (the printable roster), pdf "
            "(the roster and a page for the table), qr (the SCT1 code as a QR "
            "code); or for malkivian83's builder sct1 (a seed code) or mk-json "
            "(its list JSON)."
        ),
        metavar="FORMAT",
        **choice(ExportFormat, "an export format"),
    ),
]
TargetOption = Annotated[
    Path | None,
    typer.Option(
        "-o",
        "--output",
        help=N_(
            "Write to this file instead of the terminal (pdf: always; qr: "
            "FILE.svg or FILE.png)."
        ),
        dir_okay=False,
    ),
]
PaperOption = Annotated[
    Paper | None,
    typer.Option(
        "--paper",
        help=N_("The PDF's paper: a4 (the default) or letter."),
        metavar="PAPER",
        **choice(Paper, "a paper size"),
    ),
]
MissionOption = Annotated[
    str | None,
    typer.Option(
        "--mission",
        help=N_(
            "The PDF's table page shows this Mission Card's Supply Pool per "
            "round (by name or id)."
        ),
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
    target: TargetOption = None,
    paper: PaperOption = None,
    mission: MissionOption = None,
    event: EventOption = None,
    data: DataOption = None,
) -> None:
    """Print a compact list to paste into a forum, a Discord message or a form.

    `discord` says on stderr whether it fits Discord's 2,000-character limit; `json` is
    the normalised list with costs; `html` is one self-contained printable page, one
    roster per printed page (A4 or Letter), and over a folder every roster of it;
    `pdf` (with -o) is the roster and a page for the table (casualty boxes with the
    Supply bands, Victory Points per round), a page set per list; `qr` draws the SCT1
    code for a phone to scan, or writes it as an image with -o; `sct1` and `mk-json`
    open in malkivian83's builder (`armylist import` reads them back).

    Exit codes: 0 a legal list (every list of a folder); 1 illegal (still printed) or
    not readable; 2 usage, a folder with another format than html or pdf, a file that
    cannot be written, or an item the builder has no id for (sct1, mk-json, qr).

    Examples: `armylist export my.yaml --format markdown`,
    `armylist export my.yaml --format json | jq .totals`,
    `armylist export my.yaml --format qr`,
    `armylist export my.yaml --format pdf -o my.pdf --paper letter`,
    `armylist export submissions/ --format html --event event.yaml > rosters.html`.
    """
    request = ExportRequest(file, output, target, paper, mission, event)
    _check_request(request)
    catalog = catalog_or_exit(data)
    options = list_options(event, catalog)
    if paths.is_dir(file):
        _export_folder(request, catalog, options)
    _export_one(request, catalog, options)


def _check_request(request: ExportRequest) -> None:
    """Exit 2 on options that do not go together, before any list is read."""
    chosen, target = request.chosen, request.target
    if chosen is ExportFormat.PDF and target is None:
        fail(_("--format pdf writes a file: give -o FILE.pdf"))
    if chosen is ExportFormat.QR and target is not None and not _image(target):
        fail(
            _("{file}: a QR code is written as FILE.svg or FILE.png").format(
                file=target
            )
        )
    if chosen is not ExportFormat.PDF and (request.paper or request.mission):
        fail(_("--paper and --mission go with --format pdf"))


def _image(target: Path) -> bool:
    return target.suffix.lower() in QR_IMAGES


def _export_one(
    request: ExportRequest, catalog: Catalog, options: ListOptions
) -> NoReturn:
    """One list in the format asked, to the terminal or to the -o file."""

    try:
        sheet, resolved = roster_and_list(request.source, catalog, options)
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    shown, rendered = terminal(), ""
    try:
        if request.chosen is ExportFormat.PDF:
            page = exporting.printed(sheet, resolved, request.mission)
            data = _pdf([page], _title(sheet), request.paper)
        elif request.chosen is ExportFormat.QR and request.target is not None:
            data = exporting.qr_image(resolved, request.target.suffix.lower())
        else:
            rendered = exporting.render(
                sheet, request.chosen, resolved, color=shown.color
            )
            data = rendered.encode("utf-8")
    except (ImportFailure, QrTooLong) as failure:  # no id for an item; too long
        fail(str(failure))
    except Refused as refused:  # a --mission the list's scale has no card of
        fail(refused.message, refused.exit_code)
    if request.target is not None:
        write_or_exit(request.target, data)
    else:
        sys.stdout.write(rendered)
        _notes(request.chosen, rendered, resolved, shown)
    legal_or_exit(request.source, sheet)
    raise typer.Exit(0)


def _notes(
    chosen: ExportFormat, rendered: str, resolved: Context, shown: Terminal
) -> None:
    """What stderr says about text that went to the terminal."""

    if chosen is ExportFormat.DISCORD:
        typer.echo(exporting.discord_note(rendered), err=True)
    if chosen is ExportFormat.QR and shown.tty:
        lines = shutil.get_terminal_size().lines
        note = exporting.qr_note(resolved, shown.width, lines)
        if note is not None:
            typer.echo(_("armylist: note: {note}").format(note=note), err=True)


def _pdf(rosters: list[PrintedRoster], title: str, paper: Paper | None) -> bytes:
    # Lazy: only `export --format pdf` loads fpdf2 (and its fonts' tables).
    from armylist.reporters.pdf import to_pdf

    return to_pdf(rosters, title, paper or Paper.A4)


def _title(sheet: Roster) -> str:
    return sheet.name or sheet.file


def _export_folder(
    request: ExportRequest, catalog: Catalog, options: ListOptions
) -> NoReturn:
    """`export FOLDER --format html|pdf`: every roster of the folder in one file."""

    folder, event = request.source, request.event
    if request.chosen not in (ExportFormat.HTML, ExportFormat.PDF):
        fail(
            _(
                "{folder} is a folder: export one list file, or every list of a "
                "folder with --format html or pdf"
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
            printed.append(exporting.printed(sheet, resolved, request.mission))
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
    if not printed:
        fail(_("no army list found in {paths}").format(paths=folder))
    title = folder.resolve().name
    if request.chosen is ExportFormat.PDF:
        assert request.target is not None, "_check_request: a PDF has its -o file"
        write_or_exit(request.target, _pdf(printed, title, request.paper))
    elif request.target is not None:
        write_or_exit(request.target, to_html(printed, title).encode("utf-8"))
    else:
        sys.stdout.write(to_html(printed, title))
    illegal = [p.roster.file for p in printed if not p.roster.valid]
    counted = ngettext(
        "{folder}: {count} roster", "{folder}: {count} rosters", len(printed)
    ).format(folder=folder, count=people(len(printed)))
    if illegal:
        counted += _("; not legal: {files}").format(files=", ".join(illegal))
    typer.echo(counted, err=True)
    raise typer.Exit(EXIT_INVALID if illegal else 0)
