"""`event`: running an event from its event file; the group, and what its commands
share (the event file read, or the exit that says why not; `--format`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.exits import fail
from armylist.cli.frame import App, app
from armylist.cli.options import choice
from armylist.event.model import Event
from armylist.event.reader import EventError, load_event
from armylist.gamedata.catalog import Catalog
from armylist.reporters import StandingsFormat
from armylist.text.i18n import N_

event_app = App(
    help=N_(
        "Run an event: lock the rosters; the standings and the next round's Swiss "
        "pairings, from the results in the event file."
    ),
    no_args_is_help=True,
)
app.add_typer(event_app, name="event")

EventFile = Annotated[
    Path,
    typer.Argument(
        help=N_("The event file (players:, results:, drops:)."), dir_okay=False
    ),
]


def event_or_exit(file: Path, catalog: Catalog) -> Event:
    """The event file read and checked, or exit 2 with its problems."""
    try:
        return load_event(file, catalog)
    except EventError as error:
        fail(str(error))


StandingsOption = Annotated[
    StandingsFormat,
    typer.Option(
        "--format",
        help=N_("text, json, csv or markdown."),
        metavar="FORMAT",
        **choice(StandingsFormat, "a standings format"),
    ),
]
