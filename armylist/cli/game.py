"""Scoring a game: `game score` (the scoreboard), `game new` (a record ready to fill)
and `game play` (the table tool that asks each round's questions and saves every
answer)."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from armylist.cli import EXIT_CTRL_C
from armylist.cli.app import App, app
from armylist.cli.exits import catalog_or_exit, fail, scale_or_exit
from armylist.cli.options import AllowOutsideOption, DataOption, ViewOption
from armylist.cli.stream import terminal
from armylist.files import paths, safewrite
from armylist.findings import EXIT_INVALID, Refused
from armylist.reporters import ViewFormat
from armylist.scoring.newgame import GameRequest
from armylist.scoring.newrecord import NewRecord, new_record, record_lists
from armylist.text import i18n
from armylist.text.i18n import N_, _, ngettext, os_reason
from armylist.text.numbers import people
from armylist.text.visible import visible

if TYPE_CHECKING:
    from armylist.gamedata.catalog import Catalog
    from armylist.reporters.scoreboard import Scoreboard
    from armylist.scoring.play import Question
    from armylist.scoring.progress import Answers
    from armylist.scoring.record import Game, RecordError
    from armylist.scoring.scored import GameScore

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


def _record_error(file: Path, error: RecordError) -> NoReturn:
    where = f"{file}:{error.line}" if error.line else str(file)
    fail(f"{where}: {error.message}")


def _open(file: Path, catalog: Catalog, allow_outside: bool = False) -> Game:
    """The game file with both lists when given, or exit (2; a list's own code)."""
    from armylist.scoring.files import open_game
    from armylist.scoring.record import RecordError

    try:
        return open_game(file, catalog, allow_outside=allow_outside)
    except RecordError as error:
        _record_error(file, error)
    except Refused as refused:
        fail(refused.message, refused.exit_code)


def _score(file: Path, game: Game) -> GameScore:
    from armylist.scoring.record import RecordError
    from armylist.scoring.score import score

    try:
        return score(game)
    except RecordError as error:
        _record_error(file, error)


def _board(game: Game, scored: GameScore) -> Scoreboard:
    from armylist.reporters.scoreboard import Scoreboard
    from armylist.scoring.progress import pending_round

    pending = pending_round(game.record)
    players = game.record.players
    return Scoreboard(
        scored,
        red=players.red.name,
        blue=players.blue.name,
        show_pool=game.armies is not None,
        in_progress=pending.round if pending else None,
    )


def _outcome(board: Scoreboard) -> str:
    """`Blue (Bob) wins 10-8`, `a draw 18-18`, or the score so far."""
    from armylist.scoring.record import opponent

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


def _summary(file: Path, board: Scoreboard, catalog: Catalog) -> str:
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
        outcome=_outcome(board),
    )


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
    from armylist.reporters import scoreboard

    catalog = catalog_or_exit(data)
    game = _open(file, catalog, allow_outside)
    board = _board(game, _score(file, game))
    sys.stdout.write(scoreboard.render(board, output, terminal()))
    typer.echo(_summary(file, board, catalog), err=True)


NameOption = Annotated[
    str | None,
    typer.Option(
        metavar="NAME",
        help=N_("The player's name. Default: the `player:` of their list."),
    ),
]


