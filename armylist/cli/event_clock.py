"""`armylist event clock`: a full-screen round clock (Textual)."""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.event import EventFile, event_app
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.options import DataOption, whole_number
from armylist.organiser.clock import (
    MAX_ROUND_MINUTES,
    ROUND_MINUTES,
    ClockError,
    ClockRequest,
    read_clock,
)
from armylist.text.i18n import N_, _
from armylist.tui.clock import ClockApp


def _clock_time(value: str | None) -> dt.time | None:
    """A start written HH:MM (24-hour), or exit 2 saying how to write it."""
    if value is None:
        return None
    try:
        return dt.time.fromisoformat(value.strip())
    except ValueError:
        fail(
            _("--start {value}: write the time as HH:MM, e.g. --start 14:30").format(
                value=value
            )
        )


@event_app.command("clock")
def clock_command(
    file: EventFile,
    round_number: Annotated[
        int,
        typer.Option(
            "--round", "-r", help=N_("The round to time."), **whole_number(minimum=1)
        ),
    ],
    minutes: Annotated[
        int,
        typer.Option(
            "--minutes",
            "-m",
            help=N_("The round's length in minutes (the guide's: 150)."),
            **whole_number(minimum=1, maximum=MAX_ROUND_MINUTES),
        ),
    ] = ROUND_MINUTES,
    start: Annotated[
        str | None,
        typer.Option(
            "--start",
            help=N_("When the round started (or starts), HH:MM today; else now."),
            metavar="HH:MM",
        ),
    ] = None,
    data: DataOption = None,
) -> None:
    """A full-screen round clock, for the room's screen: the round's time left in
    large digits, when it ends and when the next round starts, and every table
    with the minutes a judge added to it.

    Select a table with the arrow keys; `+` adds a minute to it, `-` takes one away;
    `q` quits. The next round starts 15 minutes after the last table's end. In the
    last 15 minutes the clock says that no new Battle Round starts (the Organised
    Play guide, §9).

    The round's tables are its pairings in the event file's `results:` (`event pair
    --write` puts them there).

    Exit codes: 0 the clock was closed; 2 the event file cannot be used, the round
    has no pairings, `--start` is not a time, or there is no terminal.

    Examples: `armylist event clock event.yaml --round 2`, `armylist event clock
    event.yaml --round 2 --minutes 120 --start 14:30`.
    """
    request = ClockRequest(Path(file), round_number, minutes, _clock_time(start))
    try:
        clock = read_clock(request, catalog_or_exit(data), dt.datetime.now())
    except ClockError as error:
        fail(str(error))
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        fail(_("the round clock is full-screen: run it in a terminal"))
    ClockApp(clock, dt.datetime.now).run()
