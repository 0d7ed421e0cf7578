"""Running an event: `event standings` (MP, TP, SoS, oTP) and `event pair` (the next
round's Swiss pairings), from the event file's `players:`, `results:` and `drops:`."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from armylist.cli.app import App, app
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.options import DataOption, choice, whole_number
from armylist.cli.stream import terminal
from armylist.findings import EXIT_INVALID
from armylist.organiser.slips import player_factions
from armylist.reporters import PairingsFormat, StandingsFormat
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people

if TYPE_CHECKING:
    from armylist.event.model import Event
    from armylist.event.play import ResultEntry
    from armylist.gamedata.catalog import Catalog
    from armylist.organiser.pairing import Pairings

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


def _event(file: Path, catalog: Catalog) -> Event:
    from armylist.event.reader import EventError, load_event

    try:
        return load_event(file, catalog)
    except EventError as error:
        fail(str(error))


def _game_vp(file: Path, event: Event, catalog: Catalog) -> dict[str, tuple[int, int]]:
    """The final VP of every finished game record the results name, or exit 2."""
    from armylist.findings import Refused
    from armylist.organiser.standings import band_scale
    from armylist.scoring.files import open_game
    from armylist.scoring.record import RecordError
    from armylist.scoring.score import score

    scale = band_scale(event)
    found: dict[str, tuple[int, int]] = {}
    # One record is one game: the result that names it first (`./a.yaml` is `a.yaml`;
    # the same record under another name is refused below by its players).
    owner: dict[str, ResultEntry] = {}
    for entry in event.results:
        if entry.game is None:
            continue
        where = _("{file}:{line}: round {round}: {game}").format(
            file=file, line=entry.line, round=entry.round, game=entry.game
        )
        key = os.path.normpath(entry.game.replace("\\", "/"))
        first = owner.setdefault(key, entry)
        if first is not entry:
            fail(
                _(
                    "{where}: this record is the game of {red} and {blue} (round "
                    "{round}, line {line}): one record is one game; give this "
                    "game its own record, or its final VP with `vp: [red, blue]`"
                ).format(
                    where=where,
                    red=first.red,
                    blue=first.blue,
                    round=first.round,
                    line=first.line,
                )
            )
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
                _(
                    "{where}: the game is not finished ({red}-{blue} so far): finish "
                    "it with `armylist game play`, or give `vp: [red, blue]` instead"
                ).format(where=where, red=result.vp.red, blue=result.vp.blue)
            )
        if game.record.scale != scale:
            fail(
                _(
                    "{where}: a {game} game in a {event} event (the event file's "
                    "`scale:`, Standard when not given)"
                ).format(where=where, game=game.record.scale, event=scale)
            )
        players = game.record.players
        for side, name in (("red", players.red.name), ("blue", players.blue.name)):
            wanted = entry.red if side == "red" else entry.blue
            if name is not None and name != wanted:
                fail(
                    (
                        _(
                            "{where}: the record's red player is {name}, the "
                            "result's is {wanted}: swap red and blue, or fix the "
                            "record"
                        )
                        if side == "red"
                        else _(
                            "{where}: the record's blue player is {name}, the "
                            "result's is {wanted}: swap red and blue, or fix the "
                            "record"
                        )
                    ).format(where=where, name=name, wanted=wanted)
                )
        found[entry.game] = (result.vp.red, result.vp.blue)
    return found


def _races(file: Path, event: Event, catalog: Catalog) -> dict[str, str | None]:
    """Each player's race, from their rosters (None when they disagree or say none)."""
    from armylist.engine import open_list
    from armylist.findings import Refused
    from armylist.organiser.submissions import roster_paths

    races: dict[str, str | None] = {}
    for player in event.players or ():
        seen = set()
        # a missing roster is refused below, naming its player
        for path in roster_paths(file, player.rosters, must_exist=False):
            roster = path.relative_to(file.parent).as_posix()
            try:
                seen.add(open_list(path, catalog, label=roster).result.race)
            except Refused as refused:
                fail(
                    _("{file}: {player}'s roster: {message}").format(
                        file=file, player=player.name, message=refused.message
                    )
                )
        races[player.name] = seen.pop() if len(seen) == 1 else None
    return races


PairingsOption = Annotated[
    PairingsFormat,
    typer.Option(
        "--format",
        help=N_("text, json, csv, markdown or html (a board to show)."),
        metavar="FORMAT",
        **choice(PairingsFormat, N_("a pairings format")),
    ),
]
StandingsOption = Annotated[
    StandingsFormat,
    typer.Option(
        "--format",
        help=N_("text, json, csv or markdown."),
        metavar="FORMAT",
        **choice(StandingsFormat, "a standings format"),
    ),
]