@game_app.command("new")
def new_command(
    mission: Annotated[
        str,
        typer.Option(
            "--mission",
            "-m",
            metavar="MISSION",
            help=N_(
                "The Mission Card, by name or id: 'Supply Drop', "
                "hold-position-standard."
            ),
        ),
    ],
    scale: Annotated[
        str | None,
        typer.Option(
            "--scale",
            metavar="SCALE",
            help=N_(
                "skirmish, standard or grand-offensive. Default: the lists' scale; "
                "without lists, the scale of a mission given by id, else standard."
            ),
        ),
    ] = None,
    lists: Annotated[
        list[Path] | None,
        typer.Option(
            "--list",
            metavar="LIST.yaml",
            help=N_(
                "A player's army list: give it twice (Red's, then Blue's) or not "
                "at all. With both, units lost are entered as Marine:3."
            ),
            dir_okay=False,
        ),
    ] = None,
    red_name: NameOption = None,
    blue_name: NameOption = None,
    deployment: Annotated[
        str | None,
        typer.Option(
            "--deployment",
            metavar="CARD",
            help=N_("The Deployment Card, by name or id: 'Dirt Side', gauntlet."),
        ),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help=N_(
                "The game file to write (never overwritten). Default (or `-`): "
                "print the record."
            ),
        ),
    ] = None,
    data: DataOption = None,
    allow_outside: AllowOutsideOption = False,
) -> None:
    """Write a game record ready to fill, for `game play` or by hand.

    With both lists the game takes their scale (lists of two scales, or a --scale or
    a mission of another scale, are refused) and their `player:` names, else the
    file names, as `draft` names the players (--red-name/--blue-name win). List paths are written relative to the game
    file's folder (with no -o, to the current folder), as `game score` reads them.
    Red holds the First Player Marker in round 1 unless the file says otherwise.

    Exit codes: 0 written; 1 a list cannot be read; 2 usage error (unknown mission,
    scale or deployment, lists of two scales, a scale or a card that contradicts
    them, one list only, the file exists).

    Examples: `armylist game new -m "Supply Drop" --scale skirmish -o game.yaml`,
    `armylist game new -m "Hold Position" --list alice.yaml --list bob.yaml
    --deployment Gauntlet -o game.yaml`.
    """
    catalog = catalog_or_exit(data)
    try:
        given = record_lists(lists or [])
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    target = None if output in (None, "-") else Path(output)
    request = GameRequest(
        mission=mission,
        scale=None if scale is None else scale_or_exit(catalog, scale).id,
        lists=given,
        folder=paths.resolved(target.parent if target is not None else Path()),
        allow_outside=allow_outside,
        red_name=red_name,
        blue_name=blue_name,
        deployment=deployment,
    )
    try:
        record = new_record(request, catalog)
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    what = _new_game(record, catalog)
    if target is None:
        sys.stdout.write(record.text)
        typer.echo(what, err=True)
        return
    _write_new(target, record.text)
    typer.echo(
        _(
            "wrote {target}: {what}; `armylist game play {target}` asks each round's "
            "questions"
        ).format(target=target, what=what),
        err=True,
    )


def _new_game(record: NewRecord, catalog: Catalog) -> str:
    """What game a new record sets up, in a sentence."""
    facts = {
        "mission": record.mission.name,
        "scale": catalog.scale_name(record.scale),
        "rounds": record.mission.game_length,
        "deployment": record.deployment,
    }
    return (
        _("a game of {mission} ({scale}), {rounds} rounds, on {deployment}")
        if record.deployment
        else _("a game of {mission} ({scale}), {rounds} rounds")
    ).format(**facts)


def _write_new(target: Path, text: str) -> None:
    """Write a new game file, never over another: exit 2 when it exists."""
    try:
        safewrite.write_text(target, text, overwrite=False)
    except safewrite.TargetExists:
        fail(
            _(
                "{target} exists; `game new` never overwrites a file: choose another "
                "name"
            ).format(target=target)
        )
    except OSError as error:
        fail(
            _("cannot write {target}: {reason}").format(
                target=target, reason=os_reason(error)
            )
        )


class _Quit(Exception):
    """The player typed q: every answer is already saved."""


UNDO = "u"  # at any question: take back the last answer
UNDO_ES = "d"  # "deshacer", in Spanish (u works too)
YES = ("y", "yes")
YES_ES = ("s", "si", "sí")


def _undo_key() -> str:
    """The answer that takes back the last one, as the prompt shows it."""
    return UNDO_ES if i18n.current() == i18n.SPANISH else UNDO


def _is_undo(text: str) -> bool:
    return text.strip().casefold() in (UNDO, _undo_key())


def _prompt(text: str) -> str:
    """One line typed at the terminal; raises EOFError, KeyboardInterrupt or _Quit."""
    # At a terminal input() writes its prompt past sys.stdout (readline): the players'
    # names in it are made visible here.
    answer = input(visible(text))
    if not sys.stdin.isatty():
        # A terminal echoes what is typed; answers from a pipe would leave every
        # question on one line.
        typer.echo(answer)
    if answer.strip().casefold() == "q":
        raise _Quit
    return answer


