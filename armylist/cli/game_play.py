"""`game play`: the table tool that asks each round's questions and saves every
answer at once."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import typer

from armylist.cli import EXIT_CTRL_C
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.game import (
    EXIT_INTERRUPTED,
    GameFile,
    board_of,
    game_app,
    open_or_exit,
    outcome,
    score_or_exit,
)
from armylist.cli.options import AllowOutsideOption, DataOption
from armylist.cli.stream import terminal
from armylist.files import paths, safewrite
from armylist.findings import EXIT_INVALID
from armylist.reporters import ViewFormat, scoreboard
from armylist.reporters.scoreboard import Scoreboard
from armylist.scoring import progress
from armylist.scoring.files import save_game
from armylist.scoring.play import (
    BOTH,
    Question,
    labelled,
    next_questions,
    roll_off_question,
    set_roll_off,
)
from armylist.scoring.progress import Answers, check_answers, settled, undo_last
from armylist.scoring.record import Game
from armylist.text import i18n
from armylist.text.i18n import _, ngettext, os_reason
from armylist.text.numbers import people
from armylist.text.visible import visible


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

    return labelled(side, getattr(game.record.players, side).name)


def _save(file: Path, game: Game) -> Game:
    """Save the record over the file as last read or saved: the game with its digest."""

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

    try:
        check_answers(game, answers)
    except ValueError as refused:
        fail(f"{file}: {refused}")


def _undo(file: Path, game: Game) -> Game:
    """Take back the last answer, saved at once; the game as saved."""

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
            outcome=outcome(board),
            round=result.ended_after_round,
            reason=result.reason,
        )
    )
    yes = YES + YES_ES if i18n.current() == i18n.SPANISH else YES
    return text.strip().casefold() in yes


def _roll_off(file: Path, base: Game, question: Question) -> Game | None:
    """Ask the initiative roll-off until answered; None: the player typed u."""

    while True:
        text = _ask(question, base)
        if _is_undo(text):
            return None
        try:
            winner = progress.read_answer(base, question, text)
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

    if game.record.rounds:
        board = board_of(game, score_or_exit(file, progress.settled(game)))
        typer.echo(scoreboard.render_result(board, terminal()), nl=False)
    shown: int | None = None  # the round whose heading was last shown
    while True:
        base = progress.settled(game)
        scored = score_or_exit(file, base)
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
        board = board_of(
            game, score_or_exit(file, dataclasses.replace(game, record=record))
        )
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
    game = open_or_exit(file, catalog, allow_outside)
    # Scored once as read, so that a record that cannot be scored names its line.
    score_or_exit(file, game)
    try:
        _play(file, game)
    except (_Quit, EOFError, KeyboardInterrupt) as stopped:
        _stopped(file, stopped)
        return
    game = open_or_exit(file, catalog, allow_outside)
    board = board_of(game, score_or_exit(file, settled(game)))
    typer.echo(_("\nThe game is over."))
    sys.stdout.write(scoreboard.render(board, ViewFormat.TEXT, terminal()))


def _stopped(file: Path, stopped: BaseException) -> None:
    """The play stopped before the game ended: say so; every answer is saved (q exits
    0, the end of the input 1, Ctrl-C 130)."""
    if isinstance(stopped, _Quit):
        typer.echo(
            _(
                "\nsaved {file}; `armylist game play {file}` resumes where it stopped"
            ).format(file=file)
        )
    elif isinstance(stopped, EOFError):
        typer.echo(
            _(
                "\ninput ended: every answer is saved in {file}; `armylist game play "
                "{file}` resumes where it stopped"
            ).format(file=file)
        )
        raise typer.Exit(EXIT_INTERRUPTED) from None
    else:
        typer.echo(
            _(
                "\ninterrupted: every answer is saved in {file}; `armylist game play "
                "{file}` resumes where it stopped"
            ).format(file=file)
        )
        raise typer.Exit(EXIT_CTRL_C) from None
