"""The list as a sheet: `show` (the roster sheet) and `export` (forum, Discord, JSON,
the printable roster, the PDF sheet, the QR code)."""

from __future__ import annotations

import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from armylist.cli.app import app
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.options import DataOption, ListFile, choice
from armylist.cli.stream import terminal
from armylist.files import paths, safewrite
from armylist.findings import EXIT_INVALID, Refused
from armylist.reporters import QR_IMAGES, ExportFormat, Paper, QrTooLong, Terminal
from armylist.text.i18n import N_, _, ngettext, os_reason
from armylist.text.numbers import people

if TYPE_CHECKING:
    from armylist.engine import ListOptions
    from armylist.gamedata.catalog import Catalog
    from armylist.reporters.html import PrintedRoster
    from armylist.resolved import Context
    from armylist.sheet.roster import Roster


def _roster(file: Path, data: Path | None) -> Roster:
    """The roster of a list file, or exit (2: a wrong path; 1: not a readable list)."""
    from armylist.sheet.roster import roster_file

    catalog = catalog_or_exit(data)
    try:
        return roster_file(file, catalog)
    except Refused as refused:
        fail(refused.message, refused.exit_code)


def _legal_or_note(file: Path, roster: Roster) -> None:
    """Exit 1 with a note on stderr when the list printed is not legal."""
    if not roster.valid:
        from armylist.reporters.oneline import not_legal_note

        typer.echo(not_legal_note(file, roster.errors), err=True)
        raise typer.Exit(EXIT_INVALID)


@app.command()
def show(
    file: ListFile,
    closed: Annotated[
        bool,
        typer.Option(
            "--closed",
            help=N_(
                "Only what the opponent sees under closed lists (§9.1.10): the "
                "Faction and Tactical Cards, and counts."
            ),
        ),
    ] = False,
    data: DataOption = None,
) -> None:
    """Print the roster sheet: cards, and each unit's loadout model by model.

    FOR upgrades replace the weapon on every model carrying it; each SPECIALIST upgrade
    sits on its own model (model 1, model 2 ... in the order the list names them).

    Exit codes: 0 a legal list; 1 the list is illegal (the sheet is still printed) or
    not readable; 2 usage error.

    Examples: `armylist show my.yaml`, `armylist show my.yaml --closed`.
    """
    from armylist.reporters import roster as reporter_roster

    sheet = _roster(file, data)
    sys.stdout.write(reporter_roster.render(sheet, terminal(), closed=closed))
    _legal_or_note(file, sheet)


@dataclass(frozen=True)
class ExportRequest:
    """What `export` was asked: the list (or folder), the format, and where it goes."""

    source: Path
    chosen: ExportFormat
    target: Path | None
    paper: Paper | None
    mission: str | None
    event: Path | None


@app.command()
def export(
    file: Annotated[
        Path,
        typer.Argument(
            help=N_(
                "The army list file; with --format html or pdf also a folder of lists "
                "(every roster of an event in one file)."
            )
        ),
    ],
    output: Annotated[
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
    ] = ExportFormat.TEXT,
    target: Annotated[
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
    ] = None,
    paper: Annotated[
        Paper | None,
        typer.Option(
            "--paper",
            help=N_("The PDF's paper: a4 (the default) or letter."),
            metavar="PAPER",
            **choice(Paper, "a paper size"),
        ),
    ] = None,
    mission: Annotated[
        str | None,
        typer.Option(
            "--mission",
            help=N_(
                "The PDF's table page shows this Mission Card's Supply Pool per "
                "round (by name or id)."
            ),
        ),
    ] = None,
    event: Annotated[
        Path | None,
        typer.Option(
            "--event",
            help=N_(
                "An event file: each roster it names is printed as the event reads "
                "it (the event's name for its player, the player's scenario cards)."
            ),
            dir_okay=False,
        ),
    ] = None,
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
    options = _event_options(event, catalog)
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
    from armylist.importing.model import ImportFailure
    from armylist.reporters import export as exporting
    from armylist.sheet.roster import roster_and_list

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
        _write(request.target, data)
    else:
        sys.stdout.write(rendered)
        _notes(request.chosen, rendered, resolved, shown)
    _legal_or_note(request.source, sheet)
    raise typer.Exit(0)


def _notes(
    chosen: ExportFormat, rendered: str, resolved: Context, shown: Terminal
) -> None:
    """What stderr says about text that went to the terminal."""
    from armylist.reporters import export as exporting

    if chosen is ExportFormat.DISCORD:
        typer.echo(exporting.discord_note(rendered), err=True)
    if chosen is ExportFormat.QR and shown.tty:
        lines = shutil.get_terminal_size().lines
        note = exporting.qr_note(resolved, shown.width, lines)
        if note is not None:
            typer.echo(_("armylist: note: {note}").format(note=note), err=True)


def _pdf(rosters: list[PrintedRoster], title: str, paper: Paper | None) -> bytes:
    # Lazy: only `export --format pdf` loads fpdf2.
    from armylist.reporters.pdf import to_pdf

    return to_pdf(rosters, title, paper or Paper.A4)


def _title(sheet: Roster) -> str:
    return sheet.name or sheet.file


def _write(target: Path, data: bytes) -> None:
    """Write the export through the one writer (never half a file), or exit 2."""
    try:
        safewrite.write_bytes(target, data)
    except OSError as error:
        fail(
            _("cannot write {file}: {reason}").format(
                file=target, reason=os_reason(error)
            )
        )
    typer.echo(_("wrote {file}").format(file=target), err=True)


def _event_options(event: Path | None, catalog: Catalog) -> ListOptions:
    """How `export` reads its lists: as the event file names them, with --event."""
    from armylist.engine import ListOptions

    if event is None:
        return ListOptions()
    # Lazy: only `export --event` loads the organiser's submission modules.
    from armylist.organiser.submissions import event_options

    try:
        return event_options(event, catalog)[1]
    except Refused as refused:
        fail(refused.message, refused.exit_code)


def _export_folder(
    request: ExportRequest, catalog: Catalog, options: ListOptions
) -> NoReturn:
    """`export FOLDER --format html|pdf`: every roster of the folder in one file."""
    from armylist.door.discovery import discover
    from armylist.engine import NotAList
    from armylist.reporters import export as exporting
    from armylist.reporters.html import to_html
    from armylist.sheet.roster import roster_and_list
    from armylist.text.visible import visible

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
        _write(request.target, _pdf(printed, title, request.paper))
    elif request.target is not None:
        _write(request.target, to_html(printed, title).encode("utf-8"))
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
