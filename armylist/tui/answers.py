"""Reading an answer typed at a menu prompt: a number or a name.

`build` and `draft` number their options and accept a name as well: in any case, with
"(Unique)" or "(provisional)" copied along from a table, and with "did you mean" on a
near miss. The words a prompt takes for yes, no, back or quit are English in every
language, and the run's own language's too (`s`, `volver`, `salir` in Spanish).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from armylist.text import i18n
from armylist.text.i18n import _
from armylist.text.names import did_you_mean, key
from armylist.text.numbers import plain_digits

Meaning = Literal["yes", "no", "cancel", "back", "quit"]

# What a typed word means at a prompt, by language (accents may be left out).
_WORDS: dict[Meaning, dict[str, tuple[str, ...]]] = {
    "yes": {i18n.ENGLISH: ("y", "yes"), i18n.SPANISH: ("s", "si", "sí")},
    "no": {i18n.ENGLISH: ("n", "no"), i18n.SPANISH: ("n", "no")},
    "cancel": {
        i18n.ENGLISH: ("c", "cancel", "back"),
        i18n.SPANISH: ("c", "cancelar", "volver", "atras", "atrás"),
    },
    "back": {
        i18n.ENGLISH: ("q", "back"),
        i18n.SPANISH: ("volver", "atras", "atrás"),
    },
    "quit": {i18n.ENGLISH: ("q", "quit"), i18n.SPANISH: ("salir",)},
}


def means(answer: str, meaning: Meaning) -> bool:
    """Whether a typed word says ``meaning``: in English, or in the run's language."""
    words = _WORDS[meaning]
    accepted = words[i18n.ENGLISH] + words.get(i18n.current(), ())
    return answer.strip().casefold() in accepted


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
        return Answer(None, _("there is no option {number}").format(number=number))
    if not text:
        return Answer(None, _("type a number or a name"))
    for wanted in dict.fromkeys((key(text), key(strip_table_marks(text)))):
        found = [i for i, name in enumerate(names) if key(name) == wanted]
        if found:
            if len(found) > 1:
                return Answer(
                    None,
                    _(
                        "{count} options are called {name}: choose one by its number"
                    ).format(count=len(found), name=names[found[0]]),
                )
            return Answer(found[0])
        if prefix and wanted:
            starts = [i for i, name in enumerate(names) if key(name).startswith(wanted)]
            if len(starts) == 1:
                return Answer(starts[0])
    return Answer(
        None,
        _("no option {answer}{did_you_mean}").format(
            answer=repr(text),
            did_you_mean=did_you_mean(strip_table_marks(text), names),
        ),
    )
