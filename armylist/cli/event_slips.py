"""`armylist event slips`: a result slip per table of a round, as a page to print or
a PDF."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.event import EventFile, event_app
from armylist.cli.exits import catalog_or_exit, fail, write_or_exit
from armylist.cli.options import DataOption, choice, whole_number
from armylist.organiser.slips import SlipError, read_slips
from armylist.reporters import SlipsFormat, render_slips
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people


@dataclass(frozen=True)
class SlipsRequest:
    """What `event slips` was asked: the event, the round, the format and where."""

    file: Path
    round: int
    format: SlipsFormat
    output: Path | None

    @classmethod
    def read(
        cls,
        file: Path,
        round_number: int,
        chosen: SlipsFormat | None,
        output: Path | None,
    ) -> SlipsRequest:
        """The format asked for, else PDF for an output named `.pdf`, else HTML."""
        if chosen is None:
            pdf = output is not None and output.suffix.casefold() == ".pdf"
            chosen = SlipsFormat.PDF if pdf else SlipsFormat.HTML
        return cls(file, round_number, chosen, output)


SlipsFormatOption = Annotated[
    SlipsFormat | None,
    typer.Option(
        "--format",
        help=N_("html or pdf (by default pdf for an -o FILE.pdf, else html)."),
        metavar="FORMAT",
        **choice(SlipsFormat, N_("a slips format")),
    ),
]
SlipsOutput = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        help=N_("Write the slips to this file (HTML: else to stdout)."),
        dir_okay=False,
    ),
]


@event_app.command("slips")
def slips_command(
    file: EventFile,
    round_number: Annotated[
        int,
        typer.Option(
            "--round", "-r", help=N_("The round to print."), **whole_number(minimum=1)
        ),
    ],
    output_format: SlipsFormatOption = None,
    output: SlipsOutput = None,
    data: DataOption = None,
) -> None:
    """Print a result slip per table of a round, two to an A4 page.

    A slip names the event, the round and the table; both players with the rosters
    they may play (faction and fingerprint, as `event lock` locked them: a roster
    never locked says so); the Mission and Deployment Cards when the table's game
    record names them (blank lines to fill in otherwise); a box for each player's
    final VP; the result bands of the event's scale to tick; both signatures.

    The round's tables are its pairings in the event file's `results:` (`event pair
    --write` puts them there), table 1 first.

    Exit codes: 0 written; 2 the event file cannot be used, the round has no pairings
    yet, a PDF is asked for without -o, or the file cannot be written.

    Examples: `armylist event slips event.yaml --round 2 -o round-2.html`,
    `armylist event slips event.yaml --round 2 -o round-2.pdf`.
    """
    request = SlipsRequest.read(file, round_number, output_format, output)
    if request.format is SlipsFormat.PDF and request.output is None:
        fail(_("a PDF goes to a file: give -o FILE.pdf"))
    try:
        slips = read_slips(request.file, catalog_or_exit(data), request.round)
    except SlipError as error:
        fail(str(error))
    _deliver(request, render_slips(slips, request.format))
    tables = len(slips.slips)
    summary = ngettext(
        "{file}: round {round}: {count} slip",
        "{file}: round {round}: {count} slips",
        tables,
    ).format(file=file, round=request.round, count=people(tables))
    if request.output is not None:
        summary += _(", written to {output}").format(output=request.output)
    typer.echo(summary, err=True)


def _deliver(request: SlipsRequest, content: bytes) -> None:
    """The slips to their file (through the one writer), else to stdout; exit 2
    when the file cannot be written."""
    if request.output is None:
        sys.stdout.write(content.decode("utf-8"))
        return
    write_or_exit(request.output, content, say=False)
