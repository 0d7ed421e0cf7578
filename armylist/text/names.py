"""Name matching: printed names or slug ids, case-insensitive and accent-blind
(`mision` is `Misión`), with suggestions; words typed in either language
(`read_word`); a unit's English plural (`plural_of`)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TypeVar

from armylist.text.i18n import _, every_language, joined

T = TypeVar("T")

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'"})
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


@lru_cache(maxsize=8192)
def slugify(name: str) -> str:
    """The slug id of a printed name: "Barracks (Proxy)" -> "barracks-proxy"; its
    letters without their accents ("Misión" -> "mision")."""
    text = name.translate(_APOSTROPHES).casefold().replace("'", "")
    if not text.isascii():
        decomposed = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _NOT_SLUG.sub("-", text).strip("-")


@lru_cache(maxsize=4096)
def key(name: str) -> str:
    """The key two spellings of one name share (case, apostrophes, spacing)."""
    # Every lookup of a card by name asks; a batch spells the same names again.
    return slugify(name)


# What tables append to a name; a name copied with it is still that name.
TABLE_MARKS = ("(unique)", "(provisional)")


def without_marks(name: str) -> str:
    """A name copied from a table, without "(Unique)" or "(provisional)" after it."""
    text = name.strip()
    while text.casefold().endswith(TABLE_MARKS):
        mark = next(m for m in TABLE_MARKS if text.casefold().endswith(m))
        text = text[: -len(mark)].rstrip()
    return text


def suggest(name: str, choices: Iterable[str], limit: int = 3) -> list[str]:
    """The closest printed names to a misspelt one.

    Names holding every word typed come first ("raptor" finds "Raptor (Zergling)"
    rather than the look-alike "Factory"); without one, names spelt alike.
    """
    options = {slugify(c): c for c in choices}
    wanted = slugify(without_marks(name))
    words = [w for w in wanted.split("-") if w]
    holding = [
        slug
        for slug in options
        if words and all(any(p.startswith(w) for p in slug.split("-")) for w in words)
    ]
    if holding:
        # Shorter names first: "Raptor (Zergling)" before "Kerrigan Swarm Raptor ...";
        # up to a screenful, since none is a better guess than the others.
        holding.sort(key=lambda slug: (not slug.startswith(wanted), len(slug)))
        return [options[c] for c in holding[: limit * 2]]
    # Imported here: difflib (with heapq) is a millisecond of every start, and only a
    # name no card holds is matched.
    import difflib

    close = difflib.get_close_matches(wanted, list(options), n=limit, cutoff=0.6)
    return [options[c] for c in close]


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    """' (did you mean "Marine"?)' or an empty string."""
    return meant(suggest(name, choices))


def meant(close: Sequence[str]) -> str:
    """' (did you mean "Marine" or "Medic"?)' for these suggestions, or ''."""
    if not close:
        return ""
    return _(" (did you mean {names}?)").format(
        names=joined((f'"{c}"' for c in close), "or")
    )


def read_word(typed: str, words: Mapping[T, str]) -> T | None:
    """The thing `typed` names, or None. ``words`` gives for each thing a message
    listing the words for it, comma-separated (`N_("combat, close combat")`): any of
    them in any language armylist speaks is read (`combate`, `cuerpo a cuerpo`), in
    any case and without accents."""
    wanted = key(typed)
    for thing, message in words.items():
        said = ", ".join(every_language(message)).split(",")
        if wanted and wanted in {key(word) for word in said}:
            return thing
    return None


def plural_of(name: str, names: Iterable[str]) -> str | None:
    """The one name of ``names`` that ``name`` is an English plural of ("Marines",
    "Roaches"), as texts about the game write units; None when it is none or several."""
    wanted = key(name)
    stems = {wanted[:-1]} if wanted.endswith("s") else set()
    if wanted.endswith("es"):
        stems.add(wanted[:-2])
    found = {n for n in names if key(n) in stems}
    return found.pop() if len(found) == 1 else None