def _ask(question: Question, game: Game) -> str:
    """One question at the terminal; raises EOFError, KeyboardInterrupt or _Quit."""
    from armylist.scoring.play import BOTH

    hint = ""
    if question.kind in ("side", "wiped_out"):
        labels = [_(BOTH) if c == "both" else _label(game, c) for c in question.choices]
        hint = " [" + ", ".join(f"{i} {n}" for i, n in enumerate(labels, 1)) + "]"
        if question.optional:
            hint += _(" (Enter: nobody)")
    elif question.kind == "marker":
        hint = f" [{', '.join(question.choices)}]"
    return _prompt(f"  {question.prompt}{hint}: ")


def _label(game: Game, side: str) -> str:
    from armylist.scoring.play import labelled

    return labelled(side, getattr(game.record.players, side).name)


def _save(file: Path, game: Game) -> Game:
    """Save the record over the file as last read or saved: the game with its digest."""
    from armylist.scoring.files import save_game

    try:
        written = save_game(file, game.record, expected=game.digest or None)
    except safewrite.FileChanged as changed:
        fail(changed.message, EXIT_INVALID)
    except OSError as error:
        fail(
            _("cannot save {file}: {reason}").format(file=file, reason=os_reason(error))
        )
    return dataclasses.replace(game, digest=written)


def _check_saved(file: Path, game: Game, answers: Answers) -> None:
    """The answers saved in the round in progress can be scored, or exit 2: one that
    cannot would otherwise be the reason to refuse every later answer."""
    from armylist.scoring.progress import check_answers

    try:
        check_answers(game, answers)
    except ValueError as refused:
        fail(f"{file}: {refused}")


def _undo(file: Path, game: Game) -> Game:
    """Take back the last answer, saved at once; the game as saved."""
    from armylist.scoring.progress import undo_last

    undone = undo_last(game)
    if undone is None:
        typer.echo(_("  nothing to undo: no answer is saved yet"))
        return game
    answer = undone.answer
    # An empty answer is no player for a question about players, else no Supply.
    nobody = undone.question.kind in ("wiped_out", "side")
    was = (
        (_("nobody") if nobody else _("none"))
        if answer is None
        else _label(game, answer)
        if answer in ("red", "blue")
        else str(answer)
    )
    typer.echo(
        _("  undone: {question} (was: {was})").format(
            question=undone.question.prompt, was=was
        )
    )
    return _save(file, dataclasses.replace(game, record=undone.record))


def _confirmed(board: Scoreboard) -> bool:
    """Ask before an answer that ends the game; y ends it, anything else does not."""
    result = board.scored.result
    text = _prompt(
        _(
            "  This answer ends the game: {outcome} after round {round} ({reason}). "
            "End the game? [y/N]: "
        ).format(
            outcome=_outcome(board),
            round=result.ended_after_round,
            reason=result.reason,
        )
    )
    yes = YES + YES_ES if i18n.current() == i18n.SPANISH else YES
    return text.strip().casefold() in yes


def _roll_off(file: Path, base: Game, question: Question) -> Game | None:
    """Ask the initiative roll-off until answered; None: the player typed u."""
    from armylist.scoring.play import set_roll_off
    from armylist.scoring.progress import read_answer

    while True:
        text = _ask(question, base)
        if _is_undo(text):
            return None
        try:
            winner = read_answer(base, question, text)
        except ValueError as refused:
            typer.echo(_("  refused: {reason}; try again").format(reason=refused))
            continue
        assert winner in ("red", "blue")
        return _save(
            file, dataclasses.replace(base, record=set_roll_off(base.record, winner))
        )