@event_app.command("standings")
def standings_command(
    file: EventFile,
    output: StandingsOption = StandingsFormat.TEXT,
    after_round: Annotated[
        int | None,
        typer.Option(
            "--round",
            "-r",
            help=N_(
                "The standings as they stood after this round (by default after "
                "the last round with a result)."
            ),
            **whole_number(minimum=1),
        ),
    ] = None,
    data: DataOption = None,
) -> None:
    """The standings of an event: Match Points, then Tournament Points, then Strength
    of Schedule, then opponents' TP (the Organised Play guide, §6-7).

    A tie on all four is a shared place (`=2`); SoS and oTP show four decimals but
    compare as exact fractions. A game's points come from its final VP (`vp:`, or the
    `game:` record); a bye, a concession, a no-show and a Game Loss score as the guide
    says. A spare Head Judge has no place.

    `--round N` shows them as they stood after round N: the later rounds' results
    and drops left out.

    Exit codes: 0 the standings; 2 the event file or a game record it names cannot be
    used (the message names its line), or `--round` names a round with no result yet.

    Examples: `armylist event standings event.yaml`, `armylist event standings
    event.yaml --format json`, `armylist event standings event.yaml --round 2`.
    """
    from armylist.organiser.standings import as_of, last_round, standings
    from armylist.reporters import render_standings

    catalog = catalog_or_exit(data)
    event = _event(file, catalog)
    if after_round is not None:
        if not any(e.round == after_round and not e.pending for e in event.results):
            fail(
                _(
                    "{file}: round {round} has no result yet (the last round with a "
                    "result is {last})"
                ).format(file=file, round=after_round, last=last_round(event))
            )
        event = as_of(event, after_round)
    table = standings(
        event,
        event.name or file.stem,
        _game_vp(file, event, catalog),
        _races(file, event, catalog),
    )
    sys.stdout.write(render_standings(table, output, terminal()))
    players = len(table.rows)
    summary = ngettext(
        "{file}: {count} player after round {round}",
        "{file}: {count} players after round {round}",
        players,
    ).format(file=file, count=people(players), round=table.after_round)
    if table.pending:
        summary += ngettext(
            "; {count} pairing without a result yet",
            "; {count} pairings without a result yet",
            table.pending,
        ).format(count=people(table.pending))
    typer.echo(summary, err=True)


@event_app.command("pair")
def pair_command(
    file: EventFile,
    round_number: Annotated[
        int,
        typer.Option(
            "--round", "-r", help=N_("The round to pair."), **whole_number(minimum=1)
        ),
    ],
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help=N_(
                "The seed of round 1's random pairings (and of ties later); by "
                "default one made from the event, so a second run pairs the same."
            ),
            **whole_number(),
        ),
    ] = None,
    write: Annotated[
        bool,
        typer.Option(
            "--write",
            "-o",
            help=N_("Append the pairings to the event file's results, to fill in."),
        ),
    ] = False,
    output: PairingsOption = PairingsFormat.TEXT,
    data: DataOption = None,
) -> None:
    """The Swiss pairings of the next round (the Organised Play guide, §8).

    Round 1 is random from a seed. Later rounds pair players of equal or nearest Match
    Points and never pair two players twice when any pairing avoids it; the bye goes
    to a player without one, from the lowest bracket; a spare Head Judge plays when
    the players are odd. Every pairing that breaks a rule says why.

    `--format markdown` gives a table to publish; `--format csv` one row per table
    (`round,table,red,blue`; the bye is the row whose table is `bye`); `--format
    html` a board for a projector or the wall, with each player's faction.

    Exit codes: 0 paired; 2 the event file cannot be used, the round is not the next
    one, or an earlier round still lacks a result.

    Examples: `armylist event pair event.yaml --round 1`, `armylist event pair
    event.yaml --round 2 -o`, `armylist event pair event.yaml --round 2 --format
    markdown`, `armylist event pair event.yaml --round 2 --format html > board.html`.
    """
    from armylist.organiser.pairing import PairingError, pair
    from armylist.reporters import render_pairings
    from armylist.text.visible import visible

    catalog = catalog_or_exit(data)
    event = _event(file, catalog)
    try:
        pairings = pair(event, round_number, _game_vp(file, event, catalog), seed)
    except PairingError as error:
        fail(f"{file}: {error}")
    if write:
        _append(file, pairings)
    board = (
        player_factions(file, event, catalog) if output is PairingsFormat.HTML else {}
    )
    name = event.name or file.stem
    sys.stdout.write(
        render_pairings(pairings, output, terminal(), factions=board, event=name)
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
    ).format(file=file, round=round_number, count=people(tables))
    if pairings.bye is not None:
        summary += _(", bye {player}").format(player=pairings.bye)
    if write:
        summary += _("; appended to the event file's results")
    typer.echo(summary, err=True)


