"""Why an edit was not made: the errors of the editing layer, in a module of their own
so that what only catches them (the full-screen builder's first screen) need not load
the editing layer itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from armylist.text.i18n import _, os_reason

if TYPE_CHECKING:
    from pathlib import Path


class EditError(Exception):
    """An edit that was not made; the file is untouched."""

    exit_code = 2

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


class EditRefused(EditError):
    """The edit is impossible (unknown name, the tag rule, no such composition ...)."""

    exit_code = 2


class Unreadable(EditError):
    """The file is not a list that can be edited (not YAML, not a mapping)."""

    exit_code = 1


def refusal(error: EditError) -> str:
    """'refused: MESSAGE (HINT)': an edit refused, as the builders say it."""
    if error.hint:
        return _("refused: {message} ({hint})").format(
            message=error.message, hint=error.hint
        )
    return _("refused: {message}").format(message=error.message)


def refused_lines(error: EditError) -> str:
    """An edit's refusal, and its hint on a line of its own (as the commands say it)."""
    if not error.hint:
        return error.message
    return error.message + "\n  " + _("hint: {hint}").format(hint=error.hint)


def could_not_save(path: Path, error: OSError) -> str:
    """A save the builders could not make: the session goes on with its changes."""
    return _(
        "could not save {path}: {reason} (your changes are kept; fix that and save "
        "again)"
    ).format(path=path, reason=os_reason(error))
