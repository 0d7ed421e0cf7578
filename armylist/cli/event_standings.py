"""`event standings`: the standings of an event, now or after a round."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from armylist.cli.event import EventFile, StandingsOption, event_app, event_or_exit
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.options import DataOption, whole_number
from armylist.cli.stream import terminal
from armylist.findings import Refused
from armylist.organiser.eventgames import game_vp, player_races
from armylist.organiser.rounds import waiting
from armylist.organiser.standings import as_of, last_round, standings
from armylist.reporters import StandingsFormat, render_standings
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people

AfterRoundOption = Annotated[
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
]


@event_app.command("standings")
def standings_command(
    file: EventFile,
    output: StandingsOption = StandingsFormat.TEXT,
    after_round: AfterRoundOption = None,
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

    They wait for every round to be done: a draft round (paired, not yet published
    with `event publish`) and a table without its result are named, and nothing is
    shown; `--round N` waits only for rounds 1 to N.

    Exit codes: 0 the standings; 2 the event file or a game record it names cannot be
    used (the message names its line), `--round` names a round with no result yet, or
    a round is a draft or has a table without its result.

    Examples: `armylist event standings event.yaml`, `armylist event standings
    event.yaml --format json`, `armylist event standings event.yaml --round 2`.
    """

    catalog = catalog_or_exit(data)
    event = event_or_exit(file, catalog)
    unfinished = waiting(event, after_round)
    if unfinished:
        fail("\n".join(f"{file}: {problem}" for problem in unfinished))
    if after_round is not None:
        if not any(e.round == after_round and not e.pending for e in event.results):
            fail(
                _(
                    "{file}: round {round} has no result yet (the last round with a "
                    "result is {last})"
                ).format(file=file, round=after_round, last=last_round(event))
            )
        event = as_of(event, after_round)
    try:
        vp, races = game_vp(file, event, catalog), player_races(file, event, catalog)
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    table = standings(event, event.name or file.stem, vp, races)
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
