"""`armylist archive stats`: win rates per faction and Mission Card, and the units
most taken, over a date range or a set of events."""

from __future__ import annotations

import datetime as dt
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, assert_never

import typer

from armylist.archive.stats import Filter, Stats, archive_stats, card_names
from armylist.archive.store import ArchiveError, archive_path
from armylist.cli.archive import ArchiveOption, archive_app, iso_date
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.options import DataOption, choice
from armylist.cli.stream import terminal
from armylist.reporters import Terminal, archive_text
from armylist.reporters import archive as data_formats
from armylist.reporters.archive import StatsFormat
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people


@dataclass(frozen=True)
class StatsRequest:
    """What `archive stats` was asked: which events, the archive, the format."""

    choice: Filter
    archive: Path
    output: StatsFormat
    data: Path | None


def render(stats: Stats, output: StatsFormat, where: Terminal) -> str:
    """The statistics in the chosen format."""
    match output:
        case StatsFormat.TEXT:
            return archive_text.render_stats(
                stats, width=where.width, color=where.color
            )
        case StatsFormat.JSON:
            return data_formats.render_stats_json(stats)
        case StatsFormat.CSV:
            return data_formats.render_stats_csv(stats)
        case StatsFormat.HTML:
            return data_formats.render_stats_html(stats, _("Season statistics"))
        case _:
            assert_never(output)


DateOption = dict(parser=iso_date, metavar="DATE")


SinceOption = Annotated[
    dt.date | None,
    typer.Option(
        "--from",
        help=N_("Only events from this date (ISO, included)."),
        **DateOption,
    ),
]
UntilOption = Annotated[
    dt.date | None,
    typer.Option(
        "--to",
        help=N_("Only events up to this date (ISO, included)."),
        **DateOption,
    ),
]
EventsOption = Annotated[
    list[str] | None,
    typer.Option(
        "--event",
        help=N_("Only this event (its name; give it again for more)."),
        metavar="NAME",
    ),
]
OutputOption = Annotated[
    StatsFormat,
    typer.Option(
        "--format",
        help=N_("text, json, csv or html."),
        metavar="FORMAT",
        **choice(StatsFormat, "a statistics format"),
    ),
]


@archive_app.command("stats")
def stats_command(
    since: SinceOption = None,
    until: UntilOption = None,
    events: EventsOption = None,
    output: OutputOption = StatsFormat.TEXT,
    archive: ArchiveOption = None,
    data: DataOption = None,
) -> None:
    """Games, wins, draws, losses and win rate per faction and per Mission Card, and
    the units most taken per faction, from the archive.

    A game counts once for each side: for each player's faction (a player whose
    rosters are of two Faction Cards is left out of the faction table), and for its
    Mission Card once for each player who brought it (only a game given by its game
    record, `game:`, names its Mission Card). A draw counts as half a win. Byes and
    no-shows are no game.

    `--format html` writes one page with bar charts (inline SVG, no JavaScript) for
    a club's site.

    Exit codes: 0 the statistics; 2 there is no archive, or it cannot be read.

    Examples: `armylist archive stats`, `armylist archive stats --from 2026-01-01
    --to 2026-06-30`, `armylist archive stats --format html > season.html`.
    """
    request = StatsRequest(
        Filter(since, until, tuple(events or ())), archive_path(archive), output, data
    )
    # Only the reports for people name the cards and show the units.
    shown = request.output in (StatsFormat.TEXT, StatsFormat.HTML)
    names = card_names(catalog_or_exit(request.data)) if shown else {}
    try:
        stats = archive_stats(request.archive, request.choice, names, units=shown)
    except ArchiveError as error:
        fail(error.message)
    sys.stdout.write(render(stats, request.output, terminal()))
    games = sum(t.games for t in stats.factions)
    typer.echo(
        ngettext(
            "{archive}: {count} event",
            "{archive}: {count} events",
            stats.events,
        ).format(archive=request.archive, count=people(stats.events))
        + ngettext(
            "; {count} side of a game with a known faction",
            "; {count} sides of games with a known faction",
            games,
        ).format(count=people(games)),
        err=True,
    )