def _append(file: Path, pairings: Pairings) -> None:
    """Write the pairings into the event file, never over a change made meanwhile."""
    from armylist.files import safewrite
    from armylist.files.reading import UnusableFile, read_list_file
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
        fail(
            _("{file} changed while pairing: run the command again").format(file=file),
            EXIT_INVALID,
        )
    except (UnusableFile, OSError) as error:
        fail(_("cannot write {file}: {error}").format(file=file, error=error))


@event_app.command("lock")
def lock_command(file: EventFile, data: DataOption = None) -> None:
    """Lock every player's rosters: write their fingerprints into the event file's
    `locked:` and keep a copy of each beside it, in `EVENT.locked/` (the Organised
    Play guide, §4).

    Every form armylist reads can be locked (YAML, .ros, .rosz, JSON exports, SCT1
    codes). `validate --event` then reports a roster changed since (AL706
    `roster-changed`), with what changed. Lock again after a judge approves a
    correction: the copy it replaces is kept as `ROSTER.v1.lock`, `ROSTER.v2.lock`,
    and so on. A roster illegal under the event's rules is locked and named, with
    its error count. All or nothing: when a roster cannot be read, nothing is written.

    Exit codes: 0 locked (illegal rosters too); 2 the event file cannot be used, it
    names a roster that does not exist or cannot be read as a list, or it cannot be
    written.

    Examples: `armylist event lock event.yaml`.
    """
    from armylist.files.reading import UnusableFile
    from armylist.findings import Refused
    from armylist.organiser.lock import lock
    from armylist.organiser.submissions import SubmissionError
    from armylist.text.visible import visible

    catalog = catalog_or_exit(data)
    event = _event(file, catalog)
    if not event.players or not any(p.rosters for p in event.players):
        fail(
            _("{file}: no player names a roster (`players:` with `rosters:`)").format(
                file=file
            )
        )
    try:
        locked = lock(file, event, catalog)
    except SubmissionError as error:
        fail(str(error))
    except Refused as refused:
        fail(
            _("{file}: nothing was locked: {message}").format(
                file=file, message=refused.message
            ),
            refused.exit_code,
        )
    except UnusableFile as error:
        fail(error.message)
    except OSError as error:
        fail(_("cannot write {file}: {error}").format(file=file, error=error))
    for entry in locked:
        notes = []
        if entry.changed and entry.kept is not None:
            notes.append(
                _(
                    "changed since the last lock; the earlier version kept as {copy}"
                ).format(copy=entry.kept)
            )
        elif entry.changed:
            notes.append(_("changed since the last lock"))
        elif entry.kept is not None:
            notes.append(
                _(
                    "edited since the last lock; the earlier version kept as {copy}"
                ).format(copy=entry.kept)
            )
        if entry.errors:
            notes.append(
                ngettext(
                    "illegal, {count} error: see `armylist validate {roster} --event "
                    "{file}`",
                    "illegal, {count} errors: see `armylist validate {roster} --event "
                    "{file}`",
                    entry.errors,
                ).format(
                    count=people(entry.errors),
                    roster=file.parent / entry.roster,
                    file=file,
                )
            )
        note = "  (" + "; ".join(notes) + ")" if notes else ""
        typer.echo(visible(f"{entry.fingerprint}  {entry.roster}{note}"))
    summary = ngettext(
        "{file}: {count} roster locked",
        "{file}: {count} rosters locked",
        len(locked),
    ).format(file=file, count=people(len(locked)))
    illegal = sum(1 for entry in locked if entry.errors)
    if illegal:
        summary += ngettext(
            ", {count} of them illegal",
            ", {count} of them illegal",
            illegal,
        ).format(count=people(illegal))
    typer.echo(summary, err=True)


# The subcommands in modules of their own register on `event_app` when imported.
from armylist.cli import event_clock, event_slips  # noqa: E402,F401