def _play(file: Path, game: Game) -> None:
    """Ask round after round until the game ends; save after every answer (and every
    undo)."""
    from armylist.reporters import scoreboard
    from armylist.scoring import progress
    from armylist.scoring.play import next_questions, roll_off_question

    if game.record.rounds:
        board = _board(game, _score(file, progress.settled(game)))
        typer.echo(scoreboard.render_result(board, terminal()), nl=False)
    shown: int | None = None  # the round whose heading was last shown
    while True:
        base = progress.settled(game)
        scored = _score(file, base)
        if scored.result.ended_after_round is not None:
            return
        roll_off = roll_off_question(base, scored)
        if roll_off is not None:
            rolled = _roll_off(file, base, roll_off)
            game = _undo(file, game) if rolled is None else rolled
            continue
        questions = next_questions(base, scored)
        number = len(scored.rounds) + 1
        answers = progress.answers_given(game.record, questions)
        if shown != number:
            shown = number
            typer.echo(
                _(
                    "\nRound {number} of {rounds}: after its Scoring Phase. Enter: "
                    "none; {undo}: undo the last answer; q: save and quit."
                ).format(
                    number=number, rounds=game.mission.game_length, undo=_undo_key()
                )
            )
            if answers:
                _check_saved(file, game, answers)
                typer.echo(
                    ngettext(
                        "Resuming round {number}: {count} answer saved.",
                        "Resuming round {number}: {count} answers saved.",
                        len(answers),
                    ).format(number=number, count=people(len(answers)))
                )
        left = [q for q in questions if q.path not in answers]
        confirm = bool(left)
        if not left:
            # Every answer was already in the file (written by hand): close the round.
            record = progress.finish_round(game.record, answers)
        else:
            question = left[0]
            text = _ask(question, game)
            if _is_undo(text):
                game = _undo(file, game)
                continue
            try:
                value = progress.read_answer(game, question, text)
                progress.check_answers(game, {**answers, question.path: value})
            except ValueError as refused:
                typer.echo(_("  refused: {reason}; try again").format(reason=refused))
                continue
            answers[question.path] = value
            if len(left) > 1:
                record = progress.with_answers(game.record, answers)
                game = _save(file, dataclasses.replace(game, record=record))
                continue
            # The last answer writes the round whole.
            record = progress.finish_round(game.record, answers)
        board = _board(game, _score(file, dataclasses.replace(game, record=record)))
        ends = board.scored.result.ended_after_round is not None
        if confirm and ends and not _confirmed(board):
            typer.echo(_("  not saved: the game goes on; answer again"))
            continue
        game = _save(file, dataclasses.replace(game, record=record))
        typer.echo("")
        sys.stdout.write(scoreboard.render_round(board, number, terminal()))


@game_app.command("play")
def play_command(
    file: GameFile, data: DataOption = None, allow_outside: AllowOutsideOption = False
) -> None:
    """Score a game at the table, round by round; every answer is saved at once.

    Asks each round only what its Mission Card needs, shows the score after each
    round and saves the file after every answer.

    Answer numbers, players by colour, name or number (1 Red, 2 Blue), Enter for
    none; a refused answer (one the game state makes impossible too: more Supply than
    the Supply Pool or the army allows, a unit not in the list) says why and is asked
    again. An answer that ends the game is confirmed first (y). u takes back the last
    answer, one at a time back to the first. q saves and quits; so do Ctrl-C and the
    end of the input: `game play` again shows the score so far and resumes at the
    question it stopped at (the round in progress is kept as `in_progress: true`).

    Exit codes: 0 the game is over, or q; 1 the input ended first (all saved) or a
    list cannot be read; 2 the record cannot be scored, no such file; 130 Ctrl-C.

    Examples: `armylist game new -m "Supply Drop" --scale skirmish -o game.yaml`
    then `armylist game play game.yaml`.
    """
    from armylist.reporters import scoreboard
    from armylist.scoring.progress import settled

    if (why := paths.unreachable(file)) is not None:
        fail(_("cannot read {file}: {reason}").format(file=file, reason=why))
    if not paths.is_file(file):
        fail(
            _(
                "no such game file: {file}; start one with `armylist game new "
                "--mission MISSION -o {file}`"
            ).format(file=file)
        )
    catalog = catalog_or_exit(data)
    game = _open(file, catalog, allow_outside)
    # Scored once as read, so that a record that cannot be scored names its line.
    _score(file, game)
    try:
        _play(file, game)
    except _Quit:
        typer.echo(
            _(
                "\nsaved {file}; `armylist game play {file}` resumes where it stopped"
            ).format(file=file)
        )
        return
    except EOFError:
        typer.echo(
            _(
                "\ninput ended: every answer is saved in {file}; `armylist game play "
                "{file}` resumes where it stopped"
            ).format(file=file)
        )
        raise typer.Exit(EXIT_INTERRUPTED) from None
    except KeyboardInterrupt:
        typer.echo(
            _(
                "\ninterrupted: every answer is saved in {file}; `armylist game play "
                "{file}` resumes where it stopped"
            ).format(file=file)
        )
        raise typer.Exit(EXIT_CTRL_C) from None
    game = _open(file, catalog, allow_outside)
    board = _board(game, _score(file, settled(game)))
    typer.echo(_("\nThe game is over."))
    sys.stdout.write(scoreboard.render(board, ViewFormat.TEXT, terminal()))
