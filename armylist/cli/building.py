"""What `new` and `build` share: the questions at the terminal, the numbered-menu
builder's run, and `--minerals`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import typer

from armylist.cli.exits import fail
from armylist.cli.options import whole_number
from armylist.editing import edits
from armylist.editing.errors import refused_lines
from armylist.editing.words import session_ended
from armylist.findings import EXIT_INVALID
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Scale
from armylist.text.i18n import _, os_reason
from armylist.text.numbers import people
from armylist.tui import prompts


def minerals_option(help_text: str) -> Any:
    """`--minerals N`: an agreed Mineral limit, a whole number of 1 or more."""
    return typer.Option("--minerals", help=help_text, **whole_number(minimum=1))


class TerminalPrompter:
    """The builder's and `new`'s questions at the terminal; EOF ends the session."""

    def say(self, text: str = "") -> None:
        """Print a line of the session."""
        typer.echo(text)

    def ask(self, question: str) -> str:
        """Ask a question; its answer (EOFError when the input ended)."""
        try:
            answer = str(typer.prompt(question, default="", show_default=False))
        except typer.Abort:
            raise EOFError from None
        if not _stdin_is_terminal():
            # A piped answer is not echoed by the terminal: print it after its
            # prompt, so the transcript reads as the session did.
            typer.echo(answer)
        return answer


def _stdin_is_terminal() -> bool:
    return sys.stdin.isatty()


def stdin_is_terminal() -> bool:
    """Whether the questions can be asked: standard input is a terminal."""
    return sys.stdin.isatty()


def build_plain(path: Path, catalog: Catalog) -> None:
    """Build the list in the numbered menus, one question at a time."""
    try:
        session = prompts.Builder(path, catalog, TerminalPrompter())
        outcome = session.run()
    except edits.EditError as error:
        fail(refused_lines(error), error.exit_code)
    except EOFError:
        fail(
            _(
                "the input ended: changes since the last save are not written "
                "({path} holds the last saved list)"
            ).format(path=path),
            EXIT_INVALID,
        )
    except OSError as error:
        fail(
            _("cannot write {path}: {reason}").format(
                path=path, reason=os_reason(error)
            )
        )
    if outcome.overtaken and outcome.changed:
        fail(
            _(
                "{path} changed while it was being built: the changes of this "
                "session were not written"
            ).format(path=path),
            EXIT_INVALID,
        )
    typer.echo(
        session_ended(
            path, written=outcome.written, discarded=outcome.changed, held=outcome.held
        )
    )


def check_minerals(scale: Scale, minerals: int | None) -> None:
    """Exit 2 when `--minerals` does not go with the scale (the `scale` rule's test)."""
    match scale.minerals_problem(minerals):
        case "too-low":
            fail(
                _("{scale} is {least} Minerals or more, not {agreed}").format(
                    scale=scale.name,
                    least=people(scale.minerals_min),
                    agreed=people(minerals or 0),
                )
            )
        case "mismatch":
            fail(
                _(
                    "{scale} is {minerals} Minerals: leave --minerals out, or use "
                    "--scale grand-offensive"
                ).format(scale=scale.name, minerals=people(scale.minerals or 0))
            )
        case "missing" | None:
            # `missing` was asked for, or refused, before: nothing more to say.
            pass
