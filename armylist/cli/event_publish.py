"""`event publish`: a round's pairings, checked by the organiser, are published."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.event import EventFile, StandingsOption, event_app, event_or_exit
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.options import DataOption, whole_number
from armylist.cli.stream import terminal
from armylist.files import safewrite
from armylist.files.reading import UnusableFile
from armylist.findings import EXIT_INVALID
from armylist.organiser.publish import PublishError, publish
from armylist.reporters import StandingsFormat, render_pairings
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people


@dataclass(frozen=True)
class PublishRequest:
    """What `event publish` was asked."""

    file: Path
    round: int
    output: StandingsFormat
    data: Path | None


@event_app.command("publish")
def publish_command(
    file: EventFile,
    round_number: Annotated[
        int,
        typer.Option(
            "--round", "-r", help=N_("The round to publish."), **whole_number(minimum=1)
        ),
    ],
    output: StandingsOption = StandingsFormat.TEXT,
    data: DataOption = None,
) -> None:
    """Publish a round's pairings: `event pair --write` appends them as a draft to
    check; publishing adds the round to the event file's `published:` (its comments
    kept) and shows the tables. Until then `event standings` and the next round's
    `event pair` refuse, naming the round.

    A round whose every table has a result counts as published (an event file
    written before `published:`). Publishing a round twice changes nothing.

    Exit codes: 0 published (or already); 1 the event file changed while publishing;
    2 the event file cannot be used or written, or has no pairings for the round.

    Examples: `armylist event publish event.yaml --round 2`.
    """
    request = PublishRequest(file, round_number, output, data)
    catalog = catalog_or_exit(request.data)
    event = event_or_exit(request.file, catalog)
    try:
        done = publish(request.file, event, request.round)
    except PublishError as error:
        fail(f"{request.file}: {error}")
    except safewrite.FileChanged:
        fail(
            _("{file} changed while publishing: run the command again").format(
                file=request.file
            ),
            EXIT_INVALID,
        )
    except (UnusableFile, OSError) as error:
        fail(_("cannot write {file}: {error}").format(file=request.file, error=error))
    sys.stdout.write(render_pairings(done.pairings, request.output, terminal()))
    tables = len(done.pairings.pairings)
    summary = (
        ngettext(
            "{file}: round {round} was published already ({count} table); nothing "
            "written",
            "{file}: round {round} was published already ({count} tables); nothing "
            "written",
            tables,
        )
        if done.already
        else ngettext(
            "{file}: round {round} published ({count} table)",
            "{file}: round {round} published ({count} tables)",
            tables,
        )
    )
    typer.echo(
        summary.format(file=request.file, round=request.round, count=people(tables)),
        err=True,
    )
