"""Name matching: printed names or slug ids, case-insensitive, with suggestions."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from functools import lru_cache

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'"})
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


@lru_cache(maxsize=8192)
def slugify(name: str) -> str:
    """The slug id of a printed name: "Barracks (Proxy)" -> "barracks-proxy"."""
    text = name.translate(_APOSTROPHES).casefold().replace("'", "")
    return _NOT_SLUG.sub("-", text).strip("-")


def key(name: str) -> str:
    """The key two spellings of one name share (case, apostrophes, spacing)."""
    return slugify(name)


def suggest(name: str, choices: Iterable[str], limit: int = 3) -> list[str]:
    """The closest printed names to a misspelt one."""
    options = {slugify(c): c for c in choices}
    close = difflib.get_close_matches(slugify(name), list(options), n=limit, cutoff=0.6)
    return [options[c] for c in close]


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    """' (did you mean "Marine"?)' or an empty string."""
    close = suggest(name, choices)
    if not close:
        return ""
    return " (did you mean " + " or ".join(f'"{c}"' for c in close) + "?)"
