"""`game`: scoring a game round by round (§8.9-8.10); the group, and what its
commands share: the record opened and scored, or the exit that says why not."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, NoReturn

import typer

from armylist.cli.exits import fail
from armylist.cli.frame import App, app
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.reporters.scoreboard import Scoreboard
from armylist.scoring.files import open_game
from armylist.scoring.progress import pending_round
from armylist.scoring.record import Game, RecordError, opponent
from armylist.scoring.score import score
from armylist.scoring.scored import GameScore
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people

game_app = App(
    help=N_(
        "Score a game round by round (§8.9-8.10): a record ready to fill, the "
        "questions at the table, the scoreboard."
    ),
    no_args_is_help=True,
)
app.add_typer(game_app, name="game")

GameFile = Annotated[
    Path, typer.Argument(help=N_("The game record (YAML, format v1)."), dir_okay=False)
]
EXIT_INTERRUPTED = 1  # the input ended before the game did; every answer is saved


def record_error(file: Path, error: RecordError) -> NoReturn:
    """Exit 2 naming the record's line where it cannot be read or scored."""
    where = f"{file}:{error.line}" if error.line else str(file)
    fail(f"{where}: {error.message}")


def open_or_exit(file: Path, catalog: Catalog, allow_outside: bool = False) -> Game:
    """The game file with both lists when given, or exit (2; a list's own code)."""

    try:
        return open_game(file, catalog, allow_outside=allow_outside)
    except RecordError as error:
        record_error(file, error)
    except Refused as refused:
        fail(refused.message, refused.exit_code)


def score_or_exit(file: Path, game: Game) -> GameScore:
    """The game scored, or exit 2 naming the line that cannot be scored."""

    try:
        return score(game)
    except RecordError as error:
        record_error(file, error)


def board_of(game: Game, scored: GameScore) -> Scoreboard:
    """The scoreboard of a game as scored: its players, and the round in progress."""

    pending = pending_round(game.record)
    players = game.record.players
    return Scoreboard(
        scored,
        red=players.red.name,
        blue=players.blue.name,
        show_pool=game.armies is not None,
        in_progress=pending.round if pending else None,
    )


def outcome(board: Scoreboard) -> str:
    """`Blue (Bob) wins 10-8`, `a draw 18-18`, or the score so far."""

    result = board.scored.result
    if result.ended_after_round is None:
        return _("Red {red}, Blue {blue} so far").format(
            red=result.vp.red, blue=result.vp.blue
        )
    if result.winner is None:
        return _("a draw {red}-{blue}").format(red=result.vp.red, blue=result.vp.blue)
    return _("{winner} wins {high}-{low}").format(
        winner=board.label(result.winner),
        high=result.vp.of(result.winner),
        low=result.vp.of(opponent(result.winner)),
    )


def summary(file: Path, board: Scoreboard, catalog: Catalog) -> str:
    """The one-line summary of a scored game, for stderr."""
    scored = board.scored
    count = len(scored.rounds)
    return ngettext(
        "{file}: {mission} ({scale}), {count} round scored: {outcome}",
        "{file}: {mission} ({scale}), {count} rounds scored: {outcome}",
        count,
    ).format(
        file=file,
        mission=scored.mission,
        scale=catalog.scale_name(scored.scale),
        count=people(count),
        outcome=outcome(board),
    )
