"""Running an event: `event standings` (MP, TP, SoS, oTP) and `event pair` (the next
round's Swiss pairings), from the event file's `players:`, `results:` and `drops:`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from armylist.cli.app import (
    App,
    DataOption,
    ViewOption,
    app,
    catalog_or_exit,
    choice,
    fail,
    terminal,
    whole_number,
)
from armylist.findings import EXIT_INVALID
from armylist.plain import plural
from armylist.reporters import StandingsFormat, ViewFormat

if TYPE_CHECKING:
    from armylist.event import Event
    from armylist.gamedata.catalog import Catalog
    from armylist.organiser.pairing import Pairings

event_app = App(
    help="Run an event: the standings and the next round's Swiss pairings, from the "
    "results in the event file.",
    no_args_is_help=True,
)
app.add_typer(event_app, name="event")

EventFile = Annotated[
    Path,
    typer.Argument(help="The event file (players:, results:, drops:).", dir_okay=False),
]


def _event(file: Path, catalog: Catalog) -> Event:
    from armylist.event import EventError, load_event

    try:
        return load_event(file, catalog)
    except EventError as error:
        fail(str(error))


def _game_vp(file: Path, event: Event, catalog: Catalog) -> dict[str, tuple[int, int]]:
    """The final VP of every finished game record the results name, or exit 2."""
    from armylist.checked import Refused
    from armylist.organiser.standings import band_scale
    from armylist.scoring.files import open_game
    from armylist.scoring.record import RecordError
    from armylist.scoring.score import score

    scale = band_scale(event)
    found: dict[str, tuple[int, int]] = {}
    for entry in event.results:
        if entry.game is None or entry.game in found:
            continue
        where = f"{file}:{entry.line}: round {entry.round}: {entry.game}"
        try:
            game = open_game(file.parent / entry.game, catalog)
            scored = score(game)
        except RecordError as error:
            fail(f"{where}: {error}")
        except Refused as refused:
            fail(f"{where}: {refused.message}")
        result = scored.result
        if result.ended_after_round is None:
            fail(
                f"{where}: the game is not finished ({result.vp.red}-"
                f"{result.vp.blue} so far): finish it with `armylist game play`, "
                "or give `vp: [red, blue]` instead"
            )
        if game.record.scale != scale:
            fail(
                f"{where}: a {game.record.scale} game in a {scale} event (the event "
                "file's `scale:`, Standard when not given)"
            )
        players = game.record.players
        for side, name in (("red", players.red.name), ("blue", players.blue.name)):
            wanted = entry.red if side == "red" else entry.blue
            if name is not None and name != wanted:
                fail(
                    f"{where}: the record's {side} player is {name}, the result's "
                    f"is {wanted}: swap red and blue, or fix the record"
                )
        found[entry.game] = (result.vp.red, result.vp.blue)
    return found


def _races(file: Path, event: Event, catalog: Catalog) -> dict[str, str | None]:
    """Each player's race, from their rosters (None when they disagree or say none)."""
    from armylist.checked import Refused, check_path

    races: dict[str, str | None] = {}
    for player in event.players or ():
        seen = set()
        for roster in player.rosters:
            try:
                seen.add(check_path(file.parent / roster, catalog, roster).result.race)
            except Refused as refused:
                fail(f"{file}: {player.name}'s roster: {refused.message}")
        races[player.name] = seen.pop() if len(seen) == 1 else None
    return races


StandingsOption = Annotated[
    StandingsFormat,
    typer.Option(
        "--format",
        help="text, json, csv or markdown.",
        metavar="FORMAT",
        **choice(StandingsFormat, "a standings format"),
    ),
]


