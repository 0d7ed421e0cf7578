"""THE folder search: the sources named, and every list file under the folders named.

What a folder is searched for is one suffix table; what a source holds is told by its
content, never by its name (`armylist.engine.sniff`).
"""

from __future__ import annotations

import os
from collections.abc import Collection, Iterable, Iterator
from fnmatch import fnmatch
from pathlib import Path
from typing import NamedTuple

from armylist.files.paths import is_dir, resolved
from armylist.files.reading import STDIN

YAML_SUFFIXES = (".yaml", ".yml")
IMPORT_SUFFIXES = (".json", ".ros", ".rosz")
# What a folder is searched for. A `.txt` counts when it holds an SCT1 code; what a
# source holds is told by its content, never by its name (a `.yaml` holding an SCT1
# code is read as one).
SUFFIXES = (*YAML_SUFFIXES, *IMPORT_SUFFIXES, ".txt")


# A named tuple, not a frozen dataclass: building one costs every start ~0.4 ms.
class Entry(NamedTuple):
    """A source to check: a path named (or ``-``), or a file a folder search found."""

    path: Path
    found: bool = False


def discover(
    paths: Iterable[Path | str],
    *,
    exclude: Collection[str] = (),
    skip: Iterable[Path] = (),
) -> list[Entry]:
    """THE folder search: the sources named, and every file under the folders named
    with one of the suffixes of `SUFFIXES`, in path order.

    ``exclude`` globs leave out a file whose path or name they match (`old/*`,
    `*.draft.yaml`); ``skip`` names files to leave out (the event file beside the
    submissions, the summary being written). A pipe or a socket with a list's name is
    a source too, so it gets the finding it gets when named; symlinked folders are not
    followed (no loops), and a folder nested a thousand deep is walked without
    recursion.
    """
    skipped = {resolved(p) for p in skip}

    def wanted(path: Path) -> bool:
        if not exclude:
            return True
        text = path.as_posix()
        return not any(
            fnmatch(text, glob) or fnmatch(path.name, glob) or path.match(glob)
            for glob in exclude
        )

    entries: list[Entry] = []
    for given in paths:
        path = Path(given)
        if str(given) != STDIN and is_dir(path):
            entries.extend(
                Entry(p, found=True)
                # In path order, as Path sorts; by a key, not a comparison of two
                # Paths at a time (which rebuilds their parts every time).
                for p in sorted(_walk(path), key=_parts)
                if p.suffix.lower() in SUFFIXES
                # the editor schema `armylist schema` writes beside lists is no list
                and not p.name.lower().endswith(".schema.json")
                and wanted(p)
                and not (skipped and resolved(p) in skipped)
            )
        elif wanted(path):
            entries.append(Entry(path))
    return entries


def _parts(path: Path) -> tuple[str, ...]:
    # What Path compares: its parts, in lower case where the system ignores case.
    return tuple(map(os.path.normcase, path.parts))


def _walk(folder: Path) -> Iterator[Path]:
    """Every entry under a folder that is not itself a folder, depth first, with a
    stack of its own (a deep tree is no RecursionError); unreadable folders are
    skipped."""
    stack = [folder]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as found:
                entries = list(found)
        except OSError:
            continue
        for entry in entries:
            try:
                is_folder = entry.is_dir(follow_symlinks=False)
                if not is_folder and entry.is_symlink():
                    is_folder = entry.is_dir()  # a link to a folder is not followed
                    if is_folder:
                        continue
            except OSError:
                is_folder = False
            if is_folder:
                stack.append(Path(entry.path))
            else:
                yield Path(entry.path)
