"""`armylist archive ratings`: Elo ratings over every archived game."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Annotated, assert_never

import typer

from armylist.archive.ratings import Ratings, archive_ratings
from armylist.archive.store import ArchiveError, archive_path
from armylist.cli.archive import ArchiveOption, archive_app
from armylist.cli.exits import fail
from armylist.cli.options import choice
from armylist.cli.stream import terminal
from armylist.reporters import Terminal
from armylist.reporters.archive import RatingsFormat, render_ratings_json
from armylist.reporters.archive_text import render_ratings
from armylist.text.i18n import N_, ngettext
from armylist.text.numbers import people


class By(StrEnum):
    """What `--by` keeps a rating per."""

    RACE = "race"


@dataclass(frozen=True)
class RatingsRequest:
    """What `archive ratings` was asked: per race or not, the archive, the format."""

    by_race: bool
    archive: Path
    output: RatingsFormat


def render(ratings: Ratings, request: RatingsRequest, where: Terminal) -> str:
    """The ratings in the chosen format."""
    match request.output:
        case RatingsFormat.TEXT:
            return render_ratings(
                ratings, by_race=request.by_race, width=where.width, color=where.color
            )
        case RatingsFormat.JSON:
            return render_ratings_json(ratings, by_race=request.by_race)
        case _:
            assert_never(request.output)


@archive_app.command("ratings")
def ratings_command(
    by: Annotated[
        By | None,
        typer.Option(
            "--by",
            help=N_("race: one rating per race."),
            metavar="race",
            **choice(By, "a grouping of ratings"),
        ),
    ] = None,
    output: Annotated[
        RatingsFormat,
        typer.Option(
            "--format",
            help=N_("text or json."),
            metavar="FORMAT",
            **choice(RatingsFormat, "a ratings format"),
        ),
    ] = RatingsFormat.TEXT,
    archive: ArchiveOption = None,
) -> None:
    """Elo ratings of every archived player, highest first, recomputed from the
    archive (an edited result changes every later rating).

    Games in order of event date, round and table; everyone starts at 1500; K = 32;
    expected score E = 1 / (1 + 10^((Rb - Ra) / 400)); a win scores 1, a draw 1/2,
    a loss 0. A concession and a Game Loss are a loss for their player; byes and
    no-shows are not rated (no game was played). `--by race` keeps one rating per
    race a player played.

    Exit codes: 0 the ratings; 2 there is no archive, or it cannot be read.

    Examples: `armylist archive ratings`, `armylist archive ratings --by race
    --format json`.
    """
    request = RatingsRequest(by is By.RACE, archive_path(archive), output)
    try:
        ratings = archive_ratings(request.archive, by_race=request.by_race)
    except ArchiveError as error:
        fail(error.message)
    sys.stdout.write(render(ratings, request, terminal()))
    players = len(ratings.ratings) or len(
        {(r.player, r.id) for rows in ratings.races.values() for r in rows}
    )
    typer.echo(
        ngettext(
            "{archive}: {count} player rated",
            "{archive}: {count} players rated",
            players,
        ).format(archive=request.archive, count=people(players)),
        err=True,
    )