@event_app.command("standings")
def standings_command(
    file: EventFile,
    output: StandingsOption = StandingsFormat.TEXT,
    data: DataOption = None,
) -> None:
    """The standings of an event: Match Points, then Tournament Points, then Strength
    of Schedule, then opponents' TP (ORGANISED-PLAY.md §6-7).

    A tie on all four is a shared place (`=2`); SoS and oTP show four decimals but
    compare as exact fractions. A game's points come from its final VP (`vp:`, or the
    `game:` record); a bye, a concession, a no-show and a Game Loss score as the guide
    says. A spare Head Judge has no place.

    Exit codes: 0 the standings; 2 the event file or a game record it names cannot be
    used (the message names its line).

    Examples: `armylist event standings event.yaml`, `armylist event standings
    event.yaml --format json`.
    """
    from armylist.organiser.standings import standings
    from armylist.reporters import render_standings

    catalog = catalog_or_exit(data)
    event = _event(file, catalog)
    table = standings(
        event,
        event.name or file.stem,
        _game_vp(file, event, catalog),
        _races(file, event, catalog),
    )
    sys.stdout.write(render_standings(table, output, terminal()))
    summary = (
        f"{file}: {plural(len(table.rows), 'player')} after round {table.after_round}"
    )
    if table.pending:
        summary += f"; {plural(table.pending, 'pairing')} without a result yet"
    typer.echo(summary, err=True)


@event_app.command("pair")
def pair_command(
    file: EventFile,
    round_number: Annotated[
        int,
        typer.Option(
            "--round", "-r", help="The round to pair.", **whole_number(minimum=1)
        ),
    ],
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="The seed of round 1's random pairings (and of ties later); by "
            "default one made from the event, so a second run pairs the same.",
            **whole_number(),
        ),
    ] = None,
    write: Annotated[
        bool,
        typer.Option(
            "--write",
            "-o",
            help="Append the pairings to the event file's results, to fill in.",
        ),
    ] = False,
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
) -> None:
    """The Swiss pairings of the next round (ORGANISED-PLAY.md §8).

    Round 1 is random from a seed. Later rounds pair players of equal or nearest Match
    Points and never pair two players twice when any pairing avoids it; the bye goes
    to a player without one, from the lowest bracket; a spare Head Judge plays when
    the players are odd. Every pairing that breaks a rule says why.

    Exit codes: 0 paired; 2 the event file cannot be used, the round is not the next
    one, or an earlier round still lacks a result.

    Examples: `armylist event pair event.yaml --round 1`, `armylist event pair
    event.yaml --round 2 -o`.
    """
    from armylist.organiser.pairing import PairingError, pair
    from armylist.reporters import render_pairings

    catalog = catalog_or_exit(data)
    event = _event(file, catalog)
    try:
        pairings = pair(event, round_number, _game_vp(file, event, catalog), seed)
    except PairingError as error:
        fail(f"{file}: {error}")
    if write:
        _append(file, pairings)
    sys.stdout.write(render_pairings(pairings, output, terminal()))
    summary = f"{file}: round {round_number}: {plural(len(pairings.pairings), 'table')}"
    if pairings.bye is not None:
        summary += f", bye {pairings.bye}"
    if write:
        summary += "; appended to the event file's results"
    typer.echo(summary, err=True)


def _append(file: Path, pairings: Pairings) -> None:
    """Write the pairings into the event file, never over a change made meanwhile."""
    from armylist import safewrite
    from armylist.listfile import UnusableFile, read_list_file
    from armylist.organiser.pairing import append_pairings

    try:
        before = read_list_file(file)
        text = append_pairings(before.text.replace("\r\n", "\n"), pairings)
        output = text.replace("\n", "\r\n") if before.crlf else text
        # Compared with what was read under a lock just before the rename.
        safewrite.write_text(
            file, ("\ufeff" if before.bom else "") + output, expected=before.digest
        )
    except safewrite.FileChanged:
        fail(f"{file} changed while pairing: run the command again", EXIT_INVALID)
    except (UnusableFile, OSError) as error:
        fail(f"cannot write {file}: {error}")
