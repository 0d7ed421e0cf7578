"""`event pair`: the Swiss pairings of the next round."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.event import EventFile, event_app, event_or_exit
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.options import DataOption, choice, whole_number
from armylist.cli.stream import terminal
from armylist.event.model import Event
from armylist.files import reading, safewrite
from armylist.files.reading import UnusableFile
from armylist.findings import EXIT_INVALID, Refused
from armylist.gamedata.catalog import Catalog
from armylist.organiser.eventgames import game_vp
from armylist.organiser.pairing import PairingError, Pairings, append_pairings, pair
from armylist.organiser.slips import player_factions
from armylist.reporters import PairingsFormat, render_pairings
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people
from armylist.text.visible import visible

RoundNumberOption = Annotated[
    int,
    typer.Option(
        "--round", "-r", help=N_("The round to pair."), **whole_number(minimum=1)
    ),
]
SeedOption = Annotated[
    int | None,
    typer.Option(
        "--seed",
        help=N_(
            "The seed of round 1's random pairings (and of ties later); by "
            "default one made from the event, so a second run pairs the same."
        ),
        **whole_number(),
    ),
]
PairingsOption = Annotated[
    PairingsFormat,
    typer.Option(
        "--format",
        help=N_("text, json, csv, markdown or html (a board to show)."),
        metavar="FORMAT",
        **choice(PairingsFormat, N_("a pairings format")),
    ),
]
AllowSameClubOption = Annotated[
    bool,
    typer.Option(
        "--allow-same-club",
        help=N_(
            "Pair team-mates and club-mates (`team:`, `club:`) as any other players."
        ),
    ),
]
WriteOption = Annotated[
    bool,
    typer.Option(
        "--write",
        "-o",
        help=N_("Append the pairings to the event file's results, to fill in."),
    ),
]


@event_app.command("pair")
def pair_command(
    file: EventFile,
    round_number: RoundNumberOption,
    seed: SeedOption = None,
    write: WriteOption = False,
    allow_same_club: AllowSameClubOption = False,
    output: PairingsOption = PairingsFormat.TEXT,
    data: DataOption = None,
) -> None:
    """The Swiss pairings of the next round (the Organised Play guide, §8).

    Round 1 is random from a seed. Later rounds pair players of equal or nearest Match
    Points and never pair two players twice when any pairing avoids it; the bye goes
    to a player without one, from the lowest bracket; a spare Head Judge plays when
    the players are odd. Every pairing that breaks a rule says why.

    Round 1 never pairs two players of one team or club (`team:`, `club:`) when a
    pairing without it exists; later rounds keep them apart when it costs no repeat
    and no wider Match Point gap (`--allow-same-club`: no such rule). A player with
    `paid: false` or `checked_in: false` sits out round 1. `--write` appends the
    round as a draft: check it (pairing it again replaces it), then publish it with
    `event publish`.

    `--format markdown` gives a table to publish; `--format csv` one row per table
    (`round,table,red,blue`; the bye is the row whose table is `bye`); `--format
    html` a board for a projector or the wall, with each player's faction.

    Exit codes: 0 paired; 2 the event file cannot be used, the round is not the next
    one, or an earlier round is a draft or still lacks a result (each table named).

    Examples: `armylist event pair event.yaml --round 1`, `armylist event pair
    event.yaml --round 2 -o`, `armylist event pair event.yaml --round 2 --format
    markdown`, `armylist event pair event.yaml --round 2 --format html > board.html`.
    """

    catalog = catalog_or_exit(data)
    event = event_or_exit(file, catalog)
    try:
        pairings = pair(
            event,
            round_number,
            game_vp(file, event, catalog),
            seed,
            allow_same_club=allow_same_club,
        )
    except PairingError as error:
        fail("\n".join(f"{file}: {line}" for line in str(error).splitlines()))
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    if write:
        _append(file, pairings)
    _show(file, event, catalog, pairings, output, write)


def _show(
    file: Path,
    event: Event,
    catalog: Catalog,
    pairings: Pairings,
    output: PairingsFormat,
    written: bool,
) -> None:
    """The pairings on stdout; the notes (when the format has no room for them) and a
    summary on stderr."""
    board = (
        player_factions(file, event, catalog) if output is PairingsFormat.HTML else {}
    )
    sys.stdout.write(
        render_pairings(
            pairings, output, terminal(), factions=board, event=event.name or file.stem
        )
    )
    if output in (PairingsFormat.CSV, PairingsFormat.HTML):
        # A CSV row has no room for them, and the board is for the players: why a
        # pairing breaks a rule goes to the organiser, on stderr.
        for note in pairings.notes:
            typer.echo(visible(f"- {note}"), err=True)
    tables = len(pairings.pairings)
    summary = ngettext(
        "{file}: round {round}: {count} table",
        "{file}: round {round}: {count} tables",
        tables,
    ).format(file=file, round=pairings.round, count=people(tables))
    if pairings.bye is not None:
        summary += _(", bye {player}").format(player=pairings.bye)
    if written:
        summary += _("; appended to the event file's results")
    typer.echo(summary, err=True)


def _append(file: Path, pairings: Pairings) -> None:
    """Write the pairings into the event file, never over a change made meanwhile."""

    try:
        before = reading.read_list_file(file)
        text = append_pairings(before.text.replace("\r\n", "\n"), pairings)
        # Compared with what was read under a lock just before the rename.
        safewrite.write_text(file, before.as_written(text), expected=before.digest)
    except safewrite.FileChanged:
        fail(
            _("{file} changed while pairing: run the command again").format(file=file),
            EXIT_INVALID,
        )
    except (UnusableFile, OSError) as error:
        fail(_("cannot write {file}: {error}").format(file=file, error=error))
