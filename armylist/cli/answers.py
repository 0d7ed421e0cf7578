"""Reading an answer typed at a menu prompt: a number or a name.

`build` and `draft` number their options and accept a name as well: in any case, with
"(Unique)" or "(provisional)" copied along from a table, and with "did you mean" on a
near miss.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from armylist.names import did_you_mean, key
from armylist.numbers import plain_digits

# What the tables print after a name ("Jim Raynor (Unique)", "Siege Tank  provisional").
_TABLE_MARKS = re.compile(r"\s*\(?\b(unique|provisional)\b\)?\s*$", re.IGNORECASE)


def strip_table_marks(name: str) -> str:
    """A name without the "(Unique)" / "(provisional)" marks a table adds after it."""
    text = name.strip()
    while True:
        cleaner = _TABLE_MARKS.sub("", text)
        if cleaner == text or not cleaner:
            return text
        text = cleaner


@dataclass(frozen=True)
class Answer:
    """The option an answer chose (0-based), or why it chose none."""

    index: int | None
    problem: str = ""


def read_answer(answer: str, names: Sequence[str], *, prefix: bool = False) -> Answer:
    """Match a typed answer to one of ``names``: a number (1-based) or a name.

    With ``prefix``, the start of a name is enough when it fits only one option.
    """
    text = answer.strip()
    number = plain_digits(text)
    if number is not None:
        if 1 <= number <= len(names):
            return Answer(number - 1)
        return Answer(None, f"there is no option {number}")
    if not text:
        return Answer(None, "type a number or a name")
    for wanted in dict.fromkeys((key(text), key(strip_table_marks(text)))):
        found = [i for i, name in enumerate(names) if key(name) == wanted]
        if found:
            if len(found) > 1:
                return Answer(
                    None,
                    f"{len(found)} options are called {names[found[0]]}: "
                    "choose one by its number",
                )
            return Answer(found[0])
        if prefix and wanted:
            starts = [i for i, name in enumerate(names) if key(name).startswith(wanted)]
            if len(starts) == 1:
                return Answer(starts[0])
    return Answer(
        None, f"no option {text!r}{did_you_mean(strip_table_marks(text), names)}"
    )
