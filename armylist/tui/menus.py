"""The numbered menus of the interactive builder: where it writes and reads (a
``Prompter``), a menu's lines, and choosing one by number or by name."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from armylist.text.i18n import N_, _
from armylist.tui.answers import means, read_answer


class Prompter(Protocol):
    """Where the builder writes and reads: a terminal, or a test's script."""

    def say(self, text: str = "") -> None:
        """Print one line (or several)."""

    def ask(self, question: str) -> str:
        """Ask and return the answer; raise EOFError when the input has ended."""


@dataclass(frozen=True)
class Option:
    """One menu line: what it is called (for typing the name) and what it shows."""

    name: str
    label: str


def choose(
    io: Prompter,
    title: str,
    options: Sequence[Option],
    *,
    back: bool = True,
    question: str = N_("Choice"),
) -> int | None:
    """A numbered menu; the index chosen, or None for 'back'. Names work too.

    ``question`` is the English prompt (marked with `N_`): it is asked translated.
    """
    io.say(title)
    width = len(str(len(options)))
    for i, option in enumerate(options, 1):
        io.say(f"  {i:>{width}}  {option.label}")
    if back:
        io.say(f"  {0:>{width}}  " + _("back"))
    names = [o.name for o in options]
    while True:
        answer = io.ask(_(question)).strip()
        if back and (answer in ("0", "") or means(answer, "back")):
            return None
        read = read_answer(answer, names)
        if read.index is not None:
            return read.index
        io.say("  " + retry_hint(read.problem, 0 if back else 1, len(options)))


def retry_hint(problem: str, low: int, high: int) -> str:
    """'there is no option 9; choose a number from 0 to 7'."""
    return _("{problem}; choose a number from {low} to {high}").format(
        problem=problem, low=low, high=high
    )


def entry_marks(unique: bool, provisional: bool, *, taken: bool) -> str:
    """What a menu line says after an entry: `(Unique)`, `(Unique: in the list)`,
    `(provisional)`; a name typed with them still matches."""
    marks = [_("Unique: in the list") if taken else "Unique"] if unique else []
    if provisional:
        marks.append(_("provisional"))
    return f"  ({', '.join(marks)})" if marks else ""
