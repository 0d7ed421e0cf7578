"""`archive`: events across a season in one file, and what they tell (win rates per
faction and Mission Card, Elo ratings); the group, and what its commands share (the
archive option, the date option). Each command lives in its own module
(`archive_add`, `archive_stats`, `archive_ratings`)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.frame import App, app
from armylist.text.i18n import N_, _

archive_app = App(
    help=N_(
        "Keep events across a season in one archive file: win rates per faction "
        "and Mission Card, and Elo ratings of every player.\n\n"
        "Examples:\n\n"
        "  armylist archive add event.yaml\n\n"
        "  armylist archive stats --from 2026-01-01\n\n"
        "  armylist archive ratings --by race"
    ),
    no_args_is_help=True,
)
app.add_typer(archive_app, name="archive")

ArchiveOption = Annotated[
    Path | None,
    typer.Option(
        "--archive",
        help=N_(
            "The archive file (SQLite); by default ARMYLIST_ARCHIVE, else "
            "archive.sqlite in your data folder."
        ),
        dir_okay=False,
        metavar="FILE",
    ),
]


def iso_date(value: str | dt.date) -> dt.date:
    """An option's ISO date (`2026-05-09`), or a usage error saying what to write."""
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value).strip())
    except ValueError:
        raise typer.BadParameter(
            _("{value!r} is not an ISO date; write e.g. 2026-05-09").format(value=value)
        ) from None
