"""Why an edit was not made: the errors of the editing layer, in a module of their own
so that what only catches them (the full-screen builder's first screen) need not load
the editing layer itself."""

from __future__ import annotations


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
