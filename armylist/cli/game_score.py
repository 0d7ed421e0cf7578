"""`game score`: the scoreboard of a game record."""

from __future__ import annotations

import sys

import typer

from armylist.cli.exits import catalog_or_exit
from armylist.cli.game import (
    GameFile,
    board_of,
    game_app,
    open_or_exit,
    score_or_exit,
    summary,
)
from armylist.cli.options import AllowOutsideOption, DataOption, ViewOption
from armylist.cli.stream import terminal
from armylist.reporters import ViewFormat, scoreboard


@game_app.command("score")
def score_command(
    file: GameFile,
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
    allow_outside: AllowOutsideOption = False,
) -> None:
    """The scoreboard of a game record: markers, VP and why, result (§8.9-8.10).

    Per round: who holds each marker after the Scoring Phase, the VP gained and why,
    the running totals and the next First Player; then the winner or a draw, and why.

    Exit codes: 0 scored (an unfinished game scores its rounds so far); 1 a player's
    list cannot be read; 2 the record cannot be scored (the message names its line),
    no such file.

    Examples: `armylist game score game.yaml`, `armylist game score game.yaml
    --format json`.
    """
    catalog = catalog_or_exit(data)
    game = open_or_exit(file, catalog, allow_outside)
    board = board_of(game, score_or_exit(file, game))
    sys.stdout.write(scoreboard.render(board, output, terminal()))
    typer.echo(summary(file, board, catalog), err=True)
